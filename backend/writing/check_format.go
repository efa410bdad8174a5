package writing

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Format errors: what in a piece of copy's form a site or a guest would
// not accept. Each error names the character (as a code point when it
// cannot be seen) or the words.
var (
	ErrTooShort    = errors.New("too short")
	ErrLineBreak   = errors.New("breaks the line")
	ErrInvisible   = errors.New("contains an invisible or control character")
	ErrSymbol      = errors.New("contains a symbol")
	ErrMarkup      = errors.New("contains markup")
	ErrInstruction = errors.New("contains instruction-like text")
	ErrRefusal     = errors.New("reads as a model declining to write")
	ErrTemplate    = errors.New("contains a template placeholder left unfilled")
)

// TitleMin is the shortest title l's site accepts: Airbnb 8, Vrbo 20;
// Booking.com publishes none (0).
func TitleMin(l *listing.Listing) int { return analysis.RulesFor(l).TitleMin }

// formatFacts are what the format checks read of the listing: the site's
// title limits.
type formatFacts struct{ titleMin, titleMax int }

func newFormatFacts(req Request) formatFacts {
	return formatFacts{titleMin: TitleMin(req.Listing), titleMax: TitleLimit(req.Listing)}
}

// checkFormat checks the form of s: a title on one line within the
// site's minimum and maximum, other copy within MaxDescription; no
// invisible or control characters, emoji, markup, instruction-like text,
// decorative symbols, words in capitals, or contact details and links.
func (v *validator) checkFormat(s string, p Part) error {
	n := prose.Length(s)
	switch p {
	case PartKindTitle:
		if i := strings.IndexAny(s, "\n\r\t\u2028\u2029"); i >= 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return fmt.Errorf("%w: a title is one line (%U)", ErrLineBreak, r)
		}
		if n > v.format.titleMax {
			return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, n, v.format.titleMax)
		}
		if n < v.format.titleMin {
			return fmt.Errorf("%w: %d characters, %s's minimum is %d", ErrTooShort, n, analysis.RulesFor(v.req.Listing).Name, v.format.titleMin)
		}
	default:
		if n > MaxDescription {
			return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, n, MaxDescription)
		}
	}
	if rs := analysis.Invisible(s); len(rs) > 0 {
		return fmt.Errorf("%w: %s", ErrInvisible, codePoints(rs))
	}
	if e := prose.Emoji(s); len(e) > 0 {
		return fmt.Errorf("%w: %s", ErrEmoji, strings.Join(e, " "))
	}
	// Instructions first ("[INST]" looks like a slot too), then a
	// placeholder before markup: "<placeholder>" is a tag too, but the
	// leftover template is what went wrong.
	if m := instruction(s); m != "" {
		return fmt.Errorf("%w: %q", ErrInstruction, m)
	}
	if m := templateLeftover(s); m != "" {
		return fmt.Errorf("%w: %q", ErrTemplate, m)
	}
	if m := markup(s); m != "" {
		return fmt.Errorf("%w: %q", ErrMarkup, m)
	}
	if m := refusal(s); m != "" {
		return fmt.Errorf("%w: %q", ErrRefusal, m)
	}
	if rs := symbols(s, p); len(rs) > 0 {
		var q []string
		for _, r := range rs {
			q = append(q, fmt.Sprintf("%q (%U)", r, r))
		}
		return fmt.Errorf("%w: %s", ErrSymbol, strings.Join(q, ", "))
	}
	if c := analysis.CapsWords(s); len(c) > 0 && !allInSource(c, v.req.Listing, p) {
		return fmt.Errorf("%w: %s", ErrCaps, strings.Join(c, ", "))
	}
	if cs := append(analysis.ContactMatches(s), socialHandles(s)...); len(cs) > 0 {
		var q []string
		for _, c := range cs {
			q = append(q, fmt.Sprintf("%s %q", c.Kind, c.Text))
		}
		return fmt.Errorf("%w: %s", ErrContact, strings.Join(q, ", "))
	}
	return nil
}

var (
	// reTemplate is a template's slot left unfilled: {{name}}, {% if %},
	// ${city}, <placeholder>, <<TITLE>>, [TITLE], [insert …], [your …],
	// printf's %s, "lorem ipsum".
	reTemplate = regexp.MustCompile(`\{\{[^{}\n]*\}\}|\{%[^\n]*?%\}|\$\{[^{}\n]*\}|<<[^<>\n]{1,40}>>|` +
		`(?i:<\s*(?:placeholder|insert|your|title|description|name|city|amenit(?:y|ies))\b[^<>\n]{0,40}>)|` +
		`\[\s*(?:[A-Z][A-Z0-9 _-]{2,}|(?i:insert|your|placeholder|add|enter|todo)\b[^\]\n]*)\]|(?:^|[^\p{L}\p{N}%])%[sdvq]\b|(?i:lorem ipsum)`)
	// reRefusal is a model declining or apologising instead of writing
	// copy, read in prose.Words form (lower case, accents folded, an
	// apostrophe closed up: "can't" is "cant"): the opening words of a refusal in each copy language.
	reRefusal = regexp.MustCompile(`\b(?:im sorry but|i am sorry but|sorry i cant|sorry i cannot|i cannot|i cant (?:help|assist|write|provide|create|do that|fulfil|fulfill|comply)|im unable to|i am unable to|i wont be able to|im not able to|i am not able to|` +
		`(?:desculpe|lamento|sinto muito)(?: mas)? (?:nao posso|nao consigo)|nao posso (?:ajudar|escrever|criar)|` +
		`lo siento(?: pero)? no (?:puedo|es posible)|no puedo (?:ayudar|escribir|crear)|` +
		`mi dispiace(?: ma)? non (?:posso|riesco)|non posso (?:aiutare|scrivere|creare)|` +
		`(?:je suis )?desole(?:e)?(?: mais)? je ne (?:peux|suis pas en mesure)|je ne peux pas (?:aider|ecrire|creer)|` +
		`es tut mir leid(?: aber)? ich (?:kann|darf)|leider kann ich (?:nicht|keine|keinen)|ich kann (?:dabei )?nicht (?:helfen|schreiben))\b`)
	// reRefusalCJK: refusals in scripts prose.Words keeps as one run.
	reRefusalCJK = regexp.MustCompile(`申し訳ありません|申し訳ございません|抱歉|对不起|죄송합니다`)
	// reSocial is a social network's handle named by the network ("IG
	// alfama.loft", "insta: @alfama", "TikTok alfama_loft") or an
	// invitation to follow one ("follow us on…", "siga-nos no…").
	reSocial = regexp.MustCompile(`(?i)\b(?:ig|insta|instagram|tiktok|tik tok|fb|facebook|twitter|threads|youtube|pinterest)\b\s*[:@-]?\s*@?[\p{L}\p{N}_]+(?:[._][\p{L}\p{N}_]+)+|` +
		`(?i)\b(?:ig|insta|tiktok)\s*[:@]\s*@?[\p{L}\p{N}_.]{3,}|` +
		`(?i)\b(?:follow us|follow me|find us|siga-nos|sigam-nos|nos siga|síguenos|siguenos|seguici|seguiteci|suivez-nous|folge uns|folgt uns)\b[^.\n]{0,20}\b(?:on|at|no|na|en|su|sur|auf|in)\b`)
)

// templateLeftover returns the first unfilled template slot in s, or "".
func templateLeftover(s string) string {
	// Every slot holds one of these characters, or is "lorem ipsum": most
	// copy holds none, and is passed without running the expression.
	if !strings.ContainsAny(s, "{<[%") && !strings.Contains(strings.ToLower(s), "lorem") {
		return ""
	}
	return strings.TrimSpace(reTemplate.FindString(s))
}

// refusal returns the words of a model declining to write, or "".
func refusal(s string) string {
	if hasNonASCII(s) {
		if m := reRefusalCJK.FindString(s); m != "" {
			return m
		}
	}
	if !mayRefuse(s) {
		return ""
	}
	return reRefusal.FindString(strings.Join(prose.Words(s), " "))
}

// refusalWords are words (prose.Words form) every refusal reRefusal
// knows holds one of: copy with none of them is no refusal, and the
// expression is not run over it.
var refusalWords = wordSet(`sorry cannot cant unable wont able desculpe lamento sinto posso consigo siento puedo dispiace
	riesco desole desolee peux leid leider kann`)

// socialWords are the words every match of reSocial holds one of.
var socialWords = wordSet(`ig insta instagram tiktok tik fb facebook twitter threads youtube pinterest follow find siga sigam
	nos siguenos seguici seguiteci suivez folge folgt`)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

func mayRefuse(s string) bool { return anyWordIn(prose.Words(s), refusalWords) }

func anyWordIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// socialHandles are the social network handles in s the contact check
// (analysis.ContactMatches) does not name: a handle without "@" after
// the network's name, an invitation to follow.
func socialHandles(s string) []analysis.ContactMatch {
	if !anyWordIn(prose.Words(s), socialWords) {
		return nil
	}
	var out []analysis.ContactMatch
	for _, m := range reSocial.FindAllString(s, -1) {
		out = append(out, analysis.ContactMatch{Kind: "social handle", Text: strings.TrimSpace(m)})
	}
	return out
}

func codePoints(rs []rune) string {
	var q []string
	for _, r := range rs {
		q = append(q, fmt.Sprintf("%U", r))
	}
	return strings.Join(q, ", ")
}

// symbols are s's decorative symbols (analysis.IsSymbol); a bullet (•)
// lists things in running text but only decorates a title, which lists
// nothing.
func symbols(s string, p Part) []rune {
	rs := slices.DeleteFunc(analysis.Symbols(s), cjkText)
	if p == PartKindTitle && strings.ContainsRune(s, '•') {
		rs = append(rs, '•')
	}
	return rs
}

// cjkText reports the characters Chinese and Japanese text is written
// with that are no decoration: full-width digits and letters ("最大５名"),
// the ideographic comma and stop, brackets, the middle dot and the wave
// dash ("15:00～20:00").
func cjkText(r rune) bool {
	return unicode.Is(unicode.Nd, r) || (r >= 0x3000 && r <= 0x303F) || (r >= 0xFF01 && r <= 0xFF5E) || r == 0x30FB || r == 0x30FC
}

var (
	// reTag is an HTML or XML tag, a comment or a doctype; reOpenTag a
	// known tag left open ("<script src=").
	reTag     = regexp.MustCompile(`(?i)<\s*/?\s*[a-z][a-z0-9:-]*(?:\s[^<>]*)?/?\s*>|<!--|<!doctype`)
	reOpenTag = regexp.MustCompile(`(?i)<\s*/?\s*(?:script|style|iframe|a|b|i|u|p|br|hr|div|span|img|strong|em|h[1-6]|ul|ol|li|table|tr|td|font|meta|link|svg|object|embed|form|input|button)\b`)
	// reEntity is an HTML entity: &amp; &nbsp; &#39; &#x27;.
	reEntity = regexp.MustCompile(`&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)
	// Markdown and BBCode: **bold**, __bold__, ~~struck~~, *em*, _em_,
	// `code`, a heading's # at a line's start, [text](url), [b]…[/b]. The
	// same expressions find markup in copy and take it out of the host's
	// text (withoutMarkup), keeping the words they capture.
	reMDLeadHeading = regexp.MustCompile(`(?m)^([ \t]*)\*\*([^*\n]{1,40}?)\*\*[ \t]+(\S)`)
	reMDStrong      = regexp.MustCompile(`\*\*([^*\n]*[^*\s])\*\*|__([^_\n]*[^_\s])__|~~([^~\n]+)~~`)
	reMDStar        = regexp.MustCompile(`(^|[\s(])\*([^\s*][^*\n]*[^\s*])\*($|[\s.,;:!?)])`)
	reMDUnder       = regexp.MustCompile(`(^|[\s(])_([^\s_][^_\n]*[^\s_])_($|[\s.,;:!?)])`)
	reMDCode        = regexp.MustCompile("```|`([^`\n]+)`")
	reMDHeading     = regexp.MustCompile(`(?m)^[ \t]{0,3}#{1,6}[ \t]+(\S)`)
	reMDLink        = regexp.MustCompile(`!\[[^\]\n]*\]\([^)\n]*\)|\[([^\]\n]*)\]\([^)\n]*\)`)
	reBBCode        = regexp.MustCompile(`(?i)\[/?(?:b|i|u|url|img|size|color|quote)(?:=[^\]\n]*)?\]`)
	// reMarkup: each expression with the characters every match of it holds.
	reMarkup = []struct {
		re    *regexp.Regexp
		needs string
	}{{reTag, "<"}, {reOpenTag, "<"}, {reMDStrong, "*_~"}, {reMDStar, "*"}, {reMDUnder, "_"}, {reMDCode, "`"}, {reMDHeading, "#"}, {reMDLink, "["}, {reBBCode, "["}}
)

// markup returns the first markup in s — a tag, an entity, Markdown or
// BBCode — or "". Copy is pasted as plain text: a site shows "<b>" and
// "&amp;" as written.
func markup(s string) string {
	if strings.Contains(s, "&") {
		for _, m := range reEntity.FindAllString(s, -1) {
			if html.UnescapeString(m) != m { // "&amp;", not "&A0;"
				return m
			}
		}
	}
	for _, g := range reMarkup {
		// Each form of markup holds one of its characters: copy without
		// them is not run through the expression.
		if !strings.ContainsAny(s, g.needs) {
			continue
		}
		if m := g.re.FindString(s); m != "" {
			return strings.TrimSpace(m)
		}
	}
	return ""
}

// instruction returns the first instruction-like words in s (a prompt
// injection or a model speaking of itself), or "": the rule the host's
// text is read with (InstructionLike), so copy that repeats an injected
// line is refused by the same words that strip it from the prompt.
func instruction(s string) string { return instructionMatch(s) }

var (
	reScript           = regexp.MustCompile(`(?is)<\s*script\b.*?<\s*/\s*script\s*>|<\s*style\b.*?<\s*/\s*style\s*>`)
	reBlockTag         = regexp.MustCompile(`(?i)<\s*/?\s*(?:br|p|div|li|ul|ol|h[1-6]|tr|table)\b[^<>]*>`)
	reAccentApostrophe = regexp.MustCompile("(\\pL)[`´](\\pL)")
)

// plainHostText is the host's text as plain text for the built-in
// writer, which copies the host's sentences into paste-ready copy: HTML
// entities read ("&amp;" → "&"), tags and scripts removed (a block's tag
// ends a line), Markdown and BBCode marks removed with their words kept
// ("**Convenience**" → "Convenience", "[site](url)" → "site"),
// invisible characters and decorative symbols removed ("Nespresso®" →
// "Nespresso"), and sentences that speak to a language model left out —
// what checkFormat rejects, so the host's harmless text passes it.
func plainHostText(s string) string {
	// Taking one mark out can make another ("<<b>b>", "&amp;lt;"): read
	// again until nothing changes.
	for i := 0; i < 8; i++ {
		next := withoutInstructions(plainChars(withoutMarkup(s)))
		if next == s {
			break
		}
		s = next
	}
	return s
}

func withoutMarkup(s string) string {
	// Each expression below needs one of the characters it is guarded by:
	// most paragraphs hold none and are passed over without a scan.
	has := func(chars string) bool { return strings.ContainsAny(s, chars) }
	if has("&") && reEntity.MatchString(s) {
		s = html.UnescapeString(s)
	}
	if has("`´") {
		s = reAccentApostrophe.ReplaceAllString(s, "$1’$2") // "don`t": an apostrophe typed as an accent, not code
	}
	if has("<") {
		s = reScript.ReplaceAllString(s, "")
		s = reBlockTag.ReplaceAllString(s, "\n")
		s = reTag.ReplaceAllString(s, "")
		s = reOpenTag.ReplaceAllStringFunc(s, func(m string) string { return strings.TrimLeft(m, "<") })
	}
	if has("[") {
		s = reMDLink.ReplaceAllString(s, "$1")
	}
	if has("*") {
		// A bold phrase opening a line is the host's lead-in ("**Convenience**
		// One of the few condos…"): without its bold it needs a colon, or it
		// runs into the sentence ("Convenience One of…").
		s = reMDLeadHeading.ReplaceAllStringFunc(s, func(m string) string {
			g := reMDLeadHeading.FindStringSubmatch(m)
			if strings.ContainsAny(g[2][len(g[2])-1:], ":.!?") {
				return g[1] + g[2] + " " + g[3]
			}
			return g[1] + g[2] + ": " + g[3]
		})
	}
	for _, r := range markdownKept {
		if has(r.needs) {
			s = r.re.ReplaceAllString(s, r.keep)
		}
	}
	return s
}

// markdownKept are the Markdown and BBCode forms withoutMarkup takes out,
// in order, each with the characters it needs and what of it is kept.
var markdownKept = []struct {
	needs string
	re    *regexp.Regexp
	keep  string
}{
	{"*_~", reMDStrong, "$1$2$3"}, {"*", reMDStar, "$1$2$3"}, {"_", reMDUnder, "$1$2$3"},
	{"`", reMDCode, "$1"}, {"#", reMDHeading, "$1"}, {"[", reBBCode, ""},
}

// plainChars drops invisible characters and decorative symbols: "beach→5
// min" keeps its words apart, "Nespresso®," closes up.
func plainChars(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\t':
			b.WriteRune(' ')
		case r == '㎡':
			b.WriteString("m²")
		case analysis.IsInvisible(r):
		case analysis.IsSymbol(r) && !prose.IsEmoji(r):
			if i > 0 && i+1 < len(rs) && isWordRune(rs[i-1]) && isWordRune(rs[i+1]) {
				b.WriteRune(' ')
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutInstructions leaves out the sentences that speak to a language
// model (StripInstructions).
func withoutInstructions(s string) string {
	kept, _ := StripInstructions(s)
	return kept
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

package writing

// The host's own description, read into the pieces the built-in writer
// may keep: each sentence exactly as the host wrote it (a host pastes it
// back over their own words, so one changed byte is a corruption), the
// section it is about, and why it may not be kept when it may not. A list
// the host wrote ("Quarto 1 / ar condicionado / 1 cama de casal") is read
// as a label and its items, which the writer states as one sentence.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// hostUnit is one sentence of the host's, or one line the host wrote on
// its own (a label, a list item that is no list).
type hostUnit struct {
	text    string // as the host wrote it; a line the page wrapped is joined with a space
	section string // an analysis.DescriptionSections key or introKey
	para    int    // the host's paragraph, to keep its sentences together
	line    bool   // a line of its own: kept on its own line
	why     string // why it may not be kept; "" when it may
}

// hostList is a list the host wrote: a label and its items.
type hostList struct {
	label   string
	items   []string
	section string
	para    int
	why     string
	lines   []string // as written, for a note when it is not stated
}

// Why a host sentence is not kept, for the note that says so.
const (
	whyOther        = "it describes another property, not this listing"
	whyInstruction  = "it reads as an instruction to a writer, not a description"
	whyContact      = "it has contact details, which no site allows"
	whyRegistration = "it is the registration number, which the site shows on its own"
	whyFormat       = "it has emoji, symbols, markup or capitals the site would not show as written, and your words are never changed"
	whyLanguage     = "it is in another language than the copy, which is in one language"
	whyRoom         = "the optimized description states your facts in sentences of its own and keeps at most as many of yours; these stay yours to add back"
	whyUnchecked    = "it could not be stated as copy the fact checker passes"
)

// hostPieces reads the host's description (see the file comment). lang is
// the description's language, copyLang the copy's: a sentence in another
// language than the copy's is not kept.
func hostPieces(l *listing.Listing, lang, copyLang string) ([]hostUnit, []hostList) {
	key := pieceKey{l.Description, l.Language.Code(), lang, copyLang}
	if p, ok := pieces.get(key); ok {
		return p.units, p.lists
	}
	units, lists := readPieces(l, lang, copyLang)
	pieces.put(key, piecesRead{units, lists})
	return units, lists
}

// readPieces is hostPieces without the cache.
func readPieces(l *listing.Listing, lang, copyLang string) ([]hostUnit, []hostList) {
	var units []hostUnit
	var lists []hostList
	heading, label := "", ""
	intro, introWords := true, 0
	for pi, para := range strings.Split(strings.ReplaceAll(l.Description, "\r", ""), "\n\n") {
		if t := strings.TrimSpace(para); !strings.Contains(t, "\n") && strings.HasSuffix(t, ":") && !runningText(t) {
			if _, h := analysis.HeadingSection(lang, t); !h {
				label = t // a list's label with its items in the next paragraph
				continue
			}
		}
		other := OtherPropertyParagraph(para)
		// instr is whether the line s is on reads as an instruction: it is
		// read once a line (the slowest of the checks), never a sentence.
		reason := func(s string, instr bool) string {
			if other {
				return whyOther
			}
			return unitWhy(s, copyLang, instr)
		}
		quoteForeign := copyLang == "en" && !l.Language.IsEnglish()
		// Markup and decorative symbols are the page's formatting, not the
		// host's words: a sentence is kept as plain text ("**Convenience**"
		// → "Convenience:"), its words and characters as written.
		para = plainPara(para)
		place := func(text string) string {
			return placeUnit(text, pi, heading, lang, intro && introWords < 60, units)
		}
		var run []string
		if label != "" {
			run, label = []string{label}, ""
		}
		flush := func() {
			if label, items, ok := listShape(run, lang); ok {
				hl := hostList{label: label, items: items, section: place(strings.Join(run, "\n")), para: pi, lines: run}
				if other {
					hl.why = whyOther
				} else if slices.ContainsFunc(run, InstructionLike) {
					hl.why = whyInstruction
				}
				lists = append(lists, hl)
				introWords += prose.WordCount(strings.Join(run, " "))
			} else {
				for _, line := range joinContinued(run) {
					units = append(units, hostUnit{text: line, section: place(line), para: pi, line: true, why: reason(line, InstructionLike(line))})
					introWords += prose.WordCount(line)
				}
			}
			run = nil
		}
		any := false
		for _, line := range strings.Split(joinWrapped(para), "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			if key, ok := analysis.HeadingSection(lang, line); ok {
				flush()
				heading, intro = key, false
				continue
			}
			any = true
			if n := len(run); n > 0 && runningText(line) && continuesLine(run[n-1], line) {
				// "Somente pessoas incluídas na" / "reserva podem acessar a
				// casa.": one sentence the page wrapped, never two lines (a
				// list's items end no sentence: they stay its items)
				line, run = run[n-1]+" "+line, run[:n-1]
			}
			if !runningText(line) {
				run = append(run, line)
				continue
			}
			flush()
			// A line with an instruction in it is untrusted as a whole, as
			// the fact sheet reads it: none of its sentences is a fact.
			tainted := InstructionLike(line)
			for _, s := range prose.Sentences(line) {
				if r, _ := utf8.DecodeRuneInString(s); unicode.IsLower(r) && len(units) > 0 && units[len(units)-1].para == pi && !units[len(units)-1].line {
					// "(M3 – Lodi T.I.B.B.) e tram.": the rest of the
					// sentence before, cut at an abbreviation's stop
					u := &units[len(units)-1]
					u.text += " " + s
					u.why = reason(u.text, tainted)
					continue
				}
				u := hostUnit{text: s, section: place(s), para: pi, why: reason(s, tainted)}
				if u.why == whyLanguage && quoteForeign && inCopyLanguage(s, l.Language.Code()) {
					// English copy of a listing in a language we write no
					// copy in quotes the host's own sentences.
					u.text, u.why = quote(s), ""
				}
				units = append(units, u)
				introWords += prose.WordCount(s)
			}
		}
		flush()
		if any {
			intro = false
		}
	}
	return units, lists
}

// unitWhy is why one host sentence may not be kept, "" when it may. instr
// is whether its line reads as an instruction (InstructionLike): a line
// with one is untrusted as a whole, as the fact sheet reads it.
func unitWhy(s, copyLang string, instr bool) string {
	switch {
	case instr:
		return whyInstruction
	case strings.TrimSpace(s) == "":
		return whyInstruction
	case len(analysis.ContactDetails(s)) > 0:
		return whyContact
	case registrationLine(s):
		return whyRegistration
	case strings.ContainsFunc(s, prose.IsEmoji) || len(capsShouting(s)) > 0:
		return whyFormat
	case !inCopyLanguage(s, copyLang):
		return whyLanguage
	}
	return ""
}

// capsShouting are the words of s in capitals that are no code or
// abbreviation a site keeps ("AMAZING"; not "TV", "M3").
func capsShouting(s string) []string {
	var out []string
	for _, w := range analysis.CapsWords(s) {
		if !strings.ContainsAny(w, "0123456789") && !textcase.Acronym(w) {
			out = append(out, w)
		}
	}
	return out
}

// inCopyLanguage reports whether a line of text reads as the copy's
// language, line by line as the report's language check reads it.
func inCopyLanguage(s, copyLang string) bool {
	return prose.Detect(copyLang, unquoted(s)) == copyLang
}

// listShape reads a run of short lines as a label and its items
// ("Cozinha completa" / "geladeira duplex" / "micro-ondas"): a label of a
// few words or one ending in a colon, then items of a few words each that
// end no sentence; a run of items alone when its lines all start alike
// with a capital or a digit ("Banheiro privativo" / "Varanda privativa").
// ok is false for any other run.
func listShape(run []string, lang string) (label string, items []string, ok bool) {
	if len(run) < 2 {
		return "", nil, false
	}
	label = run[0]
	colon := strings.HasSuffix(label, ":")
	if !colon && (len(run) < 3 || prose.WordCount(label) > 6) {
		return "", nil, false
	}
	if !colon && capitalStart(run) {
		label, run = "", append([]string{""}, run...)
	}
	for i, it := range run[1:] {
		it = strings.TrimSpace(strings.TrimLeft(it, "•·-–—*▪◦ "))
		if it == "" || prose.WordCount(it) > 8 || strings.ContainsAny(it[len(it)-1:], ".!?:") {
			return "", nil, false
		}
		if i > 0 || label != "" {
			it = inSentence(it, lang) // inside a sentence: "…, varanda privativa"
		}
		items = append(items, it)
	}
	return strings.TrimSpace(strings.TrimSuffix(label, ":")), items, true
}

// capitalStart reports whether every line starts with a capital letter
// or a digit: a list of items, none of them a label.
func capitalStart(lines []string) bool {
	for _, l := range lines {
		r, _ := utf8.DecodeRuneInString(strings.TrimLeft(l, "•·-–—*▪◦ "))
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// hostUnits are the host's sentences the built-in writer may keep, as it
// reads them (no headings, no contact details, registration codes or
// lines about another property).
func hostUnits(desc, lang string) []hostUnit {
	units, _ := hostPieces(&listing.Listing{Description: desc, Language: prose.Lang(lang)}, lang, lang)
	out := units[:0:0]
	for _, u := range units {
		if u.why == "" {
			out = append(out, u)
		}
	}
	return out
}

// joinContinued joins a line that starts with a small letter to the line
// before when that one ends no sentence: the page wrapped one sentence
// ("Somente pessoas incluídas na" / "reserva podem acessar a casa.").
func joinContinued(lines []string) []string {
	var out []string
	for _, l := range lines {
		if n := len(out); n > 0 && continuesLine(out[n-1], l) {
			out[n-1] += " " + l
			continue
		}
		out = append(out, l)
	}
	return out
}

// plainPara is a paragraph of the host's without the page's markup,
// entities, invisible characters and decorative symbols ("<b>Bright</b>
// … river&nbsp;&amp; the 28 tram" → "Bright … river & the 28 tram"). Its
// instruction-like sentences stay for hostPieces to name in a note. The
// paragraph is returned as written when taking the marks out would take
// out a letter or digit that is no markup's ("寝室：２名" keeps its
// full-width digits).
func plainPara(para string) string {
	unmarked, plain := para, para
	for i := 0; i < 8; i++ { // one mark's removal can make another ("<<b>b>")
		next := withoutMarkup(unmarked)
		if next == unmarked {
			break
		}
		unmarked = next
	}
	for i := 0; i < 8; i++ {
		next := plainChars(withoutMarkup(plain))
		if next == plain {
			break
		}
		plain = next
	}
	if !sameWords(plain, unmarked) {
		return para
	}
	// A space the page wrote as "&nbsp;", or left where a symbol was, is
	// one plain space.
	lines := strings.Split(plain, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// sameWords reports whether two texts have the same letters and digits in
// the same order: taking markup out never takes out a character of the
// host's words ("寝室：２名" keeps its full-width digits).
func sameWords(a, b string) bool {
	keep := func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}
	return strings.Map(keep, a) == strings.Map(keep, b)
}

package pdfreport

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// rgb is a colour.
type rgb struct{ r, g, b int }

// The palette follows the web app: indigo is the brand colour ("brand" in
// the front end's CSS), slate the greys; red, yellow and green are SPEC's
// HIGH, MEDIUM and other priority badges.
var (
	brand50   = rgb{238, 242, 255}
	brand100  = rgb{224, 231, 255}
	brand200  = rgb{199, 210, 254}
	brand600  = rgb{79, 70, 229}
	brand700  = rgb{67, 56, 202}
	brand900  = rgb{49, 46, 129}
	slate50   = rgb{248, 250, 252}
	slate100  = rgb{241, 245, 249}
	slate200  = rgb{226, 232, 240}
	slate300  = rgb{203, 213, 225}
	slate400  = rgb{148, 163, 184}
	slate500  = rgb{100, 116, 139}
	slate600  = rgb{71, 85, 105}
	slate700  = rgb{51, 65, 85}
	slate900  = rgb{15, 23, 42}
	white     = rgb{255, 255, 255}
	red600    = rgb{220, 38, 38}
	red50     = rgb{254, 242, 242}
	yellow400 = rgb{250, 204, 21}
	yellow900 = rgb{113, 63, 18}
	amber500  = rgb{245, 158, 11}
	amber700  = rgb{180, 83, 9}
	green600  = rgb{22, 163, 74}
	// A re-check's progress and changes, as the web's comparison shows them.
	green200 = rgb{187, 247, 208}
	green700 = rgb{21, 128, 61}
	green800 = rgb{22, 101, 52}
	amber200 = rgb{253, 230, 138}
	amber900 = rgb{120, 53, 15}
	red700   = rgb{185, 28, 28}
)

// style is how a run of text is drawn: size in points.
type style struct {
	size  float64
	bold  bool
	color rgb
}

var (
	body  = style{size: 9.5, color: slate700}
	small = style{size: 8.5, color: slate600}
	muted = style{size: 8, color: slate500}
	// whySt is an action's or finding's evidence line: small and grey.
	whySt   = style{size: 7.5, color: slate500}
	strong  = style{size: 9.5, bold: true, color: slate900}
	label   = style{size: 8, bold: true, color: slate500}
	subhead = style{size: 11, bold: true, color: slate900}
)

// lineHeight is the distance between baselines, in millimetres.
func (s style) lineHeight() float64 { return s.size * 1.38 * 25.4 / 72 }

const ptToMM = 25.4 / 72

// clean makes text drawable: canonical composition (so "e" + combining
// acute becomes "é", one glyph), "\n" line ends, tabs and other spaces as
// plain spaces, control and invisible format characters removed, and "□"
// for any character no embedded font has. Text is never interpreted: what
// a model wrote is drawn exactly as these characters.
func (d *doc) clean(s string) string {
	if s == "" {
		return ""
	}
	s = norm.NFC.String(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	dropped := false
	for _, r := range s {
		switch {
		case r == '\r' || r == '\v' || r == '\f' || r == '\u2028' || r == '\u2029' || r == '\u0085':
			b.WriteByte('\n')
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError:
			b.WriteRune(missingGlyph)
		case dropRune(r):
		case isBreakSpace(r) && r != ' ':
			b.WriteByte(' ')
		default:
			if _, ok := glyphFace(r, false, &d.cv); !ok {
				if isPictograph(r) {
					// No embedded font draws colour emoji: left out, not
					// printed as "□" (a host's "🌊" is not a missing letter).
					dropped = true
					continue
				}
				r = missingGlyph
			}
			b.WriteRune(r)
		}
	}
	if dropped {
		return tidyDropped(b.String())
	}
	return b.String()
}

// isPictograph reports whether r is an emoji or pictographic symbol (the
// blocks of Miscellaneous Symbols, Dingbats and the emoji planes).
func isPictograph(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r >= 0x2B00 && r <= 0x2BFF
}

// emptyAfterDrop are what a sentence quoting only emoji keeps of them.
var emptyAfterDrop = strings.NewReplacer(" ()", "", "()", "", " ( )", "", " ,", ",", " .", ".", " ;", ";", " :", ":", " !", "!")

// tidyDropped mends the spacing left where emoji were dropped: "pool 🌊."
// is "pool.", "uses emoji (🌊);" is "uses emoji;".
func tidyDropped(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		for strings.Contains(l, "  ") {
			l = strings.ReplaceAll(l, "  ", " ")
		}
		lines[i] = strings.TrimRight(emptyAfterDrop.Replace(l), " ")
	}
	return strings.Join(lines, "\n")
}

// isBreakSpace reports whether a line may break at r (no-break spaces are
// kept together with their neighbours).
func isBreakSpace(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u2007' && r != '\u202f' && r != '\n'
}

// isCJK reports whether r is written without spaces between words, so a
// line may break before or after it.
func isCJK(r rune) bool {
	if r < 0x1100 { // below Hangul Jamo: no such script
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF)
}

// noLineStart reports whether r must not begin a line: closing
// punctuation, Latin or CJK.
func noLineStart(r rune) bool {
	return unicode.In(r, unicode.Pe, unicode.Pf) || strings.ContainsRune(".,;:!?%、。，．：；！？…ー々ゝゞ〉》」』】〕）", r)
}

// units is the advance of r in face f, in thousandths of the font size.
// Each rune is measured with fpdf once per document and face; ASCII, most
// of every text, is kept in an array, the rest in a map.
func (d *doc) units(f face, r rune) int {
	if r >= 0 && r < utf8.RuneSelf {
		if w := d.asciiWidths[f][r]; w != 0 {
			return int(w - 1)
		}
	} else if w, ok := d.widths[f][r]; ok {
		return w
	}
	d.useFace(f)
	d.pdf.SetFont(f.family(), f.style(), 10)
	w := d.pdf.GetStringSymbolWidth(string(r))
	if r >= 0 && r < utf8.RuneSelf {
		d.asciiWidths[f][r] = int32(w + 1)
	} else {
		d.widths[f][r] = w
	}
	return w
}

func (d *doc) runeWidth(r rune, st style) float64 {
	f, _ := glyphFace(r, st.bold, &d.cv)
	return float64(d.units(f, r)) * st.size / 1000 * ptToMM
}

// textWidth measures cleaned text.
func (d *doc) textWidth(s string, st style) float64 {
	w := 0.0
	for _, r := range s {
		w += d.runeWidth(r, st)
	}
	return w
}

// line is one laid-out line of cleaned text.
type line struct {
	text string
	w    float64
}

// wrap cleans s and breaks it into lines no wider than width: at spaces,
// between CJK characters, and, for a word longer than a line (a URL),
// after punctuation such as "/" or, failing that, anywhere. "\n" starts a
// new line; an empty paragraph is an empty line.
func (d *doc) wrap(s string, st style, width float64) []line {
	s = d.clean(s)
	var out []line
	for _, para := range strings.Split(s, "\n") {
		out = append(out, d.wrapPara(para, st, width)...)
	}
	return out
}

type token struct {
	text  string
	space bool // a space separates it from the token before
}

// tokenize splits s (cleaned text) into the pieces a line may break
// between. Every token is a slice of s: no token is copied.
func tokenize(s string) []token {
	var toks []token
	start := -1 // where the word being read starts; -1 for none
	space := false
	flush := func(end int) {
		if start >= 0 {
			toks = append(toks, token{s[start:end], space})
			start = -1
			space = false
		}
	}
	for i, r := range s {
		n := utf8.RuneLen(r)
		switch {
		case isBreakSpace(r):
			flush(i)
			if len(toks) > 0 {
				space = true
			}
		case start < 0 && !space && len(toks) > 0 && noLineStart(r):
			// Closing punctuation right after a CJK character stays on
			// its line (the token ends where r starts).
			t := &toks[len(toks)-1]
			t.text = s[i-len(t.text) : i+n]
		case isCJK(r):
			flush(i)
			toks = append(toks, token{s[i : i+n], space})
			space = false
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return toks
}

func (d *doc) wrapPara(s string, st style, width float64) []line {
	toks := tokenize(s)
	if len(toks) == 0 {
		return []line{{}}
	}
	spaceW := d.runeWidth(' ', st)
	var out []line
	var cur strings.Builder
	curW := 0.0
	push := func() {
		out = append(out, line{cur.String(), curW})
		cur.Reset()
		curW = 0
	}
	add := func(t string, w float64, space bool) {
		if space && cur.Len() > 0 {
			cur.WriteByte(' ')
			curW += spaceW
		}
		cur.WriteString(t)
		curW += w
	}
	for _, t := range toks {
		tw := d.textWidth(t.text, st)
		sw := 0.0
		if t.space && cur.Len() > 0 {
			sw = spaceW
		}
		switch {
		case curW+sw+tw <= width+1e-6:
			add(t.text, tw, t.space)
		case tw <= width:
			push()
			add(t.text, tw, false)
		default:
			// A word longer than a line: start it here if a fair share of
			// the line is left, then break it into pieces.
			if cur.Len() > 0 && width-curW-sw < width/4 {
				push()
			}
			rest := t.text
			space := t.space
			for rest != "" {
				avail := width - curW
				if space && cur.Len() > 0 {
					avail -= spaceW
				}
				piece, pw := d.fit(rest, st, avail, cur.Len() == 0)
				if piece == "" {
					push()
					space = false
					continue
				}
				add(piece, pw, space)
				space = false
				rest = rest[len(piece):]
				if rest != "" {
					push()
				}
			}
		}
	}
	if cur.Len() > 0 {
		push()
	}
	return out
}

// fit returns the longest prefix of s that fits in avail, preferring to
// end after URL punctuation in the second half of the piece. With force,
// it returns at least one character even if that overflows.
func (d *doc) fit(s string, st style, avail float64, force bool) (string, float64) {
	w := 0.0
	end, brk, brkW := 0, 0, 0.0
	for i, r := range s {
		rw := d.runeWidth(r, st)
		if w+rw > avail+1e-6 {
			break
		}
		w += rw
		end = i + utf8.RuneLen(r)
		if strings.ContainsRune("/-?&=_.,;:#+@|", r) {
			brk, brkW = end, w
		}
	}
	if end == 0 {
		if !force {
			return "", 0
		}
		_, n := utf8.DecodeRuneInString(s)
		return s[:n], d.textWidth(s[:n], st)
	}
	if end < len(s) && brk > 0 && brkW >= w/2 {
		return s[:brk], brkW
	}
	return s[:end], w
}

// ellipsize shortens s (cleaned, on one line) to fit width, ending in "…".
func (d *doc) ellipsize(s string, st style, width float64) string {
	s = strings.Join(strings.Fields(d.clean(s)), " ")
	if d.textWidth(s, st) <= width {
		return s
	}
	ell := d.textWidth("…", st)
	w := 0.0
	for i, r := range s {
		rw := d.runeWidth(r, st)
		if w+rw+ell > width {
			return strings.TrimRight(s[:i], " ") + "…"
		}
		w += rw
	}
	return s
}

// drawText draws one line of cleaned text in a box of width w and height
// h at (x, y), aligned 'L', 'C' or 'R', switching fonts for runs of
// characters the main font lacks.
func (d *doc) drawText(s string, x, y, w, h float64, st style, align byte) {
	if s == "" {
		return
	}
	// One pass measures the line and splits it into runs of one face;
	// each width is summed rune by rune, as textWidth does.
	type run struct {
		f          face
		start, end int
		w          float64
	}
	var buf [4]run
	runs := buf[:0]
	tw := 0.0
	for i, r := range s {
		f, _ := glyphFace(r, st.bold, &d.cv)
		if n := len(runs); r == ' ' && n > 0 && d.cv[runs[n-1].f].has(' ') {
			f = runs[n-1].f // spaces stay in the run they are in, if its font has one
		}
		if n := len(runs); n == 0 || f != runs[n-1].f {
			runs = append(runs, run{f: f, start: i})
		}
		rw := d.runeWidth(r, st)
		tw += rw
		last := &runs[len(runs)-1]
		last.w += rw
		last.end = i + utf8.RuneLen(r)
	}
	switch align {
	case 'C':
		x += (w - tw) / 2
	case 'R':
		x += w - tw
	}
	d.pdf.SetTextColor(st.color.r, st.color.g, st.color.b)
	for _, rn := range runs {
		d.useFace(rn.f)
		d.pdf.SetFont(rn.f.family(), rn.f.style(), st.size)
		d.pdf.SetXY(x, y)
		d.pdf.CellFormat(rn.w, h, s[rn.start:rn.end], "", 0, "L", false, 0, "")
		x += rn.w
	}
}

// para draws wrapped text across the content width, breaking pages
// between lines.
func (d *doc) para(s string, st style) {
	d.paraAt(s, st, d.left, d.width(), 'L')
}

func (d *doc) paraAt(s string, st style, x, w float64, align byte) {
	if strings.TrimSpace(s) == "" {
		return
	}
	lh := st.lineHeight()
	for i, l := range d.wrap(strings.TrimSpace(s), st, w) {
		if i == 0 {
			d.begin(lh)
		}
		d.ensure(lh)
		y := d.y()
		d.drawText(l.text, x, y, w, lh, st, align)
		d.setY(y + lh)
	}
}

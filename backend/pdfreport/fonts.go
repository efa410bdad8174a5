package pdfreport

import (
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/listinglift/listinglift/backend/report"
)

// The fonts are embedded so a report renders the same everywhere. See
// fonts/README.md for their sources and licences.
var (
	//go:embed fonts/DejaVuSans.ttf
	dejaVuSans []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	dejaVuSansBold []byte
	//go:embed fonts/DroidSansFallback.ttf
	droidSansFallback []byte
)

// face is one embedded font file.
type face int

const (
	faceSans     face = iota // DejaVu Sans: Latin, Greek, Cyrillic, Armenian, Georgian, symbols…
	faceSansBold             // DejaVu Sans Bold
	faceCJK                  // Droid Sans Fallback: Han, Hiragana, Katakana, Hangul (regular only)
	numFaces
)

// family and style are the fpdf names a face is registered under.
func (f face) family() string {
	if f == faceCJK {
		return "cjk"
	}
	return "sans"
}

func (f face) style() string {
	if f == faceSansBold {
		return "B"
	}
	return ""
}

// coverage is the set of BMP code points a font maps to a glyph.
type coverage [65536 / 64]uint64

func (c *coverage) has(r rune) bool {
	return r >= 0 && r < 65536 && c[r>>6]&(1<<(uint(r)&63)) != 0
}

// add puts r in c; code points beyond the BMP are never covered.
func (c *coverage) add(r rune) {
	if r >= 0 && r < 65536 {
		c[r>>6] |= 1 << (uint(r) & 63)
	}
}

// runes lists c in order.
func (c *coverage) runes() []rune {
	var out []rune
	for i, w := range c {
		for ; w != 0; w &= w - 1 {
			out = append(out, rune(i<<6+bits.TrailingZeros64(w)))
		}
	}
	return out
}

// faceFile is one embedded font file as the package reads it once.
type faceFile struct {
	data  []byte
	index *cmapIndex
	cv    *coverage // every code point the font maps to a glyph
	// common is the font cut down to the commonBlocks characters it has
	// (see withCmap), and commonCv those characters; nil for the CJK face.
	common   []byte
	commonCv *coverage
}

var (
	facesOnce sync.Once
	faces     [numFaces]faceFile
	facesErr  error
)

// loadFaces parses each embedded font's character map once, and cuts the
// DejaVu faces down to the common characters once.
func loadFaces() (*[numFaces]faceFile, error) {
	facesOnce.Do(func() {
		for f, data := range [numFaces][]byte{faceSans: dejaVuSans, faceSansBold: dejaVuSansBold, faceCJK: droidSansFallback} {
			x, err := parseCmapIndex(data)
			if err != nil {
				facesErr = fmt.Errorf("pdfreport: embedded font %d: %w", f, err)
				return
			}
			ff := faceFile{data: data, index: x, cv: x.coverage()}
			if face(f) != faceCJK {
				ff.commonCv = new(coverage)
				for _, b := range commonBlocks {
					for r := b[0]; r <= b[1]; r++ {
						if ff.cv.has(r) {
							ff.commonCv.add(r)
						}
					}
				}
				if ff.common, err = withCmap(data, x, ff.commonCv.runes()); err != nil {
					facesErr = fmt.Errorf("pdfreport: embedded font %d: %w", f, err)
					return
				}
			}
			faces[f] = ff
		}
	})
	return &faces, facesErr
}

// commonBlocks are the characters a report may draw without their being
// in its Result: the package's own labels, figures, dates and
// punctuation, and the English sentences other packages give it
// (analysis's notes, the plan table's names). Controls through Latin
// Extended-A; General Punctuation through Mathematical Operators; Box
// Drawing through Dingbats (□ ✓ ★). A test holds the package's literals to
// them.
var commonBlocks = [][2]rune{{0x0000, 0x017F}, {0x2000, 0x22FF}, {0x2500, 0x27BF}}

// docFonts are the faces as one report loads them: each font file with
// its character map cut down to the characters the report can draw, and
// what each then covers (every other character counts as missing).
// fpdf builds maps over a font's whole character map when it loads the
// font and again when it embeds the subset: with DejaVu's 5,370
// characters, loading and embedding the two faces took 28% of a Premium
// render (issue 46's profile). The common cut has 1,618; the fallback's
// 33,000 become the few dozen a report draws.
type docFonts struct {
	data [numFaces][]byte
	cv   [numFaces]*coverage
}

// fontsFor cuts the faces for r: the DejaVu faces to commonBlocks and the
// characters of r (the cut made once when r has no others), the CJK
// fallback to the characters of r only it draws (none: it is not loaded).
func fontsFor(r *report.Result, o Options) (docFonts, error) {
	fs, err := loadFaces()
	if err != nil {
		return docFonts{}, err
	}
	drawn, err := reportRunes(r, o)
	if err != nil {
		return docFonts{}, err
	}
	var out docFonts
	for _, f := range []face{faceSans, faceSansBold} {
		ff := &fs[f]
		want := *ff.commonCv
		extra := false
		for i := range want {
			if add := drawn[i] & ff.cv[i] &^ want[i]; add != 0 {
				want[i] |= add
				extra = true
			}
		}
		if !extra {
			out.data[f], out.cv[f] = ff.common, ff.commonCv
			continue
		}
		if out.data[f], err = withCmap(ff.data, ff.index, want.runes()); err != nil {
			return docFonts{}, fmt.Errorf("pdfreport: font %d: %w", f, err)
		}
		out.cv[f] = &want
	}
	// The fallback draws only what DejaVu lacks, from CJK Radicals on.
	cjk := new(coverage)
	for i := range cjk {
		cjk[i] = drawn[i] & fs[faceCJK].cv[i] &^ fs[faceSans].cv[i]
	}
	clear(cjk[:0x2E80/64])
	out.cv[faceCJK] = cjk
	if runes := cjk.runes(); len(runes) > 0 {
		if out.data[faceCJK], err = withCmap(fs[faceCJK].data, fs[faceCJK].index, runes); err != nil {
			return docFonts{}, fmt.Errorf("pdfreport: CJK font: %w", err)
		}
	}
	return out, nil
}

// reportRunes are the characters of r and of o's texts, as stored and in
// canonical composition (what clean draws), each with its upper, lower
// and title case (labels and badges are drawn upper-cased); not those clean
// leaves out (dropRune: variation selectors, joiners, controls). Everything a
// report draws comes from r, o or the package's own English labels.
func reportRunes(r *report.Result, o Options) (*coverage, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("pdfreport: scan result: %w", err)
	}
	c := new(coverage)
	add := func(s string) {
		for i := 0; i < len(s); {
			if b := s[i]; b < utf8.RuneSelf { // most of it: ASCII, whose cases are ASCII
				c.add(rune(b))
				if 'a' <= b|0x20 && b|0x20 <= 'z' {
					c.add(rune(b ^ 0x20))
				}
				i++
				continue
			}
			x, n := utf8.DecodeRuneInString(s[i:])
			i += n
			if dropRune(x) { // clean leaves it out: never drawn
				continue
			}
			c.add(x)
			c.add(unicode.ToUpper(x))
			c.add(unicode.ToLower(x))
			c.add(unicode.ToTitle(x))
		}
	}
	for _, s := range []string{string(b), o.ProductName, o.SupportEmail} {
		add(s)
		if n := norm.NFC.String(s); n != s {
			add(n)
		}
	}
	return c, nil
}

// glyphFace picks the face that draws r: the requested DejaVu face, then
// regular DejaVu (for the few glyphs Bold lacks), then the CJK fallback.
// ok is false when no embedded font has the glyph.
func glyphFace(r rune, bold bool, cv *[numFaces]*coverage) (face, bool) {
	if bold && cv[faceSansBold].has(r) {
		return faceSansBold, true
	}
	if cv[faceSans].has(r) {
		return faceSans, true
	}
	if cv[faceCJK].has(r) {
		return faceCJK, true
	}
	return faceSans, false
}

// missingGlyph stands in for a character no embedded font can draw (most
// emoji, scripts outside the fonts' coverage, anything beyond the BMP).
const missingGlyph = '□'

// dropRune reports whether r is left out of drawn text: control characters
// (other than the newline, handled by the caller) and invisible format
// characters such as variation selectors and zero-width joiners, which
// have no glyph of their own.
func dropRune(r rune) bool {
	switch {
	case r < utf8.RuneSelf: // ASCII: only its controls
		return r != '\n' && (r < 0x20 || r == 0x7f)
	case r == '\n':
		return false
	case unicode.IsControl(r):
		return true
	case unicode.Is(unicode.Cf, r):
		return true
	case unicode.Is(unicode.Variation_Selector, r):
		return true
	}
	return false
}

// cmapIndex is a font's Unicode BMP character map: the first format 4
// subtable of platform 3 encoding 1, or of platform 0, as fpdf itself
// reads it.
type cmapIndex struct {
	data                     []byte
	tableDir                 int // offset of the cmap record in the table directory
	seg                      int // segment count
	ends, starts, deltas, ro int // offsets of the four arrays
}

func u16(b []byte, off int) (int, error) {
	if off < 0 || off+2 > len(b) {
		return 0, errors.New("truncated font")
	}
	return int(binary.BigEndian.Uint16(b[off:])), nil
}

func u32(b []byte, off int) (int, error) {
	if off < 0 || off+4 > len(b) {
		return 0, errors.New("truncated font")
	}
	return int(binary.BigEndian.Uint32(b[off:])), nil
}

func parseCmapIndex(b []byte) (*cmapIndex, error) {
	numTables, err := u16(b, 4)
	if err != nil {
		return nil, err
	}
	cmap, rec := -1, -1
	for i := 0; i < numTables; i++ {
		r := 12 + 16*i
		if r+16 > len(b) {
			return nil, errors.New("truncated table directory")
		}
		if string(b[r:r+4]) == "cmap" {
			if cmap, err = u32(b, r+8); err != nil {
				return nil, err
			}
			rec = r
			break
		}
	}
	if cmap < 0 {
		return nil, errors.New("no cmap table")
	}
	n, err := u16(b, cmap+2)
	if err != nil {
		return nil, err
	}
	sub := -1
	for i := 0; i < n; i++ {
		r := cmap + 4 + 8*i
		platform, err1 := u16(b, r)
		encoding, err2 := u16(b, r+2)
		off, err3 := u32(b, r+4)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		if (platform == 3 && encoding == 1) || platform == 0 {
			if format, err := u16(b, cmap+off); err == nil && format == 4 {
				sub = cmap + off
				break
			}
		}
	}
	if sub < 0 {
		return nil, errors.New("no Unicode BMP (format 4) character map")
	}
	segX2, err := u16(b, sub+6)
	if err != nil {
		return nil, err
	}
	x := &cmapIndex{data: b, tableDir: rec, seg: segX2 / 2,
		ends: sub + 14, starts: sub + 16 + segX2, deltas: sub + 16 + 2*segX2, ro: sub + 16 + 3*segX2}
	if _, err := u16(b, x.ro+segX2-2); err != nil {
		return nil, err
	}
	return x, nil
}

// glyph returns the glyph id of code point ch in segment s (0 for none).
func (x *cmapIndex) glyph(s, ch int) int {
	start, _ := u16(x.data, x.starts+2*s)
	delta, _ := u16(x.data, x.deltas+2*s)
	rangeOff, _ := u16(x.data, x.ro+2*s)
	if rangeOff == 0 {
		return (ch + delta) & 0xFFFF
	}
	g, err := u16(x.data, x.ro+2*s+rangeOff+2*(ch-start))
	if err != nil || g == 0 {
		return 0
	}
	return (g + delta) & 0xFFFF
}

// lookup returns the glyph id of r, 0 when the font has none.
func (x *cmapIndex) lookup(r rune) int {
	if r < 0 || r >= 0xFFFF {
		return 0
	}
	ch := int(r)
	lo, hi := 0, x.seg
	for lo < hi { // the first segment whose end is at least ch
		m := (lo + hi) / 2
		if end, _ := u16(x.data, x.ends+2*m); end < ch {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == x.seg {
		return 0
	}
	if start, _ := u16(x.data, x.starts+2*lo); start > ch {
		return 0
	}
	return x.glyph(lo, ch)
}

// coverage lists every code point that maps to a glyph.
func (x *cmapIndex) coverage() *coverage {
	c := new(coverage)
	for s := 0; s < x.seg; s++ {
		start, _ := u16(x.data, x.starts+2*s)
		end, _ := u16(x.data, x.ends+2*s)
		for ch := start; ch <= end && ch != 0xFFFF; ch++ {
			if x.glyph(s, ch) != 0 {
				c.add(rune(ch))
			}
		}
	}
	return c
}

// withCmap returns a copy of the TrueType font b whose character map
// holds only runes (each of which b must map to a glyph); glyph ids and
// every other table are unchanged (see docFonts for why).
func withCmap(b []byte, x *cmapIndex, runes []rune) ([]byte, error) {
	type seg struct{ start, end, delta int }
	var segs []seg
	for _, r := range runes { // sorted, unique
		g := x.lookup(r)
		if g == 0 {
			return nil, fmt.Errorf("font has no glyph for %U", r)
		}
		delta := (g - int(r)) & 0xFFFF
		if n := len(segs); n > 0 && segs[n-1].end == int(r)-1 && segs[n-1].delta == delta {
			segs[n-1].end++
			continue
		}
		segs = append(segs, seg{int(r), int(r), delta})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF, 1}) // the required final segment
	n := len(segs)
	searchRange, entrySelector := 2, 0
	for searchRange*2 <= 2*n {
		searchRange *= 2
		entrySelector++
	}
	sub := make([]byte, 0, 16+8*n)
	put := func(v int) { sub = binary.BigEndian.AppendUint16(sub, uint16(v)) }
	put(4)        // format
	put(16 + 8*n) // length
	put(0)        // language
	put(2 * n)    // segCountX2
	put(searchRange)
	put(entrySelector)
	put(2*n - searchRange)
	for _, s := range segs {
		put(s.end)
	}
	put(0) // reservedPad
	for _, s := range segs {
		put(s.start)
	}
	for _, s := range segs {
		put(s.delta)
	}
	for range segs {
		put(0) // idRangeOffset
	}
	table := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12} // version 0, one record (3, 1) at offset 12
	table = append(table, sub...)

	out := make([]byte, len(b), len(b)+3+len(table)+3)
	copy(out, b)
	for len(out)%4 != 0 {
		out = append(out, 0)
	}
	off := len(out)
	out = append(out, table...)
	for len(out)%4 != 0 {
		out = append(out, 0)
	}
	var sum uint32
	for i := 0; i < len(table); i += 4 {
		var w [4]byte
		copy(w[:], table[i:min(i+4, len(table))])
		sum += binary.BigEndian.Uint32(w[:])
	}
	binary.BigEndian.PutUint32(out[x.tableDir+4:], sum)
	binary.BigEndian.PutUint32(out[x.tableDir+8:], uint32(off))
	binary.BigEndian.PutUint32(out[x.tableDir+12:], uint32(len(table)))
	return out, nil
}

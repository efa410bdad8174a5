package meta

import "bytes"

// stripPresentation removes the class and style attributes from the start
// tags of markup, in place, and returns the shortened slice. On a rendered
// page they are most of what is left once scripts and drawings are cut (a
// React page's atomic class lists: 290 of the 450 kB of a saved Airbnb
// page), they hold neither text nor data no reader keeps, and the HTML
// parser builds the same tree without them; but the tokenizer reads each of
// their bytes one by one, and copies every attribute, in Extract's pass and
// again in a reader's tree.
//
// Tags are found as golang.org/x/net/html's tokenizer finds them (comments,
// the raw text of <style>, <textarea>, <title>…, attribute quoting), so
// text is never taken for a tag. Where the tokenizer and the tree builder
// read the same bytes differently — in <svg> or <math> content, where
// <![CDATA[ is text and <title> is not raw — or where the markup is not
// what Extract made of it (a <script> that kept a body, <plaintext>), the
// rest of the markup is left as it is. Only attributes with a quoted value
// are removed: the tag then ends where it did, and closes itself (<br/>)
// or not as it did.
//
// markup must be the caller's own copy: it is written over, never ahead of
// what is still to be read.
func stripPresentation(markup []byte) []byte {
	s := stripper{b: markup, out: markup[:0]}
	s.run()
	return append(s.out, markup[s.from:]...)
}

// stripper copies b over itself without the attributes cut.
type stripper struct {
	b     []byte
	out   []byte   // the result so far, sharing b's memory
	from  int      // b[from:] is not yet copied to out
	spans [][2]int // the current tag's class and style attributes, reused from tag to tag
}

// cut drops b[start:end] from the output.
func (s *stripper) cut(start, end int) {
	s.out = append(s.out, s.b[s.from:start]...)
	s.from = end
}

// run walks the markup token by token, as the tokenizer's Next does
// outside raw text, and stops where it cannot follow the tokenizer.
func (s *stripper) run() {
	b := s.b
	for i := 0; ; {
		k := bytes.IndexByte(b[i:], '<')
		if k < 0 || i+k+1 >= len(b) {
			return
		}
		p := i + k
		c := b[p+1]
		next := -1
		switch {
		case isASCIILetter(c):
			next = s.startTag(p)
		case c == '/':
			next = endTagEnd(b, p)
		case c == '!':
			next = declarationEnd(b, p)
		case c == '?':
			next = closeAngleEnd(b, p+1)
		default:
			next = p + 1 // a '<' of the text
		}
		if next < 0 {
			return
		}
		i = next
	}
}

// startTag reads the start tag at b[p] ('<' and a letter), cuts its class
// and style attributes, and returns where the next token starts: after the
// tag's raw text for the tags that have one. -1 means the rest is to be
// left as it is.
func (s *stripper) startTag(p int) int {
	b := s.b
	t, ok := scanTag(b, p+1, s.spans[:0])
	if !ok {
		return -1 // unclosed at the end of the markup: the tokenizer stops here
	}
	s.spans = t.presentation
	for _, c := range t.cuts(b) {
		s.cut(c[0], c[1])
	}
	next := t.end + 1
	switch name := t.name; {
	case foldEq(name, "script"):
		// Extract left every script empty: its end tag follows at once.
		if !endTagAt(b, next, "script") {
			return -1
		}
	case foldEq(name, "svg"):
		// Foreign content, unless the element is empty (its drawing cut):
		// its own end tag follows at once.
		if !endTagAt(b, next, "svg") {
			return -1
		}
	case foldEq(name, "math"):
		if !endTagAt(b, next, "math") {
			return -1
		}
	case foldEq(name, "plaintext"):
		return -1
	default:
		for _, raw := range rawTextTags {
			if foldEq(name, raw) {
				return rawTextEnd(b, next, raw)
			}
		}
	}
	return next
}

// rawTextTags are the elements, besides <script> and <plaintext>, whose
// content the tokenizer reads as text up to their end tag.
var rawTextTags = []string{"iframe", "noembed", "noframes", "noscript", "style", "textarea", "title", "xmp"}

// scannedTag is a tag as the tokenizer reads it.
type scannedTag struct {
	name []byte
	end  int // index of the '>' that ends the tag
	// presentation are the class and style attributes with a quoted value,
	// each with the white space after it; unquoted tells there is one
	// with another value, or none.
	presentation [][2]int
	unquoted     bool
}

// scanTag reads the tag whose name starts at b[q], following the
// tokenizer's readTag, readTagName, readTagAttrKey and readTagAttrVal. It
// reports false for a tag the markup ends inside, which the tokenizer
// reads as an error. The spans of the tag's class and style attributes are
// appended to spans (a buffer to reuse, or nil).
func scanTag(b []byte, q int, spans [][2]int) (t scannedTag, ok bool) {
	t.presentation = spans
	i := q + 1
	for ; ; i++ {
		if i >= len(b) {
			return t, false
		}
		if c := b[i]; isSpace(c) || c == '/' || c == '>' {
			break
		}
	}
	t.name = b[q:i]
	for {
		i = skipSpace(b, i)
		if i >= len(b) {
			return t, false
		}
		if b[i] == '>' {
			t.end = i
			return t, true
		}
		keyStart := i
		if i = attrKeyEnd(b, i); i >= len(b) {
			return t, false
		}
		key := b[keyStart:i]
		var quoted bool
		if i, quoted = attrValEnd(b, i); i < 0 {
			return t, false
		}
		switch {
		case !foldEq(key, "class") && !foldEq(key, "style"):
		case quoted:
			t.presentation = append(t.presentation, [2]int{keyStart, skipSpace(b, i)})
		default:
			t.unquoted = true
		}
	}
}

// cuts returns the spans of t's class and style attributes to remove, in
// t.presentation's memory.
// None when one has no quoted value: with the first "class" gone, a later
// one the tokenizer skips as a repeat would be read, and "class=a/>" takes
// the tag's "/" for its value, so the tag would no longer close itself.
// Nor one whose removal leaves a '/' right before the '>' (<p/class="a">
// would become <p/>, which closes itself), nor one followed by an '='
// (<p hidden class="a"=b> would give hidden the value b).
func (t *scannedTag) cuts(b []byte) [][2]int {
	if t.unquoted {
		return nil
	}
	out := t.presentation[:0] // written behind what is read
	for _, c := range t.presentation {
		before := c[0] - 1
		if n := len(out); n > 0 && out[n-1][1] == c[0] {
			before = out[n-1][0] - 1 // what is left before it once the previous cut is made
		}
		if b[c[1]] == '=' || b[c[1]] == '>' && b[before] == '/' {
			continue
		}
		out = append(out, c)
	}
	return out
}

// attrKeyEnd returns the end of the attribute name starting at b[i]: an
// '=' ends it unless it is its first character.
func attrKeyEnd(b []byte, i int) int {
	for k := i; k < len(b); k++ {
		switch c := b[k]; {
		case c == '=' && k == i:
		case c == '=' || c == '/' || c == '>' || isSpace(c):
			return k
		}
	}
	return len(b)
}

// attrValEnd reads what follows an attribute name at b[i] (nothing, "/",
// or "=" and a value) and returns where the tokenizer goes on reading, and
// whether the value was quoted; -1 when the markup ends first.
func attrValEnd(b []byte, i int) (next int, quoted bool) {
	if i = skipSpace(b, i); i >= len(b) {
		return -1, false
	}
	switch b[i] {
	case '/':
		return i + 1, false
	case '=':
	default:
		return i, false
	}
	if i = skipSpace(b, i+1); i >= len(b) {
		return -1, false
	}
	switch q := b[i]; q {
	case '>':
		return i, false
	case '"', '\'':
		k := bytes.IndexByte(b[i+1:], q)
		if k < 0 {
			return -1, false
		}
		return i + 1 + k + 1, true
	}
	for k := i + 1; k < len(b); k++ {
		switch c := b[k]; {
		case isSpace(c):
			return k + 1, false
		case c == '>':
			return k, false
		}
	}
	return -1, false
}

// endTagEnd returns where the token after the end tag (or bogus comment)
// at b[p] ("</") starts; -1 when the markup ends first.
func endTagEnd(b []byte, p int) int {
	if p+2 >= len(b) {
		return -1
	}
	switch c := b[p+2]; {
	case c == '>':
		return p + 3 // "</>": no token at all
	case isASCIILetter(c):
		t, ok := scanTag(b, p+2, nil)
		if !ok {
			return -1
		}
		return t.end + 1
	}
	return closeAngleEnd(b, p+2)
}

// declarationEnd returns where the token after the "<!" at b[p] (a
// comment, doctype or bogus comment) ends; -1 when the markup ends first.
func declarationEnd(b []byte, p int) int {
	if p+3 >= len(b) {
		return -1
	}
	if b[p+2] == '-' && b[p+3] == '-' {
		return commentEnd(b, p+4)
	}
	return closeAngleEnd(b, p+2)
}

// commentEnd returns the end of the comment whose text starts at b[i],
// following the tokenizer's readComment: "-->", "--!>", and "<!-->" or
// "<!--->" at once; -1 when the markup ends first.
func commentEnd(b []byte, i int) int {
	dashes, beginning := 0, true
	for ; i < len(b); i++ {
		switch b[i] {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i + 1
			}
		case '!':
			if dashes >= 2 {
				if i++; i >= len(b) {
					return -1
				}
				switch b[i] {
				case '>':
					return i + 1
				case '-':
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return -1
}

// closeAngleEnd returns the index after the first '>' at or after b[i];
// -1 if there is none.
func closeAngleEnd(b []byte, i int) int {
	k := bytes.IndexByte(b[i:], '>')
	if k < 0 {
		return -1
	}
	return i + k + 1
}

// rawTextEnd returns the start of the end tag that closes the raw text of
// element name starting at b[i]; -1 if none does (the text runs to the
// end).
func rawTextEnd(b []byte, i int, name string) int {
	for {
		k := bytes.Index(b[i:], []byte("</"))
		if k < 0 {
			return -1
		}
		if endTagAt(b, i+k, name) {
			return i + k
		}
		i += k + 2
	}
}

// endTagAt reports whether b[i:] starts with the end tag of element name
// (lower-case), as the tokenizer's readRawEndTag matches it: the name in
// any case, then white space, '/' or '>'.
func endTagAt(b []byte, i int, name string) bool {
	e := i + 2 + len(name)
	if e >= len(b) || b[i] != '<' || b[i+1] != '/' || !foldEq(b[i+2:e], name) {
		return false
	}
	c := b[e]
	return isSpace(c) || c == '/' || c == '>'
}

// foldEq reports whether b is s (lower-case) with ASCII letters in any
// case: the tokenizer lower-cases only ASCII ("ſtyle" is not "style").
func foldEq(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

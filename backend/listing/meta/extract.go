// Package meta reads what any web page says about itself — schema.org
// JSON-LD, OpenGraph and plain <meta> tags — and fills a listing.Listing from
// it. Platform parsers use it as their fallback; Parse is the generic parser
// for a page of a supported site that no platform parser understands.
package meta

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Doc is what a page says about itself.
type Doc struct {
	Lang      string            // the <html lang> attribute, as written ("pt-BR")
	Title     string            // the <title> text
	Canonical string            // <link rel="canonical" href>
	Meta      map[string]string // <meta> by lower-cased property or name; the first one wins
	Images    []Image           // every og:image with its og:image:alt, in order
	JSONLD    []map[string]any  // every JSON-LD object; arrays and @graph are flattened
	// Scripts holds the text of <script type="application/json"> elements
	// by id (or by HypernovaPrefix and data-hypernova-key): the embedded
	// state some sites ship. The slices share the
	// page's memory (no copy of megabytes); treat them as read-only.
	Scripts map[string][]byte
	// Attrs holds the first value of a few data attributes parsers use
	// (data-atlas-latlng on Booking.com).
	Attrs map[string]string
	// Markup is the page with the body of every <script> (kept in Scripts
	// when it is state), every inline <svg> drawing, and the class and
	// style attributes cut out: none holds visible text. A parser that
	// reads the visible text builds its tree from this; on a saved listing
	// page they are most of the bytes, which the HTML tokenizer would read
	// one by one.
	Markup []byte
}

// Image is one og:image.
type Image struct{ URL, Alt string }

// attrsOfInterest are the element attributes Extract keeps.
var attrsOfInterest = map[string]bool{"data-atlas-latlng": true}

// Extract reads page. It never fails: a page with nothing to say gives an
// empty Doc. JSON-LD that does not parse is skipped.
func Extract(page []byte) *Doc {
	d := &Doc{Meta: map[string]string{}, Scripts: map[string][]byte{}, Attrs: map[string]string{}}
	// Listing pages are mostly script: megabytes of JSON state and code.
	// The tokenizer reads raw text byte by byte, so script bodies are cut
	// out first (a memchr-speed search for their end) and the tokenizer
	// only sees the markup; each emptied <script> tag carries the index of
	// its body in a marker attribute. Class and style attributes, which no
	// reader keeps, go too (stripPresentation).
	markup, bodies := elideScripts(page)
	markup = stripPresentation(elideDrawings(markup))
	d.Markup = markup
	z := html.NewTokenizer(bytes.NewReader(markup))
	var inTitle bool
	svg := 0 // inside <svg>: its <title> names an icon ("Share button"), not the page
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return d
		case html.TextToken:
			if inTitle && d.Title == "" {
				d.Title = strings.TrimSpace(string(z.Text()))
			}
		case html.EndTagToken:
			if !readsElement(z.Raw()) {
				continue
			}
			switch name, _ := z.TagName(); atom.Lookup(name) {
			case atom.Title:
				inTitle = false
			case atom.Svg:
				svg = max(0, svg-1)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			// Raw must be read before TagName, which may rewrite it.
			raw := z.Raw()
			interesting := hasAttrOfInterest(raw)
			if !interesting && !readsElement(raw) {
				continue // most tags of a page: nothing of them is kept
			}
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			attrs := map[string]string(nil)
			if hasAttr {
				attrs = readAttrs(z, a, interesting)
			}
			switch a { // its elements are elementsRead's
			case atom.Html:
				if d.Lang == "" {
					d.Lang = strings.TrimSpace(attrs["lang"])
				}
			case atom.Svg:
				if tt == html.StartTagToken {
					svg++
				}
			case atom.Title:
				inTitle = tt == html.StartTagToken && svg == 0
			case atom.Script:
				var body []byte
				if n, err := strconv.Atoi(attrs[bodyAttr]); err == nil && n >= 0 && n < len(bodies) {
					body = bodies[n]
				}
				d.addScript(attrs, body)
			case atom.Meta:
				d.addMeta(attrs)
			case atom.Link:
				if strings.EqualFold(attrs["rel"], "canonical") && d.Canonical == "" {
					d.Canonical = attrs["href"]
				}
			}
			for k, v := range attrs {
				if attrsOfInterest[k] {
					if _, ok := d.Attrs[k]; !ok {
						d.Attrs[k] = v
					}
				}
			}
		}
	}
}

func (d *Doc) addScript(attrs map[string]string, body []byte) {
	switch strings.ToLower(strings.TrimSpace(attrs["type"])) {
	case "application/ld+json":
		d.addJSONLD(body)
	case "application/json":
		id := attrs["id"]
		if key := attrs["data-hypernova-key"]; id == "" && key != "" {
			// Server-rendered React state of the 2010s (Airbnb's
			// "bootstrap" pages): the JSON sits inside an HTML comment.
			id = HypernovaPrefix + key
			body = bytes.TrimSpace(body)
			if b, ok := bytes.CutPrefix(body, []byte("<!--")); ok {
				body, _ = bytes.CutSuffix(b, []byte("-->"))
			}
		}
		if store := attrs["data-capla-store-data"]; id == "" && store != "" {
			// Booking.com's Capla micro-frontends ship their Apollo cache
			// in an id-less script: keyed "capla-store:apollo", and also by
			// namespace in case a page carries several apps' stores.
			d.addScriptBody(CaplaStorePrefix+store+":"+attrs["data-capla-namespace"], body)
			id = CaplaStorePrefix + store
		}
		if id != "" {
			d.addScriptBody(id, body)
		}
	}
}

// addScriptBody keeps the first body seen under id.
func (d *Doc) addScriptBody(id string, body []byte) {
	if _, dup := d.Scripts[id]; !dup {
		d.Scripts[id] = body
	}
}

// CaplaStorePrefix keys Doc.Scripts for a <script type="application/json"
// data-capla-store-data=S> without an id: "capla-store:S" (the first such
// store) and "capla-store:S:<data-capla-namespace>".
const CaplaStorePrefix = "capla-store:"

// HypernovaPrefix keys Doc.Scripts for a <script data-hypernova-key=K>
// without an id: "hypernova:K", its body without the comment markers.
const HypernovaPrefix = "hypernova:"

// bodyAttr marks an emptied <script> with the index of its body. A page
// can carry the same attribute; ours comes last and wins, and either way
// only this page's own script bodies can be named.
const bodyAttr = "data-listinglift-body"

// elideScripts returns a copy of page with every <script> element's body
// removed, and the bodies in order (slices of page). Script data ends at the
// first "</script" (any case), as in the HTML tokenizer. The bodies are
// found first and the copy is made at its final size: on a saved page the
// markup is hundreds of kilobytes, and growing a buffer to it copied it
// several times over.
func elideScripts(page []byte) (markup []byte, bodies [][]byte) {
	tagEnds, bodies := scriptBodies(page)
	size := len(page)
	for n, body := range bodies {
		size += len(` `+bodyAttr+`=""`) + digits(n) - len(body)
	}
	out := make([]byte, 0, size)
	from := 0
	for n, end := range tagEnds {
		// page[end] is the '>' closing the start tag; the body follows it.
		out = append(out, page[from:end]...)
		out = append(out, ` `+bodyAttr+`="`...)
		out = strconv.AppendInt(out, int64(n), 10)
		out = append(out, `">`...)
		from = end + 1 + len(bodies[n])
	}
	return append(out, page[from:]...), bodies
}

// scriptBodies finds every <script> element of page: the index of the '>'
// that ends its start tag, and its body. A start tag never closed ends the
// search; a body never closed runs to the end of the page.
func scriptBodies(page []byte) (tagEnds []int, bodies [][]byte) {
	off := 0
	for {
		i := bytes.Index(page[off:], []byte("<script"))
		if i < 0 {
			return tagEnds, bodies
		}
		j := off + i + len("<script")
		if j < len(page) && !isTagNameEnd(page[j]) {
			off = j
			continue
		}
		end := openTagEnd(page, j)
		if end < 0 {
			return tagEnds, bodies
		}
		body := page[end+1:]
		k := closingScript(body)
		if k < 0 {
			return append(tagEnds, end), append(bodies, body)
		}
		tagEnds, bodies = append(tagEnds, end), append(bodies, body[:k])
		off = end + 1 + k
	}
}

// digits is the number of decimal digits of n >= 0.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// elideDrawings removes the content of every outermost <svg> element of
// markup, in place, and returns the shortened slice: "<svg …>…</svg>"
// becomes "<svg …></svg>". The start tag stays, so a reader that counts
// <svg> depth (Extract, for icon titles) still sees the element. A
// self-closing <svg/> has no content; an <svg> never closed keeps the rest
// of the page as it was. markup must be the caller's own copy: the output
// is written over it (never ahead of what is still to be read).
func elideDrawings(markup []byte) []byte {
	open, closing := []byte("<svg"), []byte("</svg")
	if !bytes.Contains(markup, open) {
		return markup
	}
	out := markup[:0]
	rest := markup
	for {
		i := bytes.Index(rest, open)
		if i < 0 {
			return append(out, rest...)
		}
		j := i + len(open)
		end := -1
		if j < len(rest) && isTagNameEnd(rest[j]) {
			end = openTagEnd(rest, j)
		}
		if end < 0 || rest[end-1] == '/' {
			// Not an <svg> start tag, or one that closes itself.
			out = append(out, rest[:j]...)
			rest = rest[j:]
			continue
		}
		k := drawingEnd(rest[end+1:], open, closing)
		if k < 0 {
			return append(out, rest...)
		}
		out = append(out, rest[:end+1]...)
		rest = rest[end+1+k:]
	}
}

// drawingEnd returns the index in b of the "</svg" that closes an <svg>
// whose content b starts, counting nested <svg> elements; -1 if none does.
func drawingEnd(b, open, closing []byte) int {
	depth, off := 1, 0
	for {
		k := bytes.Index(b[off:], []byte("<"))
		if k < 0 {
			return -1
		}
		k += off
		switch {
		case bytes.HasPrefix(b[k:], closing) && k+len(closing) <= len(b) && (k+len(closing) == len(b) || isTagNameEnd(b[k+len(closing)])):
			depth--
			if depth == 0 {
				return k
			}
		case bytes.HasPrefix(b[k:], open) && k+len(open) < len(b) && isTagNameEnd(b[k+len(open)]):
			if e := openTagEnd(b, k+len(open)); e > 0 && b[e-1] != '/' {
				depth++
			}
		}
		off = k + 1
	}
}

func isTagNameEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// openTagEnd returns the index of the '>' that ends the start tag whose
// attributes begin at from, skipping quoted attribute values.
func openTagEnd(b []byte, from int) int {
	var quote byte
	for k := from; k < len(b); k++ {
		c := b[k]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return k
		}
	}
	return -1
}

// closingScript returns the index of the first "</script" in b, in any
// case, followed by a character that ends a tag name.
func closingScript(b []byte) int {
	off := 0
	for {
		k := bytes.Index(b[off:], []byte("</"))
		if k < 0 {
			return -1
		}
		k += off
		if k+8 <= len(b) && bytes.EqualFold(b[k+2:k+8], []byte("script")) && (k+8 == len(b) || isTagNameEnd(b[k+8])) {
			return k
		}
		off = k + 2
	}
}

// hasAttrOfInterest reports whether a raw start tag may carry one of
// attrsOfInterest (a byte search, case-sensitive as the sites write them).
func hasAttrOfInterest(raw []byte) bool {
	for _, k := range attrsOfInterestBytes {
		if bytes.Contains(raw, k) {
			return true
		}
	}
	return false
}

// attrsOfInterestBytes are attrsOfInterest's names, to search tags for
// without iterating the map at every tag.
var attrsOfInterestBytes = func() [][]byte {
	var names [][]byte
	for k := range attrsOfInterest {
		names = append(names, []byte(k))
	}
	return names
}()

// elementsRead are the elements Extract reads whatever their attributes
// (by the lower-case name the tokenizer gives): the cases of its switch on
// start tags, which must name no other.
var elementsRead = []string{"html", "svg", "title", "script", "meta", "link"}

// readsElement reports whether the tag raw starts ("<meta …", "</title>")
// is one of elementsRead. The name is read from the raw bytes as the
// tokenizer reads it (up to white space, '/' or '>'; ASCII letters in any
// case), which spares the tokenizer's copy of every other tag's name.
func readsElement(raw []byte) bool {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	j := i
	for j < len(raw) && !isSpace(raw[j]) && raw[j] != '/' && raw[j] != '>' {
		j++
	}
	for _, e := range elementsRead {
		if foldEq(raw[i:j], e) {
			return true
		}
	}
	return false
}

// readAttrs returns the attributes we may need. For elements other than
// meta/link/script we only keep attributes of interest, to stay cheap on
// megabyte pages.
func readAttrs(z *html.Tokenizer, a atom.Atom, interesting bool) map[string]string {
	keepAll := a == atom.Meta || a == atom.Link || a == atom.Script || a == atom.Html
	if !keepAll && !interesting {
		// Most tags of a megabyte page: reading their attributes would
		// unescape and copy each one for nothing.
		return nil
	}
	var m map[string]string
	for {
		k, v, more := z.TagAttr()
		key := string(k)
		if keepAll || attrsOfInterest[key] {
			if m == nil {
				m = map[string]string{}
			}
			m[key] = string(v)
		}
		if !more {
			return m
		}
	}
}

func (d *Doc) addMeta(attrs map[string]string) {
	key := attrs["property"]
	if key == "" {
		key = attrs["name"]
	}
	if key == "" {
		key = attrs["itemprop"]
	}
	key = strings.ToLower(strings.TrimSpace(key))
	content, ok := attrs["content"]
	if key == "" || !ok {
		return
	}
	content = strings.TrimSpace(content)
	switch key {
	case "og:image", "og:image:url", "og:image:secure_url":
		if key == "og:image" || len(d.Images) == 0 {
			d.Images = append(d.Images, Image{URL: content})
		}
	case "og:image:alt":
		if n := len(d.Images); n > 0 && d.Images[n-1].Alt == "" {
			d.Images[n-1].Alt = content
		}
	}
	if _, dup := d.Meta[key]; !dup {
		d.Meta[key] = content
	}
}

func (d *Doc) addJSONLD(text []byte) {
	var v any
	if err := json.Unmarshal(bytes.TrimSpace(text), &v); err != nil {
		return
	}
	d.flatten(v, 0)
}

func (d *Doc) flatten(v any, depth int) {
	if depth > 4 {
		return
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			d.flatten(e, depth+1)
		}
	case map[string]any:
		if g, ok := x["@graph"]; ok {
			d.flatten(g, depth+1)
			return
		}
		d.JSONLD = append(d.JSONLD, x)
	}
}

// Get returns the first non-empty meta value among keys.
func (d *Doc) Get(keys ...string) string {
	for _, k := range keys {
		if v := d.Meta[k]; v != "" {
			return v
		}
	}
	return ""
}

// NodeText is the text inside an HTML node, its whitespace collapsed to
// single spaces: what the page shows in it.
func NodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

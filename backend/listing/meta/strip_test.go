package meta

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// stripCases are markup the tokenizer reads in unusual ways, each with
// what stripPresentation makes of it.
var stripCases = []struct{ name, in, want string }{
	{"quoted values cut", `<div class="a b" id="x" style='color:red'>t</div>`, `<div id="x" >t</div>`},
	{"any case, no space between", `<P CLASS="a"id="x"Style="s">t</P>`, `<P id="x">t</P>`},
	{"self-closing kept", `<br class="a"/><br class="a" /><img src=x class="a"/>`, `<br /><br /><img src=x />`},
	{"spaces around the equals sign", `<div class = "a" >t</div>`, `<div >t</div>`},
	{"unquoted value kept", `<div class=a style=b>t</div>`, `<div class=a style=b>t</div>`},
	{"unquoted value swallows the next", `<div id=a class="b">t</div>`, `<div id=a >t</div>`},
	{"equals sign after an unquoted value", `<div a= class="b">t</div>`, `<div a= class="b">t</div>`},
	{"other names kept", `<div classes="a" data-class="b" xclass="c" =class="d" ſtyle="e">t</div>`,
		`<div classes="a" data-class="b" xclass="c" =class="d" ſtyle="e">t</div>`},
	{"slash between attributes", `<div/class="a"/id="b">t</div>`, `<div//id="b">t</div>`},
	{"no slash left before the end", `<p/class="a"><p/class="a" style="b"><p/ class="a" >`, `<p/class="a"><p/style="b"><p/ >`},
	{"no equals sign left after a name", `<p hidden class="a"=b><p class="a" =b>`, `<p hidden class="a"=b><p class="a" =b>`},
	{"unquoted repeat: tag kept", `<p class="a" class=b/>t`, `<p class="a" class=b/>t`},
	{"end tag attributes kept", `<p>t</p class="a">`, `<p>t</p class="a">`},
	{"text is not a tag", `<p>1 < 2 <3 class="a"></p>`, `<p>1 < 2 <3 class="a"></p>`},
	{"comment", `<!-- <p class="a"> --><p class="b">t</p>`, `<!-- <p class="a"> --><p >t</p>`},
	{"comment ended by --!>", `<!-- x --!><p class="b">t</p>`, `<!-- x --!><p >t</p>`},
	{"short comments", `<!--><p class="a">t</p><!---><p class="b">u</p>`, `<!--><p >t</p><!---><p >u</p>`},
	{"bogus comment", `<!x <p class="a">><?y <p class="b">?><p class="c">t</p>`, `<!x <p class="a">><?y <p class="b">?><p >t</p>`},
	{"doctype", `<!DOCTYPE html class="a"><p class="b">t</p>`, `<!DOCTYPE html class="a"><p >t</p>`},
	{"raw text", `<style class="a">p { } <p class="b"></style><p class="c">t</p>`, `<style >p { } <p class="b"></style><p >t</p>`},
	{"raw text end tag in any case", `<textarea><p class="a"></TEXTAREA ><p class="b">t</p>`, `<textarea><p class="a"></TEXTAREA ><p >t</p>`},
	{"raw text not ended by a longer name", `<title>a</titlex><p class="a"></title><p class="b">`, `<title>a</titlex><p class="a"></title><p >`},
	{"raw text never ended", `<xmp><p class="a">`, `<xmp><p class="a">`},
	{"empty script", `<script class="a" data-listinglift-body="0"></script><p class="b">t</p>`, `<script data-listinglift-body="0"></script><p >t</p>`},
	{"script with a body: rest kept", `<script>x</script><p class="b">t</p>`, `<script>x</script><p class="b">t</p>`},
	{"empty drawing", `<svg class="a" viewBox="0 0 1 1"></svg><p class="b">t</p>`, `<svg viewBox="0 0 1 1"></svg><p >t</p>`},
	{"drawing with content: rest kept", `<svg><title class="a">x</title></svg><p class="b">t</p>`, `<svg><title class="a">x</title></svg><p class="b">t</p>`},
	{"math: rest kept", `<math class="a"><mi class="b">x</mi></math><p class="c">t</p>`, `<math ><mi class="b">x</mi></math><p class="c">t</p>`},
	{"plaintext: rest kept", `<plaintext class="a"><p class="b">t</p>`, `<plaintext ><p class="b">t</p>`},
	{"unclosed tag kept", `<p class="a">t</p><p class="b"`, `<p >t</p><p class="b"`},
	{"unclosed value kept", `<p class="a>t</p>`, `<p class="a>t</p>`},
	{"quote inside a value", `<p class="a'b" style='c"d'>t</p>`, `<p >t</p>`},
}

func TestStripPresentation(t *testing.T) {
	for _, tc := range stripCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(stripPresentation([]byte(tc.in))); got != tc.want {
				t.Errorf("stripPresentation(%s)\n got %s\nwant %s", tc.in, got, tc.want)
			}
			checkStripped(t, []byte(tc.in))
		})
	}
}

// FuzzStripPresentation: whatever the markup, the tokenizer reads the same
// tokens from the stripped markup, and the parser builds the same tree,
// but for the class and style attributes.
func FuzzStripPresentation(f *testing.F) {
	for _, tc := range stripCases {
		f.Add(tc.in)
	}
	f.Add(`<html class="h"><head><title>T</title><meta name="x" class="m" content="c"></head><body class="b">` +
		`<div data-section-id="TITLE_DEFAULT" class="d"><h1 class="e">Lake condo</h1></div><table class="t"><tr><td class="c">x</table></body></html>`)
	f.Fuzz(func(t *testing.T, in string) {
		checkStripped(t, []byte(in))
	})
}

// checkStripped fails t unless stripping in changes nothing the tokenizer
// or the parser reads but class and style attributes.
func checkStripped(t *testing.T, in []byte) {
	t.Helper()
	out := stripPresentation(bytes.Clone(in))
	if a, b := tokens(in), tokens(out); a != b {
		t.Fatalf("tokens of %q\nbefore %s\nafter  %s", in, a, b)
	}
	if a, b := tree(t, in), tree(t, out); a != b {
		t.Fatalf("tree of %q\nbefore %s\nafter  %s", in, a, b)
	}
}

// tokens lists the tokens of markup without class and style attributes.
func tokens(markup []byte) string {
	var b strings.Builder
	z := html.NewTokenizer(bytes.NewReader(markup))
	for z.Next() != html.ErrorToken {
		tok := z.Token()
		fmt.Fprintf(&b, "%v %q %q\n", tok.Type, tok.Data, withoutPresentation(tok.Attr))
	}
	return b.String()
}

// tree renders the document the parser builds of markup, without class
// and style attributes.
func tree(t *testing.T, markup []byte) string {
	doc, err := html.Parse(bytes.NewReader(markup))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		fmt.Fprintf(&b, "%*s%v %q %q %q\n", depth, "", n.Type, n.Namespace, n.Data, withoutPresentation(n.Attr))
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth+1)
		}
	}
	walk(doc, 0)
	return b.String()
}

func withoutPresentation(attrs []html.Attribute) []html.Attribute {
	var out []html.Attribute
	for _, a := range attrs {
		if a.Key != "class" && a.Key != "style" {
			out = append(out, a)
		}
	}
	return out
}

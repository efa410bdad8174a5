package pdfreport

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestCutFontsDrawTheSame: the fonts cut down to a report's characters
// (docFonts) draw every golden exactly as the whole fonts do, including
// the sentences other packages give the PDF.
func TestCutFontsDrawTheSame(t *testing.T) {
	fs, err := loadFaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			r := loadGolden(t, g.name)
			cut, err := fontsFor(r, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			whole := cut
			for _, f := range []face{faceSans, faceSansBold} {
				whole.data[f], whole.cv[f] = fs[f].data, fs[f].cv
			}
			a, err := render(r, testOptions(), cut)
			if err != nil {
				t.Fatal(err)
			}
			b, err := render(r, testOptions(), whole)
			if err != nil {
				t.Fatal(err)
			}
			if ta, tb := pdfText(t, a), pdfText(t, b); ta != tb {
				t.Errorf("the cut fonts draw other text than the whole fonts:\n--- cut ---\n%.2000s\n--- whole ---\n%.2000s", ta, tb)
			}
		})
	}
}

// TestLabelsInCommonBlocks: every character of the package's own labels
// that DejaVu draws is in commonBlocks, so no report's cut font lacks it.
func TestLabelsInCommonBlocks(t *testing.T) {
	fs, err := loadFaces()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := gotoken.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || (lit.Kind != gotoken.STRING && lit.Kind != gotoken.CHAR) {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			for _, r := range norm.NFC.String(s) {
				if fs[faceSans].cv.has(r) && !fs[faceSans].commonCv.has(r) {
					t.Errorf("%s: %q (%U) is drawn by DejaVu but not in commonBlocks", fset.Position(lit.Pos()), r, r)
				}
			}
			return true
		})
	}
}

// faceCoverage is what each embedded font covers, whole.
func faceCoverage() ([numFaces]*coverage, error) {
	fs, err := loadFaces()
	if err != nil {
		return [numFaces]*coverage{}, err
	}
	return [numFaces]*coverage{fs[faceSans].cv, fs[faceSansBold].cv, fs[faceCJK].cv}, nil
}

// parseCmap returns the code points a TrueType font maps to a glyph.
func parseCmap(b []byte) (*coverage, error) {
	x, err := parseCmapIndex(b)
	if err != nil {
		return nil, err
	}
	return x.coverage(), nil
}

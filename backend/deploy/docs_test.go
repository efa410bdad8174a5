package deploy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The docs say what the deploy and the code do: the routes DEPLOY.md says
// Firebase Hosting forwards to Cloud Run, and the lines OPERATIONS.md and
// DEPLOY.md quote from the logs and the tools' output.

var (
	forwardsSentence = regexp.MustCompile("(?s)which forwards\\s+(.*?)\\s+to Cloud Run")
	diagramRoutes    = regexp.MustCompile(`(?m)^\s*│\s+(/\S.*)$`)
	backquoted       = regexp.MustCompile("`([^`]+)`")
	route            = regexp.MustCompile(`/[\w.*/-]+`)
)

// hostingRunRoutes: the sources firebase.json rewrites to Cloud Run.
func hostingRunRoutes(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range loadFirebaseJSON(t).Hosting.Rewrites {
		if r.Run != nil {
			out = append(out, r.Source)
		}
	}
	sort.Strings(out)
	return out
}

// DEPLOY.md's introduction and its diagram name exactly the routes
// firebase.json forwards to Cloud Run (read at test time: a route added or
// taken away there must be said here).
func TestDeployGuideListsHostingRoutes(t *testing.T) {
	doc := string(read(t, "docs/DEPLOY.md"))
	want := hostingRunRoutes(t)
	if len(want) == 0 {
		t.Fatal("firebase.json forwards nothing to Cloud Run")
	}
	m := forwardsSentence.FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/DEPLOY.md's introduction no longer says which routes Hosting forwards (\"which forwards … to Cloud Run\")")
	}
	var said []string
	for _, q := range backquoted.FindAllStringSubmatch(m[1], -1) {
		said = append(said, q[1])
	}
	sort.Strings(said)
	if !slices.Equal(said, want) {
		t.Errorf("docs/DEPLOY.md's introduction says Hosting forwards %v to Cloud Run; firebase.json forwards %v", said, want)
	}
	d := diagramRoutes.FindStringSubmatch(doc)
	if d == nil {
		t.Fatal("docs/DEPLOY.md's diagram names no forwarded routes (a │ line under Firebase Hosting)")
	}
	drawn := route.FindAllString(d[1], -1)
	sort.Strings(drawn)
	if !slices.Equal(drawn, want) {
		t.Errorf("docs/DEPLOY.md's diagram shows Hosting forwarding %v; firebase.json forwards %v", drawn, want)
	}
}

// A quoted line, in the docs' convention: a `code` span outside fenced
// blocks that reads as words (it starts with a lower-case letter, holds a
// space, and no /, =, <, $ or ~) and is not a command (its first word is
// not a tool or a helper the guide defines). "…" stands for what is left
// out: a value, or the rest of the line.
var (
	fenced     = regexp.MustCompile("(?s)```.*?```")
	notALine   = regexp.MustCompile(`[/=<$~]`)
	commands   = []string{"listinglift", "gcloud", "firebase", "make", "go", "npm", "curl", "git", "docker", "cp", "openssl"}
	helperDef  = regexp.MustCompile(`(?m)^(\w+)\(\) \{`)
	formatVerb = regexp.MustCompile(`%[-+# 0]*(\d+|\*)?(\.(\d+|\*))?[a-zA-Z]`)
	words      = regexp.MustCompile(`[A-Za-z]{4,}`)
)

func quotedLines(doc string) []string {
	cmds := slices.Clone(commands)
	for _, m := range helperDef.FindAllStringSubmatch(doc, -1) {
		cmds = append(cmds, m[1])
	}
	doc = fenced.ReplaceAllString(doc, "")
	var out []string
	for _, m := range backquoted.FindAllStringSubmatch(doc, -1) {
		q := strings.Join(strings.Fields(m[1]), " ")
		if q == "" || q[0] < 'a' || q[0] > 'z' || !strings.Contains(q, " ") || notALine.MatchString(q) ||
			slices.Contains(cmds, strings.Fields(q)[0]) {
			continue
		}
		out = append(out, q)
	}
	return out
}

// goStrings: every string literal in the non-test Go files under backend/
// (backend/deploy's own excepted), unquoted.
func goStrings(t *testing.T) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	root := "../../backend"
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "deploy" || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 1000 {
		t.Fatalf("only %d string literals under backend/", len(out))
	}
	return out
}

// written: piece could be part of a line printed from the format lit, its
// verbs standing for any value: a substring of a fixed part, or a run from
// the end of one fixed part through whole ones to the start of another in
// which the fixed text is at least 8 characters and 40 % of the piece (so
// "%s: %v" does not pass for every line).
func written(piece, lit string) bool {
	if strings.Contains(lit, piece) {
		return true
	}
	fixed := formatVerb.Split(lit, -1)
	if len(fixed) < 2 || !slices.ContainsFunc(words.FindAllString(lit, -1), func(w string) bool { return strings.Contains(piece, w) }) {
		return false // no verb, or not a word of 4 letters in common: not this one
	}
	for i := 0; i < len(fixed); i++ {
		for j := i + 1; j < len(fixed); j++ {
			var b strings.Builder
			b.WriteString("^(")
			for _, k := range cuts(fixed[i]) { // any end of fixed[i]
				if k > 0 {
					b.WriteString("|")
				}
				b.WriteString(regexp.QuoteMeta(fixed[i][k:]))
			}
			b.WriteString(")")
			for k := i + 1; k < j; k++ {
				b.WriteString(".+?" + regexp.QuoteMeta(fixed[k]))
			}
			b.WriteString(".+?(")
			ends := cuts(fixed[j])
			slices.Reverse(ends)
			for _, k := range ends { // any start of fixed[j]
				b.WriteString(regexp.QuoteMeta(fixed[j][:k]))
				if k > 0 {
					b.WriteString("|")
				}
			}
			b.WriteString(")$")
			m := regexp.MustCompile(b.String()).FindStringSubmatch(piece)
			if m == nil {
				continue
			}
			n := len(m[1]) + len(m[2])
			for k := i + 1; k < j; k++ {
				n += len(fixed[k])
			}
			if n >= 8 && n*5 >= len(piece)*2 {
				return true
			}
		}
	}
	return false
}

// Every line OPERATIONS.md and DEPLOY.md quote from the logs or a tool's
// output is one the code writes: each part of it (between "…") is in a
// string literal of the Go code under backend/, or printed by
// cloudbuild.yaml's own steps. (Commands are not read here: the
// log-based metrics' filters in DEPLOY.md §15 are checked against the
// lines the code logs by their own test.)
func TestDocsQuoteRealLogLines(t *testing.T) {
	lits := goStrings(t)
	build := strings.Join(strings.Fields(string(read(t, "cloudbuild.yaml"))), " ")
	deploy := string(read(t, "docs/DEPLOY.md"))
	checked := 0
	for _, doc := range []struct{ name, text string }{
		{"docs/OPERATIONS.md", string(read(t, "docs/OPERATIONS.md"))},
		{"docs/DEPLOY.md", deploy},
	} {
		for _, q := range quotedLines(doc.text) {
			checked++
			for _, piece := range strings.Split(q, "…") {
				piece = strings.TrimSpace(piece)
				if len(piece) < 3 {
					continue
				}
				if strings.Contains(build, piece) ||
					slices.ContainsFunc(lits, func(lit string) bool { return written(piece, lit) }) {
					continue
				}
				t.Errorf("%s quotes `%s`, but no line the code writes holds %q: quote what the code logs now", doc.name, q, piece)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d quoted lines found in the docs: has the convention changed?", checked)
	}
}

// cuts: the byte offsets at which s may be cut (rune boundaries, 0 and
// len(s) included).
func cuts(s string) []int {
	var out []int
	for i := range s {
		out = append(out, i)
	}
	return append(out, len(s))
}

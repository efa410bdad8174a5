package alertcheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// LinesDir is the environment variable naming a directory where Expect
// leaves the lines it saw, for the test (backend/deploy's
// TestEveryAlertMetricMatchesALineTheCodeWrites) that runs every
// package's alert-line tests and checks each §15 metric was matched.
const LinesDir = "LISTINGLIFT_ALERT_LINES"

// Expect checks that among out (the service's log output of a code path)
// a line matches each of the named §15 metrics, and leaves out in
// $LISTINGLIFT_ALERT_LINES when that is set.
func Expect(t testing.TB, out []byte, metrics ...string) {
	t.Helper()
	all := load(t)
	entries, err := Entries(out, CloudRun)
	if err != nil {
		t.Fatal(err)
	}
	register(t, out)
	for _, name := range metrics {
		i := slices.IndexFunc(all, func(m Metric) bool { return m.Name == name })
		if i < 0 {
			t.Errorf("docs/DEPLOY.md §15 creates no metric %s", name)
			continue
		}
		if !slices.ContainsFunc(entries, all[i].Expr.Match) {
			t.Errorf("no line matches metric %s (%s); the lines:\n%s", name, all[i].Filter, out)
		}
	}
}

// Matching names the §15 metrics line (one log line as the service writes
// it) matches.
func Matching(t testing.TB, line []byte) []string {
	t.Helper()
	entries, err := Entries(line, CloudRun)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range load(t) {
		if slices.ContainsFunc(entries, m.Expr.Match) {
			names = append(names, m.Name)
		}
	}
	return names
}

func load(t testing.TB) []Metric {
	t.Helper()
	path, err := RepoFile("docs/DEPLOY.md")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := DeployMetrics(path)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

func register(t testing.TB, out []byte) {
	dir := os.Getenv(LinesDir)
	if dir == "" {
		return
	}
	wd, _ := os.Getwd()
	rec, _ := json.Marshal(map[string]string{"test": t.Name(), "dir": wd})
	name := unsafeName.ReplaceAllString(filepath.Base(wd)+"-"+t.Name(), "_")
	f, err := os.OpenFile(filepath.Join(dir, name+".jsonl"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(append(append([]byte("# "), rec...), '\n')); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(out); err != nil {
		t.Fatal(err)
	}
}

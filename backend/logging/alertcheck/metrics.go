package alertcheck

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Metric is one `gcloud logging metrics create NAME --log-filter=…` of
// docs/DEPLOY.md §15, its shell variables substituted.
type Metric struct {
	Name   string
	Filter string
	Expr   Expr
}

// RepoFile is path (e.g. "docs/DEPLOY.md") in the repository the test runs
// in, found by walking up to go.mod.
func RepoFile(path string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, path), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = up
	}
}

var (
	section     = regexp.MustCompile(`(?m)^## 15\. .*$`)
	nextSection = regexp.MustCompile(`(?m)^## `)
	shellVar    = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)='([^']*)'$`)
	createLine  = regexp.MustCompile(`^gcloud logging metrics create ([a-z0-9_]+) .*--log-filter=(.*)$`)
	varRef      = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?`)
)

// DeployMetrics reads §15 of the deployment guide at path.
func DeployMetrics(path string) ([]Metric, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	loc := section.FindIndex(raw)
	if loc == nil {
		return nil, fmt.Errorf("%s: no section 15", path)
	}
	body := raw[loc[1]:]
	if end := nextSection.FindIndex(body); end != nil {
		body = body[:end[0]]
	}
	// Join continued lines, then read the shell the operator pastes.
	text := strings.ReplaceAll(string(body), "\\\n", " ")
	vars := map[string]string{}
	var out []Metric
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := shellVar.FindStringSubmatch(line); m != nil {
			vars[m[1]] = m[2]
			continue
		}
		m := createLine.FindStringSubmatch(line)
		if m == nil {
			if strings.Contains(line, "logging metrics create") {
				return nil, fmt.Errorf("%s: metric line not understood: %s", path, line)
			}
			continue
		}
		filter, err := shellWord(m[2], vars)
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", m[1], err)
		}
		e, err := Parse(filter)
		if err != nil {
			return nil, fmt.Errorf("metric %s: filter %q: %w", m[1], filter, err)
		}
		out = append(out, Metric{Name: m[1], Filter: filter, Expr: e})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: §15 creates no log-based metric", path)
	}
	return out, nil
}

// shellWord reads one shell word ("…" with \" escapes and $var, or '…').
func shellWord(s string, vars map[string]string) (string, error) {
	switch {
	case strings.HasPrefix(s, "'"):
		end := strings.Index(s[1:], "'")
		if end < 0 {
			return "", fmt.Errorf("unterminated ' in %s", s)
		}
		return s[1 : 1+end], nil
	case strings.HasPrefix(s, `"`):
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			switch c := s[i]; c {
			case '\\':
				if i+1 < len(s) && strings.ContainsRune("\"\\$`", rune(s[i+1])) {
					i++
				}
				b.WriteByte(s[i])
			case '"':
				return b.String(), nil
			case '$':
				m := varRef.FindStringSubmatch(s[i:])
				if m == nil {
					b.WriteByte(c)
					continue
				}
				v, ok := vars[m[1]]
				if !ok {
					return "", fmt.Errorf("$%s is not set in §15", m[1])
				}
				b.WriteString(v)
				i += len(m[0]) - 1
			default:
				b.WriteByte(c)
			}
		}
		return "", fmt.Errorf("unterminated \" in %s", s)
	}
	return "", fmt.Errorf("--log-filter must be quoted: %s", s)
}

// CloudRun is the resource Cloud Run gives the service's log entries.
var CloudRun = map[string]any{
	"type": "cloud_run_revision",
	"labels": map[string]any{
		"service_name":       "listinglift",
		"revision_name":      "listinglift-00042-abc",
		"location":           "europe-west1",
		"configuration_name": "listinglift",
		"project_id":         "listinglift-prod",
	},
}

// Entries turns the service's stdout (one JSON object a line, as
// logging.NewService writes it) into log entries the way Cloud Run's
// logging agent does: severity and httpRequest become the entry's own
// fields, the trace fields its trace, everything else (message included)
// jsonPayload; the resource is resource.
func Entries(out []byte, resource map[string]any) ([]map[string]any, error) {
	var entries []map[string]any
	for _, line := range bytes.Split(out, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		// A logger carrying another "event" (With) would write the key
		// twice, and which one Logging keeps is not ours to guess.
		if bytes.Count(line, []byte(`"`+"event"+`":`)) > 1 {
			return nil, fmt.Errorf("log line has two event fields: %s", line)
		}
		var payload map[string]any
		if err := json.Unmarshal(line, &payload); err != nil {
			return nil, fmt.Errorf("log line is not JSON: %s", line)
		}
		e := map[string]any{"resource": resource, "severity": "DEFAULT"}
		for _, k := range []string{"severity", "httpRequest"} {
			if v, ok := payload[k]; ok {
				e[k] = v
				delete(payload, k)
			}
		}
		if v, ok := payload["logging.googleapis.com/trace"]; ok {
			e["trace"] = v
		}
		for k := range payload {
			if strings.HasPrefix(k, "logging.googleapis.com/") || k == "time" {
				delete(payload, k)
			}
		}
		e["jsonPayload"] = payload
		entries = append(entries, e)
	}
	return entries, nil
}

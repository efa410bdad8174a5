package writing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/reportmail"
	"github.com/listinglift/listinglift/backend/writing"
)

var pipelineNow = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// pdfToText is the PDF's text by poppler's pdftotext ("" and false when
// it is not installed).
func pdfToText(t *testing.T, pdf []byte) (string, bool) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		return "", false
	}
	in := filepath.Join(t.TempDir(), fmt.Sprintf("r%d.pdf", time.Now().UnixNano()))
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Error(err)
		return "", false
	}
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "-enc", "UTF-8", in, "-")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("pdftotext: %v: %s", err, stderr.String())
		return "", false
	}
	return string(out), true
}

// jsonText is the result as the web reads it: its JSON, with text as
// text (no HTML escaping).
func jsonText(r *report.Result) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r)
	return b.String()
}

func jsonEscaped(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(strings.TrimSpace(b.String()), `"`)[1:]
}

// TestCorpusInventedReachPipeline: a sample of the invented claims, every
// category, through the whole Premium report: the result JSON (what the
// web page shows), the PDF's text and the e-mail's bodies hold none.
func TestCorpusInventedReachPipeline(t *testing.T) {
	outsideRace(t)
	if testing.Short() {
		t.Skip("the report pipeline sample is not run with -short")
	}
	pages := corpusPages(t)
	byName := map[string]corpusPage{}
	all := map[string][]invention{}
	for i, p := range pages {
		byName[p.Name] = p
		for _, inv := range inventions(p, i) {
			all[inv.cat] = append(all[inv.cat], inv)
		}
	}
	// Two per category (three for the first four), from different pages
	// and languages, the languages least sampled first.
	var cats []string
	for c := range all {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	perCat := map[string][]invention{}
	used := map[string]int{}
	var sample []invention
	for i, c := range cats {
		want := 2
		if i < 4 {
			want = 3
		}
		cands := all[c]
		sort.SliceStable(cands, func(a, b int) bool { return used[cands[a].lang] < used[cands[b].lang] })
		pagesSeen, langsSeen := map[string]bool{}, map[string]bool{}
		for _, inv := range cands {
			if len(perCat[c]) == want || pagesSeen[inv.page] || langsSeen[inv.lang] {
				continue
			}
			pagesSeen[inv.page], langsSeen[inv.lang] = true, true
			used[inv.lang]++
			perCat[c] = append(perCat[c], inv)
			sample = append(sample, inv)
		}
	}

	type outcome struct {
		inv                    invention
		json, pdf, mail, noPDF bool
	}
	jobs := make(chan invention)
	var mu sync.Mutex
	var outs []outcome
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		s := newStandIn(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for inv := range jobs {
				p := byName[inv.page]
				req := corpusRequest(p.L, writing.PremiumTitles)
				base, err := writing.Builtin{}.Write(context.Background(), req)
				if err != nil {
					t.Error(err)
					continue
				}
				s.mu.Lock()
				s.respond = responderFor([]invention{inv}, plant(base, inv))
				s.mu.Unlock()
				r, err := report.Generate(context.Background(), report.Input{Listing: p.L, Plan: domain.PlanPremium, Writer: s.w, Now: func() time.Time { return pipelineNow }})
				if err != nil {
					t.Errorf("%s: report: %v", inv.page, err)
					continue
				}
				o := outcome{inv: inv}
				got := writing.Copy{Titles: r.TitleSuggestions, Description: r.OptimizedDescription, AmenityCopy: r.AmenityCopy}
				o.json = reached(inv, got, base) || strings.Contains(jsonText(r), jsonEscaped(inv.text))
				pdf, err := pdfreport.Render(r, pdfreport.Options{Now: pipelineNow})
				if err != nil {
					t.Errorf("%s: pdf: %v", inv.page, err)
				}
				if text, ok := pdfToText(t, pdf); ok {
					o.pdf = strings.Contains(squash(text), squash(inv.text))
				} else {
					o.noPDF = true
				}
				m, err := reportmail.Compose(reportmail.Input{Optimization: &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium},
					Report: r, PDF: pdf, ReportURL: "https://listinglift.app/payment-success?session_id=o1", SupportEmail: "support@listinglift.app"})
				if err != nil {
					t.Errorf("%s: e-mail: %v", inv.page, err)
				}
				o.mail = strings.Contains(squash(m.Text), squash(inv.text)) || strings.Contains(squash(html.UnescapeString(m.HTML)), squash(inv.text))
				mu.Lock()
				outs = append(outs, o)
				mu.Unlock()
			}
		}()
	}
	for _, inv := range sample {
		jobs <- inv
	}
	close(jobs)
	wg.Wait()

	covered, langs := map[string]bool{}, map[string]int{}
	n, noPDF := 0, 0
	var fails []string
	for _, o := range outs {
		covered[o.inv.cat] = true
		langs[o.inv.lang]++
		if o.noPDF {
			noPDF++
		}
		var where []string
		for _, w := range []struct {
			on   bool
			name string
		}{{o.json, "JSON/web"}, {o.pdf, "PDF"}, {o.mail, "e-mail"}} {
			if w.on {
				where = append(where, w.name)
			}
		}
		if len(where) > 0 {
			n++
			fails = append(fails, fmt.Sprintf("%s | %s | %s | %s | %q in %s", o.inv.page, o.inv.cat, o.inv.lang, o.inv.part, o.inv.text, strings.Join(where, ", ")))
		}
	}
	sort.Strings(fails)
	for _, f := range fails {
		t.Errorf("reached the host through the report: %s", f)
	}
	if len(covered) < len(all) {
		t.Errorf("the sample covers %d of %d categories", len(covered), len(all))
	}
	pdfNote := "JSON/web, PDF, e-mail"
	if noPDF > 0 {
		pdfNote = fmt.Sprintf("JSON/web, e-mail; the PDF unchecked in %d (pdftotext, poppler-utils, is not installed)", noPDF)
	}
	t.Logf("invented claims through the report: %d of %d reached the host (%s; %d categories; %s)", n, len(outs), pdfNote, len(covered), langLine(langs))
}

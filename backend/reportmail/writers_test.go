package reportmail

import (
	"html"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/writing"
)

// The e-mail says who wrote the titles it shows, once, in the report's own
// words (Result.WriterLabels: the web report's and the PDF's), in the text
// and the HTML alike, just after them.
func TestComposeSaysWhoWroteTheTitles(t *testing.T) {
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, name := range []string{writing.NameBuiltin, writing.NameGemini, writing.NameGemini + "+" + writing.NameBuiltin} {
		t.Run(name, func(t *testing.T) {
			r := golden(t)
			r.Writers[writing.PartTitles] = name
			r.WriterLabels[writing.PartTitles] = writing.WriterLabel(name)
			m, err := Compose(Input{Optimization: o, Report: r, ReportURL: "https://listinglift.app/r"})
			if err != nil {
				t.Fatal(err)
			}
			want := "Written by " + writing.WriterLabel(name) + "."
			if !strings.Contains(want, "every word checked against your listing") {
				t.Fatalf("the label %q says no check", want)
			}
			for kind, body := range map[string]string{"text": m.Text, "HTML": html.UnescapeString(m.HTML)} {
				if n := strings.Count(body, want); n != 1 {
					t.Errorf("the %s says %q %d times, want once", kind, want, n)
				}
				if last := r.TitleSuggestions[min(2, len(r.TitleSuggestions)-1)]; strings.Index(body, want) < strings.Index(body, last) {
					t.Errorf("the %s says who wrote the titles before them", kind)
				}
			}
		})
	}
}

// A report stored before writer labels says nothing of who wrote its
// titles: no check is claimed for copy that was not held to it.
func TestComposeOldReportClaimsNoCheck(t *testing.T) {
	r := golden(t)
	r.WriterLabels = map[string]string{}
	m, err := Compose(Input{Optimization: &domain.Optimization{CustomerEmail: "host@example.com"}, Report: r})
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{m.Text, html.UnescapeString(m.HTML)} {
		if strings.Contains(body, "Written by") || strings.Contains(body, "checked against") {
			t.Errorf("an old report's e-mail claims a check:\n%s", body)
		}
	}
}

package reportmail

import (
	"html"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
)

// TestWhyLine: each of the first actions with evidence carries a short
// "Why:" line in both bodies, in the web's words; the page's text in it is
// escaped in the HTML; an action without evidence has none.
func TestWhyLine(t *testing.T) {
	r := golden(t)
	if len(r.Actions) < 2 {
		t.Fatal("golden needs two actions")
	}
	r.Actions[0].Evidence = []analysis.Evidence{{Field: "amenities", Value: `"Allarme <b>antincendio</b>"`, Where: "the listing page's own data", Note: "counted as Smoke alarm"}}
	for i := 1; i < len(r.Actions); i++ {
		r.Actions[i].Evidence = nil
	}
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	m, err := Compose(Input{Optimization: o, Report: r, ReportURL: "https://listinglift.app/r", SupportEmail: "support@listinglift.app"})
	if err != nil {
		t.Fatal(err)
	}
	want := `Why: Your page lists "Allarme <b>antincendio</b>" — counted as Smoke alarm (read from the listing page's own data)`
	if !strings.Contains(m.Text, "     "+want+"\n") {
		t.Errorf("text lacks %q:\n%s", want, m.Text)
	}
	if strings.Count(m.Text, "Why: ") != 1 || strings.Count(m.HTML, "Why: ") != 1 {
		t.Error("an action without evidence has a Why line")
	}
	if strings.Contains(m.HTML, "<b>antincendio</b>") || !strings.Contains(html.UnescapeString(m.HTML), want) {
		t.Error("the HTML does not carry the Why line as escaped text")
	}
}

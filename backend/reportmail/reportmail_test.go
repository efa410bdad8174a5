package reportmail

import (
	"encoding/json"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/report"
)

func golden(t *testing.T) *report.Result { return goldenNamed(t, "lisbon-loft") }

func goldenNamed(t *testing.T, name string) *report.Result {
	t.Helper()
	b, err := os.ReadFile("../report/testdata/golden/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var r report.Result
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestCompose(t *testing.T) {
	r := golden(t)
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, tc := range []struct {
		name string
		pdf  []byte
		want string
	}{
		{"with the PDF", []byte("%PDF-1.7 test"), "attached as a PDF"},
		{"without", nil, "could not attach the PDF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Compose(Input{Optimization: o, Report: r, PDF: tc.pdf, ReportURL: "https://listinglift.app/payment-success?session_id=o1", SupportEmail: "support@listinglift.app"})
			if err != nil {
				t.Fatal(err)
			}
			if m.To != "host@example.com" || !strings.Contains(m.Subject, r.Title) || strings.ContainsAny(m.Subject, "\r\n") {
				t.Errorf("to %q subject %q", m.To, m.Subject)
			}
			for _, body := range []string{m.Text, m.HTML} {
				for _, want := range []string{tc.want, "session_id=o1", "support@listinglift.app", "Room to grow", "Pricing", "60/100"} {
					if !strings.Contains(body, want) {
						t.Errorf("body lacks %q", want)
					}
				}
			}
			if !strings.Contains(m.Text, "Listing score: 62/100 (Room to grow)") {
				t.Error("text lacks the listing score")
			}
			// The branded HTML: a preheader, the score in its ring, a button to the report.
			for _, want := range []string{"Your listing scores 62/100 (room to grow): 3 things to do first.", ">62</td>",
				`<a href="https://listinglift.app/payment-success?session_id=o1"`, "See the full report"} {
				if !strings.Contains(html.UnescapeString(m.HTML), want) {
					t.Errorf("HTML lacks %q", want)
				}
			}
			if n := strings.Count(m.Text, r.OptimizedTitle); n != 1 {
				t.Errorf("the optimized title is in the text %d times, want once", n)
			}
			if !strings.Contains(m.Text, r.OptimizedTitle) {
				t.Errorf("text lacks the optimized title %q", r.OptimizedTitle)
			}
			if (len(m.Attachments) == 1) != (tc.pdf != nil) {
				t.Errorf("attachments %d", len(m.Attachments))
			}
		})
	}
}

// Copy the model wrote is text in the HTML, never markup.
func TestModelCopyIsEscaped(t *testing.T) {
	r := golden(t)
	r.OptimizedTitle = `<script>alert(1)</script><a href="https://evil.example">win</a>`
	r.Title = "Loft\r\nBcc: everyone@example.com"
	m, err := Compose(Input{Optimization: &domain.Optimization{CustomerEmail: "h@example.com"}, Report: r})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, `href="https://evil.example"`) {
		t.Errorf("model copy became markup:\n%s", m.HTML)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		t.Errorf("subject carries a header break: %q", m.Subject)
	}
}

// A report whose page layout was not recognized says so near the top of
// its e-mail; one that was read whole does not.
func TestComposeLayoutNotice(t *testing.T) {
	r := golden(t)
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	m, err := Compose(Input{Optimization: o, Report: r, ReportURL: "https://x/r", SupportEmail: "s@x"})
	if err != nil || strings.Contains(m.Text, "Note:") {
		t.Fatalf("recognized layout: %v %q", err, m.Text)
	}
	r.LayoutNotice = "We did not recognize this page's layout, so only part of it was read (its summary tags)."
	m, err = Compose(Input{Optimization: o, Report: r, ReportURL: "https://x/r", SupportEmail: "s@x"})
	if err != nil {
		t.Fatal(err)
	}
	if i := strings.Index(m.Text, "Note: "+r.LayoutNotice); i < 0 || i > strings.Index(m.Text, "Optimized title") || !strings.Contains(m.HTML, "only part of it was read") {
		t.Errorf("notice not at the top:\n%s", m.Text)
	}
}

// The e-mail lists the report's first three actions in the report's order,
// with what to do, and the same revenue figure as the web and the PDF.
func TestComposeActionsInTheReportsOrder(t *testing.T) {
	r := golden(t)
	m, err := Compose(Input{Optimization: &domain.Optimization{CustomerEmail: "h@example.com"}, Report: r})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Actions) < 3 {
		t.Fatalf("the golden report has %d actions", len(r.Actions))
	}
	for _, body := range []string{m.Text, m.HTML} {
		body = html.UnescapeString(body)
		last := -1
		for i, a := range r.Actions[:3] {
			at := strings.Index(body, a.Finding)
			if at < 0 || !strings.Contains(body[at:], a.Action) {
				t.Errorf("action %d (%q) missing", i+1, a.Finding)
				continue
			}
			if at < last {
				t.Errorf("action %d comes before action %d", i+1, i)
			}
			last = at
		}
		if strings.Contains(body, r.Actions[3].Finding) {
			t.Error("more than three actions")
		}
		plain := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, "")
		head, detail := r.RevenueProjections.Card()
		if want := "Revenue potential: " + head + ". " + detail; !strings.Contains(plain, want) {
			t.Errorf("no revenue figure %q", want)
		}
	}
}

// The e-mail's revenue line is the results card's: money a month with the
// inputs it multiplies, or what the figure would need — no percentage
// headline, and no "+0%".
func TestComposeRevenueLine(t *testing.T) {
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, tc := range []struct{ golden, want string }{
		{"lisbon-loft", "Revenue potential: Not estimated. Needs your booked nights — your calendar shows 45 of 90 nights from March 2, 2026 unavailable, but it does not tell booked nights from blocked ones"},
		{"albany-house", "Revenue potential: +$60 to +$180 a month. $165 a night (your listing page) × 12.3 booked nights a month (Inside Airbnb's estimate for this listing: 148 in the year before October 5, 2025) × +3–9%"},
		{"sparse-vrbo", "Revenue potential: Not estimated. Needs your nightly price and calendar — neither could be read from this page."},
	} {
		m, err := Compose(Input{Optimization: o, Report: goldenNamed(t, tc.golden), ReportURL: "https://app.test/r"})
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range []string{m.Text, html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m.HTML, ""))} {
			if !strings.Contains(body, tc.want) {
				t.Errorf("%s: lacks %q", tc.golden, tc.want)
			}
			_, line, _ := strings.Cut(body, "Revenue potential: ")
			line, _, _ = strings.Cut(line, "\n")
			if regexp.MustCompile(`^\+\d+(\.\d+)?%`).MatchString(line) || strings.Contains(line, "+0%") {
				t.Errorf("%s: a percentage headline: %q", tc.golden, line)
			}
		}
	}
}

// The e-mail says what the listing was compared with, from where and when,
// or why it was not.
func TestComposeMarketLine(t *testing.T) {
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, tc := range []struct {
		golden, want string
		edit         func(*report.Result)
	}{
		{"lisbon-live", "Your market: Compared with 19 listings like yours nearby, in Airbnb's search on March 2, 2026; they typically charge $115–$145 a night.", nil},
		{"albany-house", "Your market: Compared with 24 comparable listings in Inside Airbnb's Albany, New York, United States snapshot of October 5, 2025; they typically charge $147–$221 a night.", nil},
		{"lisbon-loft", "Your market: We have no market data for this area yet, so the listing was not compared with others and no market figures are shown.", nil},
		// A market in francs is written in francs (issue 29), never "$".
		{"albany-house", "Your market: Compared with 24 comparable listings in Inside Airbnb's Zurich, Zürich, Switzerland snapshot of October 5, 2025; they typically charge CHF 147–CHF 221 a night.",
			func(r *report.Result) {
				r.MarketAnalysisData.Market, r.MarketAnalysisData.Currency = "Zurich, Zürich, Switzerland", "CHF"
			}},
	} {
		r := goldenNamed(t, tc.golden)
		if tc.edit != nil {
			tc.edit(r)
		}
		m, err := Compose(Input{Optimization: o, Report: r, ReportURL: "https://app.test/r"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, tc.want) {
			t.Errorf("%s: text lacks %q", tc.golden, tc.want)
		}
		if !strings.Contains(m.HTML, "<strong>Your market:</strong>") {
			t.Errorf("%s: the HTML lacks the market line", tc.golden)
		}
	}
}

package reportmail

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
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
			for _, want := range []string{"Your listing scores 62/100 (room to grow): 3 things to do first.", ">62</div>",
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

// The e-mail's "Do these first" is the report's one ranked list
// (Result.Actions, whose first three the web and the PDF show too): its
// first three, in its order, each with what to do and its effect in the
// report's words; a report with fewer actions lists fewer, and one with
// none says nothing needs action — no slot is filled. It carries the same
// revenue figure as the web and the PDF.
func TestComposeActionsInTheReportsOrder(t *testing.T) {
	for _, tc := range []struct {
		golden string
		keep   int // actions left in the report; -1: all of them
	}{
		{"lisbon-loft", -1}, {"albany-house", -1}, {"sparse-vrbo", -1}, {"lisbon-live", -1},
		{"albany-house", 2}, {"albany-house", 1}, {"albany-house", 0},
	} {
		r := goldenNamed(t, tc.golden)
		if tc.keep >= 0 {
			r.Actions = r.Actions[:tc.keep]
		}
		m, err := Compose(Input{Optimization: &domain.Optimization{CustomerEmail: "h@example.com"}, Report: r})
		if err != nil {
			t.Fatal(err)
		}
		shown := min(3, len(r.Actions))
		for _, body := range []string{m.Text, html.UnescapeString(m.HTML)} {
			_, list, _ := strings.Cut(body, "Do these first")
			list, _, _ = strings.Cut(list, "See the full report")
			last := -1
			for i, a := range r.Actions[:shown] {
				at := strings.Index(list, a.Finding)
				if at < 0 || !strings.Contains(list[at:], a.Action) {
					t.Errorf("%s (%d): action %d (%q) missing", tc.golden, tc.keep, i+1, a.Finding)
					continue
				}
				if at < last {
					t.Errorf("%s (%d): action %d comes before action %d", tc.golden, tc.keep, i+1, i)
				}
				last = at
				if a.Effect != nil && !strings.Contains(list[at:], a.Effect.Text) {
					t.Errorf("%s (%d): action %d lacks its effect %q", tc.golden, tc.keep, i+1, a.Effect.Text)
				}
			}
			for _, a := range r.Actions[shown:] {
				if strings.Contains(list, a.Finding) {
					t.Errorf("%s (%d): lists %q, beyond the first three", tc.golden, tc.keep, a.Finding)
				}
			}
			if got := strings.Count(list, "What to do:"); got != shown {
				t.Errorf("%s (%d): %d actions listed, want %d", tc.golden, tc.keep, got, shown)
			}
			none := strings.Contains(list, analysis.NoActions)
			if none != (shown == 0) || strings.Contains(list, "No problems found") || strings.Contains(list, "No orphan gaps") {
				t.Errorf("%s (%d): a filler, or no sentence for an empty list:\n%s", tc.golden, tc.keep, list)
			}
		}
		plain := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m.HTML, ""))
		head, detail := r.RevenueProjections.Card()
		if want := "Revenue potential: " + head + ". " + detail; !strings.Contains(plain, want) || !strings.Contains(m.Text, want) {
			t.Errorf("%s: no revenue figure %q", tc.golden, want)
		}
	}
}

// A title with nothing to fix (Albany: Title 100/100, no findings) is
// offered no "optimized title": its suggestions come as other ways to word
// it, with the report's note. A title with something to fix (the Lisbon
// loft's emoji) gets the first suggestion as optimized and the next two as
// more options.
func TestComposeTitleOffer(t *testing.T) {
	o := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, tc := range []struct {
		golden    string
		optimized bool
	}{{"albany-house", false}, {"lisbon-loft", true}} {
		r := goldenNamed(t, tc.golden)
		if len(r.TitleSuggestions) < 3 {
			t.Fatalf("%s: %d suggestions", tc.golden, len(r.TitleSuggestions))
		}
		m, err := Compose(Input{Optimization: o, Report: r, ReportURL: "https://app.test/r"})
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range []string{m.Text, html.UnescapeString(m.HTML)} {
			if got := strings.Contains(body, "Optimized title"); got != tc.optimized {
				t.Errorf("%s: says \"Optimized title\": %v, want %v", tc.golden, got, tc.optimized)
			}
			if got := strings.Contains(body, analysis.TitleAlternativesNote); got == tc.optimized {
				t.Errorf("%s: the alternatives note shown: %v", tc.golden, got)
			}
			// The three the web shows first, in its order.
			last := -1
			for _, s := range r.TitleSuggestions[:3] {
				at := strings.Index(body, s)
				if at < last {
					t.Errorf("%s: title %q missing or out of order", tc.golden, s)
				}
				last = at
			}
			if strings.Contains(body, r.TitleSuggestions[3]) {
				t.Errorf("%s: more than three titles", tc.golden)
			}
		}
	}
}

// The score "ring" is a circle in mail clients: a fixed square box (the
// same width and height) with border-radius 50%, not a table cell whose
// radius is smaller than half its outer size (a rounded square).
func TestScoreRingIsACircle(t *testing.T) {
	for _, name := range []string{"lisbon-loft", "sparse-vrbo"} {
		r := goldenNamed(t, name)
		m, err := Compose(Input{Optimization: &domain.Optimization{CustomerEmail: "h@example.com"}, Report: r})
		if err != nil {
			t.Fatal(err)
		}
		ring := regexp.MustCompile(`<div style="([^"]*border:8px solid[^"]*)">([^<]*)</div>`).FindStringSubmatch(m.HTML)
		if ring == nil {
			t.Fatalf("%s: no ring in\n%s", name, m.HTML)
		}
		style := map[string]string{}
		for _, decl := range strings.Split(ring[1], ";") {
			if k, v, ok := strings.Cut(decl, ":"); ok {
				style[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		if style["width"] == "" || style["width"] != style["height"] || style["border-radius"] != "50%" {
			t.Errorf("%s: ring %q is not a square box with border-radius 50%%", name, ring[1])
		}
		// The figure sits on the circle's middle line.
		if style["line-height"] != style["height"] {
			t.Errorf("%s: line-height %q, height %q", name, style["line-height"], style["height"])
		}
		want := "—"
		if r.OverallScore != nil {
			want = fmt.Sprint(*r.OverallScore)
		}
		if html.UnescapeString(ring[2]) != want {
			t.Errorf("%s: ring holds %q, want %q", name, ring[2], want)
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

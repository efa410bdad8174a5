package analysis

import (
	"strings"
	"testing"
)

// An area without data is not assessed — its own badge and words — never
// SPEC's default HIGH.
func TestPrioritizeNotAssessedWhenNothingIsKnown(t *testing.T) {
	title := TitleAnalysis{Title: "X", Findings: Findings{{Code: "title.contact", Severity: SeverityHigh, Message: "m", Action: "a"}}}
	p := Prioritize(PriorityInput{
		Title:   title,
		Actions: RankActions(RevenueProjection{}, SectionScores{}, AreaFindings{"title", title.Findings}),
		Pricing: PricingAnalysis{Status: PricingNotEnoughData},
		Photos:  PhotoAudit{Findings: Findings{}},
		Gaps:    BookingGapAnalysis{Status: "general_guidance"},
	})
	want := TaskPriorities{Title: High, Pricing: NotAssessed, Photo: Low, Experience: NotAssessed, Booking: NotAssessed}
	if p.Title != want.Title || p.Pricing != want.Pricing || p.Photo != want.Photo || p.Experience != want.Experience || p.Booking != want.Booking {
		t.Errorf("got %+v", p)
	}
	if p.Reasons["pricing_priority"] != "Not assessed: no nightly price, calendar prices or comparable listings were available." ||
		p.Reasons["booking_priority"] != "Not assessed: no availability calendar was available." || p.Reasons["title_priority"] != "m" {
		t.Errorf("reasons = %v", p.Reasons)
	}
}

func TestPrioritizeFromActions(t *testing.T) {
	in := PriorityInput{
		Title:   TitleAnalysis{Title: "Good", Findings: Findings{}},
		Pricing: PricingAnalysis{Status: PricingCompared, Findings: Findings{{Severity: SeverityLow, Message: "l", Action: "x"}}},
		Photos:  PhotoAudit{Findings: Findings{{Severity: SeverityMedium, Message: "few photos", Action: "x"}}},
		Reviews: ReviewAnalysis{Rating: 4.6, Findings: Findings{{Severity: SeverityMedium, Message: "4.6", Action: "x"}}},
		Gaps:    BookingGapAnalysis{Status: "calendar", Findings: Findings{{Severity: SeverityLow, Message: "g", Action: "x"}}},
	}
	amen := Findings{{Severity: SeverityHigh, Message: "7 of 14 amenities", Action: "x"}}
	in.Actions = RankActions(RevenueProjection{}, SectionScores{},
		AreaFindings{"title", in.Title.Findings}, AreaFindings{"pricing", in.Pricing.Findings}, AreaFindings{"photos", in.Photos.Findings},
		AreaFindings{"reviews", in.Reviews.Findings}, AreaFindings{"booking", in.Gaps.Findings}, AreaFindings{"amenities", amen})
	p := Prioritize(in)
	if p.Title != Low || p.Pricing != Low || p.Photo != Medium || p.Experience != Medium || p.Booking != Low {
		t.Errorf("got %+v", p)
	}
	if p.Reasons["photo_priority"] != "few photos" || p.Reasons["title_priority"] != "No problems found." {
		t.Errorf("reasons %v", p.Reasons)
	}
}

// The old code made "Guest experience" HIGH from an amenity gap beside a
// 4.98★ Superhost's 94 experience score, and any area's priority followed
// its worst finding whatever its section scored.
func TestPriorityFollowsTheMeasuredGap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sev     Severity
		section *int
		want    string
	}{
		{"a serious gap in a weak section", SeverityHigh, ptr(49), High},
		{"a serious gap in a section with room to grow", SeverityHigh, ptr(64), High},
		{"a good section holds no HIGH", SeverityHigh, ptr(65), Medium},
		{"a strong section holds no HIGH", SeverityHigh, ptr(94), Medium},
		{"a strong section keeps a moderate gap", SeverityMedium, ptr(80), Medium},
		{"a good section keeps a moderate gap", SeverityMedium, ptr(79), Medium},
		{"no section score: the finding says", SeverityHigh, nil, High},
		{"a small gap stays small", SeverityLow, ptr(10), Low},
	} {
		if got := PriorityFor(tc.sev, tc.section); got != tc.want {
			t.Errorf("%s: PriorityFor(%s, %v) = %s, want %s", tc.name, tc.sev, tc.section, got, tc.want)
		}
	}

	// The mehfius Arraial page: 4.98★ Superhost, experience 94, amenities 50.
	sections := SectionScores{Reviews: ptr(94), Amenities: ptr(50), Title: ptr(85)}
	acts := RankActions(RevenueProjection{}, sections,
		AreaFindings{"reviews", Findings{{Severity: SeverityHigh, Message: "r", Action: "x"}}},
		AreaFindings{"title", Findings{{Severity: SeverityMedium, Message: "t", Action: "x"}}},
		AreaFindings{"amenities", Findings{{Severity: SeverityHigh, Message: "7 of 14", Action: "x"}}})
	got := map[string]string{}
	for _, a := range acts {
		got[a.Area] = a.Priority
	}
	if got["reviews"] != Medium || got["title"] != Medium || got["amenities"] != High || acts[0].Area != "amenities" {
		t.Errorf("priorities %v, order %v", got, acts)
	}
	p := Prioritize(PriorityInput{Title: TitleAnalysis{Title: "t"}, Reviews: ReviewAnalysis{Rating: 4.98}, Actions: acts})
	if p.Experience == High {
		t.Errorf("guest experience %s beside a 94 experience score (%s)", p.Experience, p.Reasons["experience_priority"])
	}
}

func TestRankActions(t *testing.T) {
	revenue := RevenueProjection{Components: []RevenueComponent{
		{Area: "booking", Low: 1, High: 3, Kind: "computed"},
		{Area: "photos", Low: 3, High: 8.98, Kind: "cited"},
	}}
	for _, tc := range []struct {
		name  string
		areas []AreaFindings
		want  []string // area:action
	}{
		{"priority first, info and clean findings are not actions", []AreaFindings{
			{"title", Findings{{Severity: SeverityMedium, Message: "t", Action: "a1"}, {Severity: SeverityInfo, Message: "i", Action: "x"}}},
			{"photos", Findings{{Severity: SeverityHigh, Message: "p", Action: "a2"}, {Severity: SeverityLow, Message: "No problems."}}},
			{"booking", Findings{{Severity: SeverityMedium, Message: "b", Action: "a3"}}},
		}, []string{"photos:a2", "booking:a3", "title:a1"}}, // booking's known effect ranks it above the title
		{"ties without effects keep the areas' order", []AreaFindings{
			{"title", Findings{{Severity: SeverityLow, Message: "t", Action: "a1"}}},
			{"description", Findings{{Severity: SeverityLow, Message: "d", Action: "a2"}}},
		}, []string{"title:a1", "description:a2"}},
		{"the larger effect first within a priority", []AreaFindings{
			{"booking", Findings{{Severity: SeverityHigh, Message: "b", Action: "a1"}}},
			{"photos", Findings{{Severity: SeverityHigh, Message: "p", Action: "a2"}}},
		}, []string{"photos:a2", "booking:a1"}},
		{"nothing to do", []AreaFindings{{"title", Findings{{Severity: SeverityLow, Message: "Good."}}}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			acts := RankActions(revenue, SectionScores{}, tc.areas...)
			var got []string
			for _, a := range acts {
				got = append(got, a.Area+":"+a.Action)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") || acts == nil {
				t.Errorf("actions = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRankActionsEffectAndTask(t *testing.T) {
	revenue := RevenueProjection{Components: []RevenueComponent{{Area: "photos", Low: 3, High: 8.98, Kind: "cited"}}}
	acts := RankActions(revenue, SectionScores{},
		AreaFindings{"photos", Findings{{Severity: SeverityHigh, Message: "few", Action: "add"}, {Severity: SeverityMedium, Message: "dark", Action: "brighten"}}},
		AreaFindings{"amenities", Findings{{Severity: SeverityMedium, Message: "m", Action: "tick"}}},
		AreaFindings{"description", Findings{{Severity: SeverityLow, Message: "d", Action: "write"}}},
	)
	if e := acts[0].Effect; e == nil || e.Low != 3 || e.High != 8.98 || e.Kind != "cited" {
		t.Errorf("the photos action's effect = %+v", e)
	}
	if acts[1].Effect != nil {
		t.Errorf("the effect is counted twice: %+v", acts[1])
	}
	tasks := map[string]string{}
	for _, a := range acts {
		tasks[a.Area] = a.Task
		if a.Priority != map[Severity]string{SeverityHigh: High, SeverityMedium: Medium, SeverityLow: Low}[a.Severity] {
			t.Errorf("priority %q for severity %q", a.Priority, a.Severity)
		}
	}
	if tasks["photos"] != "photo_priority" || tasks["amenities"] != "" || tasks["description"] != "" {
		t.Errorf("tasks = %v", tasks)
	}
}

func TestTaskOrder(t *testing.T) {
	p := TaskPriorities{Title: Low, Pricing: NotAssessed, Photo: High, Experience: Medium, Booking: Low}
	acts := []Action{{Task: "photo_priority"}, {Task: "experience_priority"}, {Task: ""}, {Task: "photo_priority"}}
	got := strings.Join(TaskOrder(acts, p), " ")
	want := "photo_priority experience_priority title_priority booking_priority pricing_priority"
	if got != want {
		t.Errorf("order = %s, want %s", got, want)
	}
	if got := strings.Join(TaskOrder(nil, TaskPriorities{}), " "); got != strings.Join(TaskKeys, " ") {
		t.Errorf("order with nothing known = %s, want SPEC's", got)
	}
}

// A price read with nothing to compare it with: not assessed, and the
// reason does not say the price was missing.
func TestPrioritizePriceWithoutComparison(t *testing.T) {
	price := 18500.0
	p := Prioritize(PriorityInput{Pricing: PricingAnalysis{Status: PricingNotEnoughData, Price: &price}})
	if p.Pricing != NotAssessed || p.Reasons["pricing_priority"] != "Not assessed: your price was read, but there were no comparable listings or calendar prices to judge it against." {
		t.Errorf("pricing %q: %q", p.Pricing, p.Reasons["pricing_priority"])
	}
}

// An action's effect is worded to agree with the revenue card: with a
// money figure for the listing it is this listing's estimate; without one
// ("Not estimated") a published effect is named as the studies' figure on
// other listings and a computed one as not in money — never as this
// listing's revenue beside "Not estimated".
func TestEffectFollowsTheRevenueCard(t *testing.T) {
	photos := Findings{{Severity: SeverityHigh, Message: "4 photos", Action: "add photos"}}
	gaps := Findings{{Severity: SeverityMedium, Message: "orphan gaps", Action: "fill them"}}
	comps := []RevenueComponent{{Area: "photos", Low: 3, High: 9, Kind: "cited"}, {Area: "booking", Low: 3.3, High: 10, Kind: "computed"}}
	money := RevenueProjection{Components: comps, Money: &RevenueMoney{}, Headline: "+$40 to +$110 a month"}
	none := RevenueProjection{Components: comps, Headline: HeadlineNone, Needs: "Needs your nightly price."}
	for _, tc := range []struct {
		name    string
		revenue RevenueProjection
		want    map[string]string
	}{
		{"a money figure", money, map[string]string{
			"photos":  "Expected effect: +3–9% revenue (an estimate, counted in your revenue potential).",
			"booking": "Expected effect: +3.3–10% revenue (an estimate, counted in your revenue potential).",
		}},
		{"not estimated", none, map[string]string{
			"photos":  "Published studies found +3–9% revenue from this change on other listings; not estimated for yours, as there is no revenue figure for your listing.",
			"booking": "Worked out from your listing's own figures: +3.3–10% revenue (an estimate); not in money, as there is no revenue figure for your listing.",
		}},
	} {
		acts := RankActions(tc.revenue, SectionScores{}, AreaFindings{"photos", photos}, AreaFindings{"booking", gaps})
		for _, a := range acts {
			if a.Effect == nil || a.Effect.Text != tc.want[a.Area] {
				t.Errorf("%s: %s effect %+v, want %q", tc.name, a.Area, a.Effect, tc.want[a.Area])
			}
		}
		head, _ := tc.revenue.Card()
		for _, a := range acts {
			if (head == HeadlineNone) == strings.HasPrefix(a.Effect.Text, "Expected effect") {
				t.Errorf("%s: card %q beside effect %q", tc.name, head, a.Effect.Text)
			}
		}
	}
}

// A suggestion is offered as the "optimized title" only when the title
// analysis found something to fix; "Title 100/100 · No problems found" is
// offered alternatives.
func TestOffersOptimizedTitle(t *testing.T) {
	for _, tc := range []struct {
		name     string
		findings Findings
		want     bool
	}{
		{"no findings", Findings{}, false},
		{"only information", Findings{{Severity: SeverityInfo, Message: "41 characters", Action: "keep it"}}, false},
		{"a finding with nothing to do", Findings{{Severity: SeverityLow, Message: "fine"}}, false},
		{"a small fix", Findings{{Severity: SeverityLow, Message: "emoji", Action: "Replace emoji with words."}}, true},
		{"a serious fix", Findings{{Severity: SeverityHigh, Message: "phone number", Action: "Remove it."}}, true},
	} {
		if got := OffersOptimizedTitle(TitleAnalysis{Title: "T", Findings: tc.findings}); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

package analysis

import "testing"

func TestPrioritizeDefaultsWhenNothingIsKnown(t *testing.T) {
	p := Prioritize(PriorityInput{
		Title:   TitleAnalysis{Title: "X", Findings: Findings{{Code: "title.contact", Severity: SeverityHigh, Message: "m"}}},
		Pricing: PricingAnalysis{Status: PricingNotEnoughData},
		Photos:  PhotoAudit{Findings: Findings{}},
		Gaps:    BookingGapAnalysis{Status: "general_guidance"},
	})
	want := TaskPriorities{Title: High, Pricing: High, Photo: Low, Experience: Medium, Booking: High}
	if p.Title != want.Title || p.Pricing != want.Pricing || p.Photo != want.Photo || p.Experience != want.Experience || p.Booking != want.Booking {
		t.Errorf("got %+v", p)
	}
	if p.Reasons["pricing_priority"] != "Not enough data to assess, so this area keeps its usual priority." || p.Reasons["title_priority"] != "m" {
		t.Errorf("reasons = %v", p.Reasons)
	}
}

func TestPrioritizeFromFindings(t *testing.T) {
	p := Prioritize(PriorityInput{
		Title:     TitleAnalysis{Title: "Good", Findings: Findings{}},
		Pricing:   PricingAnalysis{Status: PricingCompared, Findings: Findings{{Severity: SeverityLow}}},
		Photos:    PhotoAudit{Findings: Findings{{Severity: SeverityMedium}}},
		Reviews:   ReviewAnalysis{Rating: 4.6, Findings: Findings{{Severity: SeverityMedium}}},
		Amenities: AmenityAnalysis{Read: true, Findings: Findings{{Severity: SeverityLow}}},
		Gaps:      BookingGapAnalysis{Status: "calendar", Findings: Findings{{Severity: SeverityLow}}},
	})
	if p.Title != Low || p.Pricing != Low || p.Photo != Medium || p.Experience != Medium || p.Booking != Low {
		t.Errorf("got %+v", p)
	}
}

func TestRecommendationsOrder(t *testing.T) {
	recs := Recommendations(
		AreaFindings{"title", Findings{{Severity: SeverityMedium, Message: "t", Action: "a1"}, {Severity: SeverityInfo, Message: "i", Action: "x"}}},
		AreaFindings{"photos", Findings{{Severity: SeverityHigh, Message: "p", Action: "a2"}, {Severity: SeverityLow, Message: "n"}}},
		AreaFindings{"booking", Findings{{Severity: SeverityMedium, Message: "b", Action: "a3"}}},
	)
	var got []string
	for _, r := range recs {
		got = append(got, r.Area+":"+r.Action)
	}
	if len(got) != 3 || got[0] != "photos:a2" || got[1] != "title:a1" || got[2] != "booking:a3" {
		t.Errorf("recommendations = %v", got)
	}
}

package httpapi

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/report"
)

// A report stored before fields of today's report existed is served to
// its owner in today's shape (report.WithPDFLink), never as stored: the
// browser checks the body against the schema and would show the host an
// error instead of the report they paid for. (backend/report's
// TestGoldenOldReportsServed checks that shape against the schema.)
func TestOldReportServedInTodaysShape(t *testing.T) {
	// As the first reports were stored: no overall score, band, layout,
	// ranked actions or task order; the old recommendations list.
	old := []byte(`{"package_type":"basic","title":"Lake house","platform":"vrbo",` +
		`"task_priorities":{"title_priority":"HIGH","pricing_priority":"LOW","photo_priority":"HIGH","experience_priority":"MEDIUM","booking_priority":"LOW"},` +
		`"recommendations":[{"area":"title","severity":"high","finding":"F.","action":"A."}],` +
		`"top_recommendations":[{"area":"title","severity":"high","finding":"F.","action":"A."}]}`)
	for name, links := range map[string]*pdfLinks{"no PDF store": {}, "no PDF links at all": nil} {
		t.Run(name, func(t *testing.T) {
			got, err := links.withPDFLink(&domain.Optimization{ID: "o1", PlanType: domain.PlanBasic, Results: old})
			if err != nil {
				t.Fatal(err)
			}
			want, err := report.WithPDFLink(old, "")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("served %s\nwant today's shape %s", got, want)
			}
			var served map[string]any
			if err := json.Unmarshal(got, &served); err != nil {
				t.Fatal(err)
			}
			for _, key := range []string{"overall_score", "overall_band", "section_scores", "layout", "actions", "task_order", "comparison"} {
				if _, ok := served[key]; !ok {
					t.Errorf("the served report lacks %s", key)
				}
			}
			if _, ok := served["recommendations"]; ok {
				t.Error("the served report keeps the old recommendations list")
			}
		})
	}
}

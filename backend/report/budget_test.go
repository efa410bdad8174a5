package report

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
)

// A photo server that answers nothing in the report's time: the report is
// made in time, its photo section says the quality was not assessed and
// why, and no quality figure stands in for the photos nobody measured —
// the photo score is the one made without measurements. A fetcher that
// ignores its context (never returns) does not hold the report either.
func TestPhotosNotMeasuredInTime(t *testing.T) {
	l := loadListing(t, "albany-house")
	plain, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	for name, fetch := range map[string]PhotoFetcherFunc{
		"fetches that end with their context": func(ctx context.Context, _ string) ([]byte, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
		"fetches that never return": func(context.Context, string) ([]byte, error) {
			select {}
		},
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			start := time.Now()
			r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Now: clock, Photos: fetch})
			if err != nil {
				t.Fatalf("report: %v", err)
			}
			if took := time.Since(start); took > 1500*time.Millisecond {
				t.Errorf("the report took %s of its 2s; the photos' share is 40%% of what is left", took)
			}
			q := r.PhotoAudit.Quality
			if q == nil || q.Measured != 0 || q.Failed != 0 || q.TimedOut != len(l.Photos) || q.Score != nil {
				t.Fatalf("quality %+v; want every photo not measured in time and no score", q)
			}
			for _, p := range q.Photos {
				if p.Error != analysis.PhotoNotInTime {
					t.Errorf("photo %s: error %q, want %q", p.URL, p.Error, analysis.PhotoNotInTime)
				}
			}
			const said = "Photo quality not assessed: the listing site's photo server sent none of the 14 photos in time for this report"
			if !strings.Contains(r.PhotoAudit.Explanation, said) || !strings.Contains(strings.Join(r.Warnings, " "), said) {
				t.Errorf("explanation %q, warnings %q; want %q in both", r.PhotoAudit.Explanation, r.Warnings, said)
			}
			if *r.PhotoAudit.Score != *plain.PhotoAudit.Score {
				t.Errorf("photo score %d, want %d (the score without measurements)", *r.PhotoAudit.Score, *plain.PhotoAudit.Score)
			}
		})
	}
}

package orders_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
	"github.com/listinglift/listinglift/backend/writing"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// slowReader reads the listing after a delay, like a slow listing site.
type slowReader struct {
	l     *listing.Listing
	delay time.Duration
}

func (s slowReader) Read(ctx context.Context, _ string) (*listing.Listing, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(s.delay):
		return s.l, nil
	}
}

// A paid Premium order whose listing reads slowly and whose copy model
// hangs completes, with the built-in copy and a note saying so — the model
// can never fail a paid order. Before: the model call ran into the job's
// own budget, the writer returned the job's deadline as its error, and the
// order failed and was refunded.
func TestSlowCopyModelLeavesThePaidOrderCompleted(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		blobs, err := local.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		model := geminitest.New(t, geminitest.Hang())
		g, err := writing.NewGemini(ctx, writing.GeminiConfig{APIKey: geminitest.Key, Model: geminitest.Model, BaseURL: model.URL,
			Timeout: time.Minute, Margin: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		pipe := orders.Pipeline{
			Listings: slowReader{loadFixture(t, "lisbon-loft"), time.Second},
			Writer:   g,
			PDF:      func(r *report.Result) ([]byte, error) { return pdfreport.Render(r, pdfreport.Options{}) },
			Blobs:    blobs,
		}
		// Room for the model to be asked even when the report's own stages
		// run slowly (the race detector on a loaded 2-core machine took over
		// 4 s once, and the model was then rightly not asked at all).
		budget := time.Second + writing.MinGeminiTime + 10*time.Second
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Reporter: pipe, Queue: &recordingQueue{}, JobBudget: budget})
		o := paidOrder(t, st, time.Now(), domain.PlanPremium)

		if err := svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1, Final: true}); err != nil {
			t.Fatalf("report job: %v", err)
		}
		got, err := st.GetOptimization(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != domain.StatusCompleted || got.Refund != nil || got.PDFPath == "" {
			t.Fatalf("order %s (failure %q, refund %+v, PDF %q); want completed with its PDF", got.Status, got.FailureReason, got.Refund, got.PDFPath)
		}
		var r report.Result
		if err := json.Unmarshal(got.Results, &r); err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{writing.PartTitles, writing.PartDescription, writing.PartAmenityCopy} {
			if r.Writers[part] != writing.NameBuiltin {
				t.Errorf("%s written by %q, want builtin", part, r.Writers[part])
			}
		}
		if notes := strings.Join(r.WriterNotes, " "); !strings.Contains(notes, "Gemini was not available (the request timed out)") {
			t.Errorf("writer notes = %q; want the reason the built-in copy is used", notes)
		}
		if model.Calls() != 1 {
			t.Errorf("%d model calls, want 1", model.Calls())
		}
	})
}

package orders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
	"github.com/listinglift/listinglift/backend/writing"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// slowPhotoServer serves a listing's photos over HTTP: the first fast of
// them at once, the others only after a minute (a photo CDN that stalls),
// unless the client gives up first. The fetcher maps each photo's URL to
// its position on the server.
func slowPhotoServer(t *testing.T, urls []string, fast int) report.PhotoFetcher {
	t.Helper()
	var buf bytes.Buffer
	// Small, so measuring the fast ones takes no time even on a busy
	// machine: the test is about the server's delay, not the decoding.
	img := image.NewGray(image.Rect(0, 0, 120, 80))
	for i := range img.Pix {
		img.Pix[i] = uint8((i * 7) % 251)
	}
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		fmt.Sscanf(r.URL.Path, "/photo/%d", &i)
		if i >= fast {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Minute):
			}
		}
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(buf.Bytes())
	}))
	t.Cleanup(srv.Close)
	pos := map[string]int{}
	for i, u := range urls {
		pos[u] = i
	}
	return report.PhotoFetcherFunc(func(ctx context.Context, u string) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/photo/%d", srv.URL, pos[u]), nil)
		if err != nil {
			return nil, err
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	})
}

// hangingLive is a live search that never answers before its caller gives
// up.
type hangingLive struct{}

func (hangingLive) Comparables(ctx context.Context, _ market.Query) (*market.Comparables, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestSlowPhotosLiveSearchAndModelStillCompleteThePaidOrder is issue 28's
// third finding: a paid Premium order whose photo server stalls, whose
// live search never answers and whose copy model hangs completes within
// the job's budget, measuring the photos that came in time, without live
// comparables and with the built-in copy, and says each of these where the
// host reads that section. Before, the photos had no limit of their own:
// they used up the budget, the job failed on every attempt and the order
// was refunded.
func TestSlowPhotosLiveSearchAndModelStillCompleteThePaidOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		blobs, err := local.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		l := loadFixture(t, "albany-house")
		var urls []string
		for _, p := range l.Photos {
			urls = append(urls, p.URL)
		}
		const fast = 5
		model := geminitest.New(t, geminitest.Hang())
		g, err := writing.NewGemini(ctx, writing.GeminiConfig{APIKey: geminitest.Key, Model: geminitest.Model, BaseURL: model.URL,
			Timeout: time.Minute, Total: time.Minute, Margin: 200 * time.Millisecond, MinTime: 500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		pipe := orders.Pipeline{
			Listings: fixtureReader{l},
			Photos:   slowPhotoServer(t, urls, fast),
			Live:     hangingLive{},
			Writer:   g,
			PDF:      func(r *report.Result) ([]byte, error) { return pdfreport.Render(r, pdfreport.Options{}) },
			Blobs:    blobs,
		}
		// The production budget (75 s) scaled down: every stage's share
		// scales with it.
		const budget = 6 * time.Second
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Reporter: pipe, Queue: &recordingQueue{}, JobBudget: budget})
		o := paidOrder(t, st, time.Now(), domain.PlanPremium)

		start := time.Now()
		err = svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1, Final: true})
		took := time.Since(start)
		if err != nil {
			t.Fatalf("report job: %v", err)
		}
		if took > budget {
			t.Errorf("the job took %s, over its %s budget", took.Round(time.Millisecond), budget)
		}
		got, err := st.GetOptimization(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != domain.StatusCompleted || got.Refund != nil || got.PDFPath == "" {
			t.Fatalf("order %s (failure %q, refund %+v, PDF %q); want completed with its PDF, nothing refunded",
				got.Status, got.FailureReason, got.Refund, got.PDFPath)
		}
		var r report.Result
		if err := json.Unmarshal(got.Results, &r); err != nil {
			t.Fatal(err)
		}
		t.Logf("took %s; photos: %s\nwarnings: %q\nwriter notes: %q", took.Round(time.Millisecond), r.PhotoAudit.Explanation, r.Warnings, r.WriterNotes)
		checkDegraded(t, &r, len(urls), fast)
	})
}

// checkDegraded checks what a host reads of a report whose photos, live
// search and copy model ran out of time.
func checkDegraded(t *testing.T, r *report.Result, photos, fast int) {
	t.Helper()
	// Photos: the ones measured in time are scored; the section says how
	// many of how many, and why not the rest.
	q := r.PhotoAudit.Quality
	if q == nil || q.Measured != fast || q.TimedOut != photos-fast || q.Score == nil {
		t.Fatalf("photo quality %+v; want %d measured, %d not measured in time", q, fast, photos-fast)
	}
	said := fmt.Sprintf("Only %d of the %d photos could be checked for size, light and sharpness", fast, photos)
	if !strings.Contains(r.PhotoAudit.Explanation, said) {
		t.Errorf("photo audit explanation %q does not say %q", r.PhotoAudit.Explanation, said)
	}
	if !strings.Contains(strings.Join(r.Warnings, " "), said) {
		t.Errorf("warnings %q do not say %q", r.Warnings, said)
	}
	// The live market: unavailable, said in the market section.
	if m := r.MarketAnalysisData; m.Available || m.Note != report.MsgLiveTimedOut {
		t.Errorf("market available %v, note %q; want the live search's time-out said", m.Available, m.Note)
	}
	// The copy: the built-in writer's, and the note says why.
	for _, part := range []string{writing.PartTitles, writing.PartDescription, writing.PartAmenityCopy} {
		if r.Writers[part] != writing.NameBuiltin {
			t.Errorf("%s written by %q, want builtin", part, r.Writers[part])
		}
	}
	// Asked and timed out (as a rule), or, on a machine slow enough that
	// too little time was left, not asked: either way said.
	notes := strings.Join(r.WriterNotes, " ")
	if !strings.Contains(notes, "Gemini was not available (the request timed out)") && !strings.Contains(notes, "Gemini was not asked (the report had too little time left)") {
		t.Errorf("writer notes = %q; want the reason the built-in copy is used", notes)
	}
}

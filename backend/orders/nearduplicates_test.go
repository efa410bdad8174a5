package orders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	gfs "cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/firestore"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

type fixtureReader struct{ l *listing.Listing }

func (f fixtureReader) Read(context.Context, string) (*listing.Listing, error) { return f.l, nil }

// TestPremiumWithNearDuplicatePhotosCompletes: hosts often upload
// near-identical shots; the Premium report that measures them must be
// stored on both adapters (Firestore refuses the arrays of pairs the report
// once held, and a paid order failed after five rebuilds).
func TestPremiumWithNearDuplicatePhotosCompletes(t *testing.T) {
	stores := map[string]func(t *testing.T) store.Aggregates{
		"sqlite": func(t *testing.T) store.Aggregates {
			s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "orders.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s.Aggregates()
		},
		"firestore": func(t *testing.T) store.Aggregates {
			if os.Getenv("FIRESTORE_EMULATOR_HOST") == "" {
				t.Skip("FIRESTORE_EMULATOR_HOST not set: make test starts the Firestore stand-in for this case")
			}
			c, err := gfs.NewClient(context.Background(), "demo-listinglift")
			if err != nil {
				t.Fatal(err)
			}
			s := firestore.NewWithClient(c)
			t.Cleanup(func() { s.Close() })
			return s.Aggregates()
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			st := open(t)
			blobs, err := local.New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			pipe := orders.Pipeline{
				Listings: fixtureReader{loadFixture(t, "albany-house")},
				Photos:   samePhoto(t),
				PDF:      func(r *report.Result) ([]byte, error) { return pdfreport.Render(r, pdfreport.Options{}) },
				Blobs:    blobs,
			}
			svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Reporter: pipe})
			uid := "near-dup-" + domain.NewID()[:10]
			if _, err := st.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "host@example.com", At: time.Now()}); err != nil {
				t.Fatal(err)
			}
			o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: uid, CustomerEmail: "host@example.com",
				ListingURL: "https://www.airbnb.com/rooms/48123456", PlanType: domain.PlanPremium, Amount: 19.99,
				Status: domain.StatusPending, CreatedAt: time.Now()})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.MarkPaid(ctx, o.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1, Final: true}); err != nil {
				t.Fatalf("report job: %v", err)
			}
			got, err := st.GetOptimization(ctx, o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != domain.StatusCompleted || got.PDFPath == "" {
				t.Fatalf("order %s, PDF %q, failure %q; want completed with a PDF", got.Status, got.PDFPath, got.FailureReason)
			}
			var r report.Result
			if err := json.Unmarshal(got.Results, &r); err != nil {
				t.Fatal(err)
			}
			q := r.PhotoAudit.Quality
			if q == nil || len(q.Duplicates) == 0 || q.Duplicates[0].B == 0 {
				t.Errorf("stored report lost its near-duplicate pairs: %+v", q)
			}
		})
	}
}

func loadFixture(t *testing.T, name string) *listing.Listing {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "report", "testdata", "listings", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var l listing.Listing
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	l.Finish()
	return &l
}

// samePhoto serves one image for every photo: every pair is a near-duplicate.
func samePhoto(t *testing.T) report.PhotoFetcher {
	t.Helper()
	var buf bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 1200, 800))
	for i := range img.Pix {
		img.Pix[i] = uint8(i % 239)
	}
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return report.PhotoFetcherFunc(func(context.Context, string) ([]byte, error) { return buf.Bytes(), nil })
}

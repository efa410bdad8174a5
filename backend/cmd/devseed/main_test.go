package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

func TestSeed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpsertCustomer(context.Background(), domain.Login{UID: "u1", Email: "a@b.c", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out bytes.Buffer
	if err := run(context.Background(), []string{"-db", db, "-uid", "u1", "-count", "12"}, &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != 12 {
		t.Errorf("printed %d rows, want 12", n)
	}
	st, _ = sqlite.Open(context.Background(), db)
	defer st.Close()
	page, err := st.ListOptimizations(context.Background(), "u1", 1, nil)
	if err != nil || page.Total != 12 || page.Items[0].ListingTitle != "Sample listing 12" {
		t.Fatalf("after seeding: %+v %v", page, err)
	}
	seen := map[domain.Status]bool{}
	for p := 1; p <= 3; p++ {
		pg, _ := st.ListOptimizations(context.Background(), "u1", p, nil)
		for _, row := range pg.Items {
			// The list reads summary fields only: the report is read
			// from the order itself.
			o, err := st.GetOptimization(context.Background(), row.ID)
			if err != nil {
				t.Fatal(err)
			}
			seen[o.Status] = true
			switch o.Status {
			case domain.StatusCompleted:
				var r map[string]any
				if o.CompletedAt == nil || json.Unmarshal(o.Results, &r) != nil || r["package_type"] != string(o.PlanType) || r["optimized_title"] == "" {
					t.Errorf("completed %s has no usable report: %s", o.ID, o.Results)
				}
			case domain.StatusFailed:
				if o.FailureReason == "" {
					t.Errorf("failed %s has no reason", o.ID)
				}
			case domain.StatusRefunded:
				if o.FailureReason == "" || o.Refund == nil || o.Refund.Amount != o.Amount {
					t.Errorf("refunded %s: reason %q refund %+v", o.ID, o.FailureReason, o.Refund)
				}
			case domain.StatusProcessing:
				if o.Stage != domain.StageWriting {
					t.Errorf("processing %s at stage %q", o.ID, o.Stage)
				}
			}
		}
	}
	if len(seen) != len(statuses) {
		t.Errorf("statuses seen %v, want all of %v", seen, statuses)
	}
	// The samples still processing are reports being made now: the
	// server's sweeper (orders processing 10 minutes after payment) must
	// not send them again under a test that looks at them.
	cut := time.Now().Add(-10 * time.Minute)
	if stuck, err := st.StuckOrders(context.Background(), cut, cut, 100); err != nil || len(stuck) != 0 {
		t.Errorf("the sweeper would take %d seeded orders (%v); want none", len(stuck), err)
	}
	c, _ := st.GetCustomer(context.Background(), "u1")
	if len(c.OptimizationIDs) != 12 || c.TotalOptimizations != 9 {
		t.Errorf("customer after seeding: %d ids, total %d; want 12 ids and 9 paid (the 3 pending are unpaid)", len(c.OptimizationIDs), c.TotalOptimizations)
	}
	if err := run(context.Background(), []string{"-db", db, "-uid", "nobody"}, &out); err == nil {
		t.Error("seeding an unknown customer must fail")
	}
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// `orders show` lists the stray payments refunded for an order (a second
// upgrade payment), and shows by its session a stray payment whose order
// is gone (issue 28).
func TestOrdersShowStrayRefunds(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "ll.db")
	getenv := env(map[string]string{"SQLITE_PATH": db, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
		ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for _, r := range []domain.StrayRefund{
		{SessionID: "cs_test_second", OptimizationID: o.ID, Amount: 15, Reason: "a second upgrade payment for one order", CreatedAt: at,
			Refund: &domain.Refund{ID: "re_second", Amount: 15, RefundedAt: at}},
		{SessionID: "cs_test_gone", OptimizationID: "GoneOrder12345678901", Amount: 4.99, Reason: "a payment for an order removed or deleted with its account", CreatedAt: at},
	} {
		if _, err := st.AddStrayRefund(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	out, _, err := runCLI(t, getenv, "orders", "show", o.ID)
	var shown struct {
		ID     string               `json:"id"`
		Strays []domain.StrayRefund `json:"strayRefunds"`
	}
	if err != nil || json.Unmarshal([]byte(out), &shown) != nil || shown.ID != o.ID || len(shown.Strays) != 1 ||
		shown.Strays[0].SessionID != "cs_test_second" || shown.Strays[0].Refund == nil || shown.Strays[0].Refund.ID != "re_second" {
		t.Fatalf("show with a stray refund: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, getenv, "orders", "show", "cs_test_gone")
	shown.Strays = nil
	if err != nil || json.Unmarshal([]byte(out), &shown) != nil || len(shown.Strays) != 1 || shown.Strays[0].Refund != nil ||
		shown.Strays[0].OptimizationID != "GoneOrder12345678901" {
		t.Fatalf("show of a deleted order's stray payment: %v\n%s", err, out)
	}
	if _, _, err := runCLI(t, getenv, "orders", "show", "NoSuchThing"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("show of an unknown id: %v; want not found", err)
	}
}

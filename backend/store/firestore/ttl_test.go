package firestore_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/firestore"
)

// Unpaid orders and Checkout Session markers do not stay for ever: an
// order created unpaid carries expireAt (store.UnpaidRetention after its
// creation) until it is paid, a session marker carries its own, and
// firestore.indexes.json declares the TTL policies that delete them. (The
// emulator runs no TTL policy: what is checked is what the policy reads.)
func TestUnpaidOrdersAndSessionMarkersExpire(t *testing.T) {
	ctx := context.Background()
	raw := client(t)
	s := firestore.NewWithClient(raw)
	t.Cleanup(func() { s.Close() })
	uid := "ttl-" + domain.NewID()
	created := time.Now().UTC().Truncate(time.Second)
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "a@example.com", At: created}); err != nil {
		t.Fatal(err)
	}
	expireAt := func(collection, id string) (time.Time, bool) {
		t.Helper()
		snap, err := raw.Collection(collection).Doc(id).Get(ctx)
		if err != nil {
			t.Fatalf("get %s/%s: %v", collection, id, err)
		}
		v, ok := snap.Data()["expireAt"].(time.Time)
		return v, ok
	}

	unpaid, err := s.AddOptimization(ctx, domain.Optimization{CustomerUID: uid, PlanType: domain.PlanBasic, Amount: 4.99,
		Status: domain.StatusPending, CreatedAt: created})
	if err != nil {
		t.Fatal(err)
	}
	if at, ok := expireAt("optimizations", unpaid.ID); !ok || !at.Equal(created.Add(store.UnpaidRetention)) {
		t.Errorf("unpaid order's expireAt %v (set %v); want %v", at, ok, created.Add(store.UnpaidRetention))
	}
	sid := "cs_test_ttl_" + domain.NewID()
	if err := s.SetCheckoutSession(ctx, unpaid.ID, sid); err != nil {
		t.Fatal(err)
	}
	if at, ok := expireAt("stripeSessions", sid); !ok || at.Before(time.Now().Add(store.UnpaidRetention-time.Hour)) {
		t.Errorf("session marker's expireAt %v (set %v); want about %s from now", at, ok, store.UnpaidRetention)
	}
	if _, err := s.MarkPaid(ctx, unpaid.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if at, ok := expireAt("optimizations", unpaid.ID); ok {
		t.Errorf("a paid order still expires at %v: its TTL would delete a bought report", at)
	}

	done := time.Now()
	finished, err := s.AddOptimization(ctx, domain.Optimization{CustomerUID: uid, PlanType: domain.PlanBasic, Amount: 4.99,
		Status: domain.StatusCompleted, CreatedAt: created, PaidAt: &done, CompletedAt: &done, Results: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if at, ok := expireAt("optimizations", finished.ID); ok {
		t.Errorf("a paid order created finished expires at %v", at)
	}

	var f struct {
		FieldOverrides []struct {
			CollectionGroup string `json:"collectionGroup"`
			FieldPath       string `json:"fieldPath"`
			TTL             bool   `json:"ttl"`
		} `json:"fieldOverrides"`
	}
	data, err := os.ReadFile("../../../firestore.indexes.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"optimizations", "stripeSessions", "paymentEvents"} {
		found := false
		for _, o := range f.FieldOverrides {
			found = found || (o.CollectionGroup == want && o.FieldPath == "expireAt" && o.TTL)
		}
		if !found {
			t.Errorf("firestore.indexes.json declares no TTL policy on %s.expireAt", want)
		}
	}
}

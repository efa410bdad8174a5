package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// testShareOnceThenOff: a completed report gets one share link, kept when
// shared again while live, stored exactly, ended by Unshared (and replaced
// by a new one after); an unfinished order cannot be shared.
func testShareOnceThenOff(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := completedPaid(t, s)
	first := domain.Share{ID: "AAAAAAAAAAAAAAAAAAAAAA", CreatedAt: t0.Add(time.Hour), ExpiresAt: t0.Add(time.Hour + 30*24*time.Hour)}
	if ok, err := s.Apply(ctx, o.ID, store.Shared(first)); err != nil || !ok {
		t.Fatalf("share: %v, %v", ok, err)
	}
	if got := get(t, s, o.ID).Share; got == nil || got.ID != first.ID || !got.CreatedAt.Equal(first.CreatedAt) || !got.ExpiresAt.Equal(first.ExpiresAt) {
		t.Fatalf("stored share %+v, want %+v", got, first)
	}
	again := first
	again.ID, again.CreatedAt = "BBBBBBBBBBBBBBBBBBBBBB", t0.Add(2*time.Hour)
	if ok, err := s.Apply(ctx, o.ID, store.Shared(again)); err != nil || ok {
		t.Fatalf("sharing a shared report again applied (%v, %v): the link sent first would stop working", ok, err)
	}
	if p, err := s.ListOptimizations(ctx, o.CustomerUID, 1, nil); err != nil || len(p.Items) != 1 || p.Items[0].Share == nil || p.Items[0].Share.ID != first.ID {
		t.Fatalf("the dashboard's row does not carry the share: %+v, %v", p, err)
	}
	if ok, err := s.Apply(ctx, o.ID, store.Unshared()); err != nil || !ok {
		t.Fatalf("stop sharing: %v, %v", ok, err)
	}
	if got := get(t, s, o.ID).Share; got != nil {
		t.Fatalf("after stop sharing the share is %+v", got)
	}
	if ok, _ := s.Apply(ctx, o.ID, store.Unshared()); ok {
		t.Fatal("stopping twice applied twice")
	}
	if ok, err := s.Apply(ctx, o.ID, store.Shared(again)); err != nil || !ok {
		t.Fatalf("sharing again after stopping: %v, %v", ok, err)
	}
	if got := get(t, s, o.ID).Share; got == nil || got.ID != again.ID {
		t.Fatalf("the new share is %+v", got)
	}
	if ok, err := s.Apply(ctx, paid(t, s).ID, store.Shared(first)); err != nil || ok {
		t.Fatalf("an unfinished order was shared: %v, %v", ok, err)
	}
}

// testReportScores: the newest completed reports with their overall score
// only, newest first, within the limit, and no one else's.
func testReportScores(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	var ids []string
	for i, score := range []int{40, 55, 0, 71} {
		o := pending(uid, t0.Add(time.Duration(i)*time.Hour))
		o.ListingURL = fmt.Sprintf("https://www.airbnb.com/rooms/%d", 100+i%2)
		added := add(t, s, o)
		if score > 0 {
			if _, err := s.MarkPaid(ctx, added.ID, o.CreatedAt.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			results := fmt.Sprintf(`{"overall_score":%d,"title":"a long report body","actions":[{"area":"photos"}]}`, score)
			if _, err := s.Complete(ctx, added.ID, []byte(results), o.CreatedAt.Add(2*time.Minute), false); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, added.ID)
	}
	add(t, s, pending(newCustomer(t, s), t0.Add(5*time.Hour))) // someone else's
	got, err := s.ListReportScores(ctx, uid, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id    string
		score int
	}{{ids[3], 71}, {ids[1], 55}, {ids[0], 40}}
	if len(got) != len(want) {
		t.Fatalf("got %d reports, want %d (completed ones only)", len(got), len(want))
	}
	for i, w := range want {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(got[i].Results, &r); err != nil {
			t.Fatal(err)
		}
		if got[i].ID != w.id || string(r["overall_score"]) != fmt.Sprint(w.score) || string(r["title"]) != `"a long report body"` || len(r) != 2 {
			t.Errorf("report %d: %s %s, want %s with only overall_score %d and the title", i, got[i].ID, got[i].Results, w.id, w.score)
		}
		if got[i].ListingURL == "" || got[i].PaidAt == nil || got[i].ListingDescription != "" {
			t.Errorf("report %d lacks the summary fields or carries the description: %+v", i, got[i])
		}
	}
	if got, err := s.ListReportScores(ctx, uid, 2); err != nil || len(got) != 1 || got[0].ID != ids[3] {
		t.Fatalf("limit 2 (the newest two orders, one unfinished) = %d reports, %v", len(got), err)
	}
}

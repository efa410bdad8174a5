package store

import (
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Which reports can be shared, and what sharing and stopping do, decided
// once for both adapters (their contract cases run the same changes).
func TestShareChanges(t *testing.T) {
	at := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	paid := at.Add(-time.Hour)
	share := domain.Share{ID: "new", CreatedAt: at, ExpiresAt: at.Add(30 * 24 * time.Hour)}
	live := &domain.Share{ID: "live", CreatedAt: at.Add(-time.Hour), ExpiresAt: at.Add(time.Hour)}
	expired := &domain.Share{ID: "old", CreatedAt: at.Add(-31 * 24 * time.Hour), ExpiresAt: at.Add(-time.Hour)}
	completed := domain.Optimization{Status: domain.StatusCompleted, PaidAt: &paid}
	with := func(o domain.Optimization, f func(*domain.Optimization)) domain.Optimization { f(&o); return o }
	for _, tc := range []struct {
		name      string
		o         domain.Optimization
		shareable bool
		shared    string // the share after Shared(share); "" when it does not apply
	}{
		{"a completed report", completed, true, "new"},
		{"a completed re-check (free, paid at its order)", with(completed, func(o *domain.Optimization) { o.RecheckOf = "b1" }), true, "new"},
		{"one already shared", with(completed, func(o *domain.Optimization) { o.Share = live }), true, ""},
		{"one whose link expired", with(completed, func(o *domain.Optimization) { o.Share = expired }), true, "new"},
		{"refunded", with(completed, func(o *domain.Optimization) { o.Status, o.Refund = domain.StatusRefunded, &domain.Refund{} }), false, ""},
		{"unpaid", domain.Optimization{Status: domain.StatusPending}, false, ""},
		{"still being made", domain.Optimization{Status: domain.StatusProcessing, PaidAt: &paid}, false, ""},
		{"failed", domain.Optimization{Status: domain.StatusFailed, PaidAt: &paid}, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			if got := Shareable(&o); got != tc.shareable {
				t.Errorf("Shareable = %v, want %v", got, tc.shareable)
			}
			before := o.Share
			applied := Shared(share)(&o)
			if applied != (tc.shared != "") {
				t.Fatalf("Shared applied = %v, want %v", applied, tc.shared != "")
			}
			if applied && o.Share.ID != tc.shared || !applied && o.Share != before {
				t.Errorf("share after = %+v", o.Share)
			}
			had := o.Share != nil
			if Unshared()(&o) != had || o.Share != nil {
				t.Errorf("Unshared: the share %+v is not ended (had one: %v)", o.Share, had)
			}
		})
	}
}

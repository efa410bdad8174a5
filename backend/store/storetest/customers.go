package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// t0 has microseconds, the finest precision both stores keep, and is not in
// UTC, so the cases also check that stores hand times back in UTC.
var t0 = time.Date(2025, 3, 14, 9, 26, 53, 123456000, time.FixedZone("EST", -5*60*60))

func testUpsertCreates(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	login := domain.Login{UID: newUID(t), Email: "ana@example.com", DisplayName: "Ana Host", At: t0}
	want := domain.Customer{
		UID: login.UID, Email: login.Email, DisplayName: login.DisplayName,
		CreatedAt: t0, UpdatedAt: t0, LastLoginAt: t0,
		TotalOptimizations: 0, ProfileComplete: true, OptimizationIDs: []string{},
	}

	got, err := s.UpsertCustomer(ctx, login)
	if err != nil {
		t.Fatalf("UpsertCustomer: %v", err)
	}
	checkCustomer(t, "UpsertCustomer", got, want)

	got, err = s.GetCustomer(ctx, login.UID)
	if err != nil {
		t.Fatalf("GetCustomer: %v", err)
	}
	checkCustomer(t, "GetCustomer", got, want)
}

func testUpsertUpdates(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newUID(t)
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "old@example.com", DisplayName: "Old Name", At: t0}); err != nil {
		t.Fatalf("first UpsertCustomer: %v", err)
	}
	t1 := t0.Add(36*time.Hour + 7*time.Microsecond)
	want := domain.Customer{
		UID: uid, Email: "new@example.com", DisplayName: "New Name",
		CreatedAt: t0, UpdatedAt: t1, LastLoginAt: t1,
		TotalOptimizations: 0, ProfileComplete: true, OptimizationIDs: []string{},
	}

	got, err := s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: want.Email, DisplayName: want.DisplayName, At: t1})
	if err != nil {
		t.Fatalf("second UpsertCustomer: %v", err)
	}
	checkCustomer(t, "second UpsertCustomer", got, want)

	got, err = s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatalf("GetCustomer: %v", err)
	}
	checkCustomer(t, "GetCustomer", got, want)
}

func testGetCustomerUnknown(t *testing.T, s store.Aggregates) {
	_, err := s.GetCustomer(context.Background(), newUID(t))
	if !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("GetCustomer(unknown uid) error = %v, want domain.ErrNotFound", err)
	}
}

// testEmptyIDs: an empty id names nothing. Reads find nothing and writes
// fail, rather than creating a record no one can address.
func testEmptyIDs(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	if c, err := s.UpsertCustomer(ctx, domain.Login{Email: "a@example.com", At: t0}); err == nil {
		t.Errorf("UpsertCustomer with empty uid succeeded (%+v), want an error", c)
	}
	if _, err := s.GetCustomer(ctx, ""); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("GetCustomer(\"\") error = %v, want domain.ErrNotFound", err)
	}
	if o, err := s.AddOptimization(ctx, pending("", t0)); err == nil {
		t.Errorf("AddOptimization with empty customer uid succeeded with id %s, want an error", o.ID)
	}
	if _, err := s.GetOptimization(ctx, ""); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("GetOptimization(\"\") error = %v, want domain.ErrNotFound", err)
	}
}

// testConcurrentUpsert is "transactions under contention": several first
// sign-ins of one new uid at once (tabs, retries) must all succeed and leave
// one customer whose fields all come from one of the logins, never a mix
// and never reset counters.
func testConcurrentUpsert(t *testing.T, s store.Aggregates) {
	const n = 8
	ctx := context.Background()
	uid := newUID(t)
	logins := make([]domain.Login, n)
	for i := range logins {
		logins[i] = domain.Login{
			UID:         uid,
			Email:       fmt.Sprintf("tab%d@example.com", i),
			DisplayName: fmt.Sprintf("Tab %d", i),
			At:          t0.Add(time.Duration(i) * time.Second),
		}
	}

	errs := make([]error, n)
	got := make([]*domain.Customer, n)
	var wg sync.WaitGroup
	for i := range logins {
		wg.Go(func() { got[i], errs[i] = s.UpsertCustomer(ctx, logins[i]) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("UpsertCustomer #%d: %v", i, err)
			continue
		}
		checkSaneAfterRace(t, fmt.Sprintf("UpsertCustomer #%d", i), got[i], logins)
	}

	final, err := s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatalf("GetCustomer: %v", err)
	}
	checkSaneAfterRace(t, "GetCustomer", final, logins)
}

// checkSaneAfterRace checks c is a customer some login created and some
// login (the same or another) last updated.
func checkSaneAfterRace(t *testing.T, what string, c *domain.Customer, logins []domain.Login) {
	t.Helper()
	created, last := -1, -1
	for i, l := range logins {
		if c.CreatedAt.Equal(l.At) {
			created = i
		}
		if c.LastLoginAt.Equal(l.At) {
			last = i
		}
	}
	if created < 0 {
		t.Errorf("%s: createdAt %v is none of the logins' times", what, c.CreatedAt)
	}
	if last < 0 {
		t.Errorf("%s: lastLoginAt %v is none of the logins' times", what, c.LastLoginAt)
		return
	}
	l := logins[last]
	want := domain.Customer{
		UID: l.UID, Email: l.Email, DisplayName: l.DisplayName,
		CreatedAt: c.CreatedAt, UpdatedAt: l.At, LastLoginAt: l.At,
		TotalOptimizations: 0, ProfileComplete: true, OptimizationIDs: []string{},
	}
	checkCustomer(t, what, c, want)
}

func checkCustomer(t *testing.T, what string, got *domain.Customer, want domain.Customer) {
	t.Helper()
	if got == nil {
		t.Errorf("%s returned a nil customer", what)
		return
	}
	var diffs []string
	diff := func(field string, g, w any) { diffs = append(diffs, fmt.Sprintf("%s = %v, want %v", field, g, w)) }
	if got.UID != want.UID {
		diff("uid", got.UID, want.UID)
	}
	if got.Email != want.Email {
		diff("email", got.Email, want.Email)
	}
	if got.DisplayName != want.DisplayName {
		diff("displayName", got.DisplayName, want.DisplayName)
	}
	for _, f := range []struct {
		name      string
		got, want time.Time
	}{
		{"createdAt", got.CreatedAt, want.CreatedAt},
		{"updatedAt", got.UpdatedAt, want.UpdatedAt},
		{"lastLoginAt", got.LastLoginAt, want.LastLoginAt},
	} {
		if msg := timeDiff(f.got, f.want); msg != "" {
			diffs = append(diffs, f.name+" "+msg)
		}
	}
	if got.TotalOptimizations != want.TotalOptimizations {
		diff("totalOptimizations", got.TotalOptimizations, want.TotalOptimizations)
	}
	if got.ProfileComplete != want.ProfileComplete {
		diff("profileComplete", got.ProfileComplete, want.ProfileComplete)
	}
	if got.OptimizationIDs == nil {
		diffs = append(diffs, "optimizationIds is nil, want a non-nil slice")
	} else if fmt.Sprint(got.OptimizationIDs) != fmt.Sprint(want.OptimizationIDs) {
		diff("optimizationIds", got.OptimizationIDs, want.OptimizationIDs)
	}
	for _, d := range diffs {
		t.Errorf("%s: %s", what, d)
	}
}

// timeDiff describes how got differs from want: a different instant, or the
// right instant outside UTC. It returns "" when they match.
func timeDiff(got, want time.Time) string {
	switch {
	case !got.Equal(want):
		return fmt.Sprintf("= %v, want %v", got, want.UTC())
	case got.Location() != time.UTC:
		return fmt.Sprintf("is in %v, want UTC", got.Location())
	}
	return ""
}

// customersSuite is the Customers contract: the hosts' profiles.
func customersSuite() suite {
	return suite{"Customers", []contractCase{
		{"UpsertCreatesCustomerWithDefaults", testUpsertCreates},
		{"UpsertUpdatesExistingCustomer", testUpsertUpdates},
		{"GetCustomerUnknown", testGetCustomerUnknown},
		{"EmptyIDs", testEmptyIDs},
		{"ConcurrentUpsertSameNewCustomer", testConcurrentUpsert},
		{"AppendCustomerOptimization", testAppendCustomerOptimization},
		{"CustomerOptimizationIDsCapped", testCustomerOptimizationIDsCapped},
	}}
}

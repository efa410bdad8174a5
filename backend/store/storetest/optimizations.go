package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// sampleResults is a report as the job stores it: nested objects, lists,
// numbers, null and non-ASCII text.
const sampleResults = `{
	"package_type": "` + string(domain.PlanPremium) + `",
	"title_suggestions": ["Sunny Loft · Walk to Beach", "Loft near the Pier"],
	"guest_rating": 4.2,
	"competitive_scores": {"market_positioning": 82, "amenity_score": 71.5},
	"revenue_projections": {"revenue_impact": 28},
	"pdf_download_url": null,
	"image_urls": []
}`

// newCustomer creates a customer for optimizations to belong to.
func newCustomer(t *testing.T, s store.Aggregates) string {
	t.Helper()
	uid := newUID(t)
	if _, err := s.UpsertCustomer(context.Background(), domain.Login{UID: uid, Email: "host@example.com", DisplayName: "Host", At: t0}); err != nil {
		t.Fatalf("UpsertCustomer: %v", err)
	}
	return uid
}

// newSessionID returns a Stripe-like Checkout Session id unique to this run;
// the session lookup is global, so ids must not collide across tests.
func newSessionID() string { return "cs_test_" + domain.NewID() }

func pending(uid string, createdAt time.Time) domain.Optimization {
	return domain.Optimization{
		CustomerUID: uid, CustomerEmail: "host@example.com",
		ListingURL:   "https://www.airbnb.com/rooms/12345",
		ListingTitle: "Cozy loft", ListingDescription: "Two rooms near the beach.",
		PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending,
		CreatedAt: createdAt,
	}
}

func add(t *testing.T, s store.Aggregates, o domain.Optimization) *domain.Optimization {
	t.Helper()
	got, err := s.AddOptimization(context.Background(), o)
	if err != nil {
		t.Fatalf("AddOptimization: %v", err)
	}
	return got
}

func testAddRoundTrip(t *testing.T, s store.Aggregates) {
	uid := newCustomer(t, s)
	completedAt := t0.Add(47*time.Second + 3*time.Microsecond)

	basic := pending(uid, t0)
	premium := domain.Optimization{
		CustomerUID: uid, CustomerEmail: "other-address@example.com",
		ListingURL:   "https://www.vrbo.com/987654",
		ListingTitle: "Chalet «Edelweiß»", ListingDescription: "Line one.\nLine two — with ünïcode.",
		PlanType: domain.PlanPremium, Amount: 19.99, Status: domain.StatusCompleted,
		CreatedAt: t0.Add(time.Minute), CompletedAt: &completedAt,
		Results:         json.RawMessage(sampleResults),
		StripeSessionID: newSessionID(),
		TypedDetails:    true,
	}

	for _, tc := range []struct {
		name string
		in   domain.Optimization
	}{
		{"basic pending without results", basic},
		{"premium completed with results", premium},
		{"id in input is ignored", func() domain.Optimization { o := basic; o.ID = "caller-chosen"; return o }()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			added := add(t, s, tc.in)
			if added.ID == "" || added.ID == tc.in.ID {
				t.Fatalf("AddOptimization gave id %q, want a new non-empty id", added.ID)
			}
			want := tc.in
			want.ID = added.ID
			checkOptimization(t, "AddOptimization", added, want)

			got, err := s.GetOptimization(ctx, added.ID)
			if err != nil {
				t.Fatalf("GetOptimization: %v", err)
			}
			checkOptimization(t, "GetOptimization", got, want)
		})
	}
}

func testAddUnknownCustomer(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newUID(t)
	if o, err := s.AddOptimization(ctx, pending(uid, t0)); err == nil {
		t.Fatalf("AddOptimization for unknown customer %s succeeded with id %s, want an error", uid, o.ID)
	}
	p, err := s.ListOptimizations(ctx, uid, 1, nil)
	if err != nil {
		t.Fatalf("ListOptimizations: %v", err)
	}
	if p.Total != 0 || len(p.Items) != 0 {
		t.Errorf("after the failed add, the unknown customer has %d optimizations (%d listed), want none", p.Total, len(p.Items))
	}
}

// testAddInvalidResults: a report is a JSON object (SPEC §3 "Backend
// optimization result"); anything else is a bug to surface, not to store.
func testAddInvalidResults(t *testing.T, s store.Aggregates) {
	uid := newCustomer(t, s)
	for _, results := range []string{`{"title_suggestions": [`, `["a", "b"]`, `"text"`, `42`} {
		o := pending(uid, t0)
		o.Results = json.RawMessage(results)
		if got, err := s.AddOptimization(context.Background(), o); err == nil {
			t.Errorf("AddOptimization with results %s succeeded with id %s, want an error", results, got.ID)
		}
	}
}

func testGetOptimizationUnknown(t *testing.T, s store.Aggregates) {
	_, err := s.GetOptimization(context.Background(), domain.NewID())
	if !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("GetOptimization(unknown id) error = %v, want domain.ErrNotFound", err)
	}
}

func testFindBySession(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	// One without a session first: the empty id must not match it.
	add(t, s, pending(uid, t0))
	var added []*domain.Optimization
	for i := range 3 {
		o := pending(uid, t0.Add(time.Duration(i+1)*time.Minute))
		o.StripeSessionID = newSessionID()
		added = append(added, add(t, s, o))
	}

	for _, want := range added {
		got, err := s.FindOptimizationBySession(ctx, want.StripeSessionID)
		if err != nil {
			t.Errorf("FindOptimizationBySession(%s): %v", want.StripeSessionID, err)
			continue
		}
		checkOptimization(t, "FindOptimizationBySession("+want.StripeSessionID+")", got, *want)
	}

	for _, id := range []string{newSessionID(), ""} {
		if got, err := s.FindOptimizationBySession(ctx, id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("FindOptimizationBySession(%q) = %v, %v; want domain.ErrNotFound", id, got, err)
		}
	}
}

// listFixture is 12 optimizations a minute apart for one customer and 3
// newer ones for another (a missing filter would put those on page 1).
type listFixture struct {
	uid, other  string
	newestFirst []string // uid's ids
	others      []string // other's ids, newest first
}

func newListFixture(t *testing.T, s store.Aggregates) listFixture {
	t.Helper()
	f := listFixture{uid: newCustomer(t, s), other: newCustomer(t, s)}
	const n = 12
	// Added in shuffled order, so insertion order cannot pass for newest
	// first; byAge[m] is the id created at t0+m minutes.
	byAge := make([]string, n)
	for _, m := range rand.Perm(n) {
		byAge[m] = add(t, s, pending(f.uid, t0.Add(time.Duration(m)*time.Minute))).ID
	}
	f.newestFirst = slices.Clone(byAge)
	slices.Reverse(f.newestFirst)
	for i := range 3 {
		f.others = append(f.others, add(t, s, pending(f.other, t0.Add(time.Hour+time.Duration(i)*time.Minute))).ID)
	}
	slices.Reverse(f.others)
	return f
}

type pageCase struct {
	page, wantPage int
	want           func(f listFixture) []string
}

func (f listFixture) check(t *testing.T, s store.Aggregates, cases []pageCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(fmt.Sprintf("page %d", tc.page), func(t *testing.T) {
			p, err := s.ListOptimizations(context.Background(), f.uid, tc.page, nil)
			if err != nil {
				t.Fatalf("ListOptimizations: %v", err)
			}
			checkPage(t, p, tc.wantPage, len(f.newestFirst), tc.want(f))
			for _, o := range p.Items {
				if o.CustomerUID != f.uid || slices.Contains(f.others, o.ID) {
					t.Errorf("page lists %s of customer %s, want only %s's", o.ID, o.CustomerUID, f.uid)
				}
			}
		})
	}
}

// testListFirstPage: filter, newest-first order, page size, the total, and
// pages below 1 meaning 1.
func testListFirstPage(t *testing.T, s store.Aggregates) {
	f := newListFixture(t, s)
	first := func(f listFixture) []string { return f.newestFirst[0:5] }
	f.check(t, s, []pageCase{{1, 1, first}, {0, 1, first}, {-3, 1, first}})

	p, err := s.ListOptimizations(context.Background(), f.other, 1, nil)
	if err != nil {
		t.Fatalf("ListOptimizations(other customer): %v", err)
	}
	checkPage(t, p, 1, len(f.others), f.others)
}

// testListLaterPages: pages past the first skip exactly the earlier ones.
func testListLaterPages(t *testing.T, s store.Aggregates) {
	f := newListFixture(t, s)
	f.check(t, s, []pageCase{
		{2, 2, func(f listFixture) []string { return f.newestFirst[5:10] }},
		{3, 3, func(f listFixture) []string { return f.newestFirst[10:12] }},
		{4, 4, func(listFixture) []string { return nil }},
	})
}

// testListTies: optimizations created in the same microsecond come newest
// id first (SQLite ORDER BY id DESC; Firestore's implicit __name__ order),
// so paging is deterministic.
func testListTies(t *testing.T, s store.Aggregates) {
	uid := newCustomer(t, s)
	var ids []string
	for range domain.PageSize {
		ids = append(ids, add(t, s, pending(uid, t0)).ID)
	}
	slices.Sort(ids)
	slices.Reverse(ids)
	p, err := s.ListOptimizations(context.Background(), uid, 1, nil)
	if err != nil {
		t.Fatalf("ListOptimizations: %v", err)
	}
	checkPage(t, p, 1, len(ids), ids)
}

func testListEmpty(t *testing.T, s store.Aggregates) {
	p, err := s.ListOptimizations(context.Background(), newCustomer(t, s), 1, nil)
	if err != nil {
		t.Fatalf("ListOptimizations: %v", err)
	}
	if p.Items == nil {
		t.Errorf("Items is nil, want an empty non-nil slice (it encodes as [] for the dashboard)")
	}
	checkPage(t, p, 1, 0, nil)
}

func checkPage(t *testing.T, p *domain.OptimizationPage, page, total int, wantIDs []string) {
	t.Helper()
	var got []string
	for _, o := range p.Items {
		got = append(got, o.ID)
	}
	if p.Page != page || p.PageSize != domain.PageSize || p.Total != total {
		t.Errorf("page %d, size %d, total %d; want page %d, size %d, total %d",
			p.Page, p.PageSize, p.Total, page, domain.PageSize, total)
	}
	if !slices.Equal(got, wantIDs) {
		t.Errorf("items %v\nwant      %v", got, wantIDs)
	}
}

func checkOptimization(t *testing.T, what string, got *domain.Optimization, want domain.Optimization) {
	t.Helper()
	if got == nil {
		t.Errorf("%s returned a nil optimization", what)
		return
	}
	var diffs []string
	diff := func(field string, g, w any) { diffs = append(diffs, fmt.Sprintf("%s = %q, want %q", field, g, w)) }
	for _, f := range []struct{ name, got, want string }{
		{"id", got.ID, want.ID},
		{"customerUid", got.CustomerUID, want.CustomerUID},
		{"customerEmail", got.CustomerEmail, want.CustomerEmail},
		{"listingUrl", got.ListingURL, want.ListingURL},
		{"listingTitle", got.ListingTitle, want.ListingTitle},
		{"listingDescription", got.ListingDescription, want.ListingDescription},
		{"planType", string(got.PlanType), string(want.PlanType)},
		{"status", string(got.Status), string(want.Status)},
		{"stripeSessionId", got.StripeSessionID, want.StripeSessionID},
	} {
		if f.got != f.want {
			diff(f.name, f.got, f.want)
		}
	}
	if got.Amount != want.Amount {
		diffs = append(diffs, fmt.Sprintf("amount = %v, want %v", got.Amount, want.Amount))
	}
	if got.TypedDetails != want.TypedDetails {
		diffs = append(diffs, fmt.Sprintf("typedDetails = %v, want %v", got.TypedDetails, want.TypedDetails))
	}
	if msg := timeDiff(got.CreatedAt, want.CreatedAt); msg != "" {
		diffs = append(diffs, "createdAt "+msg)
	}
	switch {
	case (got.CompletedAt == nil) != (want.CompletedAt == nil):
		diffs = append(diffs, fmt.Sprintf("completedAt = %v, want %v", got.CompletedAt, want.CompletedAt))
	case got.CompletedAt != nil:
		if msg := timeDiff(*got.CompletedAt, *want.CompletedAt); msg != "" {
			diffs = append(diffs, "completedAt "+msg)
		}
	}
	if msg := jsonDiff(got.Results, want.Results); msg != "" {
		diffs = append(diffs, "results "+msg)
	}
	for _, d := range diffs {
		t.Errorf("%s: %s", what, d)
	}
}

// jsonDiff compares two reports as JSON values: stores may re-encode them
// (key order, spacing, 82 vs 82.0), but not change what they say. An empty
// report must stay empty.
func jsonDiff(got, want json.RawMessage) string {
	if len(want) == 0 {
		if len(got) != 0 {
			return fmt.Sprintf("= %s, want none", got)
		}
		return ""
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		return fmt.Sprintf("%q do not parse: %v", got, err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Sprintf("(want) do not parse: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Sprintf("= %s\nwant %s", got, strings.Join(strings.Fields(string(want)), " "))
	}
	return ""
}

// testListPagesByCursor: the dashboard pages with the cursor each page
// hands out. Every page is what the numbered page gives (the same items in
// the same order, the same total, ties in createdAt by id, another host's
// newer orders left out), and each reads at most PageSize+1 documents
// (the offset paging it replaces read every earlier page again).
func testListPagesByCursor(t *testing.T, s store.Aggregates) {
	f := newListFixture(t, s)
	// Ties across a page boundary: two more at the time of the 6th newest.
	tied := []string{add(t, s, pending(f.uid, t0.Add(6*time.Minute))).ID, add(t, s, pending(f.uid, t0.Add(6*time.Minute))).ID}
	want := expectedOrder(t, s, f.uid, f.newestFirst, tied)
	var after *domain.PageCursor
	for page := 1; ; page++ {
		p, err := s.ListOptimizations(context.Background(), f.uid, page, after)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		lo := min((page-1)*domain.PageSize, len(want))
		hi := min(lo+domain.PageSize, len(want))
		checkPage(t, p, page, len(want), want[lo:hi])
		if p.Read > domain.PageSize+1 {
			t.Errorf("page %d read %d documents, want at most %d", page, p.Read, domain.PageSize+1)
		}
		for _, o := range p.Items {
			if len(o.Results) != 0 {
				t.Errorf("page %d read the report of %s: the list reads summary fields only", page, o.ID)
			}
		}
		if p.Next == nil {
			if hi != len(want) {
				t.Errorf("page %d has no next cursor but %d items follow", page, len(want)-hi)
			}
			break
		}
		next, err := domain.ParsePageCursor(p.Next.String())
		if err != nil || next.ID != p.Next.ID || !next.CreatedAt.Equal(p.Next.CreatedAt) {
			t.Fatalf("cursor %q does not survive the API: %+v, %v", p.Next.String(), next, err)
		}
		after = next
		if page > 10 {
			t.Fatal("paging does not end")
		}
	}
}

// expectedOrder is newestFirst with the tied ids placed as the contract
// orders ties: among equal createdAt, higher id first.
func expectedOrder(t *testing.T, s store.Aggregates, uid string, newestFirst, extra []string) []string {
	t.Helper()
	all := append(slices.Clone(newestFirst), extra...)
	at := map[string]time.Time{}
	for _, id := range all {
		at[id] = get(t, s, id).CreatedAt
	}
	slices.SortStableFunc(all, func(a, b string) int {
		if c := at[b].Compare(at[a]); c != 0 {
			return c
		}
		return strings.Compare(b, a)
	})
	return all
}

// ordersSuite is the Orders contract: the orders as read, and
// Apply's Changes (money, shares).
func ordersSuite() suite {
	return suite{"Orders", []contractCase{
		{"GetOptimizationUnknown", testGetOptimizationUnknown},
		{"FindOptimizationBySession", testFindBySession},
		{"ListFirstPageNewestFirst", testListFirstPage},
		{"ListLaterPages", testListLaterPages},
		{"ListTiesNewestIDFirst", testListTies},
		{"ListEmpty", testListEmpty},
		{"ListPagesByCursor", testListPagesByCursor},
		{"InvalidKeysAreNotFound", testInvalidKeysAreNotFound},
		{"ReportScores", testReportScores},
		// Apply's Changes
		{"CheckoutOpenedThenExpired", testCheckoutOpenedThenExpired},
		{"RefundedOnce", testRefundedOnce},
		{"UpgradeOnce", testUpgradeOnce},
		{"ConcurrentMoneySteps", testConcurrentMoneySteps},
		{"ShareOnceThenOff", testShareOnceThenOff},
	}}
}

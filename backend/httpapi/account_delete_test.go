package httpapi

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// deleteEnv is the API with account deletion: SQLite, a local blob store,
// and the Auth emulator both verifying tokens and deleting users.
type deleteEnv struct {
	*apiEnv
	blobs    blob.Store
	accounts auth.Accounts
}

func newDeleteEnv(t *testing.T, st store.Aggregates, wrap func(auth.Accounts) auth.Accounts) *deleteEnv {
	t.Helper()
	emu, v := realParts(t)
	blobs, err := local.New(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	var accounts auth.Accounts = v.(*auth.Firebase)
	if wrap != nil {
		accounts = wrap(accounts)
	}
	d := Deps{Customers: st, OrderReads: st, Deleted: st, Auth: v, Blobs: blobs,
		Deletion: &deletion.Deleter{Store: st, Blobs: blobs, Users: accounts}}
	return &deleteEnv{apiEnv: &apiEnv{url: serve(t, d), store: st, emu: emu, deps: d}, blobs: blobs, accounts: accounts}
}

// host signs up and signs in (POST /api/me), with n orders seeded.
func (e *deleteEnv) host(t *testing.T, name string, n int) (authtest.User, []string) {
	t.Helper()
	u := e.emu.SignUp(t, name)
	if status, body := e.call(t, "POST", "/api/me", u.IDToken, "{}"); status != 200 {
		t.Fatalf("sign-in: %d %v", status, body)
	}
	return u, seed(t, e.apiEnv, u.UID, n)
}

// paid marks order id paid; with pdf it also stores its PDF and completes
// it (a finished Premium report), else it stays processing.
func (e *deleteEnv) paid(t *testing.T, id string, complete, pdf bool) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.store.MarkPaid(ctx, id, time.Now()); err != nil {
		t.Fatal(err)
	}
	if pdf {
		if err := e.blobs.Put(ctx, blob.ReportKey(id), []byte("%PDF-1.7 report"), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		if err := e.store.SetPDF(ctx, id, blob.ReportKey(id)); err != nil {
			t.Fatal(err)
		}
	}
	if complete {
		if _, err := e.store.Complete(ctx, id, []byte(`{"package_type":"premium"}`), time.Now(), false); err != nil {
			t.Fatal(err)
		}
	}
}

func (e *deleteEnv) hasPDF(t *testing.T, id string) bool {
	t.Helper()
	_, _, err := e.blobs.Get(context.Background(), blob.ReportKey(id))
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		t.Fatal(err)
	}
	return err == nil
}

func (e *deleteEnv) orders(t *testing.T, uid string) int {
	t.Helper()
	p, err := e.store.ListOptimizations(context.Background(), uid, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p.Total
}

func deleted(body map[string]any) (orders, pdfs any) {
	d, _ := body["deleted"].(map[string]any)
	return d["orders"], d["pdfs"]
}

// DELETE /api/me deletes the caller's orders, PDFs, customer record and
// Firebase user, and nobody else's.
func TestDeleteAccount(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newDeleteEnv(t, records, nil)
		ana, anaIDs := e.host(t, "Ana", 3)
		bob, bobIDs := e.host(t, "Bob", 2)
		e.paid(t, anaIDs[0], true, true)  // a finished Premium report with its PDF
		e.paid(t, anaIDs[1], true, false) // a finished Basic report; anaIDs[2] is pending, unpaid
		e.paid(t, bobIDs[0], true, true)

		status, body := e.call(t, "DELETE", "/api/me", ana.IDToken, "")
		if orders, pdfs := deleted(body); status != 200 || body["success"] != true || orders != float64(3) || pdfs != float64(1) {
			t.Fatalf("DELETE /api/me: %d %v; want 200 with 3 orders and 1 PDF", status, body)
		}
		for _, id := range anaIDs {
			if _, err := e.store.GetOptimization(context.Background(), id); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("Ana's order %s: %v; want it deleted", id, err)
			}
		}
		if e.hasPDF(t, anaIDs[0]) {
			t.Error("Ana's PDF is still in the blob store")
		}
		if _, err := e.store.GetCustomer(context.Background(), ana.UID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Ana's customer record: %v; want it deleted", err)
		}
		if e.emu.UserExists(t, ana.UID) {
			t.Error("Ana is still a user in the Auth emulator")
		}

		// Bob's records, PDF and sign-in are untouched.
		if n := e.orders(t, bob.UID); n != 2 || !e.hasPDF(t, bobIDs[0]) || !e.emu.UserExists(t, bob.UID) {
			t.Errorf("Bob after Ana's deletion: %d orders, PDF %v, user %v", n, e.hasPDF(t, bobIDs[0]), e.emu.UserExists(t, bob.UID))
		}
		if status, _ := e.call(t, "GET", "/api/me", bob.IDToken, ""); status != 200 {
			t.Errorf("Bob's profile: %d", status)
		}

		// Ana's token, still unexpired, is refused from now on: the emulator
		// has no such user, and (in production too, where an ID token is
		// checked by signature only until it expires) her tombstone answers
		// 401 on every route but DELETE /api/me, which may finish a deletion
		// (here it meets the emulator's refusal).
		for _, c := range []struct{ method, path string }{{"GET", "/api/me"}, {"DELETE", "/api/me"}, {"POST", "/api/me"}, {"GET", "/api/optimizations"}} {
			if status, body := e.call(t, c.method, c.path, ana.IDToken, "{}"); status != http.StatusUnauthorized || body["success"] != false {
				t.Errorf("%s %s with the deleted user's token: %d %v; want 401", c.method, c.path, status, body)
			}
		}
		if _, err := e.store.GetCustomer(context.Background(), ana.UID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("a call with the deleted user's token recreated the customer: %v", err)
		}
	})
}

// While a report the host paid for is being made (or its refund is owed),
// deletion is refused with 409 and nothing is deleted; once it is done,
// deletion goes ahead. Without a token it is 401.
func TestDeleteAccountRefusals(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newDeleteEnv(t, records, nil)
		u, ids := e.host(t, "Cleo", 2)
		e.paid(t, ids[0], false, false) // paid, report being made
		cases := []struct {
			name, token string
			status      int
			msg         string
		}{
			{"no token", "", 401, "Please sign in to continue."},
			{"forged token", "a.b.c", 401, "Your session is not valid. Please sign in again."},
			{"paid report being made", u.IDToken, 409, store.ErrUnsettled.Message},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				status, body := e.call(t, "DELETE", "/api/me", tc.token, "")
				if status != tc.status || body["success"] != false || body["error"] != tc.msg {
					t.Errorf("%d %v; want %d %q", status, body, tc.status, tc.msg)
				}
				if n := e.orders(t, u.UID); n != 2 || !e.emu.UserExists(t, u.UID) {
					t.Errorf("after a refused deletion: %d orders, user %v; want nothing deleted", n, e.emu.UserExists(t, u.UID))
				}
				if _, err := e.store.GetCustomer(context.Background(), u.UID); err != nil {
					t.Errorf("customer after a refused deletion: %v", err)
				}
			})
		}
		// A refused deletion closed nothing: the account still works.
		if status, body := e.call(t, "GET", "/api/optimizations", u.IDToken, ""); status != 200 {
			t.Errorf("dashboard after a refused deletion: %d %v; want 200 (no tombstone)", status, body)
		}
		// The report is stored: now the account can go.
		if _, err := e.store.Complete(context.Background(), ids[0], []byte(`{"package_type":"basic"}`), time.Now(), false); err != nil {
			t.Fatal(err)
		}
		if status, body := e.call(t, "DELETE", "/api/me", u.IDToken, ""); status != 200 {
			t.Fatalf("after the report was made: %d %v", status, body)
		}
		if n := e.orders(t, u.UID); n != 0 || e.emu.UserExists(t, u.UID) {
			t.Errorf("after deletion: %d orders, user %v", n, e.emu.UserExists(t, u.UID))
		}
	})
}

// failingAccounts fails the first fail calls of DeleteUser, then deletes.
type failingAccounts struct {
	auth.Accounts
	fail atomic.Int64
}

func (f *failingAccounts) DeleteUser(ctx context.Context, uid string) error {
	if f.fail.Add(-1) >= 0 {
		return &domain.Error{Code: domain.CodeUnavailable, Message: "We could not delete your sign-in just now. Please try again.",
			Err: errors.New("identitytoolkit: 503")}
	}
	return f.Accounts.DeleteUser(ctx, uid)
}

// A deletion that fails at its last step (the Firebase user) has deleted
// the records already; the retry with the same, still valid token finishes
// the job and answers 200 with zero counts.
func TestDeleteAccountRetryAfterPartialFailure(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		var fa *failingAccounts
		e := newDeleteEnv(t, records, func(a auth.Accounts) auth.Accounts {
			fa = &failingAccounts{Accounts: a}
			fa.fail.Store(1)
			return fa
		})
		u, ids := e.host(t, "Dan", 2)
		e.paid(t, ids[0], true, true)

		status, body := e.call(t, "DELETE", "/api/me", u.IDToken, "")
		if status != 503 || body["error"] != "We could not delete your sign-in just now. Please try again." {
			t.Fatalf("first try: %d %v; want 503", status, body)
		}
		if n := e.orders(t, u.UID); n != 0 || e.hasPDF(t, ids[0]) || !e.emu.UserExists(t, u.UID) {
			t.Fatalf("after the failed last step: %d orders, PDF %v, user %v; want records gone, user kept",
				n, e.hasPDF(t, ids[0]), e.emu.UserExists(t, u.UID))
		}
		status, body = e.call(t, "DELETE", "/api/me", u.IDToken, "")
		if orders, pdfs := deleted(body); status != 200 || orders != float64(0) || pdfs != float64(0) {
			t.Fatalf("retry: %d %v; want 200 with zero counts", status, body)
		}
		if e.emu.UserExists(t, u.UID) {
			t.Error("the retry did not delete the user")
		}
	})
}

// An account with more to delete than one request's budget allows is
// closed at once (its tombstone: every other route refuses the token) and
// answered 503 with what to do; the next DELETE goes on and finishes, with
// every order and PDF gone. The budget keeps the answer inside Firebase
// Hosting's 60 s limit whatever the account's size.
func TestDeleteLargeAccountAcrossCalls(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newDeleteEnv(t, records, nil)
		u, ids := e.host(t, "Eve", 2*deletion.PageSize+7)
		e.paid(t, ids[0], true, true)
		e.paid(t, ids[len(ids)-1], true, true)

		budget := deleteBudget
		deleteBudget = 0 // the first call runs out at once, after the tombstone
		t.Cleanup(func() { deleteBudget = budget })
		status, body := e.call(t, "DELETE", "/api/me", u.IDToken, "")
		if status != 503 || body["error"] != deletion.ErrUnfinished.Message {
			t.Fatalf("first call: %d %v; want 503 %q", status, body, deletion.ErrUnfinished.Message)
		}
		if status, body := e.call(t, "GET", "/api/optimizations", u.IDToken, ""); status != 401 || body["error"] != store.ErrAccountDeleted.Message {
			t.Errorf("dashboard of an account being deleted: %d %v; want 401 %q", status, body, store.ErrAccountDeleted.Message)
		}
		deleteBudget = budget
		status, body = e.call(t, "DELETE", "/api/me", u.IDToken, "")
		if orders, pdfs := deleted(body); status != 200 || orders != float64(len(ids)) || pdfs != float64(2) {
			t.Fatalf("second call: %d %v; want 200 with %d orders and 2 PDFs", status, body, len(ids))
		}
		if n := e.orders(t, u.UID); n != 0 || e.hasPDF(t, ids[0]) || e.hasPDF(t, ids[len(ids)-1]) || e.emu.UserExists(t, u.UID) {
			t.Errorf("after the second call: %d orders, PDFs %v %v, user %v", n, e.hasPDF(t, ids[0]), e.hasPDF(t, ids[len(ids)-1]), e.emu.UserExists(t, u.UID))
		}
	})
}

// With a sweeper that finishes deletions (the server's: FinishesDeletions),
// a large account's DELETE answers 200 "finishing" once the account is
// closed — the host is not asked to come back — and the sweeper's pass
// (deletion.FinishPending) deletes the rest: every order, PDF and the
// sign-in.
func TestDeleteLargeAccountFinishedByTheSweeper(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newDeleteEnv(t, records, nil)
		e.deps.FinishesDeletions = true
		e.url = serve(t, e.deps)
		u, ids := e.host(t, "Gil", deletion.PageSize+3)
		e.paid(t, ids[0], true, true)

		budget := deleteBudget
		deleteBudget = 0
		t.Cleanup(func() { deleteBudget = budget })
		status, body := e.call(t, "DELETE", "/api/me", u.IDToken, "")
		if status != 200 || body["finishing"] != true || body["success"] != true {
			t.Fatalf("DELETE of a large account: %d %v; want 200 with finishing", status, body)
		}
		if status, _ := e.call(t, "GET", "/api/me", u.IDToken, ""); status != 401 {
			t.Errorf("the closed account's token still works: %d", status)
		}
		now := time.Now().Add(deletion.FinishAfter + time.Second)
		d := deletion.Deleter{Store: e.store, Blobs: e.blobs, Users: e.accounts, Now: func() time.Time { return now }}
		done, err := d.FinishPending(context.Background(), time.Minute)
		if err != nil || len(done) != 1 || done[0] != u.UID {
			t.Fatalf("the sweeper's pass: %v, %v; want %s finished", done, err, u.UID)
		}
		if n := e.orders(t, u.UID); n != 0 || e.hasPDF(t, ids[0]) || e.emu.UserExists(t, u.UID) {
			t.Errorf("after the sweep: %d orders, PDF %v, user %v; want all gone", n, e.hasPDF(t, ids[0]), e.emu.UserExists(t, u.UID))
		}
	})
}

// Every private route but DELETE /api/me refuses a deleted account's token
// with 401 and the deletion's message, even though the token itself is
// still valid (the user is still in the Auth emulator, as a token stays
// valid by its signature in production): the tombstone decides, on every
// instance, whatever a token cache remembers. The routes come from the
// router, so a new endpoint is covered the day it is added.
func TestEveryPrivateRouteRefusesADeletedAccount(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newDeleteEnv(t, records, nil)
		u, ids := e.host(t, "Fay", 1)
		if status, _ := e.call(t, "GET", "/api/me", u.IDToken, ""); status != 200 { // verified and cached
			t.Fatalf("before: %d", status)
		}
		if err := e.store.MarkCustomerDeleted(context.Background(), u.UID, time.Now()); err != nil {
			t.Fatal(err)
		}
		private := 0
		for _, route := range apiRoutes(e.deps).order {
			if publicRoutes[route] || route == "DELETE /api/me" {
				continue
			}
			private++
			method, path, _ := strings.Cut(route, " ")
			path = strings.ReplaceAll(path, "{id}", ids[0])
			path = strings.ReplaceAll(path, "{session_id}", ids[0])
			t.Run(route, func(t *testing.T) {
				status, body := e.call(t, method, path, u.IDToken, "{}")
				if status != http.StatusUnauthorized || body["error"] != store.ErrAccountDeleted.Message {
					t.Errorf("%d %v; want 401 %q", status, body, store.ErrAccountDeleted.Message)
				}
			})
		}
		if private < 8 {
			t.Fatalf("only %d private routes found; the route walk is broken", private)
		}
		// DELETE /api/me goes through and finishes the deletion.
		if status, body := e.call(t, "DELETE", "/api/me", u.IDToken, ""); status != 200 {
			t.Errorf("DELETE /api/me of a closed account: %d %v; want it finished", status, body)
		}
		if _, err := e.store.GetOptimization(context.Background(), ids[0]); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("order after the deletion: %v", err)
		}
	})
}

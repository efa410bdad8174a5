package httpapi

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// slowProxy stands in front of a real dependency (the Auth emulator,
// stripe-mock). It counts the requests match picks, and while slow holds
// each of them until its caller gives up (counted as abandoned), or 20 s.
type slowProxy struct {
	url       string
	match     func(*http.Request) bool
	slow      atomic.Bool
	seen      atomic.Int64
	abandoned atomic.Int64
}

func newSlowProxy(t *testing.T, target string, match func(*http.Request) bool) *slowProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	p := &slowProxy{match: match}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p.match(r) {
			p.seen.Add(1)
			if p.slow.Load() {
				// Read first: the server notices a caller hanging up only
				// once the request's body has been read.
				body, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
				select {
				case <-r.Context().Done():
					p.abandoned.Add(1)
					return
				case <-time.After(20 * time.Second):
				}
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.url = srv.URL
	return p
}

// authLookups picks the Admin SDK's user lookups (GetUser, which the
// session cookie's revocation check makes).
func authLookups(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "accounts:lookup") }

// firebaseVia is a Firebase client that reaches the Auth emulator through
// proxy. The SDK takes the emulator's address from the process
// environment when the client is made, so it is pointed there for that
// moment only.
func firebaseVia(t *testing.T, emu authtest.Env, proxy *slowProxy) *auth.Firebase {
	t.Helper()
	host := strings.TrimPrefix(proxy.url, "http://")
	t.Setenv("FIREBASE_AUTH_EMULATOR_HOST", host)
	f, err := auth.NewFirebase(context.Background(), emu.ProjectID, host)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Setenv("FIREBASE_AUTH_EMULATOR_HOST", emu.Host); err != nil {
		t.Fatal(err)
	}
	return f
}

// slowStore holds the deleted-account check (one read every drawn page
// makes) while slow, until its caller gives up.
type slowStore struct {
	store.Deletions
	slow      atomic.Bool
	abandoned atomic.Int64
}

func (s *slowStore) CustomerDeleted(ctx context.Context, uid string) (bool, error) {
	if s.slow.Load() {
		select {
		case <-ctx.Done():
			s.abandoned.Add(1)
			return false, ctx.Err()
		case <-time.After(20 * time.Second):
		}
	}
	return s.Deletions.CustomerDeleted(ctx, uid)
}

// timedPage GETs path with cookie and says how long the answer took.
func (e *paidEnv) timedPage(t *testing.T, path string, cookie *http.Cookie) (*http.Response, string, time.Duration) {
	t.Helper()
	start := time.Now()
	resp, body := e.page(t, path, cookie)
	return resp, body, time.Since(start)
}

// eventually waits up to 5 s for cond.
func eventually(cond func() bool) bool {
	for range 100 {
		if cond() {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return cond()
}

// Right after paying, /payment-success answers within drawBudget whatever
// is slow: the session check with Firebase, the store, or Stripe (asked
// about a payment whose webhook has not come). The host then gets the
// build's page, which shows the report itself, and the work that was under
// way is cancelled; the session cookie is kept. With all three fast, the
// page is drawn.
func TestReportPageAnswersWithinItsBudget(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		emu := authtest.Emulator(t)
		authProxy := newSlowProxy(t, "http://"+emu.Host, authLookups)
		stripeProxy := newSlowProxy(t, paymentstest.MockURL(t), func(r *http.Request) bool {
			return r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/checkout/sessions/")
		})
		provider, err := payments.NewStripe(payments.StripeOptions{SecretKey: paymentstest.SecretKey,
			WebhookSecret: paymentstest.WebhookSecret, APIURL: stripeProxy.url, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		slow := &slowStore{Deletions: records.Deletions}
		st := records
		st.Deletions = slow
		e := newPaidEnv(t, st, paidOptions{payments: provider, sessions: firebaseVia(t, emu, authProxy)})

		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		pay(t, e, u, id, sid)
		e.drain(t)
		if o := e.get(t, id); o.Status != domain.StatusCompleted {
			t.Fatalf("order %s: %s", id, o.Status)
		}
		// A second order, checked out and not paid yet: its page asks Stripe.
		_, unpaidSID := e.checkout(t, u, "basic")
		cookie := e.session(t, u.IDToken)
		paid := "/payment-success?session_id=" + sid

		drawnOK := func(name string) {
			t.Helper()
			resp, body, took := e.timedPage(t, paid, cookie)
			if m := h1.FindStringSubmatch(body); resp.StatusCode != 200 || m == nil || m[1] != "Your Basic listing optimization is ready" {
				t.Errorf("%s: %d in %v, not drawn:\n%.600s", name, resp.StatusCode, took, body)
			}
		}
		drawnOK("all fast")

		// The budget (1.5 s), and a loaded test machine's margin.
		within := 1500*time.Millisecond + time.Second
		for _, c := range []struct {
			name      string
			path      string
			slow      *atomic.Bool
			abandoned *atomic.Int64
		}{
			{"slow Auth", paid, &authProxy.slow, &authProxy.abandoned},
			{"slow store", paid, &slow.slow, &slow.abandoned},
			{"slow Stripe", "/payment-success?session_id=" + unpaidSID, &stripeProxy.slow, &stripeProxy.abandoned},
		} {
			// The session's check is remembered for a while: let it lapse,
			// so this page asks Firebase again.
			e.clock.Add(time.Minute)
			c.slow.Store(true)
			before := c.abandoned.Load()
			resp, body, took := e.timedPage(t, c.path, cookie)
			if resp.StatusCode != 200 || body != reportFrameHTML {
				t.Errorf("%s: %d, want the build's page:\n%.600s", c.name, resp.StatusCode, body)
			}
			if took > within {
				t.Errorf("%s: the page took %v, want under %v", c.name, took, within)
			}
			if len(resp.Cookies()) != 0 {
				t.Errorf("%s: a slow check touched the session cookie: %v", c.name, resp.Cookies())
			}
			if !eventually(func() bool { return c.abandoned.Load() > before }) {
				t.Errorf("%s: the work under way was not cancelled", c.name)
			}
			c.slow.Store(false)
		}
		e.clock.Add(time.Minute)
		drawnOK("fast again")
	})
}

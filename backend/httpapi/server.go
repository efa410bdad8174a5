// Package httpapi is ListingLift's HTTP surface: the JSON API under /api,
// the health check, the runtime configuration and the built React app.
package httpapi

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
)

// Deps is everything the HTTP layer needs, passed in explicitly.
type Deps struct {
	Logger *slog.Logger
	// The store's aggregates the API reads itself (package store): the
	// hosts' profiles (signing in writes one), the orders and the deleted
	// accounts' tombstones. Every other write goes through Orders.
	Customers  store.Customers
	OrderReads OrderReads
	Deleted    DeletedAccounts
	Auth       auth.Verifier
	// Sessions makes and reads the session cookie a host's report page
	// is drawn with (POST/DELETE /api/session); nil: none, and report
	// pages are served as built.
	Sessions auth.Sessions
	// Deletion deletes a host's account (DELETE /api/me:
	// deletion.Deleter, with the PDFs, the open checkouts and the
	// Firebase user); nil: account deletion answers 503.
	Deletion AccountDeleter
	// FinishesDeletions: a sweeper finishes account deletions a request
	// left part done (orders.Deps.Accounts is set), so DELETE /api/me on a
	// large account answers once the account is closed, with finishing.
	FinishesDeletions bool
	// Listings reads listing pages for /api/scrape (no deep reads needed).
	Listings ListingReader
	// Market is the market data reports use, so /api/scrape can say what
	// a report will cover before the host pays; nil: none.
	Market report.Market
	// Live finds comparables where no market data covers a listing;
	// nil: none.
	Live report.LiveMarket
	// ClientAddr says whose address a request is (proxies and the Hosting
	// edge in front of us), for the per-address rate limits.
	ClientAddr ClientAddrPolicy
	Now        func() time.Time // nil means time.Now
	Web        fs.FS            // the built front end (frontend/dist)
	Client     ClientConfig
	Security   SecurityPolicy
	Version    string
	// TraceProject is the Google Cloud project request logs name their
	// Cloud Trace under ("" leaves trace fields out).
	TraceProject string
	// Orders runs the paid flow and the share links, and its PaymentsOn
	// is the one answer to "are payments on?" the handlers and the
	// browser's runtime config read.
	Orders *orders.Service
	// Blobs keeps Premium PDFs and Links signs their download links; either
	// nil: no PDF links are offered.
	Blobs blob.Store
	Links *blob.Signer
	// Tasks is the report-job endpoint Cloud Tasks calls and Sweep the
	// stuck-order sweep Cloud Scheduler calls (each checks its own OIDC
	// token); nil when jobs run in-process (the local queue sweeps on a
	// ticker).
	Tasks http.Handler
	Sweep http.Handler
	// WatchRun is the hourly watch run Cloud Scheduler calls (POST
	// /internal/watch, the sweep's OIDC check); nil when watches are
	// scheduled in-process (the local queue's ticker).
	WatchRun http.Handler
}

// DeletedAccounts says whether account uid was deleted (its tombstone:
// store.Deletions), which every signed-in request and drawn page asks.
type DeletedAccounts interface {
	CustomerDeleted(ctx context.Context, uid string) (bool, error)
}

// NewServer wires routes and middleware. It fails only when the front-end
// build is unusable.
func NewServer(d Deps) (http.Handler, error) {
	web, err := loadWebApp(d.Web)
	if err != nil {
		return nil, err
	}
	// The browser is told whether payments are on by the service that
	// takes them, so what it tells a host (checkout next, or the report
	// at once) is what the server will do.
	rc, err := runtimeConfigScript(d.Client, d.Orders != nil && d.Orders.PaymentsOn())
	if err != nil {
		return nil, err
	}
	api := apiRoutes(d)
	pages := &reportPages{web: web, sessions: api.sessions, deleted: api.deleted, pay: api.pay}

	mux := http.NewServeMux()
	// JSON answers under /api/ are gzipped for the browser (the report
	// body is tens of kilobytes). /healthz and /internal/ answer tiny JSON
	// to probes, Cloud Tasks and Cloud Scheduler, and stay plain.
	api.register(mux, withJSONGzip)
	mux.Handle("GET /runtime-config.js", rc)
	mux.Handle("GET /payment-success", pages)
	mux.Handle("/", web)

	var h http.Handler = mux
	h = withSecurityHeaders(d.Security, h)
	h = withRecover(h)
	h = withRequestLog(d.Logger, d.TraceProject, d.ClientAddr, h)
	return h, nil
}

// apiRoutes lists every API route. Routes not in publicRoutes sit behind
// requireUser; a test walks this list to prove it.
func apiRoutes(d Deps) *apiRouter {
	now := d.Now
	if now == nil {
		now = time.Now
	}
	api := newAPIRouter()
	// /healthz for local probes and load balancers; /api/health is the same
	// answer on a path Cloud Run does not reserve (it keeps some paths that
	// end in "z") and Firebase Hosting forwards, for uptime checks.
	health := handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": d.Version})
		return nil
	})
	api.handle("GET /healthz", health)
	api.handle("GET /api/health", health)

	scrape := newScraper(d.Listings, d.ClientAddr, now)
	scrape.market, scrape.live = d.Market, d.Live
	api.handle("POST /api/scrape", handlerFunc(scrape.serve))

	share := newShares(d.Orders, d.ClientAddr, now)
	acct := &account{customers: d.Customers, reads: d.OrderReads, now: now, deleter: d.Deletion, shares: share, finisher: d.FinishesDeletions}
	deleted := &deletedAccounts{store: d.Deleted, verifier: d.Auth}
	signedIn := func(h handlerFunc) http.Handler { return requireUser(d.Auth, deleted, h) }
	api.handle("POST /api/me", signedIn(acct.signIn))
	api.handle("GET /api/me", signedIn(acct.me))
	// A deleted account's token may still finish its deletion (a retry
	// after a failure or a cut-short pass): every step is idempotent.
	api.handle("DELETE /api/me", requireUser(d.Auth, nil, acct.deleteAccount))
	api.handle("GET /api/optimizations", signedIn(acct.list))
	api.handle("GET /api/optimizations/{id}", signedIn(acct.get))
	api.handle("GET /api/listings", signedIn(acct.listings))
	sess := newSessions(d.Sessions, d.Security.Production, now)
	api.handle("POST "+SessionPath, signedIn(sess.start))
	api.handle("DELETE "+SessionPath, handlerFunc(sess.end))
	api.sessions, api.deleted = sess, deleted

	pdfs := &pdfLinks{store: d.OrderReads, blobs: d.Blobs, signer: d.Links}
	pay := newCheckout(d.Orders, pdfs, now)
	pay.shares = share
	if d.Listings != nil {
		pay.listings = scrape // one read and one cache for the form's look-up and the order
	}
	api.handle("POST /api/create-checkout-session", signedIn(pay.createSession))
	api.handle("POST /api/optimize", signedIn(pay.optimize))
	api.handle("GET /api/get-optimization-result/{session_id}", signedIn(pay.result))
	api.pay = pay
	api.handle("POST /api/create-upgrade-session", signedIn(pay.createUpgrade))
	api.handle("DELETE /api/optimizations/{id}", signedIn(pay.remove))
	api.handle("POST /api/optimizations/{id}/recheck", signedIn(pay.recheck))
	api.handle("POST /api/optimizations/{id}/share", signedIn(share.create))
	api.handle("DELETE /api/optimizations/{id}/share", signedIn(share.revoke))
	api.handle("POST /api/shared", handlerFunc(share.view))
	watch := newWatches(d.Orders, d.ClientAddr, now)
	api.handle("POST /api/optimizations/{id}/watch", signedIn(watch.control))
	api.handle("POST /api/watch", handlerFunc(watch.byLink))
	api.handle("POST /api/watch/unsubscribe", handlerFunc(watch.unsubscribe))
	api.handle("POST /api/stripe/webhook", handlerFunc(pay.webhook))
	api.handle("GET /api/reports/{id}/pdf", handlerFunc(pdfs.serve))
	tasks := d.Tasks
	if tasks == nil {
		tasks = handlerFunc(func(http.ResponseWriter, *http.Request) error {
			return domain.Errorf(domain.CodeNotFound, "Report jobs run in-process here.")
		})
	}
	api.handle("POST /internal/tasks/generate-report", tasks)
	sweep := d.Sweep
	if sweep == nil {
		sweep = handlerFunc(func(http.ResponseWriter, *http.Request) error {
			return domain.Errorf(domain.CodeNotFound, "Stuck orders are swept in-process here.")
		})
	}
	api.handle("POST /internal/sweep", sweep)
	watchRun := d.WatchRun
	if watchRun == nil {
		watchRun = handlerFunc(func(http.ResponseWriter, *http.Request) error {
			return domain.Errorf(domain.CodeNotFound, "Watches are scheduled in-process here.")
		})
	}
	api.handle("POST /internal/watch", watchRun)
	return api
}

// publicRoutes answer without a signed-in user: the webhook proves itself
// with Stripe's signature and the task endpoint with Cloud Tasks' OIDC
// token instead.
var publicRoutes = map[string]bool{"GET /healthz": true, "GET /api/health": true, "POST /api/scrape": true,
	"POST /api/stripe/webhook": true, "POST /internal/tasks/generate-report": true, "POST /internal/sweep": true,
	"GET /api/reports/{id}/pdf":   true, // a signed link: the token binds the owner
	"POST /api/shared":            true, // a signed share link the owner can end
	"POST /api/watch":             true, // a watch e-mail's signed link (pause, stop)
	"POST /api/watch/unsubscribe": true, // its List-Unsubscribe one-click
	"POST /internal/watch":        true, // Cloud Scheduler's hourly watch run (OIDC, as the sweep)
	"DELETE " + SessionPath:       true} // clears the session cookie, whoever asks

// apiRouter keeps the list of API routes so that unknown paths under /api/
// and /internal/ answer JSON (404, or 405 with Allow for a known path and
// the wrong method) rather than the SPA's HTML.
type apiRouter struct {
	routes map[string][]string // path -> methods
	order  []string
	mux    map[string]http.Handler
	// What the report pages share with the API: the session cookie,
	// the deleted-account check and the result answer.
	sessions *sessions
	deleted  *deletedAccounts
	pay      *checkout
}

func newAPIRouter() *apiRouter {
	return &apiRouter{routes: map[string][]string{}, mux: map[string]http.Handler{}}
}

// handle registers pattern ("METHOD /path").
func (a *apiRouter) handle(pattern string, h http.Handler) {
	method, p, ok := strings.Cut(pattern, " ")
	if !ok {
		panic("httpapi: route needs a method: " + pattern)
	}
	a.routes[p] = append(a.routes[p], method)
	a.order = append(a.order, pattern)
	a.mux[pattern] = h
}

// register puts the routes on mux, those under /api/ (the browser's)
// wrapped in browser (the middleware only its answers get).
func (a *apiRouter) register(mux *http.ServeMux, browser func(http.Handler) http.Handler) {
	wrap := func(p string, h http.Handler) http.Handler {
		if strings.HasPrefix(p, "/api/") {
			return browser(h)
		}
		return h
	}
	for _, pattern := range a.order {
		_, p, _ := strings.Cut(pattern, " ")
		mux.Handle(pattern, wrap(p, a.mux[pattern]))
	}
	fallback := handlerFunc(a.notFound)
	mux.Handle("/api/", wrap("/api/", fallback))
	mux.Handle("/internal/", fallback)
}

// methodsFor lists the methods registered for paths matching p, where a
// {wildcard} pattern segment matches any one path segment.
func (a *apiRouter) methodsFor(p string) []string {
	var out []string
	got := strings.Split(p, "/")
	for pattern, methods := range a.routes {
		want := strings.Split(pattern, "/")
		if len(want) != len(got) {
			continue
		}
		match := true
		for i := range want {
			if want[i] != got[i] && !(strings.HasPrefix(want[i], "{") && got[i] != "") {
				match = false
				break
			}
		}
		if match {
			out = append(out, methods...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (a *apiRouter) notFound(w http.ResponseWriter, r *http.Request) error {
	if methods := a.methodsFor(r.URL.Path); len(methods) > 0 {
		allow := slices.Clone(methods)
		if slices.Contains(allow, http.MethodGet) {
			allow = append(allow, http.MethodHead)
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: fmt.Sprintf("Method %s is not allowed here.", r.Method)})
		return nil
	}
	// The path is said (and so logged) with any share token redacted.
	return domain.Errorf(domain.CodeNotFound, "No such API endpoint: %s", RedactPath(r.URL.Path))
}

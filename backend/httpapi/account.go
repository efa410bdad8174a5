package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/freetext"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
)

// account serves the signed-in host's own records: the profile and the
// dashboard list. Every read is scoped to the verified uid; another host's
// record answers 404 exactly like a missing one, so ids are never confirmed.
type account struct {
	store store.Store
	now   func() time.Time
	// For DELETE /api/me: the PDFs (nil: none kept), the open checkouts
	// to close (nil: payments off) and the Firebase users (nil: account
	// deletion is unavailable).
	blobs    blob.Store
	payments payments.Provider
	accounts auth.Accounts
	shares   *shares
}

type customerBody struct {
	Success  bool             `json:"success"`
	Customer *domain.Customer `json:"customer"`
}

// signIn records a sign-in (SPEC §4: on each sign-in the profile is created
// or updated with the latest e-mail, name and last login time). The e-mail
// comes from the verified token, never from the body; the name may come
// from the body because a brand-new account's first token predates it.
func (a *account) signIn(w http.ResponseWriter, r *http.Request) error {
	u := userFrom(r.Context())
	var body struct {
		DisplayName string `json:"displayName"`
	}
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	name := freetext.Line(body.DisplayName)
	if name == "" {
		name = freetext.Line(u.Name)
	}
	if utf8.RuneCountInString(name) > 100 {
		return domain.Errorf(domain.CodeInvalid, "Your name is too long (100 characters at most).")
	}
	c, err := a.store.UpsertCustomer(r.Context(), domain.Login{UID: u.UID, Email: u.Email, DisplayName: name, At: a.now()})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, customerBody{Success: true, Customer: c})
	return nil
}

func (a *account) me(w http.ResponseWriter, r *http.Request) error {
	c, err := a.store.GetCustomer(r.Context(), userFrom(r.Context()).UID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Errorf(domain.CodeNotFound, "No profile yet: sign in again to create it.")
		}
		return err
	}
	writeJSON(w, http.StatusOK, customerBody{Success: true, Customer: c})
	return nil
}

// deletedBody answers DELETE /api/me: what this call deleted.
type deletedBody struct {
	Success bool         `json:"success"`
	Deleted deletedCount `json:"deleted"`
}

type deletedCount struct {
	Orders int `json:"orders"`
	PDFs   int `json:"pdfs"`
}

// Account deletion's limits: deleteBudget bounds the request's work, so
// the answer comes inside Firebase Hosting's 60 s limit for an account of
// any size (a page takes well under a second; what is left after the
// budget is done by the next call), and deletePage is how many orders one
// store transaction deletes.
// (deleteBudget is a variable for the tests only.)
var deleteBudget = 40 * time.Second

const deletePage = 100

// errDeletionUnfinished answers a deletion whose budget ran out: the
// account is closed already (its tombstone), the rest needs another call.
var errDeletionUnfinished = &domain.Error{Code: domain.CodeUnavailable,
	Message: "Your account is closed and is being deleted, but there was more to delete than one try allows. Please press Delete again to finish."}

// deleteAccount is DELETE /api/me: the signed-in host deletes their
// account. Everything is the caller's own (the verified uid); nothing is
// asked of the body.
//
// Order of work, so that the deletion is final and a retry after any
// failure finishes it (every step is idempotent; DELETE /api/me is the one
// route a deleted account's token may still call):
//  1. refuse with 409 (store.ErrUnsettled), writing nothing, while an
//     order holds money not yet settled (paid and its report or upgrade
//     still being made, or failed with its refund not made): every paid
//     order must end with a report or a refund;
//  2. write the tombstone (store.MarkCustomerDeleted): from here no
//     instance accepts the host's token (requireUser), and no write can
//     bring back the profile or an order, nor record a checkout or a
//     payment (the store refuses in each write's transaction). A checkout
//     racing this step closes its own session when its write is refused
//     (orders.Start); a payment racing it is refunded as a stray;
//  3. delete the orders page by page, in store transactions that hand
//     back what they deleted; then, the orders gone, delete each one's PDFs
//     and close its open checkouts (its own, an open upgrade's), so every
//     session recorded up to the order's deletion is closed;
//  4. a second pass: one more page, which finds nothing unless an order
//     or session landed late, and is then handled as above;
//  5. delete the customer record, then the Firebase user (user not found
//     counts as done).
//
// Steps 3–5 run within deleteBudget; an account too large for one request
// answers 503 (errDeletionUnfinished) and the next call goes on where this
// one stopped. A paid order found in step 3 (a payment that landed between
// steps 1 and 2) is the same 409, with the account closed; the retry once
// its report or refund is done finishes. Stripe's own records of payments
// stay with Stripe; we keep no card data. A job or webhook arriving later
// for a deleted order is dropped, or refunded if it paid (orders).
func (a *account) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	uid := userFrom(ctx).UID
	log := logging.FromContext(ctx) // uid is on it (requireUser); never the e-mail
	if a.accounts == nil {
		return domain.Errorf(domain.CodeUnavailable, "Account deletion is not available right now. Please contact support.")
	}
	if id, err := a.store.UnsettledOrder(ctx, uid); err != nil {
		return fmt.Errorf("delete account: %w", err)
	} else if id != "" {
		return fmt.Errorf("delete account: order %s: %w", id, store.ErrUnsettled)
	}
	if err := a.store.MarkCustomerDeleted(ctx, uid, a.now()); err != nil {
		return fmt.Errorf("delete account: tombstone: %w", err)
	}
	if f, ok := a.accounts.(interface{ ForgetUser(uid string) }); ok {
		f.ForgetUser(uid) // this instance's cache; the others read the tombstone
	}

	work, cancel := context.WithTimeout(ctx, deleteBudget)
	defer cancel()
	var n deletedCount
	for {
		if work.Err() != nil && ctx.Err() == nil {
			return errDeletionUnfinished
		}
		page, err := a.store.DeleteCustomerOptimizationsPage(work, uid, deletePage)
		if err != nil {
			if work.Err() != nil && ctx.Err() == nil {
				return fmt.Errorf("delete account: %w (%w)", errDeletionUnfinished, err)
			}
			return fmt.Errorf("delete account: %w", err)
		}
		// These orders are gone: their PDFs and checkouts are closed
		// now whatever the budget or the client does, since no retry
		// would find them again (a page's worth takes seconds, so the
		// answer still comes inside Hosting's limit).
		n.PDFs += a.closePage(ctx, page)
		n.Orders += len(page)
		if len(page) == 0 {
			break // the last pass found nothing more: the second look at an emptied account
		}
	}
	if _, err := a.store.DeleteCustomer(work, uid); err != nil {
		if work.Err() != nil && ctx.Err() == nil {
			return fmt.Errorf("delete account: %w (%w)", errDeletionUnfinished, err)
		}
		return fmt.Errorf("delete account: %w", err)
	}
	if err := a.accounts.DeleteUser(ctx, uid); err != nil {
		return err
	}
	log.Info("account deleted", "orders", n.Orders, "pdfs", n.PDFs)
	writeJSON(w, http.StatusOK, deletedBody{Success: true, Deleted: n})
	return nil
}

// closeTimeout bounds closing one page of deleted orders (their PDFs and
// checkouts).
const closeTimeout = 15 * time.Second

// closeParallel is how many deleted orders closePage closes at once: a
// blob delete or a Stripe call is a round trip of tens of milliseconds,
// so a page of 100 takes well under a second rather than several.
const closeParallel = 8

// closePage closes every order of a deleted page (closeDeleted), a few at
// a time, on a context of its own: neither the budget nor a client that
// hangs up may stop it half way. It reports how many PDFs they had.
func (a *account) closePage(ctx context.Context, page []domain.Optimization) int {
	done, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		pdfs int
	)
	slots := make(chan struct{}, closeParallel)
	for i := range page {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			k := a.closeDeleted(done, &page[i])
			mu.Lock()
			pdfs += k
			mu.Unlock()
		}()
	}
	wg.Wait()
	return pdfs
}

// closeDeleted deletes the PDFs of an order already deleted from the store
// and closes its open checkouts, reporting how many PDFs it had. Each call
// is tried three times; a failure after that is logged with what an
// operator needs (the PDF's key, the session's id) and the deletion goes
// on, since the order's record, and so any retry's way to them, is gone.
// A session paid meanwhile cannot be recorded (the tombstone refuses the
// payment): its webhook refunds it as a payment for a deleted order.
func (a *account) closeDeleted(ctx context.Context, o *domain.Optimization) int {
	log := logging.FromContext(ctx).With("optimization", o.ID)
	pdfs := 0
	if a.blobs != nil {
		// The job stores the file before its key: delete the usual key
		// too, in case the key was never recorded.
		keys := []string{blob.ReportKey(o.ID)}
		if o.PDFPath != "" && o.PDFPath != keys[0] {
			keys = append(keys, o.PDFPath)
		}
		for _, key := range keys {
			if err := thrice(ctx, func() error { return a.blobs.Delete(ctx, key) }); err != nil {
				log.Error("deleting a deleted account's PDF failed; delete it from the bucket", "key", key, "err", err)
			}
		}
		if o.PDFPath != "" {
			pdfs++
		}
	}
	if a.payments == nil {
		return pdfs
	}
	for _, sid := range openCheckouts(o) {
		err := thrice(ctx, func() error { return a.payments.ExpireSession(ctx, sid) })
		switch {
		case err == nil:
		case domain.ErrorCode(err) == domain.CodeConflict:
			log.Warn("a deleted account's checkout was paid before it could be closed; its webhook refunds it", "session", sid)
		default:
			log.Error("closing a deleted account's checkout failed; expire it in Stripe", "session", sid, "err", err)
		}
	}
	return pdfs
}

// thrice runs call up to three times over about a second and a half while
// it fails for want of the service (CodeUnavailable or a plain error).
func thrice(ctx context.Context, call func() error) error {
	var err error
	for attempt, wait := 1, 500*time.Millisecond; ; attempt, wait = attempt+1, 2*wait {
		err = call()
		if code := domain.ErrorCode(err); err == nil || (code != domain.CodeUnavailable && code != domain.CodeInternal) || attempt == 3 {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// openCheckouts are o's Checkout Sessions that could still be paid: an
// unpaid, unfinished order's own, and an open upgrade's.
func openCheckouts(o *domain.Optimization) []string {
	var out []string
	if o.PaidAt == nil && !o.Status.Finished() && o.StripeSessionID != "" {
		out = append(out, o.StripeSessionID)
	}
	if o.Upgrade != nil && o.Upgrade.Status == domain.UpgradeOpen && o.Upgrade.SessionID != "" {
		out = append(out, o.Upgrade.SessionID)
	}
	return out
}

// optimizationSummary is one dashboard row: everything but the report.
type optimizationSummary struct {
	ID              string        `json:"id"`
	ListingURL      string        `json:"listingUrl"`
	ListingTitle    string        `json:"listingTitle"`
	PlanType        domain.Plan   `json:"planType"`
	Amount          float64       `json:"amount"`
	Status          domain.Status `json:"status"`
	CreatedAt       time.Time     `json:"createdAt"`
	CompletedAt     *time.Time    `json:"completedAt"`
	StripeSessionID string        `json:"stripeSessionId"`
	// CheckoutURL is the open checkout's page while it can still be paid
	// (Resume checkout; the row also offers Remove while unpaid).
	CheckoutURL string      `json:"checkoutUrl,omitempty"`
	Paid        bool        `json:"paid"`
	Refund      *refundBody `json:"refund"`
	// CanUpgrade: a finished Basic report the host may upgrade to Premium
	// for UpgradeAmount; UpgradeStatus is how the last upgrade went.
	CanUpgrade    bool    `json:"canUpgrade"`
	UpgradeAmount float64 `json:"upgradeAmount,omitempty"`
	UpgradeStatus string  `json:"upgradeStatus,omitempty"`
	// RecheckOf: the row is a free re-check of that bought report.
	RecheckOf string `json:"recheckOf,omitempty"`
	// SharedUntil: the report has a live share link until then (the row
	// offers Stop sharing).
	SharedUntil *time.Time `json:"sharedUntil,omitempty"`
}

type listBody struct {
	Success  bool                  `json:"success"`
	Items    []optimizationSummary `json:"items"`
	Page     int                   `json:"page"`
	PageSize int                   `json:"pageSize"`
	Total    int                   `json:"total"`
	// NextCursor, passed back as ?after=, makes the next page read only
	// its own rows ("" on the last page).
	NextCursor string `json:"nextCursor,omitempty"`
}

func (a *account) list(w http.ResponseWriter, r *http.Request) error {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 100000 {
			return domain.Errorf(domain.CodeInvalid, "page must be a whole number from 1.")
		}
		page = n
	}
	// after: the cursor the previous page handed out (nextCursor), so this
	// page reads only its own rows.
	var after *domain.PageCursor
	if c := r.URL.Query().Get("after"); c != "" {
		cur, err := domain.ParsePageCursor(c)
		if err != nil {
			return err
		}
		after = cur
	}
	res, err := a.store.ListOptimizations(r.Context(), userFrom(r.Context()).UID, page, after)
	if err != nil {
		return err
	}
	body := listBody{Success: true, Items: make([]optimizationSummary, 0, len(res.Items)), Page: res.Page, PageSize: res.PageSize, Total: res.Total}
	if res.Next != nil {
		body.NextCursor = res.Next.String()
	}
	for _, o := range res.Items {
		row := optimizationSummary{
			ID: o.ID, ListingURL: o.ListingURL, ListingTitle: o.ListingTitle, PlanType: o.PlanType,
			Amount: o.Amount, Status: o.Status, CreatedAt: o.CreatedAt, CompletedAt: o.CompletedAt,
			StripeSessionID: o.StripeSessionID, Paid: o.PaidAt != nil, Refund: refundOf(o.Refund),
			CheckoutURL: openCheckout(&o, a.now()), CanUpgrade: store.Upgradable(&o), RecheckOf: o.RecheckOf,
		}
		if row.CanUpgrade {
			row.UpgradeAmount = orders.UpgradeAmount()
		}
		if o.Upgrade != nil {
			row.UpgradeStatus = string(o.Upgrade.Status)
		}
		if link := a.shares.link(&o); link != nil {
			row.SharedUntil = &link.ExpiresAt
		}
		body.Items = append(body.Items, row)
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// listingBody is one listing on the dashboard, with its score trend.
type listingBody struct {
	ListingURL   string          `json:"listingUrl"`
	ListingTitle string          `json:"listingTitle"`
	Reports      []listingReport `json:"reports"` // oldest first
	// Recheck is the re-check the newest bought report offers (nil: none
	// of its reports is a bought one in the history).
	Recheck *recheckBody `json:"recheck"`
}

type listingReport struct {
	ID              string      `json:"id"`
	StripeSessionID string      `json:"stripeSessionId"`
	PlanType        domain.Plan `json:"planType"`
	CreatedAt       time.Time   `json:"createdAt"`
	OverallScore    *int        `json:"overallScore"`
	RecheckOf       string      `json:"recheckOf,omitempty"`
}

// listings is GET /api/listings: the host's listings, the one reported on
// most recently first, each with its reports' scores (its trend) and its
// re-check offer (orders.Listings decides the grouping).
func (a *account) listings(w http.ResponseWriter, r *http.Request) error {
	reports, err := a.store.ListReportScores(r.Context(), userFrom(r.Context()).UID, orders.ListingHistoryOrders)
	if err != nil {
		return err
	}
	out := []listingBody{}
	for _, g := range orders.Listings(reports, a.now()) {
		b := listingBody{ListingURL: g.ListingURL, ListingTitle: g.ListingTitle, Reports: make([]listingReport, 0, len(g.Reports))}
		for _, p := range g.Reports {
			o := p.Optimization
			b.Reports = append(b.Reports, listingReport{ID: o.ID, StripeSessionID: o.StripeSessionID, PlanType: o.PlanType,
				CreatedAt: o.CreatedAt, OverallScore: p.Score, RecheckOf: o.RecheckOf})
		}
		if st := g.Recheck; st != nil {
			b.Recheck = &recheckBody{Available: st.Available, Used: st.Used, Limit: st.Limit, EndsAt: st.EndsAt, Of: g.Bought.ID}
		}
		out = append(out, b)
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "listings": out})
	return nil
}

func (a *account) get(w http.ResponseWriter, r *http.Request) error {
	o, err := ownOptimization(r, a.store, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "optimization": o})
	return nil
}

// ownOptimization loads id if it belongs to the signed-in user. Someone
// else's record is reported exactly like a missing one.
func ownOptimization(r *http.Request, st store.Store, id string) (*domain.Optimization, error) {
	if !domain.ValidKey(id) {
		return nil, domain.Errorf(domain.CodeNotFound, "We could not find that optimization in your account.")
	}
	o, err := st.GetOptimization(r.Context(), id)
	if err == nil && o.CustomerUID != userFrom(r.Context()).UID {
		err = domain.ErrNotFound
	}
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.CodeNotFound, "We could not find that optimization in your account.")
	}
	return o, err
}

// requireJSON (415) refuses bodies that are not declared JSON: a cross-site form
// or text/plain POST (which browsers send without a preflight) cannot then
// reach a handler with a visitor's credentials or spend our budgets.
func requireJSON(r *http.Request) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return domain.Errorf(domain.CodeMediaType, "Send the request as JSON (Content-Type: application/json).")
	}
	return nil
}

// maxBody caps JSON request bodies; nothing the API accepts is larger.
const maxBody = 64 << 10

// decodeJSON reads a JSON object body into v. An empty body is an empty
// object; anything malformed is a 400 with a plain message.
func decodeJSON(r *http.Request, v any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return domain.Errorf(domain.CodeInvalid, "The request is too large.")
		}
		return &domain.Error{Code: domain.CodeInvalid, Message: "The request body could not be read.", Err: err}
	}
	// An empty body is an empty object: the endpoints' fields are all optional there.
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	// One JSON object and nothing after it: null, an array or a second value is refused
	// rather than half-read.
	if trimmed := bytes.TrimSpace(body); trimmed[0] != '{' {
		return domain.Errorf(domain.CodeInvalid, "The request body must be a JSON object.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return &domain.Error{Code: domain.CodeInvalid, Message: "The request body must be valid JSON.", Err: err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return domain.Errorf(domain.CodeInvalid, "The request body must hold one JSON object and nothing after it.")
	}
	return nil
}

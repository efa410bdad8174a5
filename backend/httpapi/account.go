package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/freetext"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
)

// account serves the signed-in host's own records: the profile and the
// dashboard list. Every read is scoped to the verified uid; another host's
// record answers 404 exactly like a missing one, so ids are never confirmed.
type account struct {
	customers store.Customers
	reads     OrderReads
	now       func() time.Time
	// deleter deletes the account (DELETE /api/me); nil: account deletion
	// is unavailable.
	deleter AccountDeleter
	shares  *shares
	// finisher: a sweeper finishes deletions left part done
	// (Deps.FinishesDeletions), so a large account's DELETE answers once
	// the account is closed instead of asking the host to press again.
	finisher bool
}

// OrderReads are the reads of orders the API makes itself (store.Orders
// has them); every change to an order goes through the orders service.
type OrderReads interface {
	GetOptimization(ctx context.Context, id string) (*domain.Optimization, error)
	ListOptimizations(ctx context.Context, customerUID string, page int, after *domain.PageCursor) (*domain.OptimizationPage, error)
	ListReportScores(ctx context.Context, customerUID string, limit int) ([]domain.Optimization, error)
}

// AccountDeleter deletes host uid's account, working on its orders for
// at most budget (deletion.Deleter).
type AccountDeleter interface {
	Delete(ctx context.Context, uid string, budget time.Duration) (deletion.Result, error)
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
	c, err := a.customers.UpsertCustomer(r.Context(), domain.Login{UID: u.UID, Email: u.Email, DisplayName: name, At: a.now()})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, customerBody{Success: true, Customer: c})
	return nil
}

func (a *account) me(w http.ResponseWriter, r *http.Request) error {
	c, err := a.customers.GetCustomer(r.Context(), userFrom(r.Context()).UID)
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
	// Finishing: the account is closed (no route accepts its token, no
	// write can bring a record back) and the rest of its orders are
	// deleted by the sweeper within minutes (deletion.FinishPending): a
	// large account, more than one request's budget.
	Finishing bool `json:"finishing,omitempty"`
}

type deletedCount struct {
	Orders int `json:"orders"`
	PDFs   int `json:"pdfs"`
}

// deleteBudget bounds DELETE /api/me's work on the orders, so the answer
// comes inside Firebase Hosting's 60 s limit for an account of any size
// (a page of deletion.PageSize orders takes well under a second; what is
// left after the budget is done by the next call). A variable for the
// tests only.
var deleteBudget = 40 * time.Second

// deleteAccount is DELETE /api/me: the signed-in host deletes their
// account (the injected deleter, deletion.Deleter, says how). Everything is the caller's own (the
// verified uid); nothing is asked of the body. It is the one route a
// deleted account's token may still call, so that a deletion cut short
// (503 deletion.ErrUnfinished without a sweeper that finishes it, or any
// failure) is finished by the next try.
func (a *account) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	uid := userFrom(ctx).UID
	if a.deleter == nil {
		return domain.Errorf(domain.CodeUnavailable, "Account deletion is not available right now. Please contact support.")
	}
	n, err := a.deleter.Delete(ctx, uid, deleteBudget)
	log := logging.FromContext(ctx) // uid is on it (requireUser); never the e-mail
	if errors.Is(err, deletion.ErrUnfinished) && a.finisher {
		// Closed for good already; the sweeper deletes the rest (and a
		// second DELETE would too), so the host is not asked to come back.
		log.Info("account closed; the sweeper finishes its deletion", "orders", n.Orders, "pdfs", n.PDFs)
		writeJSON(w, http.StatusOK, deletedBody{Success: true, Deleted: deletedCount{Orders: n.Orders, PDFs: n.PDFs}, Finishing: true})
		return nil
	}
	if err != nil {
		if n.Orders > 0 {
			log.Info("account deletion went part of the way", "orders", n.Orders, "pdfs", n.PDFs)
		}
		return err
	}
	log.Info("account deleted", "orders", n.Orders, "pdfs", n.PDFs)
	writeJSON(w, http.StatusOK, deletedBody{Success: true, Deleted: deletedCount{Orders: n.Orders, PDFs: n.PDFs}})
	return nil
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
	// UpgradeNotOffered says why a finished Basic report is not offered
	// the upgrade (Premium cannot deliver for its listing).
	UpgradeNotOffered string `json:"upgradeNotOffered,omitempty"`
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
	res, err := a.reads.ListOptimizations(r.Context(), userFrom(r.Context()).UID, page, after)
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
			StripeSessionID: o.StripeSessionID, Paid: o.PaidAt != nil, Refund: refundFor(o.Refund, o.Charged()),
			CheckoutURL: openCheckout(&o, a.now()), CanUpgrade: store.Upgradable(&o), RecheckOf: o.RecheckOf,
		}
		if row.CanUpgrade {
			// Offered only where the upgrade would be sold: the same
			// decision as the results page's offer and the upgrade
			// endpoint (orders.PremiumOffer, from the stored report; the
			// list's rows carry no report, so it is read).
			row.CanUpgrade, row.UpgradeNotOffered = a.upgradeOffered(r.Context(), &o)
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
	// Watch is the weekly watch of the listing's newest watched report
	// (issue 45; nil: none).
	Watch *watchBody `json:"watch"`
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
	reports, err := a.reads.ListReportScores(r.Context(), userFrom(r.Context()).UID, orders.ListingHistoryOrders)
	if err != nil {
		return err
	}
	out := []listingBody{}
	for _, g := range orders.Listings(reports, a.now()) {
		b := listingBody{ListingURL: g.ListingURL, ListingTitle: g.ListingTitle, Reports: make([]listingReport, 0, len(g.Reports))}
		for _, p := range g.Reports {
			o := p.Optimization
			if o.Watch != nil {
				b.Watch = newWatchBody(&o) // oldest first: the newest watched wins
			}
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

// get is GET /api/optimizations/{id}: the host's own order
// (orders.Own: someone else's is reported exactly like a missing one).
func (a *account) get(w http.ResponseWriter, r *http.Request) error {
	o, err := orders.Own(r.Context(), a.reads, userFrom(r.Context()).UID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "optimization": o})
	return nil
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

// readBody reads r's body, at most maxBody; too large or unreadable is a
// 400 with a plain message.
func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, domain.Errorf(domain.CodeInvalid, "The request is too large.")
		}
		return nil, &domain.Error{Code: domain.CodeInvalid, Message: "The request body could not be read.", Err: err}
	}
	return body, nil
}

// decodeJSON reads a JSON object body into v. An empty body is an empty
// object; anything malformed is a 400 with a plain message.
func decodeJSON(r *http.Request, v any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	body, err := readBody(r)
	if err != nil {
		return err
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

// upgradeOffered is whether the finished Basic order o (a list row) is
// offered the upgrade, and why not: orders.PremiumOffer on its stored
// report. A report that cannot be read now is not offered (the upgrade
// endpoint decides again when asked).
func (a *account) upgradeOffered(ctx context.Context, o *domain.Optimization) (bool, string) {
	full, err := a.reads.GetOptimization(ctx, o.ID)
	if err != nil {
		logging.FromContext(ctx).Warn("reading a report for its upgrade offer failed", "optimization", o.ID, "err", err)
		return false, ""
	}
	offer := orders.PremiumOffer(full)
	return offer.Premium, offer.BasicOnly
}

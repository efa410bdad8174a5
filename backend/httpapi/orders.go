package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/listinglift/listinglift/backend/listing"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/ratelimit"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
)

// checkout serves the paid flow's API (SPEC §7, DESIGN.md "The paid flow").
type checkout struct {
	orders *orders.Service // also says whether payments are on (PaymentsOn)
	// limit bounds orders started per signed-in host: each one is a record
	// and a Checkout Session (or, payments off, a report run).
	limit *ratelimit.Limiter
	pdfs  *pdfLinks
	// shares gives a report's owner its live share link (nil: none).
	shares *shares
	// listings reads the listing before an order is taken (nil: no check,
	// as in tests that serve no listing site).
	listings *scraper
	now      func() time.Time
}

// Order limits: a host buys a report or a few; a loop placing hundreds is
// refused before it creates records and sessions.
const (
	ordersPerMinute = 10
	ordersBurst     = 10
)

// checkListing reads the listing before anything is recorded or charged,
// through the same cache as the form's look-up (/api/scrape), so a read
// the form just made is not made again. A link that is no listing, a
// listing that does not exist or a site we do not read is refused (422,
// the reason the host can act on): we never charge for a listing we
// cannot read. A site that is slow or blocks us right now is not refused
// here only when the host chose to go on with what they typed (typed): the
// order records that, and the report job reads again and falls back to
// it; otherwise it is refused (422) with the reason and the offer. An
// empty or malformed URL is left to the order's own validation (SPEC's
// messages).
//
// A plan the listing's offer does not include (report.OfferFor: Premium
// whose headline features cannot run for it, Basic on a read too sparse
// for its card) is refused (422, the reason the form showed) before
// anything is recorded or a Checkout Session made.
func (c *checkout) checkListing(ctx context.Context, rawURL string, typed bool, plan domain.Plan) error {
	if c.listings == nil || strings.TrimSpace(rawURL) == "" {
		return nil
	}
	t, err := listing.ParseURL(rawURL)
	if err != nil {
		return nil
	}
	l, _, err := c.listings.read(ctx, t)
	if err == nil {
		if cov, ok := c.listings.coverage(ctx, t, l); ok {
			return report.PlanRefusal(cov.Offer, plan)
		}
		return nil
	}
	switch code := domain.ErrorCode(err); code {
	case domain.CodeInvalid, domain.CodeNotFound, domain.CodeUnreadable:
		var de *domain.Error
		errors.As(err, &de)
		return &domain.Error{Code: domain.CodeUnreadable, Message: de.Message, Err: err}
	case domain.CodeUnavailable:
		if typed {
			// The offer the form showed for this failure: the typed
			// details' coverage (scrape.go answers with it).
			cov, cerr := report.TypedCoverage(ctx, t)
			if cerr != nil {
				return report.PlanRefusal(report.TypedOffer(), plan)
			}
			return report.PlanRefusal(cov.Offer, plan)
		}
		var de *domain.Error
		errors.As(err, &de)
		// The reader's first sentence says what happened; its advice is
		// replaced by the offer.
		what, _, _ := strings.Cut(de.Message, ". ")
		return &domain.Error{Code: domain.CodeUnreadable, Message: strings.TrimSuffix(what, ".") + ". " + MsgOfferTyped, Err: err}
	}
	return nil
}

// MsgOfferTyped is said when the page cannot be read right now: the host
// may go on with what they typed (the form's choice), knowing what the
// report will leave out.
var MsgOfferTyped = "You can continue with the title and description you typed; the report will then leave out " + listing.NotReadList() + "."

func newCheckout(o *orders.Service, pdfs *pdfLinks, now func() time.Time) *checkout {
	return &checkout{orders: o, pdfs: pdfs, now: now, limit: ratelimit.New(ordersPerMinute, ordersBurst, 10000, now)}
}

// upgradeRequest is POST /api/create-upgrade-session's body.
type upgradeRequest struct {
	OptimizationID string `json:"optimization_id"`
}

// createUpgrade is POST /api/create-upgrade-session: a checkout for the
// Basic → Premium difference of the host's finished Basic order (payments
// off: the upgrade is made at once and checkout_url is null).
func (c *checkout) createUpgrade(w http.ResponseWriter, r *http.Request) error {
	var req upgradeRequest
	if err := c.orderBody(w, r, &req); err != nil {
		return err
	}
	id := strings.TrimSpace(req.OptimizationID)
	if id == "" {
		return domain.Errorf(domain.CodeInvalid, "Say which report to upgrade (optimization_id).")
	}
	st, err := c.orders.StartUpgrade(r.Context(), customerOf(r), id)
	if err != nil {
		return notFoundInAccount(err)
	}
	resp := checkoutResponse{Success: true, OptimizationID: st.Optimization.ID, SessionID: st.SessionID}
	if st.CheckoutURL != "" {
		resp.CheckoutURL = &st.CheckoutURL
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

// recheck is POST /api/optimizations/{id}/recheck: a free re-check of the
// host's finished report (issue 18), made like a paid one; the answer names
// the new order, whose results page is /payment-success?session_id={id}.
// Refusals are 409 with the reason and the way on.
func (c *checkout) recheck(w http.ResponseWriter, r *http.Request) error {
	if err := c.allow(w, r); err != nil {
		return err
	}
	if err := noBody(r); err != nil {
		return err
	}
	o, err := c.orders.Recheck(r.Context(), customerOf(r), r.PathValue("id"))
	if err != nil {
		return notFoundInAccount(err)
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "optimization_id": o.ID, "recheck_of": o.RecheckOf})
	return nil
}

// remove is DELETE /api/optimizations/{id}: the host removes an order they
// never paid for (a paid one is 409).
func (c *checkout) remove(w http.ResponseWriter, r *http.Request) error {
	if err := c.orders.Remove(r.Context(), userFrom(r.Context()).UID, r.PathValue("id")); err != nil {
		return notFoundInAccount(err)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"success": true})
	return nil
}

// notFoundInAccount gives a missing or someone else's order the one
// message hosts see for both.
func notFoundInAccount(err error) error {
	if errors.Is(err, domain.ErrNotFound) || domain.ErrorCode(err) == domain.CodeNotFound {
		return domain.Errorf(domain.CodeNotFound, msgNotInAccount)
	}
	return err
}

const msgNotInAccount = "We could not find that optimization in your account."

// orderBody admits one order request from the signed-in host (the per-host
// limit) and decodes its JSON body into v.
func (c *checkout) orderBody(w http.ResponseWriter, r *http.Request, v any) error {
	if err := c.allow(w, r); err != nil {
		return err
	}
	return decodeJSON(r, v)
}

func (c *checkout) allow(w http.ResponseWriter, r *http.Request) error {
	if ok, wait := c.limit.Allow(userFrom(r.Context()).UID); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		return domain.Errorf(domain.CodeRateLimited, "Too many orders in a short time. Please wait a minute and try again.")
	}
	return nil
}

func customerOf(r *http.Request) orders.Customer {
	u := userFrom(r.Context())
	return orders.Customer{UID: u.UID, Email: u.Email, Name: u.Name}
}

// checkoutRequest is SPEC §7's create-checkout-session body.
type checkoutRequest struct {
	DeliveryType string `json:"delivery_type"`
	FormData     struct {
		ListingURL  string `json:"listingUrl"`
		Email       string `json:"email"`
		Title       string `json:"title"`
		Description string `json:"description"`
		// UseTypedDetails: the host chose to go on with what they typed
		// after the page could not be read.
		UseTypedDetails bool `json:"useTypedDetails"`
	} `json:"form_data"`
}

func (req checkoutRequest) start() orders.StartRequest {
	return orders.StartRequest{Plan: domain.Plan(strings.ToLower(strings.TrimSpace(req.DeliveryType))),
		ListingURL: req.FormData.ListingURL, Email: req.FormData.Email,
		Title: req.FormData.Title, Description: req.FormData.Description, UseTypedDetails: req.FormData.UseTypedDetails}
}

// checkoutResponse: checkout_url is null when payments are off (the client
// then calls /api/optimize).
type checkoutResponse struct {
	Success        bool    `json:"success"`
	CheckoutURL    *string `json:"checkout_url"`
	OptimizationID string  `json:"optimization_id,omitempty"`
	SessionID      string  `json:"session_id,omitempty"`
}

func (c *checkout) createSession(w http.ResponseWriter, r *http.Request) error {
	var req checkoutRequest
	if err := c.orderBody(w, r, &req); err != nil {
		return err
	}
	if err := c.checkListing(r.Context(), req.FormData.ListingURL, req.FormData.UseTypedDetails, req.start().Plan); err != nil {
		return err
	}
	st, err := c.orders.Start(r.Context(), customerOf(r), req.start())
	if err != nil {
		return err
	}
	resp := checkoutResponse{Success: true, SessionID: st.SessionID}
	if st.Optimization != nil {
		resp.OptimizationID = st.Optimization.ID
	}
	if st.CheckoutURL != "" {
		resp.CheckoutURL = &st.CheckoutURL
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

// optimizeRequest is SPEC §7's optimize body, plus the order the client
// recorded through create-checkout-session.
type optimizeRequest struct {
	URL         string `json:"url"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Email       string `json:"email"`
	// UseTypedDetails: as create-checkout-session's form_data.useTypedDetails.
	UseTypedDetails bool   `json:"use_typed_details"`
	WantsPDF        bool   `json:"wants_pdf"`
	WantsEmail      bool   `json:"wants_email"`
	OptimizationID  string `json:"optimization_id"`
}

// optimize is the direct path when payments are off (local work only).
func (c *checkout) optimize(w http.ResponseWriter, r *http.Request) error {
	if c.orders.PaymentsOn() {
		return domain.Errorf(domain.CodeNotFound, "Direct optimization is only available when payments are off: please go through checkout.")
	}
	var req optimizeRequest
	if err := c.orderBody(w, r, &req); err != nil {
		return err
	}
	plan := planIncluding(req.WantsPDF, req.WantsEmail)
	if id := strings.TrimSpace(req.OptimizationID); id != "" {
		// An order recorded through create-checkout-session: one this host
		// does not have is said as every endpoint says it.
		if _, err := c.orders.Lookup(r.Context(), userFrom(r.Context()).UID, id); err != nil {
			return notFoundInAccount(err)
		}
	} else {
		// A new order: checked as create-checkout-session checks one (an
		// order recorded there was checked then).
		if err := c.checkListing(r.Context(), req.URL, req.UseTypedDetails, plan); err != nil {
			return err
		}
	}
	o, err := c.orders.Optimize(r.Context(), customerOf(r), strings.TrimSpace(req.OptimizationID), orders.StartRequest{
		Plan: plan, ListingURL: req.URL, Email: req.Email, Title: req.Title, Description: req.Description,
		UseTypedDetails: req.UseTypedDetails})
	if err != nil {
		return err
	}
	if o.Status != domain.StatusCompleted {
		writeJSON(w, http.StatusBadGateway, map[string]any{"success": false, "error": failureText(o), "optimization_id": o.ID})
		return nil
	}
	data, err := report.CopyOf(o.Results)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "data": data, "optimization_id": o.ID})
	return nil
}

// planIncluding is the cheapest plan that includes the PDF and the e-mail
// when they are asked for (the plan table's; the dearest when none does).
func planIncluding(pdf, email bool) domain.Plan {
	all := plans.All()
	for _, p := range all {
		if (p.PDF || !pdf) && (p.Email || !email) {
			return p.ID
		}
	}
	return all[len(all)-1].ID
}

func failureText(o *domain.Optimization) string {
	if o.FailureReason != "" {
		return o.FailureReason
	}
	return "Optimization failed"
}

// maxWebhookBody bounds a webhook payload; Stripe's are a few kB.
const maxWebhookBody = 1 << 20

// webhook receives Stripe's events. The signature is checked on the raw
// bytes, before anything is decoded; a bad one is 400 and changes nothing.
// A 5xx makes Stripe deliver the event again.
func (c *checkout) webhook(w http.ResponseWriter, r *http.Request) error {
	if !c.orders.PaymentsOn() { // refused before the body is read
		return domain.Errorf(domain.CodeNotFound, "Payments are off.")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return domain.Errorf(domain.CodeInvalid, "The request is too large.")
		}
		return &domain.Error{Code: domain.CodeInvalid, Message: "Could not read the request.", Err: err}
	}
	ev, err := c.orders.ParseWebhook(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		return err
	}
	logging.FromContext(r.Context()).Info("payment event", "stripe_event", ev.ID, "type", ev.Type)
	if err := c.orders.HandleEvent(r.Context(), ev); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}

const msgResultsMissing = "This report's results are missing. Please contact support and quote your order number."

// pendingResult is a running order's progress (stage and progress from
// domain's one stage list).
type pendingResult struct {
	Success     bool         `json:"success"`
	Status      string       `json:"status"`
	Stage       domain.Stage `json:"stage,omitempty"`
	Progress    int          `json:"progress"`
	PackageType domain.Plan  `json:"package_type"`
	Paid        bool         `json:"paid"`
	CheckoutURL string       `json:"checkout_url,omitempty"`
}

// result is GET /api/get-optimization-result/{session_id}: the owner's
// report, the job's progress, or the reason it failed.
func (c *checkout) result(w http.ResponseWriter, r *http.Request) error {
	answer, err := c.resultFor(r, userFrom(r.Context()).UID, r.PathValue("session_id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// completedResult is the result answer of a finished report.
type completedResult struct {
	Success    bool            `json:"success"`
	Status     domain.Status   `json:"status"`
	Data       json.RawMessage `json:"data"`
	OrderID    string          `json:"order_id"`
	Upgrade    *upgradeBody    `json:"upgrade"`
	Recheck    *recheckBody    `json:"recheck"`
	Share      *shareBody      `json:"share"`
	PDFPending bool            `json:"pdf_pending"`
	// Watch is the report's weekly watch (issue 45; null: none).
	Watch *watchBody `json:"watch"`
}

// resultFor is the answer of GET /api/get-optimization-result/{key} for
// the host uid: the report page's, whether it asks or the server draws the
// page with it (reportPages).
func (c *checkout) resultFor(r *http.Request, uid, key string) (any, error) {
	o, err := c.orders.Lookup(r.Context(), uid, key)
	if err != nil {
		return nil, notFoundInAccount(err)
	}
	o = c.orders.Reconcile(r.Context(), o)
	if u := o.Upgrade; u != nil && o.Status == domain.StatusCompleted &&
		(o.Upgrading() && u.FailureReason == "" || u.Status == domain.UpgradeOpen && u.SessionID == key) {
		// The Premium report of an upgrade is being made (or, back from
		// its checkout, the payment is not confirmed yet): the loading
		// screen, as for a new Premium order.
		return pendingResult{Success: true, Status: string(domain.StatusProcessing),
			Stage: domain.StageAnalyzing, Progress: domain.StageAnalyzing.Progress(), PackageType: plans.UpgradeOffer().To,
			Paid: o.Upgrading()}, nil
	}
	switch o.Status {
	case domain.StatusCompleted:
		if len(o.Results) == 0 {
			// Never written by the job (which stores results and status
			// together); only an imported or hand-edited record can be so.
			return missingResult{Success: false, Status: o.Status, Error: msgResultsMissing}, nil
		}
		data, err := c.pdfs.withPDFLink(o)
		if err != nil {
			return nil, err
		}
		// pdf_pending: the Premium PDF could not be stored yet and its
		// repair is under way (issue 28), so the page says it is being
		// prepared rather than that it failed.
		return completedResult{Success: true, Status: o.Status, Data: data,
			OrderID: o.ID, Upgrade: upgradeOf(o), Recheck: c.recheckOf(r, o), Share: c.shares.link(o),
			PDFPending: o.OwesPDF(), Watch: newWatchBody(o)}, nil
	case domain.StatusFailed, domain.StatusRefunded, domain.StatusExpired:
		return endedResult{Success: false, Status: o.Status, Error: failureText(o),
			OrderID: o.ID, Amount: o.Amount, Paid: o.PaidAt != nil && o.RecheckOf == "", Refund: refundFor(o.Refund, o.Charged()), RecheckOf: o.RecheckOf,
			NothingCharged: o.PaidAt != nil && o.RecheckOf == "" && !o.Charged()}, nil
	default:
		return c.pending(o), nil
	}
}

// missingResult is a completed order whose results are missing (fields
// in the order a map of them was written in).
type missingResult struct {
	Error   string        `json:"error"`
	Status  domain.Status `json:"status"`
	Success bool          `json:"success"`
}

// endedResult is an order that ended without a report: why, which order,
// what it cost and whether (and when) the money went back.
type endedResult struct {
	Success bool          `json:"success"`
	Status  domain.Status `json:"status"`
	Error   string        `json:"error"`
	OrderID string        `json:"order_id"`
	Amount  float64       `json:"amount"`
	// Paid: money was taken (then Refund says when it went back; while
	// nil, the refund is on its way).
	Paid   bool        `json:"paid"`
	Refund *refundBody `json:"refund"`
	// RecheckOf: the order was a free re-check of that bought report
	// (nothing was charged, nothing is refunded).
	RecheckOf string `json:"recheck_of,omitempty"`
	// NothingCharged: the order counts as paid but its payment never went
	// through the provider (payments off: domain.Optimization.Charged), so
	// no money was taken and none is given back.
	NothingCharged bool `json:"nothing_charged,omitempty"`
}

type refundBody struct {
	Amount     float64   `json:"amount"`
	RefundedAt time.Time `json:"refunded_at"`
	// NothingCharged: the refund was recorded with no provider call
	// because nothing had been charged; the screens say so instead of
	// "was refunded".
	NothingCharged bool `json:"nothing_charged,omitempty"`
}

// refundFor is r as the screens show it, for a payment that was (charged)
// or was not taken through the provider.
func refundFor(r *domain.Refund, charged bool) *refundBody {
	b := refundOf(r)
	if b != nil {
		b.NothingCharged = !charged
	}
	return b
}

func refundOf(r *domain.Refund) *refundBody {
	if r == nil {
		return nil
	}
	return &refundBody{Amount: r.Amount, RefundedAt: r.RefundedAt}
}

// pending is a running order's progress; an unpaid one also carries its
// open checkout page (Resume checkout) while the session is open.
func (c *checkout) pending(o *domain.Optimization) pendingResult {
	p := pendingResult{Success: true, Status: string(o.Status), Stage: o.Stage,
		Progress: o.Stage.Progress(), PackageType: o.PlanType, Paid: o.PaidAt != nil}
	if o.PaidAt == nil {
		p.CheckoutURL = openCheckout(o, c.now())
	}
	return p
}

// openCheckout is o's checkout page while it can still be paid, else "".
func openCheckout(o *domain.Optimization, now time.Time) string {
	if o.PaidAt != nil || o.Status.Finished() || o.CheckoutExpiresAt == nil || !now.Before(*o.CheckoutExpiresAt) {
		return ""
	}
	return o.CheckoutURL
}

// upgradeBody is what the report screens show about an upgrade: whether
// one can be bought (and for how much), and how the last one went.
type upgradeBody struct {
	Available bool    `json:"available"`
	Amount    float64 `json:"amount"`
	// NotOffered says why Premium is not offered for this listing;
	// Delivers what Premium will add for it when it is (report.OfferFor's
	// delivery, as the form said it before the Basic order).
	NotOffered    string      `json:"not_offered,omitempty"`
	Delivers      []string    `json:"delivers,omitempty"`
	Status        string      `json:"status,omitempty"`
	FailureReason string      `json:"failure_reason,omitempty"`
	Refund        *refundBody `json:"refund"`
}

// recheckBody is what the results page says and offers about re-checks:
// of the bought report (Of), whichever of its reports is shown.
type recheckBody struct {
	Available bool      `json:"available"`
	Used      int       `json:"used"`
	Limit     int       `json:"limit"`
	EndsAt    time.Time `json:"ends_at"`
	Of        string    `json:"of"`         // the bought report, where re-checks count
	IsRecheck bool      `json:"is_recheck"` // the report shown is itself a re-check
}

// recheckOf is o's re-check offer: a bought report's own, or for a
// re-check its original's (nil when there is none to make).
func (c *checkout) recheckOf(r *http.Request, o *domain.Optimization) *recheckBody {
	st, bought, err := c.orders.BoughtRecheckState(r.Context(), o)
	if err != nil || st == nil {
		return nil
	}
	return &recheckBody{Available: st.Available, Used: st.Used, Limit: st.Limit, EndsAt: st.EndsAt, Of: bought.ID, IsRecheck: o.RecheckOf != ""}
}

func upgradeOf(o *domain.Optimization) *upgradeBody {
	upgrade := plans.UpgradeOffer()
	if o.PlanType != upgrade.From {
		return nil
	}
	u := &upgradeBody{Available: store.Upgradable(o), Amount: orders.UpgradeAmount()}
	if u.Available {
		// Not offered for a listing Premium cannot deliver on (the reason
		// is the one an upgrade request would be refused with).
		offer := orders.PremiumOffer(o)
		if !offer.Premium {
			u.Available, u.NotOffered = false, offer.BasicOnly
		} else if p := offer.Plan(upgrade.To); p != nil {
			u.Delivers = p.Delivers
		}
	}
	if o.Upgrade != nil {
		u.Status, u.FailureReason, u.Refund = string(o.Upgrade.Status), o.Upgrade.FailureReason, refundFor(o.Upgrade.Refund, o.Upgrade.Charged())
	}
	return u
}

// Package orders is the life of a paid report, from checkout to the last
// e-mail, as one Service over the store's aggregates (Stores) it uses:
//
//   - buying: the order is recorded and sent to checkout (Start, or
//     Optimize with payments off), the payment provider's word makes it
//     paid exactly once and queues its job (ParseWebhook, HandleEvent,
//     Reconcile), and the host finds it by order or session id (Lookup;
//     Own for the order id alone) or removes it unpaid (Remove);
//   - the jobs: the report job turns a paid order into a report or a
//     failure the host can read (Handle, Run; Pipeline makes the report),
//     and its deliverables follow (RunPDF, RunEmail);
//   - money after the sale: refunds (RunRefund; Refund by an operator),
//     the Premium upgrade (StartUpgrade, RunUpgrade, PremiumOffer), the
//     free re-checks (Recheck, RecheckStateOf, BoughtRecheckState);
//   - share links (Share, Unshare, ShareLink, Shared) and the weekly watch
//     (ControlWatch, ControlWatchByToken, QueueDueWatches, RunWatch);
//   - what is owed when a step was lost: the sweeps (Sweep,
//     SweepDeliveries, ResumeInterrupted) and the operator's repairs
//     (Retry, Resend, RepairPDF);
//   - the dashboard's grouping of reports by listing (Listings).
//
// Every step is idempotent, because every step can run twice: webhooks are
// delivered at least once and concurrently, the success page's poll may
// race the webhook, and a job may be retried after a crash.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/freetext"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store"
)

// Reporter turns an order into its report, telling progress each stage it
// reaches.
type Reporter interface {
	Report(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (*Outcome, error)
}

// Outcome is a finished report: SPEC §3 "Backend optimization result" as a
// JSON object, and the object key of Premium's PDF ("" when there is none).
type Outcome struct {
	Results json.RawMessage
	PDFPath string
	// PDFOwed: the PDF was made but could not be stored (storage failed
	// after a few tries); the order completes without it, owing it, and a
	// repair job (RunPDF) stores it later.
	PDFOwed bool
}

// Stores are the store's aggregates the Service uses (package store), and
// of the deletions only whether an account is deleted.
type Stores struct {
	Customers  store.Customers
	Orders     store.Orders
	Purchases  store.Purchases
	Fulfilment store.Fulfilment
	Owed       store.OwedWork
	Rechecks   store.Rechecks
	Deleted    DeletedAccounts
}

// StoresOf picks the Service's aggregates out of an adapter's.
func StoresOf(a store.Aggregates) Stores {
	return Stores{Customers: a.Customers, Orders: a.Orders, Purchases: a.Purchases, Fulfilment: a.Fulfilment,
		Owed: a.OwedWork, Rechecks: a.Rechecks, Deleted: a.Deletions}
}

// DeletedAccounts says whether account uid was deleted (its tombstone:
// store.Deletions): a payment or a job for a deleted account's order is
// refused, refunded or dropped rather than recorded.
type DeletedAccounts interface {
	CustomerDeleted(ctx context.Context, uid string) (bool, error)
}

// Deps are the Service's collaborators.
type Deps struct {
	Stores
	// Payments is nil when payments are off (local development only):
	// orders are then fulfilled without charge through Optimize.
	Payments payments.Provider
	Queue    jobs.Queue
	Reporter Reporter
	// Mailer sends Premium's report e-mail (nil: none is sent); Blobs reads
	// the PDF it attaches.
	Mailer mail.Sender
	Blobs  blob.Store
	// MailAttempts is how many times one e-mail job tries before it leaves
	// the e-mail due for the delivery sweeper (default 5; the queue's
	// final attempt ends it too). A failure on our side never gives the
	// e-mail up (RunEmail).
	MailAttempts int
	// PublicURL is where hosts reach the app (checkout's return links, the
	// e-mail's link to the report); SupportEmail is named in the e-mail.
	PublicURL    string
	SupportEmail string
	Now          func() time.Time
	Logger       *slog.Logger
	// TraceProject names the Cloud Trace project job logs link to ("":
	// no trace fields).
	TraceProject string
	// RecheckEvery throttles the success page's fallback: a session is
	// asked about, or a stuck job re-queued, at most this often per order
	// (default 5 s).
	RecheckEvery time.Duration
	// StuckAfter is how long a paid order may sit without its job starting
	// before the fallback enqueues it again (default 30 s).
	StuckAfter time.Duration
	// JobBudget bounds a report job from start to stored outcome (default
	// jobs.ReportBudget).
	JobBudget time.Duration
	// SweepAfter is how long after its job was last sent an order still
	// owed work (store.Owed) counts as stuck for Sweep (default and
	// least DefaultSweepAfter: past every retry of a job that is merely
	// slow); GiveUpAfter how long after its payment Sweep fails and
	// refunds a report whose task is no longer queued (default 2 h); and
	// OwedAlertAfter how long a refund or upgrade may stay owed before
	// Sweep logs LogOwedOverdue (default 1 h). See sweep.go.
	SweepAfter     time.Duration
	GiveUpAfter    time.Duration
	OwedAlertAfter time.Duration

	// Deliverables owed (issue 28). PDF renders a stored report again for
	// the PDF repair job (nil: owed PDFs wait for a process that has one).
	// OwedRetryAfter is how long after an owed PDF's or e-mail's job was
	// last sent SweepDeliveries sends it again (default 15 minutes: past
	// the queue's own retries); PDFWait how long a Premium e-mail waits
	// for its owed PDF before it goes without it (default 30 minutes).
	PDF            PDFRenderer
	OwedRetryAfter time.Duration
	PDFWait        time.Duration

	// Watch (issue 45): Checker reads a watched listing each week (nil:
	// no week is checked: its task retries, then records the week as not
	// checked); WatchLinks signs the e-mail's pause and stop links (nil:
	// the e-mail carries none and no token opens). WatchPage is the
	// scheduler's page of due watches (default DefaultWatchPage) and
	// WatchRunBudget bounds one run (default DefaultWatchRunBudget).
	Checker        WatchChecker
	WatchLinks     WatchLinks
	WatchPage      int
	WatchRunBudget time.Duration

	// Shares signs reports' read-only share links (shares.go); nil:
	// sharing is off here.
	Shares *sharelink.Signer

	// Accounts finishes account deletions left part done (a large account,
	// a failure half way: deletion.Deleter.FinishPending) as a step of the
	// sweep; nil: deletions are finished only by the host's own request.
	Accounts AccountFinisher
}

// AccountFinisher finishes the account deletions still in progress within
// budget and returns the uids it finished (deletion.Deleter).
type AccountFinisher interface {
	FinishPending(ctx context.Context, budget time.Duration) ([]string, error)
}

// Service runs orders.
type Service struct {
	d Deps

	mu          sync.Mutex
	lastChecked map[string]time.Time // order id → last fallback check
	refunding   map[string]bool      // refund job names being settled here
	starting    map[string]*hostLock // customer uid → Start in progress (openCheckout)
}

// hostLock serializes one host's Starts in this process, so a double
// click's two requests cannot both miss the other's open checkout; n
// counts its holders and waiters (dropped at 0).
type hostLock struct {
	mu sync.Mutex
	n  int
}

// lockHost holds uid's hostLock until the returned func is called.
func (s *Service) lockHost(uid string) (unlock func()) {
	s.mu.Lock()
	if s.starting == nil {
		s.starting = map[string]*hostLock{}
	}
	l := s.starting[uid]
	if l == nil {
		l = &hostLock{}
		s.starting[uid] = l
	}
	l.n++
	s.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		s.mu.Lock()
		if l.n--; l.n == 0 {
			delete(s.starting, uid)
		}
		s.mu.Unlock()
	}
}

// New returns a Service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.RecheckEvery == 0 {
		d.RecheckEvery = 5 * time.Second
	}
	if d.StuckAfter == 0 {
		d.StuckAfter = 30 * time.Second
	}
	if d.MailAttempts == 0 {
		d.MailAttempts = 5
	}
	if d.JobBudget == 0 {
		d.JobBudget = jobs.ReportBudget
	}
	d.SweepAfter = max(d.SweepAfter, DefaultSweepAfter)
	if d.GiveUpAfter == 0 {
		d.GiveUpAfter = DefaultGiveUpAfter
	}
	if d.OwedAlertAfter == 0 {
		d.OwedAlertAfter = DefaultOwedAlertAfter
	}
	if d.OwedRetryAfter == 0 {
		d.OwedRetryAfter = 15 * time.Minute
	}
	if d.WatchPage <= 0 {
		d.WatchPage = DefaultWatchPage
	}
	if d.WatchRunBudget <= 0 {
		d.WatchRunBudget = DefaultWatchRunBudget
	}
	if d.PDFWait == 0 {
		d.PDFWait = 30 * time.Minute
	}
	return &Service{d: d, lastChecked: map[string]time.Time{}, refunding: map[string]bool{}}
}

// PaymentsOn reports whether orders go through checkout: the running
// server's one answer, which every check here, the HTTP handlers and the
// browser's runtime config (httpapi) read. The binaries give it the
// provider payments.FromConfig builds, nil without STRIPE_SECRET_KEY.
func (s *Service) PaymentsOn() bool { return s.d.Payments != nil }

// Customer is the signed-in host placing or reading an order.
type Customer struct {
	UID   string
	Email string // from the verified ID token
	Name  string
}

// StartRequest is the optimize form (SPEC §7 create-checkout-session).
type StartRequest struct {
	Plan        domain.Plan
	ListingURL  string
	Email       string
	Title       string
	Description string
	// UseTypedDetails: the page could not be read and the host chose to go
	// on with the title and description they typed.
	UseTypedDetails bool
}

// Started is a recorded order and where to pay for it.
type Started struct {
	Optimization *domain.Optimization // nil when recording failed (the payment still goes ahead, SPEC §8)
	CheckoutURL  string               // "" when payments are off
	SessionID    string
}

// Limits on what the form may send; the listing is re-read by the job, so
// these only bound what we store.
const (
	MaxTitle       = 300
	MaxDescription = 20000
	MaxEmail       = 254
)

// Messages the host sees.
const (
	MsgRequired      = "Please fill in all required fields"
	MsgEmail         = "Please enter a valid e-mail address."
	MsgTooLong       = "The title or description is too long."
	MsgPaymentFailed = "Your payment did not go through, so no report was prepared. You have not been charged."
	MsgExpired       = "Checkout was not completed, so no report was prepared. You have not been charged."
	MsgNotPaid       = "This order has not been paid for."
	MsgTypedNeeded   = "Type the listing's title or description to continue without reading the listing page."
)

// Start validates the form, records the order (pending, priced from the
// server's table) and, with payments on, creates its Checkout Session.
func (s *Service) Start(ctx context.Context, c Customer, req StartRequest) (*Started, error) {
	o, err := s.validate(c, req)
	if err != nil {
		return nil, err
	}
	if s.PaymentsOn() {
		// Submitting twice (a double click, the form sent again from the
		// back button) reuses the order still waiting at its checkout
		// rather than making a second identical one.
		defer s.lockHost(c.UID)()
		if open := s.openCheckout(ctx, o); open != nil {
			return &Started{Optimization: open, CheckoutURL: open.CheckoutURL, SessionID: open.StripeSessionID}, nil
		}
	}
	if err := s.ensureCustomer(ctx, c); errors.Is(err, store.ErrAccountDeleted) {
		return nil, fmt.Errorf("orders: start: %w", err)
	} else if err != nil {
		s.d.Logger.Error("recording the customer before the order failed", "uid", c.UID, "err", err)
	}
	rec, recErr := s.d.Purchases.AddOptimization(ctx, *o)
	if recErr != nil {
		if errors.Is(recErr, store.ErrAccountDeleted) {
			// Deleted (this request raced the deletion, or another
			// instance still accepted the token): no checkout at all.
			return nil, fmt.Errorf("orders: record order: %w", recErr)
		}
		if !s.PaymentsOn() {
			return nil, fmt.Errorf("orders: record order: %w", recErr)
		}
		// SPEC §8: failing to record the order does not stop the payment
		// redirect; the session's metadata carries what fulfilment needs
		// to record it when the payment arrives.
		s.d.Logger.Error("recording the order failed; continuing to checkout", "uid", c.UID, "err", recErr)
	}
	if !s.PaymentsOn() {
		return &Started{Optimization: rec}, nil
	}

	order := payments.Order{CustomerUID: c.UID, CustomerEmail: o.CustomerEmail, Plan: o.PlanType, ListingURL: o.ListingURL}
	if rec != nil {
		order.OptimizationID = rec.ID
	}
	cs, err := s.d.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Order:      order,
		SuccessURL: s.d.PublicURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  s.d.PublicURL + "/payment-cancel",
	})
	if err != nil {
		if rec != nil {
			// Not paid and never will be: say so on the dashboard rather
			// than leave it pending forever.
			if _, ferr := s.d.Fulfilment.Fail(ctx, rec.ID, "Checkout could not be started, so you have not been charged. Please try again.", s.d.Now()); ferr != nil {
				s.d.Logger.Error("marking an order whose checkout failed", "optimization", rec.ID, "err", ferr)
			}
		}
		return nil, fmt.Errorf("orders: checkout: %w", err)
	}
	if rec != nil {
		if err := s.d.Purchases.SetCheckoutSession(ctx, rec.ID, cs.ID); err != nil && (errors.Is(err, store.ErrAccountDeleted) || domain.ErrorCode(err) == domain.CodeNotFound) {
			// The account was deleted (or the order removed) while the
			// session was being made: nobody closes a session they never
			// saw, so its maker does, before the host can pay it.
			return nil, s.closeOrphan(ctx, c.UID, rec.ID, cs.ID, err)
		} else if err != nil {
			// The webhook finds the order by client_reference_id anyway.
			s.d.Logger.Error("recording the checkout session failed", "optimization", rec.ID, "session", cs.ID, "err", err)
		} else {
			rec.StripeSessionID = cs.ID
		}
		if !cs.ExpiresAt.IsZero() {
			if _, err := s.d.Orders.Apply(ctx, rec.ID, store.CheckoutOpened(cs.URL, cs.ExpiresAt)); err != nil {
				s.d.Logger.Warn("recording the checkout page failed", "optimization", rec.ID, "err", err)
			} else {
				rec.CheckoutURL, rec.CheckoutExpiresAt = cs.URL, &cs.ExpiresAt
			}
		}
	}
	return &Started{Optimization: rec, CheckoutURL: cs.URL, SessionID: cs.ID}, nil
}

// openCheckout returns the host's order that o would repeat — pending,
// unpaid, the same listing, plan and typed details, its Checkout Session
// open for at least a minute more — or nil. Only the host's newest page of
// orders is looked at: a repeat follows its first within moments. A
// failed read is logged and answers nil (a second order is the lesser
// harm than no checkout).
func (s *Service) openCheckout(ctx context.Context, o *domain.Optimization) *domain.Optimization {
	page, err := s.d.Orders.ListOptimizations(ctx, o.CustomerUID, 1, nil)
	if err != nil {
		s.d.Logger.Warn("looking for an open checkout to reuse failed", "uid", o.CustomerUID, "err", err)
		return nil
	}
	openUntil := s.d.Now().Add(time.Minute)
	for _, p := range page.Items {
		if p.Status != domain.StatusPending || p.PaidAt != nil || p.RecheckOf != "" || p.CheckoutURL == "" || p.StripeSessionID == "" ||
			p.CheckoutExpiresAt == nil || !p.CheckoutExpiresAt.After(openUntil) ||
			p.ListingURL != o.ListingURL || p.PlanType != o.PlanType || p.ListingTitle != o.ListingTitle {
			continue
		}
		// The list leaves the typed description (and, on Firestore, the
		// typed-details flag) out: read the order whole.
		full, err := s.d.Orders.GetOptimization(ctx, p.ID)
		if err != nil {
			s.d.Logger.Warn("reading an open checkout's order failed", "optimization", p.ID, "err", err)
			return nil
		}
		if full.ListingDescription != o.ListingDescription || full.TypedDetails != o.TypedDetails {
			continue
		}
		s.d.Logger.Info("the same order was submitted again: its open checkout is reused", "optimization", full.ID)
		return full
	}
	return nil
}

// closeOrphan expires session sid, made for uid's order id whose record
// refused it with why (the account deleted, the order removed), and
// answers why: the host is not sent to pay for an order that is gone.
func (s *Service) closeOrphan(ctx context.Context, uid, id, sid string, why error) error {
	log := s.d.Logger.With("optimization", id, "session", sid)
	// Closed even if the host's request is cancelled meanwhile.
	ectx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.d.Payments.ExpireSession(ectx, sid); err != nil {
		// Should it be paid all the same, its webhook finds no order and
		// refunds the payment (a payment for a deleted order).
		log.Error("closing a checkout whose order is gone failed", "err", err)
	} else {
		log.Info("closed a checkout whose order was deleted while it was made", "reason", why)
	}
	if deleted, err := s.d.Deleted.CustomerDeleted(ctx, uid); errors.Is(why, store.ErrAccountDeleted) || (err == nil && deleted) {
		// The order went with the account: say that, not "removed".
		return fmt.Errorf("orders: record checkout of %s: %w (%w)", id, store.ErrAccountDeleted, why)
	}
	return &domain.Error{Code: domain.CodeConflict, Message: "This order was removed before its checkout opened. Please start again.", Err: why}
}

func (s *Service) validate(c Customer, req StartRequest) (*domain.Optimization, error) {
	if strings.TrimSpace(req.ListingURL) == "" || (strings.TrimSpace(req.Email) == "" && c.Email == "") {
		return nil, domain.Errorf(domain.CodeInvalid, MsgRequired)
	}
	if !req.Plan.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "Please choose the Basic or the Premium package.")
	}
	price, err := payments.PriceOf(req.Plan)
	if err != nil {
		return nil, err
	}
	target, err := listing.ParseURL(req.ListingURL)
	if err != nil {
		return nil, err
	}
	// SPEC §5: signed in, the e-mail is the account's; the token's e-mail
	// wins over whatever the form sent.
	email := c.Email
	if email == "" {
		email = strings.TrimSpace(req.Email)
	}
	if len(email) > MaxEmail || !strings.Contains(email, "@") || strings.ContainsAny(email, " \t\r\n<>") {
		return nil, domain.Errorf(domain.CodeInvalid, MsgEmail)
	}
	// Typed text is stored as it reads: no control or bidi characters.
	title, desc := freetext.Line(req.Title), freetext.Text(req.Description)
	if len(title) > MaxTitle || len(desc) > MaxDescription {
		return nil, domain.Errorf(domain.CodeInvalid, MsgTooLong)
	}
	if req.UseTypedDetails && title == "" && desc == "" {
		return nil, domain.Errorf(domain.CodeInvalid, MsgTypedNeeded)
	}
	if req.UseTypedDetails && req.Plan == domain.PlanPremium {
		// Never charge for what we cannot deliver (report.OfferFor).
		if err := report.PremiumRefusal(report.TypedOffer()); err != nil {
			return nil, err
		}
	}
	return &domain.Optimization{
		CustomerUID: c.UID, CustomerEmail: email,
		ListingURL: target.CanonicalURL, ListingTitle: title, ListingDescription: desc,
		PlanType: req.Plan, Amount: price.Dollars(), Status: domain.StatusPending, CreatedAt: s.d.Now(),
		TypedDetails: req.UseTypedDetails,
	}, nil
}

// ensureCustomer creates the customer record when the client never called
// POST /api/me (a first sign-in whose profile call failed): an order needs
// its customer.
func (s *Service) ensureCustomer(ctx context.Context, c Customer) error {
	if _, err := s.d.Customers.GetCustomer(ctx, c.UID); err == nil || domain.ErrorCode(err) != domain.CodeNotFound {
		return err
	}
	_, err := s.d.Customers.UpsertCustomer(ctx, domain.Login{UID: c.UID, Email: c.Email, DisplayName: c.Name, At: s.d.Now()})
	return err
}

// appendToCustomer adds a paid order to the customer's list (SPEC §3:
// appended on each purchase; an abandoned checkout is no purchase); SPEC §8: a
// failure is logged only.
func (s *Service) appendToCustomer(ctx context.Context, uid, id string) {
	if err := s.d.Customers.AppendCustomerOptimization(ctx, uid, id); err != nil {
		s.d.Logger.Error("adding the order to the customer failed", "uid", uid, "optimization", id, "err", err)
	}
}

// Lookup returns the caller's order by Checkout Session id or order id
// (dashboard rows link with either). Another host's order is NotFound,
// exactly like a missing one. The key's shape picks the first read, since
// the results page polls it every few seconds: a Stripe Checkout Session id
// (cs_…) is looked up by session, anything else as an order id — one read
// per poll — and the other read only when the first finds nothing.
func (s *Service) Lookup(ctx context.Context, uid, key string) (*domain.Optimization, error) {
	if !domain.ValidKey(key) {
		return nil, domain.ErrNotFound // a wrong link: no store call
	}
	first, second := s.d.Orders.GetOptimization, s.d.Orders.FindOptimizationBySession
	if looksLikeSession(key) {
		first, second = second, first
	}
	o, err := first(ctx, key)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		o, err = second(ctx, key)
	}
	if err != nil {
		return nil, err
	}
	if o.CustomerUID != uid {
		return nil, domain.ErrNotFound
	}
	return o, nil
}

// looksLikeSession reports whether key has a Stripe Checkout Session id's
// shape (cs_test_… or cs_live_…; Stripe's ids carry their object's prefix).
// Order ids (the stores' generated keys) have no underscore.
func looksLikeSession(key string) bool { return strings.HasPrefix(key, "cs_") }

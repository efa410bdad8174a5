// Package store declares the document store ListingLift keeps its records
// in, as one interface per aggregate (customers, orders, purchases,
// fulfilment, owed work, re-checks and watches, deletions), each small
// enough to read at once. Adapters live in subpackages (sqlite for local
// work and tests, firestore for production) and implement every aggregate;
// storetest holds one contract suite per aggregate that both must pass.
// Consumers take the aggregates they use, or declare a narrower interface
// where they use part of one (httpapi's order reads). Missing records are
// reported as domain.ErrNotFound (match with errors.Is or domain.ErrorCode).
package store

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// MaxCustomerOptimizationIDs bounds a customer's optimizationIds.
const MaxCustomerOptimizationIDs = 100

// EventRetention is how long a processed payment event id is kept: Stripe
// redelivers an event for up to three days, so a month is ample. Firestore
// deletes the record after its expireAt by a TTL policy
// (firestore.indexes.json); SQLite when the next event is recorded.
const EventRetention = 30 * 24 * time.Hour

// UnpaidRetention is how long an order nobody paid for, and a Checkout
// Session's marker, are kept: a Checkout Session is payable for 24 hours
// at most (ours for 30 minutes), so a month leaves the host's dashboard
// its "not completed" row for a while and then lets it go. Firestore
// deletes both after their expireAt by TTL policies
// (firestore.indexes.json); a payment is never recorded on a document
// that could expire (MarkPaid clears the order's expireAt; a marker only
// guards one session's claim, which Stripe never reuses). SQLite, the
// development store, keeps them (DEPLOY.md §20).
const UnpaidRetention = 30 * 24 * time.Hour

// ReportScoreFields are the stored report's fields ListReportScores keeps
// (what report.HeadlineOf reads: the overall score and the listing's
// title), named once for both adapters' projections; a test in package
// report checks the headline survives them.
var ReportScoreFields = []string{"overall_score", "title"}

// Customers are the hosts' profiles (SPEC §3 customers/{uid}).
type Customers interface {
	// UpsertCustomer records a sign-in: it creates the customer on first
	// sign-in and otherwise updates e-mail, display name, lastLoginAt and
	// updatedAt, leaving counts and optimization ids alone.
	UpsertCustomer(ctx context.Context, login domain.Login) (*domain.Customer, error)
	GetCustomer(ctx context.Context, uid string) (*domain.Customer, error)
	// AppendCustomerOptimization adds id to the customer's optimizationIds
	// (SPEC §3: appended on each purchase), once however often it is called,
	// keeping only the newest MaxCustomerOptimizationIDs: the list is a
	// convenience for the console (the dashboard queries the orders), and a
	// document must not grow without bound.
	AppendCustomerOptimization(ctx context.Context, uid, id string) error
}

// Orders are the orders (optimizations) as the host and the service read
// them, and the one general way to change one: Apply with a Change of
// transitions.go, owed.go or watch.go (refunds, expiry, upgrades, shares,
// watches), decided once for both adapters.
type Orders interface {
	GetOptimization(ctx context.Context, id string) (*domain.Optimization, error)
	// FindOptimizationBySession returns the optimization whose
	// stripeSessionId is sessionID (SPEC §7: limit 1), else the one whose
	// upgrade was paid through it. The empty id means "no session" and is
	// never found.
	FindOptimizationBySession(ctx context.Context, sessionID string) (*domain.Optimization, error)
	// ListOptimizations returns page (1-based) of a customer's optimizations,
	// newest first (equal createdAt: higher id first), domain.PageSize per
	// page, with the customer's total, read together in one read-only
	// transaction. With after (the previous page's Next) the page starts
	// there and at most PageSize documents are read; without it the
	// earlier pages are skipped (and, on Firestore, billed). Only the
	// summary fields the dashboard shows are read: Results is empty. A page
	// below 1 means page 1; a page past the end has no items. Items is
	// never nil.
	ListOptimizations(ctx context.Context, customerUID string, page int, after *domain.PageCursor) (*domain.OptimizationPage, error)
	// ListReportScores returns the completed reports among the customer's
	// newest limit optimizations, newest first, for the dashboard's
	// listings and their score trends: each with the summary fields
	// ListOptimizations gives and, as its Results, only the report's
	// ReportScoreFields ({"overall_score": N, "title": "…"}, each null when
	// the report has none).
	// Each carries its Watch too (issue 45: the dashboard's timeline).
	ListReportScores(ctx context.Context, customerUID string, limit int) ([]domain.Optimization, error)
	// Apply runs change on optimization id in one transaction (read,
	// decide, write the whole record) and reports whether it applied; a
	// missing optimization is domain.ErrNotFound. The order's life steps
	// beyond Purchases' and Fulfilment's (refunds, expiry, upgrades,
	// shares, watches) are Changes in
	// transitions.go, decided once for both adapters. A change leaving a
	// report Firestore would refuse is domain.CodeInvalid.
	Apply(ctx context.Context, id string, change Change) (bool, error)
}

// Purchases are an order's buying steps: recorded, sent to checkout, paid
// exactly once (each payment-provider event once), or let go unpaid.
type Purchases interface {
	// AddOptimization stores o under a new id (o.ID is ignored) and returns it
	// as a read would (times in UTC at microsecond precision, results
	// re-encoded). It fails when o.CustomerUID names no customer or when
	// o.Results is neither empty nor a JSON object.
	AddOptimization(ctx context.Context, o domain.Optimization) (*domain.Optimization, error)
	// SetCheckoutSession records the Stripe Checkout Session that pays for
	// optimization id. A session already recorded for another optimization
	// is domain.CodeConflict (one payment, one order).
	SetCheckoutSession(ctx context.Context, id, sessionID string) error
	// MarkPaid records the payment of optimization id exactly once: the
	// first call sets paidAt, moves a pending optimization to processing and
	// adds one to the customer's totalOptimizations, all in one transaction,
	// and reports true; every later call changes nothing and reports false.
	// An optimization failed or expired while unpaid is reopened:
	// processing, its failure reason and completedAt cleared, since money
	// that arrives after all must still buy the report. A missing customer
	// record does not refuse the payment: it is recreated from the order.
	MarkPaid(ctx context.Context, id string, at time.Time) (bool, error)
	// RecordEvent remembers a processed payment-provider event id and
	// reports false when it was already recorded.
	RecordEvent(ctx context.Context, eventID string, at time.Time) (bool, error)
	// FailUnpaid is Fail for an order nobody paid for (checkout expired,
	// payment refused): it applies only while paidAt is unset, checked in
	// the same transaction, so a payment landing meanwhile is never marked
	// "you have not been charged". It reports false when the order is paid
	// or already finished.
	FailUnpaid(ctx context.Context, id, reason string, at time.Time) (bool, error)
	// DeleteUnpaid deletes a host's order that was never paid for (the
	// dashboard's Remove), in one transaction with the check, and releases
	// its checkout session. It reports false, deleting nothing, for a paid
	// order; a missing one is domain.ErrNotFound.
	DeleteUnpaid(ctx context.Context, id string) (bool, error)
}

// Fulfilment is the report job's record of a paid order: its progress,
// its end (completed or failed, exactly once), its PDF and its e-mail.
type Fulfilment interface {
	// SetStage records the report job's progress stage (domain.Stage*) of
	// an unfinished optimization. A completed or failed optimization is
	// left as it is (no error): a late or repeated job must not move a
	// finished order backwards.
	SetStage(ctx context.Context, id string, stage domain.Stage) error
	// Complete stores the report (a JSON object) of an unfinished
	// optimization and marks it completed at at, exactly once: the first
	// call reports true; later calls, or calls after Fail, change nothing
	// and report false. The stage is kept as the job left it. With
	// emailDue (Premium) the same write marks the report e-mail pending, so
	// an e-mail is due exactly when the report exists, even if the caller
	// never learns that the write went through. A report Firestore would
	// refuse (docrules) is domain.CodeInvalid on every adapter.
	Complete(ctx context.Context, id string, results json.RawMessage, at time.Time, emailDue bool) (bool, error)
	// Fail marks an unfinished optimization failed with a reason the host
	// can read, exactly once: it reports false and changes nothing when the
	// optimization is already completed or failed. completedAt is set to
	// at (when the order reached its end, whichever end) and the stage is
	// kept, so support can see where the job stopped.
	Fail(ctx context.Context, id, reason string, at time.Time) (bool, error)
	// SetPDF records the object key of an unfinished optimization's PDF (the
	// job stores the file first, then the key, then completes the order). A
	// finished optimization is left as it is.
	SetPDF(ctx context.Context, id, path string) error
	// UpdateEmailDelivery moves the report e-mail from state from to state
	// to, whatever the optimization's status (mail is sent after the report
	// is complete), only if the stored state still has from's status and
	// attempts: a compare-and-set in one transaction, so a stale run (a
	// retried or duplicate job) can never overwrite "sent". It reports
	// whether it applied.
	UpdateEmailDelivery(ctx context.Context, id string, from, to domain.EmailDelivery) (bool, error)
	// ReopenPaid gives a paid, failed optimization another run (an
	// operator's retry): processing again at stage queued, its failure
	// reason and completedAt cleared. It reports false for any other order.
	ReopenPaid(ctx context.Context, id string) (bool, error)
}

// OwedWork is the work the sweepers find by state (issue 28): stuck report
// jobs, refunds and upgrades owed, deliverables owed, and the stray
// refunds of payments no order could take.
type OwedWork interface {
	// StuckOrders returns up to limit paid, unfinished (processing)
	// optimizations paid before paidBefore whose job was last sent
	// (paidAt, or RequeuedAt when re-queued) before lastSentBefore, oldest
	// payment first: the sweeper's candidates.
	StuckOrders(ctx context.Context, paidBefore, lastSentBefore time.Time, limit int) ([]domain.Optimization, error)
	// ClaimRequeue records that the sweeper sends a stuck order's job again:
	// it sets Requeues to seen+1 and RequeuedAt to at, only if Requeues is
	// still seen and the order is paid and unfinished, and reports whether
	// it did. Of two sweepers racing over one order, one claims it.
	ClaimRequeue(ctx context.Context, id string, seen int, at time.Time) (bool, error)
	// OwedOrders returns up to limit orders owing work of kind whose job
	// was last sent (LastSentAt) before sentBefore, least recently sent
	// first (equal times: id ascending), starting after the order after
	// (the previous page's last; nil: from the start), so the sweeper
	// pages through every one. Kinds: WorkReport (paid, processing),
	// WorkRefund (Owed says WorkRefund: paid, failed, not refunded, no
	// re-check) and WorkUpgrade (an upgrade paid and neither stored nor
	// refunded: Owed says WorkUpgrade or WorkUpgradeRefund). Each kind is
	// one indexed query (firestore.indexes.json).
	OwedOrders(ctx context.Context, kind Work, sentBefore time.Time, after *domain.Optimization, limit int) ([]domain.Optimization, error)
	// Deliverables owed (issue 28): a completed Premium report's PDF that
	// could not be stored (PDFDue) and an e-mail still due are state on
	// the order, with OwedAt the last time a job for them was sent or
	// tried (set by Complete with emailDue, and by the Changes in owed.go).
	//
	// OwedDeliveries returns up to limit orders whose OwedAt is before
	// before, oldest OwedAt first (equal: lower id first): the delivery
	// sweeper's candidates, found by an index on OwedAt alone. An order
	// owing nothing has no OwedAt and is never read.
	OwedDeliveries(ctx context.Context, before time.Time, limit int) ([]domain.Optimization, error)
	// AddStrayRefund records r under r.SessionID unless a record of that
	// session exists, and reports whether it wrote: one payment, one
	// record, however often its webhook is delivered.
	AddStrayRefund(ctx context.Context, r domain.StrayRefund) (bool, error)
	// GetStrayRefund returns the stray refund of sessionID, or
	// domain.ErrNotFound.
	GetStrayRefund(ctx context.Context, sessionID string) (*domain.StrayRefund, error)
	// StrayRefunded records the refund made for sessionID's stray
	// payment, once: false when it already has one; a missing record is
	// domain.ErrNotFound.
	StrayRefunded(ctx context.Context, sessionID string, r domain.Refund) (bool, error)
	// StrayRefundsOf returns the stray refunds of payments that named
	// order optimizationID, oldest first.
	StrayRefundsOf(ctx context.Context, optimizationID string) ([]domain.StrayRefund, error)
	// OwedStrayRefunds returns up to limit stray refunds not yet made,
	// recorded before createdBefore, oldest first.
	OwedStrayRefunds(ctx context.Context, createdBefore time.Time, limit int) ([]domain.StrayRefund, error)
}

// Rechecks are the free re-checks of a bought report (issue 18) and the
// weekly watches (issue 45).
//
// A watch is state on its order (domain.Optimization.Watch), changed
// through Orders.Apply with the Changes of watch.go; the adapters keep its
// due time beside it as a field of its own (null unless the watch is
// active), indexed alone, so the scheduler's query reads only due watches.
type Rechecks interface {
	// AddRecheck stores recheck (a new optimization, under a new id, with
	// RecheckOf set to originalID) if allow applies to the original
	// optimization originalID, in one transaction with allow's change to
	// the original (store.RecheckAllowed counts it there). It returns the
	// stored re-check, or nil, storing nothing, when allow refused; a
	// missing original is domain.ErrNotFound.
	AddRecheck(ctx context.Context, originalID string, allow Change, recheck domain.Optimization) (*domain.Optimization, error)
	// RechecksOf returns the re-checks of the report originalID (none:
	// an empty slice), so a refund of that report can withdraw them.
	RechecksOf(ctx context.Context, originalID string) ([]domain.Optimization, error)
	// DueWatches returns up to limit orders whose watch is active and due
	// at or before before, earliest due first (equal: id ascending),
	// starting after after (the previous page's last; nil: from the
	// start), reading only each order's id and due time.
	DueWatches(ctx context.Context, before time.Time, after *domain.WatchDue, limit int) ([]domain.WatchDue, error)
}

// Deletions delete a host's account for good (issue 28: deletion is
// final), with its tombstone.
//
// A deleted account leaves a tombstone, deletedCustomers/{uid}, written
// before anything is deleted. Every write that creates or changes a
// customer's records (UpsertCustomer, AddOptimization,
// AppendCustomerOptimization, SetCheckoutSession, MarkPaid, AddRecheck)
// reads it inside its own transaction and refuses with
// ErrAccountDeleted, so a checkout, sign-in or webhook racing the
// deletion, or a token another instance still accepts, cannot bring
// the uid's records back. Writes to an existing order's own life
// (Apply, Complete, Fail, SetStage, …) are not refused: a refund or a
// report finishing must still be recorded, they create nothing, and
// the deletion deletes those orders after them. The tombstone holds
// the uid and the time only: no personal data (a Firebase uid is a
// random id that names nobody once the user is deleted, and is never
// issued again), which is why it may outlive the account.
type Deletions interface {
	// MarkCustomerDeleted writes uid's tombstone with deletedAt at; a
	// tombstone already there is kept as it is (the first deletion's time).
	MarkCustomerDeleted(ctx context.Context, uid string, at time.Time) error
	// CustomerDeleted reports whether uid has a tombstone.
	CustomerDeleted(ctx context.Context, uid string) (bool, error)
	// UnsettledOrder returns the id of one of customer uid's orders that
	// is Unsettled, or "" when none is: the deletion's check before it
	// writes anything, reading every order's Unsettled fields (and only
	// those) in one query.
	UnsettledOrder(ctx context.Context, uid string) (string, error)
	// DeleteCustomerOptimizationsPage deletes up to limit of customer
	// uid's optimizations (with their checkout session markers) in one
	// transaction and returns the ones it deleted, as read there, so the
	// caller closes their checkouts and deletes their PDFs knowing exactly
	// what went: a session recorded on an order up to its deletion is in
	// the answer. It refuses with ErrUnsettled, deleting nothing of the
	// page, while one of them is Unsettled. An empty answer: none left.
	// Account deletion runs it page by page, so an account of any size is
	// deleted within a request's time limit or by a retry that goes on.
	DeleteCustomerOptimizationsPage(ctx context.Context, uid string, limit int) ([]domain.Optimization, error)
	// DeleteCustomerOptimizations deletes every optimization of customer
	// uid (their checkout sessions no longer find them) and reports how
	// many it deleted: the first step of deleting an account. It refuses
	// with domain.CodeConflict, deleting nothing, while any of them holds
	// money not yet settled (Unsettled). Another customer's records are
	// never touched; with none left it deletes nothing and reports 0, so a
	// retry after a partial failure is safe.
	DeleteCustomerOptimizations(ctx context.Context, uid string) (int, error)
	// DeleteCustomer deletes the customer record uid and reports whether
	// there was one (false, nil when it is already gone). It refuses with
	// domain.CodeConflict while the customer still has optimizations:
	// those go first (DeleteCustomerOptimizations), so an interrupted
	// deletion always leaves the customer record to find them by, and the
	// retry finishes the job.
	DeleteCustomer(ctx context.Context, uid string) (bool, error)
	// UnfinishedDeletions returns up to limit uids whose tombstone was
	// written before before and whose deletion has not finished
	// (FinishCustomerDeletion), oldest tombstone first: the sweeper
	// finishes a deletion the host's request left part done (a large
	// account, a failure half way), so deletion never depends on the host
	// pressing Delete again.
	UnfinishedDeletions(ctx context.Context, before time.Time, limit int) ([]string, error)
	// FinishCustomerDeletion records on uid's tombstone that everything of
	// the account is deleted (orders, customer record, sign-in); again is a
	// no-op, and without a tombstone it does nothing.
	FinishCustomerDeletion(ctx context.Context, uid string, at time.Time) error
}

// Aggregates is one adapter's aggregates, as cmd wires them and the
// service and API tests open them (storetable): each consumer is handed
// the ones it uses, never the whole. Close releases the adapter.
type Aggregates struct {
	Customers
	Orders
	Purchases
	Fulfilment
	OwedWork
	Rechecks
	Deletions
	io.Closer
}

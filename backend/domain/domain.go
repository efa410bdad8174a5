// Package domain holds ListingLift's records and errors. Every other package
// imports it; it imports nothing of ours, so adapters depend on the domain and
// never the reverse.
package domain

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Customer is a signed-in host (SPEC §3, collection "customers", keyed by uid).
type Customer struct {
	UID                string    `json:"uid"`
	Email              string    `json:"email"`
	DisplayName        string    `json:"displayName"`
	CreatedAt          time.Time `json:"createdAt"`
	UpdatedAt          time.Time `json:"updatedAt"`
	LastLoginAt        time.Time `json:"lastLoginAt"`
	TotalOptimizations int       `json:"totalOptimizations"`
	ProfileComplete    bool      `json:"profileComplete"`
	OptimizationIDs    []string  `json:"optimizationIds"`
}

// Login is what a sign-in tells us about a customer. Upserting it creates the
// customer on first sign-in (totalOptimizations 0, profileComplete true, no
// optimizations) and otherwise refreshes e-mail, name and last login time.
type Login struct {
	UID         string
	Email       string
	DisplayName string
	At          time.Time
}

// Plan is the package a host buys.
type Plan string

const (
	PlanBasic   Plan = "basic"
	PlanPremium Plan = "premium"
)

// Valid reports whether p is one of the plans we sell.
func (p Plan) Valid() bool { return p == PlanBasic || p == PlanPremium }

// Status is where an optimization is in its life.
type Status string

const (
	StatusPending    Status = "pending"
	StatusProcessing Status = "processing"
	StatusCompleted  Status = "completed"
	StatusFailed     Status = "failed"
	// StatusRefunded: a paid order that ended without its report (or that
	// an operator refunded); Refund says how much and when.
	StatusRefunded Status = "refunded"
	// StatusExpired: the checkout was left unpaid until it expired; nothing
	// was charged. A payment that arrives later still reopens it.
	StatusExpired Status = "expired"
)

// Optimization is one purchased report (SPEC §3, collection "optimizations").
// Results is the report as JSON (SPEC §3 "Backend optimization result"); it is
// empty until the report is done.
type Optimization struct {
	ID                 string          `json:"id"`
	CustomerUID        string          `json:"customerUid"`
	CustomerEmail      string          `json:"customerEmail"`
	ListingURL         string          `json:"listingUrl"`
	ListingTitle       string          `json:"listingTitle"`
	ListingDescription string          `json:"listingDescription"`
	PlanType           Plan            `json:"planType"`
	Amount             float64         `json:"amount"`
	Status             Status          `json:"status"`
	CreatedAt          time.Time       `json:"createdAt"`
	CompletedAt        *time.Time      `json:"completedAt,omitempty"`
	Results            json.RawMessage `json:"results,omitempty"`
	StripeSessionID    string          `json:"stripeSessionId,omitempty"`

	// Payment and job state (DESIGN.md "Data"): when the payment was
	// recorded (nil until paid), the job's progress stage, and the reason a
	// failed order shows the host.
	PaidAt        *time.Time `json:"paidAt,omitempty"`
	Stage         Stage      `json:"stage,omitempty"`
	FailureReason string     `json:"failureReason,omitempty"`

	// Premium deliverables: the PDF's object key in blob storage ("" when
	// none), and the state of the e-mail with the report (zero: none due).
	PDFPath string        `json:"pdfPath,omitempty"`
	Email   EmailDelivery `json:"email"`

	// Requeues counts how often the sweeper sent a stuck paid order's job
	// again (each under a new name, report-<id>-<n>), and RequeuedAt is
	// the last time: operator state, not shown to hosts.
	Requeues   int        `json:"-"`
	RequeuedAt *time.Time `json:"-"`

	// TypedDetails: the listing page could not be read when the host
	// ordered (blocked, too slow) and they chose to go on with the title
	// and description they typed; the report is made from those if the
	// page still cannot be read.
	TypedDetails bool `json:"typedDetails,omitempty"`

	// RecheckOf is, on a re-check, the id of the report it re-checks (the
	// one the host paid for): a free second read of the same listing, with
	// the same plan, made to show what changed. Rechecks counts, on a paid
	// report, the re-checks made of it (store.RecheckAllowed bounds them).
	RecheckOf string `json:"recheckOf,omitempty"`
	Rechecks  int    `json:"rechecks,omitempty"`

	// CheckoutURL is the open Checkout Session's page and CheckoutExpiresAt
	// when it closes (the dashboard's Resume checkout), while unpaid.
	CheckoutURL       string     `json:"checkoutUrl,omitempty"`
	CheckoutExpiresAt *time.Time `json:"checkoutExpiresAt,omitempty"`
	// Refund is the order's refund (nil: none); Upgrade the host's
	// Basic → Premium upgrade of this order (nil: none asked for).
	Refund  *Refund  `json:"refund,omitempty"`
	Upgrade *Upgrade `json:"upgrade,omitempty"`
	// Share is the report's read-only share link (nil: not shared, or
	// the owner stopped sharing it).
	Share *Share `json:"share,omitempty"`

	// Owed work (issue 28), operator state the sweeper reads: LastSentAt
	// is when a job of this order (report, refund, upgrade) was last
	// handed to the queue — set with the payment, an upgrade's payment
	// and every send — and LastJob that job's name, so the sweeper can
	// ask the queue whether it still waits. WithdrawnAt is set on a
	// re-check when the report it re-checks was refunded: its PDF and
	// share link stop with the refunded report's.
	LastSentAt  *time.Time `json:"-"`
	LastJob     string     `json:"-"`
	WithdrawnAt *time.Time `json:"-"`

	// Deliverables owed (issue 28): PDFDue says a Premium report was
	// completed without its PDF (storing it failed) and a repair job
	// (jobs.PDFFor) is to make it from the stored report. OwedAt is when a
	// job for an owed deliverable (the PDF, or the report or refund e-mail
	// while pending) was last sent or tried, nil when nothing is owed: the
	// sweeper (orders.SweepDeliveries) finds orders by it and sends their
	// jobs again under fresh names, numbered by OwedRequeues.
	PDFDue       bool       `json:"pdfDue,omitempty"`
	OwedAt       *time.Time `json:"-"`
	OwedRequeues int        `json:"-"`

	// Watch is a bought Premium report's weekly watch of its listing
	// (issue 45; nil: none). Its due time is what the scheduler queries
	// (Store.DueWatches).
	Watch *Watch `json:"watch,omitempty"`
}

// Share is a report's read-only share link, for a co-host or a cleaner:
// ID is the random part of the link's signed token, so stopping sharing
// (Share nil) or sharing again (a new ID) ends every earlier link.
type Share struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// SharedAt reports whether o's share link is live at now.
func (o *Optimization) SharedAt(now time.Time) bool {
	return o.Share != nil && now.Before(o.Share.ExpiresAt)
}

// Refund is money given back for an order (or for its upgrade).
type Refund struct {
	ID         string    `json:"id"`     // the provider's refund id ("" when payments are off)
	Amount     float64   `json:"amount"` // dollars
	RefundedAt time.Time `json:"refundedAt"`
	// Elsewhere: the provider said the payment was already refunded by
	// other means (its dashboard) when ours was asked for; ID is then "".
	Elsewhere bool `json:"elsewhere,omitempty"`
}

// UpgradeStatus is where a Basic → Premium upgrade is.
type UpgradeStatus string

const (
	UpgradeOpen      UpgradeStatus = "open"      // checkout created, not paid
	UpgradePaid      UpgradeStatus = "paid"      // paid; the Premium report is being made
	UpgradeCompleted UpgradeStatus = "completed" // the order is Premium now
	UpgradeRefunded  UpgradeStatus = "refunded"  // the Premium report failed; the difference was refunded
)

// Upgrade is a completed Basic order's upgrade to Premium for the price
// difference. The Basic report stays until the Premium one is stored.
type Upgrade struct {
	Status        UpgradeStatus `json:"status"`
	SessionID     string        `json:"sessionId,omitempty"`
	CheckoutURL   string        `json:"checkoutUrl,omitempty"`
	Amount        float64       `json:"amount"` // dollars charged for the difference
	PaidAt        *time.Time    `json:"paidAt,omitempty"`
	CompletedAt   *time.Time    `json:"completedAt,omitempty"`
	FailureReason string        `json:"failureReason,omitempty"`
	Refund        *Refund       `json:"refund,omitempty"`
}

// Upgrading reports whether an upgrade was paid for and its Premium
// report is not stored yet.
func (o *Optimization) Upgrading() bool { return o.Upgrade != nil && o.Upgrade.Status == UpgradePaid }

// DeliveryStatus is where the report e-mail is.
type DeliveryStatus string

const (
	DeliveryNone    DeliveryStatus = ""        // no e-mail due (Basic)
	DeliveryPending DeliveryStatus = "pending" // due; being sent or waiting for a retry
	DeliverySent    DeliveryStatus = "sent"
	DeliveryFailed  DeliveryStatus = "failed" // given up; LastError says why
)

// EmailDelivery records the report e-mail. Its failure never fails the
// report: the order stays completed and this says what happened to the mail.
type EmailDelivery struct {
	Status    DeliveryStatus `json:"status,omitempty"`
	Attempts  int            `json:"attempts,omitempty"`
	LastError string         `json:"lastError,omitempty"`
	SentAt    *time.Time     `json:"sentAt,omitempty"`
}

// Stage is where a paid order's report job is; the success page shows it as
// progress. Stages run in the order listed; the PDF's only for a plan with
// one. The report e-mail has no stage: it is sent by a job of its own after
// the report is stored and the order completed, when the page shows the
// report and no longer a stage.
//
// Stages is the one list: the server's progress answer reads it, and the
// web app's copy (frontend/src/types/result-envelope.ts, generated from the
// result envelope's schema, backend/httpapi/result-envelope.schema.json) is
// held to it by tests on both sides.
type Stage string

const (
	StagePaid           Stage = "paid"            // payment recorded, job not yet enqueued
	StageQueued         Stage = "queued"          // job enqueued, not yet started
	StageReadingListing Stage = "reading_listing" // fetching the listing page, calendar and reviews
	StageAnalyzing      Stage = "analyzing"       // measuring, comparing with the market
	StageWriting        Stage = "writing"         // writing the copy
	StageRenderingPDF   Stage = "rendering_pdf"   // a plan with a PDF
	StageSaving         Stage = "saving"          // storing the results
)

// stages is every stage in order, with how far along the job is when it
// reaches it (percent, for the success page's bar, which itself stays at
// or under 95 % until the report is there).
var stages = []struct {
	stage    Stage
	progress int
}{
	{StagePaid, 5}, {StageQueued, 10}, {StageReadingListing, 20}, {StageAnalyzing, 40},
	{StageWriting, 60}, {StageRenderingPDF, 75}, {StageSaving, 95},
}

// Stages lists every stage in order.
var Stages = func() []Stage {
	out := make([]Stage, len(stages))
	for i, s := range stages {
		out[i] = s.stage
	}
	return out
}()

// Valid reports whether s is one of Stages.
func (s Stage) Valid() bool { return s.Progress() > 0 }

// Progress is how far along the job is at stage s, in percent; 0 for a
// stage that is not one of Stages (none recorded yet).
func (s Stage) Progress() int {
	for _, v := range stages {
		if s == v.stage {
			return v.progress
		}
	}
	return 0
}

// Finished reports whether the optimization has reached an end state.
func (s Status) Finished() bool {
	switch s {
	case StatusCompleted, StatusFailed, StatusRefunded, StatusExpired:
		return true
	}
	return false
}

// Validate refuses states that cannot be: an unknown status, a sent mail
// without its time, negative attempts.
func (d EmailDelivery) Validate() error {
	switch {
	case d.Status != DeliveryNone && d.Status != DeliveryPending && d.Status != DeliverySent && d.Status != DeliveryFailed:
		return Errorf(CodeInvalid, "Unknown e-mail delivery status %q.", d.Status)
	case d.Status == DeliverySent && d.SentAt == nil:
		return Errorf(CodeInvalid, "A sent e-mail needs the time it was sent.")
	case d.Attempts < 0:
		return Errorf(CodeInvalid, "E-mail attempts cannot be negative.")
	}
	return nil
}

// PageSize is how many optimizations a dashboard page shows (SPEC §9).
const PageSize = 5

// OptimizationPage is one page of a customer's optimizations, newest first.
type OptimizationPage struct {
	Items    []Optimization `json:"items"`
	Page     int            `json:"page"`
	PageSize int            `json:"pageSize"`
	Total    int            `json:"total"`
	// Next is where the next page starts (after this page's last item),
	// nil on the last page.
	Next *PageCursor `json:"-"`
	// Read is how many optimization documents the store read for this
	// page (the dashboard's cost: at most PageSize when paged by cursor).
	Read int `json:"-"`
}

// SetNext records where the page after p starts (after its last item),
// or nil when p is the last page.
func (p *OptimizationPage) SetNext() {
	p.Next = nil
	if len(p.Items) > 0 && p.Page*p.PageSize < p.Total {
		last := p.Items[len(p.Items)-1]
		p.Next = &PageCursor{CreatedAt: last.CreatedAt, ID: last.ID}
	}
}

// PageCursor says where a page of a customer's optimizations starts: just
// after the item with this createdAt and id (the previous page's last
// item, in the newest-first, id-descending order).
type PageCursor struct {
	CreatedAt time.Time
	ID        string
}

// String is the cursor as the API hands it out: opaque to the client.
func (c PageCursor) String() string {
	return strconv.FormatInt(c.CreatedAt.UnixMicro(), 36) + "." + c.ID
}

// ParsePageCursor reads a cursor from PageCursor.String; anything else is
// invalid. It carries no customer: the store still filters by the signed-in
// customer, so a forged cursor can only skip within their own list.
func ParsePageCursor(s string) (*PageCursor, error) {
	t, id, ok := strings.Cut(s, ".")
	if !ok || !ValidKey(id) {
		return nil, Errorf(CodeInvalid, "That page link is not valid; open the dashboard again.")
	}
	us, err := strconv.ParseInt(t, 36, 64)
	if err != nil || us < 0 {
		return nil, Errorf(CodeInvalid, "That page link is not valid; open the dashboard again.")
	}
	return &PageCursor{CreatedAt: time.UnixMicro(us).UTC(), ID: id}, nil
}

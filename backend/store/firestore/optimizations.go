package firestore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/api/iterator"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

// optimizationDoc is optimizations/{id} (SPEC §3); the id is the document's.
type optimizationDoc struct {
	CustomerUID        string     `firestore:"customerUid"`
	CustomerEmail      string     `firestore:"customerEmail"`
	ListingURL         string     `firestore:"listingUrl"`
	ListingTitle       string     `firestore:"listingTitle"`
	ListingDescription string     `firestore:"listingDescription"`
	PlanType           string     `firestore:"planType"`
	Amount             float64    `firestore:"amount"`
	Status             string     `firestore:"status"`
	CreatedAt          time.Time  `firestore:"createdAt"`
	CompletedAt        *time.Time `firestore:"completedAt"` // null until completed
	// Results is a map rather than a JSON string so the console shows the
	// report as fields; null until the report exists.
	Results         map[string]any `firestore:"results"`
	StripeSessionID string         `firestore:"stripeSessionId"`

	PaidAt        *time.Time `firestore:"paidAt"` // null until paid
	Stage         string     `firestore:"stage"`
	FailureReason string     `firestore:"failureReason"`

	PDFPath       string      `firestore:"pdfPath"`
	EmailDelivery deliveryDoc `firestore:"emailDelivery"`

	Requeues   int        `firestore:"requeues"`
	RequeuedAt *time.Time `firestore:"requeuedAt"`

	CheckoutURL       string      `firestore:"checkoutUrl"`
	CheckoutExpiresAt *time.Time  `firestore:"checkoutExpiresAt"`
	Refund            *refundDoc  `firestore:"refund"`  // null: none
	Upgrade           *upgradeDoc `firestore:"upgrade"` // null: none
	TypedDetails      bool        `firestore:"typedDetails"`
	RecheckOf         string      `firestore:"recheckOf"` // "" on a report the host bought
	Rechecks          int         `firestore:"rechecks"`
	Share             *shareDoc   `firestore:"share"` // null: not shared

	// Owed work (issue 28): the sweeper's queries order by lastSentAt.
	LastSentAt  *time.Time `firestore:"lastSentAt"` // null until paid
	LastJob     string     `firestore:"lastJob"`
	WithdrawnAt *time.Time `firestore:"withdrawnAt"` // null unless a withdrawn re-check
	// Deliverables owed (issue 28): owedAt is null while nothing is owed,
	// so the sweeper's query (OwedDeliveries) reads only orders owing one.
	PDFDue       bool       `firestore:"pdfDue"`
	OwedAt       *time.Time `firestore:"owedAt"`
	OwedRequeues int        `firestore:"owedRequeues"`

	// Watch (issue 45): the bought Premium report's weekly watch (null:
	// none), and its due time mirrored at the top level (null unless the
	// watch is active: store.WatchDueAt), indexed alone for DueWatches.
	Watch      *watchDoc  `firestore:"watch"`
	WatchDueAt *time.Time `firestore:"watchDueAt"`

	// ExpireAt is set only on an order created unpaid (store.UnpaidRetention
	// after its creation; the TTL policy deletes it then) and cleared by
	// MarkPaid; absent on every other order.
	ExpireAt *time.Time `firestore:"expireAt,omitempty"`
}

// unpaidExpiry is when an order created as o is deleted if still unpaid
// (nil: it is not an unpaid order — paid, or created finished).
func unpaidExpiry(o domain.Optimization) *time.Time {
	if o.PaidAt != nil || o.Status != domain.StatusPending {
		return nil
	}
	at := timestamp(o.CreatedAt.Add(store.UnpaidRetention))
	return &at
}

// shareDoc is domain.Share.
type shareDoc struct {
	ID        string    `firestore:"id"`
	CreatedAt time.Time `firestore:"createdAt"`
	ExpiresAt time.Time `firestore:"expiresAt"`
}

func newShareDoc(sh *domain.Share) *shareDoc {
	if sh == nil {
		return nil
	}
	return &shareDoc{ID: sh.ID, CreatedAt: timestamp(sh.CreatedAt), ExpiresAt: timestamp(sh.ExpiresAt)}
}

func (d *shareDoc) domain() *domain.Share {
	if d == nil {
		return nil
	}
	return &domain.Share{ID: d.ID, CreatedAt: d.CreatedAt.UTC(), ExpiresAt: d.ExpiresAt.UTC()}
}

// refundDoc is domain.Refund.
type refundDoc struct {
	ID         string    `firestore:"id"`
	Amount     float64   `firestore:"amount"`
	RefundedAt time.Time `firestore:"refundedAt"`
	Elsewhere  bool      `firestore:"elsewhere,omitempty"`
}

func newRefundDoc(r *domain.Refund) *refundDoc {
	if r == nil {
		return nil
	}
	return &refundDoc{ID: r.ID, Amount: r.Amount, RefundedAt: timestamp(r.RefundedAt), Elsewhere: r.Elsewhere}
}

func (d *refundDoc) domain() *domain.Refund {
	if d == nil {
		return nil
	}
	return &domain.Refund{ID: d.ID, Amount: d.Amount, RefundedAt: d.RefundedAt.UTC(), Elsewhere: d.Elsewhere}
}

// upgradeDoc is domain.Upgrade.
type upgradeDoc struct {
	Status        string     `firestore:"status"`
	SessionID     string     `firestore:"sessionId"`
	CheckoutURL   string     `firestore:"checkoutUrl"`
	Amount        float64    `firestore:"amount"`
	PaidAt        *time.Time `firestore:"paidAt"`
	CompletedAt   *time.Time `firestore:"completedAt"`
	FailureReason string     `firestore:"failureReason"`
	Refund        *refundDoc `firestore:"refund"`
}

func newUpgradeDoc(u *domain.Upgrade) *upgradeDoc {
	if u == nil {
		return nil
	}
	return &upgradeDoc{Status: string(u.Status), SessionID: u.SessionID, CheckoutURL: u.CheckoutURL, Amount: u.Amount,
		PaidAt: optionalTimestamp(u.PaidAt), CompletedAt: optionalTimestamp(u.CompletedAt),
		FailureReason: u.FailureReason, Refund: newRefundDoc(u.Refund)}
}

func (d *upgradeDoc) domain() *domain.Upgrade {
	if d == nil {
		return nil
	}
	return &domain.Upgrade{Status: domain.UpgradeStatus(d.Status), SessionID: d.SessionID, CheckoutURL: d.CheckoutURL,
		Amount: d.Amount, PaidAt: optionalUTC(d.PaidAt), CompletedAt: optionalUTC(d.CompletedAt),
		FailureReason: d.FailureReason, Refund: d.Refund.domain()}
}

// deliveryDoc is the report e-mail's state (domain.EmailDelivery).
type deliveryDoc struct {
	Status    string     `firestore:"status"`
	Attempts  int        `firestore:"attempts"`
	LastError string     `firestore:"lastError"`
	SentAt    *time.Time `firestore:"sentAt"`
}

func newDeliveryDoc(d domain.EmailDelivery) deliveryDoc {
	return deliveryDoc{Status: string(d.Status), Attempts: d.Attempts, LastError: d.LastError, SentAt: optionalTimestamp(d.SentAt)}
}

func (d deliveryDoc) domain() domain.EmailDelivery {
	return domain.EmailDelivery{Status: domain.DeliveryStatus(d.Status), Attempts: d.Attempts, LastError: d.LastError, SentAt: optionalUTC(d.SentAt)}
}

func newOptimizationDoc(o domain.Optimization) (optimizationDoc, error) {
	d := optimizationDoc{
		CustomerUID: o.CustomerUID, CustomerEmail: o.CustomerEmail,
		ListingURL: o.ListingURL, ListingTitle: o.ListingTitle, ListingDescription: o.ListingDescription,
		PlanType: string(o.PlanType), Amount: o.Amount, Status: string(o.Status),
		CreatedAt:       timestamp(o.CreatedAt),
		StripeSessionID: o.StripeSessionID,
		CompletedAt:     optionalTimestamp(o.CompletedAt),
		PaidAt:          optionalTimestamp(o.PaidAt),
		Stage:           string(o.Stage), FailureReason: o.FailureReason,
		PDFPath: o.PDFPath, EmailDelivery: newDeliveryDoc(o.Email),
		Requeues: o.Requeues, RequeuedAt: optionalTimestamp(o.RequeuedAt),
		CheckoutURL: o.CheckoutURL, CheckoutExpiresAt: optionalTimestamp(o.CheckoutExpiresAt),
		Refund: newRefundDoc(o.Refund), Upgrade: newUpgradeDoc(o.Upgrade), TypedDetails: o.TypedDetails,
		RecheckOf: o.RecheckOf, Rechecks: o.Rechecks, Share: newShareDoc(o.Share),
		LastSentAt: optionalTimestamp(o.LastSentAt), LastJob: o.LastJob, WithdrawnAt: optionalTimestamp(o.WithdrawnAt),
		PDFDue: o.PDFDue, OwedAt: optionalTimestamp(o.OwedAt), OwedRequeues: o.OwedRequeues,
		Watch: newWatchDoc(o.Watch), WatchDueAt: optionalTimestamp(store.WatchDueAt(o.Watch)),
	}
	if err := store.CheckWatchFits(&o); err != nil {
		return d, err
	}
	if r := bytes.TrimSpace(o.Results); len(r) > 0 && !bytes.Equal(r, []byte("null")) {
		m, err := reportMap(r)
		if err != nil {
			return d, docrules.Refusal(err)
		}
		d.Results = m
	}
	return d, nil
}

func (d optimizationDoc) domain(id string) (*domain.Optimization, error) {
	o := &domain.Optimization{
		ID: id, CustomerUID: d.CustomerUID, CustomerEmail: d.CustomerEmail,
		ListingURL: d.ListingURL, ListingTitle: d.ListingTitle, ListingDescription: d.ListingDescription,
		PlanType: domain.Plan(d.PlanType), Amount: d.Amount, Status: domain.Status(d.Status),
		CreatedAt:       d.CreatedAt.UTC(),
		StripeSessionID: d.StripeSessionID,
		CompletedAt:     optionalUTC(d.CompletedAt),
		PaidAt:          optionalUTC(d.PaidAt),
		Stage:           domain.Stage(d.Stage), FailureReason: d.FailureReason,
		PDFPath: d.PDFPath, Email: d.EmailDelivery.domain(),
		Requeues: d.Requeues, RequeuedAt: optionalUTC(d.RequeuedAt),
		CheckoutURL: d.CheckoutURL, CheckoutExpiresAt: optionalUTC(d.CheckoutExpiresAt),
		Refund: d.Refund.domain(), Upgrade: d.Upgrade.domain(), TypedDetails: d.TypedDetails,
		RecheckOf: d.RecheckOf, Rechecks: d.Rechecks, Share: d.Share.domain(),
		LastSentAt: optionalUTC(d.LastSentAt), LastJob: d.LastJob, WithdrawnAt: optionalUTC(d.WithdrawnAt),
		PDFDue: d.PDFDue, OwedAt: optionalUTC(d.OwedAt), OwedRequeues: d.OwedRequeues,
		Watch: d.Watch.domain(),
	}
	if d.Results != nil {
		r, err := json.Marshal(d.Results)
		if err != nil {
			return nil, fmt.Errorf("encode results: %w", err)
		}
		o.Results = r
	}
	return o, nil
}

func decodeOptimization(snap *firestore.DocumentSnapshot) (*domain.Optimization, error) {
	var d optimizationDoc
	if err := snap.DataTo(&d); err != nil {
		return nil, fmt.Errorf("decode %s: %w", snap.Ref.Path, err)
	}
	o, err := d.domain(snap.Ref.ID)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", snap.Ref.Path, err)
	}
	return o, nil
}

var errUnknownCustomer = errors.New("customer does not exist")

// AddOptimization stores o under a new id, refusing a customer that does
// not exist (SQLite's foreign key, here). The customer is read before the
// transaction, not in it: its document is the one every sign-in and
// purchase writes, and a read there would hold them up (tx.go). The race
// that read cannot close, the customer deleted in between, is closed by the
// tombstone the transaction reads: an account's deletion writes it before
// anything else, so a customer gone by then has one.
func (s *Store) AddOptimization(ctx context.Context, o domain.Optimization) (*domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	d, err := newOptimizationDoc(o)
	if err != nil {
		return nil, fmt.Errorf("firestore: add optimization for %s: %w", o.CustomerUID, err)
	}
	if !validID(o.CustomerUID) {
		return nil, fmt.Errorf("firestore: add optimization: invalid customer uid %q", o.CustomerUID)
	}
	d.ExpireAt = unpaidExpiry(o)
	customer := s.customers().Doc(o.CustomerUID)
	ref := s.optimizations().Doc(domain.NewID())
	if _, err := customer.Get(ctx); isNotFound(err) {
		return nil, fmt.Errorf("firestore: add optimization for customer %s: %w", o.CustomerUID, errUnknownCustomer)
	} else if err != nil {
		return nil, fmt.Errorf("firestore: add optimization for customer %s: %w", o.CustomerUID, err)
	}
	err = s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		if err := s.refuseDeleted(tx, o.CustomerUID); err != nil {
			return err
		}
		if d.StripeSessionID != "" {
			if err := s.claimSession(tx, d.StripeSessionID, ref.ID); err != nil {
				return err
			}
		}
		return tx.Create(ref, d)
	})
	if err != nil {
		return nil, fmt.Errorf("firestore: add optimization for customer %s: %w", o.CustomerUID, sessionConflict(err))
	}
	return d.domain(ref.ID)
}

// GetOptimization returns the optimization id, or domain.ErrNotFound.
func (s *Store) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(id) {
		return nil, notFoundf("get optimization %q", id)
	}
	snap, err := s.optimizations().Doc(id).Get(ctx)
	if isNotFound(err) {
		return nil, notFoundf("get optimization %s", id)
	}
	if err != nil {
		return nil, fmt.Errorf("firestore: get optimization %s: %w", id, err)
	}
	o, err := decodeOptimization(snap)
	if err != nil {
		return nil, fmt.Errorf("firestore: get optimization: %w", err)
	}
	return o, nil
}

// FindOptimizationBySession returns the optimization paid through Stripe
// Checkout Session sessionID, or domain.ErrNotFound. The empty id means
// "no session" and never matches.
func (s *Store) FindOptimizationBySession(ctx context.Context, sessionID string) (*domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(sessionID) {
		// Never sent: Firestore answers a key that is not valid UTF-8 by
		// failing the call, which the client retries to the deadline.
		return nil, notFoundf("find optimization by session %q", sessionID)
	}
	snap, err := s.firstWhere(ctx, "stripeSessionId", sessionID)
	if errors.Is(err, iterator.Done) {
		// An upgrade's session: its marker (written by Apply) names the
		// order it upgrades.
		snap, err = s.upgradeOf(ctx, sessionID)
	}
	if errors.Is(err, iterator.Done) {
		return nil, notFoundf("find optimization by session %s", sessionID)
	}
	if err != nil {
		return nil, fmt.Errorf("firestore: find optimization by session %s: %w", sessionID, err)
	}
	o, err := decodeOptimization(snap)
	if err != nil {
		return nil, fmt.Errorf("firestore: find optimization by session %s: %w", sessionID, err)
	}
	return o, nil
}

// firstWhere is the first optimization whose field equals value, or
// iterator.Done.
func (s *Store) firstWhere(ctx context.Context, field, value string) (*firestore.DocumentSnapshot, error) {
	iter := s.optimizations().Where(field, "==", value).Limit(1).Documents(ctx)
	defer iter.Stop()
	return iter.Next()
}

// upgradeOf is the optimization an upgrade session's marker names, or
// iterator.Done.
func (s *Store) upgradeOf(ctx context.Context, sessionID string) (*firestore.DocumentSnapshot, error) {
	marker, err := s.sessions().Doc(sessionID).Get(ctx)
	if isNotFound(err) {
		return nil, iterator.Done
	}
	if err != nil {
		return nil, err
	}
	id, _ := marker.Data()["optimizationId"].(string)
	if up, _ := marker.Data()["upgrade"].(bool); !up || !domain.ValidKey(id) {
		return nil, iterator.Done
	}
	snap, err := s.optimizations().Doc(id).Get(ctx)
	if isNotFound(err) {
		return nil, iterator.Done
	}
	return snap, err
}

// summaryFields are what the dashboard's rows show: a list reads only
// these, never the report or the listing's description.
var summaryFields = []string{"customerUid", "customerEmail", "listingUrl", "listingTitle", "planType", "amount",
	"status", "createdAt", "completedAt", "stripeSessionId", "paidAt", "stage", "failureReason", "pdfPath",
	"checkoutUrl", "checkoutExpiresAt", "refund", "upgrade", "recheckOf", "rechecks", "share",
	"watch"} // the dashboard's Watch panel and timeline (issue 45)

// ListOptimizations returns page (1-based; below 1 means 1) of the
// customer's optimizations, newest first, and the customer's total, both
// read in one read-only transaction (so a purchase landing between them
// cannot make them disagree).
//
// The query needs the composite index optimizations(customerUid ASC,
// createdAt DESC) in firestore.indexes.json, whose implicit last ordering
// is document id descending — made explicit here, so ties in createdAt
// come in descending id as in SQLite, and so a cursor can name the id.
// With after (the previous page's Next) the page starts after that item
// and at most PageSize documents are read. Without it the earlier pages
// are skipped with an offset, which Firestore bills as reads; the
// dashboard passes the cursor whenever it has one.
func (s *Store) ListOptimizations(ctx context.Context, customerUID string, page int, after *domain.PageCursor) (*domain.OptimizationPage, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	page = max(page, 1)
	mine := s.optimizations().Where("customerUid", "==", customerUID)
	q := mine.OrderBy("createdAt", firestore.Desc).OrderBy(firestore.DocumentID, firestore.Desc).
		Select(summaryFields...).Limit(domain.PageSize)
	skip := 0
	if after != nil {
		q = q.StartAfter(timestamp(after.CreatedAt), s.optimizations().Doc(after.ID))
	} else {
		skip = (page - 1) * domain.PageSize
		q = q.Offset(skip)
	}
	var p *domain.OptimizationPage
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		p = &domain.OptimizationPage{Items: []domain.Optimization{}, Page: page, PageSize: domain.PageSize}
		var count struct {
			Total int64 `firestore:"total"`
		}
		res, err := mine.NewAggregationQuery().WithCount("total").Transaction(tx).Get(ctx)
		if err != nil {
			return fmt.Errorf("count: %w", err)
		}
		if err := res.DataTo(&count); err != nil {
			return fmt.Errorf("count: decode: %w", err)
		}
		p.Total = int(count.Total)
		p.Read = min(skip, p.Total)
		snaps, err := tx.Documents(q).GetAll()
		if err != nil {
			return err
		}
		for _, snap := range snaps {
			o, err := decodeOptimization(snap)
			if err != nil {
				return err
			}
			p.Items = append(p.Items, *o)
			p.Read++
		}
		return nil
	}, firestore.ReadOnly)
	if err != nil {
		return nil, fmt.Errorf("firestore: list optimizations of %s: %w", customerUID, err)
	}
	p.SetNext()
	return p, nil
}

// ListReportScores reads the customer's newest limit optimizations (the
// dashboard's composite index) with the summary fields and the report's
// overall score only, and keeps the completed.
func (s *Store) ListReportScores(ctx context.Context, customerUID string, limit int) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	q := s.optimizations().Where("customerUid", "==", customerUID).
		OrderBy("createdAt", firestore.Desc).OrderBy(firestore.DocumentID, firestore.Desc).
		Select(scoreFields...).Limit(limit)
	snaps, err := q.Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: report scores of %s: %w", customerUID, err)
	}
	out := []domain.Optimization{}
	for _, snap := range snaps {
		var d optimizationDoc
		if err := snap.DataTo(&d); err != nil {
			return nil, fmt.Errorf("firestore: report scores of %s: decode %s: %w", customerUID, snap.Ref.Path, err)
		}
		if d.Status != string(domain.StatusCompleted) {
			continue
		}
		// The projection applied to the document as well: whatever else a
		// stand-in without projections sends back is dropped, and a field
		// the report lacks is null, as the contract says.
		d.Results, d.ListingDescription = keepFields(d.Results, store.ReportScoreFields), ""
		o, err := d.domain(snap.Ref.ID)
		if err != nil {
			return nil, fmt.Errorf("firestore: report scores of %s: decode %s: %w", customerUID, snap.Ref.Path, err)
		}
		out = append(out, *o)
	}
	return out, nil
}

// scoreFields are what ListReportScores reads: the summary and, of the
// report, store.ReportScoreFields.
var scoreFields = func() []string {
	f := slices.Clip(summaryFields)
	for _, r := range store.ReportScoreFields {
		f = append(f, "results."+r)
	}
	return f
}()

// keepFields is m with only the keys named, each nil where m has none: a
// Firestore projection of a map field, done on the decoded document.
func keepFields(m map[string]any, keys []string) map[string]any {
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		out[k] = m[k]
	}
	return out
}

func optionalTimestamp(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := timestamp(*t)
	return &v
}

func optionalUTC(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.UTC()
	return &v
}

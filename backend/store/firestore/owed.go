package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// owedQuery is each kind of owed work's query; each needs its composite
// index (firestore.indexes.json): (status, lastSentAt), (status,
// recheckOf, lastSentAt) and (upgrade.status, lastSentAt). A failed paid
// order is never refunded while failed (store.Refunded makes it
// refunded), so status and recheckOf say "refund owed"; an unpaid failed
// order has no lastSentAt and is not in the range.
func (s *Store) owedQuery(kind store.Work) (firestore.Query, bool) {
	q := s.optimizations().Query
	switch kind {
	case store.WorkReport:
		return q.Where("status", "==", string(domain.StatusProcessing)), true
	case store.WorkRefund:
		return q.Where("status", "==", string(domain.StatusFailed)).Where("recheckOf", "==", ""), true
	case store.WorkUpgrade:
		return q.Where("upgrade.status", "==", string(domain.UpgradePaid)), true
	}
	return q, false
}

// OwedOrders pages through one kind of owed work by (lastSentAt, id).
func (s *Store) OwedOrders(ctx context.Context, kind store.Work, sentBefore time.Time, after *domain.Optimization, limit int) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	q, ok := s.owedQuery(kind)
	if !ok {
		return nil, fmt.Errorf("firestore: owed orders: unknown kind %q", kind)
	}
	q = q.Where("lastSentAt", "<", timestamp(sentBefore)).
		OrderBy("lastSentAt", firestore.Asc).OrderBy(firestore.DocumentID, firestore.Asc)
	if after != nil && after.LastSentAt != nil {
		q = q.StartAfter(timestamp(*after.LastSentAt), after.ID)
	}
	snaps, err := q.Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: owed %s orders: %w", kind, err)
	}
	out := []domain.Optimization{}
	for _, snap := range snaps {
		o, err := decodeOptimization(snap)
		if err != nil {
			return nil, fmt.Errorf("firestore: owed %s orders: %w", kind, err)
		}
		out = append(out, *o)
	}
	return out, nil
}

// RechecksOf is one equality query (recheckOf's single-field index).
func (s *Store) RechecksOf(ctx context.Context, originalID string) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	out := []domain.Optimization{}
	if !domain.ValidKey(originalID) {
		return out, nil
	}
	snaps, err := s.optimizations().Where("recheckOf", "==", originalID).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: re-checks of %s: %w", originalID, err)
	}
	for _, snap := range snaps {
		o, err := decodeOptimization(snap)
		if err != nil {
			return nil, fmt.Errorf("firestore: re-checks of %s: %w", originalID, err)
		}
		out = append(out, *o)
	}
	return out, nil
}

// strayRefunds/{sessionId}: payments that bought nothing.
func (s *Store) strayRefunds() *firestore.CollectionRef { return s.client.Collection("strayRefunds") }

// strayDoc is domain.StrayRefund; the session id is the document's.
type strayDoc struct {
	OptimizationID string     `firestore:"optimizationId"`
	Amount         float64    `firestore:"amount"`
	Reason         string     `firestore:"reason"`
	CreatedAt      time.Time  `firestore:"createdAt"`
	Refund         *refundDoc `firestore:"refund"` // null: owed
	// Owed is Refund == null as a field of its own, for the sweeper's
	// query (an equality on a value, not a null test).
	Owed bool `firestore:"owed"`
}

func (d strayDoc) domain(sessionID string) *domain.StrayRefund {
	return &domain.StrayRefund{SessionID: sessionID, OptimizationID: d.OptimizationID, Amount: d.Amount,
		Reason: d.Reason, CreatedAt: d.CreatedAt.UTC(), Refund: d.Refund.domain()}
}

// AddStrayRefund creates the session's document; Create refuses an
// existing one.
func (s *Store) AddStrayRefund(ctx context.Context, r domain.StrayRefund) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(r.SessionID) {
		return false, fmt.Errorf("firestore: add stray refund %q: %w", r.SessionID, domain.Errorf(domain.CodeInvalid, "A stray refund needs its Checkout Session id."))
	}
	ref := s.strayRefunds().Doc(r.SessionID)
	err := s.writeAlone(ctx, func(tx *firestore.Transaction) error {
		return tx.Create(ref, strayDoc{OptimizationID: r.OptimizationID, Amount: r.Amount,
			Reason: r.Reason, CreatedAt: timestamp(r.CreatedAt), Refund: newRefundDoc(r.Refund), Owed: r.Refund == nil})
	})
	if status.Code(err) == codes.AlreadyExists {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("firestore: add stray refund %s: %w", r.SessionID, err)
	}
	return true, nil
}

// GetStrayRefund reads the session's document.
func (s *Store) GetStrayRefund(ctx context.Context, sessionID string) (*domain.StrayRefund, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(sessionID) {
		return nil, fmt.Errorf("firestore: stray refund %q: %w", sessionID, domain.ErrNotFound)
	}
	snap, err := s.strayRefunds().Doc(sessionID).Get(ctx)
	if isNotFound(err) {
		return nil, fmt.Errorf("firestore: stray refund %s: %w", sessionID, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("firestore: stray refund %s: %w", sessionID, err)
	}
	var d strayDoc
	if err := snap.DataTo(&d); err != nil {
		return nil, fmt.Errorf("firestore: stray refund %s: %w", sessionID, err)
	}
	return d.domain(sessionID), nil
}

// StrayRefunded reads and writes the document in one transaction.
func (s *Store) StrayRefunded(ctx context.Context, sessionID string, r domain.Refund) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(sessionID) {
		return false, fmt.Errorf("firestore: stray refund %q made: %w", sessionID, domain.ErrNotFound)
	}
	ref := s.strayRefunds().Doc(sessionID)
	var done bool
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		done = false
		snap, err := tx.Get(ref)
		if isNotFound(err) {
			return domain.ErrNotFound
		}
		if err != nil {
			return err
		}
		var d strayDoc
		if err := snap.DataTo(&d); err != nil {
			return err
		}
		if d.Refund != nil {
			return nil
		}
		done = true
		return tx.Update(ref, []firestore.Update{{Path: "refund", Value: newRefundDoc(&r)}, {Path: "owed", Value: false}})
	})
	if err != nil {
		return false, fmt.Errorf("firestore: stray refund %s made: %w", sessionID, err)
	}
	return done, nil
}

// StrayRefundsOf is one equality query, sorted here (an order has one or
// two): no composite index needed.
func (s *Store) StrayRefundsOf(ctx context.Context, optimizationID string) ([]domain.StrayRefund, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	out := []domain.StrayRefund{}
	if !domain.ValidKey(optimizationID) {
		return out, nil
	}
	snaps, err := s.strayRefunds().Where("optimizationId", "==", optimizationID).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: stray refunds of %s: %w", optimizationID, err)
	}
	return decodeStrays(snaps, out)
}

// OwedStrayRefunds needs the composite index strayRefunds(owed ASC,
// createdAt ASC).
func (s *Store) OwedStrayRefunds(ctx context.Context, createdBefore time.Time, limit int) ([]domain.StrayRefund, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	snaps, err := s.strayRefunds().Where("owed", "==", true).Where("createdAt", "<", timestamp(createdBefore)).
		OrderBy("createdAt", firestore.Asc).Limit(limit).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: owed stray refunds: %w", err)
	}
	return decodeStrays(snaps, []domain.StrayRefund{})
}

func decodeStrays(snaps []*firestore.DocumentSnapshot, out []domain.StrayRefund) ([]domain.StrayRefund, error) {
	for _, snap := range snaps {
		var d strayDoc
		if err := snap.DataTo(&d); err != nil {
			return nil, fmt.Errorf("firestore: decode %s: %w", snap.Ref.Path, err)
		}
		out = append(out, *d.domain(snap.Ref.ID))
	}
	// Oldest first, session id breaking ties (StrayRefundsOf's order).
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (out[j].CreatedAt.Before(out[j-1].CreatedAt) ||
			out[j].CreatedAt.Equal(out[j-1].CreatedAt) && out[j].SessionID < out[j-1].SessionID); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

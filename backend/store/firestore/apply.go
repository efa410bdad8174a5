package firestore

import (
	"context"
	"fmt"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Apply reads the optimization, lets change decide and writes every field a
// Change may touch, in one transaction (withOptimization): on contention
// Firestore runs it again, change included, on the new read (which is why
// a Change must be pure).
func (s *Store) Apply(ctx context.Context, id string, change store.Change) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	wrote, err := s.withOptimization(ctx, id, func(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization) (bool, error) {
		return s.applyIn(tx, ref, o, change)
	})
	if err != nil {
		return false, fmt.Errorf("firestore: apply to %s: %w", id, err)
	}
	return wrote, nil
}

// AddRecheck runs allow on the original and creates the re-check in one
// transaction: on contention Firestore runs it again on the new read, so
// concurrent requests never count past the limit.
func (s *Store) AddRecheck(ctx context.Context, originalID string, allow store.Change, recheck domain.Optimization) (*domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	recheck.RecheckOf, recheck.Rechecks = originalID, 0
	d, err := newOptimizationDoc(recheck)
	if err != nil {
		return nil, fmt.Errorf("firestore: re-check of %s: %w", originalID, err)
	}
	ref := s.optimizations().Doc(domain.NewID())
	added, err := s.withOptimization(ctx, originalID, func(tx *firestore.Transaction, orig *firestore.DocumentRef, o *domain.Optimization) (bool, error) {
		if err := s.refuseDeleted(tx, recheck.CustomerUID); err != nil {
			return false, err
		}
		allowed, err := s.applyIn(tx, orig, o, allow)
		if err != nil || !allowed {
			return false, err
		}
		return true, tx.Create(ref, d)
	})
	if err != nil {
		return nil, fmt.Errorf("firestore: re-check of %s: %w", originalID, err)
	}
	if !added {
		return nil, nil
	}
	return d.domain(ref.ID)
}

// applyIn is Apply's decision and write inside the transaction tx, on o as
// read there.
func (s *Store) applyIn(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization, change store.Change) (bool, error) {
	id := ref.ID
	if !change(o) {
		return false, nil
	}
	if err := o.Email.Validate(); err != nil {
		return false, err
	}
	d, err := newOptimizationDoc(*o) // checks the report against Firestore's rules
	if err != nil {
		return false, err
	}
	if u := o.Upgrade; u != nil && domain.ValidKey(u.SessionID) {
		// The upgrade session's marker, so FindOptimizationBySession
		// finds the order from the success page's session id.
		if err := tx.Set(s.sessions().Doc(u.SessionID), map[string]any{"optimizationId": id, "upgrade": true, "expireAt": markerExpiry()}); err != nil {
			return false, err
		}
	}
	return true, tx.Update(ref, []firestore.Update{
		{Path: "planType", Value: d.PlanType}, {Path: "amount", Value: d.Amount},
		{Path: "status", Value: d.Status}, {Path: "completedAt", Value: d.CompletedAt},
		{Path: "results", Value: d.Results}, {Path: "failureReason", Value: d.FailureReason},
		{Path: "pdfPath", Value: d.PDFPath}, {Path: "emailDelivery", Value: d.EmailDelivery},
		{Path: "checkoutUrl", Value: d.CheckoutURL}, {Path: "checkoutExpiresAt", Value: d.CheckoutExpiresAt},
		{Path: "refund", Value: d.Refund}, {Path: "upgrade", Value: d.Upgrade},
		{Path: "rechecks", Value: d.Rechecks}, {Path: "share", Value: d.Share},
		{Path: "requeues", Value: d.Requeues}, {Path: "requeuedAt", Value: d.RequeuedAt},
		{Path: "lastSentAt", Value: d.LastSentAt}, {Path: "lastJob", Value: d.LastJob}, {Path: "withdrawnAt", Value: d.WithdrawnAt},
		{Path: "pdfDue", Value: d.PDFDue}, {Path: "owedAt", Value: d.OwedAt}, {Path: "owedRequeues", Value: d.OwedRequeues},
		{Path: "watch", Value: d.Watch}, {Path: watchDueField, Value: d.WatchDueAt},
	})
}

// DeleteUnpaid deletes an unpaid optimization and its session marker in one
// transaction that reads paidAt first: a payment committed first wins.
func (s *Store) DeleteUnpaid(ctx context.Context, id string) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	deleted, err := s.withOptimization(ctx, id, func(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization) (bool, error) {
		if o.PaidAt != nil {
			return false, nil
		}
		if domain.ValidKey(o.StripeSessionID) {
			if err := tx.Delete(s.sessions().Doc(o.StripeSessionID)); err != nil {
				return false, err
			}
		}
		return true, tx.Delete(ref)
	})
	if err != nil {
		return false, fmt.Errorf("firestore: delete %s: %w", id, err)
	}
	return deleted, nil
}

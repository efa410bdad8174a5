package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
)

// StuckOrders lists the sweeper's candidates. The query needs the
// composite index optimizations(status ASC, paidAt ASC)
// (firestore.indexes.json); the last-sent condition is applied to what it
// returns, so a page can hold fewer than limit.
func (s *Store) StuckOrders(ctx context.Context, paidBefore, lastSentBefore time.Time, limit int) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	snaps, err := s.optimizations().
		Where("status", "==", string(domain.StatusProcessing)).
		Where("paidAt", "<", timestamp(paidBefore)).
		OrderBy("paidAt", firestore.Asc).
		Limit(limit).
		Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: stuck orders: %w", err)
	}
	out := []domain.Optimization{}
	for _, snap := range snaps {
		o, err := decodeOptimization(snap)
		if err != nil {
			return nil, fmt.Errorf("firestore: stuck orders: %w", err)
		}
		last := o.PaidAt
		if o.RequeuedAt != nil {
			last = o.RequeuedAt
		}
		if last != nil && last.Before(lastSentBefore) {
			out = append(out, *o)
		}
	}
	return out, nil
}

// ClaimRequeue reads and writes the order in one transaction.
func (s *Store) ClaimRequeue(ctx context.Context, id string, seen int, at time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	claimed, err := s.whileUnfinished(ctx, id, []firestore.Update{
		{Path: "requeues", Value: seen + 1}, {Path: "requeuedAt", Value: timestamp(at)}, {Path: "lastSentAt", Value: timestamp(at)},
	}, func(o *domain.Optimization) bool { return o.Requeues == seen && o.PaidAt != nil })
	if err != nil {
		return false, fmt.Errorf("firestore: claim requeue of %s: %w", id, err)
	}
	return claimed, nil
}

// ReopenPaid reads and writes the order in one transaction.
func (s *Store) ReopenPaid(ctx context.Context, id string) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	reopened, err := s.updateIf(ctx, id, []firestore.Update{
		{Path: "status", Value: string(domain.StatusProcessing)}, {Path: "stage", Value: string(domain.StageQueued)},
		{Path: "failureReason", Value: ""}, {Path: "completedAt", Value: nil},
	}, func(o *domain.Optimization) bool { return o.Status == domain.StatusFailed && o.PaidAt != nil })
	if err != nil {
		return false, fmt.Errorf("firestore: reopen %s: %w", id, err)
	}
	return reopened, nil
}

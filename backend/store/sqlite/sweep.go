package sqlite

import (
	"context"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// StuckOrders lists the sweeper's candidates (index optimizations_stuck).
func (s *Store) StuckOrders(ctx context.Context, paidBefore, lastSentBefore time.Time, limit int) ([]domain.Optimization, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations
		WHERE status = 'processing' AND paid_at IS NOT NULL AND paid_at < ?
		  AND COALESCE(requeued_at, paid_at) < ?
		ORDER BY paid_at, id LIMIT ?`, toMicros(paidBefore), toMicros(lastSentBefore), limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: stuck orders: %w", err)
	}
	defer rows.Close()
	out := []domain.Optimization{}
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: stuck orders: %w", err)
		}
		out = append(out, *o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: stuck orders: %w", err)
	}
	return out, nil
}

// ClaimRequeue is one conditional UPDATE: SQLite's single writer makes
// the check and the write one step.
func (s *Store) ClaimRequeue(ctx context.Context, id string, seen int, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations SET requeues = requeues + 1, requeued_at = ?, last_sent_at = ?
		WHERE id = ? AND requeues = ? AND paid_at IS NOT NULL AND `+unfinished, toMicros(at), toMicros(at), id, seen)
	claimed, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: claim requeue of %s: %w", id, err)
	}
	return claimed, nil
}

// ReopenPaid is one conditional UPDATE.
func (s *Store) ReopenPaid(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations
		SET status = 'processing', stage = 'queued', failure_reason = '', completed_at = NULL
		WHERE id = ? AND status = 'failed' AND paid_at IS NOT NULL`, id)
	reopened, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: reopen %s: %w", id, err)
	}
	return reopened, nil
}

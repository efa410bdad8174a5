package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/store"
)

// owedWhere is each kind of owed work's condition, served by the indexes
// of migration 0012 (a report or refund by status, recheck_of and
// last_sent_at; an upgrade by its status's expression, to the letter).
var owedWhere = map[store.Work]string{
	store.WorkReport:  `status = 'processing' AND paid_at IS NOT NULL`,
	store.WorkRefund:  `status = 'failed' AND recheck_of = '' AND paid_at IS NOT NULL AND refund IS NULL`,
	store.WorkUpgrade: `json_extract(upgrade, '$.status') = 'paid'`,
}

// OwedOrders pages through one kind of owed work by (last_sent_at, id).
func (s *Store) OwedOrders(ctx context.Context, kind store.Work, sentBefore time.Time, after *domain.Optimization, limit int) ([]domain.Optimization, error) {
	where, ok := owedWhere[kind]
	if !ok {
		return nil, fmt.Errorf("sqlite: owed orders: unknown kind %q", kind)
	}
	args := []any{toMicros(sentBefore)}
	page := ""
	if after != nil && after.LastSentAt != nil {
		page = ` AND (last_sent_at > ? OR (last_sent_at = ? AND id > ?))`
		at := toMicros(*after.LastSentAt)
		args = append(args, at, at, after.ID)
	}
	args = append(args, limit)
	rows, err := s.rd.QueryContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations
		WHERE `+where+` AND last_sent_at < ?`+page+` ORDER BY last_sent_at, id LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: owed %s orders: %w", kind, err)
	}
	return collectOptimizations(rows, "owed "+string(kind)+" orders")
}

// RechecksOf reads through the partial index on recheck_of.
func (s *Store) RechecksOf(ctx context.Context, originalID string) ([]domain.Optimization, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations
		WHERE recheck_of = ? AND recheck_of <> '' ORDER BY created_at, id`, originalID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: re-checks of %s: %w", originalID, err)
	}
	return collectOptimizations(rows, "re-checks of "+originalID)
}

func collectOptimizations(rows *sql.Rows, what string) ([]domain.Optimization, error) {
	defer rows.Close()
	out := []domain.Optimization{}
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: %s: %w", what, err)
		}
		out = append(out, *o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", what, err)
	}
	return out, nil
}

const strayColumns = `session_id, optimization_id, amount, reason, created_at, refund`

// AddStrayRefund inserts unless the session has a row.
func (s *Store) AddStrayRefund(ctx context.Context, r domain.StrayRefund) (bool, error) {
	if !domain.ValidKey(r.SessionID) {
		return false, fmt.Errorf("sqlite: add stray refund %q: %w", r.SessionID, domain.Errorf(domain.CodeInvalid, "A stray refund needs its Checkout Session id."))
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO stray_refunds (`+strayColumns+`) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (session_id) DO NOTHING`, r.SessionID, r.OptimizationID, r.Amount, r.Reason, toMicros(r.CreatedAt), jsonColumn(r.Refund))
	if err != nil {
		return false, fmt.Errorf("sqlite: add stray refund %s: %w", r.SessionID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sqlite: add stray refund %s: %w", r.SessionID, err)
	}
	return n == 1, nil
}

// GetStrayRefund reads one row.
func (s *Store) GetStrayRefund(ctx context.Context, sessionID string) (*domain.StrayRefund, error) {
	r, err := scanStray(s.rd.QueryRowContext(ctx, `SELECT `+strayColumns+` FROM stray_refunds WHERE session_id = ?`, sessionID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: stray refund %s: %w", sessionID, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: stray refund %s: %w", sessionID, err)
	}
	return r, nil
}

// StrayRefunded is one conditional UPDATE.
func (s *Store) StrayRefunded(ctx context.Context, sessionID string, r domain.Refund) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE stray_refunds SET refund = ? WHERE session_id = ? AND refund IS NULL`, jsonColumn(&r), sessionID)
	done, err := s.applied(ctx, res, err, `SELECT EXISTS (SELECT 1 FROM stray_refunds WHERE session_id = ?)`, sessionID)
	if err != nil {
		return false, fmt.Errorf("sqlite: stray refund %s made: %w", sessionID, err)
	}
	return done, nil
}

// StrayRefundsOf reads through stray_refunds_order.
func (s *Store) StrayRefundsOf(ctx context.Context, optimizationID string) ([]domain.StrayRefund, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+strayColumns+` FROM stray_refunds
		WHERE optimization_id = ? AND optimization_id <> '' ORDER BY created_at, session_id`, optimizationID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: stray refunds of %s: %w", optimizationID, err)
	}
	return collectStrays(rows, "stray refunds of "+optimizationID)
}

// OwedStrayRefunds reads through stray_refunds_owed.
func (s *Store) OwedStrayRefunds(ctx context.Context, createdBefore time.Time, limit int) ([]domain.StrayRefund, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+strayColumns+` FROM stray_refunds
		WHERE refund IS NULL AND created_at < ? ORDER BY created_at, session_id LIMIT ?`, toMicros(createdBefore), limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: owed stray refunds: %w", err)
	}
	return collectStrays(rows, "owed stray refunds")
}

func collectStrays(rows *sql.Rows, what string) ([]domain.StrayRefund, error) {
	defer rows.Close()
	out := []domain.StrayRefund{}
	for rows.Next() {
		r, err := scanStray(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: %s: %w", what, err)
		}
		out = append(out, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", what, err)
	}
	return out, nil
}

func scanStray(row scanner) (*domain.StrayRefund, error) {
	var (
		r       domain.StrayRefund
		created int64
		refund  sql.NullString
	)
	if err := row.Scan(&r.SessionID, &r.OptimizationID, &r.Amount, &r.Reason, &created, &refund); err != nil {
		return nil, err
	}
	r.CreatedAt = fromMicros(created)
	if err := fromJSONColumn(refund, &r.Refund); err != nil {
		return nil, fmt.Errorf("refund of %s: %w", r.SessionID, err)
	}
	return &r, nil
}

// JobBacklog counts unfinished jobs through jobs_due (localqueue.Store).
func (s *Store) JobBacklog(ctx context.Context, limit int) (jobs.Backlog, error) {
	var (
		b      jobs.Backlog
		oldest sql.NullInt64
	)
	err := s.rd.QueryRowContext(ctx, `SELECT count(*), min(run_at) FROM (SELECT run_at FROM jobs
		WHERE done_at IS NULL ORDER BY run_at LIMIT ?)`, limit+1).Scan(&b.Tasks, &oldest)
	if err != nil {
		return b, fmt.Errorf("sqlite: job backlog: %w", err)
	}
	if b.Tasks > limit {
		b.Tasks, b.Capped = limit, true
	}
	if oldest.Valid {
		b.Oldest = fromMicros(oldest.Int64)
	}
	return b, nil
}

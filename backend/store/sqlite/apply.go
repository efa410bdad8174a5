package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

// Apply reads the optimization, lets change decide, and writes every field a
// Change may touch, in one transaction: BEGIN IMMEDIATE (sqlitedb.DSN) holds
// the write lock from the read on, so no other writer slips in between.
func (s *Store) Apply(ctx context.Context, id string, change store.Change) (bool, error) {
	if !domain.ValidKey(id) {
		return false, fmt.Errorf("sqlite: apply to %q: %w", id, domain.ErrNotFound)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	defer tx.Rollback()
	applied, err := applyIn(ctx, tx, id, change)
	if err != nil || !applied {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	return true, nil
}

// applyIn is Apply inside the transaction tx: read, decide, write.
func applyIn(ctx context.Context, tx *sql.Tx, id string, change store.Change) (bool, error) {
	o, err := scanOptimization(tx.QueryRowContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	if !change(o) {
		return false, nil
	}
	results, err := resultsColumn(o.Results)
	if err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, docrules.Refusal(err))
	}
	if err := o.Email.Validate(); err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	if err := store.CheckWatchFits(o); err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE optimizations SET
		plan_type = ?, amount = ?, status = ?, completed_at = ?, results = ?, failure_reason = ?, pdf_path = ?,
		email_status = ?, email_attempts = ?, email_error = ?, email_sent_at = ?,
		checkout_url = ?, checkout_expires_at = ?, refund = ?, upgrade = ?, rechecks = ?, share = ?,
		requeues = ?, requeued_at = ?, last_sent_at = ?, last_job = ?, withdrawn_at = ?,
		pdf_due = ?, owed_at = ?, owed_requeues = ?, watch = ?, watch_due_at = ?
		WHERE id = ?`,
		string(o.PlanType), o.Amount, string(o.Status), nullMicros(o.CompletedAt), results, o.FailureReason, o.PDFPath,
		string(o.Email.Status), o.Email.Attempts, o.Email.LastError, nullMicros(o.Email.SentAt),
		o.CheckoutURL, nullMicros(o.CheckoutExpiresAt), jsonColumn(o.Refund), jsonColumn(o.Upgrade), o.Rechecks, jsonColumn(o.Share),
		o.Requeues, nullMicros(o.RequeuedAt), nullMicros(o.LastSentAt), o.LastJob, nullMicros(o.WithdrawnAt),
		o.PDFDue, nullMicros(o.OwedAt), o.OwedRequeues, watchColumn(o.Watch), nullMicros(store.WatchDueAt(o.Watch)), id); err != nil {
		return false, fmt.Errorf("sqlite: apply to %s: %w", id, err)
	}
	return true, nil
}

// AddRecheck runs allow on the original and stores the re-check in one
// transaction: of concurrent requests, each sees the count the one before
// it left.
func (s *Store) AddRecheck(ctx context.Context, originalID string, allow store.Change, recheck domain.Optimization) (*domain.Optimization, error) {
	if !domain.ValidKey(originalID) {
		return nil, fmt.Errorf("sqlite: re-check of %q: %w", originalID, domain.ErrNotFound)
	}
	recheck.ID, recheck.RecheckOf, recheck.Rechecks = domain.NewID(), originalID, 0
	results, err := resultsColumn(recheck.Results)
	if err != nil {
		return nil, fmt.Errorf("sqlite: re-check of %s: %w", originalID, docrules.Refusal(err))
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: re-check of %s: %w", originalID, err)
	}
	defer tx.Rollback()
	if err := refuseDeleted(ctx, tx, recheck.CustomerUID); err != nil {
		return nil, fmt.Errorf("sqlite: re-check of %s: %w", originalID, err)
	}
	allowed, err := applyIn(ctx, tx, originalID, allow)
	if err != nil || !allowed {
		return nil, err
	}
	if err := insertOptimization(ctx, tx, recheck, results); err != nil {
		return nil, fmt.Errorf("sqlite: re-check of %s: %w", originalID, err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("sqlite: re-check of %s: %w", originalID, err)
	}
	return &recheck, nil
}

// DeleteUnpaid is one conditional DELETE; the session's unique index goes
// with the row.
func (s *Store) DeleteUnpaid(ctx context.Context, id string) (bool, error) {
	if !domain.ValidKey(id) {
		return false, fmt.Errorf("sqlite: delete %q: %w", id, domain.ErrNotFound)
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM optimizations WHERE id = ? AND paid_at IS NULL`, id)
	deleted, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: delete %s: %w", id, err)
	}
	return deleted, nil
}

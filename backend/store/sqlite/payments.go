package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// SetCheckoutSession records the Checkout Session paying for id; the unique
// index refuses one session for two optimizations.
func (s *Store) SetCheckoutSession(ctx context.Context, id, sessionID string) error {
	if sessionID == "" {
		return fmt.Errorf("sqlite: set checkout session of %s: empty session id", id)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, err)
	}
	defer tx.Rollback()
	var uid string
	err = tx.QueryRowContext(ctx, `SELECT customer_uid FROM optimizations WHERE id = ?`, id).Scan(&uid)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, err)
	}
	if err := refuseDeleted(ctx, tx, uid); err != nil {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE optimizations SET stripe_session_id = ? WHERE id = ?`, sessionID, id)
	if isUnique(err) {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, &domain.Error{
			Code: domain.CodeConflict, Message: "This checkout session is already recorded.", Err: err})
	}
	if err := affected(res, err, "set checkout session of "+id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: set checkout session of %s: %w", id, err)
	}
	return nil
}

// AppendCustomerOptimization adds id to the customer's list unless it is
// already there, keeping the newest store.MaxCustomerOptimizationIDs, in
// one statement, after the tombstone check in the same transaction.
func (s *Store) AppendCustomerOptimization(ctx context.Context, uid, id string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: append optimization %s to %s: %w", id, uid, err)
	}
	defer tx.Rollback()
	if err := refuseDeleted(ctx, tx, uid); err != nil {
		return fmt.Errorf("sqlite: append optimization %s: %w", id, err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE customers
		SET optimization_ids = (
			SELECT json_group_array(value) FROM (
				SELECT value FROM (
					SELECT value, key FROM json_each(json_insert(optimization_ids, '$[#]', ?))
					ORDER BY key DESC LIMIT ?
				) ORDER BY key
			)
		)
		WHERE uid = ? AND NOT EXISTS (SELECT 1 FROM json_each(optimization_ids) WHERE value = ?)`,
		id, store.MaxCustomerOptimizationIDs, uid, id)
	if err != nil {
		return fmt.Errorf("sqlite: append optimization %s to %s: %w", id, uid, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Either already listed (fine) or no such customer (not fine).
		var exists bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM customers WHERE uid = ?)`, uid).Scan(&exists); err != nil {
			return fmt.Errorf("sqlite: append optimization %s to %s: %w", id, uid, err)
		}
		if !exists {
			return fmt.Errorf("sqlite: append optimization %s: customer %s: %w", id, uid, domain.ErrNotFound)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: append optimization %s to %s: %w", id, uid, err)
	}
	return nil
}

// MarkPaid sets paid_at once and counts the purchase in the same
// transaction; the conditional UPDATE is what makes it exactly once, since
// SQLite runs one writer at a time.
func (s *Store) MarkPaid(ctx context.Context, id string, at time.Time) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("sqlite: mark %s paid: %w", id, err)
	}
	defer tx.Rollback()
	var uid string
	// An order failed or expired while unpaid (payment refused, checkout
	// expired) whose money arrives after all is reopened: the host paid,
	// so the report is made after all (CASE reads the row's old values).
	err = tx.QueryRowContext(ctx, `UPDATE optimizations
		SET paid_at = ?, stage = 'paid', last_sent_at = ?, -- its job is sent next (owed.go)
		    status = CASE WHEN status IN ('pending', 'failed', 'expired') THEN 'processing' ELSE status END,
		    failure_reason = CASE WHEN status IN ('failed', 'expired') THEN '' ELSE failure_reason END,
		    completed_at = CASE WHEN status IN ('failed', 'expired') THEN NULL ELSE completed_at END,
		    checkout_url = '', checkout_expires_at = NULL
		WHERE id = ? AND paid_at IS NULL
		RETURNING customer_uid`, toMicros(at), toMicros(at), id).Scan(&uid)
	if errors.Is(err, sql.ErrNoRows) {
		// Already paid, or no such optimization. Asked inside the
		// transaction: a :memory: store has a single connection.
		var exists bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM optimizations WHERE id = ?)`, id).Scan(&exists); err != nil {
			return false, fmt.Errorf("sqlite: mark %s paid: %w", id, err)
		}
		if !exists {
			return false, fmt.Errorf("sqlite: mark %s paid: %w", id, domain.ErrNotFound)
		}
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("sqlite: mark %s paid: %w", id, err)
	}
	// A deleted account's order takes no payment (rolled back): the
	// payment is a stray, refunded by the caller.
	if err := refuseDeleted(ctx, tx, uid); err != nil {
		return false, fmt.Errorf("sqlite: mark %s paid: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE customers
		SET total_optimizations = total_optimizations + 1, updated_at = ? WHERE uid = ?`, toMicros(at), uid); err != nil {
		return false, fmt.Errorf("sqlite: count purchase of %s: %w", uid, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("sqlite: mark %s paid: %w", id, err)
	}
	return true, nil
}

// RecordEvent inserts the event id unless present, and deletes the ids
// past their expiry (Firestore's TTL policy does that there).
func (s *Store) RecordEvent(ctx context.Context, eventID string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx,
		`INSERT INTO payment_events (id, processed_at, expire_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`,
		eventID, toMicros(at), toMicros(at.Add(store.EventRetention)))
	if err != nil {
		return false, fmt.Errorf("sqlite: record event %s: %w", eventID, err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM payment_events WHERE expire_at < ?`, toMicros(at)); err != nil {
		return false, fmt.Errorf("sqlite: expire payment events: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// affected turns an UPDATE of one row by id into an error when nothing
// matched (domain.ErrNotFound).
func affected(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("sqlite: %s: %w", what, domain.ErrNotFound)
	}
	return nil
}

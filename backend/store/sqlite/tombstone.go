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

// MarkCustomerDeleted inserts the tombstone unless one is there.
func (s *Store) MarkCustomerDeleted(ctx context.Context, uid string, at time.Time) error {
	if uid == "" {
		return fmt.Errorf("sqlite: mark customer deleted: empty uid")
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO deleted_customers (uid, deleted_at) VALUES (?, ?)
		ON CONFLICT (uid) DO NOTHING`, uid, toMicros(at)); err != nil {
		return fmt.Errorf("sqlite: mark customer %s deleted: %w", uid, err)
	}
	return nil
}

// CustomerDeleted reads the tombstone (its primary key).
func (s *Store) CustomerDeleted(ctx context.Context, uid string) (bool, error) {
	deleted, err := tombstoned(ctx, s.rd, uid)
	if err != nil {
		return false, fmt.Errorf("sqlite: is customer %s deleted: %w", uid, err)
	}
	return deleted, nil
}

// UnfinishedDeletions reads the partial index deleted_customers_unfinished.
func (s *Store) UnfinishedDeletions(ctx context.Context, before time.Time, limit int) ([]string, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT uid FROM deleted_customers
		WHERE finished_at IS NULL AND deleted_at < ? ORDER BY deleted_at, uid LIMIT ?`, toMicros(before), max(limit, 1))
	if err != nil {
		return nil, fmt.Errorf("sqlite: unfinished deletions: %w", err)
	}
	defer rows.Close()
	var uids []string
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			return nil, fmt.Errorf("sqlite: unfinished deletions: %w", err)
		}
		uids = append(uids, uid)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: unfinished deletions: %w", err)
	}
	return uids, nil
}

// FinishCustomerDeletion sets finished_at once.
func (s *Store) FinishCustomerDeletion(ctx context.Context, uid string, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE deleted_customers SET finished_at = ? WHERE uid = ? AND finished_at IS NULL`,
		toMicros(at), uid); err != nil {
		return fmt.Errorf("sqlite: finish the deletion of %s: %w", uid, err)
	}
	return nil
}

// rowQueryer is what *sql.DB and *sql.Tx have in common for one-row reads.
type rowQueryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func tombstoned(ctx context.Context, q rowQueryer, uid string) (bool, error) {
	var deleted bool
	err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM deleted_customers WHERE uid = ?)`, uid).Scan(&deleted)
	return deleted, err
}

// refuseDeleted is every customer write's check, run inside its
// transaction (the one writer connection, BEGIN IMMEDIATE: nothing commits
// between the check and the write): store.ErrAccountDeleted for a
// tombstoned uid.
func refuseDeleted(ctx context.Context, tx *sql.Tx, uid string) error {
	deleted, err := tombstoned(ctx, tx, uid)
	if err != nil {
		return fmt.Errorf("read the tombstone of %s: %w", uid, err)
	}
	if deleted {
		return fmt.Errorf("customer %s: %w", uid, store.ErrAccountDeleted)
	}
	return nil
}

// DeleteCustomerOptimizationsPage reads a page of the customer's orders
// and deletes them in one transaction (BEGIN IMMEDIATE: no write lands
// between the read and the delete).
func (s *Store) DeleteCustomerOptimizationsPage(ctx context.Context, uid string, limit int) ([]domain.Optimization, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %w", uid, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+summaryColumns+` FROM optimizations WHERE customer_uid = ? ORDER BY id LIMIT ?`, uid, max(limit, 1))
	if err != nil {
		return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %w", uid, err)
	}
	var page []domain.Optimization
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %w", uid, err)
		}
		page = append(page, *o)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %w", uid, err)
	}
	for i := range page {
		if store.Unsettled(&page[i]) {
			return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %s is unsettled: %w", uid, page[i].ID, store.ErrUnsettled)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM optimizations WHERE id = ?`, page[i].ID); err != nil {
			return nil, fmt.Errorf("sqlite: delete optimization %s: %w", page[i].ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("sqlite: delete a page of %s's optimizations: %w", uid, err)
	}
	return page, nil
}

// UnsettledOrder reads the customer's orders' summaries (index on
// customer_uid) and decides with store.Unsettled.
func (s *Store) UnsettledOrder(ctx context.Context, uid string) (string, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+summaryColumns+` FROM optimizations WHERE customer_uid = ?`, uid)
	if err != nil {
		return "", fmt.Errorf("sqlite: unsettled orders of %s: %w", uid, err)
	}
	defer rows.Close()
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return "", fmt.Errorf("sqlite: unsettled orders of %s: %w", uid, err)
		}
		if store.Unsettled(o) {
			return o.ID, nil
		}
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("sqlite: unsettled orders of %s: %w", uid, err)
	}
	return "", nil
}

package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

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

package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
)

const customerColumns = `uid, email, display_name, created_at, updated_at, last_login_at,
	total_optimizations, profile_complete, optimization_ids`

// UpsertCustomer records a sign-in. It is one INSERT … ON CONFLICT statement,
// so concurrent first sign-ins of one uid cannot both create the row: SQLite
// serialises writers and the loser takes the UPDATE branch. The tombstone
// is read in the same transaction: a deleted account is not recreated.
func (s *Store) UpsertCustomer(ctx context.Context, login domain.Login) (*domain.Customer, error) {
	at := toMicros(login.At)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: upsert customer %s: %w", login.UID, err)
	}
	defer tx.Rollback()
	if err := refuseDeleted(ctx, tx, login.UID); err != nil {
		return nil, fmt.Errorf("sqlite: upsert customer: %w", err)
	}
	row := tx.QueryRowContext(ctx, `
		INSERT INTO customers (uid, email, display_name, created_at, updated_at, last_login_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (uid) DO UPDATE SET
			email         = excluded.email,
			display_name  = excluded.display_name,
			last_login_at = excluded.last_login_at,
			updated_at    = excluded.updated_at
		RETURNING `+customerColumns,
		login.UID, login.Email, login.DisplayName, at, at, at)
	c, err := scanCustomer(row)
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: upsert customer %s: %w", login.UID, err)
	}
	return c, nil
}

// GetCustomer returns the customer uid, or domain.ErrNotFound.
func (s *Store) GetCustomer(ctx context.Context, uid string) (*domain.Customer, error) {
	row := s.rd.QueryRowContext(ctx, `SELECT `+customerColumns+` FROM customers WHERE uid = ?`, uid)
	c, err := scanCustomer(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: get customer %s: %w", uid, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: get customer %s: %w", uid, err)
	}
	return c, nil
}

func scanCustomer(row *sql.Row) (*domain.Customer, error) {
	var (
		c                          domain.Customer
		created, updated, lastSeen int64
		ids                        string
	)
	if err := row.Scan(&c.UID, &c.Email, &c.DisplayName, &created, &updated, &lastSeen,
		&c.TotalOptimizations, &c.ProfileComplete, &ids); err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt, c.LastLoginAt = fromMicros(created), fromMicros(updated), fromMicros(lastSeen)
	// Callers range over and append to the list; a non-nil empty slice also
	// encodes as [] rather than null in API responses.
	c.OptimizationIDs = []string{}
	if err := json.Unmarshal([]byte(ids), &c.OptimizationIDs); err != nil {
		return nil, fmt.Errorf("decode optimization_ids: %w", err)
	}
	return &c, nil
}

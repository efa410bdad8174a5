package sqlite

import (
	"context"
	"fmt"

	"github.com/listinglift/listinglift/backend/store"
)

// DeleteCustomerOptimizations reads the customer's optimizations and
// deletes them in one transaction (BEGIN IMMEDIATE holds the write lock
// from the read on), so a payment cannot land between the check and the
// delete. Checkout sessions live on the rows and go with them.
func (s *Store) DeleteCustomerOptimizations(ctx context.Context, uid string) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+summaryColumns+` FROM optimizations WHERE customer_uid = ?`, uid)
	if err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	n := 0
	var unsettled string
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
		}
		n++
		if unsettled == "" && store.Unsettled(o) {
			unsettled = o.ID
		}
	}
	if err := rows.Close(); err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	if unsettled != "" {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %s is unsettled: %w", uid, unsettled, store.ErrUnsettled)
	}
	if n == 0 {
		return 0, nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM optimizations WHERE customer_uid = ?`, uid); err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("sqlite: delete optimizations of %s: %w", uid, err)
	}
	return n, nil
}

// DeleteCustomer deletes the customer row once it has no optimizations,
// checked in the same transaction (the foreign key would refuse it too,
// less plainly).
func (s *Store) DeleteCustomer(ctx context.Context, uid string) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, err)
	}
	defer tx.Rollback()
	var left bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM optimizations WHERE customer_uid = ?)`, uid).Scan(&left); err != nil {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, err)
	}
	if left {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, store.ErrOptimizationsLeft)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM customers WHERE uid = ?`, uid)
	if err != nil {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("sqlite: delete customer %s: %w", uid, err)
	}
	return n > 0, nil
}

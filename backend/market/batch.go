package market

import (
	"context"
	"database/sql"
	"fmt"
)

// defaultBatchSize is rows per import transaction. One transaction per row
// would write and lock per row; one per file would grow the WAL to the size
// of a whole city and keep it from being checkpointed until the end. A few
// thousand rows amortize the commit and keep the WAL a few MB.
const defaultBatchSize = 5000

// batch runs one prepared INSERT for many rows, committing every size rows.
// It is not safe for concurrent use.
type batch struct {
	db    *sql.DB
	query string
	size  int
	tx    *sql.Tx
	stmt  *sql.Stmt
	n     int
}

func newBatch(db *sql.DB, query string, size int) *batch {
	return &batch{db: db, query: query, size: max(size, 1)}
}

// exec runs the statement with args inside the current transaction,
// starting one if needed and committing it when it is full.
func (b *batch) exec(ctx context.Context, args ...any) (sql.Result, error) {
	if b.tx == nil {
		tx, err := b.db.BeginTx(ctx, nil)
		if err != nil {
			return nil, fmt.Errorf("begin: %w", err)
		}
		stmt, err := tx.PrepareContext(ctx, b.query)
		if err != nil {
			tx.Rollback()
			return nil, fmt.Errorf("prepare: %w", err)
		}
		b.tx, b.stmt = tx, stmt
	}
	res, err := b.stmt.ExecContext(ctx, args...)
	if err != nil {
		if cerr := context.Cause(ctx); cerr != nil {
			// database/sql ends a transaction whose context is done and
			// closes its statement: say why, not "statement is closed".
			return nil, fmt.Errorf("%w (%v)", cerr, err)
		}
		return nil, err
	}
	if b.n++; b.n >= b.size {
		return res, b.flush()
	}
	return res, nil
}

// flush commits the rows written so far.
func (b *batch) flush() error {
	if b.tx == nil {
		return nil
	}
	tx := b.tx
	b.tx, b.stmt, b.n = nil, nil, 0
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// rollback drops the rows written since the last flush; after flush it does
// nothing, so callers defer it.
func (b *batch) rollback() {
	if b.tx != nil {
		b.tx.Rollback()
		b.tx, b.stmt, b.n = nil, nil, 0
	}
}

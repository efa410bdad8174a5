package market

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sync"

	"github.com/listinglift/listinglift/backend/sqlitedb"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// DB is a market database: one SQLite file holding any number of market
// snapshots. It is safe for concurrent use.
type DB struct {
	sql *sql.DB
	// mostly caches marketMostlyHas by market and column: a published
	// market's rows never change, and counting them costs more than the
	// comparables query itself.
	mostly sync.Map // mostlyKey → bool
	// prices caches CalendarPrices per market id: a published market's
	// rows never change (a re-import is a new market), and counting reads
	// its whole calendar.
	prices sync.Map
}

// Open opens (creating if needed) the market database at path, or a private
// in-memory one for ":memory:", and brings its schema up to date.
func Open(ctx context.Context, path string) (*DB, error) {
	migrations, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	sqldb, err := sqlitedb.Open(ctx, path, migrations)
	if err != nil {
		return nil, fmt.Errorf("market: %w", err)
	}
	return &DB{sql: sqldb}, nil
}

// OpenReadOnly opens the market database at path for queries only (the
// server's way): immutable, never written or migrated. A file built by an
// older version (missing migrations) is refused with what to do.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	migrations, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	sqldb, err := sqlitedb.OpenReadOnly(ctx, path, migrations)
	if err != nil {
		return nil, fmt.Errorf("market: %w (build it with `listinglift market import`)", err)
	}
	return &DB{sql: sqldb}, nil
}

// Close closes the database.
func (db *DB) Close() error {
	if err := db.sql.Close(); err != nil {
		return fmt.Errorf("market: close: %w", err)
	}
	return nil
}

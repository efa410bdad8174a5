// Package sqlite is the local store.Store: a real SQLite database (pure-Go
// driver modernc.org/sqlite) holding the same records as Firestore, so the
// whole product runs on one machine without a cloud account.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/listinglift/listinglift/backend/sqlitedb"
	"github.com/listinglift/listinglift/backend/store"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Store is a store.Store backed by one SQLite database.
type Store struct {
	db *sql.DB
}

var _ store.Store = (*Store)(nil)

// Open opens (creating if needed) the database at path, or a private
// in-memory database for ":memory:", and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	migrations, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	db, err := sqlitedb.Open(ctx, path, migrations)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	return &Store{db: db}, nil
}

// Close closes the database.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("sqlite: close: %w", err)
	}
	return nil
}

// toMicros and fromMicros are the one place times cross the SQL boundary.
func toMicros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// constraint reports whether err is the SQLite extended result code code.
func constraint(err error, code int) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code() == code
}

func isForeignKey(err error) bool { return constraint(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY) }

func isUnique(err error) bool { return constraint(err, sqlite3.SQLITE_CONSTRAINT_UNIQUE) }

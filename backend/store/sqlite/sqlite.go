// Package sqlite is the local store (every aggregate of package store): a real SQLite database (pure-Go
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

// Store is the store backed by one SQLite database, through two pools:
// db, the one connection that writes, and rd, the connections that read.
//
// One writer because SQLite lets one transaction write at a time: with a
// pool of writers, a crowd of them (200 hosts signing in at once) each
// waits in SQLite's busy handler, which sleeps and retries, so the waits
// grow far past the work and the order is left to chance. With one
// connection the writers queue in database/sql instead, first come first
// served, and each waits only for the writes ahead of it (about a
// millisecond each, WAL with synchronous=NORMAL). Reads never wait for
// that queue: in WAL mode the readers' own pool reads the last committed
// state while a write goes on.
type Store struct {
	db *sql.DB // writes (and reads inside a write's transaction)
	rd *sql.DB // reads: query_only connections; db itself for ":memory:"

	// The dashboard's queries, prepared on rd (database/sql prepares them
	// again on each connection that runs them, once).
	countStmt, pageStmt *sql.Stmt
}

// readers is the read pool's size: enough for both cores and requests
// waiting on the network, few enough that each keeps a warm page cache.
const readers = 4

// Aggregates hands out the store as its aggregates: the adapter
// implements them all (checked here at compile time).
func (s *Store) Aggregates() store.Aggregates {
	return store.Aggregates{Customers: s, Orders: s, Purchases: s, Fulfilment: s,
		OwedWork: s, Rechecks: s, Deletions: s, Closer: s}
}

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
	db.SetMaxOpenConns(1)
	s := &Store{db: db, rd: db} // every connection to ":memory:" is its own database: one pool
	if path != ":memory:" {
		if s.rd, err = sql.Open("sqlite", sqlitedb.ReaderDSN(path)); err != nil {
			db.Close()
			return nil, fmt.Errorf("sqlite: open readers of %s: %w", path, err)
		}
		s.rd.SetMaxOpenConns(readers)
		s.rd.SetMaxIdleConns(readers)
	}
	if s.countStmt, err = s.rd.PrepareContext(ctx, countQuery); err == nil {
		s.pageStmt, err = s.rd.PrepareContext(ctx, `SELECT `+summaryColumns+` `+pageQuery)
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: prepare the dashboard's queries: %w", err)
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	var errs []error
	for _, st := range []*sql.Stmt{s.countStmt, s.pageStmt} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	if s.rd != s.db {
		errs = append(errs, s.rd.Close())
	}
	if err := errors.Join(append(errs, s.db.Close())...); err != nil {
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

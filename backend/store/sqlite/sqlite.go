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
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

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
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if path == ":memory:" {
		// Every connection to ":memory:" is a separate, empty database, so
		// the pool must never hold more than the one that has the schema.
		db.SetMaxOpenConns(1)
	}
	s := &Store{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return s, nil
}

// dsn puts the connection settings in the DSN rather than running PRAGMAs
// once: database/sql opens connections whenever it likes, and the driver
// applies DSN parameters to each one.
func dsn(path string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)") // wait for a writer instead of failing with SQLITE_BUSY
	q.Add("_pragma", "foreign_keys(1)")    // off by default in SQLite, per connection
	q.Add("_pragma", "journal_mode(WAL)")  // readers do not block the writer
	q.Add("_pragma", "synchronous(NORMAL)")
	// BEGIN IMMEDIATE takes the write lock up front, so a transaction that
	// reads then writes waits on busy_timeout instead of failing to upgrade
	// its read lock with SQLITE_BUSY.
	q.Set("_txlock", "immediate")
	return path + "?" + q.Encode()
}

// Close closes the database.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("sqlite: close: %w", err)
	}
	return nil
}

type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations ordered by the number that
// starts each file name (0001_init.sql is version 1).
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil || version < 1 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and '_'", base)
		}
		body, err := migrationFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: version, name: base, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i := 1; i < len(ms); i++ {
		if ms[i].version == ms[i-1].version {
			return nil, fmt.Errorf("migrations %s and %s share version %d", ms[i-1].name, ms[i].name, ms[i].version)
		}
	}
	return ms, nil
}

// migrate applies each migration not yet recorded in schema_migrations, one
// transaction per migration. The transactions are IMMEDIATE, so two
// processes opening the same file take turns and the second sees the
// first's versions instead of applying them again.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	for _, m := range ms {
		if err := s.apply(ctx, m); err != nil {
			return fmt.Errorf("migrate %s: %w", m.name, err)
		}
	}
	return nil
}

func (s *Store) apply(ctx context.Context, m migration) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // no-op after Commit

	var applied bool
	if err := tx.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = ?)`, m.version,
	).Scan(&applied); err != nil {
		return err
	}
	if applied {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
		m.version, time.Now().UnixMicro(),
	); err != nil {
		return err
	}
	return tx.Commit()
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

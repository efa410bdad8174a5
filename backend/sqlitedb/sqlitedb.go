// Package sqlitedb opens SQLite databases the way every ListingLift database
// wants them (the local store and the market data): pure-Go driver, the
// same connection settings on every pooled connection, and numbered embedded
// migrations applied once.
package sqlitedb

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Open opens (creating if needed) the database at file, or a private
// in-memory one for ":memory:", and applies the migrations in migrations
// (files named NNNN_name.sql at its root) that it has not applied yet.
func Open(ctx context.Context, file string, migrations fs.FS) (*sql.DB, error) {
	db, err := sql.Open("sqlite", DSN(file))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	if file == ":memory:" {
		// Every connection to ":memory:" is its own empty database, so the
		// pool must never hold more than the one that has the schema.
		db.SetMaxOpenConns(1)
	}
	if err := migrate(ctx, db, migrations); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	return db, nil
}

// DSN puts the connection settings in the data source name rather than
// running PRAGMAs once: database/sql opens connections whenever it likes,
// and the driver applies DSN parameters to each one.
func DSN(file string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)") // wait for a writer instead of failing with SQLITE_BUSY
	q.Add("_pragma", "foreign_keys(1)")    // off by default in SQLite, per connection
	q.Add("_pragma", "journal_mode(WAL)")  // readers do not block the writer
	q.Add("_pragma", "synchronous(NORMAL)")
	// BEGIN IMMEDIATE takes the write lock up front, so a transaction that
	// reads then writes waits on busy_timeout instead of failing to upgrade
	// its read lock with SQLITE_BUSY.
	q.Set("_txlock", "immediate")
	return file + "?" + q.Encode()
}

// ReaderDSN is DSN for a pool that only reads (query_only: a write through
// it fails instead of taking the write lock). In WAL mode such readers
// never wait for the writer, nor it for them.
func ReaderDSN(file string) string {
	return DSN(file) + "&" + url.Values{"_pragma": {"query_only(1)"}}.Encode()
}

type migration struct {
	version int
	name    string
	sql     string
}

// load returns the migrations ordered by the number that starts each file
// name (0001_init.sql is version 1).
func load(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	ms := make([]migration, 0, len(names))
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil || version < 1 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and '_'", base)
		}
		body, err := fs.ReadFile(fsys, name)
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
func migrate(ctx context.Context, db *sql.DB, fsys fs.FS) error {
	ms, err := load(fsys)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if len(ms) == 0 {
		return fmt.Errorf("migrate: no migrations found")
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	for _, m := range ms {
		if err := apply(ctx, db, m); err != nil {
			return fmt.Errorf("migrate %s: %w", m.name, err)
		}
	}
	return nil
}

func apply(ctx context.Context, db *sql.DB, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
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

// OpenReadOnly opens an existing database for reading only, as immutable:
// no journal, no locks, no writes, nothing created or migrated. It is for
// data built elsewhere and shipped read-only (the market database in the
// image): on Cloud Run's in-memory filesystem a database opened for
// writing may be copied into the instance's memory, and a migration at
// start would make every instance rewrite a large file before serving.
// The file must already carry every migration in migrations.
func OpenReadOnly(ctx context.Context, file string, migrations fs.FS) (*sql.DB, error) {
	if file == "" || file == ":memory:" || strings.ContainsAny(file, "?#") {
		return nil, fmt.Errorf("open %q read-only: needs the path of a database file", file)
	}
	if _, err := os.Stat(file); err != nil {
		return nil, fmt.Errorf("open %s read-only: %w", file, err)
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("immutable", "1")
	q.Add("_pragma", "query_only(1)")
	db, err := sql.Open("sqlite", "file:"+file+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s read-only: %w", file, err)
	}
	ms, err := load(migrations)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s read-only: %w", file, err)
	}
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s read-only: not a database this program built: %w", file, err)
	}
	if want := ms[len(ms)-1].version; have < want {
		db.Close()
		return nil, fmt.Errorf("open %s read-only: its schema is at version %d, this program needs %d: build it again with this version", file, have, want)
	}
	return db, nil
}

// QueryPlan is the steps of EXPLAIN QUERY PLAN for query with args, in
// order: what tests read to hold a query to its indexes.
func QueryPlan(ctx context.Context, db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		return nil, fmt.Errorf("query plan: %w", err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, fmt.Errorf("query plan: %w", err)
		}
		plan = append(plan, detail)
	}
	return plan, rows.Err()
}

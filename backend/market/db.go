package market

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// DB is a market database: one SQLite file holding any number of market
// snapshots. It is safe for concurrent use.
type DB struct {
	sql *sql.DB
}

// Open opens (creating if needed) the market database at path, or a private
// in-memory one for ":memory:", and brings its schema up to date.
func Open(ctx context.Context, path string) (*DB, error) {
	sqldb, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("market: open %s: %w", path, err)
	}
	if path == ":memory:" {
		// Every connection to ":memory:" is its own empty database, so the
		// pool must never hold more than the one that has the schema.
		sqldb.SetMaxOpenConns(1)
	}
	db := &DB{sql: sqldb}
	if err := db.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("market: open %s: %w", path, err)
	}
	return db, nil
}

// dsn puts connection settings in the DSN rather than running PRAGMAs once:
// database/sql opens connections whenever it likes and the driver applies
// DSN parameters to each one.
func dsn(path string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)") // wait for the importer instead of failing with SQLITE_BUSY
	q.Add("_pragma", "foreign_keys(1)")    // off by default, per connection; the cascades need it
	q.Add("_pragma", "journal_mode(WAL)")  // queries keep reading while an import writes
	q.Add("_pragma", "synchronous(NORMAL)")
	// BEGIN IMMEDIATE takes the write lock up front, so a transaction that
	// reads then writes waits on busy_timeout instead of failing to upgrade.
	q.Set("_txlock", "immediate")
	return path + "?" + q.Encode()
}

// Close closes the database.
func (db *DB) Close() error {
	if err := db.sql.Close(); err != nil {
		return fmt.Errorf("market: close: %w", err)
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
	ms := make([]migration, 0, len(names))
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

// migrate applies each migration not yet recorded, one IMMEDIATE
// transaction each, so two processes opening the same file take turns and
// the second sees the first's versions instead of applying them again.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := db.sql.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	for _, m := range ms {
		if err := db.apply(ctx, m); err != nil {
			return fmt.Errorf("migrate %s: %w", m.name, err)
		}
	}
	return nil
}

func (db *DB) apply(ctx context.Context, m migration) error {
	tx, err := db.sql.BeginTx(ctx, nil)
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

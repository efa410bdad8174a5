package sqlite_test

import (
	"context"
	"database/sql"
	"github.com/listinglift/listinglift/backend/sqlitedb"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
	"github.com/listinglift/listinglift/backend/store/storetest"
)

func open(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Aggregates {
		return open(t, filepath.Join(t.TempDir(), "listinglift.db")).Aggregates()
	}, storetest.Options{})
}

// The in-memory database is one connection; the contract (concurrency
// included) must hold there too.
func TestContractInMemory(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Aggregates { return open(t, ":memory:").Aggregates() }, storetest.Options{})
}

func TestMigrationsIdempotent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "listinglift.db")
	first := open(t, path)
	if _, err := first.UpsertCustomer(ctx, domain.Login{UID: "u1", Email: "a@example.com", At: time.Now()}); err != nil {
		t.Fatalf("UpsertCustomer: %v", err)
	}

	// Open the same file again while the first handle is open, as a second
	// process would: migrations must not re-run or fail, and data survives.
	second := open(t, path)
	if _, err := second.GetCustomer(ctx, "u1"); err != nil {
		t.Fatalf("GetCustomer after reopening: %v", err)
	}
	// Versions are numbered 1..n without gaps, one row each.
	var n, lowest, highest int
	if err := second.DB().QueryRowContext(ctx,
		`SELECT count(*), min(version), max(version) FROM schema_migrations`).Scan(&n, &lowest, &highest); err != nil {
		t.Fatalf("read schema_migrations: %v", err)
	}
	if n == 0 || lowest != 1 || highest != n {
		t.Errorf("schema_migrations has %d rows, versions %d..%d; want versions 1..%d", n, lowest, highest, n)
	}
}

// TestPragmas checks the DSN settings on several pooled connections at once,
// not just the first one: the one writer, and the readers, which may only
// read.
func TestPragmas(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	if n := st.DB().Stats().MaxOpenConnections; n != 1 {
		t.Errorf("the write pool may open %d connections, want 1", n)
	}
	for _, pool := range []struct {
		name      string
		db        *sql.DB
		conns     int
		queryOnly string
	}{
		{"writer", st.DB(), 1, "0"},
		{"reader", st.ReadDB(), 3, "1"},
	} {
		var held []interface{ Close() error }
		for i := range pool.conns {
			c, err := pool.db.Conn(ctx)
			if err != nil {
				t.Fatalf("%s Conn: %v", pool.name, err)
			}
			held = append(held, c)
			for _, p := range []struct{ pragma, want string }{
				{"journal_mode", "wal"},
				{"foreign_keys", "1"},
				{"busy_timeout", "5000"},
				{"query_only", pool.queryOnly},
			} {
				var got string
				if err := c.QueryRowContext(ctx, "PRAGMA "+p.pragma).Scan(&got); err != nil {
					t.Fatalf("%s connection %d: PRAGMA %s: %v", pool.name, i, p.pragma, err)
				}
				if !strings.EqualFold(got, p.want) {
					t.Errorf("%s connection %d: %s = %s, want %s", pool.name, i, p.pragma, got, p.want)
				}
			}
		}
		for _, c := range held {
			c.Close()
		}
	}
	// A reader cannot write, even by mistake.
	if _, err := st.ReadDB().ExecContext(ctx, `DELETE FROM customers`); err == nil {
		t.Error("a write through the read pool succeeded")
	}
}

func TestAddOptimizationForeignKey(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	_, err := s.AddOptimization(context.Background(), domain.Optimization{
		CustomerUID: "nobody", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending,
	})
	if err == nil {
		t.Fatal("AddOptimization for an unknown customer succeeded, want a foreign key error")
	}
	for _, part := range []string{"customer nobody does not exist", "FOREIGN KEY"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not say %q", err, part)
		}
	}
}

func TestStripeSessionUnique(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: "u1", At: time.Now()}); err != nil {
		t.Fatalf("UpsertCustomer: %v", err)
	}
	o := domain.Optimization{CustomerUID: "u1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending}

	// Many optimizations have no session yet.
	for range 2 {
		if _, err := s.AddOptimization(ctx, o); err != nil {
			t.Fatalf("AddOptimization without session: %v", err)
		}
	}
	o.StripeSessionID = "cs_test_1"
	if _, err := s.AddOptimization(ctx, o); err != nil {
		t.Fatalf("AddOptimization with session: %v", err)
	}
	_, err := s.AddOptimization(ctx, o)
	if code := domain.ErrorCode(err); code != domain.CodeConflict {
		t.Fatalf("second AddOptimization with the same session: error %v (code %q), want code %q", err, code, domain.CodeConflict)
	}
}

// The success page's look-up by session reads two index entries, never
// every order.
func TestSessionLookupUsesIndexes(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	plan, err := sqlitedb.QueryPlan(context.Background(), st.ReadDB(), `SELECT id FROM optimizations `+sqlite.BySession, "cs_1", "cs_1")
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(plan, "; ")
	if strings.Contains(joined, "SCAN") || !strings.Contains(joined, "optimizations_stripe_session") || !strings.Contains(joined, "optimizations_upgrade_session") {
		t.Errorf("query plan %q; want both indexes and no scan", joined)
	}
}

// The scheduler's query reads the partial index of due watches alone
// (covering: id and due time), never the table's rows nor a watch's JSON,
// however many orders there are.
func TestDueWatchesUseTheirIndex(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	plan, err := sqlitedb.QueryPlan(context.Background(), st.ReadDB(), sqlite.DueAfterQuery, 1, 0, 0, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(plan, "; ")
	if !strings.Contains(joined, "COVERING INDEX optimizations_due_watches") || strings.Contains(joined, "TEMP B-TREE") {
		t.Errorf("query plan %q; want the covering index optimizations_due_watches, in its order (no sort)", joined)
	}
}

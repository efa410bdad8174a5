package sqlitedb

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestMigrationsApplyOnceInOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"0002_more.sql": {Data: []byte(`INSERT INTO t (v) VALUES ('second');`)},
		"0001_init.sql": {Data: []byte(`CREATE TABLE t (v TEXT NOT NULL) STRICT; INSERT INTO t (v) VALUES ('first');`)},
		"README.md":     {Data: []byte(`not a migration`)},
	}
	file := filepath.Join(t.TempDir(), "x.db")
	for range 2 { // the second open must apply nothing again
		db, err := Open(context.Background(), file, fsys)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		rows, err := db.Query(`SELECT v FROM t ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var v string
			_ = rows.Scan(&v)
			got = append(got, v)
		}
		rows.Close()
		if strings.Join(got, ",") != "first,second" {
			t.Errorf("rows %v, want first,second once each", got)
		}
		var fk, timeout int
		var mode string
		_ = db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk)
		_ = db.QueryRow(`PRAGMA busy_timeout`).Scan(&timeout)
		_ = db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
		if fk != 1 || timeout != 5000 || mode != "wal" {
			t.Errorf("pragmas: foreign_keys=%d busy_timeout=%d journal_mode=%s", fk, timeout, mode)
		}
		db.Close()
	}
}

func TestBadMigrations(t *testing.T) {
	cases := map[string]fstest.MapFS{
		"no number":     {"init.sql": {Data: []byte(`SELECT 1;`)}},
		"same version":  {"0001_a.sql": {Data: []byte(`SELECT 1;`)}, "0001_b.sql": {Data: []byte(`SELECT 1;`)}},
		"bad sql":       {"0001_a.sql": {Data: []byte(`CREATE NONSENSE;`)}},
		"no migrations": {},
	}
	for name, fsys := range cases {
		if _, err := Open(context.Background(), ":memory:", fsys); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}

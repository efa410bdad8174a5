// Package storetable is the table of store adapters the service and API
// tests run on: each test runs once on SQLite and once on Firestore
// (Google's emulator), so what they prove — the paid flow, refunds,
// upgrades, re-checks, shares, the sweeper — holds on both adapters'
// transaction semantics, not only SQLite's.
package storetable

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	gfs "cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/firestore"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// EmulatorCallTimeout is each store call's deadline in tests on Google's
// emulator, in place of the adapter's 10 s (firestore.DefaultCallTimeout).
// The emulator settles a lock conflict by letting a waiting commit time out
// after about 2 s and aborting it ("Transaction lock timeout"), where
// Firestore wounds the younger transaction at once; ten transactions racing
// for one order (the contract's exactly-once cases) can need several such
// rounds, and on a loaded CI machine those outlasted 10 s (run 1 of a
// 20-run loop: MarkPaidExactlyOnce, 0 of 10 calls within their deadline).
// What the deadline itself guarantees is tested on its own
// (TestCallsHaveTheirOwnDeadline).
const EmulatorCallTimeout = time.Minute

// Adapter is one row of the table: its name (the subtest's) and how to
// open a fresh, empty store for one test.
type Adapter struct {
	Name string
	Open func(t *testing.T) store.Aggregates
}

// Adapters is the table: SQLite, then Firestore.
var Adapters = []Adapter{{"sqlite", SQLite}, {"firestore", Firestore}}

// Run runs fn once per adapter, as subtests named for it, each on a
// fresh store.
func Run(t *testing.T, fn func(t *testing.T, st store.Aggregates)) {
	t.Helper()
	for _, a := range Adapters {
		t.Run(a.Name, func(t *testing.T) { fn(t, a.Open(t)) })
	}
}

// SQLite opens a SQLite store in a file of the test's temporary directory.
func SQLite(t *testing.T) store.Aggregates {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "store.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.Aggregates()
}

// Firestore opens the Firestore adapter on the emulator
// FIRESTORE_EMULATOR_HOST names, in a project of its own: the emulator keeps
// one database per project, so the test starts on an empty one whatever
// other tests and packages write meanwhile (a sweeper's query sees only
// this test's orders). It skips without an emulator, and on the npm
// stand-in, whose transactions do not isolate (the services' concurrent
// paths would fail there for the stand-in's sake, not theirs).
func Firestore(t *testing.T) store.Aggregates {
	t.Helper()
	if os.Getenv("FIRESTORE_EMULATOR_HOST") == "" {
		t.Skip("FIRESTORE_EMULATOR_HOST not set: make test (or scripts/test-firestore.sh with FIRESTORE_PACKAGES) " +
			"starts Google's Firestore emulator for the Firestore row of this table")
	}
	if os.Getenv("FIRESTORE_EMULATOR_STANDIN") == "1" {
		t.Skip("the npm Firestore stand-in has no transaction isolation: this row needs Google's emulator " +
			"(scripts/setup.sh says how to install it)")
	}
	c, err := gfs.NewClient(context.Background(), Project())
	if err != nil {
		t.Fatal(err)
	}
	st := firestore.NewWithClient(c)
	st.SetCallTimeout(EmulatorCallTimeout)
	t.Cleanup(func() { st.Close() })
	return st.Aggregates()
}

// Project is a Firestore project id no other test uses ("demo-" keeps the
// client off real Google Cloud, as the emulator's docs advise).
func Project() string {
	b := make([]byte, 8)
	rand.Read(b)
	return "demo-t" + hex.EncodeToString(b)
}

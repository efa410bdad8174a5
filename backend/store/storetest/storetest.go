// Package storetest is the contract every store adapter must pass: one
// suite per aggregate of package store (Customers, Orders, Purchases,
// Fulfilment, OwedWork, Rechecks, Deletions). Each adapter's tests call Run
// with a constructor for a fresh store; the cases use unique ids, so they
// also work against a backend shared by many tests (the Firestore
// emulator).
package storetest

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Options describes the adapter under test.
type Options struct {
	// Skip maps a case name (the subtest name, e.g. "ListLaterPages")
	// to the reason this adapter's test backend cannot run it, e.g. a
	// stand-in emulator that lacks a feature. Skipped cases print the reason
	// with t.Skipf; naming a case that does not exist fails the run, so a
	// skip cannot outlive the case it was written for.
	Skip map[string]string
}

// IgnoreSkipsEnv, set to "1", runs every case even when Options.Skip names
// it: the way to check that a skip is still needed.
const IgnoreSkipsEnv = "STORETEST_IGNORE_SKIPS"

type contractCase struct {
	name string
	run  func(t *testing.T, s store.Aggregates)
}

// suite is the contract of one aggregate of package store. Its cases
// drive that aggregate; they set up what they need through the others
// (an order to complete is first added and paid).
type suite struct {
	aggregate string // the interface's name in package store
	cases     []contractCase
}

// suites is the contract, one suite per aggregate, in store.go's order;
// each is declared beside its cases.
func suites() []suite {
	return []suite{customersSuite(), ordersSuite(), purchasesSuite(), fulfilmentSuite(), owedWorkSuite(), rechecksSuite(), deletionsSuite()}
}

// Run runs the contract: every suite, as a subtest named for its aggregate
// (go test -run 'Contract/Owed' runs one), each case as a subtest of it.
// newStore must return a ready store for one case and register its
// cleanup (Close) with t.Cleanup.
func Run(t *testing.T, newStore func(t *testing.T) store.Aggregates, opts Options) {
	t.Helper()
	all := suites()
	names := map[string]bool{}
	var list []string
	for _, s := range all {
		for _, c := range s.cases {
			if names[c.name] {
				t.Errorf("storetest: case %s is in two suites", c.name)
			}
			names[c.name] = true
			list = append(list, c.name)
		}
	}
	var unknown []string
	for name := range opts.Skip {
		if !names[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		t.Errorf("storetest: Options.Skip names unknown cases %s; cases are %s",
			strings.Join(unknown, ", "), strings.Join(list, ", "))
	}

	ignoreSkips := os.Getenv(IgnoreSkipsEnv) == "1"
	for _, s := range all {
		t.Run(s.aggregate, func(t *testing.T) {
			for _, c := range s.cases {
				t.Run(c.name, func(t *testing.T) {
					if reason, ok := opts.Skip[c.name]; ok && !ignoreSkips {
						t.Skipf("known gap of this test backend (%s=1 runs it anyway): %s", IgnoreSkipsEnv, reason)
					}
					c.run(t, newStore(t))
				})
			}
		})
	}
}

// newUID returns a customer uid no other test uses, readable in an emulator
// console: the case name plus a random suffix. Firestore ids cannot contain
// '/', which subtest names do.
func newUID(t *testing.T) string {
	t.Helper()
	return strings.ReplaceAll(t.Name(), "/", ".") + "-" + domain.NewID()[:10]
}

// Stored Premium reports as the cases write them: what they hold matters
// only as a JSON object, the plan named as the plan table spells it.
const (
	premiumReport  = `{"package_type":"` + string(domain.PlanPremium) + `"}` // as the job stores it
	upgradedReport = `{"plan":"` + string(domain.PlanPremium) + `"}`         // as an upgrade stores it
)

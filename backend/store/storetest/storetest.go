// Package storetest is the contract every store.Store adapter must pass. Each
// adapter's tests call Run with a constructor for a fresh store; the cases
// use unique ids, so they also work against a backend shared by many tests
// (the Firestore emulator).
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
	run  func(t *testing.T, s store.Store)
}

func cases() []contractCase {
	all := []contractCase{
		{"UpsertCreatesCustomerWithDefaults", testUpsertCreates},
		{"UpsertUpdatesExistingCustomer", testUpsertUpdates},
		{"GetCustomerUnknown", testGetCustomerUnknown},
		{"EmptyIDs", testEmptyIDs},
		{"ConcurrentUpsertSameNewCustomer", testConcurrentUpsert},
		{"AddOptimizationRoundTrip", testAddRoundTrip},
		{"AddOptimizationUnknownCustomer", testAddUnknownCustomer},
		{"AddOptimizationInvalidResults", testAddInvalidResults},
		{"GetOptimizationUnknown", testGetOptimizationUnknown},
		{"FindOptimizationBySession", testFindBySession},
		{"ListFirstPageNewestFirst", testListFirstPage},
		{"ListLaterPages", testListLaterPages},
		{"ListTiesNewestIDFirst", testListTies},
		{"ListEmpty", testListEmpty},
		{"ListPagesByCursor", testListPagesByCursor},
		{"CheckoutSessionBelongsToOneOptimization", testCheckoutSession},
		{"AppendCustomerOptimization", testAppendCustomerOptimization},
		{"MarkPaidExactlyOnce", testMarkPaidExactlyOnce},
		{"RecordEvent", testRecordEvent},
		{"SetStage", testSetStage},
		{"SetStageAfterFinish", testSetStageAfterFinish},
		{"CompleteExactlyOnce", testCompleteExactlyOnce},
		{"FailExactlyOnce", testFailExactlyOnce},
		{"CompleteResultsRoundTrip", testCompleteResultsRoundTrip},
		{"JobWritesInvalid", testJobWritesInvalid},
		{"JobWritesUnknownID", testJobWritesUnknownID},
		{"CompleteRefusesWhatFirestoreRefuses", testCompleteRefusesWhatFirestoreRefuses},
		{"AddRefusesWhatFirestoreRefuses", testAddRefusesWhatFirestoreRefuses},
		{"InvalidKeysAreNotFound", testInvalidKeysAreNotFound},
		{"SetPDF", testSetPDF},
		{"SetEmailDelivery", testSetEmailDelivery},
		{"StaleEmailRunCannotOverwriteSent", testStaleEmailRunCannotOverwriteSent},
		{"CompleteMarksEmailDueOnlyOnce", testCompleteMarksEmailDueOnlyOnce},
		{"FailUnpaid", testFailUnpaid},
		{"AbandonRacesPayment", testAbandonRacesPayment},
		{"PaymentAfterAbandonReopens", testPaymentAfterAbandonReopens},
		{"StuckOrders", testStuckOrders},
		{"ClaimRequeue", testClaimRequeue},
		{"ConcurrentClaimRequeue", testConcurrentClaimRequeue},
		{"CustomerOptimizationIDsCapped", testCustomerOptimizationIDsCapped},
		{"RecordEventAfterExpiry", testRecordEventAfterExpiry},
		{"ReopenPaid", testReopenPaid},
		{"ConcurrentComplete", testConcurrentComplete},
		{"ConcurrentCompleteAndFail", testConcurrentCompleteAndFail},
		{"CheckoutOpenedThenExpired", testCheckoutOpenedThenExpired},
		{"RefundedOnce", testRefundedOnce},
		{"UpgradeOnce", testUpgradeOnce},
		{"DeleteUnpaid", testDeleteUnpaid},
		{"ConcurrentMoneySteps", testConcurrentMoneySteps},
		{"DeleteCustomerOptimizations", testDeleteCustomerOptimizations},
		{"DeleteCustomerOptimizationsRefusesUnsettled", testDeleteCustomerOptimizationsRefusesUnsettled},
		{"DeleteCustomerAfterOptimizations", testDeleteCustomerAfterOptimizations},
		{"DeleteCustomerOptimizationsMany", testDeleteCustomerOptimizationsMany},
		{"RecheckCounted", testRecheckCounted},
		{"ConcurrentRechecks", testConcurrentRechecks},
		{"ShareOnceThenOff", testShareOnceThenOff},
		{"ReportScores", testReportScores},
		// owed money work (issue 28)
		{"OwedOrdersByKind", testOwedOrdersByKind},
		{"OwedUpgrades", testOwedUpgrades},
		{"OwedOrdersPaging", testOwedOrdersPaging},
		{"RechecksWithdrawn", testRechecksWithdrawn},
		{"StrayRefundOnce", testStrayRefundOnce},
		// deliverables owed (issue 28)
		{"OwedDeliveries", testOwedDeliveries},
		// watches (issue 45)
		{"WatchRoundTrip", testWatchRoundTrip},
		{"DueWatchesPaging", testDueWatchesPaging},
		{"DueWatchesOnlyActive", testDueWatchesOnlyActive},
		{"ConcurrentWatchSteps", testConcurrentWatchSteps},
	}
	return append(all, tombstoneCases()...) // deletion tombstone (issue 28)
}

// Run runs the contract. newStore must return a ready store for one case and
// register its cleanup (Close) with t.Cleanup.
func Run(t *testing.T, newStore func(t *testing.T) store.Store, opts Options) {
	t.Helper()
	all := cases()
	names := make(map[string]bool, len(all))
	var list []string
	for _, c := range all {
		names[c.name] = true
		list = append(list, c.name)
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
	for _, c := range all {
		t.Run(c.name, func(t *testing.T) {
			if reason, ok := opts.Skip[c.name]; ok && !ignoreSkips {
				t.Skipf("known gap of this test backend (%s=1 runs it anyway): %s", IgnoreSkipsEnv, reason)
			}
			c.run(t, newStore(t))
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

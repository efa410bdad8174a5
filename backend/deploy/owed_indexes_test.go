package deploy

import (
	"strings"
	"testing"
)

// The sweeper's owed-work queries (store.OwedOrders, OwedStrayRefunds:
// issue 28) each need a composite index in production; emulators run
// them without one, so only this test notices a missing one.
func TestOwedWorkIndexesDeclared(t *testing.T) {
	f := loadIndexes(t)
	have := map[string]bool{}
	for _, ix := range f.Indexes {
		var parts []string
		for _, fl := range ix.Fields {
			parts = append(parts, fl.FieldPath+" "+fl.Order)
		}
		have[ix.CollectionGroup+": "+strings.Join(parts, ", ")] = true
	}
	for _, want := range []string{
		"optimizations: status ASCENDING, lastSentAt ASCENDING",
		"optimizations: status ASCENDING, recheckOf ASCENDING, lastSentAt ASCENDING",
		"optimizations: upgrade.status ASCENDING, lastSentAt ASCENDING",
		"strayRefunds: owed ASCENDING, createdAt ASCENDING",
	} {
		if !have[want] {
			t.Errorf("firestore.indexes.json lacks %s", want)
		}
	}
}

package deploy

import (
	"encoding/json"
	"testing"
)

// The scheduler's query (store.DueWatches: watchDueAt <= T, ordered by
// watchDueAt, then by id, in pages) is served by a single-field ascending
// index on watchDueAt alone, declared here so that it exists whatever the
// project's automatic indexing is; the watch map itself (the listing's
// description, photo and comparable addresses, every week) is queried by
// nobody and exempt, so its writes cost no index entries. Emulators need
// neither, so only this test notices either missing.
func TestWatchIndexesDeclared(t *testing.T) {
	var due, exempt bool
	for _, o := range loadIndexes(t).FieldOverrides {
		if o.CollectionGroup != "optimizations" {
			continue
		}
		switch o.FieldPath {
		case "watchDueAt":
			for _, raw := range o.Indexes {
				var ix struct{ Order, QueryScope string }
				if err := json.Unmarshal(raw, &ix); err != nil {
					t.Fatalf("watchDueAt index %s: %v", raw, err)
				}
				due = due || ix.Order == "ASCENDING" && ix.QueryScope == "COLLECTION"
			}
		case "watch":
			exempt = len(o.Indexes) == 0
		}
	}
	if !due {
		t.Error("firestore.indexes.json lacks the single-field index optimizations.watchDueAt ASCENDING (COLLECTION) for DueWatches")
	}
	if !exempt {
		t.Error("firestore.indexes.json does not exempt optimizations.watch from indexing")
	}
	// The composite indexes never need it: a composite on watchDueAt
	// would mean a query filters on something besides the due time.
	for _, ix := range loadIndexes(t).Indexes {
		for _, f := range ix.Fields {
			if f.FieldPath == "watchDueAt" || f.FieldPath == "watch" {
				t.Errorf("composite index on %s: DueWatches reads watchDueAt alone", f.FieldPath)
			}
		}
	}
}

package firestore

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
)

// TestTransactionEndsOnEveryPath: a transaction whose function panics or
// calls runtime.Goexit (a test's t.Fatal) is still rolled back, so the
// document it read takes a write at once. Left open, the transaction would
// hold its lock until the server expired it, and every write to that
// document would wait and fail with "Transaction lock timeout" (about 2 s
// on the emulator) — the failure seen in the contract suite's runs.
func TestTransactionEndsOnEveryPath(t *testing.T) {
	if os.Getenv("FIRESTORE_EMULATOR_HOST") == "" {
		t.Skip("FIRESTORE_EMULATOR_HOST not set: scripts/test-firestore.sh starts the emulator")
	}
	ctx := context.Background()
	c, err := firestore.NewClient(ctx, "demo-listinglift")
	if err != nil {
		t.Fatal(err)
	}
	s := NewWithClient(c)
	defer s.Close()

	for _, tc := range []struct {
		name string
		quit func()
	}{
		{"panic", func() { panic("a bug inside the transaction") }},
		{"Goexit", runtime.Goexit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := c.Collection("txProbe").Doc(tc.name + "-" + domain.NewID())
			if _, err := doc.Create(ctx, map[string]any{"n": 0}); err != nil {
				t.Fatal(err)
			}
			left := make(chan any, 1)
			go func() { // its own goroutine: Goexit ends it, as t.Fatal would
				defer func() { left <- recover() }()
				_ = s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
					if _, err := tx.Get(doc); err != nil { // takes the lock
						return err
					}
					tc.quit()
					return nil
				})
				left <- "runTx returned after " + tc.name
			}()
			if got := <-left; tc.name == "panic" && got != "a bug inside the transaction" {
				t.Fatalf("runTx passed on %v; want the function's panic", got)
			} else if tc.name == "Goexit" && got != nil {
				t.Fatalf("after Goexit: %v; want the goroutine to end", got)
			}
			start := time.Now()
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if _, err := doc.Update(wctx, []firestore.Update{{Path: "n", Value: 1}}); err != nil {
				t.Fatalf("write to the document the abandoned transaction read: %v", err)
			}
			if took := time.Since(start); took > time.Second {
				t.Errorf("the write waited %s for the abandoned transaction's lock; want it rolled back", took)
			}
		})
	}
}

package firestore

import (
	"context"
	"errors"
	"runtime"

	"cloud.google.com/go/firestore"
)

// Firestore's read-write transactions lock what they read (pessimistic
// concurrency): a document read in one is held until the transaction
// commits or rolls back, and a writer of that document waits meanwhile (the
// emulator gives up after about 2 s with "Transaction lock timeout" and
// aborts the writer). So, in this adapter:
//
//   - every transaction runs through runTx, which ends it (the client rolls
//     it back) on every path out of its function, a panic or
//     runtime.Goexit included;
//   - reads that need no lock (an existence check whose race the tombstone
//     already settles, a query that only picks which documents to lock)
//     run outside the transaction; a query inside a read-write
//     transaction locks the whole collection on the emulator and the range
//     it scanned on Firestore, stalling every other write there;
//   - the customer document, which sign-ins, purchases and the order list
//     all write, is read in a transaction only by the writes that change
//     it.

// errAbandoned is what a transaction's function "returns" when it panicked
// or called runtime.Goexit (a test's t.Fatal): the client rolls the
// transaction back on any error, and runTx then re-raises what happened.
var errAbandoned = errors.New("transaction function did not return")

// runTx is client.RunTransaction with fn run on a goroutine of its own, so
// that a panic or runtime.Goexit inside it still returns to the client,
// which rolls the transaction back. Without that the transaction stays open
// on the server, and its locks with it, until the server expires it: every
// later write to what it read waits and times out.
func (s *Store) runTx(ctx context.Context, fn func(context.Context, *firestore.Transaction) error, opts ...firestore.TransactionOption) error {
	var (
		panicked any
		exited   bool
	)
	err := s.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		done := make(chan error, 1)
		go func() {
			returned := false
			defer func() {
				if returned {
					return
				}
				if r := recover(); r != nil {
					panicked = r
				} else {
					exited = true // runtime.Goexit: recover has nothing to return
				}
				done <- errAbandoned
			}()
			err := fn(ctx, tx)
			returned = true
			done <- err
		}()
		return <-done
	}, opts...)
	switch {
	case panicked != nil:
		panic(panicked)
	case exited:
		runtime.Goexit()
	}
	return err
}

// writeAlone makes a write of documents that no read has to precede as a
// transaction of its own. A plain write to a document that transactions
// have read and still hold waits for their locks and can fail with ABORTED
// (on the emulator "Transaction lock timeout" after about 2 s; the contract
// suite's account deletion racing a burst of writes that each read the
// tombstone failed so); as a transaction it is retried, with backoff, like
// the transactions it contends with.
func (s *Store) writeAlone(ctx context.Context, write func(tx *firestore.Transaction) error) error {
	return s.runTx(ctx, func(_ context.Context, tx *firestore.Transaction) error { return write(tx) },
		firestore.MaxAttempts(10))
}

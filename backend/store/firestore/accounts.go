package firestore

import (
	"context"
	"fmt"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// deleteBatch bounds the optimizations one deletion transaction reads and
// deletes: each takes up to three deletes (the order and its two session
// markers), well inside a commit's limits.
const deleteBatch = 100

// unsettledFields are the fields store.Unsettled reads: the deletion's
// pre-check projects exactly these. A field left out reads as its zero
// value and can turn a settled order unsettled (issue 28: without
// recheckOf, a failed free re-check read as "paid, failed, not refunded"
// and blocked the deletion for good); the contract case
// FailedRecheckDoesNotBlockDeletion holds this list to Unsettled.
var unsettledFields = []string{"paidAt", "status", "refund", "upgrade", "recheckOf"}

// DeleteCustomerOptimizations first reads all the customer's
// optimizations and refuses, deleting nothing, when one is unsettled; then
// deletes them in transactions of deleteBatch, each reading its orders again
// and refusing its batch if one became unsettled meanwhile (a payment that
// landed between the check and the delete: the caller has closed the open
// checkouts first, so only a race can get here). Each order's checkout
// session markers (its own and its upgrade's) go with it.
func (s *Store) DeleteCustomerOptimizations(ctx context.Context, uid string) (int, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return 0, nil // no document can name it: nothing to delete
	}
	if id, err := s.unsettledOrder(ctx, uid); err != nil {
		return 0, fmt.Errorf("firestore: delete optimizations of %s: %w", uid, err)
	} else if id != "" {
		return 0, fmt.Errorf("firestore: delete optimizations of %s: %s is unsettled: %w", uid, id, store.ErrUnsettled)
	}
	deleted := 0
	for {
		// Each page is one transaction that reads its orders again (and
		// refuses if one became unsettled meanwhile).
		page, err := s.DeleteCustomerOptimizationsPage(ctx, uid, deleteBatch)
		deleted += len(page)
		if err != nil {
			return deleted, fmt.Errorf("firestore: delete optimizations of %s: %w", uid, err)
		}
		// An empty page, not a short one, is the end: the page's query runs
		// before its transaction, and an order deleted in between (a
		// concurrent deletion) shortens a page that is not the last.
		if len(page) == 0 {
			return deleted, nil
		}
	}
}

func upgradeSession(o *domain.Optimization) string {
	if o.Upgrade == nil {
		return ""
	}
	return o.Upgrade.SessionID
}

// DeleteCustomer deletes customers/{uid} once no optimization of the
// customer is left. The query for one runs before the transaction: inside a
// read-write transaction it would lock the optimizations it scanned (on the
// emulator, the whole collection) until the commit (tx.go). An order added
// between the query and the delete is the race the tombstone settles: an
// account's deletion writes it first, and AddOptimization reads it in its
// transaction, so it either commits before the tombstone (and the deletion's
// pages found it before this runs) or is refused.
func (s *Store) DeleteCustomer(ctx context.Context, uid string) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return false, nil
	}
	left, err := s.optimizations().Where("customerUid", "==", uid).Select().Limit(1).Documents(ctx).GetAll()
	if err != nil {
		return false, fmt.Errorf("firestore: delete customer %s: %w", uid, err)
	}
	if len(left) > 0 {
		return false, fmt.Errorf("firestore: delete customer %s: %w", uid, store.ErrOptimizationsLeft)
	}
	ref := s.customers().Doc(uid)
	var deleted bool
	err = s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		deleted = false
		if _, err := tx.Get(ref); isNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		deleted = true
		return tx.Delete(ref)
	}, firestore.MaxAttempts(10))
	if err != nil {
		return false, fmt.Errorf("firestore: delete customer %s: %w", uid, err)
	}
	return deleted, nil
}

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
		if len(page) < deleteBatch {
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

// DeleteCustomer deletes customers/{uid} in a transaction that first
// queries for any optimization of the customer left. AddOptimization reads
// the customer in its own transaction, so an order being added meanwhile
// either lands first (and this refuses) or fails for want of a customer.
func (s *Store) DeleteCustomer(ctx context.Context, uid string) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return false, nil
	}
	ref := s.customers().Doc(uid)
	var deleted bool
	err := s.client.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		deleted = false
		left, err := tx.Documents(s.optimizations().Where("customerUid", "==", uid).Select().Limit(1)).GetAll()
		if err != nil {
			return err
		}
		if len(left) > 0 {
			return store.ErrOptimizationsLeft
		}
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

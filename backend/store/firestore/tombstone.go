package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// deletedCustomers/{uid} is a deleted account's tombstone (store.Deletions'
// "deletion tombstone"): the uid and deletedAt, no personal data.
func (s *Store) tombstones() *firestore.CollectionRef { return s.client.Collection("deletedCustomers") }

type tombstoneDoc struct {
	UID       string    `firestore:"uid"`
	DeletedAt time.Time `firestore:"deletedAt"`
	// Finished is false until everything of the account is deleted
	// (FinishCustomerDeletion): the sweeper's query (an index on
	// finished, deletedAt) reads only deletions still to finish.
	Finished   bool       `firestore:"finished"`
	FinishedAt *time.Time `firestore:"finishedAt"`
}

// MarkCustomerDeleted creates the tombstone; Create keeps one already there.
// Every customer write reads the tombstone in its transaction, so once
// this commits none of them can commit a write for uid. Those reads lock
// it, so the create waits for them and is retried when it waits too long
// (writeAlone).
func (s *Store) MarkCustomerDeleted(ctx context.Context, uid string, at time.Time) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return fmt.Errorf("firestore: mark customer deleted: invalid uid %q", uid)
	}
	ref := s.tombstones().Doc(uid)
	err := s.writeAlone(ctx, func(tx *firestore.Transaction) error {
		return tx.Create(ref, tombstoneDoc{UID: uid, DeletedAt: timestamp(at)})
	})
	if err != nil && status.Code(err) != codes.AlreadyExists {
		return fmt.Errorf("firestore: mark customer %s deleted: %w", uid, err)
	}
	return nil
}

// UnfinishedDeletions queries tombstones not finished, oldest first.
func (s *Store) UnfinishedDeletions(ctx context.Context, before time.Time, limit int) ([]string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	docs, err := s.tombstones().Where("finished", "==", false).Where("deletedAt", "<", timestamp(before)).
		OrderBy("deletedAt", firestore.Asc).Limit(max(limit, 1)).Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: unfinished deletions: %w", err)
	}
	uids := make([]string, 0, len(docs))
	for _, d := range docs {
		uids = append(uids, d.Ref.ID)
	}
	return uids, nil
}

// FinishCustomerDeletion marks the tombstone finished; a missing one is
// left missing (Update would fail: nothing to finish).
func (s *Store) FinishCustomerDeletion(ctx context.Context, uid string, at time.Time) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return nil
	}
	at = timestamp(at)
	ref := s.tombstones().Doc(uid)
	err := s.writeAlone(ctx, func(tx *firestore.Transaction) error {
		return tx.Update(ref, []firestore.Update{{Path: "finished", Value: true}, {Path: "finishedAt", Value: at}})
	})
	if err != nil && !isNotFound(err) {
		return fmt.Errorf("firestore: finish the deletion of %s: %w", uid, err)
	}
	return nil
}

// CustomerDeleted reads the tombstone: one document read.
func (s *Store) CustomerDeleted(ctx context.Context, uid string) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return false, nil
	}
	_, err := s.tombstones().Doc(uid).Get(ctx)
	if isNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("firestore: is customer %s deleted: %w", uid, err)
	}
	return true, nil
}

// refuseDeleted is every customer write's check inside its transaction tx
// (a read, so before the transaction's writes): store.ErrAccountDeleted
// for a tombstoned uid. Firestore fails the transaction if the tombstone is
// created before it commits, and the retry then refuses.
func (s *Store) refuseDeleted(tx *firestore.Transaction, uid string) error {
	if !validID(uid) {
		return nil // no document can name it; the write's own checks refuse it
	}
	_, err := tx.Get(s.tombstones().Doc(uid))
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read the tombstone of %s: %w", uid, err)
	}
	return fmt.Errorf("customer %s: %w", uid, store.ErrAccountDeleted)
}

// DeleteCustomerOptimizationsPage picks a page of the customer's orders
// with a query outside the transaction (inside, it would lock the scanned
// orders, on the emulator the whole collection, until the commit: tx.go),
// then reads those orders in a transaction and deletes them there with their
// session markers: Firestore retries the transaction if one of them changes
// meanwhile, so what it returns is what it deleted, as read there. An order
// gone since the query is skipped; one added since is the next page's. limit
// is capped at deleteBatch (a commit's limits).
func (s *Store) DeleteCustomerOptimizationsPage(ctx context.Context, uid string, limit int) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return nil, nil // no document can name it: nothing to delete
	}
	// Until a page is deleted or none is left: when every order the query
	// picked was deleted meanwhile (a concurrent deletion), the next query
	// no longer picks them.
	for {
		page, err := s.deletePickedPage(ctx, uid, limit)
		if err != nil {
			return nil, fmt.Errorf("firestore: delete a page of %s's optimizations: %w", uid, err)
		}
		if page == nil || len(page) > 0 {
			return page, nil
		}
	}
}

// deletePickedPage is one round of DeleteCustomerOptimizationsPage: nil when
// the query picked nothing, an empty page when all it picked had gone.
func (s *Store) deletePickedPage(ctx context.Context, uid string, limit int) ([]domain.Optimization, error) {
	picked, err := s.optimizations().Where("customerUid", "==", uid).Select().
		Limit(min(max(limit, 1), deleteBatch)).Documents(ctx).GetAll()
	if err != nil {
		return nil, err
	}
	if len(picked) == 0 {
		return nil, nil
	}
	orders := make([]*firestore.DocumentRef, len(picked))
	for i, snap := range picked {
		orders[i] = snap.Ref
	}
	page := []domain.Optimization{}
	err = s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		page = page[:0] // a retried attempt starts over
		snaps, err := tx.GetAll(orders)
		if err != nil {
			return err
		}
		var refs []*firestore.DocumentRef
		for _, snap := range snaps {
			if !snap.Exists() {
				continue // deleted since the query
			}
			o, err := decodeOptimization(snap)
			if err != nil {
				return err
			}
			if store.Unsettled(o) {
				return fmt.Errorf("%s is unsettled: %w", o.ID, store.ErrUnsettled)
			}
			refs = append(refs, snap.Ref)
			for _, sid := range []string{o.StripeSessionID, upgradeSession(o)} {
				if domain.ValidKey(sid) {
					refs = append(refs, s.sessions().Doc(sid))
				}
			}
			o.Results, o.ListingDescription = nil, "" // the summary, as the contract says
			page = append(page, *o)
		}
		for _, ref := range refs {
			if err := tx.Delete(ref); err != nil {
				return err
			}
		}
		return nil
	}, firestore.MaxAttempts(10))
	if err != nil {
		return nil, err
	}
	return page, nil
}

// UnsettledOrder reads the Unsettled fields of every order of uid.
func (s *Store) UnsettledOrder(ctx context.Context, uid string) (string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return "", nil
	}
	id, err := s.unsettledOrder(ctx, uid)
	if err != nil {
		return "", fmt.Errorf("firestore: unsettled orders of %s: %w", uid, err)
	}
	return id, nil
}

// unsettledOrder is the one projection of unsettledFields: the deletion's
// pre-checks read through it.
func (s *Store) unsettledOrder(ctx context.Context, uid string) (string, error) {
	snaps, err := s.optimizations().Where("customerUid", "==", uid).Select(unsettledFields...).Documents(ctx).GetAll()
	if err != nil {
		return "", err
	}
	for _, snap := range snaps {
		o, err := decodeOptimization(snap)
		if err != nil {
			return "", err
		}
		if store.Unsettled(o) {
			return o.ID, nil
		}
	}
	return "", nil
}

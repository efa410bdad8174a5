package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
)

// customerDoc is customers/{uid} (SPEC §3).
type customerDoc struct {
	UID                string    `firestore:"uid"`
	Email              string    `firestore:"email"`
	DisplayName        string    `firestore:"displayName"`
	CreatedAt          time.Time `firestore:"createdAt"`
	UpdatedAt          time.Time `firestore:"updatedAt"`
	LastLoginAt        time.Time `firestore:"lastLoginAt"`
	TotalOptimizations int64     `firestore:"totalOptimizations"`
	ProfileComplete    bool      `firestore:"profileComplete"`
	OptimizationIDs    []string  `firestore:"optimizationIds"`
}

func (d customerDoc) domain() *domain.Customer {
	ids := d.OptimizationIDs
	if ids == nil { // an empty array reads back as nil; callers expect []
		ids = []string{}
	}
	return &domain.Customer{
		UID:                d.UID,
		Email:              d.Email,
		DisplayName:        d.DisplayName,
		CreatedAt:          d.CreatedAt.UTC(),
		UpdatedAt:          d.UpdatedAt.UTC(),
		LastLoginAt:        d.LastLoginAt.UTC(),
		TotalOptimizations: int(d.TotalOptimizations),
		ProfileComplete:    d.ProfileComplete,
		OptimizationIDs:    ids,
	}
}

// upsertAttempts bounds the transaction's retries. Transactions contending
// for one document can be aborted and retried; a burst of sign-ins of one uid
// (several tabs) can use up the client's default of 5, and a failed sign-in
// costs more than a few more retries.
const upsertAttempts = 10

// UpsertCustomer records a sign-in in a transaction: the read locks the
// document, so of several concurrent first sign-ins exactly one creates it
// and the others, retried, update it.
func (s *Store) UpsertCustomer(ctx context.Context, login domain.Login) (*domain.Customer, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(login.UID) {
		return nil, fmt.Errorf("firestore: upsert customer: invalid uid %q", login.UID)
	}
	ref := s.customers().Doc(login.UID)
	at := timestamp(login.At)
	var out customerDoc
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		if err := s.refuseDeleted(tx, login.UID); err != nil {
			return err
		}
		snap, err := tx.Get(ref)
		if isNotFound(err) {
			out = customerDoc{
				UID: login.UID, Email: login.Email, DisplayName: login.DisplayName,
				CreatedAt: at, UpdatedAt: at, LastLoginAt: at,
				TotalOptimizations: 0, ProfileComplete: true, OptimizationIDs: []string{},
			}
			// Create, not Set: should two creations ever race past the
			// lock, the second fails instead of wiping the first.
			return tx.Create(ref, out)
		}
		if err != nil {
			return err
		}
		out = customerDoc{}
		if err := snap.DataTo(&out); err != nil {
			return fmt.Errorf("decode %s: %w", ref.Path, err)
		}
		out.Email, out.DisplayName, out.LastLoginAt, out.UpdatedAt = login.Email, login.DisplayName, at, at
		// Update touches only these fields, so counters and ids written by
		// a purchase in between are kept.
		return tx.Update(ref, []firestore.Update{
			{Path: "email", Value: out.Email},
			{Path: "displayName", Value: out.DisplayName},
			{Path: "lastLoginAt", Value: out.LastLoginAt},
			{Path: "updatedAt", Value: out.UpdatedAt},
		})
	}, firestore.MaxAttempts(upsertAttempts))
	if err != nil {
		return nil, fmt.Errorf("firestore: upsert customer %s: %w", login.UID, err)
	}
	return out.domain(), nil
}

// GetCustomer returns the customer uid, or domain.ErrNotFound.
func (s *Store) GetCustomer(ctx context.Context, uid string) (*domain.Customer, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return nil, notFoundf("get customer %q", uid)
	}
	snap, err := s.customers().Doc(uid).Get(ctx)
	if isNotFound(err) {
		return nil, notFoundf("get customer %s", uid)
	}
	if err != nil {
		return nil, fmt.Errorf("firestore: get customer %s: %w", uid, err)
	}
	var d customerDoc
	if err := snap.DataTo(&d); err != nil {
		return nil, fmt.Errorf("firestore: decode customer %s: %w", uid, err)
	}
	return d.domain(), nil
}

package firestore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Firestore has no unique indexes: stripeSessions/{sessionId} is the marker
// that gives a Checkout Session to one optimization, written in the same
// transaction as the optimization, and paymentEvents/{eventId} remembers
// processed webhook events.
func (s *Store) sessions() *firestore.CollectionRef { return s.client.Collection("stripeSessions") }
func (s *Store) events() *firestore.CollectionRef   { return s.client.Collection("paymentEvents") }

var errSessionTaken = &domain.Error{Code: domain.CodeConflict, Message: "This checkout session is already recorded."}

// claimSession creates the session marker for optimization id inside tx.
// Create fails at commit when the marker exists; sessionConflict maps that.
func (s *Store) claimSession(tx *firestore.Transaction, sessionID, id string) error {
	if !domain.ValidKey(sessionID) {
		return fmt.Errorf("invalid session id %q", sessionID)
	}
	return tx.Create(s.sessions().Doc(sessionID), map[string]any{"optimizationId": id, "expireAt": markerExpiry()})
}

// markerExpiry is when a session marker written now is deleted by the TTL
// policy (store.UnpaidRetention): a marker guards one session's claim,
// and Stripe never hands out a session id twice.
func markerExpiry() time.Time { return timestamp(time.Now().Add(store.UnpaidRetention)) }

func sessionConflict(err error) error {
	if status.Code(err) == codes.AlreadyExists {
		return fmt.Errorf("%w: %v", errSessionTaken, err)
	}
	return err
}

// SetCheckoutSession records the session of optimization id, claiming its
// marker in the same transaction. Setting the same pair again is a no-op.
func (s *Store) SetCheckoutSession(ctx context.Context, id, sessionID string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !domain.ValidKey(id) {
		return notFoundf("set checkout session of %q", id)
	}
	if sessionID == "" {
		return fmt.Errorf("firestore: set checkout session of %s: empty session id", id)
	}
	ref := s.optimizations().Doc(id)
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		uid, _ := snap.Data()["customerUid"].(string)
		if err := s.refuseDeleted(tx, uid); err != nil {
			return err
		}
		marker, err := tx.Get(s.sessions().Doc(sessionID))
		switch {
		case err == nil:
			if owner, _ := marker.Data()["optimizationId"].(string); owner != id {
				return errSessionTaken
			}
		case isNotFound(err):
			if err := s.claimSession(tx, sessionID, id); err != nil {
				return err
			}
		default:
			return err
		}
		return tx.Update(ref, []firestore.Update{{Path: "stripeSessionId", Value: sessionID}})
	})
	if isNotFound(err) {
		return notFoundf("set checkout session of %s", id)
	}
	if err != nil {
		return fmt.Errorf("firestore: set checkout session of %s: %w", id, sessionConflict(err))
	}
	return nil
}

// AppendCustomerOptimization reads and writes the list in a transaction,
// so it can both skip a repeat and keep only the newest ids.
func (s *Store) AppendCustomerOptimization(ctx context.Context, uid, id string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(uid) {
		return notFoundf("append optimization to %q", uid)
	}
	ref := s.customers().Doc(uid)
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		if err := s.refuseDeleted(tx, uid); err != nil {
			return err
		}
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		var d customerDoc
		if err := snap.DataTo(&d); err != nil {
			return err
		}
		if slices.Contains(d.OptimizationIDs, id) {
			return nil
		}
		ids := append(d.OptimizationIDs, id)
		if n := len(ids) - store.MaxCustomerOptimizationIDs; n > 0 {
			ids = ids[n:]
		}
		return tx.Update(ref, []firestore.Update{{Path: "optimizationIds", Value: ids}})
	}, firestore.MaxAttempts(10))
	if isNotFound(err) {
		return notFoundf("append optimization %s to %s", id, uid)
	}
	if err != nil {
		return fmt.Errorf("firestore: append optimization %s to %s: %w", id, uid, err)
	}
	return nil
}

// MarkPaid reads and writes the optimization and the customer in one
// transaction: concurrent calls conflict, Firestore retries the losers, and
// they then see paidAt set and change nothing.
func (s *Store) MarkPaid(ctx context.Context, id string, at time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	first, err := s.withOptimization(ctx, id, func(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization) (bool, error) {
		if o.PaidAt != nil {
			return false, nil
		}
		// A deleted account's order takes no payment, and its customer
		// is never recreated: the payment is a stray, refunded by the
		// caller.
		if err := s.refuseDeleted(tx, o.CustomerUID); err != nil {
			return false, err
		}
		// Read the customer before any write (Firestore's rule for
		// transactions). A missing customer document (deleted by hand,
		// or never written) must not refuse a payment: the webhook would
		// answer 404 and Stripe retry for days while the host waits. It is
		// recreated from the order instead, with this purchase counted.
		customer := s.customers().Doc(o.CustomerUID)
		_, cerr := tx.Get(customer)
		if cerr != nil && !isNotFound(cerr) {
			return false, cerr
		}
		st := o.Status
		updates := []firestore.Update{{Path: "paidAt", Value: timestamp(at)}, {Path: "stage", Value: "paid"},
			{Path: "lastSentAt", Value: timestamp(at)},  // its job is sent next (owed.go)
			{Path: "expireAt", Value: firestore.Delete}} // paid: kept (store.UnpaidRetention)
		switch st {
		case domain.StatusPending:
			st = domain.StatusProcessing
		case domain.StatusFailed, domain.StatusExpired:
			// Failed or expired while unpaid (payment refused, checkout
			// expired) and paid after all: reopened, so the host gets the
			// report.
			st = domain.StatusProcessing
			updates = append(updates, firestore.Update{Path: "failureReason", Value: ""}, firestore.Update{Path: "completedAt", Value: nil})
		}
		updates = append(updates, firestore.Update{Path: "checkoutUrl", Value: ""}, firestore.Update{Path: "checkoutExpiresAt", Value: nil},
			firestore.Update{Path: "status", Value: string(st)})
		if err := tx.Update(ref, updates); err != nil {
			return false, err
		}
		if isNotFound(cerr) {
			return true, tx.Create(customer, customerDoc{UID: o.CustomerUID, Email: o.CustomerEmail,
				CreatedAt: timestamp(at), UpdatedAt: timestamp(at), LastLoginAt: timestamp(at), TotalOptimizations: 1,
				OptimizationIDs: []string{}})
		}
		return true, tx.Update(customer, []firestore.Update{
			{Path: "totalOptimizations", Value: firestore.Increment(1)}, {Path: "updatedAt", Value: timestamp(at)},
		})
	})
	if err != nil {
		return false, fmt.Errorf("firestore: mark %s paid: %w", id, err)
	}
	return first, nil
}

// RecordEvent creates paymentEvents/{id}; Create refuses an existing one.
func (s *Store) RecordEvent(ctx context.Context, eventID string, at time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !validID(eventID) {
		return false, fmt.Errorf("firestore: record event: invalid id %q", eventID)
	}
	// expireAt: the TTL policy deletes the record a month on.
	ref := s.events().Doc(eventID)
	err := s.writeAlone(ctx, func(tx *firestore.Transaction) error {
		return tx.Create(ref, map[string]any{"processedAt": timestamp(at), "expireAt": timestamp(at.Add(store.EventRetention))})
	})
	if status.Code(err) == codes.AlreadyExists {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("firestore: record event %s: %w", eventID, err)
	}
	return true, nil
}

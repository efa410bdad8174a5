package firestore

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

// The report job's writes. Each reads the optimization and writes it in one
// transaction, so "exactly once" holds under contention: Firestore aborts
// all but one of the racing transactions, the client retries the losers,
// and they then read a finished optimization and change nothing.
//
// Choices the store package's comments leave open, made the same way in the
// SQLite adapter:
//   - Complete and Fail leave the stage as the job last reported it, so a
//     failed order still says where the job stopped.
//   - Fail records at as completedAt: completedAt is when the order reached
//     its end state, and status says which end.
//   - Arguments are checked before the optimization is looked up, so an
//     invalid call is domain.CodeInvalid even for an unknown or finished id.

// SetStage records the progress stage of an unfinished optimization; a
// finished one keeps its stage and the call still succeeds.
func (s *Store) SetStage(ctx context.Context, id string, stage domain.Stage) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if !stage.Valid() {
		return fmt.Errorf("firestore: set stage of %s: %w", id, &domain.Error{
			Code: domain.CodeInvalid, Message: fmt.Sprintf("Unknown progress stage %q.", stage)})
	}
	_, err := s.whileUnfinished(ctx, id, []firestore.Update{{Path: "stage", Value: string(stage)}}, nil)
	if err != nil {
		return fmt.Errorf("firestore: set stage of %s to %s: %w", id, stage, err)
	}
	return nil
}

// Complete stores the report as a map (so the console shows its fields)
// and marks the optimization completed, once.
func (s *Store) Complete(ctx context.Context, id string, results json.RawMessage, at time.Time, emailDue bool) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	report, err := reportMap(results)
	if err != nil {
		return false, fmt.Errorf("firestore: complete %s: %w", id, docrules.Refusal(err))
	}
	updates := []firestore.Update{
		{Path: "status", Value: string(domain.StatusCompleted)},
		{Path: "results", Value: report},
		{Path: "completedAt", Value: timestamp(at)},
	}
	if emailDue {
		updates = append(updates, firestore.Update{Path: "emailDelivery", Value: newDeliveryDoc(domain.EmailDelivery{Status: domain.DeliveryPending})},
			firestore.Update{Path: "owedAt", Value: timestamp(at)}) // owed from now on: the sweeper's query
	}
	first, err := s.whileUnfinished(ctx, id, updates, nil)
	if err != nil {
		return false, fmt.Errorf("firestore: complete %s: %w", id, err)
	}
	return first, nil
}

// Fail marks the optimization failed with reason, once.
func (s *Store) Fail(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if strings.TrimSpace(reason) == "" {
		return false, fmt.Errorf("firestore: fail %s: %w", id, &domain.Error{
			Code: domain.CodeInvalid, Message: "A failed order needs a reason the host can read."})
	}
	first, err := s.whileUnfinished(ctx, id, failUpdates(reason, at), nil)
	if err != nil {
		return false, fmt.Errorf("firestore: fail %s: %w", id, err)
	}
	return first, nil
}

// FailUnpaid marks an unpaid optimization failed with reason, once; paidAt
// is read in the same transaction, so a payment committed first wins and a
// payment racing it aborts and retries this transaction.
func (s *Store) FailUnpaid(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if strings.TrimSpace(reason) == "" {
		return false, fmt.Errorf("firestore: fail unpaid %s: %w", id, &domain.Error{
			Code: domain.CodeInvalid, Message: "A failed order needs a reason the host can read."})
	}
	first, err := s.whileUnfinished(ctx, id, failUpdates(reason, at), func(o *domain.Optimization) bool { return o.PaidAt == nil })
	if err != nil {
		return false, fmt.Errorf("firestore: fail unpaid %s: %w", id, err)
	}
	return first, nil
}

func failUpdates(reason string, at time.Time) []firestore.Update {
	return []firestore.Update{
		{Path: "status", Value: string(domain.StatusFailed)},
		{Path: "failureReason", Value: reason},
		{Path: "completedAt", Value: timestamp(at)},
	}
}

// SetPDF records the PDF's object key while the optimization is unfinished.
func (s *Store) SetPDF(ctx context.Context, id, path string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if strings.TrimSpace(path) == "" {
		return fmt.Errorf("firestore: set pdf of %s: %w", id, domain.Errorf(domain.CodeInvalid, "The PDF's path is empty."))
	}
	if _, err := s.whileUnfinished(ctx, id, []firestore.Update{{Path: "pdfPath", Value: path}}, nil); err != nil {
		return fmt.Errorf("firestore: set pdf of %s: %w", id, err)
	}
	return nil
}

// UpdateEmailDelivery moves the report e-mail's state from from to d in a
// transaction that reads it first: of two runs racing from the same state
// one applies, and the other, retried, sees the new state and does not.
func (s *Store) UpdateEmailDelivery(ctx context.Context, id string, from, d domain.EmailDelivery) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if err := d.Validate(); err != nil {
		return false, fmt.Errorf("firestore: set e-mail delivery of %s: %w", id, err)
	}
	applied, err := s.updateIf(ctx, id, []firestore.Update{{Path: "emailDelivery", Value: newDeliveryDoc(d)}},
		func(o *domain.Optimization) bool {
			return o.Email.Status == from.Status && o.Email.Attempts == from.Attempts
		})
	if err != nil {
		return false, fmt.Errorf("firestore: set e-mail delivery of %s: %w", id, err)
	}
	return applied, nil
}

// whileUnfinished is updateIf for an optimization not yet completed or
// failed that also meets cond (nil: no further condition).
func (s *Store) whileUnfinished(ctx context.Context, id string, updates []firestore.Update, cond func(*domain.Optimization) bool) (bool, error) {
	return s.updateIf(ctx, id, updates, func(o *domain.Optimization) bool {
		return !o.Status.Finished() && (cond == nil || cond(o))
	})
}

// updateIf applies updates to optimization id in a transaction that first
// reads it, only if cond holds for what it read: the condition and the
// write are one step, since Firestore aborts and retries the transaction
// when the document changes in between. It reports whether it wrote; a
// missing optimization, or an id we never issue, is domain.ErrNotFound.
func (s *Store) updateIf(ctx context.Context, id string, updates []firestore.Update, cond func(*domain.Optimization) bool) (bool, error) {
	return s.withOptimization(ctx, id, func(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization) (bool, error) {
		if !cond(o) {
			return false, nil
		}
		return true, tx.Update(ref, updates)
	})
}

// withOptimization reads optimization id in a transaction and runs fn on
// it there, fn reporting whether it wrote: Firestore aborts and retries the
// whole transaction when the document changes before the commit, so fn
// always decides on what the commit writes over. A missing optimization,
// or an id we never issue, is domain.ErrNotFound.
func (s *Store) withOptimization(ctx context.Context, id string,
	fn func(tx *firestore.Transaction, ref *firestore.DocumentRef, o *domain.Optimization) (bool, error)) (bool, error) {
	if !domain.ValidKey(id) {
		return false, fmt.Errorf("invalid id %q: %w", id, domain.ErrNotFound)
	}
	ref := s.optimizations().Doc(id)
	var wrote bool
	err := s.runTx(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		wrote = false // a retried attempt starts over
		snap, err := tx.Get(ref)
		if err != nil {
			return err
		}
		o, err := decodeOptimization(snap)
		if err != nil {
			return err
		}
		wrote, err = fn(tx, ref, o)
		return err
	}, firestore.MaxAttempts(10))
	if isNotFound(err) {
		return false, domain.ErrNotFound
	}
	if err != nil {
		return false, err
	}
	return wrote, nil
}

// reportMap is a report as Firestore keeps it. Only a JSON object will do:
// empty input and JSON null (which decode to a nil map without error) are
// refused as well as arrays and scalars, and so is anything Firestore itself
// would refuse (docrules), before any write is attempted.
func reportMap(results json.RawMessage) (map[string]any, error) {
	if _, err := docrules.CheckReport(bytes.TrimSpace(results)); err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(results), &m); err != nil {
		return nil, fmt.Errorf("results are not a JSON object: %w", err)
	}
	if m == nil {
		return nil, fmt.Errorf("results are JSON null, not an object")
	}
	return m, nil
}

// ReportValue is a report as this adapter sends it to Firestore (the value
// of the "results" field), or why the adapter refuses it. Tests of the
// report contract use it to check every kind of report against Firestore's
// limits without a server.
func ReportValue(results json.RawMessage) (map[string]any, error) { return reportMap(results) }

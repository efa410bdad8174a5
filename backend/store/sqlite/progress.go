package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

// The report job's writes. Each is one UPDATE that matches only while the
// optimization is unfinished, so "exactly once" rests on SQLite running one
// writer at a time: of two racing Complete calls the second finds the row
// completed and matches nothing.
//
// Choices the store package's comments leave open, made the same way in the
// Firestore adapter:
//   - Complete and Fail leave the stage as the job last reported it, so a
//     failed order still says where the job stopped.
//   - Fail records at as completedAt: completedAt is when the order reached
//     its end state, and status says which end.
//   - Arguments are checked before the optimization is looked up, so an
//     invalid call is domain.CodeInvalid even for an unknown or finished id.

// unfinished is the WHERE clause every job write shares.
const unfinished = `status NOT IN ('completed', 'failed', 'refunded', 'expired')`

// SetStage records the progress stage of an unfinished optimization; a
// finished one keeps its stage and the call still succeeds.
func (s *Store) SetStage(ctx context.Context, id string, stage domain.Stage) error {
	if err := checkStage(stage); err != nil {
		return fmt.Errorf("sqlite: set stage of %s: %w", id, err)
	}
	res, err := s.db.ExecContext(ctx,
		`UPDATE optimizations SET stage = ? WHERE id = ? AND `+unfinished, string(stage), id)
	if _, err := s.applied(ctx, res, err, existsOptimization, id); err != nil {
		return fmt.Errorf("sqlite: set stage of %s to %s: %w", id, stage, err)
	}
	return nil
}

// Complete stores the report and marks the optimization completed, once.
func (s *Store) Complete(ctx context.Context, id string, results json.RawMessage, at time.Time, emailDue bool) (bool, error) {
	report, err := resultsColumn(results)
	if err != nil || !report.Valid {
		return false, fmt.Errorf("sqlite: complete %s: %w", id, invalidReport(results, err))
	}
	email := ""
	if emailDue {
		// The e-mail owed from now on (owed_at: the sweeper's query).
		email = `, email_status = 'pending', email_attempts = 0, email_error = '', email_sent_at = NULL, owed_at = :at`
	}
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations
		SET status = 'completed', results = :report, completed_at = :at`+email+`
		WHERE id = :id AND `+unfinished, sql.Named("report", report), sql.Named("at", toMicros(at)), sql.Named("id", id))
	first, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: complete %s: %w", id, err)
	}
	return first, nil
}

// Fail marks the optimization failed with reason, once.
func (s *Store) Fail(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	if err := checkReason(reason); err != nil {
		return false, fmt.Errorf("sqlite: fail %s: %w", id, err)
	}
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations
		SET status = 'failed', failure_reason = ?, completed_at = ?
		WHERE id = ? AND `+unfinished, reason, toMicros(at), id)
	first, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: fail %s: %w", id, err)
	}
	return first, nil
}

// FailUnpaid marks an unpaid optimization failed with reason, once; the
// paid_at condition is part of the same UPDATE, so a payment committed
// first always wins.
func (s *Store) FailUnpaid(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	if err := checkReason(reason); err != nil {
		return false, fmt.Errorf("sqlite: fail unpaid %s: %w", id, err)
	}
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations
		SET status = 'failed', failure_reason = ?, completed_at = ?
		WHERE id = ? AND paid_at IS NULL AND `+unfinished, reason, toMicros(at), id)
	first, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: fail unpaid %s: %w", id, err)
	}
	return first, nil
}

// The existence checks applied uses; the table and column are fixed here,
// never taken from input.
const (
	existsOptimization = `SELECT EXISTS (SELECT 1 FROM optimizations WHERE id = ?)`
	existsJob          = `SELECT EXISTS (SELECT 1 FROM jobs WHERE name = ?)`
)

// applied reads the outcome of a conditional UPDATE of one row (key): one
// row affected means it applied. None means the condition did not hold
// (already finished, a stale attempt) or there is no such row
// (domain.ErrNotFound); the exists query tells those apart. That read needs
// no transaction: only an unpaid order is ever deleted (DeleteUnpaid), and
// one deleted in between is rightly reported as not found.
func (s *Store) applied(ctx context.Context, res sql.Result, err error, exists, key string) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n > 0 {
		return true, nil
	}
	var found bool
	if err := s.rd.QueryRowContext(ctx, exists, key).Scan(&found); err != nil {
		return false, err
	}
	if !found {
		return false, domain.ErrNotFound
	}
	return false, nil
}

// checkStage, checkReason and invalidReport are the argument checks; the
// errors are domain.CodeInvalid because they are the caller's mistake and
// retrying the same call cannot help.
func checkStage(stage domain.Stage) error {
	if !stage.Valid() {
		return &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("Unknown progress stage %q.", stage)}
	}
	return nil
}

func checkReason(reason string) error {
	if strings.TrimSpace(reason) == "" {
		return &domain.Error{Code: domain.CodeInvalid, Message: "A failed order needs a reason the host can read."}
	}
	return nil
}

// invalidReport explains why results cannot be stored as a report: err from
// resultsColumn, or none when results were empty or JSON null, which
// resultsColumn accepts (no report yet) but Complete must not.
func invalidReport(results json.RawMessage, err error) error {
	if err == nil {
		err = fmt.Errorf("results are empty (%.20q)", results)
	}
	return docrules.Refusal(err)
}

// SetPDF records the PDF's object key while the optimization is unfinished.
func (s *Store) SetPDF(ctx context.Context, id, path string) error {
	if strings.TrimSpace(path) == "" {
		return fmt.Errorf("sqlite: set pdf of %s: %w", id, domain.Errorf(domain.CodeInvalid, "The PDF's path is empty."))
	}
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations SET pdf_path = ? WHERE id = ? AND `+unfinished, path, id)
	if _, err := s.applied(ctx, res, err, existsOptimization, id); err != nil {
		return fmt.Errorf("sqlite: set pdf of %s: %w", id, err)
	}
	return nil
}

// UpdateEmailDelivery moves the report e-mail's state from from to d in
// one conditional UPDATE.
func (s *Store) UpdateEmailDelivery(ctx context.Context, id string, from, d domain.EmailDelivery) (bool, error) {
	if err := d.Validate(); err != nil {
		return false, fmt.Errorf("sqlite: set e-mail delivery of %s: %w", id, err)
	}
	res, err := s.db.ExecContext(ctx, `UPDATE optimizations
		SET email_status = ?, email_attempts = ?, email_error = ?, email_sent_at = ?
		WHERE id = ? AND email_status = ? AND email_attempts = ?`,
		string(d.Status), d.Attempts, d.LastError, nullMicros(d.SentAt), id, string(from.Status), from.Attempts)
	applied, err := s.applied(ctx, res, err, existsOptimization, id)
	if err != nil {
		return false, fmt.Errorf("sqlite: set e-mail delivery of %s: %w", id, err)
	}
	return applied, nil
}

package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

const optimizationColumns = `id, customer_uid, customer_email, listing_url, listing_title,
	listing_description, plan_type, amount, status, created_at, completed_at, results,
	stripe_session_id, paid_at, stage, failure_reason,
	pdf_path, email_status, email_attempts, email_error, email_sent_at, requeues, requeued_at,
	checkout_url, checkout_expires_at, refund, upgrade, typed_details, recheck_of, rechecks, share,
	last_sent_at, last_job, withdrawn_at,
	pdf_due, owed_at, owed_requeues, watch`

// execer is what *sql.DB and *sql.Tx have in common.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// insertOptimization writes o, whose results column is results, as a new row.
func insertOptimization(ctx context.Context, db execer, o domain.Optimization, results any) error {
	_, err := db.ExecContext(ctx, `INSERT INTO optimizations (`+optimizationColumns+`, watch_due_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.ID, o.CustomerUID, o.CustomerEmail, o.ListingURL, o.ListingTitle,
		o.ListingDescription, string(o.PlanType), o.Amount, string(o.Status),
		toMicros(o.CreatedAt), nullMicros(o.CompletedAt), results, o.StripeSessionID,
		nullMicros(o.PaidAt), string(o.Stage), o.FailureReason,
		o.PDFPath, string(o.Email.Status), o.Email.Attempts, o.Email.LastError, nullMicros(o.Email.SentAt),
		o.Requeues, nullMicros(o.RequeuedAt),
		o.CheckoutURL, nullMicros(o.CheckoutExpiresAt), jsonColumn(o.Refund), jsonColumn(o.Upgrade), o.TypedDetails,
		o.RecheckOf, o.Rechecks, jsonColumn(o.Share),
		nullMicros(o.LastSentAt), o.LastJob, nullMicros(o.WithdrawnAt),
		o.PDFDue, nullMicros(o.OwedAt), o.OwedRequeues, watchColumn(o.Watch), nullMicros(store.WatchDueAt(o.Watch)))
	return err
}

// AddOptimization stores o under a new id. The customer must exist (foreign
// key), and a non-empty stripeSessionId must not belong to another
// optimization (unique index; reported as domain.CodeConflict).
func (s *Store) AddOptimization(ctx context.Context, o domain.Optimization) (*domain.Optimization, error) {
	o.ID = domain.NewID()
	results, err := resultsColumn(o.Results)
	if err != nil {
		return nil, fmt.Errorf("sqlite: add optimization for %s: %w", o.CustomerUID, docrules.Refusal(err))
	}
	if err := store.CheckWatchFits(&o); err != nil {
		return nil, fmt.Errorf("sqlite: add optimization for %s: %w", o.CustomerUID, err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: add optimization for %s: %w", o.CustomerUID, err)
	}
	defer tx.Rollback()
	if err := refuseDeleted(ctx, tx, o.CustomerUID); err != nil {
		return nil, fmt.Errorf("sqlite: add optimization: %w", err)
	}
	err = insertOptimization(ctx, tx, o, results)
	if err == nil {
		err = tx.Commit()
	}
	switch {
	case isForeignKey(err):
		return nil, fmt.Errorf("sqlite: add optimization: customer %s does not exist: %w", o.CustomerUID, err)
	case isUnique(err):
		return nil, fmt.Errorf("sqlite: add optimization for %s: %w", o.CustomerUID, &domain.Error{
			Code:    domain.CodeConflict,
			Message: "This checkout session is already recorded.",
			Err:     err,
		})
	case err != nil:
		return nil, fmt.Errorf("sqlite: add optimization for %s: %w", o.CustomerUID, err)
	}
	// Hand back what a read would return: stored results, UTC microseconds.
	o.Results = nil
	if results.Valid {
		o.Results = json.RawMessage(results.String)
	}
	o.CreatedAt = fromMicros(toMicros(o.CreatedAt))
	o.CompletedAt, o.PaidAt, o.Email.SentAt = roundTrip(o.CompletedAt), roundTrip(o.PaidAt), roundTrip(o.Email.SentAt)
	o.CheckoutExpiresAt = roundTrip(o.CheckoutExpiresAt)
	o.LastSentAt, o.WithdrawnAt = roundTrip(o.LastSentAt), roundTrip(o.WithdrawnAt)
	o.OwedAt = roundTrip(o.OwedAt)
	o.Watch = roundTripWatch(o.Watch)
	return &o, nil
}

// GetOptimization returns the optimization id, or domain.ErrNotFound.
func (s *Store) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	if !domain.ValidKey(id) { // as Firestore's adapter: never a document id we issue
		return nil, fmt.Errorf("sqlite: get optimization %q: %w", id, domain.ErrNotFound)
	}
	row := s.rd.QueryRowContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations WHERE id = ?`, id)
	o, err := scanOptimization(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: get optimization %s: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: get optimization %s: %w", id, err)
	}
	return o, nil
}

// bySession finds an order by its checkout session or its upgrade's, each
// half through its own index (the success page asks every 2 s): the first
// says stripe_session_id <> ” so that the partial unique index serves it,
// the second is the expression index of migration 0008, to the letter.
const bySession = `WHERE (stripe_session_id = ? AND stripe_session_id <> '') OR json_extract(upgrade, '$.sessionId') = ? LIMIT 1`

// FindOptimizationBySession returns the optimization paid through Stripe
// Checkout Session sessionID, or domain.ErrNotFound. The empty id means
// "no session" and never matches.
func (s *Store) FindOptimizationBySession(ctx context.Context, sessionID string) (*domain.Optimization, error) {
	if !domain.ValidKey(sessionID) {
		return nil, fmt.Errorf("sqlite: find optimization by session %q: %w", sessionID, domain.ErrNotFound)
	}
	row := s.rd.QueryRowContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations `+bySession, sessionID, sessionID)
	o, err := scanOptimization(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: find optimization by session %s: %w", sessionID, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: find optimization by session %s: %w", sessionID, err)
	}
	return o, nil
}

// The dashboard's two queries, prepared once (the dashboard is the
// busiest read: parsing them on every call was most of its CPU).
const (
	countQuery = `SELECT count(*) FROM optimizations WHERE customer_uid = ?`
	pageQuery  = `FROM optimizations WHERE customer_uid = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`
)

// summaryColumns are optimizationColumns with the report and the listing
// description left out (the dashboard's rows show neither).
var summaryColumns = strings.NewReplacer("listing_description,", "'' AS listing_description,", " results,", " NULL AS results,").Replace(optimizationColumns)

// scoreColumns are summaryColumns with, as results, the report's
// store.ReportScoreFields alone (json_object('overall_score',
// json_extract(results, '$.overall_score'), …): null where the report has
// none).
var scoreColumns = func() string {
	var pairs []string
	for _, f := range store.ReportScoreFields {
		pairs = append(pairs, fmt.Sprintf("'%s', json_extract(results, '$.%s')", f, f))
	}
	return strings.NewReplacer("listing_description,", "'' AS listing_description,",
		" results,", " json_object("+strings.Join(pairs, ", ")+") AS results,").Replace(optimizationColumns)
}()

// ListReportScores reads the customer's newest limit optimizations (the
// dashboard's index on customer_uid, created_at) and keeps the completed.
func (s *Store) ListReportScores(ctx context.Context, customerUID string, limit int) ([]domain.Optimization, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+scoreColumns+` FROM (SELECT * FROM optimizations
		WHERE customer_uid = ? ORDER BY created_at DESC, id DESC LIMIT ?) WHERE status = ? ORDER BY created_at DESC, id DESC`,
		customerUID, limit, string(domain.StatusCompleted))
	if err != nil {
		return nil, fmt.Errorf("sqlite: report scores of %s: %w", customerUID, err)
	}
	defer rows.Close()
	out := []domain.Optimization{}
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: report scores of %s: %w", customerUID, err)
		}
		out = append(out, *o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: report scores of %s: %w", customerUID, err)
	}
	return out, nil
}

// ListOptimizations returns page (1-based; below 1 means 1) of the
// customer's optimizations, newest first with id as the tie-break, and the
// customer's total: keyset paging after a cursor, else OFFSET.
func (s *Store) ListOptimizations(ctx context.Context, customerUID string, page int, after *domain.PageCursor) (*domain.OptimizationPage, error) {
	page = max(page, 1)
	p := &domain.OptimizationPage{Items: []domain.Optimization{}, Page: page, PageSize: domain.PageSize}

	// One read transaction, so the total and the page see the same snapshot.
	tx, err := s.rd.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("sqlite: list optimizations of %s: %w", customerUID, err)
	}
	defer tx.Rollback() // read-only: nothing to commit

	if err := tx.StmtContext(ctx, s.countStmt).QueryRowContext(ctx, customerUID).Scan(&p.Total); err != nil {
		return nil, fmt.Errorf("sqlite: count optimizations of %s: %w", customerUID, err)
	}
	var rows *sql.Rows
	if after != nil {
		at := toMicros(after.CreatedAt)
		rows, err = tx.QueryContext(ctx, `SELECT `+summaryColumns+` FROM optimizations
			WHERE customer_uid = ? AND (created_at < ? OR (created_at = ? AND id < ?))
			ORDER BY created_at DESC, id DESC
			LIMIT ?`,
			customerUID, at, at, after.ID, domain.PageSize)
	} else {
		skip := (page - 1) * domain.PageSize
		p.Read = min(skip, p.Total) // OFFSET steps over these rows
		rows, err = tx.StmtContext(ctx, s.pageStmt).QueryContext(ctx, customerUID, domain.PageSize, skip)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: list optimizations of %s: %w", customerUID, err)
	}
	defer rows.Close()
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list optimizations of %s: %w", customerUID, err)
		}
		p.Items = append(p.Items, *o)
		p.Read++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list optimizations of %s: %w", customerUID, err)
	}
	p.SetNext()
	return p, nil
}

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

func scanOptimization(row scanner) (*domain.Optimization, error) {
	var (
		o         domain.Optimization
		plan      string
		status    string
		created   int64
		completed sql.NullInt64
		paid      sql.NullInt64
		results   sql.NullString
		emailSent sql.NullInt64
		emailStat string
		requeued  sql.NullInt64
		coExpires sql.NullInt64
		refund    sql.NullString
		upgrade   sql.NullString
		share     sql.NullString
		lastSent  sql.NullInt64
		withdrawn sql.NullInt64
		owed      sql.NullInt64
		watch     sql.NullString
	)
	if err := row.Scan(&o.ID, &o.CustomerUID, &o.CustomerEmail, &o.ListingURL, &o.ListingTitle,
		&o.ListingDescription, &plan, &o.Amount, &status, &created, &completed, &results,
		&o.StripeSessionID, &paid, &o.Stage, &o.FailureReason,
		&o.PDFPath, &emailStat, &o.Email.Attempts, &o.Email.LastError, &emailSent, &o.Requeues, &requeued,
		&o.CheckoutURL, &coExpires, &refund, &upgrade, &o.TypedDetails, &o.RecheckOf, &o.Rechecks, &share,
		&lastSent, &o.LastJob, &withdrawn,

		&o.PDFDue, &owed, &o.OwedRequeues, &watch); err != nil {
		return nil, err
	}
	o.CheckoutExpiresAt = timeOrNil(coExpires)
	if err := fromJSONColumn(refund, &o.Refund); err != nil {
		return nil, fmt.Errorf("refund of %s: %w", o.ID, err)
	}
	if err := fromJSONColumn(upgrade, &o.Upgrade); err != nil {
		return nil, fmt.Errorf("upgrade of %s: %w", o.ID, err)
	}
	if err := fromJSONColumn(share, &o.Share); err != nil {
		return nil, fmt.Errorf("share of %s: %w", o.ID, err)
	}
	if err := fromJSONColumn(watch, &o.Watch); err != nil {
		return nil, fmt.Errorf("watch of %s: %w", o.ID, err)
	}
	o.PlanType, o.Status, o.CreatedAt = domain.Plan(plan), domain.Status(status), fromMicros(created)
	o.CompletedAt, o.PaidAt = timeOrNil(completed), timeOrNil(paid)
	o.Email.Status, o.Email.SentAt = domain.DeliveryStatus(emailStat), timeOrNil(emailSent)
	o.RequeuedAt = timeOrNil(requeued)
	o.LastSentAt, o.WithdrawnAt = timeOrNil(lastSent), timeOrNil(withdrawn)
	o.OwedAt = timeOrNil(owed)
	if results.Valid {
		o.Results = json.RawMessage(results.String)
	}
	return &o, nil
}

// resultsColumn is the stored form of a report: a JSON object as compact
// text, or NULL when there is none yet (empty or JSON null). Firestore keeps
// the report as a map, so both stores accept only what Firestore would
// (docrules: objects, no nested arrays, depth and size limits).
func resultsColumn(r json.RawMessage) (sql.NullString, error) {
	trimmed := bytes.TrimSpace(r)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return sql.NullString{}, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, trimmed); err != nil {
		return sql.NullString{}, fmt.Errorf("results are not valid JSON: %w", err)
	}
	if trimmed[0] != '{' {
		return sql.NullString{}, fmt.Errorf("results must be a JSON object, not %.20s", trimmed)
	}
	if _, err := docrules.CheckReport(trimmed); err != nil {
		return sql.NullString{}, err
	}
	return sql.NullString{String: buf.String(), Valid: true}, nil
}

// jsonColumn is an optional record (a pointer) as nullable JSON text.
func jsonColumn[T any](v *T) sql.NullString {
	if v == nil {
		return sql.NullString{}
	}
	b, err := json.Marshal(v)
	if err != nil { // plain structs of strings, numbers and times: cannot fail
		panic(fmt.Sprintf("sqlite: encode %T: %v", v, err))
	}
	return sql.NullString{String: string(b), Valid: true}
}

// fromJSONColumn reads a jsonColumn back; NULL is nil. Times come back in
// UTC at microsecond precision, as every other time column does.
func fromJSONColumn[T any](c sql.NullString, dst **T) error {
	*dst = nil
	if !c.Valid {
		return nil
	}
	var v T
	if err := json.Unmarshal([]byte(c.String), &v); err != nil {
		return err
	}
	*dst = &v
	return nil
}

// nullMicros is an optional time as a nullable column.
func nullMicros(t *time.Time) sql.NullInt64 {
	if t == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: toMicros(*t), Valid: true}
}

// timeOrNil is a nullable time column as an optional time.
func timeOrNil(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromMicros(v.Int64)
	return &t
}

// roundTrip gives an optional time the precision a read returns.
func roundTrip(t *time.Time) *time.Time { return timeOrNil(nullMicros(t)) }

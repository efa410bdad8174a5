package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// DueWatches reads the partial index optimizations_due_watches (migration
// 0014) alone: watch_due_at is NULL unless the watch is active
// (store.WatchDueAt), so a paused, stopped or ended watch is never read,
// and the index holds both columns asked for. Keyset paging after (due,
// id): a page starts where the last one ended whatever was added before it.
func (s *Store) DueWatches(ctx context.Context, before time.Time, after *domain.WatchDue, limit int) ([]domain.WatchDue, error) {
	if limit < 1 { // no page asked for: none, whatever a negative LIMIT means to SQLite
		return []domain.WatchDue{}, nil
	}
	var (
		rows *sql.Rows
		err  error
	)
	if after == nil {
		rows, err = s.rd.QueryContext(ctx, `SELECT id, watch_due_at FROM optimizations
			WHERE watch_due_at IS NOT NULL AND watch_due_at <= ?
			ORDER BY watch_due_at, id LIMIT ?`, toMicros(before), limit)
	} else {
		at := toMicros(after.DueAt)
		rows, err = s.rd.QueryContext(ctx, dueAfterQuery, toMicros(before), at, at, after.ID, limit)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: due watches: %w", err)
	}
	defer rows.Close()
	out := []domain.WatchDue{}
	for rows.Next() {
		var (
			d   domain.WatchDue
			due int64
		)
		if err := rows.Scan(&d.ID, &due); err != nil {
			return nil, fmt.Errorf("sqlite: due watches: %w", err)
		}
		d.DueAt = fromMicros(due)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: due watches: %w", err)
	}
	return out, nil
}

// dueAfterQuery is DueWatches' page after a cursor (before, then the
// cursor's due time twice and id).
const dueAfterQuery = `SELECT id, watch_due_at FROM optimizations
	WHERE watch_due_at IS NOT NULL AND watch_due_at <= ?
	AND (watch_due_at > ? OR (watch_due_at = ? AND id > ?))
	ORDER BY watch_due_at, id LIMIT ?`

// watchColumn is a watch as stored: JSON with its times in UTC at
// microsecond precision (as every time column, and as Firestore keeps
// them), NULL for none.
func watchColumn(w *domain.Watch) sql.NullString { return jsonColumn(roundTripWatch(w)) }

// roundTripWatch is w as a read returns it: a copy through its stored
// JSON (what encoding leaves out comes back empty), times in UTC at
// microsecond precision.
func roundTripWatch(w *domain.Watch) *domain.Watch {
	if w == nil {
		return nil
	}
	b, err := json.Marshal(w)
	if err != nil { // plain structs of strings, numbers and times: cannot fail
		panic(fmt.Sprintf("sqlite: encode a watch: %v", err))
	}
	var c domain.Watch
	if err := json.Unmarshal(b, &c); err != nil {
		panic(fmt.Sprintf("sqlite: decode a watch: %v", err))
	}
	micro := func(t *time.Time) { *t = fromMicros(toMicros(*t)) }
	micro(&c.StartedAt)
	c.DueAt, c.PausedAt, c.StoppedAt = roundTrip(c.DueAt), roundTrip(c.PausedAt), roundTrip(c.StoppedAt)
	for i := range c.Checks {
		micro(&c.Checks[i].CheckedAt)
		c.Checks[i].MailedAt = roundTrip(c.Checks[i].MailedAt)
	}
	return &c
}

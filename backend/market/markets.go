package market

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Market describes one imported market snapshot.
type Market struct {
	Name     string `json:"name"`
	Snapshot string `json:"snapshot"` // YYYY-MM-DD
	// Currency of its prices (ISO 4217): not stored, decided from where
	// its listings lie (CurrencyFor), so a file built before it existed
	// says it too.
	Currency     string    `json:"currency"`
	Bounds       Bounds    `json:"bounds"`
	Listings     int       `json:"listings"`
	CalendarDays int       `json:"calendar_days"`
	Reviews      int       `json:"reviews"`
	ImportedAt   time.Time `json:"imported_at"`
}

// Bounds is the bounding box of a market's listings, in degrees.
type Bounds struct {
	MinLat float64 `json:"min_lat"`
	MinLng float64 `json:"min_lng"`
	MaxLat float64 `json:"max_lat"`
	MaxLng float64 `json:"max_lng"`
}

func (b *Bounds) add(lat, lng float64) {
	b.MinLat, b.MaxLat = math.Min(b.MinLat, lat), math.Max(b.MaxLat, lat)
	b.MinLng, b.MaxLng = math.Min(b.MinLng, lng), math.Max(b.MaxLng, lng)
}

// Markets lists the imported markets by name.
func (db *DB) Markets(ctx context.Context) ([]Market, error) {
	ms, err := db.markets(ctx)
	if err != nil {
		return nil, fmt.Errorf("market: markets: %w", err)
	}
	return ms, nil
}

// markets reads every published market, with its row id for the queries.
func (db *DB) markets(ctx context.Context) ([]Market, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT name, snapshot, min_lat, min_lng, max_lat, max_lng,
		listing_count, calendar_count, review_count, imported_at
		FROM markets WHERE ready = 1 ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ms := []Market{}
	for rows.Next() {
		var m Market
		var importedAt int64
		if err := rows.Scan(&m.Name, &m.Snapshot, &m.Bounds.MinLat, &m.Bounds.MinLng, &m.Bounds.MaxLat,
			&m.Bounds.MaxLng, &m.Listings, &m.CalendarDays, &m.Reviews, &importedAt); err != nil {
			return nil, err
		}
		m.ImportedAt = time.UnixMicro(importedAt).UTC()
		m.Currency = CurrencyFor(m.Name, m.Bounds)
		ms = append(ms, m)
	}
	return ms, rows.Err()
}

// stage creates the not-yet-visible market an import writes under.
func (db *DB) stage(ctx context.Context, name, source string) (int64, error) {
	var id int64
	err := db.sql.QueryRowContext(ctx,
		`INSERT INTO markets (name, snapshot, source, imported_at) VALUES (?, '', ?, ?) RETURNING id`,
		name, source, time.Now().UnixMicro(),
	).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("stage market: %w", err)
	}
	return id, nil
}

// unstage drops a staged market and, by cascade, its rows.
func (db *DB) unstage(ctx context.Context, id int64) error {
	if _, err := db.sql.ExecContext(ctx, `DELETE FROM markets WHERE id = ? AND ready = 0`, id); err != nil {
		return fmt.Errorf("drop staged market: %w", err)
	}
	return nil
}

// publish makes staged market id visible as m in one transaction: the
// market of the same name it replaces, and anything a crashed import of
// that name left behind, go in the same commit, so readers see either the
// old snapshot or the new one, never both or neither.
func (db *DB) publish(ctx context.Context, id int64, m Market) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	defer tx.Rollback() // no-op after Commit
	if _, err := tx.ExecContext(ctx, `DELETE FROM markets WHERE name = ? AND id <> ?`, m.Name, id); err != nil {
		return fmt.Errorf("publish: drop replaced market: %w", err)
	}
	// The name is set here: an import decides it (writtenName) only once
	// its listings say where the market is.
	res, err := tx.ExecContext(ctx, `UPDATE markets SET ready = 1, name = ?, snapshot = ?,
		min_lat = ?, min_lng = ?, max_lat = ?, max_lng = ?,
		listing_count = ?, calendar_count = ?, review_count = ?
		WHERE id = ? AND ready = 0`,
		m.Name, m.Snapshot, m.Bounds.MinLat, m.Bounds.MinLng, m.Bounds.MaxLat, m.Bounds.MaxLng,
		m.Listings, m.CalendarDays, m.Reviews, id)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		// Another import of the same name published first and dropped ours.
		return fmt.Errorf("publish: staged market %d is gone (a concurrent import of %q?)", id, m.Name)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("publish: commit: %w", err)
	}
	// Keep the planner's statistics current for the new rows. Best effort:
	// the data is already published and queries work without it.
	_, _ = db.sql.ExecContext(ctx, `PRAGMA optimize`)
	return nil
}

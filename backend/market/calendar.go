package market

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// CalendarMonth sums one calendar month of a set of listings' calendars.
//
// Inside Airbnb's calendar says, per listing and night, whether the night
// could still be booked when the snapshot was taken ("available" t or f).
// A night that is not available is booked or blocked by the host; the file
// does not tell the two apart, so neither does this.
type CalendarMonth struct {
	Month string `json:"month"` // YYYY-MM
	// First and Last are the first and last calendar dates in the month
	// (a snapshot's calendar starts and ends mid-month).
	First string `json:"first"`
	Last  string `json:"last"`
	// Listings is how many of the listings have at least one night in the
	// month; Nights counts listing-nights, Unavailable those not available
	// (booked or blocked), Priced those with a listed price.
	Listings    int `json:"listings"`
	Nights      int `json:"nights"`
	Unavailable int `json:"unavailable"`
	Priced      int `json:"priced"`
	// MedianPrice is the median, over the PricedListings listings that
	// list a price in the month, of each one's average listed nightly
	// price that month (each listing counts once, however many nights it
	// prices); 0 when no night has a price, as in every 2025 snapshot.
	MedianPrice    float64 `json:"median_price,omitempty"`
	PricedListings int     `json:"priced_listings,omitempty"`
}

// CalendarMonths sums, month by month, the calendars of the listings with
// Airbnb ids ids in the market named marketName as of snapshot (the
// Comparables answer names both). Ids not in that market are ignored; a
// market with that name and snapshot that is not (or no longer) published
// is ErrNoMarket. Months come in date order; a month none of the listings
// has a night in is absent.
//
// It reads the per-listing monthly sums the import keeps in calendar_months
// (about 13 rows a listing, found by primary key), not the raw calendar.
func (db *DB) CalendarMonths(ctx context.Context, marketName, snapshot string, ids []string) ([]CalendarMonth, error) {
	var marketID int64
	err := db.sql.QueryRowContext(ctx, `SELECT id FROM markets WHERE ready = 1 AND name = ? AND snapshot = ?`,
		marketName, snapshot).Scan(&marketID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("market: calendar months: %w", ErrNoMarket)
	}
	if err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	nums := make([]int64, 0, len(ids))
	for _, id := range ids {
		if n, ok := parseID(id); ok {
			nums = append(nums, n)
		}
	}
	months := []CalendarMonth{}
	slices.Sort(nums)
	nums = slices.Compact(nums) // a repeated id must not count twice
	if len(nums) == 0 {
		return months, nil
	}
	// One JSON array parameter instead of one placeholder per id: a big
	// city's comparables can outnumber SQLite's parameter limit.
	idList, err := json.Marshal(nums)
	if err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT cm.month, MIN(cm.first), MAX(cm.last), COUNT(*), SUM(cm.nights), SUM(cm.unavailable), SUM(cm.priced)
		FROM `+selectedMonths+`
		GROUP BY cm.month
		ORDER BY cm.month`, marketID, string(idList))
	if err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	defer rows.Close()
	priced := false
	for rows.Next() {
		var m CalendarMonth
		if err := rows.Scan(&m.Month, &m.First, &m.Last, &m.Listings, &m.Nights, &m.Unavailable, &m.Priced); err != nil {
			return nil, fmt.Errorf("market: calendar months: %w", err)
		}
		priced = priced || m.Priced > 0
		months = append(months, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	if !priced {
		return months, nil
	}
	medians, err := db.medianMonthlyPrices(ctx, marketID, string(idList))
	if err != nil {
		return nil, fmt.Errorf("market: calendar months: %w", err)
	}
	for i := range months {
		months[i].MedianPrice, months[i].PricedListings = medians[months[i].Month].median, medians[months[i].Month].listings
	}
	return months, nil
}

// selectedMonths joins the Airbnb ids in the JSON array ?2 to their rows
// in market ?1 (index listings_id_market) and those to their months
// (calendar_months' primary key). EXPLAIN QUERY PLAN: a scan of json_each,
// then a SEARCH on each index; only the month rows are grouped. CROSS JOIN
// fixes that order: on a small market the planner would otherwise scan all
// of its listings instead, which on a big one reads thousands.
const selectedMonths = `json_each(?2) j
		CROSS JOIN listings l ON l.id = j.value AND l.market_id = ?1
		CROSS JOIN calendar_months cm ON cm.listing_ref = l.ref`

type monthPrice struct {
	median   float64
	listings int
}

// medianMonthlyPrices is, per month, the median over the listings that
// list a price that month of each one's average listed nightly price (type
// 7: the mean of the two middle values for an even count), ranked in SQL.
func (db *DB) medianMonthlyPrices(ctx context.Context, marketID int64, idList string) (map[string]monthPrice, error) {
	rows, err := db.sql.QueryContext(ctx, `WITH ranked AS (
		SELECT cm.month, cm.price_sum / cm.priced AS price,
		       ROW_NUMBER() OVER (PARTITION BY cm.month ORDER BY cm.price_sum / cm.priced) AS rn,
		       COUNT(*) OVER (PARTITION BY cm.month) AS n
		FROM `+selectedMonths+`
		WHERE cm.priced > 0
	)
	SELECT month, AVG(price), MAX(n) FROM ranked
	WHERE rn IN ((n + 1) / 2, n / 2 + 1)
	GROUP BY month`, marketID, idList)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]monthPrice{}
	for rows.Next() {
		var month string
		var p monthPrice
		if err := rows.Scan(&month, &p.median, &p.listings); err != nil {
			return nil, err
		}
		out[month] = p
	}
	return out, rows.Err()
}

// summarizeCalendar fills calendar_months for the listings of market id
// from their calendar rows. The import calls it once the calendar is in.
func (db *DB) summarizeCalendar(ctx context.Context, marketID int64) error {
	_, err := db.sql.ExecContext(ctx, `
INSERT INTO calendar_months (listing_ref, month, first, last, nights, unavailable, priced, price_sum)
SELECT c.listing_ref, substr(c.date, 1, 7), MIN(c.date), MAX(c.date), COUNT(*), SUM(c.available = 0), COUNT(c.price), SUM(c.price)
FROM calendar c
WHERE c.listing_ref IN (SELECT ref FROM listings WHERE market_id = ?)
GROUP BY c.listing_ref, substr(c.date, 1, 7)`, marketID)
	if err != nil {
		return fmt.Errorf("summarize calendar by month: %w", err)
	}
	return nil
}

// CalendarPrices says whether a market's calendars carry real nightly
// prices or one flat price per listing. Some snapshots (Antwerp's of June
// 2024) repeat each listing's price on every night of the year: such a
// calendar cannot show weekend or seasonal pricing, and reading it as the
// host's choice would turn an artefact of the data into advice.
type CalendarPrices struct {
	// Priced is how many of the market's listings have a calendar with at
	// least one listed price; Varying how many of those list more than one
	// price over the calendar.
	Priced  int `json:"priced"`
	Varying int `json:"varying"`
}

// Flat reports calendars with prices, none of which varies: every price in
// the snapshot's calendar is its listing's one flat price.
func (p CalendarPrices) Flat() bool { return p.Priced > 0 && p.Varying == 0 }

// CalendarPrices counts, over the whole market named marketName as of
// snapshot, the listings whose calendars list prices and those whose
// prices vary. A market that is not published is ErrNoMarket. The answer
// is kept per market: its calendar does not change once published.
func (db *DB) CalendarPrices(ctx context.Context, marketName, snapshot string) (CalendarPrices, error) {
	var marketID int64
	err := db.sql.QueryRowContext(ctx, `SELECT id FROM markets WHERE ready = 1 AND name = ? AND snapshot = ?`,
		marketName, snapshot).Scan(&marketID)
	if errors.Is(err, sql.ErrNoRows) {
		return CalendarPrices{}, fmt.Errorf("market: calendar prices: %w", ErrNoMarket)
	}
	if err != nil {
		return CalendarPrices{}, fmt.Errorf("market: calendar prices: %w", err)
	}
	if v, ok := db.prices.Load(marketID); ok {
		return v.(CalendarPrices), nil
	}
	var p CalendarPrices
	// Each listing's calendar is read in primary-key order; MIN and MAX
	// skip nights without a price.
	err = db.sql.QueryRowContext(ctx, `SELECT COUNT(*), IFNULL(SUM(lo < hi), 0) FROM (
		SELECT MIN(c.price) AS lo, MAX(c.price) AS hi
		FROM listings l JOIN calendar c ON c.listing_ref = l.ref
		WHERE l.market_id = ? AND c.price IS NOT NULL
		GROUP BY l.ref)`, marketID).Scan(&p.Priced, &p.Varying)
	if err != nil {
		return CalendarPrices{}, fmt.Errorf("market: calendar prices: %w", err)
	}
	db.prices.Store(marketID, p)
	return p, nil
}

package market

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// ErrNoMarket means no imported market covers a point. Reports say so
// ("We have no market data for this area yet.") instead of comparing the
// listing with somewhere else. Test with errors.Is.
var ErrNoMarket = &domain.Error{Code: domain.CodeNotFound, Message: "We have no market data for this area yet."}

// CoverageMarginKm is how far outside the bounding box of its listings a
// market still covers a point: a listing just past the city line belongs to
// the city's market, one farther out is somewhere we have no data for.
const CoverageMarginKm = 5.0

// Defaults for Query.
const (
	DefaultBedroomSlack = 1
	DefaultRadiusKm     = 15.0
)

// earthRadiusKm is the mean Earth radius haversine distances use.
const earthRadiusKm = 6371.0088

// Comparables returns the listings comparable to q in the market covering
// (q.Lat, q.Lng), nearest first; ErrNoMarket when no market covers it. An
// empty Listings means the market covers the point but nothing matches.
func (db *DB) Comparables(ctx context.Context, q Query) (*Comparables, error) {
	q, err := q.normalized()
	if err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	}
	marketID, m, err := db.covering(ctx, q.Lat, q.Lng)
	if err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	}
	minBeds, maxBeds := max(q.Bedrooms-q.BedroomSlack, 0), q.Bedrooms+q.BedroomSlack
	box := around(q.Lat, q.Lng, q.RadiusKm)
	exclude, _ := parseID(q.ExcludeID) // 0 when not an Airbnb id: excludes nothing
	c := &Comparables{
		Market: m.Name, Snapshot: m.Snapshot, Currency: CurrencyFor(m.Name, m.Bounds), RadiusKm: q.RadiusKm, Listings: []Listing{},
		RoomType: q.RoomType, MinBedrooms: minBeds, MaxBedrooms: maxBeds, Basis: BasisBedrooms,
	}
	// Match on bedrooms when most of the market's listings have a count
	// (the detailed files' column; a summary file's names when they say
	// "2 bedrooms"). One or two summary names saying "Studio" must not
	// switch the filter on: it would keep only those few. Without bedroom
	// counts, on capacity if most listings have it and the listing's is
	// known, else on room type alone — and the basis says which.
	match, args := `AND l.bedrooms BETWEEN ? AND ?`, []any{minBeds, maxBeds}
	if most, err := db.marketMostlyHas(ctx, marketID, "bedrooms"); err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	} else if !most {
		c.MinBedrooms, c.MaxBedrooms = 0, 0
		match, args, c.Basis = "", nil, BasisRoomType
		if hasGuests, err := db.marketMostlyHas(ctx, marketID, "accommodates"); err != nil {
			return nil, fmt.Errorf("market: comparables: %w", err)
		} else if hasGuests && q.Guests > 0 {
			c.MinGuests, c.MaxGuests, c.Basis = max(q.Guests-1, 1), q.Guests+1, BasisGuests
			match, args = `AND l.accommodates BETWEEN ? AND ?`, []any{c.MinGuests, c.MaxGuests}
		}
	}
	// Facts most listings leave blank (a summary file's missing columns)
	// are not counted as "no".
	for _, fact := range []string{StatedSuperhost, StatedInstantBook} {
		if most, err := db.marketMostlyHas(ctx, marketID, fact); err != nil {
			return nil, fmt.Errorf("market: comparables: %w", err)
		} else if !most {
			c.Unstated = append(c.Unstated, fact)
		}
	}
	// The box narrows the search through listings_comparables; haversine
	// then trims the box's corners to the true radius.
	all := append([]any{marketID, q.RoomType, box.MinLat, box.MaxLat, box.MinLng, box.MaxLng}, args...)
	rows, err := db.sql.QueryContext(ctx, `SELECT `+listingSelect+` FROM listings l
		WHERE l.market_id = ? AND l.room_type = ?
		  AND l.lat BETWEEN ? AND ? AND l.lng BETWEEN ? AND ?
		  `+match+` AND l.id <> ?`, append(all, exclude)...)
	if err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	}
	defer rows.Close()
	var dest []any
	for rows.Next() {
		// Scan straight into the result; a listing in the box's corners,
		// beyond the radius, is dropped again.
		c.Listings = append(c.Listings, Listing{})
		l := &c.Listings[len(c.Listings)-1]
		if dest, err = scanListing(rows, l, dest); err != nil {
			return nil, fmt.Errorf("market: comparables: %w", err)
		}
		if l.DistanceKm = haversineKm(q.Lat, q.Lng, l.Lat, l.Lng); l.DistanceKm > q.RadiusKm {
			c.Listings = c.Listings[:len(c.Listings)-1]
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	}
	sort.Slice(c.Listings, func(i, j int) bool {
		a, b := c.Listings[i], c.Listings[j]
		if a.DistanceKm != b.DistanceKm {
			return a.DistanceKm < b.DistanceKm
		}
		return a.ID < b.ID
	})
	return c, nil
}

// marketMostlyHas reports whether most (more than half) of the market's
// listings have column (a fixed name from this file, never input) filled
// in: only then is matching on it fair to the market. The answer is kept:
// a published market's rows never change (a re-import is a new market,
// staged under a new id before the old one is dropped).
func (db *DB) marketMostlyHas(ctx context.Context, marketID int64, column string) (bool, error) {
	key := mostlyKey{marketID, column}
	if v, ok := db.mostly.Load(key); ok {
		return v.(bool), nil
	}
	var most bool
	err := db.sql.QueryRowContext(ctx, `SELECT 2 * count(`+column+`) > count(*) FROM listings WHERE market_id = ?`, marketID).Scan(&most)
	if err == nil {
		db.mostly.Store(key, most)
	}
	return most, err
}

type mostlyKey struct {
	market int64
	column string
}

// normalized validates q and fills in its defaults.
func (q Query) normalized() (Query, error) {
	if !validCoord(q.Lat, 90) || !validCoord(q.Lng, 180) {
		return q, domain.Errorf(domain.CodeInvalid, "The listing's map position is not valid.")
	}
	if q.RoomType = NormalizeRoomType(q.RoomType); q.RoomType == "" {
		return q, domain.Errorf(domain.CodeInvalid, "A room type is needed to find comparable listings.")
	}
	if q.Bedrooms < 0 {
		return q, domain.Errorf(domain.CodeInvalid, "The number of bedrooms cannot be negative.")
	}
	switch {
	case q.BedroomSlack == 0:
		q.BedroomSlack = DefaultBedroomSlack
	case q.BedroomSlack < 0:
		q.BedroomSlack = 0
	}
	if !(q.RadiusKm > 0) || math.IsInf(q.RadiusKm, 0) {
		q.RadiusKm = DefaultRadiusKm
	}
	return q, nil
}

func validCoord(v, limit float64) bool { return v >= -limit && v <= limit } // false for NaN

// covering returns the market covering a point: one whose box, grown by
// CoverageMarginKm, holds it. Where markets overlap, one whose own box holds
// the point wins, then the one whose centre is nearest, then the newest.
func (db *DB) covering(ctx context.Context, lat, lng float64) (int64, Market, error) {
	margin := around(lat, lng, CoverageMarginKm)
	dLat, dLng := margin.MaxLat-lat, margin.MaxLng-lng
	var id int64
	var m Market
	err := db.sql.QueryRowContext(ctx, `SELECT id, name, snapshot, min_lat, min_lng, max_lat, max_lng
		FROM markets
		WHERE ready = 1
		  AND ?1 BETWEEN min_lat - ?3 AND max_lat + ?3
		  AND ?2 BETWEEN min_lng - ?4 AND max_lng + ?4
		ORDER BY (?1 BETWEEN min_lat AND max_lat AND ?2 BETWEEN min_lng AND max_lng) DESC,
		  ((min_lat + max_lat) / 2 - ?1) * ((min_lat + max_lat) / 2 - ?1) +
		  ((min_lng + max_lng) / 2 - ?2) * ((min_lng + max_lng) / 2 - ?2),
		  snapshot DESC
		LIMIT 1`, lat, lng, dLat, dLng,
	).Scan(&id, &m.Name, &m.Snapshot, &m.Bounds.MinLat, &m.Bounds.MinLng, &m.Bounds.MaxLat, &m.Bounds.MaxLng)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, Market{}, ErrNoMarket
	}
	if err != nil {
		return 0, Market{}, err
	}
	return id, m, nil
}

// around returns the smallest latitude/longitude box holding every point
// within km of (lat, lng). The longitude half-width is that of the
// spherical cap, asin(sin r / cos lat), which is wider than r / cos lat:
// a circle reaches farthest east and west poleward of its centre. Near a
// pole the cap spans every longitude. It does not wrap at ±180° longitude:
// no Inside Airbnb market straddles it.
func around(lat, lng, km float64) Bounds {
	const deg = 180 / math.Pi
	r := km / earthRadiusKm // angular radius
	dLng := 180.0
	if s := math.Sin(r) / math.Cos(lat/deg); s < 1 {
		dLng = math.Asin(s) * deg
	}
	return Bounds{MinLat: lat - r*deg, MaxLat: lat + r*deg, MinLng: lng - dLng, MaxLng: lng + dLng}
}

// haversineKm is the great-circle distance between two points.
// DistanceKm is the great-circle distance between two points, in km, as
// Comparables measures it.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 { return haversineKm(lat1, lng1, lat2, lng2) }

func haversineKm(lat1, lng1, lat2, lng2 float64) float64 {
	const rad = math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthRadiusKm * math.Asin(math.Sqrt(math.Min(h, 1)))
}

// Listing returns the listing with Airbnb id id from the newest snapshot
// that has it, or an error wrapping domain.ErrNotFound.
func (db *DB) Listing(ctx context.Context, id string) (*Listing, error) {
	n, ok := parseID(id)
	if !ok {
		return nil, fmt.Errorf("market: listing %q: %w", id, domain.ErrNotFound)
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT `+listingSelect+` FROM listings l
		JOIN markets m ON m.id = l.market_id
		WHERE l.id = ? AND m.ready = 1
		ORDER BY m.snapshot DESC, m.id DESC LIMIT 1`, n)
	if err != nil {
		return nil, fmt.Errorf("market: listing %s: %w", id, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("market: listing %s: %w", id, err)
		}
		return nil, fmt.Errorf("market: listing %s: %w", id, domain.ErrNotFound)
	}
	var l Listing
	if _, err := scanListing(rows, &l, nil); err != nil {
		return nil, fmt.Errorf("market: listing %s: %w", id, err)
	}
	return &l, rows.Close()
}

// scanListing reads one row of listingSelect into l. dest is scratch space
// for the Scan destinations, returned for reuse on the next row.
func scanListing(rows *sql.Rows, l *Listing, dest []any) ([]any, error) {
	var id int64
	var amenities string
	dest = append(dest[:0], &id, &l.Lat, &l.Lng, &l.RoomType, &l.Baths, &amenities)
	for _, c := range listingColumns {
		dest = append(dest, c.field(l))
	}
	if err := rows.Scan(dest...); err != nil {
		return dest, err
	}
	l.ID = strconv.FormatInt(id, 10)
	var err error
	if l.Amenities, err = decodeStrings(amenities); err != nil {
		return dest, fmt.Errorf("listing %d: amenities: %w", id, err)
	}
	return dest, nil
}

// decodeStrings decodes a JSON array of strings. Amenities are stored as
// json.Marshal wrote them, and for that output unquoting each element with
// strconv is exact and several times faster than json.Unmarshal, which
// dominated the comparables query; anything else takes the slow path.
func decodeStrings(s string) ([]string, error) {
	out := make([]string, 0, strings.Count(s, `","`)+1) // a capacity hint
	rest, ok := strings.CutPrefix(s, "[")
	for ok && rest != "]" {
		if rest == "" || rest[0] != '"' {
			ok = false
			break
		}
		end := 1 // find the element's closing quote, stepping over escapes
		for end < len(rest) && rest[end] != '"' {
			if rest[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(rest) {
			ok = false
			break
		}
		v, err := strconv.Unquote(rest[:end+1])
		if err != nil {
			ok = false
			break
		}
		out = append(out, v)
		rest = rest[end+1:]
		if after, comma := strings.CutPrefix(rest, ","); comma {
			rest = after
		} else if rest != "]" {
			ok = false
		}
	}
	if ok {
		return out, nil
	}
	var slow []string
	if err := json.Unmarshal([]byte(s), &slow); err != nil {
		return nil, err
	}
	if slow == nil {
		slow = []string{}
	}
	return slow, nil
}

// ref finds the row of Airbnb listing id in the newest snapshot that has it.
func (db *DB) ref(ctx context.Context, id string) (int64, error) {
	n, ok := parseID(id)
	if !ok {
		return 0, domain.ErrNotFound
	}
	var ref int64
	err := db.sql.QueryRowContext(ctx, `SELECT l.ref FROM listings l
		JOIN markets m ON m.id = l.market_id
		WHERE l.id = ? AND m.ready = 1
		ORDER BY m.snapshot DESC, m.id DESC LIMIT 1`, n).Scan(&ref)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return ref, err
}

// Calendar returns the calendar of Airbnb listing id in date order, or an
// error wrapping domain.ErrNotFound when the listing is not in the data.
// Prices are per night in the snapshot's currency (nil when the file has
// none, as in every 2025 snapshot).
func (db *DB) Calendar(ctx context.Context, id string) ([]CalendarDay, error) {
	ref, err := db.ref(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("market: calendar %s: %w", id, err)
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT date, available, IFNULL(min_nights, 0), price
		FROM calendar WHERE listing_ref = ? ORDER BY date`, ref)
	if err != nil {
		return nil, fmt.Errorf("market: calendar %s: %w", id, err)
	}
	defer rows.Close()
	days := []CalendarDay{}
	for rows.Next() {
		var d CalendarDay
		var price sql.NullFloat64
		if err := rows.Scan(&d.Date, &d.Available, &d.MinNights, &price); err != nil {
			return nil, fmt.Errorf("market: calendar %s: %w", id, err)
		}
		if price.Valid {
			d.Price = &listing.Price{Amount: price.Float64, Period: "night"}
		}
		days = append(days, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("market: calendar %s: %w", id, err)
	}
	return days, nil
}

// Reviews returns up to limit reviews (all when limit ≤ 0) of Airbnb
// listing id, newest first, or an error wrapping domain.ErrNotFound when
// the listing is not in the data. Reviews carry no reviewer: none is stored.
func (db *DB) Reviews(ctx context.Context, id string, limit int) ([]Review, error) {
	ref, err := db.ref(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("market: reviews %s: %w", id, err)
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT date, text, language FROM reviews
		WHERE listing_ref = ? ORDER BY date DESC, rowid DESC LIMIT ?`, ref, limit)
	if err != nil {
		return nil, fmt.Errorf("market: reviews %s: %w", id, err)
	}
	defer rows.Close()
	reviews := []Review{}
	for rows.Next() {
		var r Review
		if err := rows.Scan(&r.Date, &r.Text, &r.Language); err != nil {
			return nil, fmt.Errorf("market: reviews %s: %w", id, err)
		}
		reviews = append(reviews, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("market: reviews %s: %w", id, err)
	}
	return reviews, nil
}

package marketfiles

import (
	"context"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/market"
)

// Markets answers the reports' market questions from the catalogued
// markets' files (report.Market and report.MarketCalendar, as *market.DB
// does for one file). It is safe for concurrent use.
//
// Comparables goes to the market covering the query's point (the
// catalog's boxes), downloading its file on first use. Listing, Calendar
// and Reviews look an Airbnb id up in the markets already opened — a
// listing's id alone does not say where it is — so a report should first
// name the listing's location with ListingAt, which opens the market
// covering it and looks there.
type Markets struct {
	catalog *market.Catalog
	cache   *cache
}

// New returns Markets over opts.Catalog's markets, kept in opts.Dir.
// Files a previous run left there are reused when their manifest still
// names them.
func New(opts Options) (*Markets, error) {
	if opts.Catalog == nil || opts.Blobs == nil {
		return nil, errors.New("marketfiles: a catalog and a blob store are needed")
	}
	c, err := newCache(opts)
	if err != nil {
		return nil, fmt.Errorf("marketfiles: cache %s: %w", opts.Dir, err)
	}
	return &Markets{catalog: opts.Catalog, cache: c}, nil
}

// Close closes the open market files (they stay on disk for the next run).
func (m *Markets) Close() error {
	if err := m.cache.close(); err != nil {
		return fmt.Errorf("marketfiles: close: %w", err)
	}
	return nil
}

// at returns the open file of the market covering a point, in use until
// released; market.ErrNoMarket when the catalog has none there or it was
// never refreshed.
func (m *Markets) at(ctx context.Context, lat, lng float64) (*file, error) {
	e, ok := m.catalog.Find(lat, lng)
	if !ok {
		return nil, market.ErrNoMarket
	}
	f, err := m.cache.acquire(ctx, e.Slug)
	if isNotFound(err) {
		// Catalogued but not refreshed yet: for the report, no data here.
		m.cache.log.Warn("a catalogued market has no snapshot in the blob store; run `listinglift market refresh`", "market", e.Slug)
		return nil, market.ErrNoMarket
	}
	return f, err
}

// Comparables answers q from the market covering (q.Lat, q.Lng);
// market.ErrNoMarket when none does.
func (m *Markets) Comparables(ctx context.Context, q market.Query) (*market.Comparables, error) {
	if !(q.Lat >= -90 && q.Lat <= 90 && q.Lng >= -180 && q.Lng <= 180) {
		return nil, fmt.Errorf("market: comparables: %w", domain.Errorf(domain.CodeInvalid, "The listing's map position is not valid."))
	}
	f, err := m.at(ctx, q.Lat, q.Lng)
	if err != nil {
		return nil, fmt.Errorf("market: comparables: %w", err)
	}
	defer m.cache.release(f)
	return f.db.Comparables(ctx, q)
}

// ListingAt returns Airbnb listing id from the market covering (lat, lng),
// opening it if need be, else from any market already open; an error
// wrapping domain.ErrNotFound when neither has it. It is how a report
// names the listing's location before asking for the listing, so the
// listing's own snapshot row, calendar and reviews are found on the
// market's first use too.
func (m *Markets) ListingAt(ctx context.Context, id string, lat, lng float64) (*market.Listing, error) {
	if lat != 0 || lng != 0 {
		f, err := m.at(ctx, lat, lng)
		switch {
		case err == nil:
			l, err := f.db.Listing(ctx, id)
			m.cache.release(f)
			if !isNotFound(err) {
				return l, err
			}
		case !errors.Is(err, market.ErrNoMarket):
			return nil, fmt.Errorf("market: listing %s: %w", id, err)
		}
	}
	return m.Listing(ctx, id)
}

// Listing returns Airbnb listing id from the open markets, newest snapshot
// first; an error wrapping domain.ErrNotFound when none has it.
func (m *Markets) Listing(ctx context.Context, id string) (*market.Listing, error) {
	return first(m, func(db *market.DB) (*market.Listing, error) { return db.Listing(ctx, id) },
		fmt.Errorf("market: listing %s: %w", id, domain.ErrNotFound))
}

// Calendar returns the calendar of Airbnb listing id from the open market
// that has it.
func (m *Markets) Calendar(ctx context.Context, id string) ([]market.CalendarDay, error) {
	return first(m, func(db *market.DB) ([]market.CalendarDay, error) { return db.Calendar(ctx, id) },
		fmt.Errorf("market: calendar %s: %w", id, domain.ErrNotFound))
}

// Reviews returns up to limit reviews of Airbnb listing id from the open
// market that has it.
func (m *Markets) Reviews(ctx context.Context, id string, limit int) ([]market.Review, error) {
	return first(m, func(db *market.DB) ([]market.Review, error) { return db.Reviews(ctx, id, limit) },
		fmt.Errorf("market: reviews %s: %w", id, domain.ErrNotFound))
}

// CalendarMonths sums calendars in the market named marketName (as
// Comparables named it), opening it if need be.
func (m *Markets) CalendarMonths(ctx context.Context, marketName, snapshot string, ids []string) ([]market.CalendarMonth, error) {
	for _, e := range m.catalog.Markets {
		if e.Name != marketName {
			continue
		}
		f, err := m.cache.acquire(ctx, e.Slug)
		if isNotFound(err) {
			err = market.ErrNoMarket
		}
		if err != nil {
			return nil, fmt.Errorf("market: calendar months of %s: %w", marketName, err)
		}
		defer m.cache.release(f)
		return f.db.CalendarMonths(ctx, marketName, snapshot, ids)
	}
	return nil, fmt.Errorf("market: calendar months of %s: %w", marketName, market.ErrNoMarket)
}

// CalendarPrices says whether the named market's calendars carry varying
// prices (market.DB.CalendarPrices), opening its file first.
func (m *Markets) CalendarPrices(ctx context.Context, marketName, snapshot string) (market.CalendarPrices, error) {
	for _, e := range m.catalog.Markets {
		if e.Name != marketName {
			continue
		}
		f, err := m.cache.acquire(ctx, e.Slug)
		if isNotFound(err) {
			err = market.ErrNoMarket
		}
		if err != nil {
			return market.CalendarPrices{}, fmt.Errorf("market: calendar prices of %s: %w", marketName, err)
		}
		defer m.cache.release(f)
		return f.db.CalendarPrices(ctx, marketName, snapshot)
	}
	return market.CalendarPrices{}, fmt.Errorf("market: calendar prices of %s: %w", marketName, market.ErrNoMarket)
}

// first asks each open market in turn (newest snapshot first) and returns
// the first answer that is not "not found"; notFound when none has one.
func first[T any](m *Markets, ask func(*market.DB) (T, error), notFound error) (T, error) {
	files := m.cache.opened()
	defer func() {
		for _, f := range files {
			m.cache.release(f)
		}
	}()
	for _, f := range files {
		v, err := ask(f.db)
		if !isNotFound(err) {
			return v, err
		}
	}
	var zero T
	return zero, notFound
}

package market

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/prose"
)

// ImportStats says what an import did.
type ImportStats struct {
	Market   string `json:"market"`
	Snapshot string `json:"snapshot"`
	// Currency of the market's prices (CurrencyFor), decided from where
	// its listings lie.
	Currency     string `json:"currency"`
	Listings     int    `json:"listings"`
	CalendarDays int    `json:"calendar_days"`
	Reviews      int    `json:"reviews"`
	// SkippedRows are rows left out: a listing with no usable id,
	// coordinates or room type, a calendar day or review of a listing not
	// in listings, a bad date, a duplicate.
	SkippedRows int `json:"skipped_rows"`
	// Skipped counts the skipped rows by reason, so an import says what it
	// left out (e.g. ids a spreadsheet turned into 4.98554E+17).
	Skipped map[string]int `json:"skipped,omitempty"`
	// BadCells are cells that did not parse (a price of "call me") and were
	// stored as "no value".
	BadCells int           `json:"bad_cells"`
	Files    []string      `json:"files"` // the files read
	Duration time.Duration `json:"duration"`
}

// ImportOption adjusts an import.
type ImportOption func(*importConfig)

type importConfig struct {
	name, snapshot string
	batchSize      int
}

// WithName sets the market's name instead of deriving it from the folder.
// The name is the market's identity: importing under a name that exists
// replaces that market.
func WithName(name string) ImportOption {
	return func(c *importConfig) { c.name = strings.TrimSpace(name) }
}

// WithSnapshot sets the snapshot date (YYYY-MM-DD) instead of deriving it
// from the folder name or the earliest last_scraped date.
func WithSnapshot(date string) ImportOption {
	return func(c *importConfig) { c.snapshot = strings.TrimSpace(date) }
}

// withBatchSize lets tests exercise batch boundaries on small files.
func withBatchSize(n int) ImportOption {
	return func(c *importConfig) { c.batchSize = n }
}

// Import loads an Inside Airbnb snapshot folder into db: listings.csv[.gz]
// (required), calendar.csv[.gz] and reviews.csv[.gz] (each optional). Files
// are streamed and written in batched transactions under a market that
// queries cannot see yet; only when every file is in does one short
// transaction publish it and drop the market it replaces. A failed or
// cancelled import therefore leaves the previous data exactly as it was.
//
// On error the stats say how far the import got. One import per market
// name at a time: a second concurrent import of the same name makes one of
// them fail.
func Import(ctx context.Context, db *DB, dir string, opts ...ImportOption) (ImportStats, error) {
	start := time.Now()
	stats, err := importDir(ctx, db, dir, opts)
	if err != nil {
		return stats, fmt.Errorf("market: import %s: %w", dir, err)
	}
	stats.Duration = time.Since(start)
	return stats, nil
}

func importDir(ctx context.Context, db *DB, dir string, opts []ImportOption) (stats ImportStats, err error) {
	cfg := importConfig{batchSize: defaultBatchSize}
	for _, o := range opts {
		o(&cfg)
	}
	name, snapshot := inferMarket(dir)
	if cfg.name != "" {
		name = cfg.name
	}
	if cfg.snapshot != "" {
		if !isDate(cfg.snapshot) {
			return stats, fmt.Errorf("snapshot %q is not a YYYY-MM-DD date", cfg.snapshot)
		}
		snapshot = cfg.snapshot
	}
	if name == "" {
		return stats, errors.New("cannot tell the market's name from the folder: pass WithName")
	}

	files, err := openSnapshot(dir)
	if err != nil {
		return stats, err
	}
	defer files.Close()
	stats.Files = files.names()

	imp := &importer{db: db, batchSize: cfg.batchSize, stats: &stats}
	if imp.market, err = db.stage(ctx, name, filepath.Base(filepath.Clean(dir))); err != nil {
		return stats, err
	}
	defer func() {
		if err != nil {
			// The rows are invisible either way; dropping them keeps the
			// file small. WithoutCancel: a cancelled import still cleans up.
			if derr := db.unstage(context.WithoutCancel(ctx), imp.market); derr != nil {
				err = errors.Join(err, derr)
			}
		}
	}()

	if err := imp.listings(ctx, files.listings, files.lc); err != nil {
		return stats, err
	}
	if stats.Listings == 0 {
		return stats, fmt.Errorf("%s: no usable listings (each needs an id, coordinates and a room type)", files.listings.path)
	}
	if files.calendar != nil {
		if err := imp.calendar(ctx, files.calendar, files.cc); err != nil {
			return stats, err
		}
		if err := db.summarizeCalendar(ctx, imp.market); err != nil {
			return stats, err
		}
	}
	if files.reviews != nil {
		if err := imp.reviews(ctx, files.reviews, files.rc); err != nil {
			return stats, err
		}
	}

	if snapshot == "" {
		snapshot = imp.firstScraped
	}
	if snapshot == "" {
		return stats, errors.New("cannot tell the snapshot date from the folder name or last_scraped: give it (listinglift market import --snapshot YYYY-MM-DD)")
	}
	name = writtenName(name, cfg.name != "", imp.bounds)
	currency := CurrencyFor(name, imp.bounds)
	if currency == "" {
		return stats, fmt.Errorf("%w: the listings (around %.2f, %.2f) lie outside every catalogued market and the name %q ends in no country we know; name it with its country (listinglift market import --name \"City, Region, Country\")",
			ErrNoCurrency, (imp.bounds.MinLat+imp.bounds.MaxLat)/2, (imp.bounds.MinLng+imp.bounds.MaxLng)/2, name)
	}
	stats.Market, stats.Snapshot, stats.Currency = name, snapshot, currency
	m := Market{
		Name: name, Snapshot: snapshot, Currency: currency, Bounds: imp.bounds,
		Listings: stats.Listings, CalendarDays: stats.CalendarDays, Reviews: stats.Reviews,
	}
	if err := db.publish(ctx, imp.market, m); err != nil {
		return stats, err
	}
	return stats, nil
}

// ErrNoCurrency is an import refused because nothing tells the currency
// of its prices: a report would print them as bare figures.
var ErrNoCurrency = errors.New("cannot tell the currency of the market's prices")

// writtenName is the market's name as a host writes it: the catalog's
// ("Asheville, North Carolina, United States") when the catalogued market
// whose area holds the listings is the one meant — always for a name
// derived from the folder, whatever its case, and for a given name that is
// that market's city or slug ("asheville"); otherwise name unchanged.
func writtenName(name string, given bool, b Bounds) string {
	e, ok := CatalogEntryHolding(b)
	if !ok {
		return name
	}
	city, _, _ := strings.Cut(e.Name, ",")
	if !given || strings.EqualFold(name, city) || strings.EqualFold(name, e.Slug) || strings.EqualFold(name, e.Name) {
		return e.Name
	}
	return name
}

// snapshotFiles are a snapshot's open files and where their columns sit.
// calendar and reviews are nil when the folder has none.
type snapshotFiles struct {
	listings, calendar, reviews *table
	lc                          listingLayout
	cc                          calendarLayout
	rc                          reviewLayout
}

// openSnapshot opens every file of a snapshot and checks its columns before
// anything is written, so a wrong file fails in milliseconds rather than
// after the listings are in.
func openSnapshot(dir string) (*snapshotFiles, error) {
	f := &snapshotFiles{}
	if err := f.open(dir); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func (f *snapshotFiles) open(dir string) error {
	var err error
	if f.listings, err = openTable(dir, "listings"); err != nil {
		return err
	}
	if f.lc, err = newListingLayout(f.listings); err != nil {
		return err
	}
	// Inside Airbnb publishes some cities without a calendar or reviews.
	if f.calendar, err = openTable(dir, "calendar"); errors.Is(err, fs.ErrNotExist) {
		f.calendar = nil
	} else if err != nil {
		return err
	} else if f.cc, err = newCalendarLayout(f.calendar); err != nil {
		return err
	}
	if f.reviews, err = openTable(dir, "reviews"); errors.Is(err, fs.ErrNotExist) {
		f.reviews = nil
	} else if err != nil {
		return err
	} else if f.rc, err = newReviewLayout(f.reviews); err != nil {
		return err
	}
	return nil
}

// names returns the base names of the files read.
func (f *snapshotFiles) names() []string {
	var names []string
	for _, t := range []*table{f.listings, f.calendar, f.reviews} {
		if t != nil {
			names = append(names, filepath.Base(t.path))
		}
	}
	return names
}

// Close closes every open file.
func (f *snapshotFiles) Close() error {
	var errs []error
	for _, t := range []*table{f.listings, f.calendar, f.reviews} {
		if t != nil {
			errs = append(errs, t.Close())
		}
	}
	return errors.Join(errs...)
}

// importer writes one snapshot's rows under one staged market.
type importer struct {
	db           *DB
	market       int64
	batchSize    int
	stats        *ImportStats
	refs         map[int64]int64 // Airbnb listing id → listings.ref
	bounds       Bounds
	firstScraped string // earliest last_scraped date
}

// Where listingColumns keeps the name, bedrooms and beds.
var nameColumn, bedroomsColumn, bedsColumn = columnIndex("name"), columnIndex("bedrooms"), columnIndex("beds")

func columnIndex(name string) int {
	for i, c := range listingColumns {
		if c.name == name {
			return i
		}
	}
	panic("market: no listing column " + name)
}

// The counts a summary file's listing name carries, after its "·"s.
var (
	reNameBedrooms = regexp.MustCompile(`(?:^|·)\s*(\d+)\s+bedrooms?\s*(?:·|$)`)
	reNameStudio   = regexp.MustCompile(`(?:^|·)\s*[Ss]tudio\s*(?:·|$)`)
	reNameBeds     = regexp.MustCompile(`(?:^|·)\s*(\d+)\s+beds?\s*(?:·|$)`)
)

// countInName is the count re finds in a summary listing name (0 for a
// studio when zero is given), or nil: NULL, not known.
func countInName(name string, re, zero *regexp.Regexp) any {
	if m := re.FindStringSubmatch(name); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n
		}
	}
	if zero != nil && zero.MatchString(name) {
		return 0
	}
	return nil
}

// leaveOut counts a row left out, by reason.
func (imp *importer) leaveOut(reason string) {
	imp.stats.SkippedRows++
	if imp.stats.Skipped == nil {
		imp.stats.Skipped = map[string]int{}
	}
	imp.stats.Skipped[reason]++
}

// listingLayout is where the listings columns sit in the file.
type listingLayout struct {
	id, lat, lng, roomType      int
	baths, bathsText, amenities int
	lastScraped                 int
	cols                        []int // per listingColumns; -1 when absent
	insert                      string
}

func newListingLayout(t *table) (listingLayout, error) {
	req, err := t.require("id", "latitude", "longitude", "room_type")
	if err != nil {
		return listingLayout{}, err
	}
	lc := listingLayout{
		id: req[0], lat: req[1], lng: req[2], roomType: req[3],
		baths: t.index("bathrooms"), bathsText: t.index("bathrooms_text"),
		amenities: t.index("amenities"), lastScraped: t.index("last_scraped"),
	}
	names := []string{"market_id", "id", "lat", "lng", "room_type", "baths", "amenities", "last_scraped"}
	for _, c := range listingColumns {
		lc.cols = append(lc.cols, t.index(c.csv...))
		names = append(names, c.name)
	}
	lc.insert = "INSERT INTO listings (" + strings.Join(names, ", ") + ") VALUES (?" +
		strings.Repeat(", ?", len(names)-1) + ")"
	return lc, nil
}

func (imp *importer) listings(ctx context.Context, t *table, lc listingLayout) error {
	imp.refs = make(map[int64]int64)
	imp.bounds = Bounds{MinLat: math.Inf(1), MinLng: math.Inf(1), MaxLat: math.Inf(-1), MaxLng: math.Inf(-1)}
	args := make([]any, 8+len(listingColumns))
	return imp.rows(ctx, t, lc.insert, func(rec []string, b *batch) error {
		id, okID := parseID(cell(rec, lc.id))
		lat, okLat := parseCoord(cell(rec, lc.lat), 90)
		lng, okLng := parseCoord(cell(rec, lc.lng), 180)
		roomType := NormalizeRoomType(cell(rec, lc.roomType))
		_, dup := imp.refs[id]
		switch {
		case !okID:
			imp.leaveOut("listing with an id that is not a whole number (a spreadsheet may have turned it into 4.98554E+17)")
			return nil
		case !okLat || !okLng:
			imp.leaveOut("listing without valid coordinates")
			return nil
		case roomType == "":
			imp.leaveOut("listing without a known room type")
			return nil
		case dup:
			imp.leaveOut("listing listed twice")
			return nil
		}
		scraped := strings.TrimSpace(cell(rec, lc.lastScraped))
		if !isDate(scraped) {
			scraped = ""
		} else if imp.firstScraped == "" || scraped < imp.firstScraped {
			imp.firstScraped = scraped
		}
		baths := imp.value(parseFloat, cell(rec, lc.baths))
		if baths == nil {
			baths = imp.value(parseBathsText, cell(rec, lc.bathsText))
		}
		args[0], args[1], args[2], args[3], args[4] = imp.market, id, lat, lng, roomType
		args[5], args[6], args[7] = baths, imp.value(parseAmenities, cell(rec, lc.amenities)), scraped
		for i, c := range listingColumns {
			args[8+i] = imp.value(c.parse, cell(rec, lc.cols[i]))
		}
		// Inside Airbnb's summary files have no bedrooms or baths columns,
		// but their names do ("Rental unit in Albany · ★4.85 · 2 bedrooms
		// · 3 beds · 1 bath"): read them from there when the cells are none.
		name := cell(rec, lc.cols[nameColumn])
		if args[8+bedroomsColumn] == nil {
			args[8+bedroomsColumn] = countInName(name, reNameBedrooms, reNameStudio)
		}
		if args[8+bedsColumn] == nil {
			args[8+bedsColumn] = countInName(name, reNameBeds, nil)
		}
		res, err := b.exec(ctx, args...)
		if err != nil {
			return fmt.Errorf("%s: listing %d: %w", t.path, id, err)
		}
		ref, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("%s: listing %d: %w", t.path, id, err)
		}
		imp.refs[id] = ref
		imp.stats.Listings++
		imp.bounds.add(lat, lng)
		return nil
	})
}

// rows feeds each row of t to row, which writes it with b or leaves it
// out, in batches of the importer's size; a row's error stops the file.
func (imp *importer) rows(ctx context.Context, t *table, insert string, row func(rec []string, b *batch) error) error {
	b := newBatch(imp.db.sql, insert, imp.batchSize)
	defer b.rollback()
	for {
		rec, err := t.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if err := row(rec, b); err != nil {
			return err
		}
	}
	if err := b.flush(); err != nil {
		return fmt.Errorf("%s: %w", t.path, err)
	}
	return nil
}

// value parses a cell, counting a bad one and storing it as NULL.
func (imp *importer) value(parse func(string) (any, error), s string) any {
	v, err := parse(s)
	if err != nil {
		imp.stats.BadCells++
		return nil
	}
	return v
}

// ref returns the row of an Airbnb listing id imported from listings.
func (imp *importer) ref(s string) (int64, bool) {
	id, ok := parseID(s)
	if !ok {
		return 0, false
	}
	ref, ok := imp.refs[id]
	return ref, ok
}

type calendarLayout struct{ listing, date, available, price, adjusted, minNights int }

func newCalendarLayout(t *table) (calendarLayout, error) {
	req, err := t.require("listing_id", "date", "available")
	if err != nil {
		return calendarLayout{}, err
	}
	return calendarLayout{
		listing: req[0], date: req[1], available: req[2],
		price: t.index("price"), adjusted: t.index("adjusted_price"), minNights: t.index("minimum_nights"),
	}, nil
}

func (imp *importer) calendar(ctx context.Context, t *table, cc calendarLayout) error {
	// A repeated (listing, date) keeps its first row; RowsAffected says so.
	const insert = `INSERT INTO calendar (listing_ref, date, available, min_nights, price)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
	args := make([]any, 5)
	return imp.rows(ctx, t, insert, func(rec []string, b *batch) error {
		ref, ok := imp.ref(cell(rec, cc.listing))
		date := strings.TrimSpace(cell(rec, cc.date))
		avail, err := parseBool(cell(rec, cc.available))
		switch {
		case !ok:
			imp.leaveOut("calendar day of a listing not in listings")
			return nil
		case !isDate(date) || err != nil || avail == nil:
			imp.leaveOut("calendar day with a bad date or availability")
			return nil
		}
		price := imp.value(parsePrice, cell(rec, cc.price))
		if price == nil {
			price = imp.value(parsePrice, cell(rec, cc.adjusted))
		}
		args[0], args[1], args[2] = ref, date, avail
		args[3], args[4] = imp.value(parseInt, cell(rec, cc.minNights)), price
		res, err := b.exec(ctx, args...)
		if err != nil {
			return fmt.Errorf("%s: %w", t.path, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			imp.leaveOut("calendar day listed twice")
			return nil
		}
		imp.stats.CalendarDays++
		return nil
	})
}

// reviewLayout reads listing_id, date and comments. The file's reviewer_id
// and reviewer_name columns are never looked at: reviewer identities are
// personal data and do not leave the CSV reader's buffer.
type reviewLayout struct{ listing, date, comments int }

func newReviewLayout(t *table) (reviewLayout, error) {
	req, err := t.require("listing_id", "date")
	if err != nil {
		return reviewLayout{}, err
	}
	return reviewLayout{listing: req[0], date: req[1], comments: t.index("comments")}, nil
}

func (imp *importer) reviews(ctx context.Context, t *table, rc reviewLayout) error {
	args := make([]any, 4)
	return imp.rows(ctx, t, `INSERT INTO reviews (listing_ref, date, text, language) VALUES (?, ?, ?, ?)`, func(rec []string, b *batch) error {
		ref, ok := imp.ref(cell(rec, rc.listing))
		date := strings.TrimSpace(cell(rec, rc.date))
		if !ok {
			imp.leaveOut("review of a listing not in listings")
			return nil
		}
		if !isDate(date) {
			imp.leaveOut("review with a bad date")
			return nil
		}
		text := cleanReviewText(cell(rec, rc.comments))
		args[0], args[1], args[2], args[3] = ref, date, text, prose.ReviewLanguage(text)
		if _, err := b.exec(ctx, args...); err != nil {
			return fmt.Errorf("%s: %w", t.path, err)
		}
		imp.stats.Reviews++
		return nil
	})
}

// Package livemarket finds a listing's comparables today, anywhere, from
// Airbnb's own public web search: the listings of the same room type and
// size around the listing's map position, with the nightly price each
// shows for a standard stay in the coming weeks, its rating, reviews and
// badges, and the availability calendars of the nearest ones. Reports use
// it where no Inside Airbnb snapshot covers the listing (package market).
//
// The search is bounded: every call goes through the safe client the API
// is built on (airbnb.API over safehttp), at most Concurrency at once and
// RatePerSecond a second to the one host, and the whole step within
// Budget; what could not be read by then is left out and named in
// Comparables.Missing, so the report says what is missing instead of
// failing. Complete answers are cached per area, listing shape and day.
//
// Booking.com search-results pages are read by ParseBookingSearch
// (booking.go); a bot challenge in their place is ErrUnavailable, the
// "live market unavailable" a report states.
package livemarket

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
	"golang.org/x/time/rate"

	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/cache"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/market"
)

// API is what the search needs from Airbnb's web API; *airbnb.API has it.
type API interface {
	PublicKey(ctx context.Context) (string, error)
	Search(ctx context.Context, apiKey string, r airbnb.SearchRequest) (airbnb.SearchPage, error)
	Calendar(ctx context.Context, apiKey, listingID string, from time.Time, months int) ([]listing.CalendarDay, error)
}

// Options bound and shape the search; zero values take the defaults.
type Options struct {
	Budget         time.Duration // the whole step; default 20 s
	Concurrency    int           // calls at once; default 4
	RatePerSecond  float64       // calls a second to the site; default 8
	MinComparables int           // widen the radius until this many; default 15
	MaxComparables int           // keep the nearest this many; default 50
	Calendars      int           // calendars read, nearest first; default 20
	CalendarMonths int           // months of each calendar from today's; default 3
	PagesPerRadius int           // search pages read per radius; default 3
	LeadDays       int           // the standard stay starts this many days ahead; default 14
	StayNights     int           // and lasts this many nights; default 3
	CacheEntries   int           // areas kept; default 500
	Now            func() time.Time
}

// Defaults for Options.
const (
	DefaultBudget         = 20 * time.Second
	DefaultConcurrency    = 4
	DefaultRatePerSecond  = 8
	DefaultMinComparables = 15
	DefaultMaxComparables = 50
	DefaultCalendars      = 20
	DefaultCalendarMonths = 3
	DefaultPagesPerRadius = 3
	DefaultLeadDays       = 14
	DefaultStayNights     = 3
)

// Radii are the search radii tried in turn, in km: the search widens until
// it has MinComparables, up to the last (15 km, as Inside Airbnb look-ups).
var Radii = []float64{2, 4, 8, market.DefaultRadiusKm}

// MarketName is what live comparables are called where a report names the
// market data it used.
const MarketName = "Airbnb search around the listing"

// Source is the live market. It is safe for concurrent use.
type Source struct {
	api     API
	opts    Options
	limiter *rate.Limiter
	sem     chan struct{}
	cache   *cache.Cache[*market.Comparables]
	flight  singleflight.Group

	keyMu sync.Mutex
	key   string
}

// New returns a Source reading through api.
func New(api API, o Options) *Source {
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.RatePerSecond <= 0 {
		o.RatePerSecond = DefaultRatePerSecond
	}
	if o.MinComparables <= 0 {
		o.MinComparables = DefaultMinComparables
	}
	if o.MaxComparables <= 0 {
		o.MaxComparables = DefaultMaxComparables
	}
	if o.Calendars <= 0 {
		o.Calendars = DefaultCalendars
	}
	if o.CalendarMonths <= 0 {
		o.CalendarMonths = DefaultCalendarMonths
	}
	if o.PagesPerRadius <= 0 {
		o.PagesPerRadius = DefaultPagesPerRadius
	}
	if o.LeadDays <= 0 {
		o.LeadDays = DefaultLeadDays
	}
	if o.StayNights <= 0 {
		o.StayNights = DefaultStayNights
	}
	if o.CacheEntries <= 0 {
		o.CacheEntries = 500
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Source{api: api, opts: o,
		limiter: rate.NewLimiter(rate.Limit(o.RatePerSecond), max(int(o.RatePerSecond), 1)),
		sem:     make(chan struct{}, o.Concurrency),
		cache:   cache.New[*market.Comparables](o.CacheEntries, 24*time.Hour, o.Now)}
}

// Comparables searches around (q.Lat, q.Lng) for listings of q's room type
// with q.Bedrooms ± 1 bedrooms that take q.Guests, nearest first, and reads
// the nearest ones' calendars. It fails only when nothing could be read
// (or ctx ends); a partial answer says what is missing in Missing. The
// answer is the caller's to keep.
func (s *Source) Comparables(ctx context.Context, q market.Query) (*market.Comparables, error) {
	return s.answer(ctx, q, true)
}

// Nearby is Comparables without the calendars: what the optimize form
// tells the host before they pay. Its search is kept for the report.
func (s *Source) Nearby(ctx context.Context, q market.Query) (*market.Comparables, error) {
	return s.answer(ctx, q, false)
}

// answer runs (or reuses) the step within the budget; complete answers
// are cached per area, listing shape and day, the search and the
// calendars apart.
func (s *Source) answer(parent context.Context, q market.Query, calendars bool) (*market.Comparables, error) {
	if q.RoomType = market.NormalizeRoomType(q.RoomType); q.RoomType == "" {
		q.RoomType = market.RoomEntire
	}
	now := s.opts.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	area := fmt.Sprintf("%.2f|%.2f|%s|%d|%d|%s|%s", q.Lat, q.Lng, q.RoomType, q.Bedrooms, q.Guests, q.ExcludeID, today.Format(time.DateOnly))
	full, searched := "full|"+area, "search|"+area
	if c, ok := s.cache.Get(full); ok {
		return clone(c), nil
	}
	if c, ok := s.cache.Get(searched); ok && !calendars {
		return clone(c), nil
	}
	key := searched
	if calendars {
		key = full
	}
	v, err, _ := s.flight.Do(key, func() (any, error) {
		// A caller with less time left than the budget (a report job's
		// share for this step, package budget) sets the limit, a little
		// inside its deadline: the step then stops in time to answer with
		// what it read, rather than being cut off with nothing.
		limit := s.opts.Budget
		if left, ok := budget.Left(parent); ok && left*9/10 < limit {
			limit = left * 9 / 10
		}
		ctx, cancel := context.WithTimeout(parent, limit)
		defer cancel()
		apiKey, err := s.apiKey(ctx)
		if err != nil {
			if parent.Err() != nil {
				return nil, parent.Err()
			}
			if ctx.Err() != nil {
				return nil, fmt.Errorf("live comparables: %w (%w)", err, context.DeadlineExceeded)
			}
			return nil, fmt.Errorf("live comparables: %w", err)
		}
		c, ok := s.cache.Get(searched)
		if ok {
			c = clone(c)
		} else {
			if c, err = s.search(ctx, apiKey, q, today); err != nil {
				if parent.Err() != nil {
					return nil, parent.Err()
				}
				return nil, err
			}
			if len(c.Missing) == 0 {
				s.cache.Set(searched, clone(c)) // partial answers are asked again next time
			}
		}
		if calendars && ctx.Err() == nil {
			s.calendars(ctx, apiKey, today, c)
		}
		if ctx.Err() != nil && parent.Err() == nil {
			c.Missing = append(c.Missing, fmt.Sprintf("the search stopped at its %s time limit, so it uses what was read by then", roundLimit(limit)))
		}
		if parent.Err() != nil {
			return nil, parent.Err()
		}
		if calendars && len(c.Missing) == 0 {
			s.cache.Set(full, c)
		}
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	return clone(v.(*market.Comparables)), nil
}

// roundLimit is a time limit as a host reads it: whole seconds, tenths
// under one.
func roundLimit(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

func clone(c *market.Comparables) *market.Comparables {
	out := *c
	out.Listings = append([]market.Listing(nil), c.Listings...)
	out.Months = append([]market.CalendarMonth(nil), c.Months...)
	out.Missing = append([]string(nil), c.Missing...)
	return &out
}

// search pages through the search, widening the radius, within ctx.
func (s *Source) search(ctx context.Context, key string, q market.Query, today time.Time) (*market.Comparables, error) {
	checkin := today.AddDate(0, 0, s.opts.LeadDays)
	checkout := checkin.AddDate(0, 0, s.opts.StayNights)
	minBeds, maxBeds := max(q.Bedrooms-1, 0), q.Bedrooms+1
	c := &market.Comparables{Market: MarketName, Snapshot: today.Format(time.DateOnly), Source: market.SourceLive,
		RoomType: q.RoomType, MinBedrooms: minBeds, MaxBedrooms: maxBeds, Basis: market.BasisBedrooms,
		StayCheckin: checkin.Format(time.DateOnly), StayCheckout: checkout.Format(time.DateOnly),
		Listings: []market.Listing{}, Missing: []string{},
		// Search cards show a Superhost badge but never Instant Book.
		Unstated: []string{market.StatedInstantBook}}

	found := map[string]market.Listing{}
	var pages, failed, unsized int
	var firstErr error
	for _, radius := range Radii {
		c.RadiusKm = radius
		box := boxAround(q.Lat, q.Lng, radius)
		cursor := ""
		for p := 0; p < s.opts.PagesPerRadius && ctx.Err() == nil; p++ {
			var page airbnb.SearchPage
			err := s.call(ctx, func(ctx context.Context) (err error) {
				page, err = s.api.Search(ctx, key, airbnb.SearchRequest{
					NorthEastLat: box.MaxLat, NorthEastLng: box.MaxLng, SouthWestLat: box.MinLat, SouthWestLng: box.MinLng,
					Checkin: c.StayCheckin, Checkout: c.StayCheckout, Adults: q.Guests, MinBedrooms: minBeds,
					RoomType: q.RoomType, Cursor: cursor})
				return err
			})
			if err != nil && ctx.Err() != nil {
				break // the time limit: said by the caller
			}
			pages++
			if err != nil {
				failed++
				if firstErr == nil {
					firstErr = err
				}
				break // the next radius starts a new search
			}
			for _, r := range page.Results {
				if _, seen := found[r.ID]; seen || r.ID == q.ExcludeID {
					continue
				}
				switch {
				case r.Bedrooms < 0:
					unsized++
					found[r.ID] = market.Listing{} // counted once; never a comparable
				case r.Bedrooms < minBeds || r.Bedrooms > maxBeds:
					found[r.ID] = market.Listing{}
				default:
					found[r.ID] = fromResult(r, q)
				}
			}
			if cursor = page.NextCursor; cursor == "" {
				break
			}
		}
		if ctx.Err() != nil || within(found, radius) >= s.opts.MinComparables {
			break
		}
	}
	for _, l := range found {
		if l.ID != "" && l.DistanceKm <= c.RadiusKm {
			c.Listings = append(c.Listings, l)
		}
	}
	sort.Slice(c.Listings, func(i, j int) bool {
		a, b := c.Listings[i], c.Listings[j]
		if a.DistanceKm != b.DistanceKm {
			return a.DistanceKm < b.DistanceKm
		}
		return a.ID < b.ID
	})
	if len(c.Listings) > s.opts.MaxComparables {
		c.Listings = c.Listings[:s.opts.MaxComparables]
	}
	if len(c.Listings) == 0 && (failed == pages || ctx.Err() != nil) {
		if firstErr == nil {
			// Said as a deadline, so a caller can tell "no time" from "no
			// answer" (report: live market unavailable in time).
			firstErr = fmt.Errorf("the search ran out of time: %w", context.DeadlineExceeded)
		}
		return nil, fmt.Errorf("live comparables: %w", firstErr)
	}
	if failed > 0 {
		c.Missing = append(c.Missing, fmt.Sprintf("%d of %d search pages could not be read, so some nearby listings may be missing", failed, pages))
	}
	unpriced := 0
	for _, l := range c.Listings {
		if l.Price <= 0 {
			unpriced++
		} else if c.Currency == "" {
			c.Currency = l.Currency
		}
	}
	if unpriced > 0 {
		c.Missing = append(c.Missing, fmt.Sprintf("%d of %d comparables showed no price for the stay, so the price band uses the others", unpriced, len(c.Listings)))
	}
	c.LeftOut = unsized
	return c, nil
}

// within counts the comparables found within radius km.
func within(found map[string]market.Listing, radius float64) int {
	n := 0
	for _, l := range found {
		if l.ID != "" && l.DistanceKm <= radius {
			n++
		}
	}
	return n
}

// fromResult is a search card as a comparable.
func fromResult(r airbnb.SearchResult, q market.Query) market.Listing {
	l := market.Listing{ID: r.ID, Name: r.Name, Lat: r.Lat, Lng: r.Lng, PropertyType: r.Kind, RoomType: q.RoomType,
		Bedrooms: r.Bedrooms, Price: r.NightlyPrice, Currency: r.Currency, Rating: r.Rating, ReviewCount: r.ReviewCount,
		Superhost: r.Superhost, GuestFavorite: r.GuestFavorite, Badges: r.Badges,
		URL: "https://www.airbnb.com/rooms/" + r.ID}
	l.DistanceKm = math.Round(market.DistanceKm(q.Lat, q.Lng, r.Lat, r.Lng)*100) / 100
	return l
}

// calendars reads the nearest comparables' availability from today's
// month and sums it by month into c.Months (nights from today on only: a
// past night is never available and says nothing).
func (s *Source) calendars(ctx context.Context, key string, today time.Time, c *market.Comparables) {
	n := min(s.opts.Calendars, len(c.Listings))
	if n == 0 {
		return
	}
	type answer struct {
		days []listing.CalendarDay
		err  error
	}
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			answers[i].err = s.call(ctx, func(ctx context.Context) (err error) {
				answers[i].days, err = s.api.Calendar(ctx, key, c.Listings[i].ID, today, s.opts.CalendarMonths)
				return err
			})
		}(i)
	}
	wg.Wait()
	byMonth := map[string]*market.CalendarMonth{}
	read := 0
	from := today.Format(time.DateOnly)
	for _, a := range answers {
		if a.err != nil || len(a.days) == 0 {
			continue
		}
		read++
		seen := map[string]bool{}
		for _, d := range a.days {
			if d.Date < from || len(d.Date) != len(time.DateOnly) {
				continue
			}
			k := d.Date[:7]
			m := byMonth[k]
			if m == nil {
				m = &market.CalendarMonth{Month: k, First: d.Date, Last: d.Date}
				byMonth[k] = m
			}
			m.First, m.Last = min(m.First, d.Date), max(m.Last, d.Date)
			if !seen[k] {
				seen[k] = true
				m.Listings++
			}
			m.Nights++
			if !d.Available {
				m.Unavailable++
			}
		}
	}
	c.CalendarsAsked, c.CalendarsRead = n, read
	if read < n {
		c.Missing = append(c.Missing, fmt.Sprintf("%d of %d comparables' calendars could not be read", n-read, n))
	}
	for _, m := range byMonth {
		c.Months = append(c.Months, *m)
	}
	sort.Slice(c.Months, func(i, j int) bool { return c.Months[i].Month < c.Months[j].Month })
}

// call runs one request within the concurrency and rate limits.
func (s *Source) call(ctx context.Context, f func(context.Context) error) error {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.sem }()
	if err := s.limiter.Wait(ctx); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err // the wait would outlast the budget
	}
	return f(ctx)
}

// apiKey is the public web key, read once from the home page and kept.
func (s *Source) apiKey(ctx context.Context) (string, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key != "" {
		return s.key, nil
	}
	var key string
	err := s.call(ctx, func(ctx context.Context) (err error) {
		key, err = s.api.PublicKey(ctx)
		return err
	})
	if err != nil {
		return "", err
	}
	s.key = key
	return key, nil
}

// box is a search box.
type box struct{ MinLat, MinLng, MaxLat, MaxLng float64 }

// boxAround is the box whose inscribed circle has radius km around a point.
func boxAround(lat, lng, km float64) box {
	dLat := km / 111.2
	dLng := km / (111.2 * math.Max(math.Cos(lat*math.Pi/180), 0.01))
	r := func(v float64) float64 { v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'f', 6, 64), 64); return v }
	return box{MinLat: r(lat - dLat), MinLng: r(lng - dLng), MaxLat: r(lat + dLat), MaxLng: r(lng + dLng)}
}

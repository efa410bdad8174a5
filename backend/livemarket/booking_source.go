package livemarket

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/cache"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// Fetcher is the safe client every search goes through (safehttp.Client:
// the SSRF guard, size and time limits).
type Fetcher = safehttp.Doer

// BookingOptions shape the Booking.com search; zero values take the
// defaults.
type BookingOptions struct {
	BaseURL      string  // default https://www.booking.com (tests: a local server)
	RadiusKm     float64 // the search's radius; default 5, as Booking.com's own map search
	LeadDays     int     // the stay starts this many days ahead; default DefaultLeadDays
	StayNights   int     // and lasts this many nights; default DefaultStayNights
	Adults       int     // default 2
	CacheEntries int     // areas kept; default 500
	Now          func() time.Time
}

// BookingSource finds a Booking.com listing's comparables today in
// Booking.com's own search: one search-results page around the listing's
// map position for a standard stay, every property on it, each priced in
// the currency Booking.com states for it (ParseBookingSearch). Booking.com
// often answers automated requests with a bot challenge; that is
// ErrUnavailable, which a report says as "Live market unavailable", never a
// failed order. Complete answers are cached per area and day.
type BookingSource struct {
	fetch Fetcher
	opts  BookingOptions
	cache *cache.Cache[*market.Comparables]
}

// NewBooking returns a BookingSource reading through f.
func NewBooking(f Fetcher, o BookingOptions) *BookingSource {
	if o.BaseURL == "" {
		o.BaseURL = "https://www.booking.com"
	}
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	if o.RadiusKm <= 0 {
		o.RadiusKm = 5
	}
	if o.LeadDays <= 0 {
		o.LeadDays = DefaultLeadDays
	}
	if o.StayNights <= 0 {
		o.StayNights = DefaultStayNights
	}
	if o.Adults <= 0 {
		o.Adults = 2
	}
	if o.CacheEntries <= 0 {
		o.CacheEntries = 500
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &BookingSource{fetch: f, opts: o, cache: cache.New[*market.Comparables](o.CacheEntries, 24*time.Hour, o.Now)}
}

// SearchURL is the search-results page read for a point and a stay:
// Booking.com's own map search (dest_type=latlong), as the saved real
// pages were fetched.
func (b *BookingSource) SearchURL(lat, lng float64, checkin, checkout time.Time) string {
	v := url.Values{}
	v.Set("dest_type", "latlong")
	v.Set("latitude", fmt.Sprintf("%.5f", lat))
	v.Set("longitude", fmt.Sprintf("%.5f", lng))
	v.Set("radius", fmt.Sprintf("%g", b.opts.RadiusKm))
	v.Set("checkin", checkin.Format(time.DateOnly))
	v.Set("checkout", checkout.Format(time.DateOnly))
	v.Set("group_adults", fmt.Sprint(b.opts.Adults))
	v.Set("no_rooms", "1")
	v.Set("group_children", "0")
	return b.opts.BaseURL + "/searchresults.html?" + v.Encode()
}

// Comparables reads the search page around q's position. A page that is
// not search results (a bot challenge, a consent wall) is ErrUnavailable
// with the reason; a refused or failed request is an error the report
// says as "could not be read".
func (b *BookingSource) Comparables(ctx context.Context, q market.Query) (*market.Comparables, error) {
	if math.Abs(q.Lat) > 90 || math.Abs(q.Lng) > 180 || (q.Lat == 0 && q.Lng == 0) {
		return nil, fmt.Errorf("booking search: no map position")
	}
	today := b.opts.Now().UTC()
	key := fmt.Sprintf("%.3f,%.3f,%s", q.Lat, q.Lng, today.Format(time.DateOnly))
	if c, ok := b.cache.Get(key); ok {
		return clone(c), nil
	}
	checkin := today.Truncate(24*time.Hour).AddDate(0, 0, b.opts.LeadDays)
	checkout := checkin.AddDate(0, 0, b.opts.StayNights)
	resp, err := b.fetch.Do(ctx, safehttp.Request{URL: b.SearchURL(q.Lat, q.Lng, checkin, checkout),
		Header: http.Header{"Accept": {"text/html"}, "Accept-Language": {"en-GB,en;q=0.8"}}})
	if err != nil {
		return nil, fmt.Errorf("booking search: %w", err)
	}
	s, err := ParseBookingSearch(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("booking search: %w", err)
	}
	c := s.Comparables(today)
	b.cache.Set(key, c)
	return clone(c), nil
}

// Platforms sends each listing's live search to its own site's search:
// a Booking.com listing's to Booking.com (when configured), every other
// to Airbnb's — for the report and for what the form says before payment
// alike.
type Platforms struct {
	Airbnb  *Source
	Booking *BookingSource
}

// Comparables answers from the listing's own site's search.
func (p Platforms) Comparables(ctx context.Context, q market.Query) (*market.Comparables, error) {
	if q.Platform == string(listing.Booking) && p.Booking != nil {
		return p.Booking.Comparables(ctx, q)
	}
	return p.Airbnb.Comparables(ctx, q)
}

// Nearby is the search without calendars (Source.Nearby); Booking.com's
// search reads no calendars, so it is the same page.
func (p Platforms) Nearby(ctx context.Context, q market.Query) (*market.Comparables, error) {
	if q.Platform == string(listing.Booking) && p.Booking != nil {
		return p.Booking.Comparables(ctx, q)
	}
	return p.Airbnb.Nearby(ctx, q)
}

package report

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/market"
)

// marketData is what the engine gathered from the Market.
type marketData struct {
	comps    *market.Comparables
	self     *market.Listing
	note     string // why there are no comparables, "" when there are
	currency string
	// today is the live search around a listing a snapshot covers: the
	// snapshot gives the history, today's search the current prices.
	today *market.Comparables
	// todayNote says why today's search is missing, when the host should
	// know ("" otherwise).
	todayNote string
}

// reads are the calendar and reviews the analyses use, and where they came
// from.
type reads struct {
	cal         []listing.CalendarDay
	calSource   string
	calSnapshot bool
	reviews     []listing.Review
	revSource   string
}

// calendarAndReviews picks the listing's own calendar and reviews, else the
// market's copy when the listing is in the data; notices say what could
// not be read.
func (a *analyses) calendarAndReviews(ctx context.Context) error {
	l, md, in := a.l, a.md, a.in
	a.reads = reads{cal: l.Calendar, calSource: "listing's availability calendar", reviews: l.Reviews, revSource: "listing's reviews"}
	rd := &a.reads
	if md.self == nil || in.Market == nil {
		return nil
	}
	snap := snapshotOf(md)
	if len(rd.cal) == 0 {
		if days, err := in.Market.Calendar(ctx, md.self.ID); err == nil && len(days) > 0 {
			rd.cal, rd.calSource, rd.calSnapshot = days, "Inside Airbnb calendar snapshot of "+analysis.LongDate(snap), true
		} else if err != nil && !isNotFound(err) {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			a.notices = append(a.notices, "The market calendar could not be read; booking gaps use the listing page only.")
		}
	}
	if len(rd.reviews) == 0 {
		if revs, err := in.Market.Reviews(ctx, md.self.ID, ReviewLimit); err == nil && len(revs) > 0 {
			rd.reviews, rd.revSource = revs, "Inside Airbnb reviews snapshot of "+analysis.LongDate(snap)
		} else if err != nil && !isNotFound(err) {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			a.notices = append(a.notices, "The market reviews could not be read; the review summary uses the listing page only.")
		}
	}
	return nil
}

// gatherMarket finds the listing in the market data and its comparables.
// Only a cancelled context is an error: missing or unreadable market data
// becomes a note.
func gatherMarket(ctx context.Context, in Input, l *listing.Listing) (marketData, error) {
	var md marketData
	if in.Market == nil && in.Live == nil {
		md.note = MsgNoMarket
		return md, nil
	}
	if in.Market != nil && l.Platform == listing.Airbnb && l.ID != "" {
		var self *market.Listing
		var err error
		if at, ok := in.Market.(MarketAt); ok && (l.Location.Lat != 0 || l.Location.Lng != 0) {
			self, err = at.ListingAt(ctx, l.ID, l.Location.Lat, l.Location.Lng)
		} else {
			self, err = in.Market.Listing(ctx, l.ID)
		}
		switch {
		case err == nil:
			md.self = self
		case ctx.Err() != nil:
			return md, ctx.Err()
		}
	}
	q := market.Query{Lat: l.Location.Lat, Lng: l.Location.Lng, RoomType: roomType(l), Bedrooms: l.Bedrooms, Guests: l.Capacity, Platform: string(l.Platform)}
	if (q.Lat == 0 && q.Lng == 0) && md.self != nil {
		q.Lat, q.Lng = md.self.Lat, md.self.Lng
	}
	if q.RoomType == "" && md.self != nil {
		q.RoomType = md.self.RoomType
	}
	// Comparables must match the listing's size; guessing it would compare
	// a studio with family homes. Without a bedroom count the market is
	// still asked, to tell "no data here" from "not comparable".
	unknownSize := false
	if !l.Has(listing.FieldBedrooms) && l.Bedrooms == 0 {
		if md.self != nil {
			q.Bedrooms = md.self.Bedrooms
		} else {
			unknownSize = true
		}
	}
	if l.Platform == listing.Airbnb {
		q.ExcludeID = l.ID
	}
	if q.Lat == 0 && q.Lng == 0 {
		md.note = "The listing's map position could not be read, so it was not compared with listings in its market."
		return md, nil
	}
	if q.RoomType == "" {
		md.note = msgUnknownRoomType
		return md, nil
	}
	noSnapshot := true
	if in.Market != nil {
		comps, err := in.Market.Comparables(ctx, q)
		noSnapshot = errors.Is(err, market.ErrNoMarket)
		switch {
		case err == nil && unknownSize && (comps.Basis == "" || comps.Basis == market.BasisBedrooms):
			// Only a match on bedrooms needs the count; a summary-format
			// market matches on room type (or guests) and still answers.
			md.note = msgUnknownSize
		case err == nil:
			md.comps = comps
			md.currency = comps.PriceCurrency() // decided where its listings lie, not from the market's name
			if len(comps.Listings) < analysis.MinComparables {
				md.note = fmt.Sprintf("Only %s in the market data match this listing (%s), too few to compare with; market figures are not shown.",
					plural(len(comps.Listings), "listing", "listings"), basisOf(comps))
			}
		case noSnapshot:
			md.note = MsgNoMarket
		case ctx.Err() != nil:
			return md, ctx.Err()
		case domain.ErrorCode(err) == domain.CodeInvalid:
			md.note = "Comparable listings could not be looked up: " + domain.ErrorMessage(err)
		default:
			md.note = "Market data could not be read, so the listing was not compared with others."
		}
	}
	// No snapshot covers the listing: today's search around it does.
	if noSnapshot && in.Live != nil {
		if unknownSize {
			md.note = msgUnknownSize
			return md, nil
		}
		// Live comparables are optional: a share of the time left, and
		// "unavailable" when the search does not finish in it.
		lctx, cancel := budget.Share(ctx, budget.Live, 0)
		comps, err := in.Live.Comparables(lctx, q)
		var unavailable *livemarket.UnavailableError
		outOfTime := budget.OutOfTime(ctx, lctx) || (ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded))
		cancel()
		switch {
		case err == nil:
			md.comps, md.currency, md.note = comps, comps.Currency, ""
			if len(comps.Listings) < analysis.MinComparables {
				md.note = fmt.Sprintf("Only %s near this one match it in %s's search today (%s), too few to compare with; market figures are not shown.",
					plural(len(comps.Listings), "listing", "listings"), searchSite(comps.Market), basisOf(comps))
			}
		case ctx.Err() != nil:
			return md, ctx.Err()
		case errors.As(err, &unavailable):
			md.note = liveUnavailable(unavailable)
		case outOfTime:
			md.note = MsgLiveTimedOut
			logging.FromContext(ctx).Warn("live comparables not read in the report's time", "err", err)
		default:
			md.note = MsgLiveFailed
			// The host reads the note; the operator needs the cause (a
			// rotated query hash, a refusal, the time limit).
			logging.FromContext(ctx).Warn("live comparables could not be read", "err", err)
		}
	}
	if md.comps != nil && md.currency == "" {
		md.comps = md.comps.WithoutUnnamedPrices() // never a bare figure as money
		md.currency = md.comps.PriceCurrency()
	}
	if md.comps != nil && len(md.comps.Listings) < analysis.MinComparables {
		md.comps.Listings = nil // too few to say anything; the note explains
	}
	// A snapshot covers the listing: today's prices around it come from
	// the search (no calendars: the snapshot has the months).
	if md.comps != nil && !md.comps.Live() && len(md.comps.Listings) > 0 {
		if s, ok := in.Live.(LiveSearcher); ok {
			lctx, cancel := budget.Share(ctx, budget.Live, 0)
			today, err := s.Nearby(lctx, q)
			outOfTime := budget.OutOfTime(ctx, lctx)
			cancel()
			switch {
			case err == nil && len(today.Listings) >= analysis.MinComparables:
				md.today = today
			case ctx.Err() != nil:
				return md, ctx.Err()
			case outOfTime:
				md.todayNote = MsgTodayTimedOut
			}
		}
	}
	return md, nil
}

// msgUnknownRoomType is the note when the page does not say whether the
// listing is a whole place or a room: comparing it with either would mislead.
const msgUnknownRoomType = "The listing page does not say whether it is a whole place or a room, so it was not compared with other listings."

// msgUnknownSize is the note when the listing's size is not known.
const msgUnknownSize = "The number of bedrooms could not be read, so the listing was not compared with others in its market."

// MsgLiveTimedOut is the market note when today's search around the
// listing did not finish in the report's time for it (the live market is
// unavailable; nothing is compared).
const MsgLiveTimedOut = "Live market unavailable: Airbnb's search around the listing did not answer in the time this report has, so the listing was not compared with others and no market figures are shown."

// liveUnavailable is the market note when the platform answered the
// search with something other than results (a bot challenge): the live
// market is unavailable, said with the reason; nothing is compared and the
// report is still made.
func liveUnavailable(u *livemarket.UnavailableError) string {
	return "Live market unavailable: " + u.Reason + ", so the listing was not compared with others and no market figures are shown."
}

// MsgTodayTimedOut is said when a snapshot covers the listing but today's
// prices around it could not be read in time: the snapshot alone is used.
const MsgTodayTimedOut = "Today's prices around the listing could not be read from Airbnb's search in the time this report has, so the market figures use the market snapshot only."

// MsgLiveFailed is the note when no snapshot covers the listing and the
// search around it could not be read either.
const MsgLiveFailed = "Nearby listings could not be read from Airbnb's search today, so the listing was not compared with others and no market figures are shown."

// seasonData is the Premium seasonality with a warning when it could not
// be read.
type seasonData struct {
	result *analysis.Seasonality
	note   string
}

// monthsResult is the comparables' calendars by month, or why not.
type monthsResult struct {
	months []market.CalendarMonth
	err    error
}

// startCalendarMonths starts summing the comparables' snapshot calendars
// by month, for the Premium seasonality, and returns where the answer will
// be; nil when the market cannot sum calendars or there are too few
// comparables. The query runs beside the analyses, which do not wait on
// it: the ids are copied first, so it shares nothing with them.
func startCalendarMonths(ctx context.Context, in Input, md marketData) <-chan monthsResult {
	if md.comps == nil || len(md.comps.Listings) < analysis.MinComparables {
		return nil
	}
	if md.comps.Live() {
		// The live search read the nearest comparables' calendars already.
		out := make(chan monthsResult, 1)
		out <- monthsResult{months: md.comps.Months}
		return out
	}
	mc, ok := in.Market.(MarketCalendar)
	if !ok {
		return nil
	}
	ids := make([]string, len(md.comps.Listings))
	for i, c := range md.comps.Listings {
		ids[i] = c.ID
	}
	name, snapshot := md.comps.Market, md.comps.Snapshot
	out := make(chan monthsResult, 1) // never blocks: Generate may have returned
	go func() {
		months, err := mc.CalendarMonths(ctx, name, snapshot, ids)
		out <- monthsResult{months, err}
	}()
	return out
}

// gatherSeasons waits for the comparables' calendars by month (Premium,
// started by startCalendarMonths) and reads the listing's own snapshot
// calendar by month when it is in the data, into a.seasons; a note says
// when they could not be read.
func (a *analyses) gatherSeasons(ctx context.Context) error {
	s, err := a.seasonality(ctx)
	if err != nil {
		return err
	}
	a.seasons = s
	if s.note != "" {
		a.notices = append(a.notices, s.note)
	}
	return nil
}

// seasonality is gatherSeasons' answer: the calendar used is the
// snapshot's when it is, else the listing's is read from the market. Only
// a cancelled context is an error.
func (a *analyses) seasonality(ctx context.Context) (seasonData, error) {
	in, md, pending := a.in, a.md, a.months
	cal, calIsSnapshot, pricesFlat := a.reads.cal, a.reads.calSnapshot, a.snapPrices.Flat()
	if pending == nil {
		return seasonData{}, nil
	}
	var res monthsResult
	select {
	case res = <-pending:
	case <-ctx.Done():
		return seasonData{}, ctx.Err()
	}
	if res.err != nil {
		if ctx.Err() != nil {
			return seasonData{}, ctx.Err()
		}
		return seasonData{note: "The comparables' calendars could not be read, so the market's seasonality is not shown."}, nil
	}
	var own []market.CalendarMonth
	if md.comps.Live() {
		// The listing's own calendar, read live too, from the same day on.
		from := md.comps.Snapshot
		var ahead []listing.CalendarDay
		for _, d := range cal {
			if d.Date >= from {
				ahead = append(ahead, d)
			}
		}
		if !calIsSnapshot {
			own = analysis.CalendarByMonth(ahead)
		}
		return seasonData{result: analysis.AnalyzeSeasonality(analysis.SeasonalityInput{Market: res.months, Listing: own,
			Snapshot: md.comps.Snapshot, Live: true})}, nil
	}
	if md.self != nil {
		if !calIsSnapshot {
			cal = nil
			days, err := in.Market.Calendar(ctx, md.self.ID)
			switch {
			case err == nil:
				cal = days
			case ctx.Err() != nil:
				return seasonData{}, ctx.Err()
			}
		}
		own = analysis.CalendarByMonth(cal)
	}
	return seasonData{result: analysis.AnalyzeSeasonality(analysis.SeasonalityInput{Market: res.months, Listing: own,
		Snapshot: md.comps.Snapshot, Currency: md.currency, PricesFlat: pricesFlat})}, nil
}

// snapshotPrices asks the market whether the snapshot's calendars carry
// varying prices (zero when the comparables are not a snapshot's or the
// Market cannot say). Only a cancelled context is an error.
func snapshotPrices(ctx context.Context, in Input, md marketData) (market.CalendarPrices, error) {
	mp, ok := in.Market.(MarketPrices)
	if !ok || md.comps == nil || md.comps.Live() {
		return market.CalendarPrices{}, nil
	}
	p, err := mp.CalendarPrices(ctx, md.comps.Market, md.comps.Snapshot)
	if err != nil && ctx.Err() != nil {
		return market.CalendarPrices{}, ctx.Err()
	}
	return p, nil
}

// roomType is the listing's room type in the market's words. Vrbo rents
// whole homes only; otherwise a property type that says "Entire …" or
// "Private room …" decides.
func roomType(l *listing.Listing) string {
	if rt := market.NormalizeRoomType(l.RoomType); rt != "" {
		return rt
	}
	if l.Platform == listing.Vrbo {
		return market.RoomEntire
	}
	pt := strings.ToLower(l.PropertyType)
	switch {
	case strings.HasPrefix(pt, "entire"):
		return market.RoomEntire
	case strings.HasPrefix(pt, "private room"), strings.HasPrefix(pt, "room in"):
		return market.RoomPrivate
	case strings.HasPrefix(pt, "shared room"):
		return market.RoomShared
	}
	return ""
}

func isNotFound(err error) bool {
	return errors.Is(err, domain.ErrNotFound) || domain.ErrorCode(err) == domain.CodeNotFound
}

func snapshotOf(md marketData) string {
	if md.comps != nil {
		return md.comps.Snapshot
	}
	return "(date unknown)"
}

// withAmenities are the comparables whose amenities are known: a live
// search card lists none, and "none listed" is not "has none".
func withAmenities(comps []market.Listing) []market.Listing {
	var out []market.Listing
	for _, c := range comps {
		if len(c.Amenities) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// marketSource names where the comparables' prices come from, as a phrase
// for explanations: the snapshot, or today's search and its stay.
func marketSource(md marketData) string {
	c := md.comps
	if c == nil {
		return ""
	}
	if !c.Live() {
		return "Inside Airbnb's snapshot of " + analysis.LongDate(c.Snapshot)
	}
	return fmt.Sprintf("%s's search on %s (the nightly price each shows for a %s stay from %s)",
		searchSite(c.Market), analysis.LongDate(c.Snapshot), stayNights(c), analysis.LongDate(c.StayCheckin))
}

// searchSite names the site whose own search gave live comparables.
func searchSite(marketName string) string {
	if marketName == livemarket.BookingMarketName {
		return "Booking.com"
	}
	return "Airbnb"
}

// stayNights is the live search's stay length, "3-night".
func stayNights(c *market.Comparables) string {
	in, err1 := time.Parse(time.DateOnly, c.StayCheckin)
	out, err2 := time.Parse(time.DateOnly, c.StayCheckout)
	if err1 != nil || err2 != nil {
		return "standard"
	}
	return fmt.Sprintf("%d-night", int(out.Sub(in).Hours()/24))
}

// comparablesBasis is basisOf the report's comparables, "" without any.
func comparablesBasis(md marketData) string {
	if md.comps == nil {
		return ""
	}
	return basisOf(md.comps)
}

func basisOf(c *market.Comparables) string {
	if c.Market == livemarket.BookingMarketName {
		// A search page's cards are all compared: it was not filtered by
		// room type or size.
		return fmt.Sprintf("every property on the search page, within %s km", trim(c.RadiusKm))
	}
	return c.MatchedOn()
}

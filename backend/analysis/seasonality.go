package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"math"
	"sort"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// SeasonMonths is how many calendar months the seasonality covers: a
// snapshot's calendar runs 365 days from the snapshot date, so 12 months
// from the snapshot's month, with a few days of a 13th left out.
const SeasonMonths = 12

// MinMonthNights is how many of a month's nights the calendar must cover
// before the month is ranked busiest or quietest: a snapshot's calendar
// starts and ends mid-month (Antwerp's 2024 snapshot holds only June 29
// and 30 of June 2024), and a share over two nights says nothing about the
// month.
const MinMonthNights = 14

// MonthNightsObserved is how many nights from first to last (YYYY-MM-DD,
// both counted) a month's calendar covers; 0 when either is not a date.
func MonthNightsObserved(first, last string) int {
	f, err1 := time.Parse(time.DateOnly, first)
	l, err2 := time.Parse(time.DateOnly, last)
	if err1 != nil || err2 != nil || l.Before(f) {
		return 0
	}
	return int(l.Sub(f).Hours()/24) + 1
}

// SeasonalityInput is what the seasonality analyzer reads: calendars
// summed by month (market.DB.CalendarMonths, or CalendarByMonth for one
// listing), in any order.
type SeasonalityInput struct {
	// Market is the comparables' calendars summed by month.
	Market []market.CalendarMonth
	// Listing is the listing's own calendar from the same snapshot by
	// month; nil when the listing is not in the data.
	Listing []market.CalendarMonth
	// Snapshot is the snapshot's date; Currency the snapshot's currency
	// ("" when unknown).
	Snapshot string
	Currency string
	// PricesFlat says every calendar in the snapshot lists one flat price
	// all year (market.CalendarPrices.Flat): monthly prices would then show
	// the data's artefact, not a season, so none is shown.
	PricesFlat bool
	// Live says the calendars were read today from the site (live
	// comparables): Snapshot is then the day they were read, and the
	// listing's own months are its live calendar's.
	Live bool
}

// SeasonMonth is one month of the seasonality.
type SeasonMonth struct {
	Month string `json:"month"` // YYYY-MM
	// First and Last are the first and last calendar dates of the month in
	// the snapshot (the first month starts on the snapshot date).
	First string `json:"first"`
	Last  string `json:"last"`
	// Listings is how many comparables' calendars have nights this month,
	// Nights their listing-nights.
	Listings int `json:"listings"`
	Nights   int `json:"nights"`
	// UnavailableShare is the share (0–1) of those nights that were not
	// available when the snapshot was taken: booked or blocked by the host
	// (Inside Airbnb's calendar does not tell the two apart).
	UnavailableShare float64 `json:"unavailable_share"`
	// MedianPrice is the median over PricedListings comparables of their
	// average listed nightly price this month; absent when the calendar has
	// no prices.
	MedianPrice    *float64 `json:"median_price,omitempty"`
	PricedListings int      `json:"priced_listings,omitempty"`
	// The listing's own nights this month and the share not available,
	// when the listing is in the data.
	ListingNights           int      `json:"listing_nights,omitempty"`
	ListingUnavailableShare *float64 `json:"listing_unavailable_share,omitempty"`
	// Busiest and Quietest mark the months with the highest and lowest
	// UnavailableShare, among months whose calendar covers at least
	// MinMonthNights nights.
	Busiest  bool `json:"busiest,omitempty"`
	Quietest bool `json:"quietest,omitempty"`
}

// Seasonality is the market's calendar month by month: how many nights
// were not available (booked or blocked) and, when listed, prices.
type Seasonality struct {
	Source string `json:"source"` // "Inside Airbnb calendar snapshot of October 5, 2025"
	// Start and End are the first and last calendar dates covered.
	Start  string        `json:"start"`
	End    string        `json:"end"`
	Months []SeasonMonth `json:"months"`
	// Comparables is how many comparables have calendar nights in the
	// months covered (the most in any one month).
	Comparables int `json:"comparables"`
	// BusiestMonth and QuietestMonth are the months (YYYY-MM) with the
	// highest and lowest share of nights not available; absent when the
	// shares do not differ or fewer than two months have enough listings.
	BusiestMonth  string `json:"busiest_month,omitempty"`
	QuietestMonth string `json:"quietest_month,omitempty"`
	// UnavailableShare is the share of all the comparables' nights in the
	// months covered that were not available; ListingUnavailableShare the
	// same for the listing, when it is in the data.
	UnavailableShare        float64  `json:"unavailable_share"`
	ListingUnavailableShare *float64 `json:"listing_unavailable_share,omitempty"`
	// NightsLeftOut counts the comparables' nights after the 12 months
	// (the calendar's last few days).
	NightsLeftOut int    `json:"nights_left_out,omitempty"`
	HasPrices     bool   `json:"has_prices"`
	Explanation   string `json:"explanation"`
}

// CalendarByMonth sums one listing's calendar by month, as
// market.DB.CalendarMonths does for a set of listings: Listings is 1 for
// every month with a night, MedianPrice the mean listed price over the
// month's priced nights (the median over one listing of its average).
// Days whose date is not YYYY-MM-DD are skipped. Months come in order.
func CalendarByMonth(days []listing.CalendarDay) []market.CalendarMonth {
	byMonth := map[string]*market.CalendarMonth{}
	sums := map[string]float64{}
	for _, d := range days {
		if _, err := time.Parse(time.DateOnly, d.Date); err != nil {
			continue
		}
		key := d.Date[:7]
		m := byMonth[key]
		if m == nil {
			m = &market.CalendarMonth{Month: key, First: d.Date, Last: d.Date, Listings: 1}
			byMonth[key] = m
		}
		m.First, m.Last = min(m.First, d.Date), max(m.Last, d.Date)
		m.Nights++
		if !d.Available {
			m.Unavailable++
		}
		if d.Price != nil && d.Price.Amount > 0 {
			m.Priced++
			sums[key] += d.Price.Amount
		}
	}
	out := make([]market.CalendarMonth, 0, len(byMonth))
	for key, m := range byMonth {
		if m.Priced > 0 {
			m.MedianPrice, m.PricedListings = sums[key]/float64(m.Priced), 1
		}
		out = append(out, *m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Month < out[j].Month })
	return out
}

// AnalyzeSeasonality reads the comparables' calendars month by month over
// the 12 months from the first month they have (the snapshot's month). A
// month is marked busiest or quietest only among months where at least
// MinComparables listings have calendar nights. It returns nil when no
// month has MinComparables listings: too few calendars to describe the
// market.
func AnalyzeSeasonality(in SeasonalityInput) *Seasonality {
	ms := append([]market.CalendarMonth(nil), in.Market...)
	sort.Slice(ms, func(i, j int) bool { return ms[i].Month < ms[j].Month })
	var first time.Time
	for _, m := range ms {
		if t, err := time.Parse("2006-01", m.Month); err == nil && m.Nights > 0 {
			first = t
			break
		}
	}
	if first.IsZero() {
		return nil
	}
	end := first.AddDate(0, SeasonMonths, 0).Format("2006-01") // first month left out
	own := map[string]market.CalendarMonth{}
	for _, m := range in.Listing {
		own[m.Month] = m
	}
	s := &Seasonality{Source: "Inside Airbnb calendar snapshot of " + LongDate(in.Snapshot), Months: []SeasonMonth{}}
	if in.Live {
		s.Source = "Airbnb calendars of the nearest comparables, read " + LongDate(in.Snapshot)
	}
	var nights, unavailable, ownNights, ownUnavailable int
	enough := false
	for _, m := range ms {
		if m.Nights <= 0 || m.Month < first.Format("2006-01") {
			continue
		}
		if m.Month >= end {
			s.NightsLeftOut += m.Nights
			continue
		}
		sm := SeasonMonth{Month: m.Month, First: m.First, Last: m.Last, Listings: m.Listings, Nights: m.Nights,
			UnavailableShare: round3(float64(m.Unavailable) / float64(m.Nights))}
		if m.Priced > 0 && m.MedianPrice > 0 && !in.PricesFlat {
			sm.MedianPrice, sm.PricedListings = ptr(numfmt.Round2(m.MedianPrice)), m.PricedListings
			s.HasPrices = true
		}
		if o, ok := own[m.Month]; ok && o.Nights > 0 {
			sm.ListingNights = o.Nights
			sm.ListingUnavailableShare = ptr(round3(float64(o.Unavailable) / float64(o.Nights)))
			ownNights += o.Nights
			ownUnavailable += o.Unavailable
		}
		if s.Start == "" || m.First < s.Start {
			s.Start = m.First
		}
		s.End = max(s.End, m.Last)
		s.Comparables = max(s.Comparables, m.Listings)
		enough = enough || m.Listings >= MinComparables
		nights += m.Nights
		unavailable += m.Unavailable
		s.Months = append(s.Months, sm)
	}
	if !enough {
		return nil
	}
	s.UnavailableShare = round3(float64(unavailable) / float64(nights))
	if ownNights > 0 {
		s.ListingUnavailableShare = ptr(round3(float64(ownUnavailable) / float64(ownNights)))
	}
	markBusiestQuietest(s, ms)
	s.Explanation = seasonalityExplanation(s, in)
	return s
}

// markBusiestQuietest marks the months with the highest and lowest share
// of nights not available among those with at least MinComparables
// listings, compared unrounded; a tie goes to the earlier month. Nothing
// is marked when fewer than two months qualify or all shares are equal.
func markBusiestQuietest(s *Seasonality, raw []market.CalendarMonth) {
	share := map[string]float64{}
	for _, m := range raw {
		if m.Nights > 0 {
			share[m.Month] = float64(m.Unavailable) / float64(m.Nights)
		}
	}
	hi, lo, eligible := -1, -1, 0
	for i, m := range s.Months {
		if m.Listings < MinComparables || MonthNightsObserved(m.First, m.Last) < MinMonthNights {
			continue
		}
		eligible++
		if hi < 0 || share[m.Month] > share[s.Months[hi].Month] {
			hi = i
		}
		if lo < 0 || share[m.Month] < share[s.Months[lo].Month] {
			lo = i
		}
	}
	if eligible < 2 || share[s.Months[hi].Month] == share[s.Months[lo].Month] {
		return
	}
	s.Months[hi].Busiest, s.Months[lo].Quietest = true, true
	s.BusiestMonth, s.QuietestMonth = s.Months[hi].Month, s.Months[lo].Month
}

// Extremes returns the months marked busiest and quietest (zero months
// when none is marked).
func (s *Seasonality) Extremes() (busiest, quietest SeasonMonth) {
	for _, m := range s.Months {
		if m.Busiest {
			busiest = m
		}
		if m.Quietest {
			quietest = m
		}
	}
	return busiest, quietest
}

// extremesSentence names the busiest and quietest months, or is empty,
// and the months left out of that ranking for too few nights.
func extremesSentence(s *Seasonality) string {
	e := ""
	if s.BusiestMonth != "" {
		busiest, quietest := s.Extremes()
		e = fmt.Sprintf(" Most nights not available: %s (%s); fewest: %s (%s).",
			MonthName(busiest.Month), pct(busiest.UnavailableShare), MonthName(quietest.Month), pct(quietest.UnavailableShare))
	}
	var thin []string
	for _, m := range s.Months {
		if n := MonthNightsObserved(m.First, m.Last); n < MinMonthNights {
			thin = append(thin, fmt.Sprintf("%s (%s in the calendar)", MonthName(m.Month), plural(n, "night", "nights")))
		}
	}
	switch len(thin) {
	case 0:
	case 1:
		e += fmt.Sprintf(" %s has too few nights to rank (fewer than %d), so it is left out of the busiest and quietest months.", thin[0], MinMonthNights)
	default:
		e += fmt.Sprintf(" %s have too few nights to rank (fewer than %d), so they are left out of the busiest and quietest months.", joinList(thin), MinMonthNights)
	}
	return e
}

func seasonalityExplanation(s *Seasonality, in SeasonalityInput) string {
	if in.Live {
		return liveSeasonalityExplanation(s, in)
	}
	e := fmt.Sprintf("Month by month over %s of Inside Airbnb's calendar snapshot of %s (%s to %s), across the calendars of %s: "+
		"the share of nights not available when the snapshot was taken. A night that is not available is booked or blocked by the host; "+
		"the calendar does not tell the two apart, so this is not an occupancy rate.",
		plural(len(s.Months), "month", "months"), LongDate(in.Snapshot), LongDate(s.Start), LongDate(s.End), plural(s.Comparables, "comparable listing", "comparable listings"))
	e += extremesSentence(s)
	e += fmt.Sprintf(" Over all %s, %s of the comparables' nights were not available.", plural(len(s.Months), "month", "months"), pct(s.UnavailableShare))
	e += " It is a forward look as of the snapshot date: later months can still fill up as bookings arrive, so they may look quieter than they will end up."
	if s.ListingUnavailableShare != nil {
		e += fmt.Sprintf(" This listing's own calendar in the same snapshot: %s of its nights not available over the same months.", pct(*s.ListingUnavailableShare))
	}
	if s.HasPrices {
		e += " Prices are the median, across the comparables that list prices that month, of each one's average listed nightly price" + currencyNote(in.Currency) + "."
	} else if in.PricesFlat {
		e += " Every calendar in the snapshot lists one flat price all year, a limit of the data: it cannot show seasonal prices, so no monthly prices are shown."
	} else {
		e += " The calendar lists no nightly prices, so no monthly prices are shown."
	}
	if s.NightsLeftOut > 0 {
		e += fmt.Sprintf(" The calendar's last days, after %s, are left out (%s).", MonthName(s.Months[len(s.Months)-1].Month), plural(s.NightsLeftOut, "listing-night", "listing-nights"))
	}
	return e
}

// liveSeasonalityExplanation words the months ahead read from the
// comparables' live calendars.
func liveSeasonalityExplanation(s *Seasonality, in SeasonalityInput) string {
	e := fmt.Sprintf("Month by month over the next %s (%s to %s), across the Airbnb calendars of %s read on %s: "+
		"the share of nights from that day on that are not available. A night that is not available is booked or blocked by the host; "+
		"the calendar does not tell the two apart, so this is not an occupancy rate.",
		plural(len(s.Months), "month", "months"), LongDate(s.Start), LongDate(s.End), plural(s.Comparables, "nearby comparable listing", "nearby comparable listings"), LongDate(in.Snapshot))
	e += extremesSentence(s)
	e += fmt.Sprintf(" Over all %s, %s of the comparables' nights are not available.", plural(len(s.Months), "month", "months"), pct(s.UnavailableShare))
	e += " Later months can still fill up as bookings arrive, so they look quieter than they will end up."
	if s.ListingUnavailableShare != nil {
		e += fmt.Sprintf(" This listing's own calendar, read the same day: %s of its nights not available over the same months.", pct(*s.ListingUnavailableShare))
	}
	return e
}

func currencyNote(cur string) string {
	if cur == "" {
		return ""
	}
	return " (" + cur + ")"
}

// monthName formats "2025-10" as "October 2025".
func MonthName(month string) string {
	t, err := time.Parse("2006-01", month)
	if err != nil {
		return month
	}
	return t.Format("January 2006")
}

// DateLayout is the one way a report writes a day, as the web, the PDF and
// the e-mail do: US English, "October 5, 2025" (SPEC §2).
const DateLayout = "January 2, 2006"

// LongDate formats "2025-10-05" as "October 5, 2025" (other text is returned as it is).
func LongDate(date string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return t.Format(DateLayout)
}

// round3 rounds a share to three decimal places.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// Pricing statuses.
const (
	PricingCompared      = "compared"        // the listing's price placed among comparables
	PricingEstimate      = "estimate"        // no usable price: the comparables' range, labelled an estimate
	PricingNoComparables = "no_comparables"  // a price, but no market to compare it with
	PricingNotEnoughData = "not_enough_data" // neither
)

// PricingInput is what the pricing analyzer reads.
type PricingInput struct {
	Listing *listing.Listing
	// Comparables and their currency (ISO 4217, "" when unknown).
	Comparables    []market.Listing
	MarketCurrency string
	Snapshot       string // the market data's date
	// MarketSource names where the comparables' prices come from, as a
	// phrase ("Inside Airbnb's snapshot of October 5, 2025", "Airbnb's search
	// on 25 November 2026 for a 3-night stay from 9 December"); default
	// the Inside Airbnb snapshot's.
	MarketSource string
	// Basis says what the comparables were matched on ("Entire home/apt,
	// 1–3 bedrooms, within 15 km"); default "same room type, similar
	// bedrooms, nearby".
	Basis string
	// Self is the listing's own row in the market data, if it is there.
	Self *market.Listing
	// Calendar is the listing's availability (with prices when the source
	// gives them); CalendarSource says where it came from.
	Calendar       []listing.CalendarDay
	CalendarSource string
	// CalendarIsSnapshot says the calendar is a market snapshot's: it is
	// read from its first day (the snapshot date), as it stood then.
	CalendarIsSnapshot bool
	// SnapshotPrices counts the snapshot's calendars that list prices and
	// those whose prices vary (market.DB.CalendarPrices); read only when
	// CalendarIsSnapshot. When none varies, the calendar's prices are the
	// data's artefact, not the host's pricing, and give no advice.
	SnapshotPrices market.CalendarPrices
	Today          time.Time
}

// PriceEstimate is a range for a comparable listing when the listing's own
// price is unknown. It is an estimate and labelled as one.
type PriceEstimate struct {
	Low     float64 `json:"low"`
	Typical float64 `json:"typical"`
	High    float64 `json:"high"`
	Basis   string  `json:"basis"`
}

// PricingAnalysis is the pricing analyzer's result. Prices are per night.
type PricingAnalysis struct {
	Status      string   `json:"status"`
	Currency    string   `json:"currency,omitempty"`
	Price       *float64 `json:"price,omitempty"`
	PriceSource string   `json:"price_source,omitempty"`
	Comparables int      `json:"comparables"` // comparables with a price
	P25         *float64 `json:"p25,omitempty"`
	P50         *float64 `json:"p50,omitempty"`
	P75         *float64 `json:"p75,omitempty"`
	// Percentile is the listing's price rank among comparables (0–100, ties
	// counted half).
	Percentile *float64       `json:"percentile,omitempty"`
	Position   string         `json:"position,omitempty"` // "below", "within" or "above" the middle half
	Estimate   *PriceEstimate `json:"estimate,omitempty"`
	// Weekday and weekend averages over the next 90 days of the calendar,
	// when it has prices (weekend = Friday and Saturday nights).
	WeekdayAverage *float64 `json:"weekday_average,omitempty"`
	WeekendAverage *float64 `json:"weekend_average,omitempty"`
	WeekendPremium *float64 `json:"weekend_premium_percent,omitempty"`
	// averagedOver names the nights the two averages are over ("the 61
	// priced nights from December 1, 2026 to January 30, 2027"): the
	// window is up to 90 days, and a calendar may price fewer.
	averagedOver string
	// CalendarPricesFlat says the calendar's prices were not read: every
	// calendar in the snapshot shows one flat price all year, a limit of
	// the data said in the explanation, never an action.
	CalendarPricesFlat bool `json:"calendar_prices_flat,omitempty"`
	// OpenNext14 is how many of the next 14 nights are open, -1 without a
	// calendar.
	OpenNext14 int      `json:"open_next_14"`
	Advice     []string `json:"advice"`
	// GeneralGuidance is true when the advice is general, not from this
	// listing's calendar.
	GeneralGuidance bool     `json:"general_guidance"`
	Findings        Findings `json:"findings"`
	Explanation     string   `json:"explanation"`
}

// Scored says whether the pricing section gets a score: only from the
// listing's own prices — its nightly price placed among comparables, or
// its calendar's weekend and weekday prices. The comparables' range alone
// (an estimate, the price unread) says nothing about the listing's
// pricing, so it is shown and not scored (issue 43: "Pricing 60/100"
// under "we could not read your nightly price"). The overall score and
// the task priorities both ask this.
func (a PricingAnalysis) Scored() bool {
	return a.Status == PricingCompared || a.WeekdayAverage != nil
}

// NotScoredReason says why the section has no score, for the task
// priorities; "" when it is scored.
func (a PricingAnalysis) NotScoredReason() string {
	switch {
	case a.Scored():
		return ""
	case a.Status == PricingEstimate && a.Price == nil && a.Estimate != nil && strings.Contains(a.Estimate.Basis, "not the market's"):
		return "Not assessed: your price is in another currency than the market data, so it was not placed among comparable listings; their range is shown as an estimate."
	case a.Status == PricingEstimate:
		return "Not assessed: your nightly price could not be read, so it was not placed among comparable listings; their range is shown as an estimate, not a score."
	case a.Price != nil:
		return "Not assessed: your price was read, but there were no comparable listings or calendar prices to judge it against."
	}
	return "Not assessed: no nightly price, calendar prices or comparable listings were available."
}

// scoreBasis says what the section's score measures, when it has one
// and it is not what the status already says: a score from the calendar
// alone.
func (a PricingAnalysis) scoreBasis() string {
	if a.Scored() && a.Status != PricingCompared {
		return "The pricing score measures only how the calendar's weekend and weekday prices compare; your nightly price was not placed among comparable listings."
	}
	return ""
}

// PriceQuartiles are the 25th, 50th and 75th percentiles of nightly
// prices (linear interpolation), each rounded to a whole unit of the
// currency, halves away from zero. Every place that shows them (the
// estimate's range, the percentile table, the market facts, the PDF)
// writes money without cents; rounded once here, they read the same
// everywhere (issue 43: "Typical $115–$145" beside "75th percentile
// $144" was 144.5 rounded two ways).
func PriceQuartiles(prices []float64) (p25, p50, p75 float64) {
	q := func(f float64) float64 { v, _ := Quantile(prices, f); return math.Round(v) }
	return q(0.25), q(0.5), q(0.75)
}

// NightlyPrice returns the listing's nightly price and where it came from:
// the page's price when it is per night, else the listing's own price in the
// market snapshot.
func NightlyPrice(l *listing.Listing, self *market.Listing, snapshot string) (price float64, currency, source string, ok bool) {
	if p := l.Price; p != nil && p.Amount > 0 {
		per := strings.ToLower(strings.TrimSpace(p.Period))
		if per == "" || per == "night" || per == "nightly" || per == "per night" {
			return p.Amount, p.Currency, "listing page", true
		}
	}
	if self != nil && self.Price > 0 {
		return self.Price, "", "Inside Airbnb snapshot of " + LongDate(snapshot), true
	}
	return 0, "", "", false
}

// RatingOutOf5 is the listing's overall rating on a 5-point scale, 0 when
// there is none.
func RatingOutOf5(l *listing.Listing) float64 {
	r := l.Ratings
	if r.Overall <= 0 {
		return 0
	}
	scale := r.Scale
	if scale <= 0 {
		scale = 5
	}
	return r.Overall / scale * 5
}

// AnalyzePricing places the listing's nightly price among the comparables'
// (quartiles by linear interpolation, percentile rank with ties counted
// half) and reads weekday, weekend and last-minute patterns from the
// calendar.
func AnalyzePricing(in PricingInput) PricingAnalysis {
	l := in.Listing
	a := PricingAnalysis{Advice: []string{}, Findings: Findings{}, OpenNext14: -1}
	price, cur, src, hasPrice := NightlyPrice(l, in.Self, in.Snapshot)
	if cur == "" && src != "listing page" {
		cur = in.MarketCurrency
	}
	if hasPrice {
		a.Price, a.PriceSource, a.Currency = ptr(numfmt.Round2(price)), src, cur
	}
	var prices, ratings []float64
	for _, c := range in.Comparables {
		if c.Price > 0 {
			prices = append(prices, c.Price)
		}
		if c.Rating > 0 && c.ReviewCount > 0 {
			ratings = append(ratings, c.Rating)
		}
	}
	a.Comparables = len(prices)
	sameCurrency := cur == "" || in.MarketCurrency == "" || strings.EqualFold(cur, in.MarketCurrency)
	switch {
	case len(prices) >= MinComparables:
		p25, p50, p75 := PriceQuartiles(prices)
		a.P25, a.P50, a.P75 = ptr(p25), ptr(p50), ptr(p75)
		mcur := in.MarketCurrency
		switch {
		case hasPrice && sameCurrency:
			a.Status = PricingCompared
			if a.Currency == "" {
				a.Currency = mcur
			}
			pr, _ := PercentileRank(prices, price)
			a.Percentile = ptr(round1(pr))
			a.Position = position(price, p25, p75)
			ratingPct := -1.0
			if r := RatingOutOf5(l); r > 0 && len(ratings) >= MinComparables {
				ratingPct, _ = PercentileRank(ratings, r)
			}
			pricingFindings(&a, price, ratingPct)
		default:
			a.Status = PricingEstimate
			a.Currency = mcur
			matched := in.Basis
			if matched == "" {
				matched = "same room type, similar bedrooms, nearby"
			}
			basis := fmt.Sprintf("the middle half of nightly prices of %s (%s) in %s", plural(len(prices), "comparable listing", "comparable listings"), matched, in.marketSource())
			if hasPrice && !sameCurrency {
				basis += fmt.Sprintf("; your page shows %s, not the market's %s, so the two were not compared", cur, in.MarketCurrency)
				a.Price = nil
				a.PriceSource = ""
			}
			a.Estimate = &PriceEstimate{Low: p25, Typical: p50, High: p75, Basis: basis}
			why := "We could not read your nightly price, so this is not a comparison."
			if hasPrice {
				why = "Your price is in a different currency from the market data, so this is not a comparison."
			}
			// A fact about the market, not a gap measured in the listing:
			// it neither scores the section nor ranks as an action.
			a.Findings = append(a.Findings, Finding{Code: "pricing.estimate", Severity: SeverityInfo,
				Message: fmt.Sprintf("Estimate: comparable listings charge %s–%s a night (median %s). %s", numfmt.Money(p25, mcur), numfmt.Money(p75, mcur), numfmt.Money(p50, mcur), why),
				Action:  "Check your base price against this range."})
		}
	case hasPrice:
		a.Status = PricingNoComparables
	default:
		a.Status = PricingNotEnoughData
	}

	calendarAdvice(&a, in)
	if hasPrice {
		calendarMismatch(&a, in, price, src)
	}
	if a.Status == PricingNotEnoughData && a.WeekdayAverage == nil {
		a.Findings = append(a.Findings, Finding{Code: "pricing.no_data", Severity: SeverityInfo,
			Message: "Not enough data: no nightly price was readable and no comparable market data was available."})
	}
	a.Explanation = pricingExplanation(a, in)
	withEvidence(a.Findings, pricingEvidence(a, in)...)
	return a
}

// pricingEvidence is what the pricing findings rest on: the nightly price
// and where it was read, the comparables' prices and where they come from,
// the calendar's nights.
func pricingEvidence(a PricingAnalysis, in PricingInput) []Evidence {
	var ev []Evidence
	switch {
	case a.Price != nil:
		ev = append(ev, Evidence{Field: listing.FieldPrice, Value: numfmt.Money(*a.Price, a.Currency) + " a night", Where: "the " + a.PriceSource})
	default:
		ev = append(ev, Evidence{Field: listing.FieldPrice, Where: "not read", Note: "no nightly price on the page (sites show prices only for chosen dates)"})
	}
	if a.Comparables > 0 {
		ev = append(ev, Evidence{Field: "market", Value: plural(a.Comparables, "comparable listing's price", "comparable listings' prices"), Where: in.marketSource()})
	}
	if n := len(in.Calendar); n > 0 {
		ev = append(ev, Evidence{Field: listing.FieldCalendar, Value: plural(n, "night", "nights") + " of availability", Where: sourcePhrase(in.CalendarSource)})
	}
	return ev
}

func pricingFindings(a *PricingAnalysis, price, ratingPct float64) {
	c := a.Currency
	rated := ""
	if ratingPct >= 0 {
		rated = fmt.Sprintf(" Its rating is at the %s percentile of comparables.", ordinal(ratingPct))
	}
	switch a.Position {
	case "below":
		sev := SeverityMedium
		if ratingPct >= 50 {
			sev = SeverityHigh
		}
		a.Findings = append(a.Findings, Finding{Code: "pricing.below_market", Severity: sev,
			Message: fmt.Sprintf("At %s a night the listing is cheaper than %.0f%% of comparables (25th percentile %s, median %s).%s",
				numfmt.Money(price, c), 100-*a.Percentile, numfmt.Money(*a.P25, c), numfmt.Money(*a.P50, c), rated),
			Action: fmt.Sprintf("Test a higher base price, towards %s–%s, and watch bookings for two weeks.", numfmt.Money(*a.P25, c), numfmt.Money(*a.P50, c))})
	case "above":
		sev := SeverityMedium
		if ratingPct >= 0 && ratingPct < 50 {
			sev = SeverityHigh
		}
		a.Findings = append(a.Findings, Finding{Code: "pricing.above_market", Severity: sev,
			Message: fmt.Sprintf("At %s a night the listing costs more than %.0f%% of comparables (75th percentile %s, median %s).%s",
				numfmt.Money(price, c), *a.Percentile, numfmt.Money(*a.P75, c), numfmt.Money(*a.P50, c), rated),
			Action: "A premium price needs premium photos, amenities and reviews; if nights stay open, lower it towards the 75th percentile."})
	default:
		a.Findings = append(a.Findings, Finding{Code: "pricing.within_market", Severity: SeverityLow,
			Message: fmt.Sprintf("At %s a night the listing sits in the middle half of comparables (%s–%s).", numfmt.Money(price, c), numfmt.Money(*a.P25, c), numfmt.Money(*a.P75, c)),
			Action:  "Keep the base price; adjust by day of week and lead time."})
	}
}

// MaxCalendarGap is how far the calendar's nightly prices may be from the
// listed price before the report says so.
const MaxCalendarGap = 0.30

// calendarMismatch says when the listed price and the calendar's prices
// over the same window differ by more than MaxCalendarGap: one of them is
// out of date (a snapshot's) or the calendar carries seasonal rates, and
// the host should know which the report compared.
func calendarMismatch(a *PricingAnalysis, in PricingInput, price float64, src string) {
	days, _, _ := calendarWindow(in.Calendar, in.Today, 90, in.CalendarIsSnapshot)
	var sum float64
	n := 0
	for _, d := range days {
		if d.Price != nil && d.Price.Amount > 0 {
			sum += d.Price.Amount
			n++
		}
	}
	if n == 0 || price <= 0 {
		return
	}
	avg := sum / float64(n)
	gap := math.Abs(avg-price) / price
	if gap <= MaxCalendarGap {
		return
	}
	a.Findings = append(a.Findings, Finding{Code: "pricing.calendar_mismatch", Severity: SeverityInfo,
		Message: fmt.Sprintf("The nightly price from the %s (%s) and the calendar's prices (%s on average over %s) differ by %.0f%%: one may be out of date, or the calendar carries seasonal rates. The comparison uses %s.",
			src, numfmt.Money(price, a.Currency), numfmt.Money(avg, a.Currency), plural(n, "priced night", "priced nights"), 100*gap, numfmt.Money(price, a.Currency))})
}

// calendarAdvice adds weekday/weekend and last-minute advice from up to
// 90 days of the calendar, or general guidance without one.
func calendarAdvice(a *PricingAnalysis, in PricingInput) {
	days, start, shifted := calendarWindow(in.Calendar, in.Today, 90, in.CalendarIsSnapshot)
	next14 := "the next 14 nights"
	if shifted {
		next14 = "the 14 nights from " + start.Format(DateLayout)
	}
	if len(days) == 0 {
		a.GeneralGuidance = true
		a.Advice = append(a.Advice,
			"General guidance (no calendar data): price Friday and Saturday nights above weekdays, since that is when leisure demand peaks.",
			lastMinuteAdvice(RulesFor(in.Listing)))
		return
	}
	flat := in.CalendarIsSnapshot && in.SnapshotPrices.Flat()
	if flat {
		a.CalendarPricesFlat = true
		a.Findings = append(a.Findings, Finding{Code: "pricing.calendar_flat", Severity: SeverityInfo,
			Message: FlatCalendarSentence(in.CalendarSource, in.SnapshotPrices)})
	}
	var wk, we []float64
	var first, last time.Time
	for _, d := range days {
		if flat || d.Price == nil || d.Price.Amount <= 0 {
			continue
		}
		if first.IsZero() {
			first = d.t
		}
		last = d.t // days are in date order
		if isWeekendNight(d.t) {
			we = append(we, d.Price.Amount)
		} else {
			wk = append(wk, d.Price.Amount)
		}
	}
	if len(wk) > 0 && len(we) > 0 {
		mwk, _ := Mean(wk)
		mwe, _ := Mean(we)
		a.WeekdayAverage, a.WeekendAverage = ptr(numfmt.Round2(mwk)), ptr(numfmt.Round2(mwe))
		prem := round1((mwe/mwk - 1) * 100)
		a.WeekendPremium = &prem
		// Said as what was averaged, not as the window asked for: a
		// calendar read for 61 nights is not "the next 90 days".
		a.averagedOver = fmt.Sprintf("the %s from %s to %s", plural(len(wk)+len(we), "priced night", "priced nights"),
			first.Format(DateLayout), last.Format(DateLayout))
		if prem < 5 {
			a.Findings = append(a.Findings, Finding{Code: "pricing.flat_weekends", Severity: SeverityMedium,
				Message: fmt.Sprintf("Friday and Saturday nights average %s against %s on weekdays (%+.1f%%) over %s.", numfmt.Money(mwe, a.Currency), numfmt.Money(mwk, a.Currency), prem, a.averagedOver),
				Action:  "Price weekend nights above weekdays, or turn on dynamic pricing."})
			a.Advice = append(a.Advice, fmt.Sprintf("Your weekend nights cost only %.1f%% more than weekdays; raise Friday and Saturday prices.", prem))
		} else {
			a.Advice = append(a.Advice, fmt.Sprintf("Weekend nights already carry a %.0f%% premium over weekdays.", prem))
		}
	} else {
		// Availability tells where demand is even without prices.
		weekday, weekend := openNights(days)
		if weekday.nights > 0 && weekend.nights > 0 {
			ws, es := weekday.share(), weekend.share()
			switch {
			case es+0.15 < ws:
				a.Advice = append(a.Advice, fmt.Sprintf("Fewer weekend nights than weekdays are open (%s of weekend nights against %s of weekdays; a night not open is booked or blocked, the calendar does not say which): if they are booked, raise weekend prices, or lower weekdays.", pct(es), pct(ws)))
			case ws+0.15 < es:
				a.Advice = append(a.Advice, fmt.Sprintf("Fewer weekday nights than weekend nights are open (%s of weekend nights against %s of weekdays; a night not open is booked or blocked, the calendar does not say which): if they are booked, a weekend discount or a 2-night weekend minimum may help.", pct(es), pct(ws)))
			default:
				a.Advice = append(a.Advice, "Weekday and weekend nights are open in similar shares (a night not open is booked or blocked); a modest weekend premium is enough.")
			}
		}
	}
	open := 0
	for _, d := range days {
		if d.t.Before(start.AddDate(0, 0, 14)) && d.Available {
			open++
		}
	}
	a.OpenNext14 = open
	if open >= 7 {
		a.Advice = append(a.Advice, fmt.Sprintf("%d of %s are open: a last-minute discount on nights still open within 7 days can fill some of them.", open, next14))
		a.Findings = append(a.Findings, Finding{Code: "pricing.last_minute", Severity: SeverityLow,
			Message: fmt.Sprintf("%d of %s are still open.", open, next14), Action: "Offer a last-minute discount."})
	}
}

// marketSource is where the comparables' prices come from, as a phrase.
func (in PricingInput) marketSource() string {
	if in.MarketSource != "" {
		return in.MarketSource
	}
	return "Inside Airbnb's snapshot of " + LongDate(in.Snapshot)
}

func pricingExplanation(a PricingAnalysis, in PricingInput) string {
	var s string
	switch a.Status {
	case PricingCompared:
		s = fmt.Sprintf("Your nightly price of %s (from the %s) is at the %s percentile of %s in %s: 25th percentile %s, median %s, 75th percentile %s.",
			numfmt.Money(*a.Price, a.Currency), a.PriceSource, ordinal(*a.Percentile), plural(a.Comparables, "comparable listing", "comparable listings"), in.marketSource(), numfmt.Money(*a.P25, a.Currency), numfmt.Money(*a.P50, a.Currency), numfmt.Money(*a.P75, a.Currency))
	case PricingEstimate:
		s = fmt.Sprintf("Estimate, not your price: comparable listings charge %s–%s a night (median %s), based on %s.",
			numfmt.Money(a.Estimate.Low, a.Currency), numfmt.Money(a.Estimate.High, a.Currency), numfmt.Money(a.Estimate.Typical, a.Currency), a.Estimate.Basis)
	case PricingNoComparables:
		s = fmt.Sprintf("Your nightly price is %s (from the %s). No comparable market data could be read for this area, so it was not compared.", numfmt.Money(*a.Price, a.Currency), a.PriceSource)
	default:
		s = "Not enough data: no nightly price was readable and there was no comparable market data, so no price position is given."
	}
	if b := a.scoreBasis(); b != "" {
		s += " " + b
	}
	if a.WeekendPremium != nil {
		from := ""
		if in.CalendarSource != "" {
			from = " of the " + in.CalendarSource
		}
		s += fmt.Sprintf(" Over %s%s, weekend nights average %s and weekdays %s.", a.averagedOver, from, numfmt.Money(*a.WeekendAverage, a.Currency), numfmt.Money(*a.WeekdayAverage, a.Currency))
	} else if a.CalendarPricesFlat {
		s += " " + FlatCalendarSentence(in.CalendarSource, in.SnapshotPrices)
	} else if a.GeneralGuidance {
		s += " Weekday, weekend and last-minute advice is general guidance because no calendar was available."
	}
	return s
}

// FlatCalendarSentence says, as a limit of the data, that a snapshot's
// calendars show one flat price all year, so weekend and seasonal pricing
// cannot be read from them.
func FlatCalendarSentence(source string, p market.CalendarPrices) string {
	return fmt.Sprintf("Limit of the data: every one of the %s in the %s shows one flat price all year (none of them varies), so the calendar cannot show weekend or seasonal pricing; no weekend-pricing advice or revenue gain is drawn from it.",
		plural(p.Priced, "priced calendar", "priced calendars"), source)
}

// calDay is a calendar day with its parsed date.
type calDay struct {
	listing.CalendarDay
	t time.Time
}

// calendarWindow returns the calendar days in [start, start+days) where
// start is today, or the calendar's first day when fromFirst is set (a
// market snapshot's calendar) or when it has no day from today on. shifted
// reports a start other than today.
func calendarWindow(cal []listing.CalendarDay, today time.Time, days int, fromFirst bool) (out []calDay, start time.Time, shifted bool) {
	start = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if len(cal) == 0 {
		return nil, start, false
	}
	parsed := make([]calDay, 0, len(cal))
	for _, d := range cal {
		t, err := time.Parse("2006-01-02", d.Date)
		if err != nil {
			continue
		}
		parsed = append(parsed, calDay{d, t})
	}
	if len(parsed) == 0 {
		return nil, start, false
	}
	hasFuture := false
	first := parsed[0].t
	for _, d := range parsed {
		if !d.t.Before(start) {
			hasFuture = true
		}
		if d.t.Before(first) {
			first = d.t
		}
	}
	if !hasFuture || fromFirst {
		start, shifted = first, true
	}
	end := start.AddDate(0, 0, days)
	for _, d := range parsed {
		if !d.t.Before(start) && d.t.Before(end) {
			out = append(out, d)
		}
	}
	sortCal(out)
	return out, start, shifted
}

func sortCal(ds []calDay) {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].t.Before(ds[j].t) })
}

// isWeekendNight reports Friday and Saturday nights.
func isWeekendNight(t time.Time) bool {
	return t.Weekday() == time.Friday || t.Weekday() == time.Saturday
}

// openCount is how many of some nights are open.
type openCount struct{ open, nights int }

// share is the open nights' share; the caller checks nights > 0.
func (c openCount) share() float64 { return float64(c.open) / float64(c.nights) }

// openNights counts the open nights among the weekday and the weekend
// nights of days apart: where the calendar says demand falls.
func openNights(days []calDay) (weekday, weekend openCount) {
	for _, d := range days {
		c := &weekday
		if isWeekendNight(d.t) {
			c = &weekend
		}
		c.nights++
		if d.Available {
			c.open++
		}
	}
	return weekday, weekend
}

func ptr[T any](v T) *T { return &v }

// lastMinuteAdvice names the listing's own site's setting when we cite one.
func lastMinuteAdvice(r PlatformRules) string {
	s := "General guidance (no calendar data): a small discount on nights still open in the final week can fill them"
	if r.LastMinute != "" {
		return s + "; check " + r.LastMinute + "."
	}
	return s + "."
}

package report

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"
)

// marketAnalysis builds the Premium market analytics from the comparables.
func (an *analyses) marketAnalysis() *MarketAnalysis {
	md, l, p, a, seasons, asOf := an.md, an.l, an.pricing, an.amen, an.seasons.result, an.now
	m := &MarketAnalysis{CommonAmongBest: []analysis.AmenityShare{}, TitlePatterns: []TitlePattern{}, List: []Comparable{}}
	if md.comps == nil || len(md.comps.Listings) == 0 {
		m.Note = md.note
		if m.Note == "" {
			m.Note = MsgNoMarket
		}
		m.Explanation = m.Note
		return m
	}
	c := md.comps
	m.Available = true
	m.Market, m.Snapshot, m.Basis, m.Comparables = c.Market, c.Snapshot, basisOf(c), len(c.Listings)
	m.RadiusKm = c.RadiusKm
	m.Currency = md.currency
	if c.Live() {
		m.Source, m.StayCheckin, m.StayCheckout = market.SourceLive, c.StayCheckin, c.StayCheckout
		m.Missing = append([]string{}, c.Missing...)
	} else {
		m.Source, m.Attribution = market.SourceInsideAirbnb, market.Attribution
	}
	m.List = comparableList(c)
	m.TitlePatterns = titlePatterns(c.Listings, l.Title)
	var prices, ratings, reviews, occ, rev, amen []float64
	superhosts, instant := 0, 0
	for _, x := range c.Listings {
		if x.Price > 0 {
			prices = append(prices, x.Price)
		}
		if x.Rating > 0 && x.ReviewCount > 0 {
			ratings = append(ratings, x.Rating)
		}
		reviews = append(reviews, float64(x.ReviewCount))
		if x.EstimatedOccupancyNights > 0 {
			occ = append(occ, float64(x.EstimatedOccupancyNights))
		}
		if x.EstimatedRevenue > 0 {
			rev = append(rev, x.EstimatedRevenue)
		}
		if len(x.Amenities) > 0 {
			amen = append(amen, float64(len(x.Amenities)))
		}
		if x.Superhost {
			superhosts++
		}
		if x.InstantBookable {
			instant++
		}
	}
	q := func(v []float64, f float64) float64 {
		x, _ := analysis.Quantile(v, f)
		return numfmt.Round2(x)
	}
	m.PriceP25, m.PriceP50, m.PriceP75 = analysis.PriceQuartiles(prices) // rounded as the pricing section's
	m.MedianRating, m.MedianReviews = q(ratings, 0.5), q(reviews, 0.5)
	m.MedianOccupancyNights, m.MedianRevenue, m.MedianAmenities = q(occ, 0.5), q(rev, 0.5), q(amen, 0.5)
	if c.States(market.StatedSuperhost) {
		m.SuperhostShare = shareOf(superhosts, len(c.Listings))
	}
	if c.States(market.StatedInstantBook) {
		m.InstantBookShare = shareOf(instant, len(c.Listings))
	}
	if c.Live() {
		favorites := 0
		for _, x := range c.Listings {
			if x.GuestFavorite {
				favorites++
			}
		}
		m.GuestFavoriteShare = shareOf(favorites, len(c.Listings))
	}
	m.Ratings, m.ReviewCounts = ratingDistributions(l, shownFigures{ratings: ratings, reviews: reviews, comparables: len(c.Listings)})
	m.TodayPrices = todayPrices(md.today)
	if md.self != nil {
		m.ListingInData = true
		m.ListingOccupancyNights = md.self.EstimatedOccupancyNights
		m.ListingRevenue = md.self.EstimatedRevenue
	}
	m.PricePercentile = p.Percentile
	if r := analysis.RatingOutOf5(l); r > 0 && len(ratings) >= analysis.MinComparables {
		v, _ := analysis.PercentileRank(ratings, numfmt.Round2(r))
		v = math.Round(v*10) / 10
		m.RatingPercentile = &v
	}
	if l.ReviewCount > 0 || l.Has(listing.FieldReviewCount) {
		v, _ := analysis.PercentileRank(reviews, float64(l.ReviewCount))
		v = math.Round(v*10) / 10
		m.ReviewPercentile = &v
	}
	if a.Market != nil {
		m.BestPerformers, m.RankedBy = a.Market.BestPerformers, a.Market.RankedBy
		m.CommonAmongBest = a.Market.CommonAmongBest
	}
	s := fmt.Sprintf("%s comparable listings (%s) in Inside Airbnb's %s snapshot of %s.", numfmt.Thousands(m.Comparables), m.Basis, m.Market, analysis.LongDate(m.Snapshot))
	if c.Live() {
		s = fmt.Sprintf("%s comparable listings (%s) found in %s's own search around this listing on %s; prices are what each showed for a %s stay from %s.",
			numfmt.Thousands(m.Comparables), m.Basis, searchSite(c.Market), analysis.LongDate(c.Snapshot), stayNights(c), analysis.LongDate(c.StayCheckin))
	}
	if len(prices) > 0 {
		s += fmt.Sprintf(" Nightly prices: 25th percentile %s, median %s, 75th percentile %s.", numfmt.Money(m.PriceP25, m.Currency), numfmt.Money(m.PriceP50, m.Currency), numfmt.Money(m.PriceP75, m.Currency))
	}
	if len(occ) > 0 {
		s += fmt.Sprintf(" Median estimated occupancy %.0f nights over the year before the snapshot", m.MedianOccupancyNights)
		if len(rev) > 0 {
			s += fmt.Sprintf(", median estimated revenue %s", numfmt.Money(m.MedianRevenue, m.Currency))
		}
		s += " (Inside Airbnb's estimates)."
	}
	if c.Live() {
		if len(m.Missing) > 0 {
			s += " Not everything could be read: " + strings.Join(m.Missing, "; ") + "."
		}
		s += " Search results do not list amenities, occupancy or revenue, so those are not compared."
	} else {
		s += " " + market.Attribution + "."
	}
	m.Explanation = s

	var selfOcc, selfRev *float64
	if md.self != nil && md.self.EstimatedOccupancyNights > 0 {
		v := float64(md.self.EstimatedOccupancyNights)
		selfOcc = &v
	}
	if md.self != nil && md.self.EstimatedRevenue > 0 {
		selfRev = &md.self.EstimatedRevenue
	}
	if d := analysis.Distribute(occ, selfOcc); d != nil {
		d.Explanation = estimateWords{what: "booked nights", inData: md.self != nil,
			format: func(v float64) string { return plural(int(math.Round(v)), "night", "nights") }}.explain(d, len(c.Listings))
		m.EstimatedOccupancy = d
	}
	if d := analysis.Distribute(rev, selfRev); d != nil {
		d.Explanation = estimateWords{what: "revenue", inData: md.self != nil,
			format: func(v float64) string { return numfmt.Money(v, m.Currency) }}.explain(d, len(c.Listings))
		m.EstimatedRevenue = d
	}
	m.Seasonality = seasons
	if seasons != nil && md.self == nil && !c.Live() {
		seasons.Explanation += " This listing is not in Inside Airbnb's data, so its own calendar is not compared with the market's."
	}
	if age := snapshotAge(seasons, asOf); age != "" {
		// A snapshot's months are the calendars as they stood on its date:
		// named with that date and its age, never as the coming season.
		seasons.Explanation += fmt.Sprintf(" The calendars are as they stood on %s, %s before this report (%s): not a forecast of the coming season.",
			analysis.LongDate(seasons.Start), age, analysis.LongDate(asOf.Format(time.DateOnly)))
	}
	return m
}

// shareOf is n of all as a share rounded to hundredths.
func shareOf(n, all int) *float64 {
	v := numfmt.Round2(float64(n) / float64(all))
	return &v
}

// estimateWords are how an Inside Airbnb estimate is named and its
// figures written, and whether the listing is in the data.
type estimateWords struct {
	what   string
	format func(float64) string
	inData bool
}

// explain says where the estimate's quartiles come from and where the
// listing falls, or plainly why it is not placed.
func (w estimateWords) explain(d *analysis.Distribution, comparables int) string {
	what, format, inData := w.what, w.format, w.inData
	s := fmt.Sprintf("Inside Airbnb's estimate of %s over the 12 months before the snapshot, for the %s of %s comparable listings with an estimate above zero: "+
		"25th percentile %s, median %s, 75th percentile %s.", what, numfmt.Thousands(d.Comparables), numfmt.Thousands(comparables), format(d.P25), format(d.P50), format(d.P75))
	switch {
	case d.Listing != nil:
		s += fmt.Sprintf(" This listing's estimate, %s, is at the %s percentile of them, %s their middle half.",
			format(*d.Listing), analysis.Ordinal(*d.ListingPercentile), d.Position)
	case inData:
		s += fmt.Sprintf(" Inside Airbnb's data shows no %s for this listing in that year (an estimate of zero or none), so it is not placed among them.", what)
	default:
		s += fmt.Sprintf(" This listing is not in Inside Airbnb's data, so its own %s are not known and it is not placed among them.", what)
	}
	return s + " These are Inside Airbnb's estimates, not booking records."
}

// radiusExplanation says how far the comparables were searched and lie.
func radiusExplanation(c *market.Comparables) string {
	if c == nil || len(c.Listings) == 0 {
		return ""
	}
	near, far := c.Listings[0].DistanceKm, c.Listings[0].DistanceKm
	for _, x := range c.Listings {
		near, far = math.Min(near, x.DistanceKm), math.Max(far, x.DistanceKm)
	}
	return fmt.Sprintf("Comparable listings are searched within %s km of the listing's map position (great-circle distance), with the same room type (%s) and %s; "+
		"the %s found lie %.1f–%.1f km away.", trim(c.RadiusKm), c.RoomType, bedroomRange(c), numfmt.Thousands(len(c.Listings)), near, far)
}

// bedroomRange is what comparables were matched on besides room type;
// the market package words it.
func bedroomRange(c *market.Comparables) string { return c.SizeRange() }

// performanceInsights builds the Premium revenue insights and strategic
// recommendations, all drawn from the analyses and r's market analytics.
func (a *analyses) performanceInsights(r *Result) *PerformanceInsights {
	l, rev, recs, desc, reviews := a.l, a.revenue, a.actions, a.desc, a.revs
	pi := &PerformanceInsights{RevenueInsights: []string{}, StrategicRecommendations: []string{}, SEOKeywords: []string{}}
	for _, c := range rev.Components {
		pi.RevenueInsights = append(pi.RevenueInsights, fmt.Sprintf("%s: +%s–%s%% (%s).", c.Change, trim(c.Low), trim(c.High), sourceShort(c)))
	}
	if rev.Baseline != nil {
		pi.RevenueInsights = append(pi.RevenueInsights, fmt.Sprintf("On Inside Airbnb's estimate of %s a year for this listing, the projection is about %s–%s a year.",
			numfmt.Money(rev.Baseline.AnnualRevenue, rev.Baseline.Currency), numfmt.Money(rev.Baseline.GainLow, rev.Baseline.Currency), numfmt.Money(rev.Baseline.GainHigh, rev.Baseline.Currency)))
	}
	if m := r.MarketAnalysisData; m != nil && m.Available && m.MedianRevenue > 0 {
		// "The last year" is the snapshot's, not the report's: a snapshot
		// may be a year old when the report is made.
		pi.RevenueInsights = append(pi.RevenueInsights, fmt.Sprintf("Comparable listings have a median estimated revenue of %s over the year before Inside Airbnb's snapshot of %s.",
			numfmt.Money(m.MedianRevenue, m.Currency), analysis.LongDate(m.Snapshot)))
	}
	if m := r.MarketAnalysisData; m != nil && m.Available {
		if d := m.EstimatedRevenue; d != nil && d.ListingPercentile != nil {
			pi.RevenueInsights = append(pi.RevenueInsights, fmt.Sprintf("This listing's estimated revenue is at the %s percentile of comparables, whose middle half earn %s–%s a year (Inside Airbnb's estimates).",
				analysis.Ordinal(*d.ListingPercentile), numfmt.Money(d.P25, m.Currency), numfmt.Money(d.P75, m.Currency)))
		}
		if s := m.Seasonality; s != nil && s.BusiestMonth != "" {
			busy, quiet := s.Extremes()
			source := s.Source
			if age := snapshotAge(s, r.GeneratedAt); age != "" {
				source += ", " + age + " before this report"
			}
			pi.RevenueInsights = append(pi.RevenueInsights, fmt.Sprintf("In the comparables' calendars, %s has the most nights not available (%.0f%%, booked or blocked) and %s the fewest (%.0f%%) (%s).",
				analysis.MonthName(busy.Month), busy.UnavailableShare*100, analysis.MonthName(quiet.Month), quiet.UnavailableShare*100, source))
		}
	}
	if len(pi.RevenueInsights) == 0 {
		pi.RevenueInsights = append(pi.RevenueInsights, "No revenue gain is projected. "+rev.Needs)
	}
	for i, rc := range recs {
		if i == 5 {
			break
		}
		pi.StrategicRecommendations = append(pi.StrategicRecommendations, rc.Finding+" "+rc.Action)
	}
	pi.WordCount.Original = desc.WordCount
	for _, w := range prose.Words(r.OptimizedDescription) {
		if hasLetter(w) {
			pi.WordCount.Optimized++
		}
	}
	for _, k := range desc.Keywords {
		pi.SEOKeywords = append(pi.SEOKeywords, k.Keyword)
	}
	pi.PhotoCount = len(l.Photos)
	pi.ReviewSentiment = reviews.Summary
	return pi
}

func sourceShort(c analysis.RevenueComponent) string {
	if c.Kind == "computed" {
		return "computed from your calendar"
	}
	s := c.Source
	if i := strings.Index(s, ":"); i > 0 {
		s = s[:i]
	}
	return s
}

// dataSources lists what the report used.
func (a *analyses) dataSources() []DataSource {
	l, md, revs, measured := a.l, a.md, a.revs, a.measured
	cal, calSource, reviews, revSource := a.reads.cal, a.reads.calSource, a.reads.reviews, a.reads.revSource
	fields := make([]string, 0, len(l.Sources))
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldPropertyType, listing.FieldRoomType, listing.FieldCapacity,
		listing.FieldBedrooms, listing.FieldBeds, listing.FieldBaths, listing.FieldLocation, listing.FieldCoordinates, listing.FieldAmenities,
		listing.FieldPhotos, listing.FieldRating, listing.FieldCategoryRatings, listing.FieldReviewCount, listing.FieldSuperhost,
		listing.FieldGuestFavorite, listing.FieldHost, listing.FieldHouseRules, listing.FieldHighlights, listing.FieldPrice} {
		if l.Has(f) {
			fields = append(fields, strings.ReplaceAll(f, "_", " "))
		}
	}
	detail := l.URL
	if len(fields) > 0 {
		detail += " (read: " + strings.Join(fields, ", ") + ")"
	}
	out := []DataSource{{Name: "Listing page", Detail: detail}}
	if len(cal) > 0 {
		ds := DataSource{Name: "Availability calendar", Detail: fmt.Sprintf("%d days from the %s", len(cal), calSource)}
		if strings.HasPrefix(calSource, "Inside Airbnb") {
			ds.Attribution = market.Attribution
		}
		out = append(out, ds)
	}
	if len(reviews) > 0 {
		// The count and the words are the review analysis's (TextsRead), so
		// this line and the review summary name the same reviews alike.
		// Inside Airbnb's summary reviews carry dates only: those are not
		// review texts, and are counted apart.
		detail := fmt.Sprintf("%s from the %s (reviewer names are never read or shown)", sentenceStart(revs.TextsRead()), revSource)
		switch {
		case revs.Texts == 0:
			detail = fmt.Sprintf("0 review texts and %s from the %s", plural(revs.NoText, "review date without text", "review dates without text"), revSource)
		case revs.NoText > 0:
			detail = fmt.Sprintf("%s and %s from the %s (reviewer names are never read or shown)",
				sentenceStart(revs.TextsRead()), plural(revs.NoText, "review date without text", "review dates without text"), revSource)
		}
		ds := DataSource{Name: "Reviews", Detail: detail}
		if strings.HasPrefix(revSource, "Inside Airbnb") {
			ds.Attribution = market.Attribution
		}
		out = append(out, ds)
	}
	if md.comps.Live() && len(md.comps.Listings) > 0 {
		c := md.comps
		detail := fmt.Sprintf("Airbnb's public search around the listing on %s: %d comparable listings (%s), their prices for a %s stay from %s",
			analysis.LongDate(c.Snapshot), len(c.Listings), basisOf(c), stayNights(c), analysis.LongDate(c.StayCheckin))
		if c.CalendarsAsked > 0 {
			detail += fmt.Sprintf(", and the availability calendars of the nearest %d (%d read)", c.CalendarsAsked, c.CalendarsRead)
		}
		if len(c.Missing) > 0 {
			detail += "; not read: " + strings.Join(c.Missing, "; ")
		}
		out = append(out, DataSource{Name: "Live comparables", Detail: detail})
	} else if md.comps != nil && len(md.comps.Listings) > 0 {
		out = append(out, DataSource{Name: "Inside Airbnb", Attribution: market.Attribution,
			Detail: fmt.Sprintf("%s snapshot of %s: %s (%s)", md.comps.Market, analysis.LongDate(md.comps.Snapshot), plural(len(md.comps.Listings), "comparable listing", "comparable listings"), basisOf(md.comps))})
	} else {
		note := md.note
		if note == "" {
			note = MsgNoMarket
		}
		out = append(out, DataSource{Name: "Market data", Detail: note})
	}
	if md.self != nil {
		out = append(out, DataSource{Name: "Inside Airbnb (this listing)", Attribution: market.Attribution, Detail: selfDetail(md.self, md.comps)})
	}
	if len(measured) > 0 {
		ok := 0
		for _, m := range measured {
			if m.Error == "" {
				ok++
			}
		}
		out = append(out, DataSource{Name: "Photos", Detail: fmt.Sprintf("%d of %d photos downloaded and measured (resolution, brightness, sharpness, near-duplicates)", ok, len(measured))})
	}
	return out
}

// money is the report's money formatter: analysis decides it once (a

func trim(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

func hasLetter(w string) bool {
	for _, r := range w {
		if r >= 'a' && r <= 'z' || r > 127 {
			return true
		}
	}
	return false
}

// selfDetail says what the listing's own row in the market data adds. It
// names only the figures the row has (a summary file has no estimates) and
// says the listing is not among its own comparables, so the sentence never
// reads against their count ("1 comparable" beside "the listing itself is
// in the market data").
func selfDetail(self *market.Listing, comps *market.Comparables) string {
	s := "The listing itself is in the market data"
	if comps != nil && !comps.Live() {
		s += fmt.Sprintf(" (%s); it is not counted among its own comparables (%s)", self.RoomType, plural(len(comps.Listings), "listing", "listings"))
	}
	var figures []string
	if self.EstimatedOccupancyNights > 0 || self.EstimatedRevenue > 0 {
		figures = append(figures, "estimated occupancy and revenue")
	}
	if self.MinimumNights > 0 {
		figures = append(figures, "minimum stay")
	}
	if len(figures) == 0 {
		return s + "; the snapshot gives no estimated occupancy, revenue or minimum stay for it."
	}
	return s + "; its snapshot figures (" + strings.Join(figures, ", ") + ") are used where the page has none."
}

// sentenceStart capitalizes a phrase that opens a line ("the 9 most recent
// review texts" → "The 9 …"); the phrases it gets start with ASCII.
func sentenceStart(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// snapshotAge is how long before asOf a seasonality's calendars begin, in
// whole months ("14 months") or, under a month, days; "" when they begin
// on asOf or later (a live read from today) or either date is unknown.
func snapshotAge(s *analysis.Seasonality, asOf time.Time) string {
	if s == nil || asOf.IsZero() {
		return ""
	}
	start, err := time.Parse(time.DateOnly, s.Start)
	if err != nil {
		return ""
	}
	day := time.Date(asOf.Year(), asOf.Month(), asOf.Day(), 0, 0, 0, 0, time.UTC)
	if !start.Before(day) {
		return ""
	}
	months := (day.Year()-start.Year())*12 + int(day.Month()-start.Month())
	if day.Day() < start.Day() {
		months--
	}
	if months >= 1 {
		return plural(months, "month", "months")
	}
	return plural(int(day.Sub(start).Hours()/24), "day", "days")
}

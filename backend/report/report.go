// Package report assembles ListingLift's optimization report (SPEC §3
// "Backend optimization result") from a listing and, when available, its
// calendar, reviews and comparable listings in its market. Every number
// comes from package analysis; copy comes from a writing.Writer and is
// validated. The package declares the small interfaces it consumes
// (Market, PhotoFetcher, PhotoInspector), so callers plug in the market
// database, the safe fetcher and the image inspector.
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
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/writing"
)

// Market is the market data the engine reads; *market.DB satisfies it.
// Comparables returns market.ErrNoMarket when no market covers the point;
// Listing, Calendar and Reviews return an error wrapping domain.ErrNotFound
// for a listing that is not in the data.
type Market interface {
	Comparables(ctx context.Context, q market.Query) (*market.Comparables, error)
	Listing(ctx context.Context, id string) (*market.Listing, error)
	Calendar(ctx context.Context, id string) ([]market.CalendarDay, error)
	Reviews(ctx context.Context, id string, limit int) ([]market.Review, error)
}

// MarketAt is the optional part of a Market holding many markets, opened
// on first use (marketfiles.Markets): it finds a listing in the market
// covering its position, opening that market first, so the listing's own
// snapshot row is found on the market's first use too.
type MarketAt interface {
	ListingAt(ctx context.Context, id string, lat, lng float64) (*market.Listing, error)
}

// LiveMarket finds comparables around a listing today, anywhere;
// *livemarket.Source satisfies it. The answer's Source is
// market.SourceLive, with the comparables' calendars by month in Months
// and what could not be read in Missing.
type LiveMarket interface {
	Comparables(ctx context.Context, q market.Query) (*market.Comparables, error)
}

// MarketCalendar is the optional part of a Market that sums listings'
// calendars by month, for the Premium seasonality; *market.DB has it. A
// Market without it gets a report without seasonality.
type MarketCalendar interface {
	CalendarMonths(ctx context.Context, marketName, snapshot string, ids []string) ([]market.CalendarMonth, error)
}

// MarketPrices is the optional part of a Market that says whether a
// snapshot's calendars carry varying prices (*market.DB has it). Without
// it a snapshot calendar's prices are read as they are.
type MarketPrices interface {
	CalendarPrices(ctx context.Context, marketName, snapshot string) (market.CalendarPrices, error)
}

// PhotoFetcher fetches a photo's bytes. Production wires the safe fetcher
// (package safehttp) here.
type PhotoFetcher interface {
	Fetch(ctx context.Context, url string) ([]byte, error)
}

// PhotoFetcherFunc adapts a function to PhotoFetcher.
type PhotoFetcherFunc func(ctx context.Context, url string) ([]byte, error)

// Fetch calls f.
func (f PhotoFetcherFunc) Fetch(ctx context.Context, url string) ([]byte, error) { return f(ctx, url) }

// PhotoInspector measures a photo's bytes; analysis.ImageInspector is the
// implementation.
type PhotoInspector interface {
	Inspect(data []byte) (analysis.PhotoMetrics, error)
}

// Input is what Generate needs. Only Listing and Plan are required.
type Input struct {
	Listing *listing.Listing
	Plan    domain.Plan
	// Market is optional; without it the report says there was no market
	// data.
	Market Market
	// Live is optional: comparables from the platform's own search today
	// (livemarket.Source), used where no Market snapshot covers the
	// listing.
	Live LiveMarket
	// Writer writes the copy (default writing.Builtin).
	Writer writing.Writer
	// Photos fetches photos for Premium measurements (optional); Inspector
	// measures them (default analysis.ImageInspector). MaxPhotos is how many
	// are measured (default 20), PhotoConcurrency how many at once
	// (default 4).
	Photos           PhotoFetcher
	Inspector        PhotoInspector
	MaxPhotos        int
	PhotoConcurrency int
	// Now is the clock (default time.Now); "today" for the calendar is its
	// UTC date.
	Now func() time.Time
	// Progress, when set, is told each stage as Generate reaches it
	// (domain.StageAnalyzing, then domain.StageWriting), so the host's
	// progress bar follows the real work.
	Progress func(ctx context.Context, stage domain.Stage)

	// WatchWeeks are the weeks the listing's Watch checked, oldest first
	// (issue 45): from MinHistoryWeeks of them the market section shows
	// their history. Optional.
	WatchWeeks []domain.WatchWeek

	// gathered is the market look-up already made (CoverageOf), so the
	// report it predicts does not search again.
	gathered *marketData
}

// DefaultGuestRating is SPEC §2's default rating card value. The report
// never states it as the listing's: a listing without a rating read has a
// null guest_rating, and the screens say "not assessed" or "no rating yet"
// with explanations.guest_rating.
const DefaultGuestRating = 4.2

// ReviewLimit is how many reviews are read from the market data.
const ReviewLimit = analysis.MaxReviews

// MsgNoMarket is what the report says when no market covers the listing.
const MsgNoMarket = "We have no market data for this area yet, so the listing was not compared with others and no market figures are shown."

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

// Generate builds the report for in.Listing. It fails only when the input
// is invalid or ctx ends; missing data (no price, no calendar, no market)
// makes the report say so instead.
func Generate(ctx context.Context, in Input) (*Result, error) {
	if in.Listing == nil {
		return nil, domain.Errorf(domain.CodeInvalid, "No listing to analyze.")
	}
	includes, err := plans.Of(in.Plan)
	if err != nil {
		return nil, err
	}
	if in.Writer == nil {
		in.Writer = writing.Builtin{}
	}
	if in.Now == nil {
		in.Now = time.Now
	}
	if in.MaxPhotos <= 0 {
		in.MaxPhotos = 20
	}
	if in.PhotoConcurrency <= 0 {
		in.PhotoConcurrency = 4
	}
	if in.Inspector == nil {
		in.Inspector = analysis.ImageInspector{}
	}
	progress := func(stage domain.Stage) {
		if in.Progress != nil {
			in.Progress(ctx, stage)
		}
	}
	progress(domain.StageAnalyzing)
	l := in.Listing
	now := in.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	titles := includes.TitleSuggestions
	r := &Result{PackageType: in.Plan, OriginalTitle: l.Title, Title: l.Title, ListingURL: l.URL,
		Platform: string(l.Platform), Explanations: map[string]string{}, Warnings: append([]string{}, l.Warnings...),
		Layout: l.Layout(), LayoutNotice: layoutNotice(l),
		GeneratedAt: now, ImageURLs: []string{}, Amenities: []string{}, DataSources: []DataSource{}}

	var md marketData
	if in.gathered != nil {
		md = *in.gathered
	} else if md, err = gatherMarket(ctx, in, l); err != nil {
		return nil, err
	}
	// md.note is said where the market is (its section) and in the data
	// sources, not a third time among the warnings.
	if md.todayNote != "" {
		r.Warnings = append(r.Warnings, md.todayNote)
	}
	var months <-chan monthsResult
	if includes.MarketAnalytics {
		months = startCalendarMonths(ctx, in, md) // read while the analyses run
	}

	rd, warnings, err := calendarAndReviews(ctx, in, md, l)
	if err != nil {
		return nil, err
	}
	r.Warnings = append(r.Warnings, warnings...)
	cal, calSource, calSnapshot, reviews, revSource := rd.cal, rd.calSource, rd.calSnapshot, rd.reviews, rd.revSource
	snapPrices, err := snapshotPrices(ctx, in, md)
	if err != nil {
		return nil, err
	}
	var comps []market.Listing
	if md.comps != nil {
		comps = md.comps.Listings
	}

	// Analyses.
	features := analysis.ListingFeatures(l)
	title := analysis.AnalyzeTitle(l.Title, l, features, includes.TitleLimitNote)
	desc := analysis.AnalyzeDescription(l, features)
	guests := analysis.AnalyzeGuests(l, features, reviews)
	amen := analysis.AnalyzeAmenities(l, features, guests, withAmenities(comps))
	minNights := 0
	if md.self != nil {
		minNights = md.self.MinimumNights
	}
	pricing := analysis.AnalyzePricing(analysis.PricingInput{Listing: l, Comparables: comps, MarketCurrency: md.currency,
		Snapshot: snapshotOf(md), MarketSource: marketSource(md), Basis: comparablesBasis(md), Self: md.self, Calendar: cal, CalendarSource: calSource, CalendarIsSnapshot: calSnapshot, SnapshotPrices: snapPrices, Today: today})
	gaps := analysis.AnalyzeGaps(analysis.GapInput{Calendar: cal, Source: calSource, Today: today, MinNights: minNights, IsSnapshot: calSnapshot})
	revs := analysis.AnalyzeReviews(l, reviews, revSource)

	var measured []analysis.PhotoMetrics
	if includes.PhotoMeasurements && in.Photos != nil && len(l.Photos) > 0 {
		measured, err = measurePhotos(ctx, in, l.Photos)
		if err != nil {
			return nil, err
		}
	}
	photos := analysis.AuditPhotos(l, measured)
	if note := analysis.PhotoTimeNote(photos.Quality, photos.PhotoCount()); note != "" {
		r.Warnings = append(r.Warnings, note) // also in the photo section's explanation
	}
	scores := analysis.ComputeScores(analysis.ScoreInput{Listing: l, Title: title, Description: desc, Amenities: amen,
		Photos: photos, Reviews: revs, Comparables: comps})
	revenue := analysis.ProjectRevenue(analysis.RevenueInput{Platform: l.Platform, Photos: photos, Pricing: pricing, Gaps: gaps, Title: title,
		Description: desc, Amenities: amen, Reviews: revs, Self: md.self, Comparables: comps, Currency: md.currency, Snapshot: snapshotOf(md)})
	// Scores first, from their formulas alone; each action's priority then
	// follows from its finding and its section's measured score
	// (analysis.PriorityFor), and each task's from its actions.
	overall := analysis.ScoreOverall(analysis.OverallInput{Title: title, Description: desc, Photos: photos, Amenities: amen,
		Scores: scores, Pricing: pricing, Reviews: revs, Gaps: gaps})
	scores.WithListingScore(overall)
	actions := analysis.RankActions(revenue, overall.Sections,
		analysis.AreaFindings{Area: "title", Findings: title.Findings},
		analysis.AreaFindings{Area: "pricing", Findings: pricing.Findings},
		analysis.AreaFindings{Area: "photos", Findings: photos.Findings},
		analysis.AreaFindings{Area: "reviews", Findings: revs.Findings},
		analysis.AreaFindings{Area: "booking", Findings: gaps.Findings},
		analysis.AreaFindings{Area: "description", Findings: desc.Findings},
		analysis.AreaFindings{Area: "amenities", Findings: amen.Findings},
	)
	prios := analysis.Prioritize(analysis.PriorityInput{Title: title, Pricing: pricing, Photos: photos, Reviews: revs, Gaps: gaps, Actions: actions})
	// The listing score's explanation names its band already.
	for _, s := range []*analysis.Score{&scores.Amenity, &scores.Visual, &scores.Experience} {
		sayBand(s)
	}

	// Copy.
	req := writing.NewRequest(l, features, titles, guests, desc)
	progress(domain.StageWriting)
	cp, err := in.Writer.Write(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("report: writing copy: %w", err)
	}
	cp, checked := enforceCopy(ctx, req, cp)

	// Assemble.
	r.TitleSuggestions = cp.Titles
	if in.Plan == domain.PlanBasic {
		r.PremiumTitleSuggestions = premiumTitles(ctx, l, features, guests, desc) // the upgrade's offer (offer.go)
	}
	// A suggestion is "optimized" only for a title with something to fix.
	if len(cp.Titles) > 0 && analysis.OffersOptimizedTitle(title) {
		r.OptimizedTitle = cp.Titles[0]
	}
	r.OptimizedDescription = cp.Description
	if l.Has(listing.FieldDescription) {
		r.OriginalDescription = l.Description
	}
	r.AmenityCopy = cp.AmenityCopy
	r.Writers = cp.Writers
	r.WriterLabels = writerLabels(cp, checked)
	r.WriterNotes = cp.Notes
	if r.WriterNotes == nil {
		r.WriterNotes = []string{}
	}
	r.OverallScore, r.OverallBand, r.SectionScores = overall.Score, overall.Band, overall.Sections
	r.Explanations["overall_score"] = overall.Explanation
	r.Location = locationString(l.Location)
	r.GuestRating, r.RatingOnPage, r.Explanations["guest_rating"] = guestRating(l, md.self, snapshotOf(md))
	r.CompetitiveScores = CompetitiveScores{MarketPositioning: overall.Score, AmenityScore: overall.Sections.Amenities,
		VisualScore: overall.Sections.Photos, ExperienceScore: overall.Sections.Reviews, Details: scores}
	r.RevenueProjections = revenue
	r.TaskPriorities = prios
	r.PricingAnalysis = pricing
	r.PhotoAudit = photos
	r.GuestProfileAnalysis = guests
	r.BookingGapAnalysis = gaps
	r.TitleAnalysis = title
	r.DescriptionAnalysis = desc
	r.AmenityAnalysis = amen
	r.ReviewAnalysis = revs
	r.ReviewSummary = revs.Summary
	r.SuggestedAmenities = suggestedAmenities(amen)
	for _, a := range l.Amenities {
		if a.Available {
			r.Amenities = append(r.Amenities, a.Name)
		}
	}
	for _, p := range l.Photos {
		r.ImageURLs = append(r.ImageURLs, p.URL)
	}
	r.Actions = actions
	r.TopRecommendations = actions[:min(3, len(actions))]
	r.TaskOrder = analysis.TaskOrder(actions, prios)

	explain(r, title, desc, scores, revenue, pricing, photos, guests, gaps, amen, revs)

	if includes.MarketAnalytics {
		seasons, err := gatherSeasonality(ctx, in, md, months, cal, calSnapshot, snapPrices.Flat())
		if err != nil {
			return nil, err
		}
		if seasons.note != "" {
			r.Warnings = append(r.Warnings, seasons.note)
		}
		r.MarketAnalysisData = marketAnalysis(md, l, pricing, amen, seasons.result, now)
		r.MarketAnalysisData.History = marketHistory(in.WatchWeeks)
		r.Explanations["market_analysis_data"] = r.MarketAnalysisData.Explanation
		for key, text := range r.MarketAnalysisData.explanations() {
			r.Explanations["market_analysis_data."+key] = text
		}
		if r.MarketAnalysisData.Available {
			r.Explanations["market_analysis_data.radius_km"] = radiusExplanation(md.comps)
		}
		r.PerformanceInsights = performanceInsights(l, r, revenue, actions, desc, revs)
	}
	r.DataSources = dataSources(l, md, calSource, cal, revSource, reviews, revs, measured)
	r.Listing = ReadOf(l)
	if (md.comps != nil && !md.comps.Live() && len(md.comps.Listings) > 0) || md.self != nil {
		r.Attribution = market.Attribution
	}
	return r, nil
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
// market's copy when the listing is in the data; warnings say what could
// not be read.
func calendarAndReviews(ctx context.Context, in Input, md marketData, l *listing.Listing) (reads, []string, error) {
	rd := reads{cal: l.Calendar, calSource: "listing's availability calendar", reviews: l.Reviews, revSource: "listing's reviews"}
	var warnings []string
	if md.self == nil || in.Market == nil {
		return rd, nil, nil
	}
	snap := snapshotOf(md)
	if len(rd.cal) == 0 {
		if days, err := in.Market.Calendar(ctx, md.self.ID); err == nil && len(days) > 0 {
			rd.cal, rd.calSource, rd.calSnapshot = days, "Inside Airbnb calendar snapshot of "+analysis.LongDate(snap), true
		} else if err != nil && !isNotFound(err) {
			if ctx.Err() != nil {
				return rd, nil, ctx.Err()
			}
			warnings = append(warnings, "The market calendar could not be read; booking gaps use the listing page only.")
		}
	}
	if len(rd.reviews) == 0 {
		if revs, err := in.Market.Reviews(ctx, md.self.ID, ReviewLimit); err == nil && len(revs) > 0 {
			rd.reviews, rd.revSource = revs, "Inside Airbnb reviews snapshot of "+analysis.LongDate(snap)
		} else if err != nil && !isNotFound(err) {
			if ctx.Err() != nil {
				return rd, nil, ctx.Err()
			}
			warnings = append(warnings, "The market reviews could not be read; the review summary uses the listing page only.")
		}
	}
	return rd, warnings, nil
}

// explain says, per result field, where its figures come from.
func explain(r *Result, title analysis.TitleAnalysis, desc analysis.DescriptionAnalysis, scores analysis.CompetitiveScores,
	revenue analysis.RevenueProjection, pricing analysis.PricingAnalysis, photos analysis.PhotoAudit, guests analysis.GuestProfile,
	gaps analysis.BookingGapAnalysis, amen analysis.AmenityAnalysis, revs analysis.ReviewAnalysis) {
	r.Explanations["title"] = title.Explanation
	titleLimit := title.Limit // the site's (writing.TitleLimit): Vrbo's 80, else 50
	if titleLimit == 0 {
		titleLimit = analysis.TitleLimit
	}
	r.Explanations["optimized_description"] = desc.Explanation
	r.Explanations["competitive_scores.market_positioning"] = scores.MarketPositioning.Explanation
	r.Explanations["competitive_scores.amenity_score"] = scores.Amenity.Explanation
	r.Explanations["competitive_scores.visual_score"] = scores.Visual.Explanation
	r.Explanations["competitive_scores.experience_score"] = scores.Experience.Explanation
	r.Explanations["revenue_projections"] = revenue.Explanation
	r.Explanations["pricing_analysis"] = pricing.Explanation
	r.Explanations["photo_audit"] = photos.Explanation
	r.Explanations["guest_profile_analysis"] = guests.Explanation
	r.Explanations["booking_gap_analysis"] = gaps.Explanation
	r.Explanations["suggested_amenities"] = amen.Explanation
	r.Explanations["review_summary"] = revs.Explanation
	r.Explanations["task_priorities"] = analysis.PriorityRule + " Areas are listed in the order of their most important action."
	// Who wrote them and what was checked is the writer's label, shown
	// beside them on every screen (WriterLabels): not said again here.
	r.Explanations["title_suggestions"] = fmt.Sprintf("%d suggestions, each at most %d characters.", len(r.TitleSuggestions), titleLimit)
	if len(r.TitleSuggestions) == 0 {
		r.Explanations["title_suggestions"] = "No title suggestions: the writer's notes say why."
	} else if r.OptimizedTitle == "" {
		// Every form of the report says this over the suggestions.
		r.Explanations["optimized_title"] = analysis.TitleAlternativesNote
	}
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

// gatherSeasonality waits for the comparables' calendars by month and reads
// the listing's own snapshot calendar by month when it is in the data (cal
// when that is the snapshot's, else read from the market). Only a
// cancelled context is an error; calendars that cannot be read give a note.
func gatherSeasonality(ctx context.Context, in Input, md marketData, pending <-chan monthsResult, cal []listing.CalendarDay, calIsSnapshot, pricesFlat bool) (seasonData, error) {
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

// guestRating is the overall rating out of 5, the rating as the page shows
// it, and the explanation; both nil when no rating was read (the
// explanation then says whether the listing has none yet or it was not
// read).
func guestRating(l *listing.Listing, self *market.Listing, snapshot string) (*float64, *RatingShown, string) {
	if r := analysis.RatingOutOf5(l); r > 0 {
		rr := analysis.RulesFor(l).Rating
		native := rr.OnScale(r)
		shown := &RatingShown{Value: native, Scale: rr.Scale, Text: rr.Format(native)}
		if l.Ratings.Scale > 0 {
			shown.Value, shown.Scale = l.Ratings.Overall, l.Ratings.Scale
		}
		v := numfmt.Round2(r)
		where := analysis.WhereRead(l, listing.FieldRating)
		if where == "not read" { // a listing built without its sources
			where = "the listing page"
		}
		s := fmt.Sprintf("The listing's overall rating, %.2f out of 5, read from %s.", r, where)
		if l.Ratings.Scale > 0 && l.Ratings.Scale != 5 {
			s = fmt.Sprintf("The listing's overall rating, %s on the listing page, shown as %.2f out of 5.", rr.Format(l.Ratings.Overall), r)
		}
		return &v, shown, s
	}
	if self != nil && self.Rating > 0 {
		v := numfmt.Round2(self.Rating)
		return &v, &RatingShown{Value: v, Scale: 5, Text: fmt.Sprintf("%.2f out of 5", v)},
			fmt.Sprintf("The listing page showed no rating; %.2f out of 5 is the listing's rating in Inside Airbnb's %s snapshot.", self.Rating, snapshot)
	}
	if n := max(l.ReviewCount, len(l.Reviews)); n > 0 {
		// Reviews exist, so the listing has a rating we failed to read.
		return nil, nil, fmt.Sprintf("Not assessed: the listing has %s, but its rating could not be read from the page.", plural(n, "review", "reviews"))
	}
	if !l.LayoutRecognized() || !l.PageRead() {
		// Only part of the page was read: "no rating yet" would be a guess.
		return nil, nil, "Not assessed: the listing's rating could not be read from the page."
	}
	return nil, nil, "The listing has no rating yet."
}

func locationString(loc listing.Location) string {
	var parts []string
	seen := map[string]bool{}
	for _, p := range []string{loc.Area, loc.City, loc.Region, loc.Country} {
		p = strings.TrimSpace(p)
		if p != "" && !seen[strings.ToLower(p)] {
			seen[strings.ToLower(p)] = true
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func suggestedAmenities(a analysis.AmenityAnalysis) string {
	var lines []string
	for _, s := range a.Suggestions {
		lines = append(lines, s.Amenity+": "+s.Reason)
	}
	return strings.Join(lines, "\n")
}

// enforceCopy holds every writer to the contract: exactly n distinct
// titles within the site's limits that pass the fact checker, and a
// description and amenity copy that pass it. Parts that break it are
// replaced from the built-in writer, and the replacement is noted.
// checked says which parts passed the fact checker here, as they are
// returned, the built-in writer's included: only those are labelled as
// checked (writerLabels).
func enforceCopy(ctx context.Context, req writing.Request, c writing.Copy) (writing.Copy, map[string]bool) {
	if c.Writers == nil {
		c.Writers = map[string]string{}
	}
	var ok []string
	seen := map[string]bool{}
	bad := 0
	check := writing.NewChecker(req) // the listing's facts, read once for every part
	for _, t := range c.Titles {
		k := strings.ToLower(strings.TrimSpace(t))
		if seen[k] || check.Title(t) != nil {
			bad++
			continue
		}
		seen[k] = true
		ok = append(ok, strings.TrimSpace(t))
	}
	if len(ok) > req.Titles {
		ok = ok[:req.Titles]
	}
	// The description and the amenity copy of any writer but the built-in
	// one pass the same fact checker, or the built-in part replaces them:
	// no copy is labelled a writer's that the checker refused.
	var fb *writing.Copy
	builtin := func() writing.Copy {
		if fb == nil {
			b, _ := writing.Builtin{}.Write(ctx, req)
			fb = &b
		}
		return *fb
	}
	if c.Writers[writing.PartDescription] != writing.NameBuiltin && c.Description != "" {
		if err := check.Description(c.Description); err != nil {
			c.Description, c.Writers[writing.PartDescription] = builtin().Description, writing.NameBuiltin
			c.Notes = append(c.Notes, "The description failed the report's checks ("+err.Error()+"); "+writing.TemplateWriter+"'s is used.")
		}
	}
	if c.Writers[writing.PartAmenityCopy] != writing.NameBuiltin && c.AmenityCopy != "" {
		if err := check.Text(c.AmenityCopy); err != nil {
			c.AmenityCopy, c.Writers[writing.PartAmenityCopy] = builtin().AmenityCopy, writing.NameBuiltin
			c.Notes = append(c.Notes, "The amenity copy failed the report's checks ("+err.Error()+"); "+writing.TemplateWriter+"'s is used.")
		}
	}
	if len(ok) < req.Titles || bad > 0 {
		fb := builtin()
		for _, t := range fb.Titles {
			if len(ok) >= req.Titles {
				break
			}
			if !seen[strings.ToLower(t)] {
				seen[strings.ToLower(t)] = true
				ok = append(ok, t)
			}
		}
		if bad > 0 {
			c.Notes = append(c.Notes, fmt.Sprintf("%d title suggestions failed the report's checks and were replaced by ones from %s.", bad, writing.TemplateWriter))
			if c.Writers[writing.PartTitles] != writing.NameBuiltin {
				c.Writers[writing.PartTitles] = strings.TrimSuffix(c.Writers[writing.PartTitles], "+"+writing.NameBuiltin) + "+" + writing.NameBuiltin
			}
		}
		if c.Description == "" {
			c.Description, c.Writers[writing.PartDescription] = fb.Description, writing.NameBuiltin
		}
	}
	// The built-in writer's running text passes the same checker: a line
	// it refuses is left out, said in a note, never shown.
	for _, part := range []struct {
		key  string
		text *string
		name string
	}{{writing.PartDescription, &c.Description, "description"}, {writing.PartAmenityCopy, &c.AmenityCopy, "amenity copy"}} {
		if c.Writers[part.key] != writing.NameBuiltin || *part.text == "" {
			continue
		}
		if kept, refused := check.KeepChecked(*part.text); len(refused) > 0 {
			*part.text = kept
			c.Notes = append(c.Notes, fmt.Sprintf("%d lines of the %s from %s were left out: they failed the report's checks (first: %v).", len(refused), part.name, writing.TemplateWriter, refused[0]))
		}
	}
	if ok == nil {
		ok = []string{}
	}
	c.Titles = ok
	// What was not checked above (the built-in writer's parts, which
	// replaced a model's or were written by it) is checked now: a label
	// claims the check only for a part that passed it in this report.
	checked := map[string]bool{
		writing.PartTitles:      len(c.Titles) > 0,
		writing.PartDescription: c.Description != "" && check.Description(c.Description) == nil,
		writing.PartAmenityCopy: c.AmenityCopy != "" && check.Text(c.AmenityCopy) == nil,
	}
	for _, t := range c.Titles {
		if check.Title(t) != nil {
			checked[writing.PartTitles] = false
			break
		}
	}
	return c, checked
}

// writerLabels are the report's words for who wrote each part of c and
// what was checked (writing.WriterLabel), for the parts that passed the
// fact checker (checked); a part that did not, or whose writer has no
// label, has none, and every screen then claims no check. Never nil.
func writerLabels(c writing.Copy, checked map[string]bool) map[string]string {
	labels := map[string]string{}
	for part, name := range c.Writers {
		if l := writing.WriterLabel(name); l != "" && checked[part] {
			labels[part] = l
		}
	}
	return labels
}

// measurePhotos fetches and measures up to MaxPhotos photos, a few at a
// time. Failures are recorded per photo; only a cancelled context fails.
func measurePhotos(ctx context.Context, in Input, photos []listing.Photo) ([]analysis.PhotoMetrics, error) {
	// Photos are optional: they get a share of the time left (budget), and
	// a photo not measured when it runs out is said as such, never
	// guessed, while the job goes on without it.
	pctx, cancel := budget.Share(ctx, budget.Photos, 0)
	defer cancel()
	n := min(len(photos), in.MaxPhotos)
	out := make([]analysis.PhotoMetrics, n)
	for i := range out {
		out[i] = analysis.PhotoMetrics{URL: photos[i].URL, Error: analysis.PhotoNotInTime}
	}
	type measured struct {
		i int
		m analysis.PhotoMetrics
	}
	// Buffered for every photo: a fetch still running when the time is up
	// finishes (its context ended) without anyone waiting for it.
	done := make(chan measured, n)
	sem := make(chan struct{}, in.PhotoConcurrency)
	go func() {
		for i := 0; i < n; i++ {
			select {
			case <-pctx.Done():
				return
			case sem <- struct{}{}:
			}
			go func(i int) {
				defer func() { <-sem }()
				url := photos[i].URL
				data, err := in.Photos.Fetch(pctx, url)
				switch {
				case err != nil && pctx.Err() != nil:
					return // not in time: stays PhotoNotInTime
				case err != nil:
					done <- measured{i, analysis.PhotoMetrics{URL: url, Error: "could not fetch the photo"}}
					return
				}
				m, err := inspect(pctx, in.Inspector, data)
				switch {
				case err != nil && pctx.Err() != nil:
					return // waited for a decode slot until the time ran out: stays PhotoNotInTime
				case err != nil:
					done <- measured{i, analysis.PhotoMetrics{URL: url, Error: "could not read the image"}}
					return
				}
				m.URL = url
				done <- measured{i, m}
			}(i)
		}
	}()
wait:
	for got := 0; got < n; got++ {
		select {
		case r := <-done:
			out[r.i] = r.m
		case <-pctx.Done():
			break wait
		}
	}
	for drained := false; !drained; { // what finished as the time ran out still counts
		select {
		case r := <-done:
			out[r.i] = r.m
		default:
			drained = true
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the job's own end, not the photos' share
	}
	return out, nil
}

// contextInspector is a PhotoInspector that can stop waiting for its turn
// when the photos' time runs out (analysis.ImageInspector waits for one of
// the process's decode slots).
type contextInspector interface {
	InspectContext(ctx context.Context, data []byte) (analysis.PhotoMetrics, error)
}

func inspect(ctx context.Context, in PhotoInspector, data []byte) (analysis.PhotoMetrics, error) {
	if c, ok := in.(contextInspector); ok {
		return c.InspectContext(ctx, data)
	}
	return in.Inspect(data)
}

func plural(n int, one, many string) string { return numfmt.Plural(n, one, many) }

// MsgLayoutNotRecognized leads a report whose page layout was not
// recognized: the host must know the report rests on part of the page.
const MsgLayoutNotRecognized = "We did not recognize this page's layout, so only part of it was read (%s). Sections that need the rest say they were not assessed; nothing in this report is inferred from what was not read."

// MsgSavedPageNotice leads the notice on a report made from the text of a
// page file a browser saved (its data was another page's); savedPageNotice
// adds what that text gave and what it did not. A page fetched live that
// gave only its text is said by what was read (MsgPageTextNotice): the host
// pasted a link and saved nothing.
const (
	MsgSavedPageNotice = "This page is a copy a browser saved, so only the text it shows was read"
	MsgPageTextNotice  = "The page showed only its text, so only that text was read"
)

// savedPageParts are the parts of a listing a saved page's text may show,
// in the order the notice names them.
var savedPageParts = []struct {
	name   string
	fields []string
}{
	{"the title", []string{listing.FieldTitle}},
	{"the overview", []string{listing.FieldCapacity, listing.FieldBedrooms}},
	{"the description", []string{listing.FieldDescription}},
	{"the photos", []string{listing.FieldPhotos}},
	{"the amenities", []string{listing.FieldAmenities}},
	{"the rating", []string{listing.FieldRating, listing.FieldReviewCount}},
	{"the house rules", []string{listing.FieldHouseRules}},
}

// savedPageNotice says, for a page read from its text, which parts its text
// gave (those shown only in part said so) and which it did not.
func savedPageNotice(l *listing.Listing) string {
	var read, unread []string
	for _, p := range savedPageParts {
		got, partial := false, false
		for _, f := range p.fields {
			if l.Has(f) {
				got = true
				partial = partial || l.IsPartial(f)
			}
		}
		switch {
		case got && partial:
			read = append(read, p.name+" (in part)")
		case got:
			read = append(read, p.name)
		default:
			unread = append(unread, strings.TrimPrefix(p.name, "the "))
		}
	}
	s := MsgPageTextNotice
	if l.Saved {
		s = MsgSavedPageNotice
	}
	if len(read) > 0 {
		s += ": " + analysis.JoinList(read)
	}
	s += "."
	if len(unread) > 0 {
		s += " Not on it: " + analysis.JoinList(unread) + "; the sections that need them say they were not assessed."
	}
	if strings.Contains(s, "(in part)") {
		s += " What was shown only in part is not judged as the whole."
	}
	return s
}

func layoutNotice(l *listing.Listing) string {
	if l.LayoutRecognized() {
		return ""
	}
	if l.Layout() == listing.LayoutMarkup {
		return savedPageNotice(l)
	}
	what := "its summary tags"
	switch l.Layout() {
	case listing.LayoutJSONLD:
		what = "its schema.org data and summary tags"
	case listing.LayoutNone:
		what = "almost nothing"
	}
	return fmt.Sprintf(MsgLayoutNotRecognized, what)
}

// sayBand adds to a SPEC score's explanation what its value means. The
// value is its formula's: no action changes it.
func sayBand(s *analysis.Score) {
	if s.NotAssessed {
		return // no score, so no band
	}
	s.Explanation = strings.TrimSpace(s.Explanation) + fmt.Sprintf(" %d/100 is %s (80+ strong, 65–79 good, 50–64 room to grow, under 50 needs attention).",
		s.Value, strings.ToLower(analysis.Band(s.Value)))
}

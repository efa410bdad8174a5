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
	"fmt"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
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

func plural(n int, one, many string) string { return numfmt.Plural(n, one, many) }

// sayBand adds to a SPEC score's explanation what its value means. The
// value is its formula's: no action changes it.
func sayBand(s *analysis.Score) {
	if s.NotAssessed {
		return // no score, so no band
	}
	s.Explanation = strings.TrimSpace(s.Explanation) + fmt.Sprintf(" %d/100 is %s (80+ strong, 65–79 good, 50–64 room to grow, under 50 needs attention).",
		s.Value, strings.ToLower(analysis.Band(s.Value)))
}

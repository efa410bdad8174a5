// Package report assembles ListingLift's optimization report (SPEC §3
// "Backend optimization result") from a listing and, when available, its
// calendar, reviews and comparable listings in its market. Every number
// comes from package analysis; copy comes from a writing.Writer and is
// validated. The package declares the small interfaces it consumes
// (Market, PhotoFetcher, PhotoInspector), so callers plug in the market
// database, the safe fetcher and the image inspector.
//
// Generate builds each report's analyses once into one value (analyses.go:
// the listing read, the market gathered, every analysis, the photos, the
// copy and the notices) and assembles the Result from it (report.go). The
// market look-up is market.go, photo measuring photos.go, holding the
// writer's copy to the contract copy.go (with the one fact checker the
// writer used), the page notices notices.go; the Premium figures are
// insights.go and comparables.go, what may be sold offer.go and
// coverage.go, the stored form stored.go, and the JSON contract schema.go.
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
	in = in.withDefaults()
	in.progress(ctx, domain.StageAnalyzing)
	a, err := analyze(ctx, in, includes)
	if err != nil {
		return nil, err
	}
	if err := a.writeCopy(ctx); err != nil {
		return nil, err
	}
	if err := a.gatherSeasons(ctx); err != nil {
		return nil, err
	}
	return a.result(), nil
}

// withDefaults is in with every optional setting it leaves unset filled.
func (in Input) withDefaults() Input {
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
	return in
}

// progress tells in.Progress, when set, that Generate reached stage.
func (in Input) progress(ctx context.Context, stage domain.Stage) {
	if in.Progress != nil {
		in.Progress(ctx, stage)
	}
}

// result assembles the report from the analyses.
func (a *analyses) result() *Result {
	l, cp := a.l, a.copy.copy
	r := &Result{PackageType: a.in.Plan, OriginalTitle: l.Title, Title: l.Title, ListingURL: l.URL,
		Platform: string(l.Platform), Explanations: map[string]string{}, Warnings: a.notices,
		Layout: l.Layout(), LayoutNotice: layoutNotice(l),
		GeneratedAt: a.now, ImageURLs: []string{}, Amenities: []string{}, DataSources: []DataSource{}}
	r.TitleSuggestions = cp.Titles
	r.PremiumTitleSuggestions = a.copy.premiumTitles
	// A suggestion is "optimized" only for a title with something to fix.
	if len(cp.Titles) > 0 && analysis.OffersOptimizedTitle(a.title) {
		r.OptimizedTitle = cp.Titles[0]
	}
	r.OptimizedDescription = cp.Description
	if l.Has(listing.FieldDescription) {
		r.OriginalDescription = l.Description
	}
	r.AmenityCopy = cp.AmenityCopy
	r.Writers = cp.Writers
	r.WriterLabels = writerLabels(cp, a.copy.checked)
	r.WriterNotes = cp.Notes
	if r.WriterNotes == nil {
		r.WriterNotes = []string{}
	}
	overall := a.overall
	r.OverallScore, r.OverallBand, r.SectionScores = overall.Score, overall.Band, overall.Sections
	r.Explanations["overall_score"] = overall.Explanation
	r.Location = locationString(l.Location)
	r.GuestRating, r.RatingOnPage, r.Explanations["guest_rating"] = guestRating(l, a.md.self, snapshotOf(a.md))
	r.CompetitiveScores = CompetitiveScores{MarketPositioning: overall.Score, AmenityScore: overall.Sections.Amenities,
		VisualScore: overall.Sections.Photos, ExperienceScore: overall.Sections.Reviews, Details: a.scores}
	r.RevenueProjections = a.revenue
	r.TaskPriorities = a.prios
	r.PricingAnalysis = a.pricing
	r.PhotoAudit = a.photos
	r.GuestProfileAnalysis = a.guests
	r.BookingGapAnalysis = a.gaps
	r.TitleAnalysis = a.title
	r.DescriptionAnalysis = a.desc
	r.AmenityAnalysis = a.amen
	r.ReviewAnalysis = a.revs
	r.ReviewSummary = a.revs.Summary
	r.SuggestedAmenities = suggestedAmenities(a.amen)
	for _, am := range l.Amenities {
		if am.Available {
			r.Amenities = append(r.Amenities, am.Name)
		}
	}
	for _, p := range l.Photos {
		r.ImageURLs = append(r.ImageURLs, p.URL)
	}
	r.Actions = a.actions
	r.TopRecommendations = a.actions[:min(3, len(a.actions))]
	r.TaskOrder = analysis.TaskOrder(a.actions, a.prios)

	a.explain(r)

	if a.includes.MarketAnalytics {
		r.MarketAnalysisData = a.marketAnalysis()
		r.MarketAnalysisData.History = marketHistory(a.in.WatchWeeks)
		r.Explanations["market_analysis_data"] = r.MarketAnalysisData.Explanation
		for key, text := range r.MarketAnalysisData.explanations() {
			r.Explanations["market_analysis_data."+key] = text
		}
		if r.MarketAnalysisData.Available {
			r.Explanations["market_analysis_data.radius_km"] = radiusExplanation(a.md.comps)
		}
		r.PerformanceInsights = a.performanceInsights(r)
	}
	r.DataSources = a.dataSources()
	r.Listing = ReadOf(l)
	if md := a.md; (md.comps != nil && !md.comps.Live() && len(md.comps.Listings) > 0) || md.self != nil {
		r.Attribution = market.Attribution
	}
	return r
}

// explain says, per result field, where its figures come from.
func (a *analyses) explain(r *Result) {
	title, desc, scores, revs := a.title, a.desc, a.scores, a.revs
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
	r.Explanations["revenue_projections"] = a.revenue.Explanation
	r.Explanations["pricing_analysis"] = a.pricing.Explanation
	r.Explanations["photo_audit"] = a.photos.Explanation
	r.Explanations["guest_profile_analysis"] = a.guests.Explanation
	r.Explanations["booking_gap_analysis"] = a.gaps.Explanation
	r.Explanations["suggested_amenities"] = a.amen.Explanation
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

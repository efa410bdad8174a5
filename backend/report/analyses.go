package report

import (
	"context"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/writing"
)

// analyses is everything one report is made from, built once: the listing
// as read and what its plan includes, the market gathered for it, every
// analysis result, the photos measured, the copy (written from one
// request whose fact checker and fact sheet the writer and the copy
// enforcement share) and the notices for the host. Generate is a short
// script over it (analyze, writeCopy, gatherSeasons, result); every part
// of the Result reads it and nothing is worked out twice.
type analyses struct {
	in       Input // defaults filled (Input.withDefaults)
	includes plans.Plan
	l        *listing.Listing
	now      time.Time // the report's time, UTC
	today    time.Time // its date: "today" for the calendar

	// The market: what the look-up found (market.go), the comparables'
	// calendars by month read beside the analyses (Premium), the calendar
	// and reviews used, whether the snapshot's prices vary, and the
	// Premium seasonality, gathered after the copy is written.
	md         marketData
	months     <-chan monthsResult
	reads      reads
	snapPrices market.CalendarPrices
	comps      []market.Listing
	seasons    seasonData

	// The analyses (package analysis), in the order they are made.
	features analysis.Features
	checker  writing.StartedChecker // the copy's fact checker, built while the analyses run
	title    analysis.TitleAnalysis
	desc     analysis.DescriptionAnalysis
	guests   analysis.GuestProfile
	amen     analysis.AmenityAnalysis
	pricing  analysis.PricingAnalysis
	gaps     analysis.BookingGapAnalysis
	revs     analysis.ReviewAnalysis
	measured []analysis.PhotoMetrics // the photos fetched and measured (Premium), nil when none were
	photos   analysis.PhotoAudit
	scores   analysis.CompetitiveScores
	revenue  analysis.RevenueProjection
	overall  analysis.Overall
	actions  []analysis.Action
	prios    analysis.TaskPriorities

	// copy is the report's copy as enforced (copy.go).
	copy copyWork

	// notices are the report's warnings in the order they are said: the
	// listing's own, then the market's, the photos' and the seasonality's.
	notices []string
}

// analyze gathers the market for in.Listing and makes every analysis of
// it: everything but the copy and the seasonality, which wait for the
// writer and the market's calendars. Only a cancelled context is an error.
func analyze(ctx context.Context, in Input, includes plans.Plan) (*analyses, error) {
	l := in.Listing
	now := in.Now().UTC()
	a := &analyses{in: in, includes: includes, l: l, now: now,
		today:   time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC),
		notices: append([]string{}, l.Warnings...)}
	if err := a.gatherMarket(ctx); err != nil {
		return nil, err
	}
	a.analyzeListing()
	if err := a.measurePhotos(ctx); err != nil {
		return nil, err
	}
	a.score()
	return a, nil
}

// gatherMarket looks the listing up in the market (or takes the look-up
// already made), starts reading the comparables' calendars by month for
// the Premium seasonality, and picks the calendar and reviews.
func (a *analyses) gatherMarket(ctx context.Context) error {
	var err error
	if a.in.gathered != nil {
		a.md = *a.in.gathered
	} else if a.md, err = gatherMarket(ctx, a.in, a.l); err != nil {
		return err
	}
	// md.note is said where the market is (its section) and in the data
	// sources, not a third time among the warnings.
	if a.md.todayNote != "" {
		a.notices = append(a.notices, a.md.todayNote)
	}
	if a.includes.MarketAnalytics {
		a.months = startCalendarMonths(ctx, a.in, a.md) // read while the analyses run
	}
	if err := a.calendarAndReviews(ctx); err != nil {
		return err
	}
	if a.snapPrices, err = snapshotPrices(ctx, a.in, a.md); err != nil {
		return err
	}
	if a.md.comps != nil {
		a.comps = a.md.comps.Listings
	}
	return nil
}

// analyzeListing makes the analyses of the listing's own parts and its
// market: title, description, guests, amenities, pricing, booking gaps and
// reviews.
func (a *analyses) analyzeListing() {
	l, md, rd := a.l, a.md, a.reads
	a.features = analysis.ListingFeatures(l)
	a.checker = writing.StartChecker(l, a.features) // needs only the listing and its features
	a.title = analysis.AnalyzeTitle(l.Title, l, a.features, a.includes.TitleLimitNote)
	a.desc = analysis.AnalyzeDescription(l, a.features)
	a.guests = analysis.AnalyzeGuests(l, a.features, rd.reviews)
	a.amen = analysis.AnalyzeAmenities(l, a.features, a.guests, withAmenities(a.comps))
	minNights := 0
	if md.self != nil {
		minNights = md.self.MinimumNights
	}
	a.pricing = analysis.AnalyzePricing(analysis.PricingInput{Listing: l, Comparables: a.comps, MarketCurrency: md.currency,
		Snapshot: snapshotOf(md), MarketSource: marketSource(md), Basis: comparablesBasis(md), Self: md.self, Calendar: rd.cal,
		CalendarSource: rd.calSource, CalendarIsSnapshot: rd.calSnapshot, SnapshotPrices: a.snapPrices, Today: a.today})
	a.gaps = analysis.AnalyzeGaps(analysis.GapInput{Calendar: rd.cal, Source: rd.calSource, Today: a.today, MinNights: minNights, IsSnapshot: rd.calSnapshot})
	a.revs = analysis.AnalyzeReviews(l, rd.reviews, rd.revSource)
}

// score audits the photos, scores the listing and ranks the host's actions.
func (a *analyses) score() {
	l := a.l
	a.photos = analysis.AuditPhotos(l, a.measured)
	if note := analysis.PhotoTimeNote(a.photos.Quality, a.photos.PhotoCount()); note != "" {
		a.notices = append(a.notices, note) // also in the photo section's explanation
	}
	a.scores = analysis.ComputeScores(analysis.ScoreInput{Listing: l, Title: a.title, Description: a.desc, Amenities: a.amen,
		Photos: a.photos, Reviews: a.revs, Comparables: a.comps})
	a.revenue = analysis.ProjectRevenue(analysis.RevenueInput{Platform: l.Platform, Photos: a.photos, Pricing: a.pricing, Gaps: a.gaps,
		Title: a.title, Description: a.desc, Amenities: a.amen, Reviews: a.revs, Self: a.md.self, Comparables: a.comps,
		Currency: a.md.currency, Snapshot: snapshotOf(a.md)})
	// Scores first, from their formulas alone; each action's priority then
	// follows from its finding and its section's measured score
	// (analysis.PriorityFor), and each task's from its actions.
	a.overall = analysis.ScoreOverall(analysis.OverallInput{Title: a.title, Description: a.desc, Photos: a.photos, Amenities: a.amen,
		Scores: a.scores, Pricing: a.pricing, Reviews: a.revs, Gaps: a.gaps})
	a.scores.WithListingScore(a.overall)
	a.actions = analysis.RankActions(a.revenue, a.overall.Sections,
		analysis.AreaFindings{Area: "title", Findings: a.title.Findings},
		analysis.AreaFindings{Area: "pricing", Findings: a.pricing.Findings},
		analysis.AreaFindings{Area: "photos", Findings: a.photos.Findings},
		analysis.AreaFindings{Area: "reviews", Findings: a.revs.Findings},
		analysis.AreaFindings{Area: "booking", Findings: a.gaps.Findings},
		analysis.AreaFindings{Area: "description", Findings: a.desc.Findings},
		analysis.AreaFindings{Area: "amenities", Findings: a.amen.Findings},
	)
	a.prios = analysis.Prioritize(analysis.PriorityInput{Title: a.title, Pricing: a.pricing, Photos: a.photos, Reviews: a.revs,
		Gaps: a.gaps, Actions: a.actions})
	// The listing score's explanation names its band already.
	for _, s := range []*analysis.Score{&a.scores.Amenity, &a.scores.Visual, &a.scores.Experience} {
		sayBand(s)
	}
}

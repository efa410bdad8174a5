package report

import (
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// Result is the optimization report: every field of SPEC §3 "Backend
// optimization result" under its snake_case name, plus the analyses behind
// them, the explanations, which writer produced each piece of copy, and the
// data sources with their attribution.
//
// Basic and Premium differ in: the number of title suggestions (3 and at
// least 10); the title analysis's limit note (SPEC §5, Premium only);
// performance_insights and market_analysis_data (Premium; null for Basic,
// so the keys are always present); and photo measurements (Premium, when a
// photo fetcher is configured).
type Result struct {
	// The report's one score (analysis.ScoreOverall): 0–100 with its
	// band, and the section scores it is made of (null: not assessed). The
	// score is null (band "Not assessed") when fewer than
	// analysis.MinSectionsForOverall sections were assessed.
	OverallScore  *int                   `json:"overall_score"`
	OverallBand   string                 `json:"overall_band"`
	SectionScores analysis.SectionScores `json:"section_scores"`

	// SPEC §3 fields.
	PackageType          domain.Plan `json:"package_type"`   // the plan bought (domain.PlanBasic, domain.PlanPremium)
	OriginalTitle        string      `json:"original_title"` // the listing's title as read
	Title                string      `json:"title"`          // the same current title (SPEC's results card shows it as "current title")
	TitleSuggestions     []string    `json:"title_suggestions"`
	OptimizedTitle       string      `json:"optimized_title"` // the first suggestion, only for a title with something to fix (analysis.OffersOptimizedTitle); else "" and explanations.optimized_title says the suggestions are alternatives
	OptimizedDescription string      `json:"optimized_description"`
	Location             string      `json:"location"`
	// GuestRating is the listing's overall rating out of 5 (SPEC's card),
	// null when no rating was read: SPEC's default 4.2 is never stated as
	// the listing's (explanations.guest_rating says why there is none).
	// RatingOnPage is the same rating as the page shows it, on its site's
	// own scale ("8.5 out of 10" on Booking.com), null likewise.
	GuestRating          *float64                    `json:"guest_rating"`
	RatingOnPage         *RatingShown                `json:"rating_on_page"`
	CompetitiveScores    CompetitiveScores           `json:"competitive_scores"`
	RevenueProjections   analysis.RevenueProjection  `json:"revenue_projections"`
	TaskPriorities       analysis.TaskPriorities     `json:"task_priorities"`
	PricingAnalysis      analysis.PricingAnalysis    `json:"pricing_analysis"`
	PhotoAudit           analysis.PhotoAudit         `json:"photo_audit"`
	GuestProfileAnalysis analysis.GuestProfile       `json:"guest_profile_analysis"`
	BookingGapAnalysis   analysis.BookingGapAnalysis `json:"booking_gap_analysis"`
	// SuggestedAmenities is newline-separated text, one "Amenity: reason"
	// per line, at most 5 (SPEC §7's shape for the same field; §9's limit).
	// The structured list is amenity_analysis.suggestions.
	SuggestedAmenities string `json:"suggested_amenities"`
	// Amenities are the amenities the listing offers, as listed.
	Amenities           []string             `json:"amenities"`
	PerformanceInsights *PerformanceInsights `json:"performance_insights"` // Premium; null for Basic
	MarketAnalysisData  *MarketAnalysis      `json:"market_analysis_data"` // Premium; null for Basic
	ReviewSummary       string               `json:"review_summary"`
	ImageURLs           []string             `json:"image_urls"`
	// PDFDownloadURL is set by whoever renders and stores the PDF; the
	// engine leaves it empty.
	PDFDownloadURL string `json:"pdf_download_url"`

	// Beyond SPEC §3.
	// OriginalDescription is the listing's description as read, for the
	// before → after view; "" when it was not read.
	OriginalDescription string                       `json:"original_description"`
	ListingURL          string                       `json:"listing_url"`
	Platform            string                       `json:"platform"`
	TitleAnalysis       analysis.TitleAnalysis       `json:"title_analysis"`
	DescriptionAnalysis analysis.DescriptionAnalysis `json:"description_analysis"`
	AmenityAnalysis     analysis.AmenityAnalysis     `json:"amenity_analysis"`
	ReviewAnalysis      analysis.ReviewAnalysis      `json:"review_analysis"`
	AmenityCopy         string                       `json:"amenity_copy"`
	// Actions are every action for the host, ranked once
	// (analysis.RankActions): priority, then expected revenue effect.
	// Every form of the report shows them in this order: "Do these
	// first" their first 3 (DoFirst), SPEC's "Top 5 Immediate Actions"
	// their first 5 (TopActions); TopRecommendations are the first 3
	// (SPEC §9). TaskOrder is the order of task_priorities' five areas
	// (analysis.TaskOrder), for the areas' own sections.
	Actions            []analysis.Action `json:"actions"`
	TopRecommendations []analysis.Action `json:"top_recommendations"`
	TaskOrder          []string          `json:"task_order"`
	// Explanations say, in plain language, where each figure comes from,
	// keyed by result field.
	Explanations map[string]string `json:"explanations"`
	// Writers maps each piece of copy (title_suggestions,
	// optimized_description, amenity_copy) to the writer that produced it.
	Writers map[string]string `json:"writers"`
	// WriterLabels maps the same parts to what the host is told of each:
	// who wrote it and that every word was checked against the listing
	// (writing.WriterLabel), set only for a part that passed the fact
	// checker in this report. The web report, the PDF and the e-mail all
	// show these words. A report stored before the field has none (an
	// empty map, Decode): its copy is labelled with no check claimed.
	WriterLabels map[string]string `json:"writer_labels"`
	WriterNotes  []string          `json:"writer_notes"`
	DataSources  []DataSource      `json:"data_sources"`
	// Listing is the listing as read (ReadOf): each fact with its value,
	// read, partial or not read, and where; null on a report stored
	// before it existed.
	Listing *ListingRead `json:"listing"`
	// Attribution is Inside Airbnb's credit, set whenever market figures
	// are used.
	Attribution string   `json:"attribution,omitempty"`
	Warnings    []string `json:"warnings"`
	// Layout is what the listing was read from (listing.Layout*); a
	// LayoutNotice, shown at the top of every form of the report, says when
	// the page's layout was not recognized and only part of it was read.
	Layout       string    `json:"layout"`
	LayoutNotice string    `json:"layout_notice,omitempty"`
	GeneratedAt  time.Time `json:"generated_at"`
	// Comparison is, on a re-check, the before → after against the report
	// it re-checks (Compare); null on a report the host bought.
	Comparison *Comparison `json:"comparison"`

	// PremiumTitleSuggestions is, in a Basic report, how many title
	// suggestions a Premium report of the same read would hold (the
	// upgrade offer's "10+", report.OfferOfReport); null in a Premium
	// report and in reports stored before it was counted.
	PremiumTitleSuggestions *int `json:"premium_title_suggestions,omitempty"`
}

// CompetitiveScores are SPEC's four 0–100 scores plus their formulas and
// inputs. Each is a score the report shows under its own name
// (analysis.CompetitiveSections: the listing score, Amenities, Photos,
// Reviews) and null where that one is not assessed: a neutral midpoint is
// never shown as the listing's.
type CompetitiveScores struct {
	MarketPositioning *int                       `json:"market_positioning"`
	AmenityScore      *int                       `json:"amenity_score"`
	VisualScore       *int                       `json:"visual_score"`
	ExperienceScore   *int                       `json:"experience_score"`
	Details           analysis.CompetitiveScores `json:"details"`
}

// ScoreRow is one of the competitive scores as every screen, PDF and
// e-mail names it.
type ScoreRow struct {
	Key   string // "market_positioning"
	Name  string // "Listing score", "Amenities", "Photos", "Reviews"
	Value *int   // nil: not assessed
}

// Rows are the competitive scores in SPEC's order under their report
// names.
func (c CompetitiveScores) Rows() []ScoreRow {
	values := map[string]*int{"market_positioning": c.MarketPositioning, "amenity_score": c.AmenityScore,
		"visual_score": c.VisualScore, "experience_score": c.ExperienceScore}
	var rows []ScoreRow
	for _, cs := range analysis.CompetitiveSections {
		rows = append(rows, ScoreRow{Key: cs.Key, Name: analysis.ScoreName(cs.Section), Value: values[cs.Key]})
	}
	return rows
}

// RatingShown is a rating as its page shows it, on its site's scale.
type RatingShown struct {
	Value float64 `json:"value"` // 8.5
	Scale float64 `json:"scale"` // 10
	Text  string  `json:"text"`  // "8.5 out of 10"
}

// DataSource is one input the report used.
type DataSource struct {
	Name        string `json:"name"`
	Detail      string `json:"detail"`
	Attribution string `json:"attribution,omitempty"`
}

// PerformanceInsights is the Premium results' revenue insights, strategic
// recommendations and content comparison (SPEC §2).
type PerformanceInsights struct {
	RevenueInsights          []string `json:"revenue_insights"`
	StrategicRecommendations []string `json:"strategic_recommendations"`
	WordCount                struct {
		Original  int `json:"original"`
		Optimized int `json:"optimized"`
	} `json:"word_count"`
	SEOKeywords     []string `json:"seo_keywords"`
	PhotoCount      int      `json:"photo_count"`
	ReviewSentiment string   `json:"review_sentiment"`
}

// MarketAnalysis is the Premium market analytics: how the listing's
// comparables look, from Inside Airbnb's data. When no market covers the
// listing, Available is false and Note says so.
type MarketAnalysis struct {
	Available   bool    `json:"available"`
	Note        string  `json:"note,omitempty"`
	Market      string  `json:"market,omitempty"`
	Snapshot    string  `json:"snapshot,omitempty"`
	Basis       string  `json:"basis,omitempty"`     // "Entire home/apt, 1–3 bedrooms, within 15 km"
	RadiusKm    float64 `json:"radius_km,omitempty"` // Basis's radius as a number: comparables lie within it of the listing
	Comparables int     `json:"comparables"`
	Currency    string  `json:"currency,omitempty"`
	PriceP25    float64 `json:"price_p25,omitempty"`
	PriceP50    float64 `json:"price_p50,omitempty"`
	PriceP75    float64 `json:"price_p75,omitempty"`
	// Medians over the comparables that have the figure.
	MedianRating          float64 `json:"median_rating,omitempty"`
	MedianReviews         float64 `json:"median_reviews,omitempty"`
	MedianOccupancyNights float64 `json:"median_estimated_occupancy_nights,omitempty"`
	MedianRevenue         float64 `json:"median_estimated_revenue,omitempty"`
	MedianAmenities       float64 `json:"median_amenities,omitempty"`
	// Shares of the comparables that are superhosts / take Instant Book;
	// absent when the source does not say (a summary snapshot, a
	// Booking.com search), never 0 for "not known".
	SuperhostShare         *float64 `json:"superhost_share,omitempty"`
	InstantBookShare       *float64 `json:"instant_book_share,omitempty"`
	ListingInData          bool     `json:"listing_in_data"`
	ListingOccupancyNights int      `json:"listing_estimated_occupancy_nights,omitempty"`
	ListingRevenue         float64  `json:"listing_estimated_revenue,omitempty"`
	// Percentiles of the listing among comparables (0–100), when known.
	PricePercentile  *float64 `json:"price_percentile,omitempty"`
	RatingPercentile *float64 `json:"rating_percentile,omitempty"`
	ReviewPercentile *float64 `json:"review_count_percentile,omitempty"`
	// Best performers and what they offer.
	BestPerformers  int                     `json:"best_performers"`
	RankedBy        string                  `json:"ranked_by,omitempty"`
	CommonAmongBest []analysis.AmenityShare `json:"common_among_best"`
	Attribution     string                  `json:"attribution,omitempty"`
	Explanation     string                  `json:"explanation"`

	// How Inside Airbnb's estimates of booked nights and revenue over the
	// 12 months before the snapshot spread over the comparables with an
	// estimate above zero, and where the listing falls when it is in the
	// data (listing_in_data); absent with fewer than 5 such comparables.
	EstimatedOccupancy *analysis.Distribution `json:"estimated_occupancy,omitempty"`
	EstimatedRevenue   *analysis.Distribution `json:"estimated_revenue,omitempty"`
	// Seasonality is the comparables' snapshot calendar month by month
	// (nights not available, listed prices), with the listing's own when
	// it is in the data; absent when the calendars are not available.
	// For live comparables it is the months ahead of their live calendars.
	Seasonality *analysis.Seasonality `json:"seasonality,omitempty"`

	// Source is where the comparables come from: market.SourceInsideAirbnb
	// (a snapshot, dated Snapshot) or market.SourceLive (Airbnb's search
	// on the day Snapshot names, prices for the stay StayCheckin–
	// StayCheckout).
	Source       string `json:"source,omitempty"`
	StayCheckin  string `json:"stay_checkin,omitempty"`
	StayCheckout string `json:"stay_checkout,omitempty"`
	// Missing names what the live search could not read (each a clause).
	Missing []string `json:"missing,omitempty"`
	// Ratings and ReviewCounts spread over the comparables, with the
	// listing placed among them; absent with fewer than 5 figures.
	Ratings      *analysis.Distribution `json:"ratings,omitempty"`
	ReviewCounts *analysis.Distribution `json:"review_counts,omitempty"`
	// GuestFavoriteShare is the share of comparables whose search card
	// shows Airbnb's "Guest favorite" badge (live comparables only).
	GuestFavoriteShare *float64 `json:"guest_favorite_share,omitempty"`
	// TitlePatterns are words the best-rated comparables' titles share.
	TitlePatterns []TitlePattern `json:"title_patterns"`
	// List is the comparables themselves, nearest first.
	List []Comparable `json:"list"`
	// History is the market over the weeks the listing's Watch checked
	// (issue 45), from MinHistoryWeeks weeks; absent before.
	History *MarketHistory `json:"history,omitempty"`
	// TodayPrices are the nightly prices around the listing in Airbnb's
	// search today, beside a snapshot's (absent for live comparables,
	// whose prices are today's already, or when the search found too few).
	TodayPrices *TodayPrices `json:"today_prices,omitempty"`
}

// TodayPrices is the price band of the live search around a listing that
// a snapshot covers.
type TodayPrices struct {
	SearchedOn   string  `json:"searched_on"`
	StayCheckin  string  `json:"stay_checkin"`
	StayCheckout string  `json:"stay_checkout"`
	Comparables  int     `json:"comparables"` // with a price
	Currency     string  `json:"currency"`
	P25          float64 `json:"p25"`
	P50          float64 `json:"p50"`
	P75          float64 `json:"p75"`
	Explanation  string  `json:"explanation"`
}

// Comparable is one comparable listing as the report lists it.
type Comparable struct {
	Title      string  `json:"title"`
	URL        string  `json:"url"`
	DistanceKm float64 `json:"distance_km"`
	// Bedrooms is absent when the source does not say (a summary
	// snapshot, a search card without it); 0 is a studio.
	Bedrooms *int `json:"bedrooms,omitempty"`
	// Price is the nightly price (0: none shown), Rating out of 5 (0:
	// none yet).
	Price       float64  `json:"price,omitempty"`
	Rating      float64  `json:"rating,omitempty"`
	ReviewCount int      `json:"review_count"`
	Badges      []string `json:"badges"`
}

// TitlePattern is a word used by many of the best-rated comparables'
// titles: the share of them using it, and of the other comparables.
type TitlePattern struct {
	Word      string  `json:"word"`
	ShareBest float64 `json:"share_best"`
	ShareRest float64 `json:"share_rest"`
	InListing bool    `json:"in_listing"`
}

// explanations are the explanations of the market analysis's parts, keyed
// by field name (the report files them under "market_analysis_data.").
func (m *MarketAnalysis) explanations() map[string]string {
	out := map[string]string{}
	if m.EstimatedOccupancy != nil {
		out["estimated_occupancy"] = m.EstimatedOccupancy.Explanation
	}
	if m.EstimatedRevenue != nil {
		out["estimated_revenue"] = m.EstimatedRevenue.Explanation
	}
	if m.Seasonality != nil {
		out["seasonality"] = m.Seasonality.Explanation
	}
	return out
}

// DoFirst are the report's "Do these first": the first
// analysis.DoFirstCount of its one ranked list, fewer when it has fewer.
func (r *Result) DoFirst() []analysis.Action {
	return r.Actions[:min(analysis.DoFirstCount, len(r.Actions))]
}

// TopActions are SPEC's "Top 5 Immediate Actions": the first
// analysis.TopActionsCount of the same ranked list (so its first three are
// DoFirst), fewer when it has fewer — no slot is filled with an area
// that has nothing to do.
func (r *Result) TopActions() []analysis.Action {
	return r.Actions[:min(analysis.TopActionsCount, len(r.Actions))]
}

// Task is one of SPEC's five task areas (task_priorities): its priority
// and reason, for the areas' own sections (not the action list, which is
// Actions).
type Task struct {
	Key      string // "title_priority"
	Name     string // "Title"
	Priority string // HIGH, MEDIUM, LOW or analysis.NotAssessed
	Reason   string
}

// TaskNames are the five areas' names on every form of the report.
var TaskNames = map[string]string{
	"title_priority": "Title", "pricing_priority": "Pricing", "photo_priority": "Photos",
	"experience_priority": "Guest experience", "booking_priority": "Booking gaps",
}

// Tasks returns the five task areas in TaskOrder (SPEC's order for a
// report stored before there was one), each with its priority and reason.
func (r *Result) Tasks() []Task {
	order := r.TaskOrder
	if len(order) != len(analysis.TaskKeys) {
		order = analysis.TaskKeys
	}
	out := make([]Task, 0, len(order))
	for _, k := range order {
		p := r.TaskPriorities.Get(k)
		if p == "" {
			continue
		}
		out = append(out, Task{Key: k, Name: TaskNames[k], Priority: p, Reason: r.TaskPriorities.Reasons[k]})
	}
	return out
}

// areaNames are the report areas' names for people.
var areaNames = map[string]string{
	"title": "Title", "description": "Description", "amenities": "Amenities", "pricing": "Pricing",
	"photos": "Photos", "reviews": "Reviews", "booking": "Booking gaps",
}

// AreaName names an action's area for people ("Booking gaps"), the title
// as the report's site calls it ("Headline" on Vrbo).
func (r *Result) AreaName(area string) string {
	if area == "title" {
		if p, ok := analysis.Platforms[listing.Platform(r.Platform)]; ok {
			return strings.ToUpper(p.TitleWord[:1]) + p.TitleWord[1:]
		}
	}
	if n, ok := areaNames[area]; ok {
		return n
	}
	return area
}

package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenCases are the three fixture listings: a well-read Airbnb loft with
// its own calendar and reviews but no market data (Premium); an Albany
// house that is itself in a (synthetic) market, with comparables, the
// market's calendar and reviews (Premium); and a sparse Vrbo page in an
// area without market data (Basic).
var goldenCases = []struct {
	name    string
	plan    domain.Plan
	market  func() *fakeMarket
	summary string
}{
	{"lisbon-loft", domain.PlanPremium, nil, ""},
	{"albany-house", domain.PlanPremium, albanyMarket, ""},
	{"sparse-vrbo", domain.PlanBasic, func() *fakeMarket { return &fakeMarket{err: market.ErrNoMarket} }, ""},
}

func generate(t testing.TB, name string, plan domain.Plan, m *fakeMarket) *Result {
	t.Helper()
	in := Input{Listing: loadListing(t, name), Plan: plan, Now: clock}
	if m != nil {
		in.Market = m
	}
	r, err := Generate(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGolden compares each full report with testdata/golden/<name>.json.
// Run with -update to rewrite them after a deliberate change, then read the
// diff.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			var m *fakeMarket
			if c.market != nil {
				m = c.market()
			}
			r := generate(t, c.name, c.plan, m)
			checkGolden(t, c.name, r)
		})
	}
}

// TestGoldenLive is the Lisbon loft's Premium report with live comparables
// from the fake Airbnb search (testdata/golden/lisbon-live.json).
func TestGoldenLive(t *testing.T) {
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Market: &fakeMarket{err: market.ErrNoMarket}, Live: liveSite(t, &airbnbtest.Server{}), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "lisbon-live", r)
}

// checkGolden compares r with testdata/golden/<name>.json, or rewrites it
// with -update.
func checkGolden(t *testing.T, name string, r *Result) {
	t.Helper()
	checkInvariants(t, r)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // "&" stays "&": the goldens are read by people
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()
	path := filepath.Join("testdata", "golden", name+".json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("report differs from %s (run go test -update and review the diff):\n%s", path, firstDiff(string(want), string(got)))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %s\n   got: %s", i+1, a, b)
		}
	}
	return ""
}

// titleFiller are calls to action that claim nothing, in the languages
// the writers write: no title is padded with them.
var titleFiller = []string{"Book Your Stay", "Plan Your Trip", "Your Home Base", "Stay Here", "Check Availability", "Pick Your Dates",
	"Come Stay", "Reserve Now", "See Photos", "Your Next Trip", "Make It Yours", "Reserve já", "Sua próxima viagem", "Escolha suas datas",
	"Reserva ya", "Tu próximo viaje", "Prenota ora", "Il tuo prossimo viaggio", "Scegli le date", "Réservez", "Votre prochain séjour",
	"Jetzt buchen", "Deine nächste Reise"}

// checkInvariants holds every report to SPEC and the product promise.
func checkInvariants(t *testing.T, r *Result) {
	t.Helper()
	want := plans.Includes(r.PackageType).TitleSuggestions
	// As many as the plan promises, or fewer with a note saying the facts
	// give no more: never filler. A Booking.com property's name is
	// registered: no title, and a note saying so and what the host can
	// change.
	if r.Platform == string(listing.Booking) {
		if len(r.TitleSuggestions) > 0 || r.OptimizedTitle != "" || !slices.Contains(r.WriterNotes, writing.BookingNameNote) {
			t.Errorf("Booking.com titles %q (optimized %q), notes %q", r.TitleSuggestions, r.OptimizedTitle, r.WriterNotes)
		}
	} else if n := len(r.TitleSuggestions); n > want || (n < want && !strings.Contains(strings.Join(r.WriterNotes, " "), "title suggestion")) {
		t.Errorf("%d title suggestions, want %d (or fewer with a note)", n, want)
	}
	limit := r.TitleAnalysis.Limit // the site's: Vrbo's 80, Airbnb's 50
	if limit == 0 {
		limit = analysis.TitleLimit
	}
	seen, shapes := map[string]bool{}, map[string]string{}
	for _, s := range r.TitleSuggestions {
		if other, dup := shapes[writing.TitleShape(s)]; dup {
			t.Errorf("titles %q and %q have one shape", other, s)
		}
		shapes[writing.TitleShape(s)] = s
		if prose.NonLatin(s) {
			t.Errorf("title %q has letters outside the Latin script", s)
		}
		for _, filler := range titleFiller {
			if strings.Contains(strings.ToLower(s), strings.ToLower(filler)) {
				t.Errorf("title %q is padded with %q", s, filler)
			}
		}
		if prose.Length(s) > limit {
			t.Errorf("title %q has %d characters", s, prose.Length(s))
		}
		if seen[strings.ToLower(s)] {
			t.Errorf("duplicate title %q", s)
		}
		seen[strings.ToLower(s)] = true
	}
	// A title with something to fix is offered its first suggestion as
	// optimized; one with nothing to fix is offered none, and the report
	// says the suggestions are alternatives.
	switch offered := analysis.OffersOptimizedTitle(r.TitleAnalysis); {
	case len(r.TitleSuggestions) > 0 && offered && r.OptimizedTitle != r.TitleSuggestions[0]:
		t.Errorf("optimized_title %q is not the first suggestion", r.OptimizedTitle)
	case len(r.TitleSuggestions) > 0 && !offered && (r.OptimizedTitle != "" || r.Explanations["optimized_title"] != analysis.TitleAlternativesNote):
		t.Errorf("title with nothing to fix: optimized_title %q, note %q", r.OptimizedTitle, r.Explanations["optimized_title"])
	}
	if n := len(strings.Split(r.SuggestedAmenities, "\n")); r.SuggestedAmenities != "" && n > 5 {
		t.Errorf("%d suggested amenities", n)
	}
	if len(r.TopRecommendations) > 3 {
		t.Errorf("%d top recommendations", len(r.TopRecommendations))
	}
	for _, s := range r.CompetitiveScores.Rows() {
		if s.Value != nil && (*s.Value < 0 || *s.Value > 100) {
			t.Errorf("score %s %d out of range", s.Name, *s.Value)
		}
	}
	rp := r.RevenueProjections
	if float64(rp.RevenueImpact) > rp.Low || rp.Low > rp.High || rp.High > analysis.MaxImpactHigh {
		t.Errorf("revenue %d %v–%v", rp.RevenueImpact, rp.Low, rp.High)
	}
	for _, c := range rp.Components {
		if c.Source == "" || c.Basis == "" {
			t.Errorf("revenue component without a source: %+v", c)
		}
	}
	for _, p := range []string{r.TaskPriorities.Title, r.TaskPriorities.Pricing, r.TaskPriorities.Photo, r.TaskPriorities.Experience, r.TaskPriorities.Booking} {
		if p != analysis.High && p != analysis.Medium && p != analysis.Low && p != analysis.NotAssessed {
			t.Errorf("priority %q", p)
		}
	}
	checkActions(t, r)
	premium := r.PackageType == domain.PlanPremium
	if premium != (r.MarketAnalysisData != nil) || premium != (r.PerformanceInsights != nil) {
		t.Errorf("premium %v: market analysis %v, performance insights %v", premium, r.MarketAnalysisData != nil, r.PerformanceInsights != nil)
	}
	if !premium && r.TitleAnalysis.LimitNote != "" {
		t.Error("basic report carries the premium limit note")
	}
	for _, p := range []string{writing.PartTitles, writing.PartDescription, writing.PartAmenityCopy} {
		if r.Writers[p] == "" {
			t.Errorf("no writer recorded for %s", p)
		}
	}
	// Every SPEC §3 key is present in the JSON.
	b, _ := json.Marshal(r)
	var m map[string]json.RawMessage
	json.Unmarshal(b, &m)
	for _, k := range []string{"package_type", "original_title", "title", "title_suggestions", "optimized_title", "optimized_description",
		"location", "guest_rating", "competitive_scores", "revenue_projections", "task_priorities", "pricing_analysis", "photo_audit",
		"guest_profile_analysis", "booking_gap_analysis", "suggested_amenities", "amenities", "performance_insights",
		"market_analysis_data", "review_summary", "image_urls", "pdf_download_url"} {
		if _, ok := m[k]; !ok {
			t.Errorf("result lacks %s", k)
		}
	}
	var cs map[string]json.RawMessage
	json.Unmarshal(m["competitive_scores"], &cs)
	for _, k := range []string{"market_positioning", "amenity_score", "visual_score", "experience_score"} {
		if _, ok := cs[k]; !ok {
			t.Errorf("competitive_scores lacks %s", k)
		}
	}
	var tp map[string]json.RawMessage
	json.Unmarshal(m["task_priorities"], &tp)
	for _, k := range []string{"title_priority", "pricing_priority", "photo_priority", "experience_priority", "booking_priority"} {
		if _, ok := tp[k]; !ok {
			t.Errorf("task_priorities lacks %s", k)
		}
	}
	var rv map[string]json.RawMessage
	json.Unmarshal(m["revenue_projections"], &rv)
	if _, ok := rv["revenue_impact"]; !ok {
		t.Error("revenue_projections lacks revenue_impact")
	}
	// Market figures always carry Inside Airbnb's credit.
	for _, d := range r.DataSources {
		if d.Attribution != "" && r.Attribution != market.Attribution {
			t.Errorf("%s used without attribution %q", d.Name, r.Attribution)
		}
	}
	// Inside Airbnb's figures carry its credit; live figures are not its
	// and must not claim it.
	if ma := r.MarketAnalysisData; ma != nil && ma.Available {
		want := market.Attribution
		if ma.Source == market.SourceLive {
			want = ""
		}
		if r.Attribution != want || ma.Attribution != want {
			t.Errorf("market analysis from %q with attribution %q / %q, want %q", ma.Source, r.Attribution, ma.Attribution, want)
		}
	}
}

func TestAlbanyHouseUsesTheMarket(t *testing.T) {
	m := albanyMarket()
	r := generate(t, "albany-house", domain.PlanPremium, m)
	if len(m.queries) != 1 {
		t.Fatalf("queries = %+v", m.queries)
	}
	q := m.queries[0]
	if q.RoomType != market.RoomEntire || q.Bedrooms != 4 || q.ExcludeID != "555000111" || q.Lat != 42.6598 {
		t.Errorf("query = %+v", q)
	}
	if r.PricingAnalysis.Status != analysis.PricingCompared || r.PricingAnalysis.Comparables != 24 {
		t.Errorf("pricing %s over %d", r.PricingAnalysis.Status, r.PricingAnalysis.Comparables)
	}
	if !strings.HasPrefix(r.BookingGapAnalysis.Source, "Inside Airbnb calendar snapshot of October 5, 2025") || !r.BookingGapAnalysis.WindowFromSnapshot ||
		r.BookingGapAnalysis.WindowStart != "2025-10-05" {
		t.Errorf("gaps from %q starting %s", r.BookingGapAnalysis.Source, r.BookingGapAnalysis.WindowStart)
	}
	if r.ReviewAnalysis.Analyzed != 9 || r.ReviewAnalysis.Skipped != 1 {
		t.Errorf("reviews analyzed %d skipped %d", r.ReviewAnalysis.Analyzed, r.ReviewAnalysis.Skipped)
	}
	ma := r.MarketAnalysisData
	if !ma.Available || !ma.ListingInData || ma.Comparables != 24 || ma.BestPerformers == 0 || ma.Attribution != market.Attribution {
		t.Errorf("market analysis = %+v", ma)
	}
	if r.RevenueProjections.Baseline == nil || r.Attribution != market.Attribution {
		t.Errorf("baseline %+v attribution %q", r.RevenueProjections.Baseline, r.Attribution)
	}
	var best []string
	for _, s := range r.AmenityAnalysis.Suggestions {
		if s.Source == "market" {
			best = append(best, s.Amenity)
		}
	}
	// The top earners all offer an EV charger, a hot tub, essentials and a
	// hair dryer, which the house does not list; self check-in it has (the
	// keypad), so it is not suggested.
	if strings.Join(best, ",") != "EV charger,Hot tub,Hair dryer,Essentials" {
		t.Errorf("market suggestions = %q", best)
	}
}

func TestNoMarketIsSaid(t *testing.T) {
	for _, m := range []Market{nil, &fakeMarket{err: market.ErrNoMarket}} {
		in := Input{Listing: loadListing(t, "sparse-vrbo"), Plan: domain.PlanPremium, Now: clock}
		if m != nil {
			in.Market = m
		}
		r, err := Generate(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if r.MarketAnalysisData.Available || r.MarketAnalysisData.Note != MsgNoMarket || r.Attribution != "" {
			t.Errorf("market analysis %+v attribution %q", r.MarketAnalysisData, r.Attribution)
		}
		if r.PricingAnalysis.Status != analysis.PricingNotEnoughData {
			t.Errorf("pricing status %s", r.PricingAnalysis.Status)
		}
	}
}

func TestMarketErrorsDegrade(t *testing.T) {
	for _, err := range []error{errors.New("disk I/O error"), domain.Errorf(domain.CodeInvalid, "A room type is needed to find comparable listings.")} {
		r, gerr := Generate(context.Background(), Input{Listing: loadListing(t, "sparse-vrbo"), Plan: domain.PlanBasic, Now: clock, Market: &fakeMarket{err: err}})
		if gerr != nil {
			t.Fatal(gerr)
		}
		if r.PricingAnalysis.Comparables != 0 || len(r.Warnings) == 0 {
			t.Errorf("%v: comparables %d warnings %q", err, r.PricingAnalysis.Comparables, r.Warnings)
		}
		if strings.Contains(strings.Join(r.Warnings, " "), "disk I/O") {
			t.Error("internal error text in the report")
		}
	}
}

func TestFewComparablesAreNotUsed(t *testing.T) {
	m := albanyMarket()
	m.comps.Listings = m.comps.Listings[:3]
	r := generate(t, "albany-house", domain.PlanPremium, m)
	if r.PricingAnalysis.Comparables != 0 || r.MarketAnalysisData.Available || !strings.Contains(r.MarketAnalysisData.Note, "Only 3 listings") {
		t.Errorf("pricing %d market %+v", r.PricingAnalysis.Comparables, r.MarketAnalysisData)
	}
}

// No rating read: no number stands for it (the old code stated SPEC's
// default 4.2 as the listing's); a rating read is stated on its own scale.
func TestGuestRatingNotADefault(t *testing.T) {
	r := generate(t, "sparse-vrbo", domain.PlanBasic, nil)
	if r.GuestRating != nil || r.RatingOnPage != nil || !strings.Contains(r.Explanations["guest_rating"], "no rating yet") {
		t.Errorf("guest rating %v %v: %q", r.GuestRating, r.RatingOnPage, r.Explanations["guest_rating"])
	}
	r = generate(t, "lisbon-loft", domain.PlanBasic, nil)
	if r.GuestRating == nil || *r.GuestRating != 4.93 || r.RatingOnPage == nil || r.RatingOnPage.Text != "4.93 out of 5" {
		t.Errorf("guest rating %v %+v", r.GuestRating, r.RatingOnPage)
	}
	l := loadListing(t, "lisbon-loft")
	l.Ratings.Overall, l.ReviewCount = 0, 214
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanBasic, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	if r.GuestRating != nil || !strings.HasPrefix(r.Explanations["guest_rating"], "Not assessed") {
		t.Errorf("an unread rating: %v %q", r.GuestRating, r.Explanations["guest_rating"])
	}
}

func TestPremiumTitleNote(t *testing.T) {
	l := loadListing(t, "lisbon-loft")
	l.Title = "Sunny two-bedroom Alfama loft with a river view and a big private terrace"
	for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
		r, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		note := r.TitleAnalysis.LimitNote
		if (plan == domain.PlanPremium) != strings.Contains(note, "exceeding the 50-character limit for Airbnb titles") {
			t.Errorf("%s: note %q", plan, note)
		}
	}
}

func TestInvalidInput(t *testing.T) {
	if _, err := Generate(context.Background(), Input{Plan: domain.PlanBasic}); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("no listing: %v", err)
	}
	if _, err := Generate(context.Background(), Input{Listing: &listing.Listing{}, Plan: "gold"}); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("bad plan: %v", err)
	}
}

// badWriter breaks the Writer contract: too many, too long, duplicate.
type badWriter struct{}

func (badWriter) Write(_ context.Context, req writing.Request) (writing.Copy, error) {
	return writing.Copy{Titles: []string{"A title that is far too long to ever be shown on Airbnb in full", "Loft in Lisbon", "Loft in Lisbon"},
		Writers: map[string]string{writing.PartTitles: "other", writing.PartDescription: "other", writing.PartAmenityCopy: "other"}}, nil
}

func TestWriterContractIsEnforced(t *testing.T) {
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium, Now: clock, Writer: badWriter{}})
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, r)
	if r.TitleSuggestions[0] != "Loft in Lisbon" || r.Writers[writing.PartTitles] != "other+builtin" || r.Writers[writing.PartDescription] != writing.NameBuiltin {
		t.Errorf("titles %q writers %v", r.TitleSuggestions[:2], r.Writers)
	}
	if !strings.Contains(strings.Join(r.WriterNotes, " "), "2 title suggestions failed the report's checks") {
		t.Errorf("notes = %q", r.WriterNotes)
	}
}

// inventingWriter's description and amenity copy name a sauna the loft
// does not have.
type inventingWriter struct{}

func (inventingWriter) Write(ctx context.Context, req writing.Request) (writing.Copy, error) {
	c, err := writing.Builtin{}.Write(ctx, req)
	c.Description += "\n\nUnwind in the private sauna after a day in the city."
	c.AmenityCopy = "A private sauna and wifi."
	c.Writers = map[string]string{writing.PartTitles: "other", writing.PartDescription: "other", writing.PartAmenityCopy: "other"}
	return c, err
}

// Every writer's description and amenity copy pass the fact checker
// before the report labels them its own: a writer that invents loses the
// part to the built-in writer, with a note (before, only titles were
// re-checked, and an invented sauna shipped labelled as the writer's).
func TestWriterDescriptionAndAmenityCopyAreChecked(t *testing.T) {
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium, Now: clock, Writer: inventingWriter{}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(r.OptimizedDescription, "sauna") || strings.Contains(r.AmenityCopy, "sauna") {
		t.Errorf("an invented sauna reached the report:\n%s\n%s", r.OptimizedDescription, r.AmenityCopy)
	}
	if r.Writers[writing.PartDescription] != writing.NameBuiltin || r.Writers[writing.PartAmenityCopy] != writing.NameBuiltin || r.Writers[writing.PartTitles] != "other" {
		t.Errorf("writers = %v", r.Writers)
	}
	notes := strings.Join(r.WriterNotes, " ")
	for _, want := range []string{"The description failed the report's checks (names an amenity the listing does not have: Sauna)", "The amenity copy failed the report's checks"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q: %q", want, notes)
		}
	}
}

// TestPremiumPhotoMeasurements: photos are fetched through the given
// fetcher (the safe fetcher in production) and measured; failures are
// recorded per photo; Basic never fetches.
func TestPremiumPhotoMeasurements(t *testing.T) {
	photo := grayPhoto(t, 251)
	fetched := 0
	fetch := PhotoFetcherFunc(func(_ context.Context, url string) ([]byte, error) {
		fetched++
		if strings.HasSuffix(url, "03.jpg") {
			return nil, errors.New("HTTP 404")
		}
		return photo, nil
	})
	l := loadListing(t, "albany-house")
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Now: clock, Photos: fetch, PhotoConcurrency: 1, MaxPhotos: 5})
	if err != nil {
		t.Fatal(err)
	}
	q := r.PhotoAudit.Quality
	if q == nil || q.Measured != 4 || q.Failed != 1 || len(q.Photos) != 5 || q.Photos[3].Error != "could not fetch the photo" || fetched != 5 {
		t.Fatalf("quality = %+v, fetched %d", q, fetched)
	}
	if q.Photos[0].URL != l.Photos[0].URL || !q.Photos[0].ResolutionOK || len(q.Duplicates) != 6 { // 4 identical images: 6 pairs
		t.Errorf("photo 0 = %+v, duplicates %v", q.Photos[0], q.Duplicates)
	}
	fetched = 0
	if _, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanBasic, Now: clock, Photos: fetch}); err != nil || fetched != 0 {
		t.Errorf("basic fetched %d photos (err %v)", fetched, err)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a := generate(t, "albany-house", domain.PlanPremium, albanyMarket())
	b := generate(t, "albany-house", domain.PlanPremium, albanyMarket())
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs differ")
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanBasic, Now: clock}); err == nil {
		t.Error("a cancelled context made a report")
	}
}

// BenchmarkGenerate is the full engine on a parsed listing with market
// data in memory, no photo download and the built-in writer. Target (issue
// 46): ≤ 10 ms per report.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range goldenCases {
		b.Run(c.name, func(b *testing.B) {
			l := loadListing(b, c.name)
			var m Market
			if c.market != nil {
				m = c.market()
			}
			plan := c.plan
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Market: m, Now: clock}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestUnknownBedroomsAreNotCompared(t *testing.T) {
	l := loadListing(t, "albany-house")
	l.ID = "999" // not in the market data
	delete(l.Sources, listing.FieldBedrooms)
	l.Bedrooms = 0
	m := albanyMarket()
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Market: m, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	if r.MarketAnalysisData.Available || r.PricingAnalysis.Comparables != 0 || !strings.Contains(r.MarketAnalysisData.Note, "bedrooms could not be read") {
		t.Errorf("queries %v market %+v", m.queries, r.MarketAnalysisData)
	}
}

// The success page's progress bar follows these calls, so they must come in
// the order the work happens.
func TestProgressStages(t *testing.T) {
	var got []domain.Stage
	_, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanBasic, Now: clock,
		Progress: func(_ context.Context, s domain.Stage) { got = append(got, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if want := []domain.Stage{domain.StageAnalyzing, domain.StageWriting}; !slices.Equal(got, want) {
		t.Errorf("stages %v, want %v", got, want)
	}
}

// checkActions: one ranked list of real actions, the top 3 its head, the
// five task areas in the order of their first action, and no action or
// HIGH for an area not assessed.
func checkActions(t *testing.T, r *Result) {
	t.Helper()
	rank := map[string]int{analysis.High: 3, analysis.Medium: 2, analysis.Low: 1}
	for i, a := range r.Actions {
		if rank[a.Priority] == 0 || a.Finding == "" || a.Action == "" {
			t.Errorf("action %d is not a real action: %+v", i, a)
		}
		if i > 0 && rank[a.Priority] > rank[r.Actions[i-1].Priority] {
			t.Errorf("action %d (%s) ranked below a %s one", i, a.Priority, r.Actions[i-1].Priority)
		}
		lower := strings.ToLower(a.Finding)
		for _, clean := range []string{"no problems", "no orphan", "nothing to", "looks good", "is fine"} {
			if strings.Contains(lower, clean) {
				t.Errorf("a finding that says nothing needs doing is an action: %+v", a)
			}
		}
		if a.Task != "" && r.TaskPriorities.Get(a.Task) == analysis.NotAssessed {
			t.Errorf("an action for an area not assessed: %+v", a)
		}
	}
	if n := min(3, len(r.Actions)); len(r.TopRecommendations) != n || (n > 0 && !reflect.DeepEqual(r.TopRecommendations[0], r.Actions[0])) {
		t.Errorf("top recommendations are not the head of the actions: %d of %d", len(r.TopRecommendations), len(r.Actions))
	}
	if got, want := strings.Join(r.TaskOrder, " "), strings.Join(analysis.TaskOrder(r.Actions, r.TaskPriorities), " "); got != want || len(r.TaskOrder) != 5 {
		t.Errorf("task order %s, want %s", got, want)
	}
	checkScores(t, r)
}

// checkScores: an overall score in its band, every score its formula's
// value (the old code held a 94 at 49 beside a HIGH action), and no
// priority that contradicts a score — no HIGH action in a section scored
// 65 or more, and each task's priority that of its most important action.
func checkScores(t *testing.T, r *Result) {
	t.Helper()
	if o := r.OverallScore; o == nil && r.OverallBand != analysis.BandNotAssessed || o != nil && (*o < 0 || *o > 100 || r.OverallBand != analysis.Band(*o)) {
		t.Errorf("overall %v %q", o, r.OverallBand)
	}
	cs := r.CompetitiveScores
	d := cs.Details
	// One thing, one number: each SPEC score is the section (or listing
	// score) it is named for, its formula's value, or null with the
	// section.
	for _, f := range []struct {
		name  string
		shown *int
		s     analysis.Score
		same  *int
	}{{"market positioning", cs.MarketPositioning, d.MarketPositioning, r.OverallScore}, {"amenity", cs.AmenityScore, d.Amenity, r.SectionScores.Amenities},
		{"visual", cs.VisualScore, d.Visual, r.SectionScores.Photos}, {"experience", cs.ExperienceScore, d.Experience, r.SectionScores.Reviews}} {
		if (f.shown == nil) != (f.same == nil) || f.shown != nil && (*f.shown != *f.same || *f.shown != f.s.Value) ||
			strings.Contains(f.s.Explanation, "Held at") || strings.Contains(f.s.Explanation, "by its formula") || strings.Contains(f.s.Explanation, "neutral") {
			t.Errorf("%s score %v is not its section's %v or its formula's %d: %s", f.name, f.shown, f.same, f.s.Value, f.s.Explanation)
		}
	}
	for _, a := range r.Actions {
		s := r.SectionScores.Get(analysis.SectionOf(a.Area))
		if s == nil {
			continue
		}
		if *s >= 65 && a.Priority == analysis.High {
			t.Errorf("a %s action in the %s section scored %d: %s", a.Priority, a.Area, *s, a.Finding)
		}
	}
	for _, k := range analysis.TaskKeys {
		p := r.TaskPriorities.Get(k)
		if p == analysis.NotAssessed {
			continue
		}
		want := analysis.Low
		for _, a := range r.Actions {
			if a.Task == k {
				want = a.Priority
				break
			}
		}
		if p != want {
			t.Errorf("%s is %s, its most important action %s", k, p, want)
		}
	}
	if e := cs.ExperienceScore; r.TaskPriorities.Experience == analysis.High && e != nil && *e >= 65 {
		t.Errorf("guest experience HIGH beside an experience score of %d", *e)
	}
}

// TestRevenueFollowsTheListingsFixes: the projection adds the cited effect
// of each change the listing needs, so listings with different problems
// get different figures, and one without a quantified fix says so.
func TestRevenueFollowsTheListingsFixes(t *testing.T) {
	figures := map[string]string{}
	for _, c := range goldenCases {
		var m *fakeMarket
		if c.market != nil {
			m = c.market()
		}
		r := generate(t, c.name, c.plan, m)
		rp := r.RevenueProjections
		var areas []string
		for _, comp := range rp.Components {
			areas = append(areas, comp.Area)
			found := false
			for _, a := range r.Actions {
				found = found || (a.Area == comp.Area && a.Effect != nil && a.Effect.High == comp.High)
			}
			if !found {
				t.Errorf("%s: the %s effect belongs to no action", c.name, comp.Area)
			}
		}
		if len(rp.Components) == 0 && (rp.Range != "+0%" || !strings.Contains(rp.Explanation, "no")) {
			t.Errorf("%s: nothing quantified, but %q: %s", c.name, rp.Range, rp.Explanation)
		}
		key := strings.Join(areas, "+")
		if other, ok := figures[rp.Range]; ok && other != key {
			t.Errorf("%s has the same figure %s as a listing with other fixes (%s vs %s)", c.name, rp.Range, key, other)
		}
		figures[rp.Range] = key
	}
	if len(figures) < 3 {
		t.Errorf("the golden listings share revenue figures: %v", figures)
	}
}

// geminiWriter is the model's copy as the built-in writer would word it
// (true to the listing), under the model's name; amenity copy it left to
// the built-in writer, which names a sauna the loft does not have.
type geminiWriter struct{}

func (geminiWriter) Write(ctx context.Context, req writing.Request) (writing.Copy, error) {
	c, err := writing.Builtin{}.Write(ctx, req)
	c.AmenityCopy = "A private sauna and wifi."
	c.Writers = map[string]string{writing.PartTitles: writing.NameGemini, writing.PartDescription: writing.NameGemini, writing.PartAmenityCopy: writing.NameBuiltin}
	return c, err
}

// Every part's label is writing.WriterLabel's for its writer, and only for
// a part that passed the fact checker in this report: the built-in
// writer's parts are checked too, and one that fails it is labelled with
// no check claimed (no label), never "every word checked".
func TestWriterLabelsClaimOnlyWhatWasChecked(t *testing.T) {
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium, Now: clock, Writer: geminiWriter{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{writing.PartTitles, writing.PartDescription} {
		if got, want := r.WriterLabels[part], writing.WriterLabel(writing.NameGemini); got != want || want == "" {
			t.Errorf("%s labelled %q, want %q", part, got, want)
		}
	}
	if l, ok := r.WriterLabels[writing.PartAmenityCopy]; ok {
		t.Errorf("the built-in amenity copy that fails the checker is labelled %q", l)
	}

	r, err = Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium, Now: clock, Writer: writing.Builtin{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{writing.PartTitles, writing.PartDescription, writing.PartAmenityCopy} {
		if got, want := r.WriterLabels[part], writing.WriterLabel(writing.NameBuiltin); got != want || want == "" {
			t.Errorf("%s labelled %q, want %q", part, got, want)
		}
	}
}

// A report stored before writer labels is decoded with none, whatever
// writers it names: its copy was not held to today's check.
func TestDecodeOldReportHasNoWriterLabels(t *testing.T) {
	r, err := Decode([]byte(`{"writers":{"optimized_description":"gemini"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.WriterLabels == nil || len(r.WriterLabels) != 0 {
		t.Errorf("labels = %#v, want an empty map", r.WriterLabels)
	}
}

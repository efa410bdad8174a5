package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// Market-comparison thresholds.
const (
	// MinComparables is the fewest comparables a market figure is based on;
	// with fewer the report says there is not enough data.
	MinComparables = 5
	// MinRanked is the fewest comparables with a revenue or occupancy figure
	// needed to pick a top quartile of best performers.
	MinRanked = 8
	// CommonShare is the share of listings from which an amenity counts as
	// common among them.
	CommonShare = 0.5
	// MaxSuggestions is how many amenities the report suggests (SPEC §9).
	MaxSuggestions = 5
)

// AmenitySuggestion is one amenity to add (or to list, if the host already
// has it).
type AmenitySuggestion struct {
	Key      string `json:"key"`
	Amenity  string `json:"amenity"`
	Reason   string `json:"reason"`
	Evidence string `json:"evidence"`
	// Source is "market" (common among the best-performing comparables),
	// "expected" (expected for this kind of listing and its likely guests)
	// or "guidance" (a generally valued amenity).
	Source string  `json:"source"`
	Rank   float64 `json:"rank"` // the ranking score, see AnalyzeAmenities
}

// AmenityShare is how common an amenity is among comparables.
type AmenityShare struct {
	ID        string  `json:"-"`
	Amenity   string  `json:"amenity"`
	ShareBest float64 `json:"share_best"` // among the best performers, 0–1
	ShareRest float64 `json:"share_rest"` // among the other comparables, 0–1
	ShareAll  float64 `json:"share_all"`  // among all comparables, 0–1
	Listing   bool    `json:"listing_has"`
}

// AmenityMarket is the market side of the amenity analysis.
type AmenityMarket struct {
	Comparables    int `json:"comparables"`
	BestPerformers int `json:"best_performers"`
	// RankedBy is the figure the best performers were picked by:
	// "estimated revenue" or "estimated occupancy" (Inside Airbnb's
	// estimates over the last 365 days), "" when too few had one.
	RankedBy string `json:"ranked_by,omitempty"`
	// CommonAmongBest are the amenities at least half the best performers
	// list, most common first.
	CommonAmongBest []AmenityShare `json:"common_among_best"`
	// Standard are the amenities at least half of all comparables list;
	// StandardCoverage is the share of them this listing has.
	Standard         []string `json:"standard"`
	StandardCoverage float64  `json:"standard_coverage"`
	// CountPercentile is the listing's amenity count as a percentile of the
	// comparables' counts.
	CountPercentile float64 `json:"count_percentile"`
	MedianCount     float64 `json:"median_count"`
}

// AmenityAnalysis is the amenity analyzer's result.
type AmenityAnalysis struct {
	Read bool `json:"read"` // false when the page's amenity list could not be read
	// Partial: only a short list was read (the site's most popular
	// amenities), so "missing" amenities may be offered: said, not acted on.
	Partial     bool     `json:"partial,omitempty"`
	Count       int      `json:"count"`
	Present     []string `json:"present"`      // the amenities the listing offers, as listed
	Expected    []string `json:"expected"`     // what guests expect of this kind of listing
	Missing     []string `json:"missing"`      // expected but not offered
	NotIncluded []string `json:"not_included"` // what the site lists as not included
	// ExpectedCoverage is the share of Expected the listing has (0–1).
	ExpectedCoverage float64             `json:"expected_coverage"`
	Suggestions      []AmenitySuggestion `json:"suggestions"` // at most 5, best first
	Market           *AmenityMarket      `json:"market,omitempty"`
	Findings         Findings            `json:"findings"`
	Explanation      string              `json:"explanation"`
}

// ExpectedAmenities are the catalog keys guests expect of a listing like l
// with the given likely guests: the basics everywhere (wifi, essentials,
// linens, smoke and carbon monoxide alarms, heating, air conditioning, hair
// dryer); for a whole place a kitchen, coffee maker, self check-in and
// washer; for a room a lock on the bedroom door; free parking for a house;
// a crib and high chair for families; a workspace and iron for business
// travellers.
func ExpectedAmenities(l *listing.Listing, g GuestProfile) []string {
	out := []string{"wifi", "essentials", "bed_linens", "smoke_alarm", "co_alarm", "heating", "air_conditioning", "hair_dryer"}
	switch PropertyClass(l) {
	case "room":
		out = append(out, "lock_on_door")
	case "house":
		out = append(out, "kitchen", "coffee_maker", "self_check_in", "washer", "free_parking")
	default:
		out = append(out, "kitchen", "coffee_maker", "self_check_in", "washer")
	}
	if g.Likely("families") {
		out = append(out, "crib", "high_chair")
	}
	if g.Likely("business") {
		out = append(out, "workspace", "iron")
	}
	return out
}

// segmentAmenities are the amenities each guest segment looks for.
var segmentAmenities = map[string][]string{
	"families":   {"crib", "high_chair", "childrens_items", "washer", "kitchen", "dishwasher"},
	"business":   {"workspace", "wifi", "self_check_in", "iron", "coffee_maker"},
	"groups":     {"free_parking", "dishwasher", "washer", "bbq"},
	"couples":    {"hot_tub", "coffee_maker", "room_darkening"},
	"pet_owners": {"pets"},
}

// AnalyzeAmenities compares what the listing offers with what is expected
// for its kind and likely guests and, when comparables are given, with what
// the best-performing comparables offer. Best performers are the top
// quartile of comparables by Inside Airbnb's estimated revenue (or, when
// fewer than 8 have one, estimated occupancy).
//
// Suggestions (at most 5) are ranked by: 10 + 10·(share among best
// performers) + 5·(that share − the share among the rest) for catalog
// amenities at least half the best performers offer (other amenity names
// are reported in the market section but not suggested); otherwise the catalog's editorial
// impact weight (1–10), +3 when expected for this kind of listing, +3 when a
// likely guest segment looks for it. Pools, hot tubs and grills are only
// suggested for houses, an EV charger only with parking, pets only when the
// house rules do not forbid them.
func AnalyzeAmenities(l *listing.Listing, features Features, g GuestProfile, comps []market.Listing) AmenityAnalysis {
	a := AmenityAnalysis{Read: l.Has(listing.FieldAmenities) || len(l.Amenities) > 0, Partial: l.IsPartial(listing.FieldAmenities),
		Present: []string{}, Expected: []string{}, Missing: []string{}, NotIncluded: []string{},
		Suggestions: []AmenitySuggestion{}, Findings: Findings{}}
	ownIDs := map[string]bool{}
	for _, am := range l.Amenities {
		if am.Available {
			a.Present = append(a.Present, am.Name)
			ownIDs[amenityID(am.Name)] = true
		} else {
			a.NotIncluded = append(a.NotIncluded, am.Name)
		}
	}
	for k := range features {
		ownIDs[k] = true
	}
	a.Count = len(a.Present)
	notIncluded := NotIncluded(l)

	expected := ExpectedAmenities(l, g)
	have := 0
	for _, k := range expected {
		a.Expected = append(a.Expected, catalogByKey[k].Label)
		if features.Has(k) {
			have++
		} else {
			a.Missing = append(a.Missing, catalogByKey[k].Label)
		}
	}
	a.ExpectedCoverage = round2(float64(have) / float64(len(expected)))

	cands := map[string]*AmenitySuggestion{}
	class := PropertyClass(l)
	feasible := func(k string) bool {
		d := catalogByKey[k]
		if d == nil || !d.Suggest {
			return false
		}
		if d.Houses && class != "house" {
			return false
		}
		if k == "ev_charger" && !features.Has("free_parking") {
			return false
		}
		if k == "lock_on_door" && class != "room" {
			return false
		}
		if k == "pets" && l.HouseRules.PetsAllowed != nil && !*l.HouseRules.PetsAllowed {
			return false
		}
		return true
	}

	if len(comps) >= MinComparables {
		a.Market = amenityMarket(comps, ownIDs, a.Count)
		for _, s := range a.Market.CommonAmongBest {
			if s.Listing {
				continue
			}
			id := s.ID
			d := catalogByKey[id]
			if d == nil || !d.Suggest {
				continue // only amenities we know to be worth adding (not "exterior security cameras")
			}
			if !feasible(id) && !(d.Houses && s.ShareBest >= 0.75) {
				continue // not advice for this kind of listing, unless nearly all top performers have it
			}
			cands[id] = &AmenitySuggestion{Key: strings.TrimPrefix(id, "raw:"), Amenity: s.Amenity, Source: "market",
				Rank:     round2(10 + 10*s.ShareBest + 5*(s.ShareBest-s.ShareRest)),
				Reason:   reasonFor(id, "Common among the best-performing comparable listings."),
				Evidence: fmt.Sprintf("Listed by %s of the %d best-performing comparables (by %s) and %s of all %d comparables.", pct(s.ShareBest), a.Market.BestPerformers, a.Market.RankedBy, pct(s.ShareAll), a.Market.Comparables)}
		}
	}
	isExpected := map[string]bool{}
	for _, k := range expected {
		isExpected[k] = true
	}
	segmentWants := map[string]string{}
	for _, s := range g.Segments {
		if !s.Likely {
			continue
		}
		for _, k := range segmentAmenities[s.Key] {
			if _, ok := segmentWants[k]; !ok {
				segmentWants[k] = strings.ToLower(s.Name)
			}
		}
	}
	for i := range Catalog {
		d := &Catalog[i]
		if features.Has(d.Key) || !feasible(d.Key) || cands[d.Key] != nil {
			continue
		}
		rank := float64(d.Impact)
		src := "guidance"
		var ev []string
		if isExpected[d.Key] {
			rank += 3
			src = "expected"
			ev = append(ev, "expected for "+withArticle(PropertyNounOr(l, "listing"))+" like this")
		}
		if seg, ok := segmentWants[d.Key]; ok {
			rank += 3
			ev = append(ev, "looked for by "+seg+", a likely guest group here")
		}
		if _, ok := notIncluded[d.Key]; ok {
			ev = append(ev, "the listing shows it as not included")
		}
		if len(ev) == 0 && d.Impact < 6 {
			continue // only strong general amenities are suggested without a reason specific to the listing
		}
		if len(ev) == 0 {
			ev = append(ev, "a generally valued amenity")
		}
		cands[d.Key] = &AmenitySuggestion{Key: d.Key, Amenity: d.Label, Source: src, Rank: rank, Reason: d.Why,
			Evidence: capitalize(joinList(ev)) + "."}
	}
	var list []AmenitySuggestion
	for _, c := range cands {
		if (!a.Read || a.Partial) && c.Source != "market" {
			lead := "We could not read your amenity list: if you offer it, make sure it is listed. "
			if a.Read {
				lead = "If you offer it already, make sure it is in your full list. "
			}
			c.Reason = lead + c.Reason
		}
		list = append(list, *c)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Rank != list[j].Rank {
			return list[i].Rank > list[j].Rank
		}
		return list[i].Amenity < list[j].Amenity
	})
	if len(list) > MaxSuggestions {
		list = list[:MaxSuggestions]
	}
	a.Suggestions = append(a.Suggestions, list...)

	// Findings.
	if !a.Read {
		// Not assessed: said, but not an action with a priority of its own.
		a.Findings = append(a.Findings, Finding{Code: "amenities.unread", Severity: SeverityInfo,
			Message: "We could not read the amenity list, so suggestions may name things you already offer; check that every amenity you offer is ticked in your listing."})
	} else if a.Partial && len(a.Missing) > 0 {
		a.Findings = append(a.Findings, Finding{Code: "amenities.partial", Severity: SeverityInfo,
			Message: fmt.Sprintf("Only the page's short list of %s was read, not everything the property offers, so amenities guests expect may already be offered; check the suggested amenities against your full list.", plural(a.Count, "amenity", "amenities"))})
	} else if len(a.Missing) > 0 {
		sev := SeverityLow
		if a.ExpectedCoverage < 0.6 {
			sev = SeverityHigh
		} else if a.ExpectedCoverage < 0.8 {
			sev = SeverityMedium
		}
		// One amenity story: the suggestions name the missing amenities,
		// ranked and with why; the action points there and names only the
		// ones the suggestions leave out.
		a.Findings = append(a.Findings, Finding{Code: "amenities.missing_expected", Severity: sev,
			Message: fmt.Sprintf("The listing has %d of %d amenities guests expect here (%d missing).", have, len(expected), len(a.Missing)),
			Action:  "Add the ones you can, starting with the suggested amenities" + alsoMissing(a.Missing, a.Suggestions) + ", and tick any you already have."})
	}
	if a.Market != nil {
		var miss []string
		for _, s := range a.Market.CommonAmongBest {
			if d := catalogByKey[s.ID]; !s.Listing && d != nil && d.Suggest {
				miss = append(miss, s.Amenity)
			}
		}
		if len(miss) > 0 {
			sev := SeverityMedium
			if len(miss) >= 4 {
				sev = SeverityHigh
			}
			a.Findings = append(a.Findings, Finding{Code: "amenities.market_gap", Severity: sev,
				Message: fmt.Sprintf("Most of the best-performing comparables offer %s this listing does not list.", plural(len(miss), "amenity", "amenities")),
				Action:  "Consider adding them: they are among the suggested amenities" + alsoMissing(miss, a.Suggestions) + "; they are what the strongest competition offers."})
		}
	}
	a.Explanation = amenityExplanation(a, have, len(expected))
	return a
}

func amenityExplanation(a AmenityAnalysis, have, expected int) string {
	var s string
	if a.Read {
		s = fmt.Sprintf("The listing shows %s and has %d of the %d amenities expected for its kind and likely guests.", plural(a.Count, "amenity", "amenities"), have, expected)
	} else {
		s = "The amenity list could not be read; expectations were checked against what the title and description mention."
	}
	if a.Market != nil {
		if a.Market.RankedBy != "" {
			s += fmt.Sprintf(" Against %d comparable listings, it has %s of the amenities at least half of them offer; the %d best performers (top quarter by %s) were checked for amenities this listing lacks.",
				a.Market.Comparables, pct(a.Market.StandardCoverage), a.Market.BestPerformers, a.Market.RankedBy)
		} else {
			s += fmt.Sprintf(" Against %d comparable listings, it has %s of the amenities at least half of them offer; too few had revenue or occupancy estimates to pick best performers.",
				a.Market.Comparables, pct(a.Market.StandardCoverage))
		}
	}
	if len(a.Suggestions) > 0 {
		var names []string
		for _, sg := range a.Suggestions {
			names = append(names, sg.Amenity)
		}
		s += " Suggested: " + joinList(names) + "."
	}
	return s
}

// amenityMarket computes the market side. ownIDs are the listing's amenity
// ids; count its amenity count.
func amenityMarket(comps []market.Listing, ownIDs map[string]bool, count int) *AmenityMarket {
	m := &AmenityMarket{Comparables: len(comps), CommonAmongBest: []AmenityShare{}, Standard: []string{}}
	ids := make([]map[string]bool, len(comps))
	labels := map[string]string{}
	counts := make([]float64, len(comps))
	for i, c := range comps {
		ids[i] = map[string]bool{}
		for _, name := range c.Amenities {
			id := amenityID(name)
			ids[i][id] = true
			if _, ok := labels[id]; !ok {
				labels[id] = amenityLabel(id, name)
			}
		}
		counts[i] = float64(len(c.Amenities))
	}
	m.CountPercentile, _ = PercentileRank(counts, float64(count))
	m.CountPercentile = round1(m.CountPercentile)
	m.MedianCount, _ = Quantile(counts, 0.5)

	share := func(idx []int, id string) float64 {
		if len(idx) == 0 {
			return 0
		}
		n := 0
		for _, i := range idx {
			if ids[i][id] {
				n++
			}
		}
		return float64(n) / float64(len(idx))
	}
	all := make([]int, len(comps))
	for i := range all {
		all[i] = i
	}
	allIDs := sortedKeys(labels)
	have := 0
	for _, id := range allIDs {
		if share(all, id) >= CommonShare {
			m.Standard = append(m.Standard, labels[id])
			if ownIDs[id] {
				have++
			}
		}
	}
	if len(m.Standard) > 0 {
		m.StandardCoverage = round2(float64(have) / float64(len(m.Standard)))
	}

	best, rest, by := BestPerformers(comps)
	m.RankedBy = by
	m.BestPerformers = len(best)
	if len(best) == 0 {
		return m
	}
	for _, id := range allIDs {
		sb := share(best, id)
		if sb < CommonShare {
			continue
		}
		m.CommonAmongBest = append(m.CommonAmongBest, AmenityShare{ID: id, Amenity: labels[id], ShareBest: round2(sb),
			ShareRest: round2(share(rest, id)), ShareAll: round2(share(all, id)), Listing: ownIDs[id]})
	}
	sort.SliceStable(m.CommonAmongBest, func(i, j int) bool {
		a, b := m.CommonAmongBest[i], m.CommonAmongBest[j]
		if a.ShareBest != b.ShareBest {
			return a.ShareBest > b.ShareBest
		}
		return a.Amenity < b.Amenity
	})
	return m
}

// BestPerformers splits comparables into the top quartile by Inside
// Airbnb's estimated revenue over the last 365 days (or estimated occupancy
// nights when fewer than MinRanked have a revenue figure) and the rest. It
// returns the indexes of both and the figure used, or no best performers
// when neither figure is available for MinRanked comparables.
func BestPerformers(comps []market.Listing) (best, rest []int, rankedBy string) {
	metric := func(c market.Listing) float64 { return c.EstimatedRevenue }
	rankedBy = "estimated revenue"
	n := 0
	for _, c := range comps {
		if c.EstimatedRevenue > 0 {
			n++
		}
	}
	if n < MinRanked {
		metric = func(c market.Listing) float64 { return float64(c.EstimatedOccupancyNights) }
		rankedBy = "estimated occupancy"
		n = 0
		for _, c := range comps {
			if c.EstimatedOccupancyNights > 0 {
				n++
			}
		}
		if n < MinRanked {
			return nil, nil, ""
		}
	}
	var vals []float64
	for _, c := range comps {
		if v := metric(c); v > 0 {
			vals = append(vals, v)
		}
	}
	q3, _ := Quantile(vals, 0.75)
	for i, c := range comps {
		if v := metric(c); v > 0 && v >= q3 {
			best = append(best, i)
		} else {
			rest = append(rest, i)
		}
	}
	return best, rest, rankedBy
}

func reasonFor(id, fallback string) string {
	if d := catalogByKey[id]; d != nil {
		return d.Why
	}
	return fallback
}

// PropertyNounOr is PropertyNoun with a fallback for unknown types.
func PropertyNounOr(l *listing.Listing, fallback string) string {
	if n := PropertyNoun(l); n != "" {
		return n
	}
	return fallback
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// alsoMissing names the amenities of names the suggestions leave out (they
// hold at most MaxSuggestions), so every missing amenity is named once.
func alsoMissing(names []string, suggested []AmenitySuggestion) string {
	in := map[string]bool{}
	for _, sg := range suggested {
		in[strings.ToLower(sg.Amenity)] = true
	}
	var rest []string
	for _, n := range names {
		if !in[strings.ToLower(n)] {
			rest = append(rest, n)
		}
	}
	if len(rest) == 0 {
		return ""
	}
	return "; also " + strings.ToLower(joinList(rest))
}

// withArticle puts "a" or "an" before a noun: "an apartment", "a loft".
func withArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

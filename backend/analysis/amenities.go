package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/textcase"
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
	Partial bool `json:"partial,omitempty"`
	// NotAssessed, when set, is why nothing is said to be missing (the
	// list was not read, or only in part, or in a language we do not
	// read): Expected, Missing and the coverage are then left empty.
	NotAssessed string   `json:"not_assessed,omitempty"`
	Count       int      `json:"count"`
	Present     []string `json:"present"`  // the amenities the listing offers, as listed
	Expected    []string `json:"expected"` // what guests expect of this kind of listing
	Missing     []string `json:"missing"`  // expected and not in the list at all
	// ExpectedNotIncluded are the expected amenities the page itself lists
	// as not included (by their catalogue names).
	ExpectedNotIncluded []string `json:"expected_not_included"`
	NotIncluded         []string `json:"not_included"` // what the site lists as not included, as listed
	// ExpectedCoverage is the share of Expected the listing has (0–1).
	ExpectedCoverage float64 `json:"expected_coverage"`
	// ExpectedBasis says what Expected rests on, in plain words: the
	// listing's kind and size, its climate and its guests ("a 2-bedroom
	// apartment for 6 guests in a temperate climate (latitude 38.7° N)").
	// Empty when the list was not assessed.
	ExpectedBasis string `json:"expected_basis,omitempty"`
	// NotExpected are sentences on what is not expected of this listing,
	// and why ("Heating is not expected: the listing is in the tropics
	// (latitude 22.9° S), where nights stay warm.").
	NotExpected []string            `json:"not_expected,omitempty"`
	Suggestions []AmenitySuggestion `json:"suggestions"` // at most 5, best first
	Market      *AmenityMarket      `json:"market,omitempty"`
	Findings    Findings            `json:"findings"`
	Explanation string              `json:"explanation"`
}

// expectedMetBy are features that meet an expectation they are not: a
// house listing "Parking" or "Garage" without saying whether it is free is
// not told free parking is missing.
var expectedMetBy = map[string][]string{"free_parking": {"parking"}}

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
// Nothing is said to be missing, and nothing suggested, unless the page's
// amenity list was read whole and in a language the catalogue reads
// (amenityAssessment); otherwise the finding says why it is not assessed.
// An amenity the page lists as not included is never counted present, and
// is suggested only when it is a basic (Basic: safety items, towels and
// sheets), quoting the page.
//
// Suggestions (at most 5) are ranked by: 10 + 10·(share among best
// performers) + 5·(that share − the share among the rest) for catalog
// amenities at least half the best performers offer (other amenity names
// are reported in the market section but not suggested); otherwise the catalog's editorial
// impact weight (1–10), +3 when expected for this kind of listing, +3 when a
// likely guest segment looks for it. Pools, hot tubs and grills are only
// suggested for houses, an EV charger only with parking, pets only when the
// house rules do not forbid them, free parking only when the listing names
// no parking of its own, a crib, high chair or toys only where families
// stay (familyBasis), heating and air conditioning only where the climate
// calls for them (AmenityExpectations) or nearby top performers list them,
// and nothing a hotel does not offer guests itself (a kitchen, a washer)
// to a hotel. Each expected amenity's evidence says what it is expected
// on (its Basis).
func AnalyzeAmenities(l *listing.Listing, features Features, g GuestProfile, comps []market.Listing) AmenityAnalysis {
	a := AmenityAnalysis{Read: l.Has(listing.FieldAmenities) || len(l.Amenities) > 0, Partial: AmenitiesPartial(l),
		Present: []string{}, Expected: []string{}, Missing: []string{}, ExpectedNotIncluded: []string{}, NotIncluded: []string{},
		Suggestions: []AmenitySuggestion{}, Findings: Findings{}}
	ownIDs := map[string]bool{}
	for _, am := range l.Amenities {
		if ShowAllButton(am.Name) {
			continue // the page's button, not an amenity
		}
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
	assessed, naCode, naWhy := amenityAssessment(l)
	if !assessed {
		a.NotAssessed = naWhy
	}
	kind := PropertyKind(l)

	// What guests expect, each counted with the page's own words.
	exp := AmenityExpectations(l, g)
	expected := exp.Keys
	have := 0
	var haveEv, missEv, notEv []Evidence
	var actionable []string // missing, or not included but basic
	for _, k := range expected {
		d := catalogByKey[k]
		met := ""
		for _, mk := range append([]string{k}, expectedMetBy[k]...) {
			if features.Has(mk) {
				met = mk
				break
			}
		}
		switch {
		case met != "":
			have++
			ev := featureEvidence(l, met, features[met])
			if met != k {
				ev.Note += ", which meets " + d.Label + " (the page does not say whether it is free)"
			}
			haveEv = append(haveEv, ev)
		case notIncluded[k] != "":
			a.ExpectedNotIncluded = append(a.ExpectedNotIncluded, d.Label)
			ev := notIncludedEvidence(l, k, notIncluded[k])
			if b := exp.OwnBasis(k); b != "" {
				ev.Note += ", " + textcase.LowerFirst(b)
			}
			notEv = append(notEv, ev)
			if d.Basic {
				actionable = append(actionable, d.Label)
			}
		default:
			a.Missing = append(a.Missing, d.Label)
			ev := missingEvidence(l, k)
			if b := exp.OwnBasis(k); b != "" {
				ev.Note += ", " + textcase.LowerFirst(b)
			}
			missEv = append(missEv, ev)
			actionable = append(actionable, d.Label)
		}
		a.Expected = append(a.Expected, d.Label)
	}
	a.ExpectedCoverage = numfmt.Round2(float64(have) / float64(len(expected)))
	if !assessed {
		// Absences are not known: no expected list, no coverage.
		a.Expected, a.Missing, a.ExpectedNotIncluded, a.ExpectedCoverage = []string{}, []string{}, []string{}, 0
	} else {
		a.ExpectedBasis, a.NotExpected = exp.Summary, exp.NotExpected
	}

	cands := map[string]*AmenitySuggestion{}
	ownParking := features.Has("street_parking") || features.Has("paid_parking") || features.Has("parking")
	feasible := func(k string) bool {
		d := catalogByKey[k]
		if d == nil || !d.Suggest {
			return false
		}
		if d.Houses && kind != KindHouse {
			return false
		}
		if d.HomesOnly && kind == KindHotel {
			return false
		}
		if k == "ev_charger" && !features.Has("free_parking") && !features.Has("parking") {
			return false
		}
		if k == "lock_on_door" && kind != KindRoom {
			return false
		}
		if k == "pets" && l.HouseRules.PetsAllowed != nil && !*l.HouseRules.PetsAllowed {
			return false
		}
		if _, no := notIncluded[k]; no && !d.Basic {
			return false // the host lists it as not included: their choice, not pressed again
		}
		if familyItems[k] && exp.Families == "" {
			return false // a crib is advice only where families stay (familyBasis)
		}
		return true
	}

	if len(comps) >= MinComparables {
		a.Market = amenityMarket(comps, ownIDs, a.Count)
		for _, s := range a.Market.CommonAmongBest {
			if s.Listing || !assessed {
				continue
			}
			id := s.ID
			d := catalogByKey[id]
			if d == nil || !d.Suggest {
				continue // only amenities we know to be worth adding (not "exterior security cameras")
			}
			if !feasible(id) && !(d.Houses && s.ShareBest >= 0.75 && !(d.HomesOnly && kind == KindHotel)) {
				continue // not advice for this kind of listing, unless nearly all top performers have it
			}
			cands[id] = &AmenitySuggestion{Key: strings.TrimPrefix(id, "raw:"), Amenity: s.Amenity, Source: "market",
				Rank:     numfmt.Round2(10 + 10*s.ShareBest + 5*(s.ShareBest-s.ShareRest)),
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
		if !s.Likely || (s.Key == "families" && exp.Families == "") {
			// Families are a reason only where the page or reviews point
			// to them or the home is of family size (familyBasis): the
			// one decision about families this section makes.
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
		if !assessed || features.Has(d.Key) || !feasible(d.Key) || cands[d.Key] != nil {
			continue
		}
		if climateItems[d.Key] && !exp.Expects(d.Key) {
			// Heating in the tropics, or either where the climate is not
			// known, is no advice of ours (nearby comparables listing it is
			// their evidence, above).
			continue
		}
		if d.Key == "free_parking" && ownParking {
			continue // the host knows their parking; "add free parking" is not advice
		}
		rank := float64(d.Impact)
		src := "guidance"
		var ev []string
		if isExpected[d.Key] {
			rank += 3
			src = "expected"
			ev = append(ev, textcase.LowerFirst(exp.Basis[d.Key]))
		}
		if seg, ok := segmentWants[d.Key]; ok && !strings.Contains(strings.ToLower(exp.Basis[d.Key]), seg) {
			// (A workspace expected by business travellers says so once.)
			rank += 3
			ev = append(ev, "looked for by "+seg+", a likely guest group here")
		}
		if name, ok := notIncluded[d.Key]; ok {
			ev = append(ev, "your page lists "+Quote(name)+" as not included")
		}
		if len(ev) == 0 && d.Impact < 6 {
			continue // only strong general amenities are suggested without a reason specific to the listing
		}
		if len(ev) == 0 {
			ev = append(ev, "a generally valued amenity")
		}
		cands[d.Key] = &AmenitySuggestion{Key: d.Key, Amenity: d.Label, Source: src, Rank: rank, Reason: d.Why,
			Evidence: textcase.UpperFirst(strings.Join(ev, "; ")) + "."}
	}
	var list []AmenitySuggestion
	for _, c := range cands {
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
	switch {
	case !assessed:
		// Not assessed: said, with why, but not an action of its own. A
		// list the page says is partial ("Show all 15 amenities") names no
		// amenity missing and suggests none, not even "if you have X, list
		// it": the host of a hotel showing 8 of its 15 facilities has them
		// listed, and a named X would read as a claim it is absent. The one
		// thing true of every such page is this: check the list is whole.
		msg := "Amenities guests expect were not checked: " + naWhy + ", so an amenity not seen may still be offered; check that every amenity you offer is ticked in your listing."
		ev := []Evidence{{Field: listing.FieldAmenities, Value: plural(availableCount(l), "amenity", "amenities"), Where: WhereRead(l, listing.FieldAmenities), Note: "not assessed: " + naWhy}}
		if naCode == "amenities.unread" {
			ev[0].Value = ""
		}
		a.Findings = append(a.Findings, Finding{Code: naCode, Severity: SeverityInfo, Message: msg, Evidence: append(ev, haveEv...)})
	case len(a.Missing)+len(a.ExpectedNotIncluded) > 0:
		var parts []string
		if len(a.Missing) > 0 {
			parts = append(parts, joinList(a.Missing)+" not in its list")
		}
		if len(a.ExpectedNotIncluded) > 0 {
			parts = append(parts, joinList(a.ExpectedNotIncluded)+" listed as not included")
		}
		f := Finding{Code: "amenities.missing_expected", Severity: SeverityInfo,
			Message: fmt.Sprintf("The listing has %d of %d amenities guests expect here (%d missing: %s). Expected of %s.", have, len(expected),
				len(expected)-have, strings.Join(parts, "; "), exp.Summary),
			Evidence: append(append(append([]Evidence{}, missEv...), notEv...), haveEv...)}
		if len(actionable) > 0 {
			f.Severity = SeverityLow
			if a.ExpectedCoverage < 0.6 {
				f.Severity = SeverityHigh
			} else if a.ExpectedCoverage < 0.8 {
				f.Severity = SeverityMedium
			}
			// One amenity story: the suggestions name the missing amenities,
			// ranked and with why; the action points there and names only the
			// ones the suggestions leave out.
			f.Action = "Add the ones you can, starting with the suggested amenities" + alsoMissing(actionable, a.Suggestions) + ", and tick any you already have."
		}
		a.Findings = append(a.Findings, f)
	}
	if a.Market != nil && assessed && RuleApplies(l, "amenities.market_gap", "") {
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
				Message:  fmt.Sprintf("Most of the best-performing comparables offer %s this listing does not list.", plural(len(miss), "amenity", "amenities")),
				Action:   "Consider adding them: they are among the suggested amenities" + alsoMissing(miss, a.Suggestions) + "; they are what the strongest competition offers.",
				Evidence: []Evidence{Read(l, listing.FieldAmenities, plural(a.Count, "amenity", "amenities"), "not listed: "+joinList(miss))}})
		}
	}
	a.Explanation = amenityExplanation(a, have, len(expected))
	return a
}

func amenityExplanation(a AmenityAnalysis, have, expected int) string {
	var s string
	switch {
	case a.NotAssessed != "":
		s = fmt.Sprintf("The listing shows %s; amenities guests expect were not checked because %s.", plural(a.Count, "amenity", "amenities"), a.NotAssessed)
		if !a.Read {
			// Nothing was read: no count to state.
			s = fmt.Sprintf("Amenities guests expect were not checked because %s.", a.NotAssessed)
		}
	case a.Read:
		s = fmt.Sprintf("The listing shows %s and has %d of the %d amenities expected of %s.", plural(a.Count, "amenity", "amenities"), have, expected, a.ExpectedBasis)
		if len(a.NotExpected) > 0 {
			s += " " + strings.Join(a.NotExpected, " ")
		}
	}
	// The share of the market's standard amenities is said only of a list
	// read whole: of a list not read it would be a false "0 %".
	if a.Market != nil && a.Read && !a.Partial {
		if a.Market.RankedBy != "" {
			s += fmt.Sprintf(" Against %s, it has %s of the amenities at least half of them offer; the %d best performers (top quarter by %s) were checked for amenities this listing lacks.",
				plural(a.Market.Comparables, "comparable listing", "comparable listings"), pct(a.Market.StandardCoverage), a.Market.BestPerformers, a.Market.RankedBy)
		} else {
			s += fmt.Sprintf(" Against %s, it has %s of the amenities at least half of them offer; too few had revenue or occupancy estimates to pick best performers.",
				plural(a.Market.Comparables, "comparable listing", "comparable listings"), pct(a.Market.StandardCoverage))
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
		m.StandardCoverage = numfmt.Round2(float64(have) / float64(len(m.Standard)))
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
		m.CommonAmongBest = append(m.CommonAmongBest, AmenityShare{ID: id, Amenity: labels[id], ShareBest: numfmt.Round2(sb),
			ShareRest: numfmt.Round2(share(rest, id)), ShareAll: numfmt.Round2(share(all, id)), Listing: ownIDs[id]})
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

// climateItems are the amenities expected, and suggested, only where the
// listing's climate calls for them (AmenityExpectations).
var climateItems = map[string]bool{"heating": true, "air_conditioning": true}

// withArticle puts "a" or "an" before a noun: "an apartment", "a loft".
func withArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

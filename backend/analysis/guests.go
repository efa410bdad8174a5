package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// Segment is one kind of guest the listing suits, with the evidence.
type Segment struct {
	Key      string   `json:"key"`
	Name     string   `json:"name"`
	Score    int      `json:"score"`  // 0–100: the sum of the evidence points, capped
	Likely   bool     `json:"likely"` // score ≥ LikelySegment
	Evidence []string `json:"evidence"`
}

// LikelySegment is the score from which a segment is called likely.
const LikelySegment = 40

// GuestProfile is the guest profile analyzer's result.
type GuestProfile struct {
	Segments    []Segment `json:"segments"` // highest score first
	Primary     string    `json:"primary"`  // the top likely segment's name, "" when none is likely
	ReviewsRead int       `json:"reviews_read"`
	Explanation string    `json:"explanation"`
}

// Likely reports whether the segment with key is likely.
func (g GuestProfile) Likely(key string) bool {
	for _, s := range g.Segments {
		if s.Key == key {
			return s.Likely
		}
	}
	return false
}

var segmentWords = map[string]struct{ text, reviews []string }{
	"families": {[]string{"family", "families", "kids", "children", "child", "toddler", "baby", "crib"},
		[]string{"family", "families", "kids", "children", "our son", "our daughter", "toddler", "baby", "grandkids"}},
	"couples": {[]string{"romantic", "couple", "couples", "getaway", "honeymoon", "anniversary"},
		[]string{"husband", "wife", "boyfriend", "girlfriend", "partner", "anniversary", "honeymoon", "romantic", "fiance", "fiancee"}},
	"business": {[]string{"business", "remote work", "work from home", "conference", "professionals", "work trip", "travel nurse", "travel nurses"},
		[]string{"business trip", "work trip", "for work", "conference", "worked remotely", "remote work", "working from", "meetings", "business"}},
	"groups": {[]string{"group", "groups", "friends", "reunion", "team", "large party"},
		[]string{"friends", "group", "reunion", "bachelor", "bachelorette", "wedding", "girls trip", "guys trip", "team"}},
	"pet_owners": {[]string{"dog", "dogs", "pet", "pets", "fenced yard", "fenced"},
		[]string{"dog", "dogs", "pup", "puppy", "pet", "pets", "our cat"}},
}

// AnalyzeGuests finds the likely guest segments. Points (capped at 100):
//
//	families:   sleeps 4+ 20, 2+ bedrooms 15, family rooms listed 40,
//	            children said welcome 40 (each an offer to families: likely
//	            alone), crib 15, high chair 10, toys 5,
//	            pool or outdoor space 10, description words 15, reviews ≤20;
//	            0 when the page's rules say children may not stay (in any
//	            language we read: guests_family.go)
//	couples:    sleeps ≤2 or studio/1 bedroom 30, hot tub or fireplace 15,
//	            description words 20, reviews ≤20
//	business:   workspace 25, wifi 15, self check-in 10, long stays 10,
//	            washer 5, description words 15, reviews ≤20
//	groups:     sleeps 6+ 35, 3+ bedrooms 20, 4+ beds 10, parking 10,
//	            description words 15, reviews ≤20
//	pet owners: pets allowed 50, outdoor space 10, description words 15,
//	            reviews ≤20; 0 when the house rules say no pets
//
// Reviews add 20 when at least 10% of English review texts mention the
// segment and 10 when at least 2 do.
func AnalyzeGuests(l *listing.Listing, features Features, reviews []listing.Review) GuestProfile {
	desc := newText(l.Title, l.Description)
	var revTexts []text
	for _, r := range reviews {
		if strings.TrimSpace(r.Text) != "" {
			revTexts = append(revTexts, newText(r.Text))
		}
	}
	g := GuestProfile{ReviewsRead: len(revTexts)}
	seg := func(key, name string) *Segment { return &Segment{Key: key, Name: name, Evidence: []string{}} }
	pts := func(s *Segment, n int, ev string) {
		s.Score += n
		s.Evidence = append(s.Evidence, ev)
	}
	words := func(s *Segment, n int) {
		if p, ok := desc.hasAny(segmentWords[s.Key].text...); ok {
			pts(s, n, fmt.Sprintf("the listing text mentions \"%s\"", p))
		}
	}
	revs := func(s *Segment, what string) {
		if len(revTexts) == 0 {
			return
		}
		n := 0
		for _, t := range revTexts {
			if _, ok := t.hasAny(segmentWords[s.Key].reviews...); ok {
				n++
			}
		}
		share := float64(n) / float64(len(revTexts))
		switch {
		case share >= 0.10 && n >= 2:
			pts(s, 20, fmt.Sprintf("%d of %d reviews mention %s", n, len(revTexts), what))
		case n >= 2:
			pts(s, 10, fmt.Sprintf("%d of %d reviews mention %s", n, len(revTexts), what))
		}
	}
	capacity := l.Capacity
	if capacity == 0 {
		capacity = l.HouseRules.MaxGuests
	}
	has := func(k string) bool { return features.Has(k) }

	fam := seg("families", "Families")
	if childrenBanned(l) {
		// Evidence against: no amount of space makes it a family stay.
		fam.Evidence = append(fam.Evidence, noChildren.what)
	} else {
		familyPoints(fam, l, capacity, has, pts)
		switch {
		case has("pool"):
			pts(fam, 10, "a pool")
		case has("outdoor_space"):
			pts(fam, 10, "outdoor space")
		}
		words(fam, 15)
		revs(fam, "family or children")
	}

	cpl := seg("couples", "Couples")
	if (capacity > 0 && capacity <= 2) || (l.Has(listing.FieldBedrooms) && l.Bedrooms <= 1) {
		ev := fmt.Sprintf("sleeps %d", capacity)
		if capacity == 0 || capacity > 2 {
			ev = plural(l.Bedrooms, "bedroom", "bedrooms")
			if l.Bedrooms == 0 {
				ev = "a studio"
			}
		}
		pts(cpl, 30, ev)
	}
	if has("hot_tub") || has("fireplace") {
		pts(cpl, 15, "hot tub or fireplace")
	}
	words(cpl, 20)
	revs(cpl, "a partner or a special occasion")

	biz := seg("business", "Business travellers")
	for _, x := range []struct {
		k string
		n int
	}{{"workspace", 25}, {"wifi", 15}, {"self_check_in", 10}, {"long_term", 10}, {"washer", 5}} {
		if has(x.k) {
			pts(biz, x.n, strings.ToLower(catalogByKey[x.k].Label))
		}
	}
	words(biz, 15)
	revs(biz, "work or business")

	grp := seg("groups", "Groups")
	if capacity >= 6 {
		pts(grp, 35, fmt.Sprintf("sleeps %d", capacity))
	}
	if l.Bedrooms >= 3 {
		pts(grp, 20, fmt.Sprintf("%d bedrooms", l.Bedrooms))
	}
	if l.Beds >= 4 {
		pts(grp, 10, fmt.Sprintf("%d beds", l.Beds))
	}
	// Parking on the premises: free, or with its charge unstated. Free
	// street parking is not the listing's own parking.
	switch {
	case has("free_parking"):
		pts(grp, 10, "free parking")
	case has("parking"):
		pts(grp, 10, "parking on the premises")
	}
	words(grp, 15)
	revs(grp, "friends or a group")

	pet := seg("pet_owners", "Pet owners")
	noPets := l.HouseRules.PetsAllowed != nil && !*l.HouseRules.PetsAllowed
	if noPets {
		pet.Evidence = append(pet.Evidence, "house rules say no pets")
	} else {
		if has("pets") {
			pts(pet, 50, "pets allowed")
		}
		if has("outdoor_space") {
			pts(pet, 10, "outdoor space")
		}
		words(pet, 15)
		revs(pet, "pets")
	}

	g.Segments = []Segment{*fam, *cpl, *biz, *grp, *pet}
	for i := range g.Segments {
		g.Segments[i].Score = min(100, g.Segments[i].Score)
		g.Segments[i].Likely = g.Segments[i].Score >= LikelySegment
	}
	sort.SliceStable(g.Segments, func(i, j int) bool { return g.Segments[i].Score > g.Segments[j].Score })
	var likely []string
	for _, s := range g.Segments {
		if s.Likely {
			likely = append(likely, strings.ToLower(s.Name))
		}
	}
	if len(likely) > 0 {
		g.Primary = g.Segments[0].Name
		top := g.Segments[0]
		g.Explanation = fmt.Sprintf("Most likely guests: %s. %s score highest (%d/100) because of %s.",
			joinList(likely), top.Name, top.Score, joinList(top.Evidence[:min(3, len(top.Evidence))]))
	} else {
		g.Explanation = "No guest segment has strong evidence yet; the listing reads as general-purpose."
	}
	if g.ReviewsRead > 0 {
		g.Explanation += fmt.Sprintf(" Review evidence is from %s.", plural(g.ReviewsRead, "review text", "review texts"))
	} else {
		g.Explanation += " No review text was available, so this rests on capacity, amenities and the description."
	}
	return g
}

// familyPoints gives families their points for space and for what the page
// states outright (familyEvidence): a family room, children welcome, a
// crib or a high chair in the amenity list or the host's words, each
// once, whichever language says it.
func familyPoints(fam *Segment, l *listing.Listing, capacity int, has func(string) bool, pts func(*Segment, int, string)) {
	if capacity >= 4 {
		pts(fam, 20, fmt.Sprintf("sleeps %d", capacity))
	}
	if l.Bedrooms >= 2 {
		pts(fam, 15, fmt.Sprintf("%d bedrooms", l.Bedrooms))
	}
	// Each cue once: the catalogue's reading of the amenity list, or the
	// page's own words in any language.
	stated := map[string]bool{}
	for _, c := range familyEvidence(l) {
		stated[c.what] = true
	}
	for _, c := range familyCues {
		if stated[c.what] || (c.key != "" && has(c.key)) {
			pts(fam, c.points, c.what)
		}
	}
	if has("childrens_items") {
		pts(fam, 5, strings.ToLower(catalogByKey["childrens_items"].Label)+" offered")
	}
}

package writing

import (
	"fmt"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// BuiltinAmenityCopy lists what the listing offers, strongest first, in
// English: names the page gives in another language are quoted as written
// ("Gratis WiFi"), never lower-cased into an English sentence.
func BuiltinAmenityCopy(req Request, f Facts) string {
	foreign := amenityListLanguage(req.Listing) != "en"
	if len(f.Amenities) == 0 {
		if len(f.Differentiators) == 0 {
			return ""
		}
		return "Highlights: " + analysis.JoinList(f.Differentiators) + "."
	}
	type am struct {
		name string
		key  string // the catalogue's key, "" for a name it does not know
		rank int
		i    int
	}
	var list []am
	seen := map[string]bool{}
	for i, n := range f.Amenities {
		key := strings.ToLower(n)
		if seen[key] {
			continue
		}
		seen[key] = true
		rank := 0
		k := analysis.CanonicalAmenity(n)
		if k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
			if d.TitleWord != "" {
				rank += 5
			}
		}
		list = append(list, am{n, k, rank, i})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].rank != list[j].rank {
			return list[i].rank > list[j].rank
		}
		return list[i].i < list[j].i
	})
	var names []string
	for _, i := range shownAmenities(len(list), func(i int) string { return list[i].key }) {
		n := list[i].name
		switch {
		case foreign:
			n = quote(n)
		case len(names) > 0:
			n = lowerFirst(n)
		}
		names = append(names, n)
	}
	s := "What this place offers: " + analysis.JoinList(names) + "."
	if more := len(list) - len(names); more > 0 {
		s += fmt.Sprintf(" Plus %d more in the full amenity list.", more)
	}
	return s
}

// maxShownAmenities is how many amenities the amenity copy names.
const maxShownAmenities = 12

// shownAmenities are the indexes (in rank order) of the amenities the
// copy names: at most maxShownAmenities, one name per catalogue feature —
// a page listing "Pool", "Outdoor pool" and "Private pool", or four sea
// views, gets the first named once; the rest count among the "more".
func shownAmenities(n int, key func(int) string) []int {
	var out []int
	seen := map[string]bool{}
	for i := 0; i < n && len(out) < maxShownAmenities; i++ {
		if k := key(i); k != "" {
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, i)
	}
	return out
}

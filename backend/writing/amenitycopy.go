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
		return "Highlights: " + joinAnd(f.Differentiators) + "."
	}
	type am struct {
		name string
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
		if k := analysis.CanonicalAmenity(n); k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
			if d.TitleWord != "" {
				rank += 5
			}
		}
		list = append(list, am{n, rank, i})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].rank != list[j].rank {
			return list[i].rank > list[j].rank
		}
		return list[i].i < list[j].i
	})
	var names []string
	for i, a := range list {
		if i == 12 {
			break
		}
		n := a.name
		switch {
		case foreign:
			n = quote(n)
		case i > 0:
			n = lowerFirst(n)
		}
		names = append(names, n)
	}
	s := "What this place offers: " + joinAnd(names) + "."
	if len(list) > 12 {
		s += fmt.Sprintf(" Plus %d more in the full amenity list.", len(list)-12)
	}
	return s
}

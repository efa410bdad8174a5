package writing

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// amenityFacts are what the amenity checks read of the listing.
type amenityFacts struct{}

func newAmenityFacts(req Request) amenityFacts { return amenityFacts{} }

// checkAmenities checks that every amenity or feature s names is one the
// listing has or its own words name.
func (v *validator) checkAmenities(s string, p Part) error {
	if k := unsupportedAmenity(s, v.req.Features, v.own); k != "" {
		return fmt.Errorf("%w: %s", ErrAmenity, k)
	}
	return nil
}

// unsupportedAmenity returns the label of a catalog amenity the text names
// that the listing neither offers nor mentions in its own words.
func unsupportedAmenity(s string, have analysis.Features, own []string) string {
	ws := analysis.Words(s)
	for _, d := range analysis.Catalog {
		if have.Has(d.Key) {
			continue
		}
		mention := d.Mention
		if mention == nil {
			mention = d.Match
		}
		if mentions(ws, mention, d.Exclude) && !mentions(own, mention, d.Exclude) {
			return d.Label
		}
	}
	return ""
}

func mentions(ws []string, phrases, exclude []string) bool {
	has := func(p string) bool {
		ps := strings.Fields(p)
		for i := 0; i+len(ps) <= len(ws); i++ {
			ok := true
			for j := range ps {
				if ws[i+j] != ps[j] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}
	for _, e := range exclude {
		if has(e) {
			return false
		}
	}
	for _, p := range phrases {
		if has(p) {
			return true
		}
	}
	return false
}

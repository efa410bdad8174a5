package analysis

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// viewWords name what a view is of.
var viewWords = []string{"river", "lake", "ocean", "sea", "city", "skyline", "mountain", "mountains", "park", "water", "harbor",
	"harbour", "bay", "garden", "canal", "beach", "valley", "forest", "sunset", "castle", "acropolis", "bridge", "hudson", "capitol",
	"gulf", "lagoon", "marina", "vineyard", "vineyards", "countryside", "volcano", "caldera", "fjord", "golf", "desert", "canyon", "temple", "cathedral", "lighthouse"}

// outdoorWords name outdoor spaces, most specific first.
var outdoorWords = []string{"rooftop terrace", "terrace", "balcony", "patio", "deck", "backyard", "garden", "porch", "courtyard"}

// hostTypeWords are specific kinds of place; when the host's title uses
// one, copy and keywords use it too.
var hostTypeWords = []string{"loft", "studio", "penthouse", "cabin", "cottage", "villa", "chalet", "bungalow", "townhouse",
	"townhome", "condo", "duplex", "farmhouse", "tiny house", "tiny home", "treehouse", "yurt", "casita", "brownstone",
	"guesthouse", "carriage house", "suite", "flat", "machiya", "ryokan", "minshuku", "minka", "kominka", "riad", "trullo", "masseria",
	"agriturismo", "finca", "cortijo", "quinta", "hacienda", "casa rural", "hanok", "apartment", "house", "home"}

// HostTypeWord is the kind of place the host's title names ("loft"), ""
// when it names none.
func HostTypeWord(title string) string {
	ws := " " + strings.Join(prose.Words(title), " ") + " "
	for _, w := range hostTypeWords {
		if strings.Contains(ws, " "+w+" ") {
			return w
		}
	}
	return ""
}

// ListingNoun is the noun for the listing's kind of place: the host's own
// word from the title when it names one (a "rental unit" the host calls a
// loft is a loft), else PropertyNoun. Rooms keep PropertyNoun.
func ListingNoun(l *listing.Listing) string {
	if w := HostTypeWord(l.Title); w != "" && PropertyClass(l) != "room" {
		return w
	}
	return PropertyNoun(l)
}

// listingText is everything the listing says about itself: title,
// description, available amenities and highlights, lower-cased words.
func listingText(l *listing.Listing) []string {
	parts := []string{l.Title, l.Description}
	for _, a := range l.Amenities {
		if a.Available {
			parts = append(parts, a.Name)
		}
	}
	parts = append(parts, l.Highlights...)
	return prose.Words(strings.Join(parts, "\n"))
}

// FeatureName names a feature the way the listing does: "river view"
// rather than "view", "terrace" rather than "patio or balcony"; "" for view
// and outdoor space when the listing's words do not say which. Other
// features get their catalog label in lower case.
func FeatureName(key string, l *listing.Listing) string {
	words := listingText(l)
	switch key {
	case "view":
		for i := 0; i+1 < len(words); i++ {
			if words[i+1] == "view" || words[i+1] == "views" {
				for _, v := range viewWords {
					if words[i] == v {
						return v + " view"
					}
				}
			}
		}
		return ""
	case "outdoor_space":
		joined := " " + strings.Join(words, " ") + " "
		for _, o := range outdoorWords {
			if strings.Contains(joined, " "+o+" ") {
				return o
			}
		}
		return ""
	}
	if d, ok := catalogByKey[key]; ok {
		return strings.ToLower(d.Label[:1]) + d.Label[1:]
	}
	return ""
}

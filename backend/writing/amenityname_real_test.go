package writing_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing"
)

// templateLabel matches the platform labels an amenity's name must not
// carry into copy: a placeholder brand ending an item ("fogão a gás
// Other"), a price joined by the template ("por Gratuito", "Free washer –
// In unit"), and a review badge listed as a facility ("very good
// breakfast", "colazione eccezionale").
var templateLabel = regexp.MustCompile(`(?i)\b(other|outro|otro|altro|autre)\s*(,|\.|;| e | and | y | et | und )|` +
	`\b(por|for|per|pour|für) (gratuito|gratis|grátis|free|paid|pago|gratuit|kostenlos)\b|` +
	`\b(free|paid) (washer|dryer)\b|– in unit|` +
	`\b(very good|excellent|superb|exceptional|fabuloso|eccezionale|excecional|erg goed|bon) (breakfast|desayuno|colazione|pequeno|ontbijt|petit)|` +
	`(desayuno|colazione) (fabuloso|eccezionale)`)

// TestRealPagesAmenityNamesClean: on every real page, no composed
// sentence of the description and no amenity copy carries a platform's
// template label glued to an amenity.
func TestRealPagesAmenityNamesClean(t *testing.T) {
	for _, p := range listingtest.RealListings {
		req := realRequest(t, p.File, p.URL, writing.PremiumTitles)
		c, err := writing.Builtin{}.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		for part, text := range map[string]string{"description": composedOnly(req, c.Description), "amenity copy": c.AmenityCopy} {
			if m := templateLabel.FindString(text); m != "" {
				t.Errorf("%s: the %s carries the platform's label %q:\n%s", p.File, part, m, text)
			}
		}
	}
}

// composedOnly is the description's sentences that are not the host's own
// (the host's, kept byte for byte, are the host's words).
func composedOnly(req writing.Request, d string) string {
	host := req.Listing.Description + "\n" + strings.Join(req.Listing.HouseRules.Rules, "\n")
	var out []string
	for _, line := range strings.Split(d, "\n") {
		for _, s := range prose.Sentences(line) {
			if !strings.Contains(host, s) {
				out = append(out, s)
			}
		}
	}
	return strings.Join(out, "\n")
}

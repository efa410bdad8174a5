package analysis

import (
	"fmt"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// Variant tests (issue 42 class 7): every real listing page, read in
// memory, is changed the way pages change under us, and the report must
// stay true. The expectations are written by hand, not read from the
// catalogue or classifier under test.

// realListings reads every real listing page once per test.
func realListings(t *testing.T) map[string]*listing.Listing {
	t.Helper()
	out := map[string]*listing.Listing{}
	for _, p := range listingtest.RealListings {
		l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
		if err != nil {
			t.Logf("%s: not a listing we read (%v)", p.File, err)
			continue
		}
		out[p.File] = l
	}
	if len(out) == 0 {
		// RealPage skips (or, in CI, fails) when the pages are not there:
		// pages there and none read is the reader's failure, not a skip.
		t.Fatal("none of the real listing pages was read")
	}
	return out
}

// clone copies l deeply enough for a variant to change its lists.
func clone(l *listing.Listing) *listing.Listing {
	c := *l
	c.Amenities = append([]listing.Amenity(nil), l.Amenities...)
	c.Highlights = append([]string(nil), l.Highlights...)
	c.HouseRules.Rules = append([]string(nil), l.HouseRules.Rules...)
	c.Photos = append([]listing.Photo(nil), l.Photos...)
	c.Partial = map[string]string{}
	for k, v := range l.Partial {
		c.Partial[k] = v
	}
	return &c
}

// cutAmenities keeps the first n available amenities, as a page showing
// "8 of 15" does; withButton adds the page's "Show all" button as a
// ninth line (what a reader read on the page of issue 42); marked says
// whether the reader marks the list partial.
func cutAmenities(l *listing.Listing, n int, withButton, marked bool) *listing.Listing {
	c := clone(l)
	total := len(c.Amenities)
	var kept []listing.Amenity
	for _, a := range c.Amenities {
		if a.Available && len(kept) < n {
			kept = append(kept, a)
		}
	}
	if withButton {
		kept = append(kept, listing.Amenity{Name: fmt.Sprintf("Show all %d amenities", total), Available: true})
	}
	c.Amenities = kept
	if marked {
		c.Partial[listing.FieldAmenities] = fmt.Sprintf("%d of %d amenities", n, total)
	} else {
		delete(c.Partial, listing.FieldAmenities)
	}
	return c
}

func analyzeAmenities(l *listing.Listing) AmenityAnalysis {
	f := ListingFeatures(l)
	return AnalyzeAmenities(l, f, AnalyzeGuests(l, f, nil), nil)
}

// A list the page says is partial — marked so by the reader, or carrying
// its own "Show all N" button — says nothing is missing and suggests
// nothing: an amenity not shown may well be offered. What a host finds
// true is the one note to check every amenity they offer is ticked
// (the amenities.partial finding, information only), never "add X".
func TestVariantPartialAmenityListsClaimNothingMissing(t *testing.T) {
	counts := map[string]int{}
	for file, l := range realListings(t) {
		for _, v := range []struct {
			name           string
			button, marked bool
		}{{"marked", false, true}, {"button", true, false}, {"both", true, true}} {
			c := cutAmenities(l, 8, v.button, v.marked)
			a := analyzeAmenities(c)
			counts[v.name]++
			if len(a.Missing) > 0 || len(a.Suggestions) > 0 {
				t.Errorf("%s (%s): a partial list gave missing %v, suggestions %d", file, v.name, a.Missing, len(a.Suggestions))
			}
			for _, f := range a.Findings {
				if f.Code == "amenities.missing_expected" || f.Code == "amenities.market_gap" || f.Severity != SeverityInfo || f.Action != "" {
					t.Errorf("%s (%s): finding %s %s %q from a partial list", file, v.name, f.Code, f.Severity, f.Message)
				}
			}
			if !a.Partial {
				t.Errorf("%s (%s): list not read as partial", file, v.name)
			}
			for _, p := range a.Present {
				if strings.HasPrefix(p, "Show all") {
					t.Errorf("%s (%s): the button %q counted as an amenity", file, v.name, p)
				}
			}
		}
	}
	t.Logf("class 7 partial lists: pages checked per variant: %v", counts)
}

// hostSentences name towels, bed linen and wifi in a host's words, by
// hand in each language; each is long enough to be read as its language.
var hostSentences = map[string]string{
	"en": "We provide fresh towels and bed linen for every guest, and the wifi is fast throughout the house.",
	"pt": "Oferecemos toalhas e roupa de cama para todos os hóspedes, e o wi-fi é rápido em toda a casa.",
	"es": "Ofrecemos toallas y ropa de cama para todos los huéspedes, y el wifi es rápido en toda la casa.",
	"it": "Forniamo asciugamani e biancheria da letto per tutti gli ospiti, e il wifi è veloce in tutta la casa.",
	"fr": "Nous fournissons les serviettes et le linge de lit pour tous les voyageurs, et le wifi est rapide dans toute la maison.",
	"de": "Wir stellen Handtücher und Bettwäsche für alle Gäste bereit, und das WLAN ist im ganzen Haus schnell.",
	"el": "Παρέχουμε πετσέτες και σεντόνια για όλους τους επισκέπτες και το wifi είναι γρήγορο σε όλο το σπίτι.",
	"ja": "すべてのお客様にタオルとシーツをご用意しています。Wi-Fiは家中で高速です。",
}

// hostSentenceKeys are what each sentence names, by hand.
var hostSentenceKeys = []string{"essentials", "bed_linens", "wifi"}

// No amenity the host's own text names is called missing, in any
// language, unless the page lists it as not included (never offered).
// The sentence is added as its own paragraph to each real page's
// description, with the amenity list stripped of those three so only the
// text can tell.
func TestVariantHostTextNamesAmenitiesInEveryLanguage(t *testing.T) {
	found := map[string]int{}
	for file, l := range realListings(t) {
		for lang, sentence := range hostSentences {
			c := clone(l)
			var kept []listing.Amenity
			for _, a := range c.Amenities {
				if k := AmenityKey(c, a); a.Available && (k == "essentials" || k == "bed_linens" || k == "wifi") {
					continue
				}
				kept = append(kept, a)
			}
			c.Amenities = kept
			c.Description = sentence + "\n\n" + c.Description
			f := ListingFeatures(c)
			a := AnalyzeAmenities(c, f, AnalyzeGuests(c, f, nil), nil)
			for _, k := range hostSentenceKeys {
				label := map[string]string{"essentials": "Essentials", "bed_linens": "Bed linens", "wifi": "Wifi"}[k]
				for _, m := range a.Missing {
					if m == label {
						t.Errorf("%s (%s): %s called missing though the description says %q", file, lang, label, sentence)
					}
				}
				if _, no := NotIncluded(c)[k]; no {
					if f.Has(k) {
						t.Errorf("%s (%s): %s listed as not included but counted offered", file, lang, k)
					}
					continue
				}
				if !f.Has(k) {
					t.Errorf("%s (%s): %s not counted from %q", file, lang, k, sentence)
					continue
				}
				found[lang]++
			}
		}
	}
	t.Logf("class 7 host text, features counted per language (3 per page): %v", found)
}

package listing

import (
	"strings"
	"testing"
)

func TestFromTyped(t *testing.T) {
	tg := Target{Platform: Vrbo, ListingID: "4417281", CanonicalURL: "https://www.vrbo.com/4417281"}
	l := FromTyped(tg, "  Beach house ", "", "The listing site blocked our request.")
	if l.PageRead() || l.Title != "Beach house" || l.Sources[FieldTitle] != SourceTyped || l.Sources[FieldDescription] != "" || l.URL != tg.CanonicalURL {
		t.Errorf("typed listing: %+v", l)
	}
	if len(l.Warnings) != 1 || !strings.Contains(l.Warnings[0], "(The listing site blocked our request)") ||
		!strings.HasSuffix(l.Warnings[0], "leaves out photos, amenities, ratings and reviews, the calendar, pricing and the market comparison.") {
		t.Errorf("warning %q", l.Warnings)
	}
	for name, l := range map[string]*Listing{
		"read":              {Sources: map[string]string{FieldTitle: SourceEmbedded}},
		"no sources":        {},
		"typed plus a read": {Sources: map[string]string{FieldTitle: SourceTyped, FieldPhotos: SourceAPI}},
	} {
		if !l.PageRead() {
			t.Errorf("%s: PageRead false", name)
		}
	}
}

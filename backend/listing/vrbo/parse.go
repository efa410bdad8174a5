// Package vrbo reads Vrbo listing pages.
//
// Vrbo renders its property pages with schema.org VacationRental JSON-LD
// (Google's vacation-rental markup: the unit in containsPlace with
// occupancy, bedrooms, bathrooms, beds and amenityFeature) and OpenGraph
// tags; Parse reads those, JSON-LD first. Vrbo's client state is an
// Apollo cache whose keys change with every deploy, so we do not depend on
// it: what the markup lacks becomes a warning.
package vrbo

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Parse reads a Vrbo listing page. It never fails: what it cannot read
// becomes a warning on the listing.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := meta.Extract(page)
	meta.ApplyJSONLD(l, d)
	if name := docTitle(d.Title); name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, listing.SourceMeta)
	}
	if og := d.Get("og:title"); og != "" && !l.Has(listing.FieldTitle) {
		if name := docTitle(og); name != "" {
			l.Title = listing.PlainText(name)
			l.Set(listing.FieldTitle, listing.SourceOpenGraph)
		}
	}
	meta.ApplyOpenGraph(l, d)
	meta.ApplyMeta(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}

// docTitle strips the site name from "Name - Destin | Vrbo" style titles,
// and refuses the bare site name.
func docTitle(t string) string {
	t = strings.TrimSpace(t)
	for _, sfx := range []string{" | Vrbo", " - Vrbo"} {
		t = strings.TrimSuffix(t, sfx)
	}
	if strings.EqualFold(t, "Vrbo") || strings.HasPrefix(strings.ToLower(t), "vrbo |") {
		return ""
	}
	return t
}

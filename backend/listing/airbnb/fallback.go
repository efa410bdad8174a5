package airbnb

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
	"github.com/listinglift/listinglift/backend/prose"
)

// applyFallbacks fills what the embedded state did not give, from the
// page's JSON-LD, its <title> and its OpenGraph tags.
//
// Airbnb's tags are not the generic kind: og:title is a fact line
// ("Rental unit in Lisbon · ★4.92 · 2 bedrooms · 3 beds · 1.5 baths"), not
// the listing's name, which is in <title> ("Sunny loft - Rental units for
// Rent in Lisbon, Lisbon, Portugal - Airbnb"). So the title comes from
// <title> and the facts from og:title, before the generic fallbacks run.
func applyFallbacks(l *listing.Listing, d *meta.Doc) {
	meta.ApplyJSONLD(l, d)
	name, place := splitDocTitle(d.Title)
	if name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, listing.SourceMeta)
	}
	if place != "" && !l.Has(listing.FieldLocation) {
		loc := meta.SplitPlace(place)
		l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
		l.Set(listing.FieldLocation, listing.SourceMeta)
	} else if loc := meta.SplitPlace(place); place != "" && l.Location.Region == "" && loc.Region != "" &&
		prose.Fold(loc.City) == prose.Fold(l.Location.City) {
		// The page's data named the city and country; its title names
		// the region too ("… in Arraial do Cabo, Rio de Janeiro, Brasil").
		l.Location.Region = loc.Region
		if l.Location.Country == "" {
			l.Location.Country = loc.Country
		}
	} else if place != "" && prose.NonLatin(l.Location.City) {
		// The page's data names the city in its own script ("Αθήνα");
		// its English title names it as the report does ("Athens").
		if loc := meta.SplitPlace(place); loc.City != "" && !prose.NonLatin(loc.City) {
			l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
		}
	}
	if og := d.Get("og:title"); og != "" {
		applyFactLine(l, og)
		if !l.Has(listing.FieldTitle) && !strings.Contains(og, " · ") {
			l.Title = listing.PlainText(og)
			l.Set(listing.FieldTitle, listing.SourceOpenGraph)
		}
	}
	// og:title was read for facts above; it is never the listing's name,
	// so the generic OpenGraph fallback must not make it the title.
	hadTitle := l.Has(listing.FieldTitle)
	if !hadTitle {
		l.Set(listing.FieldTitle, "")
	}
	meta.ApplyOpenGraph(l, d)
	if !hadTitle {
		delete(l.Sources, listing.FieldTitle)
	}
	if s := d.Get("description"); s != "" && !l.Has(listing.FieldDescription) {
		l.Description = listing.PlainText(s)
		l.Set(listing.FieldDescription, listing.SourceMeta)
	}
}

// rentIn are the words between the kind and the place in Airbnb's document
// title, in the languages its pages come in.
var rentIn = []string{" for Rent in ", " para Alugar em ", " para alugar em ", " in affitto a ", " en alquiler en ",
	" à louer à ", " zu vermieten in ", " te huur in "}

// cutRentIn splits "Flats for Rent in Edinburgh, Scotland" at its rent
// words.
func cutRentIn(kind string) (place string, ok bool) {
	for _, w := range rentIn {
		if _, p, ok := strings.Cut(kind, w); ok {
			return p, true
		}
	}
	return "", false
}

// splitDocTitle reads Airbnb's document title: "<name> - <kind> for Rent in
// <place> - Airbnb" (or "- Casas para Alugar em <place>", "- case in
// affitto a <place>"). Other titles come back whole as the name, except
// the bare site name.
func splitDocTitle(t string) (name, place string) {
	t = strings.TrimSpace(t)
	rest, ok := strings.CutSuffix(t, " - Airbnb")
	if !ok {
		if strings.EqualFold(t, "Airbnb") || strings.HasPrefix(t, "Airbnb |") || strings.HasPrefix(t, "Airbnb:") {
			return "", ""
		}
		// Pages of about 2018 left the site name off: "<name> - Flats
		// for Rent in Edinburgh, Scotland, United Kingdom".
		i := strings.LastIndex(t, " - ")
		if i < 0 {
			return t, ""
		}
		if _, ok := cutRentIn(t[i:]); !ok {
			return t, ""
		}
	}
	i := strings.LastIndex(rest, " - ")
	if i < 0 {
		return rest, ""
	}
	name, kind := rest[:i], rest[i+3:]
	place, _ = cutRentIn(kind)
	return strings.TrimSpace(name), strings.TrimSpace(place)
}

// applyFactLine reads og:title facts for the fields still missing.
func applyFactLine(l *listing.Listing, s string) {
	const src = listing.SourceOpenGraph
	parts := strings.Split(s, " · ")
	if len(parts) < 2 {
		return
	}
	if kind, place, ok := strings.Cut(parts[0], " in "); ok {
		if !l.Has(listing.FieldPropertyType) && strings.TrimSpace(kind) != "" {
			l.PropertyType = strings.TrimSpace(kind)
			l.Set(listing.FieldPropertyType, src)
		}
		if !l.Has(listing.FieldLocation) && strings.TrimSpace(place) != "" {
			loc := meta.SplitPlace(place)
			l.Location.City, l.Location.Region, l.Location.Country = loc.City, loc.Region, loc.Country
			l.Set(listing.FieldLocation, src)
		}
	}
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		if r, ok := strings.CutPrefix(p, "★"); ok {
			if v, ok := listing.ParseNumber(r); ok && v > 0 && !l.Has(listing.FieldRating) {
				l.Ratings.Overall, l.Ratings.Scale = v, 5
				l.Set(listing.FieldRating, src)
			}
			continue
		}
		// Only fill what is missing: the embedded state, when present,
		// is more precise.
		probe := listing.New(listing.Target{})
		applyOverviewItem(probe, p, src)
		mergeCounts(l, probe)
	}
}

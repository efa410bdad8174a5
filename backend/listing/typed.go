package listing

import "strings"

// SourceTyped: the host typed the value on the order form, because the page
// could not be read (blocked, or too slow) and they chose to go on without
// it.
const SourceTyped = "typed"

// NotReadSections are the parts of a report that need the listing page: a
// report made from what the host typed says it leaves them out.
var NotReadSections = []string{"photos", "amenities", "ratings and reviews", "the calendar", "pricing", "the market comparison"}

// FromTyped is a listing made from the title and description the host typed
// for target, when its page could not be read (why says what happened). It
// carries a warning naming what the report leaves out.
func FromTyped(t Target, title, description, why string) *Listing {
	l := &Listing{Platform: t.Platform, ID: t.ListingID, URL: t.CanonicalURL,
		Title: strings.TrimSpace(title), Description: strings.TrimSpace(description), Sources: map[string]string{}}
	if l.Title != "" {
		l.Sources[FieldTitle] = SourceTyped
	}
	if l.Description != "" {
		l.Sources[FieldDescription] = SourceTyped
	}
	w := "We could not read the listing page"
	if why = strings.TrimSpace(why); why != "" {
		w += " (" + strings.TrimSuffix(why, ".") + ")"
	}
	l.Warnings = []string{w + ", so this report uses the title and description you typed and leaves out " + NotReadList() + "."}
	l.SetLanguage("")
	return l
}

// NotReadList is NotReadSections as a phrase ("photos, amenities, … and
// the market comparison").
func NotReadList() string {
	n := len(NotReadSections)
	return strings.Join(NotReadSections[:n-1], ", ") + " and " + NotReadSections[n-1]
}

// PreviewOnly reports whether field was read only from the page's preview
// tags (og:…, <title>, <meta>): such a value may carry the site's own words
// or be a sample (one og:image is not the photo count).
func PreviewOnly(l *Listing, field string) bool {
	s := l.Sources[field]
	return s == SourceOpenGraph || s == SourceMeta
}

// What a listing was read from, best first (Listing.Layout).
const (
	LayoutEmbedded = "embedded"     // the site's own page data (or its API)
	LayoutJSONLD   = "json-ld"      // schema.org data on the page
	LayoutMarkup   = "page text"    // the text the page shows: a browser-saved copy whose data is not the listing's
	LayoutSummary  = "summary tags" // only og:…, <title> and <meta>
	LayoutTyped    = "typed"        // what the host typed; the page was not read
	LayoutNone     = ""             // nothing read
)

// Layout says what l was read from: the richest source any field came from.
func (l *Listing) Layout() string {
	best := LayoutNone
	rank := map[string]int{LayoutNone: 0, LayoutTyped: 1, LayoutSummary: 2, LayoutJSONLD: 3, LayoutMarkup: 4, LayoutEmbedded: 5}
	for _, s := range l.Sources {
		var k string
		switch s {
		case SourceEmbedded, SourceAPI:
			k = LayoutEmbedded
		case SourceJSONLD:
			k = LayoutJSONLD
		case SourceMarkup:
			k = LayoutMarkup
		case SourceOpenGraph, SourceMeta:
			k = LayoutSummary
		case SourceTyped:
			k = LayoutTyped
		}
		if rank[k] > rank[best] {
			best = k
		}
	}
	return best
}

// LayoutRecognized reports whether l was read from the page's own data the
// way its platform's pages carry it: Airbnb's embedded state, or (Vrbo,
// Booking.com, other sites) at least its schema.org data. A listing made
// from typed details is not a page read at all and is not judged here.
func (l *Listing) LayoutRecognized() bool {
	switch l.Layout() {
	case LayoutEmbedded, LayoutTyped:
		return true
	case LayoutJSONLD:
		return l.Platform != Airbnb
	}
	return false
}

// PageRead reports whether l was read from its page: false only for a
// listing made from what the host typed (every source is SourceTyped).
func (l *Listing) PageRead() bool {
	typed := false
	for _, s := range l.Sources {
		if s != SourceTyped {
			return true
		}
		typed = true
	}
	return !typed
}

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

package analysis

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/listing"
)

// Evidence is what a finding rests on, so the host can check it ("Why?"):
// the listing field it read, the value as the page gives it (the page's own
// words, quoted, where it has them), where on the page that was read, and
// how it was used. A statement about absence ("missing", "does not state")
// carries the evidence that the source it checked was read whole.
type Evidence struct {
	Field string `json:"field"`          // a listing.Field* key: "amenities", "description", "rating"
	Value string `json:"value"`          // what was read: `"Allarme antincendio"`, "27 photos", "4.98 out of 5"; "" when not read
	Where string `json:"where"`          // where it was read (WhereRead), "not read" when it was not
	Note  string `json:"note,omitempty"` // how it was used: "counted as Smoke alarm"
}

// Read is the evidence that field of l has value, with how it was used.
func Read(l *listing.Listing, field, value, note string) Evidence {
	return Evidence{Field: field, Value: value, Where: WhereRead(l, field), Note: note}
}

// Quote is a value in the page's own words, as evidence shows it.
func Quote(s string) string { return fmt.Sprintf("%q", s) }

// whereSources says each listing source as a host reads it.
var whereSources = map[string]string{
	listing.SourceEmbedded:  "the listing page's own data",
	listing.SourceJSONLD:    "the listing page's schema.org data",
	listing.SourceMarkup:    "the text of the listing page",
	listing.SourceOpenGraph: "the page's preview tags",
	listing.SourceMeta:      "the page's preview tags",
	listing.SourceAPI:       "the site's calendar and reviews",
	listing.SourceTyped:     "the details you typed",
}

// WhereRead says where field of l was read: "the listing page's own
// data", "the text of the listing page (only part of it: the 10 most
// popular facilities)", or "not read".
func WhereRead(l *listing.Listing, field string) string {
	if l == nil || !l.Has(field) {
		return "not read"
	}
	w, ok := whereSources[l.Sources[field]]
	if !ok {
		w = "the listing page"
	}
	if shown, ok := l.Partial[field]; ok {
		w += " (only part of it: " + shown + ")"
	} else if listing.PreviewOnly(l, field) {
		w += " (a preview, not the whole)"
	}
	return w
}

// withEvidence gives each finding of fs that carries none the evidence ev:
// what the whole analysis rests on (the price and comparables a pricing
// finding compares, the calendar a gap finding measures).
func withEvidence(fs Findings, ev ...Evidence) {
	if len(ev) == 0 {
		return
	}
	for i := range fs {
		if len(fs[i].Evidence) == 0 {
			fs[i].Evidence = append([]Evidence(nil), ev...)
		}
	}
}

// sourcePhrase is a data source's name as evidence says where: "the
// listing's availability calendar" for "listing's availability calendar".
func sourcePhrase(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "not said"
	}
	if r := []rune(s)[0]; unicode.IsLower(r) && !strings.HasPrefix(s, "the ") {
		return "the " + s
	}
	return s
}

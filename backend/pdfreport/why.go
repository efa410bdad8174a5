package pdfreport

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// fieldNames name a listing field (listing.Field*) as a host reads it, for
// evidence that was not read.
var fieldNames = map[string]string{
	"title": "The title", "description": "The description", "property_type": "The property type",
	"room_type": "The room type", "capacity": "The guest count", "bedrooms": "The bedroom count",
	"beds": "The bed count", "baths": "The bathroom count", "location": "The location",
	"coordinates": "The map position", "amenities": "The amenity list", "photos": "The photos",
	"rating": "The rating", "category_ratings": "The category ratings", "review_count": "The review count",
	"superhost": "The host's status", "guest_favorite": "The guest-favourite badge", "host": "The host",
	"house_rules": "The house rules", "highlights": "The highlights", "price": "The price",
	"calendar": "The calendar", "reviews": "The reviews",
}

// fieldVerbs say how a page gives a field's value: it lists amenities,
// says a description, shows anything else.
var fieldVerbs = map[string]string{"amenities": "lists", "highlights": "lists", "description": "says", "house_rules": "says"}

// fieldSubjects say evidence that is not the page's own: the comparables'
// prices come from the market data, availability from the calendar.
var fieldSubjects = map[string]string{"market": "The market data has", "calendar": "Your calendar shows"}

// WhySentence says one piece of evidence as the host reads it, in the
// words the web's "Why?", the PDF and the e-mail share: 'Your page lists
// "Allarme antincendio" — counted as Smoke alarm (read from the listing
// page's own data)'; evidence that was not read says so.
func WhySentence(e analysis.Evidence) string {
	value, note, where := strings.TrimSpace(e.Value), strings.TrimSpace(e.Note), strings.TrimSpace(e.Where)
	if where == "" || where == "not read" {
		name := fieldNames[e.Field]
		if name == "" {
			name = "This"
		}
		s := name + " was not read from your page"
		if note != "" {
			s += " — " + note
		}
		return s
	}
	// "the text of the listing page (only part of it: …)" reads better
	// inside the sentence's own brackets as "…, only part of it: …".
	if i := strings.Index(where, " ("); i > 0 && strings.HasSuffix(where, ")") {
		where = where[:i] + ", " + where[i+2:len(where)-1]
	}
	var s string
	if value != "" {
		subject := fieldSubjects[e.Field]
		if subject == "" {
			verb := fieldVerbs[e.Field]
			if verb == "" {
				verb = "shows"
			}
			subject = "Your page " + verb
		}
		s = subject + " " + value
		if note != "" {
			s += " — " + note
		}
		return s + " (read from " + where + ")"
	}
	s = "Read from " + where
	if note != "" {
		s += ": " + note
	}
	return s
}

// WhyMax is how many pieces of evidence a "Why" line says before "and N
// more": an amenity finding rests on every amenity counted, and a line
// the host can read names the first ones (the analyzer lists what the
// finding is about first).
const WhyMax = 6

// Why is a finding's or action's evidence in one line, "" when it has none
// (then no "Why" is shown): each piece once, at most WhyMax of them.
func Why(ev []analysis.Evidence) string {
	var out []string
	seen := map[string]bool{}
	for _, e := range ev {
		s := WhySentence(e)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	if n := len(out) - WhyMax; n > 0 {
		out = append(out[:WhyMax], fmt.Sprintf("and %d more", n))
	}
	// Evidence read from one place says where once, at the end.
	if suffix := commonSuffix(out); suffix != "" {
		for i := range out {
			out[i] = strings.TrimSuffix(out[i], suffix)
		}
		return strings.Join(out, "; ") + suffix
	}
	return strings.Join(out, "; ")
}

// commonSuffix is the " (read from …)" every sentence of out (but a last
// "and N more") ends with, "" when they differ or there is only one.
func commonSuffix(out []string) string {
	n := len(out)
	if n > 0 && strings.HasPrefix(out[n-1], "and ") {
		n--
	}
	if n < 2 {
		return ""
	}
	i := strings.LastIndex(out[0], " (read from ")
	if i < 0 {
		return ""
	}
	suffix := out[0][i:]
	for _, s := range out[1:n] {
		if !strings.HasSuffix(s, suffix) {
			return ""
		}
	}
	return suffix
}

package pdfreport

import (
	"fmt"
	"slices"
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
// Reviews may come from the site's reviews or a market snapshot's file, not
// the page, so they are said as what was analysed.
var fieldSubjects = map[string]string{"market": "The market data has", "calendar": "Your calendar shows", "reviews": "Analysed:"}

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
// (then no "Why" is shown): each piece once, at most WhyMax of them, and
// each thing said once — pieces about one value say it once with their
// notes ("Your page lists 37 amenities — not in the list: looked for
// "Crib" and looked for "High chair""), pieces with one note say it once
// after their values ("Your page lists "Smoke alarm" and "Carbon monoxide
// alarm" — listed as not included"), and a note that only repeats its
// value ("counted as Wifi" of "Wifi") is left out.
func Why(ev []analysis.Evidence) string {
	var pieces []analysis.Evidence
	seen := map[string]bool{}
	for _, e := range ev {
		s := WhySentence(e)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		pieces = append(pieces, e)
	}
	more := len(pieces) - WhyMax
	if more > 0 {
		pieces = pieces[:WhyMax]
	}
	out := whyGrouped(pieces)
	if more > 0 {
		out = append(out, fmt.Sprintf("and %d more", more))
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

// whyGroup is pieces of evidence said in one sentence: one field read from
// one place, with their values and notes.
type whyGroup struct {
	field, where  string
	values, notes []string
}

// whyGrouped says pieces (all of them said by WhySentence) in as few
// sentences as says each thing once, in the order they came.
func whyGrouped(pieces []analysis.Evidence) []string {
	var out []string
	var groups []*whyGroup
	byValue := map[string]*whyGroup{}
	for _, e := range pieces {
		value, where := strings.TrimSpace(e.Value), strings.TrimSpace(e.Where)
		if value == "" || where == "" || where == "not read" {
			groups = append(groups, &whyGroup{field: e.Field, where: where, notes: []string{e.Note}, values: []string{value}})
			continue
		}
		note := quietNote(value, strings.TrimSpace(e.Note))
		k := e.Field + "\x00" + where + "\x00" + value
		if g := byValue[k]; g != nil {
			if note != "" && !slices.Contains(g.notes, note) {
				g.notes = append(g.notes, note)
			}
			continue
		}
		g := &whyGroup{field: e.Field, where: where, values: []string{value}}
		if note != "" {
			g.notes = []string{note}
		}
		byValue[k] = g
		groups = append(groups, g)
	}
	// Then values with the same notes share them.
	var merged []*whyGroup
	byNote := map[string]*whyGroup{}
	for _, g := range groups {
		if len(g.values) != 1 || g.values[0] == "" || g.where == "" || g.where == "not read" {
			merged = append(merged, g)
			continue
		}
		k := g.field + "\x00" + g.where + "\x00" + strings.Join(g.notes, "\x00")
		if m := byNote[k]; m != nil {
			m.values = append(m.values, g.values[0])
			continue
		}
		byNote[k] = g
		merged = append(merged, g)
	}
	for _, g := range merged {
		out = append(out, WhySentence(analysis.Evidence{Field: g.field, Where: g.where,
			Value: listWords(g.values), Note: joinNotes(g.notes)}))
	}
	return out
}

// quietNote is note without what only repeats value: "counted as Wifi" of
// "Wifi" says nothing more, and "listed as not included: counted as no
// Smoke alarm" of "Smoke alarm" says "listed as not included".
func quietNote(value, note string) string {
	name := strings.Trim(value, `"“”`)
	for _, repeat := range []string{"counted as " + name, "counted as no " + name} {
		if note == repeat {
			return ""
		}
		if n, ok := strings.CutSuffix(note, ": "+repeat); ok {
			return n
		}
	}
	return note
}

// joinNotes says several notes on one value with a shared opening ("not in
// the list: ") said once.
func joinNotes(notes []string) string {
	if len(notes) < 2 {
		return strings.Join(notes, "")
	}
	head, _, ok := strings.Cut(notes[0], ": ")
	for _, n := range notes[1:] {
		if h, _, o := strings.Cut(n, ": "); !o || h != head {
			ok = false
		}
	}
	if !ok {
		return strings.Join(notes, " and ")
	}
	rest := make([]string, len(notes))
	for i, n := range notes {
		rest[i] = strings.TrimPrefix(n, head+": ")
	}
	return head + ": " + strings.Join(rest, " and ")
}

// listWords joins values as a list is said: "a", "a and b", "a, b and c".
func listWords(vs []string) string {
	if len(vs) < 2 {
		return strings.Join(vs, "")
	}
	return strings.Join(vs[:len(vs)-1], ", ") + " and " + vs[len(vs)-1]
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

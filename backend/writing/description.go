package writing

// The built-in writer's description: the host's text in sections.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// Description sections, in order, with the words that place an unheaded
// sentence in them.
var descSections = []struct {
	Key, Heading string
	Headings     []string
	Words        []string
}{
	{"space", "The space", []string{"the space", "about the space", "about this space", "the property", "the home", "the apartment", "the house", "the loft", "the flat"}, nil},
	{"access", "Guest access", []string{"guest access", "access", "interaction with guests", "during your stay"},
		[]string{"access", "entrance", "whole", "entire", "yours", "shared", "all to yourself", "check in", "checkin", "keypad", "lockbox", "lock box", "smart lock", "key"}},
	{"neighbourhood", "The neighbourhood", []string{"the neighborhood", "the neighbourhood", "neighborhood", "neighbourhood", "neighborhood overview", "the area", "location"},
		[]string{"restaurants", "restaurant", "cafes", "cafe", "shops", "shopping", "neighborhood", "neighbourhood", "museum", "museums", "bars", "nearby", "walk to", "walking distance", "minutes from", "heart of", "district", "park"}},
	{"getting_around", "Getting around", []string{"getting around", "transportation", "transport", "how to get here", "parking"},
		[]string{"bus", "train", "subway", "metro", "tram", "station", "airport", "uber", "taxi", "parking", "drive", "highway", "park"}},
	{"rules", "House rules", []string{"house rules", "other things to note", "things to note", "rules", "other details to note", "good to know"},
		[]string{"no smoking", "smoking", "no parties", "parties", "party", "pets", "quiet hours", "rules", "check out", "checkout"}},
}

type descUnit struct {
	section string
	text    string
}

// BuiltinDescription restructures the host's description into sections:
// an opening line and highlights built from the listing's facts, then The
// space, Guest access, The neighbourhood, Getting around and House rules.
// Every sentence of the original is kept word for word; the only added
// sentences state facts read from the listing page (counts, amenities,
// house rules).
func BuiltinDescription(req Request, f Facts) string {
	l := req.Listing
	var units []descUnit
	current := ""
	firstPara := true // the opening paragraph stays the introduction
	lines := strings.Split(l.Description, "\n")
	if listingLanguage(l) != "en" {
		// Sections are found by English words: text in another language
		// stays as the host wrote it, paragraphs in order.
		for _, para := range strings.Split(strings.ReplaceAll(l.Description, "\r", ""), "\n\n") {
			if para = strings.TrimSpace(para); para != "" {
				units = append(units, descUnit{section: "intro", text: para})
			}
		}
		lines = nil
	}
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			if len(units) > 0 {
				firstPara = false
			}
			continue
		}
		if sec, ok := headingSection(line); ok {
			current = sec
			firstPara = false
			continue
		}
		merge := false // sentences of one line stay on one line
		for _, s := range analysis.Sentences(line) {
			sec := current
			switch {
			case sec != "":
			case firstPara:
				sec = "intro"
			default:
				// A later paragraph goes under its subject's heading; one
				// about the rooms is The space; one about nothing of these
				// ("Kalimera! Coffee and honey are on us.") stays in the
				// introduction rather than under a heading it does not fit.
				if sec = classifySentence(s); sec == "intro" && aboutTheSpace(s) {
					sec = "space"
				}
			}
			if n := len(units); merge && units[n-1].section == sec {
				units[n-1].text += " " + s
			} else {
				units = append(units, descUnit{section: sec, text: s})
			}
			merge = true
		}
	}
	// What the page already states, so added facts do not repeat it.
	descLower := strings.ToLower(l.Description)
	lower := strings.ToLower(l.Description + "\n" + strings.Join(l.HouseRules.Rules, "\n"))

	var b strings.Builder
	if op := openingLine(f); op != "" {
		b.WriteString(op)
		b.WriteString("\n")
	}
	if hl := highlightsLine(req, f); hl != "" {
		b.WriteString(hl)
		b.WriteString("\n")
	}
	for _, u := range units {
		if u.section == "intro" {
			b.WriteString("\n")
			b.WriteString(u.text)
			b.WriteString("\n")
		}
	}
	written := map[string]bool{} // no line twice: a sentence the host repeated under a heading stays once
	for _, u := range units {
		if u.section == "intro" {
			written[strings.ToLower(u.text)] = true
		}
	}
	for _, s := range descSections {
		var body []string
		for _, u := range units {
			if u.section == s.Key && !written[strings.ToLower(u.text)] {
				written[strings.ToLower(u.text)] = true
				body = append(body, u.text)
			}
		}
		body = append(body, addedFacts(s.Key, l, req.Features, lower, descLower)...)
		if len(body) == 0 {
			continue
		}
		b.WriteString("\n")
		b.WriteString(s.Heading)
		b.WriteString("\n")
		b.WriteString(strings.Join(body, "\n"))
		b.WriteString("\n")
	}
	return strings.TrimSpace(b.String())
}

// headingSection reports whether line is a section heading and which.
func headingSection(line string) (string, bool) {
	ws := analysis.Words(line)
	if len(ws) == 0 || len(ws) > 5 || strings.ContainsAny(strings.TrimRight(line, ":"), ".!?") {
		return "", false
	}
	joined := strings.Join(ws, " ")
	for _, s := range descSections {
		for _, h := range s.Headings {
			if joined == h {
				return s.Key, true
			}
		}
	}
	return "", false
}

// classifySentence places an unheaded sentence by its words, first match
// in this order: house rules, the neighbourhood, getting around, guest
// access; otherwise "intro" (the caller puts later paragraphs under The
// space).
func classifySentence(s string) string {
	ws := " " + strings.Join(analysis.Words(s), " ") + " "
	for _, key := range []string{"rules", "neighbourhood", "getting_around", "access"} {
		for _, sec := range descSections {
			if sec.Key != key {
				continue
			}
			for _, w := range sec.Words {
				if strings.Contains(ws, " "+strings.Join(analysis.Words(w), " ")+" ") {
					return key
				}
			}
		}
	}
	return "intro"
}

// spaceWords say a sentence is about the place itself.
var spaceWords = []string{"bedroom", "bedrooms", "bed", "beds", "bathroom", "bathrooms", "bath", "shower", "kitchen", "kitchenette",
	"living", "lounge", "sofa", "couch", "dining", "room", "rooms", "floor", "floors", "sleeps", "space", "apartment", "studio",
	"loft", "house", "home", "cabin", "terrace", "balcony", "garden", "patio", "deck", "pool", "view", "views", "window", "windows",
	"tv", "desk", "workspace", "wifi", "air", "heating", "washer", "dryer", "dishwasher", "oven", "fridge", "bedding", "towels",
	"square", "sq", "m2", "ceilings", "furnished", "renovated", "decor"}

// aboutTheSpace reports whether a sentence names part of the place.
func aboutTheSpace(s string) bool {
	ws := analysis.Words(s)
	for _, w := range ws {
		for _, sw := range spaceWords {
			if w == sw {
				return true
			}
		}
	}
	return false
}

// openingLine states the listing's basic facts: "Entire loft in Alfama,
// Lisbon for up to 4 guests: 2 bedrooms, 3 beds and 1.5 baths."
func openingLine(f Facts) string {
	if f.Name != "" {
		// A property whose title is its name: "Strand Palace · Hotel in
		// London." — the name is never taken for where it is.
		s := f.Name + " · " + upperFirst(f.TypeNoun)
		if c := properCase(f.City); c != "" {
			s += " in " + c
		}
		return s + "."
	}
	var s string
	switch {
	case f.Entire && f.TypeNoun != "place":
		s = "Entire " + f.TypeNoun
	case f.TypeNoun != "place":
		s = upperFirst(f.TypeNoun)
	default:
		s = "A place to stay"
	}
	var where []string
	if f.Area != "" {
		where = append(where, properCase(f.Area))
	} else if f.HostPlace != "" {
		where = append(where, f.HostPlace)
	}
	if f.City != "" && f.City != f.Area {
		where = append(where, properCase(f.City))
	}
	if len(where) > 0 {
		s += " in " + strings.Join(where, ", ")
	}
	if f.Capacity > 0 {
		s += fmt.Sprintf(" for up to %d guests", f.Capacity)
	}
	var counts []string
	if f.Bedrooms != nil && *f.Bedrooms > 0 {
		counts = append(counts, pl(*f.Bedrooms, "bedroom", "bedrooms"))
	}
	if f.Beds > 0 {
		counts = append(counts, pl(f.Beds, "bed", "beds"))
	}
	if f.Baths > 0 {
		b := strconv.FormatFloat(f.Baths, 'f', -1, 64)
		if f.Baths == 1 {
			counts = append(counts, b+" bath")
		} else {
			counts = append(counts, b+" baths")
		}
	}
	if len(counts) > 0 {
		s += ": " + joinAnd(counts)
	}
	if s == "A place to stay" {
		return ""
	}
	return s + "."
}

// highlightsLine names the strongest features the listing's amenity list
// or highlights show.
func highlightsLine(req Request, f Facts) string {
	names := append([]string{}, f.Phrases...)
	for _, k := range []string{"wifi", "kitchen", "air_conditioning"} {
		if _, no := f.Negated[k]; no {
			continue
		}
		if ev, ok := req.Features[k]; ok && !strings.HasPrefix(ev, "listing text") {
			d, _ := analysis.Amenity(k)
			names = append(names, strings.ToLower(d.Label))
		}
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) > 6 {
		names = names[:6]
	}
	names[0] = upperFirst(names[0])
	return "Highlights: " + joinAnd(names) + "."
}

// addedFacts are sentences stating facts from the listing page that the
// description leaves out, for one section.
// lowerDesc is what the page already states (description and rules),
// descOnly the description alone.
func addedFacts(section string, l *listing.Listing, features analysis.Features, lowerDesc, descOnly string) []string {
	var out []string
	fromList := func(k string) (string, bool) {
		ev, ok := features[k]
		if !ok || strings.HasPrefix(ev, "listing text") {
			return "", false
		}
		return strings.TrimPrefix(strings.TrimPrefix(ev, "amenity list: "), "listing highlight: "), true
	}
	switch section {
	case "access":
		if name, ok := fromList("self_check_in"); ok && !strings.Contains(lowerDesc, "check-in") && !strings.Contains(lowerDesc, "check in") {
			if strings.EqualFold(name, "self check-in") {
				out = append(out, "Self check-in.")
			} else {
				out = append(out, "Self check-in ("+lowerFirst(name)+").")
			}
		}
	case "getting_around":
		if name, ok := fromList("free_parking"); ok && !strings.Contains(lowerDesc, "parking") {
			out = append(out, name+".")
		}
	case "space":
		var listed []string
		if name, ok := fromList("wifi"); ok && !strings.Contains(lowerDesc, "wifi") && !strings.Contains(lowerDesc, "wi-fi") {
			listed = append(listed, lowerFirst(name))
		}
		if name, ok := fromList("workspace"); ok && !strings.Contains(lowerDesc, "workspace") && !strings.Contains(lowerDesc, "desk") {
			listed = append(listed, lowerFirst(name))
		}
		if len(listed) > 0 {
			out = append(out, "Listed amenities include "+joinAnd(listed)+".")
		}
	case "rules":
		hr := l.HouseRules
		if hr.CheckIn != "" && !strings.Contains(lowerDesc, strings.ToLower(hr.CheckIn)) {
			s := "Check-in: " + stated(hr.CheckIn)
			if hr.CheckOut != "" {
				s += "; check-out: " + stated(hr.CheckOut)
			}
			out = append(out, s+".")
		} else if hr.CheckOut != "" && !strings.Contains(lowerDesc, strings.ToLower(hr.CheckOut)) {
			out = append(out, "Check-out: "+stated(hr.CheckOut)+".")
		}
		if hr.PetsAllowed != nil && !strings.Contains(lowerDesc, "pet") {
			out = append(out, map[bool]string{true: "Pets allowed.", false: "No pets."}[*hr.PetsAllowed])
		}
		if hr.SmokingAllowed != nil && !*hr.SmokingAllowed && !strings.Contains(lowerDesc, "smok") {
			out = append(out, "No smoking.")
		}
		if hr.PartiesAllowed != nil && !*hr.PartiesAllowed && !strings.Contains(lowerDesc, "parties") && !strings.Contains(lowerDesc, "party") {
			out = append(out, "No parties or events.")
		}
		// The host's rule lines as written, never made into sentences;
		// a line in another language is quoted in English copy.
		for _, r := range ruleLines(hr.Rules) {
			if strings.Contains(descOnly, strings.ToLower(strings.TrimRight(r, "."))) {
				continue
			}
			if lang := lineLanguage(r); lang != "" && lang != "en" {
				r = quote(r)
			}
			out = append(out, r)
		}
	}
	return out
}

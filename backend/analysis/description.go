package analysis

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// Section is one part of the description structure Airbnb's editor offers
// and guests look for.
type Section struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Found string `json:"found"` // "heading", "content" or "missing"
}

// DescriptionSections are the sections we look for, in the order the
// optimized description uses.
var DescriptionSections = []struct {
	Key, Name string
	Headings  []string // a line that starts with one of these is the heading
	Content   []string // words that show the topic is covered without a heading
}{
	{"the_space", "The space", []string{"the space", "about the space", "about this space", "the property", "the home", "the apartment", "the house"},
		[]string{"bedroom", "bedrooms", "living room", "bathroom", "kitchen", "sofa", "bed"}},
	{"guest_access", "Guest access", []string{"guest access", "access"},
		[]string{"access to", "whole", "entire", "private entrance", "shared", "yours"}},
	{"neighbourhood", "The neighbourhood", []string{"the neighborhood", "the neighbourhood", "neighborhood", "neighbourhood", "the area", "location", "neighborhood overview"},
		[]string{"restaurants", "cafes", "shops", "neighborhood", "neighbourhood", "nearby", "walking distance", "park", "museum"}},
	{"getting_around", "Getting around", []string{"getting around", "transportation", "transport", "how to get here"},
		[]string{"bus", "train", "subway", "metro", "tram", "uber", "taxi", "drive", "airport", "station", "walk"}},
	{"house_rules", "House rules", []string{"house rules", "other things to note", "things to note", "rules", "other details to note"},
		[]string{"no smoking", "no parties", "quiet hours", "check out", "checkout", "pets"}},
}

// FactCheck says whether a fact guests need is in the description.
type FactCheck struct {
	Fact     string `json:"fact"`
	Present  bool   `json:"present"`
	Evidence string `json:"evidence,omitempty"`
}

// KeywordCheck says whether a search keyword of the listing appears in the
// description.
type KeywordCheck struct {
	Keyword string `json:"keyword"`
	Present bool   `json:"present"`
}

// DescriptionAnalysis is the description analyzer's result.
type DescriptionAnalysis struct {
	// NotAssessed: only the page's preview of the description was read
	// (og:description, <meta name="description">: its first sentences), so
	// its length, sections and facts were not judged.
	NotAssessed      bool           `json:"not_assessed,omitempty"`
	WordCount        int            `json:"word_count"`
	Sections         []Section      `json:"sections"`
	Readability      float64        `json:"readability"` // Flesch reading ease
	ReadabilityLabel string         `json:"readability_label"`
	KeyFacts         []FactCheck    `json:"key_facts"`
	Keywords         []KeywordCheck `json:"keywords"`
	KeywordCoverage  float64        `json:"keyword_coverage"` // 0–1
	Score            int            `json:"score"`            // 0–100, see AnalyzeDescription
	Findings         Findings       `json:"findings"`
	Explanation      string         `json:"explanation"`
}

var reMbps = regexp.MustCompile(`(?i)\b(\d{1,4})\s*(?:mbps|mb/s|mbit|megabits?)\b`)

// AnalyzeDescription checks the description's length, structure,
// readability, key facts and keyword coverage.
//
// Score out of 100: length 25 (150+ words 25, 80–149 15, 40–79 8, fewer 0;
// over 700 words 20), structure 25 (5 per section with a heading, 3 when
// the topic is covered without one), readability 15 (Flesch reading ease
// 60+ 15, 50–59 10, 30–49 5), key facts 20 (check-in method 7, parking 7,
// wifi speed 6 or 3 for wifi without a speed) and keywords 15 × coverage.
func AnalyzeDescription(l *listing.Listing, features Features) DescriptionAnalysis {
	desc := strings.TrimSpace(l.Description)
	a := DescriptionAnalysis{Sections: []Section{}, KeyFacts: []FactCheck{}, Keywords: []KeywordCheck{}, Findings: Findings{}}
	for _, w := range Words(desc) {
		if hasLetter(w) {
			a.WordCount++
		}
	}
	t := newText(desc)

	// Keywords come from the listing's own facts, so the check is about
	// whether the description uses the words guests search with.
	for _, k := range DescriptionKeywords(l, features) {
		a.Keywords = append(a.Keywords, KeywordCheck{Keyword: k, Present: t.has(strings.Join(Words(k), " "))})
	}
	present := 0
	for _, k := range a.Keywords {
		if k.Present {
			present++
		}
	}
	if len(a.Keywords) > 0 {
		a.KeywordCoverage = round2(float64(present) / float64(len(a.Keywords)))
	}

	if desc != "" && l.IsPartial(listing.FieldDescription) {
		a.NotAssessed = true
		a.Findings = Findings{{Code: "description.preview_only", Severity: SeverityInfo, Message: MsgDescriptionPreviewOnly}}
		a.Explanation = MsgDescriptionPreviewOnly
		return a
	}
	if desc == "" {
		a.Findings = append(a.Findings, Finding{Code: "description.missing", Severity: SeverityHigh,
			Message: "We could not read a description for this listing.", Action: "Write a description with the space, guest access, the neighbourhood, getting around and house rules."})
		a.Explanation = "No description was read from the listing page, so it could not be checked."
		for _, s := range DescriptionSections {
			a.Sections = append(a.Sections, Section{Key: s.Key, Name: s.Name, Found: "missing"})
		}
		return a
	}

	score := 0.0
	switch {
	case a.WordCount > 700:
		score += 20
	case a.WordCount >= 150:
		score += 25
	case a.WordCount >= 80:
		score += 15
	case a.WordCount >= 40:
		score += 8
	}
	switch {
	case a.WordCount < 80:
		a.Findings = append(a.Findings, Finding{Code: "description.short", Severity: SeverityHigh,
			Message: fmt.Sprintf("The description has %d words; guests decide on details it does not give.", a.WordCount),
			Action:  "Aim for at least 150 words covering the space, access, area and rules."})
	case a.WordCount < 150:
		a.Findings = append(a.Findings, Finding{Code: "description.brief", Severity: SeverityMedium,
			Message: fmt.Sprintf("The description has %d words.", a.WordCount), Action: "Add detail guests look for: the space room by room, the neighbourhood, getting around and house rules."})
	case a.WordCount > 700:
		a.Findings = append(a.Findings, Finding{Code: "description.long", Severity: SeverityLow,
			Message: fmt.Sprintf("The description has %d words; few guests read that far.", a.WordCount), Action: "Put the key facts in the first paragraph."})
	}

	headingLines := map[string]bool{}
	for _, line := range strings.Split(desc, "\n") {
		lw := strings.Join(Words(line), " ")
		if lw != "" && len(strings.Fields(lw)) <= 6 {
			headingLines[lw] = true
		}
	}
	var missing []string
	for _, s := range DescriptionSections {
		found := "missing"
		for _, h := range s.Headings {
			hw := strings.Join(Words(h), " ")
			for line := range headingLines {
				if line == hw || strings.HasPrefix(line, hw+" ") {
					found = "heading"
				}
			}
		}
		if found == "missing" {
			if _, ok := t.hasAny(s.Content...); ok {
				found = "content"
			}
		}
		switch found {
		case "heading":
			score += 5
		case "content":
			score += 3
		default:
			missing = append(missing, s.Name)
		}
		a.Sections = append(a.Sections, Section{Key: s.Key, Name: s.Name, Found: found})
	}
	if len(missing) > 0 {
		sev := SeverityLow
		if len(missing) >= 3 {
			sev = SeverityMedium
		}
		a.Findings = append(a.Findings, Finding{Code: "description.sections", Severity: sev,
			Message: fmt.Sprintf("The description does not cover %s.", strings.ToLower(joinList(missing))),
			Action:  "Add a short section for each, with a heading."})
	}

	if fre, ok := FleschReadingEase(desc); ok {
		a.Readability = round1(fre)
		switch {
		case fre >= 70:
			a.ReadabilityLabel = "easy"
			score += 15
		case fre >= 60:
			a.ReadabilityLabel = "plain English"
			score += 15
		case fre >= 50:
			a.ReadabilityLabel = "fairly difficult"
			score += 10
		case fre >= 30:
			a.ReadabilityLabel = "difficult"
			score += 5
		default:
			a.ReadabilityLabel = "very difficult"
		}
		if fre < 50 {
			a.Findings = append(a.Findings, Finding{Code: "description.readability", Severity: SeverityLow,
				Message: fmt.Sprintf("Reading ease is %.0f (Flesch; 60+ is plain English).", fre), Action: "Use shorter sentences and plainer words."})
		}
	}

	checkIn := FactCheck{Fact: "check-in method"}
	if p, ok := t.hasAny("self check in", "check in", "checkin", "keypad", "lockbox", "lock box", "smart lock", "key box", "door code", "meet you", "greet you"); ok {
		checkIn.Present, checkIn.Evidence = true, "mentions \""+p+"\""
		score += 7
	}
	parking := FactCheck{Fact: "parking"}
	if p, ok := t.hasAny("parking", "park on", "park in", "garage", "driveway", "carport"); ok {
		parking.Present, parking.Evidence = true, "mentions \""+p+"\""
		score += 7
	}
	wifi := FactCheck{Fact: "wifi speed"}
	if m := reMbps.FindString(desc); m != "" {
		wifi.Present, wifi.Evidence = true, "states "+m
		score += 6
	} else if _, ok := t.hasAny("wifi", "wi fi", "internet"); ok {
		wifi.Evidence = "mentions wifi without a speed"
		score += 3
	}
	a.KeyFacts = []FactCheck{checkIn, parking, wifi}
	var absent []string
	for _, f := range a.KeyFacts {
		if !f.Present {
			absent = append(absent, f.Fact)
		}
	}
	if len(absent) > 0 {
		a.Findings = append(a.Findings, Finding{Code: "description.key_facts", Severity: SeverityMedium,
			Message: fmt.Sprintf("The description does not state the %s.", joinList(absent)),
			Action:  "State them plainly; they are the questions guests ask most before booking."})
	}
	score += 15 * a.KeywordCoverage
	if len(a.Keywords) > 0 && a.KeywordCoverage < 0.5 {
		var miss []string
		for _, k := range a.Keywords {
			if !k.Present {
				miss = append(miss, k.Keyword)
			}
		}
		a.Findings = append(a.Findings, Finding{Code: "description.keywords", Severity: SeverityLow,
			Message: fmt.Sprintf("The description leaves out search words that fit the listing: %s.", joinList(miss)),
			Action:  "Use them naturally in the first paragraph."})
	}
	a.Score = int(math.Round(clamp(score, 0, 100)))
	a.Explanation = descriptionExplanation(a)
	return a
}

// MsgDescriptionPreviewOnly is the description analysis of a page whose
// description was read only from its preview tags.
const MsgDescriptionPreviewOnly = "Only the page's preview of the description was read (its first sentences), so the description's length, sections and facts were not assessed."

func descriptionExplanation(a DescriptionAnalysis) string {
	covered := 0
	for _, s := range a.Sections {
		if s.Found != "missing" {
			covered++
		}
	}
	var facts []string
	for _, f := range a.KeyFacts {
		if f.Present {
			facts = append(facts, f.Fact)
		}
	}
	s := fmt.Sprintf("The description has %d words and covers %d of the %d sections guests look for", a.WordCount, covered, len(a.Sections))
	if a.ReadabilityLabel != "" {
		s += fmt.Sprintf("; its Flesch reading ease is %.0f (%s)", a.Readability, a.ReadabilityLabel)
	}
	s += ". "
	if len(facts) > 0 {
		s += "It states the " + joinList(facts) + ". "
	} else {
		s += "It states none of check-in method, parking or wifi speed. "
	}
	if len(a.Keywords) > 0 {
		s += fmt.Sprintf("It uses %s of the listing's search words. ", pct(a.KeywordCoverage))
	}
	s += fmt.Sprintf("Score %d/100 (length 25, structure 25, readability 15, key facts 20, keywords 15).", a.Score)
	return s
}

// DescriptionKeywords are the search words that fit a listing: its
// property type, city and area, and its strongest features.
func DescriptionKeywords(l *listing.Listing, features Features) []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		k = strings.TrimSpace(k)
		if k == "" || seen[strings.ToLower(k)] {
			return
		}
		seen[strings.ToLower(k)] = true
		out = append(out, k)
	}
	add(strings.ToLower(ListingNoun(l)))
	add(l.Location.City)
	add(l.Location.Area)
	n := 0
	for _, k := range titleDifferentiators {
		if features.Has(k) && n < 4 {
			if name := FeatureName(k, l); name != "" {
				add(name)
				n++
			}
		}
	}
	return out
}

// PropertyNoun is the plain noun for the listing's kind of place:
// "apartment", "house", "cabin", "studio", "private room"…
func PropertyNoun(l *listing.Listing) string {
	pt := strings.ToLower(strings.TrimSpace(l.PropertyType))
	pt = strings.TrimPrefix(pt, "entire ")
	// Localized pages say "Espaço inteiro: casa", "Alojamiento entero:
	// casa": the kind is after the colon.
	if _, kind, ok := strings.Cut(pt, ":"); ok {
		pt = strings.TrimSpace(kind)
	}
	switch {
	case PropertyClass(l) == "room":
		if strings.Contains(pt, "hotel") || strings.Contains(strings.ToLower(l.RoomType), "hotel") {
			return "hotel room"
		}
		if strings.Contains(pt, "shared") || strings.Contains(strings.ToLower(l.RoomType), "shared") {
			return "shared room"
		}
		return "private room"
	case pt == "":
		if l.Bedrooms == 0 && l.Has(listing.FieldBedrooms) {
			return "studio"
		}
		return ""
	}
	if l.Bedrooms == 0 && l.Has(listing.FieldBedrooms) && !strings.Contains(pt, "house") && !strings.Contains(pt, "home") {
		return "studio"
	}
	nouns := []struct{ in, out string }{
		{"rental unit", "apartment"}, {"serviced apartment", "apartment"}, {"condo", "condo"}, {"loft", "loft"},
		{"townhouse", "townhouse"}, {"guest suite", "guest suite"}, {"guesthouse", "guesthouse"}, {"cottage", "cottage"},
		{"cabin", "cabin"}, {"villa", "villa"}, {"chalet", "chalet"}, {"bungalow", "bungalow"}, {"tiny home", "tiny home"},
		{"farm stay", "farm stay"}, {"vacation home", "vacation home"}, {"apartment", "apartment"}, {"flat", "apartment"},
		{"home", "home"}, {"house", "house"}, {"studio", "studio"}, {"suite", "suite"}, {"boat", "boat"}, {"camper", "camper"},
	}
	for _, n := range nouns {
		if strings.Contains(pt, n.in) {
			return n.out
		}
	}
	// The kind in the listing's language, said in English: the report's
	// copy is in one language, never "Casa in Porto Seguro".
	t := newText(pt)
	for _, n := range localNouns {
		if _, ok := t.hasAny(phrases(n.in)...); ok {
			return n.out
		}
	}
	if !isASCII(pt) {
		if PropertyClass(l) == "house" {
			return "home"
		}
		return "apartment"
	}
	return pt
}

// localNouns are kinds of place in the languages we read, and the English
// noun the copy uses.
var localNouns = []struct {
	in  []string
	out string
}{
	{[]string{"estúdio", "estudio", "monolocale", "στούντιο"}, "studio"},
	{[]string{"apartamento", "apto", "appartamento", "appartement", "wohnung", "ferienwohnung", "piso", "διαμέρισμα", "bilocale", "trilocale"}, "apartment"},
	{[]string{"chalé", "chalet", "baita"}, "chalet"},
	{[]string{"cabana", "hütte", "cabaña"}, "cabin"},
	{[]string{"vila", "villa", "βίλα"}, "villa"},
	{[]string{"sobrado", "maisonnette", "μεζονέτα"}, "townhouse"},
	{[]string{"pousada", "pensão", "pensione", "pension"}, "guesthouse"},
	{[]string{"ferienhaus", "vakantiehuis", "casa de férias", "casa vacanze"}, "vacation home"},
	{[]string{"casa", "maison", "haus", "huis", "woning", "σπίτι", "masseria", "cortijo", "finca"}, "home"},
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

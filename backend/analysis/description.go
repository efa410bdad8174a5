package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"
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
// optimized description uses. Their headings and topic words, per
// language, are in lang.go (airbnbHeadings, textLang).
var DescriptionSections = []struct{ Key, Name string }{
	{"the_space", "The space"},
	{"guest_access", "Guest access"},
	{"neighbourhood", "The neighbourhood"},
	{"getting_around", "Getting around"},
	{"house_rules", "House rules"},
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
	NotAssessed bool `json:"not_assessed,omitempty"`
	// Language is the language the description was read in ("pt"), "" for
	// English; sections, facts and keywords are looked for in its words.
	Language  string    `json:"language,omitempty"`
	WordCount int       `json:"word_count"`
	Sections  []Section `json:"sections"`
	// Readability is the score of ReadabilityFormula, the formula made for
	// the description's language; 0 with no formula when the language has
	// none.
	Readability        float64        `json:"readability"`
	ReadabilityFormula string         `json:"readability_formula,omitempty"`
	ReadabilityLabel   string         `json:"readability_label"`
	KeyFacts           []FactCheck    `json:"key_facts"`
	Keywords           []KeywordCheck `json:"keywords"`
	KeywordCoverage    float64        `json:"keyword_coverage"` // 0–1
	Score              int            `json:"score"`            // 0–100, see AnalyzeDescription
	Findings           Findings       `json:"findings"`
	Explanation        string         `json:"explanation"`
}

var reMbps = regexp.MustCompile(`(?i)\b(\d{1,4})\s*(?:mbps|mb/s|mbit/s|mbit|megabits?|megas?)\b`)

// AnalyzeDescription checks the description's length, structure,
// readability, key facts and keyword coverage, each in the description's
// own language (TextLanguage).
//
// Score out of 100: length 25 (150+ words 25, 80–149 15, 40–79 8, fewer 0;
// over 700 words 20), structure 25 (5 per section with a heading, 3 when
// the topic is covered without one), readability 15 (on the language's
// formula: plain 15, fairly difficult 10, difficult 5; ReadabilityFor), key
// facts 20 (check-in method 7, parking 7, wifi speed 6 or 3 for wifi
// without a speed) and keywords 15 × coverage. A part that cannot be
// assessed in the description's language is left out and the score is
// what the assessed parts earned out of what they can earn.
func AnalyzeDescription(l *listing.Listing, features Features) DescriptionAnalysis {
	desc := strings.TrimSpace(l.Description)
	a := DescriptionAnalysis{Sections: []Section{}, KeyFacts: []FactCheck{}, Keywords: []KeywordCheck{}, Findings: Findings{}}
	a.WordCount = prose.WordCount(desc)
	lang := prose.TextLanguage(l.Language, desc)
	if lang != "en" {
		a.Language = lang
	}
	langName := prose.Lang(lang).Name()
	tl := textLangFor(lang)
	whole := Read(l, listing.FieldDescription, fmt.Sprintf("%d words", a.WordCount), "the whole description, in "+langName)

	if desc != "" && l.IsPartial(listing.FieldDescription) {
		a.NotAssessed = true
		a.Findings = Findings{{Code: "description.preview_only", Severity: SeverityInfo, Message: MsgDescriptionPreviewOnly,
			Evidence: []Evidence{Read(l, listing.FieldDescription, fmt.Sprintf("%d words", a.WordCount), "only part was read, so nothing is said to be missing")}}}
		a.Explanation = MsgDescriptionPreviewOnly
		return a
	}
	if desc == "" {
		a.Findings = append(a.Findings, Finding{Code: "description.missing", Severity: SeverityHigh,
			Message: "We could not read a description for this listing.", Action: "Write a description with the space, guest access, the neighbourhood, getting around and house rules.",
			Evidence: []Evidence{Read(l, listing.FieldDescription, "", "no description text was read")}})
		a.Explanation = "No description was read from the listing page, so it could not be checked."
		return a
	}

	score, possible := 0.0, 25.0
	// The length is scored and told only where its rule is true
	// (kind_rules.go): a home's description, in a language with spaces
	// between words (a Japanese text's "words" are its phrases).
	lengthRule := RuleApplies(l, "description.brief", lang)
	if !lengthRule {
		possible = 0
	}
	switch {
	case !lengthRule:
	case a.WordCount > 700:
		score += 20
	case a.WordCount >= DescriptionTargetWords:
		score += 25
	case a.WordCount >= 80:
		score += 15
	case a.WordCount >= 40:
		score += 8
	}
	switch {
	case !lengthRule && !RuleApplies(l, "description.long", lang):
	case !lengthRule:
		if a.WordCount > 700 {
			a.Findings = append(a.Findings, Finding{Code: "description.long", Severity: SeverityLow,
				Message: fmt.Sprintf("The description has %d words; few guests read that far.", a.WordCount), Action: "Put the key facts in the first paragraph.",
				Evidence: []Evidence{whole}})
		}
	case a.WordCount < 80:
		a.Findings = append(a.Findings, Finding{Code: "description.short", Severity: SeverityHigh,
			Message: fmt.Sprintf("The description has %d words; guests decide on details it does not give.", a.WordCount),
			Action:  fmt.Sprintf("Aim for at least %d words covering ", DescriptionTargetWords) + detailsFor(l, "the space, access, area and rules") + ".", Evidence: []Evidence{whole}})
	case a.WordCount < DescriptionTargetWords:
		a.Findings = append(a.Findings, Finding{Code: "description.brief", Severity: SeverityMedium,
			Message: fmt.Sprintf("The description has %d words.", a.WordCount), Action: "Add detail guests look for: " + detailsFor(l, "the space room by room, the neighbourhood, getting around and house rules") + ".",
			Evidence: []Evidence{whole}})
	case a.WordCount > 700:
		a.Findings = append(a.Findings, Finding{Code: "description.long", Severity: SeverityLow,
			Message: fmt.Sprintf("The description has %d words; few guests read that far.", a.WordCount), Action: "Put the key facts in the first paragraph.",
			Evidence: []Evidence{whole}})
	}

	// Everything the description is said not to cover, state or use is
	// looked for by one judge, which also says whether absence may be
	// claimed in its language at all.
	j := newJudge(lang, desc, l.Title+"\n"+desc)
	switch {
	case tl == nil:
		// Nothing is said to be missing in words ListingLift cannot read.
		a.Findings = append(a.Findings, Finding{Code: "description.language_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("The description is in %s, which ListingLift does not read yet, so its sections, key facts (check-in, parking, wifi) and search words were not assessed.", langName),
			Evidence: []Evidence{Read(l, listing.FieldDescription, fmt.Sprintf("%d words", a.WordCount), "language read as "+langName+"; no word lists for it")}})
		tl = nil
	case !j.judged:
		a.Findings = append(a.Findings, Finding{Code: "description.language_not_assessed", Severity: SeverityInfo,
			Message:  "The description's sections, key facts (check-in, parking, wifi) and search words were not assessed: " + strings.NewReplacer("the text's", "its", "the text", "it").Replace(j.why) + ".",
			Evidence: []Evidence{Read(l, listing.FieldDescription, fmt.Sprintf("%d words", a.WordCount), j.why)}})
		tl = nil
	default:
		t := newText(desc)
		sectionScore, missing, headings := descriptionSections(desc, t, j, tl, &a)
		sectioned := RulesFor(l).DescriptionSections
		if sectioned {
			score += sectionScore
			possible += 25
		} else {
			// The site's description is one text with no sections of its
			// own (Booking.com, Vrbo): no section is "missing".
			missing, a.Sections = nil, []Section{}
		}
		if len(missing) > 0 {
			sev := SeverityLow
			if len(missing) >= 3 {
				sev = SeverityMedium
			}
			value := "no section heading"
			if len(headings) > 0 {
				value = "headings " + strings.Join(quoteAll(headings), ", ")
			}
			a.Findings = append(a.Findings, Finding{Code: "description.sections", Severity: sev,
				Message:  fmt.Sprintf("The description does not cover %s.", strings.ToLower(joinList(missing))),
				Action:   "Add a short section for each, with a heading.",
				Evidence: []Evidence{Read(l, listing.FieldDescription, value, "the whole description was read; searched for the usual section headings (The space, Guest access…, in any of the languages ListingLift reads) and for "+langName+" headings and topic words")}})
		}

		factScore, factPossible, absent, searched := descriptionFacts(desc, j, PropertyKind(l) == KindHotel, &a)
		score += factScore
		possible += factPossible
		if len(absent) > 0 {
			// A hotel's parking and wifi have their own rows in the site's
			// facilities and policies, which guests read first: saying them
			// in the description helps, but it is no medium gap as it is
			// for a home, whose description is where guests look.
			sev := SeverityMedium
			if PropertyKind(l) == KindHotel {
				sev = SeverityLow
			}
			a.Findings = append(a.Findings, Finding{Code: "description.key_facts", Severity: sev,
				Message:  fmt.Sprintf("The description does not state the %s.", joinList(absent)),
				Action:   map[bool]string{true: "State it plainly; it is a question guests ask most before booking.", false: "State them plainly; they are the questions guests ask most before booking."}[len(absent) == 1],
				Evidence: []Evidence{Read(l, listing.FieldDescription, "", "the whole description was read; searched in "+langName+" for "+strings.Join(searched, "; "))}})
		}

		for _, k := range descriptionKeywords(l, features, lang, tl) {
			present := false
			if _, ok := t.hasAny(k.match...); ok {
				present = true
			} else if _, ok := j.namesAny(k.match...); ok {
				// in another of its forms ("Αθήνας" for Αθήνα) or, in
				// a script without spaces, as a piece of the text
				present = true
			}
			a.Keywords = append(a.Keywords, KeywordCheck{Keyword: k.name, Present: present})
		}
		var miss []string
		for _, k := range a.Keywords {
			if !k.Present {
				miss = append(miss, k.Keyword)
			}
		}
		if len(a.Keywords) > 0 {
			a.KeywordCoverage = numfmt.Round2(float64(len(a.Keywords)-len(miss)) / float64(len(a.Keywords)))
			score += 15 * a.KeywordCoverage
			possible += 15
		}
		if len(a.Keywords) > 0 && a.KeywordCoverage < 0.5 {
			a.Findings = append(a.Findings, Finding{Code: "description.keywords", Severity: SeverityLow,
				Message:  fmt.Sprintf("The description leaves out search words that fit the listing: %s.", joinList(miss)),
				Action:   "Use them naturally in the first paragraph.",
				Evidence: []Evidence{Read(l, listing.FieldDescription, "", fmt.Sprintf("the whole description was read; searched for each in %s (and its other spellings, names and inflected forms)", langName))}})
		}
	}

	if r, ok := ReadabilityFor(lang, desc); ok {
		a.Readability, a.ReadabilityFormula, a.ReadabilityLabel = round1(r.Score), r.Formula, r.Label
		score += float64(r.Points)
		possible += 15
		if r.Hard {
			a.Findings = append(a.Findings, Finding{Code: "description.readability", Severity: SeverityLow,
				Message:  fmt.Sprintf("Reading ease is %.0f (%s, made for %s; %s).", r.Score, r.Formula, langName, r.Line),
				Action:   "Use shorter sentences and plainer words.",
				Evidence: []Evidence{Read(l, listing.FieldDescription, r.Counts(), "scored with the "+r.Formula)}})
		}
	} else {
		a.Findings = append(a.Findings, Finding{Code: "description.readability_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Readability was not assessed: ListingLift has no reading-ease formula made for %s, and an English one would not measure it.", langName),
			Evidence: []Evidence{Read(l, listing.FieldDescription, fmt.Sprintf("%d words", a.WordCount), "language read as "+langName)}})
	}
	if possible == 0 {
		// Nothing could be scored (a hotel's length is no rule, and the
		// language is not read): not assessed, never a 0.
		a.NotAssessed = true
		a.Explanation = fmt.Sprintf("The description was not scored: it is in %s, which ListingLift does not read yet, and its length is no measure here (%s).", langName, lengthNotScored(lang))
		return a
	}
	a.Score = int(math.Round(clamp(score/possible*100, 0, 100)))
	notRead := fmt.Sprintf("ListingLift does not read %s yet", langName)
	if textLangFor(lang) != nil && !j.judged {
		notRead = strings.NewReplacer("the text's", "its", "the text", "it").Replace(j.why)
	}
	a.Explanation = descriptionExplanation(a, tl != nil, lengthRule, langName, notRead)
	return a
}

// descriptionSections finds each section by a heading (Airbnb's own, in
// any language, or the host's in the description's language) or, failing
// that, by its topic words; it returns the structure points, the sections
// missing and the headings found, as the host wrote them.
func descriptionSections(desc string, t text, j judge, tl *textLang, a *DescriptionAnalysis) (float64, []string, []string) {
	type line struct{ folded, raw string }
	var lines []line
	for _, raw := range strings.Split(desc, "\n") {
		lw := strings.Join(prose.Words(raw), " ")
		if lw != "" && len(strings.Fields(lw)) <= 6 {
			lines = append(lines, line{lw, strings.TrimSpace(raw)})
		}
	}
	score := 0.0
	var missing, headings []string
	for _, s := range DescriptionSections {
		found, heading := "missing", ""
		for _, h := range append(append([]string{}, airbnbHeadings[s.Key]...), tl.Headings[s.Key]...) {
			for _, ln := range lines {
				// The heading alone on its line, or followed by a colon
				// ("Estacionamento: 1 vaga", "Zona:").
				if ln.folded == h || (strings.HasPrefix(ln.folded, h+" ") && strings.Contains(ln.raw, ":")) {
					found, heading = "heading", ln.raw
					break
				}
			}
			if found == "heading" {
				break
			}
		}
		if found == "missing" && covers(desc, t, j, tl, s.Key) {
			found = "content"
		}
		switch found {
		case "heading":
			score += 5
			headings = append(headings, prose.CutRunes(heading, 60))
		case "content":
			score += 3
		default:
			missing = append(missing, s.Name)
		}
		a.Sections = append(a.Sections, Section{Key: s.Key, Name: s.Name, Found: found})
	}
	return score, missing, headings
}

// covers reports whether desc covers a section's topic without its
// heading: by the topic's words in the description's language, in any of
// their forms, and for the neighbourhood and getting around by what a
// paragraph about them says in any language we read — what is near and
// how far ("5 minutes' walk", "2 km", "a pochi passi"), and the ways of
// getting about (metro, bus, on foot, the station).
func covers(desc string, t text, j judge, tl *textLang, key string) bool {
	if _, ok := t.hasAny(tl.Content[key]...); ok {
		return true
	}
	if _, ok := j.inLists(func(tl *textLang) []string { return tl.Content[key] }); ok {
		return true
	}
	switch key {
	case "neighbourhood":
		_, near := j.t.HasAny(nearIn(j.lang)...)
		return near || reDistance.MatchString(desc)
	case "getting_around":
		_, moving := j.t.HasAny(transportWords...)
		return moving || reDistance.MatchString(desc)
	}
	return false
}

// descriptionFacts looks for the check-in method, parking and wifi speed in
// the description's language; it returns their points and the points
// possible, the facts absent and, for the evidence, what was searched for
// each. A hotel's guests check in at its front desk: its check-in method
// is no question to answer.
func descriptionFacts(desc string, j judge, hotel bool, a *DescriptionAnalysis) (float64, float64, []string, []string) {
	score, possible := 0.0, 20.0
	lang := j.lang
	tl := textLangFor(lang)
	checkIn := FactCheck{Fact: "check-in method"}
	if line, ok := mentionJudged(j, TopicCheckIn, desc); ok {
		checkIn.Present, checkIn.Evidence = true, "mentions "+Quote(line)
		score += 7
	}
	parking := FactCheck{Fact: "parking"}
	if line, ok := mentionJudged(j, TopicParking, desc); ok {
		parking.Present, parking.Evidence = true, "mentions "+Quote(line)
		score += 7
	}
	wifi := FactCheck{Fact: "wifi speed"}
	if m := reMbps.FindString(desc); m != "" {
		wifi.Present, wifi.Evidence = true, "states "+m
		score += 6
	} else if line, ok := mentionJudged(j, TopicWifi, desc); ok {
		wifi.Evidence = "mentions wifi without a speed: " + Quote(line)
		score += 3
	}
	a.KeyFacts = []FactCheck{checkIn, parking, wifi}
	if hotel {
		a.KeyFacts, possible = []FactCheck{parking, wifi}, 13
		if checkIn.Present {
			score -= 7
		}
	}
	lists := map[string][]string{"check-in method": tl.CheckIn, "parking": tl.Parking, "wifi speed": {"a speed in Mbps"}}
	var absent, searched []string
	for _, f := range a.KeyFacts {
		if !f.Present {
			absent = append(absent, f.Fact)
			searched = append(searched, f.Fact+": "+sample(lists[f.Fact], 5))
		}
	}
	return score, possible, absent, searched
}

// mentionJudged is MentionIn, then the topic's words in their other
// forms ("Parkplätze", "στάθμευσης"), in the text's language and in the
// others mixed into it (English; Greek): a fact is called unstated only
// when no form of its words is there. The line quoted is the sentence
// holding it.
func mentionJudged(j judge, topic, desc string) (string, bool) {
	if line, ok, _ := MentionIn(j.lang, topic, desc); ok {
		return line, true
	}
	if textLangFor(j.lang) == nil {
		return "", false
	}
	p, ok := j.inLists(func(tl *textLang) []string {
		return map[string][]string{TopicCheckIn: tl.CheckIn, TopicParking: tl.Parking, TopicWifi: tl.Wifi, TopicWorkspace: tl.Workspace}[topic]
	})
	if !ok {
		return "", false
	}
	for _, sent := range prose.Sentences(desc) {
		for _, r := range j.readings() {
			if prose.NewStems(r.lang, sent).Has(p) {
				return prose.CutRunes(strings.TrimSpace(sent), 80), true
			}
		}
	}
	return "", true
}

// sample lists the first n phrases of a word list, quoted, with "…" when
// there are more.
func sample(list []string, n int) string {
	out := quoteAll(list[:min(n, len(list))])
	s := strings.Join(out, ", ")
	if len(list) > n {
		s += "…"
	}
	return s
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = Quote(s)
	}
	return out
}

// MsgDescriptionPreviewOnly is the description analysis of a page whose
// description was read only from its preview tags.
const MsgDescriptionPreviewOnly = "Only the page's preview of the description was read (its first sentences), so the description's length, sections and facts were not assessed."

// descriptionExplanation sums a up; lengthScored says the length rule
// applies to this kind of property and language; notRead says why its
// sections, facts and search words were not assessed when they were not.
func descriptionExplanation(a DescriptionAnalysis, known, lengthScored bool, langName, notRead string) string {
	s := fmt.Sprintf("The description has %d words", a.WordCount)
	if known && len(a.Sections) > 0 {
		covered := 0
		for _, sec := range a.Sections {
			if sec.Found != "missing" {
				covered++
			}
		}
		s += fmt.Sprintf(" and covers %d of the %d sections guests look for", covered, len(a.Sections))
	}
	switch {
	case a.ReadabilityFormula == "Flesch reading ease":
		s += fmt.Sprintf("; its Flesch reading ease is %.0f (%s)", a.Readability, a.ReadabilityLabel)
	case a.ReadabilityFormula != "":
		s += fmt.Sprintf("; its reading ease is %.0f (%s) on the %s, made for %s", a.Readability, a.ReadabilityLabel, a.ReadabilityFormula, langName)
	default:
		s += fmt.Sprintf("; its readability was not assessed (no formula made for %s)", langName)
	}
	s += ". "
	if known {
		var facts []string
		for _, f := range a.KeyFacts {
			if f.Present {
				facts = append(facts, f.Fact)
			}
		}
		var asked []string
		for _, f := range a.KeyFacts {
			asked = append(asked, f.Fact)
		}
		if len(facts) > 0 {
			s += "It states the " + joinList(facts) + ". "
		} else {
			s += "It states none of " + strings.Replace(joinList(asked), " and ", " or ", 1) + ". "
		}
		if len(a.Keywords) > 0 {
			s += fmt.Sprintf("It uses %s of the listing's search words. ", pct(a.KeywordCoverage))
		}
	} else {
		s += "Its sections, key facts and search words were not assessed: " + notRead + ". "
	}
	// The parts scored, each with its points; a part not scored (no
	// sections on this site, no formula for the language, a hotel's
	// check-in) is left out and the rest scaled to 100.
	var parts []string
	if lengthScored {
		parts = append(parts, "length 25")
	}
	if known && len(a.Sections) > 0 {
		parts = append(parts, "structure 25")
	}
	if a.ReadabilityFormula != "" {
		parts = append(parts, "readability 15")
	}
	if known {
		pts := 0
		for _, f := range a.KeyFacts {
			pts += map[string]int{"check-in method": 7, "parking": 7, "wifi speed": 6}[f.Fact]
		}
		parts = append(parts, fmt.Sprintf("key facts %d", pts), "keywords 15")
	}
	partsText := strings.Join(parts, ", ")
	if len(parts) < 5 || !strings.Contains(partsText, "key facts 20") || !lengthScored {
		partsText += "; scaled to 100"
	}
	s += fmt.Sprintf("Score %d/100 (%s).", a.Score, partsText)
	return s
}

// descriptionKeyword is a search word and the phrases (folded) that count
// as using it.
type descriptionKeyword struct {
	name  string
	match []string
}

// DescriptionKeywords are the search words that fit a listing, in its
// description's language: its kind of place, city and area, and its
// strongest features ("casa", "Porto Seguro", "piscina"…). None for a
// language ListingLift has no words for.
func DescriptionKeywords(l *listing.Listing, features Features) []string {
	lang := prose.TextLanguage(l.Language, l.Description)
	tl := textLangFor(lang)
	if tl == nil {
		return nil
	}
	var out []string
	for _, k := range descriptionKeywords(l, features, lang, tl) {
		out = append(out, k.name)
	}
	return out
}

func descriptionKeywords(l *listing.Listing, features Features, lang string, tl *textLang) []descriptionKeyword {
	var out []descriptionKeyword
	seen := map[string]bool{}
	add := func(name string, match ...string) {
		name = strings.TrimSpace(name)
		key := strings.Join(prose.Words(name), " ")
		if key == "" || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, descriptionKeyword{name: name, match: withPlurals(foldPhrases(append([]string{name}, match...)))})
	}
	en := textLangs["en"]
	noun := ListingNoun(l)
	if local := tl.Nouns[noun]; lang != "en" && len(local) > 0 {
		add(hostWord(l.Title, local), append(append([]string{}, local...), noun)...)
	} else {
		add(strings.ToLower(noun))
	}
	add(l.Location.City, placeAliases(l.Location.City)...)
	add(l.Location.Area, placeAliases(l.Location.Area)...)
	own := newText(strings.Join(listingText(l), " "))
	n := 0
	for _, k := range titleDifferentiators {
		if !features.Has(k) || n >= 4 {
			continue
		}
		var name string
		words := append(append([]string{}, tl.Keywords[k]...), en.Keywords[k]...)
		if lang == "en" {
			name = FeatureName(k, l)
		} else if local := tl.Keywords[k]; len(local) > 0 {
			// The listing's own word for it when it uses one ("sacada"
			// rather than "varanda").
			// English loans Airbnb uses in every language ("Self
			// check-in") count in the text but do not name the word.
			name = local[0]
			enWords := newText(strings.Join(en.Keywords[k], "\n"))
			for _, w := range local {
				if fw := strings.Join(prose.Words(w), " "); own.has(fw) && !enWords.has(fw) {
					name = w
					break
				}
			}
		}
		if name != "" {
			add(name, words...)
			n++
		}
	}
	return out
}

// withPlurals adds the plurals of each phrase's last word, as Romance and
// Germanic languages write them ("varandas", "piscine", "terrazze"), so a
// word used in the plural counts.
func withPlurals(list []string) []string {
	out := append([]string{}, list...)
	for _, p := range list {
		if strings.HasSuffix(p, "*") || p == "" {
			continue
		}
		out = append(out, p+"s", p+"es")
		switch p[len(p)-1] {
		case 'a':
			out = append(out, p[:len(p)-1]+"e")
		case 'o', 'e':
			out = append(out, p[:len(p)-1]+"i")
		}
	}
	return out
}

// hostWord is the first of words the title uses, else the first of words.
func hostWord(title string, words []string) string {
	t := newText(title)
	for _, w := range words {
		if t.has(strings.Join(prose.Words(w), " ")) {
			return w
		}
	}
	return words[0]
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

// detailsFor is the detail a description should give: a home's rooms and
// rules, a hotel's rooms, services and surroundings.
func detailsFor(l *listing.Listing, home string) string {
	if PropertyKind(l) == KindHotel {
		return "the rooms, the services and what is near"
	}
	return home
}

// lengthNotScored says why a description's length is not scored
// (kind_rules.go): its language has no spaces between words, or it is a
// hotel's, whose page tells its rooms and services elsewhere.
func lengthNotScored(lang string) string {
	if unspacedLanguages[lang] {
		return "its words are not separated by spaces, so they are not counted"
	}
	return "a hotel's page tells its rooms, services and facilities in sections of its own"
}

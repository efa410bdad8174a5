package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// MaxReviews is how many of the most recent reviews are read: older ones
// describe a listing that may have changed.
const MaxReviews = 100

// Review themes: what guests talk about, by the words they use.
var reviewThemes = []struct {
	Key, Name string
	Words     []string
}{
	{"cleanliness", "cleanliness", []string{"clean", "cleanliness", "spotless", "dirty", "tidy", "immaculate", "dust", "dusty", "stain", "stains", "stained", "filthy", "unclean", "smelly", "musty", "odor", "odour"}},
	{"location", "location", []string{"location", "located", "neighborhood", "neighbourhood", "walking distance", "close to", "walkable", "downtown", "convenient", "central", "area"}},
	{"communication", "communication", []string{"communication", "responsive", "responded", "respond", "communicative", "replied", "reply", "instructions", "unresponsive", "host was", "messages"}},
	{"noise", "noise", []string{"noise", "noisy", "loud", "quiet", "thin walls", "traffic", "hear", "heard"}},
	{"wifi", "wifi", []string{"wifi", "wi fi", "internet"}},
	{"value", "value", []string{"value", "price", "worth", "affordable", "expensive", "overpriced", "money", "deal", "pricey"}},
	{"comfort", "comfort", []string{"bed", "beds", "mattress", "pillows", "comfortable", "uncomfortable", "comfy", "couch"}},
	{"check_in", "check-in", []string{"check in", "checkin", "self check in", "keypad", "lockbox", "key", "arrival"}},
}

var positiveWords = map[string]bool{}
var negativeWords = map[string]bool{}
var negators = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`great excellent amazing wonderful perfect clean spotless comfortable comfy cozy cosy beautiful
		lovely fantastic awesome helpful friendly responsive quiet recommend recommended convenient spacious nice love loved
		enjoyed stunning gorgeous welcoming easy best fabulous superb immaculate charming peaceful delightful attentive
		accommodating good incredible outstanding pleasant thoughtful quick fast safe walkable tidy gracious exceptional
		happy beautifully perfectly responsive affordable worth working`) {
		positiveWords[w] = true
	}
	for _, w := range strings.Fields(`dirty filthy noisy loud broken bad terrible awful horrible poor uncomfortable odor odour
		smelly musty stained stains disappointing disappointed rude unresponsive slow bugs cockroach cockroaches roaches mold
		moldy cramped expensive overpriced unsafe worst unclean leak leaking leaked issue issues problem problems complaint
		noise dusty sketchy creaky outdated pricey misleading inaccurate`) {
		negativeWords[w] = true
	}
	for _, w := range strings.Fields(`not no never wasnt isnt didnt dont doesnt werent arent cant couldnt hardly barely without nothing`) {
		negators[w] = true
	}
}

// ThemeStat counts how reviews talk about one theme.
type ThemeStat struct {
	Theme    string `json:"theme"`
	Mentions int    `json:"mentions"` // reviews that mention it
	Positive int    `json:"positive"` // mentions in a positive sentence
	Negative int    `json:"negative"` // mentions in a negative sentence
}

// ReviewAnalysis is the review analyzer's result. It never carries review
// text or reviewer names: only counts and theme names.
type ReviewAnalysis struct {
	Source   string `json:"source,omitempty"`
	Analyzed int    `json:"analyzed"` // English review texts read
	Skipped  int    `json:"skipped"`  // not English or empty
	// Texts is how many of the most recent reviews read had text (English
	// or not); NoText, how many were a date alone. The summary and the data
	// sources both count review texts by Texts (TextsRead), so they agree.
	Texts          int         `json:"texts"`
	NoText         int         `json:"no_text,omitempty"`
	Positive       int         `json:"positive"`         // reviews scored positive
	Neutral        int         `json:"neutral"`          // reviews with no clear lean
	Negative       int         `json:"negative"`         // reviews scored negative
	SentimentScore int         `json:"sentiment_score"`  // 0–100: 100·(positive + neutral/2)/analyzed
	Themes         []ThemeStat `json:"themes"`           // most mentioned first
	Praised        []string    `json:"praised"`          // themes mostly praised
	Complaints     []string    `json:"complaints"`       // themes with recurring negative mentions
	Rating         float64     `json:"rating,omitempty"` // overall, out of 5
	ReviewCount    int         `json:"review_count,omitempty"`
	Summary        string      `json:"summary"` // the review_summary field
	Findings       Findings    `json:"findings"`
	Explanation    string      `json:"explanation"`
}

// AnalyzeReviews scores each of the most recent 100 review texts with a
// transparent word list: +1 per positive word, −1 per negative word, the
// sign flipped when one of "not, no, never, wasn't…" comes up to three
// words before. A review is positive above 0 and negative below. Sentences
// are split into clauses at "but", "however", "though"…; each clause that
// names a theme (cleanliness, location, communication, noise,
// wifi, value, comfort, check-in) counts as a positive or negative mention
// of it by the same rule. A theme is a complaint when at least 2 reviews,
// and at least a quarter of those that mention it, mention it negatively.
func AnalyzeReviews(l *listing.Listing, reviews []listing.Review, source string) ReviewAnalysis {
	a := ReviewAnalysis{Source: source, Themes: []ThemeStat{}, Praised: []string{}, Complaints: []string{}, Findings: Findings{},
		Rating: numfmt.Round2(RatingOutOf5(l)), ReviewCount: l.ReviewCount}
	recent := append([]listing.Review(nil), reviews...)
	sort.SliceStable(recent, func(i, j int) bool { return recent[i].Date > recent[j].Date })
	if len(recent) > MaxReviews {
		recent = recent[:MaxReviews]
	}
	stats := make([]ThemeStat, len(reviewThemes))
	for i, th := range reviewThemes {
		stats[i].Theme = th.Name
	}
	for _, r := range recent {
		body := r.Text
		if strings.Contains(body, "<") {
			body = listing.PlainText(body)
		}
		if strings.TrimSpace(body) == "" {
			a.Skipped++
			a.NoText++
			continue
		}
		a.Texts++
		if !isEnglish(r.Language, body) {
			a.Skipped++
			continue
		}
		a.Analyzed++
		total := 0
		mentioned := make([]int, len(reviewThemes)) // +1 pos, -1 neg, 2 neutral mention
		for _, ws := range clauses(body) {
			sc := sentiment(ws)
			total += sc
			st := newTextWords(ws)
			for i, th := range reviewThemes {
				if _, ok := st.hasAny(th.Words...); !ok {
					continue
				}
				switch {
				case sc < 0:
					mentioned[i] = -1
				case sc > 0 && mentioned[i] != -1:
					mentioned[i] = 1
				case mentioned[i] == 0:
					mentioned[i] = 2
				}
			}
		}
		for i, m := range mentioned {
			if m == 0 {
				continue
			}
			stats[i].Mentions++
			if m == 1 {
				stats[i].Positive++
			} else if m == -1 {
				stats[i].Negative++
			}
		}
		switch {
		case total > 0:
			a.Positive++
		case total < 0:
			a.Negative++
		default:
			a.Neutral++
		}
	}
	if a.Analyzed > 0 {
		a.SentimentScore = int(100*(float64(a.Positive)+float64(a.Neutral)/2)/float64(a.Analyzed) + 0.5)
	}
	for _, s := range stats {
		if s.Mentions > 0 {
			a.Themes = append(a.Themes, s)
		}
	}
	sort.SliceStable(a.Themes, func(i, j int) bool { return a.Themes[i].Mentions > a.Themes[j].Mentions })
	for _, s := range a.Themes {
		if s.Negative >= 2 && float64(s.Negative) >= 0.25*float64(s.Mentions) {
			a.Complaints = append(a.Complaints, s.Theme)
		} else if s.Positive > s.Negative && s.Positive >= 2 && len(a.Praised) < 3 {
			a.Praised = append(a.Praised, s.Theme)
		}
	}
	reviewFindings(&a, l)
	if a.Analyzed > 0 {
		ev := Read(l, listing.FieldReviews, a.TextsRead(), "each sentence scored with a published word list")
		if ev.Where == "not read" && a.Source != "" {
			// Read, but not from the page: from where they came (a market
			// snapshot's reviews file), never "not read from your page".
			ev.Where = a.Source
		}
		withEvidence(a.Findings, ev)
	}
	a.Summary = reviewSummary(a, RulesFor(l).Rating)
	a.Explanation = reviewExplanation(a)
	return a
}

func reviewFindings(a *ReviewAnalysis, l *listing.Listing) {
	if len(a.Complaints) > 0 {
		var parts []string
		sev := SeverityMedium
		for _, c := range a.Complaints {
			for _, s := range a.Themes {
				if s.Theme == c {
					parts = append(parts, fmt.Sprintf("%s (%d of %d reviews)", c, s.Negative, a.Analyzed))
					if float64(s.Negative) >= 0.1*float64(a.Analyzed) {
						sev = SeverityHigh
					}
				}
			}
		}
		a.Findings = append(a.Findings, Finding{Code: "reviews.complaints", Severity: sev,
			Message: "Guests recurrently complain about " + joinList(parts) + ".",
			Action:  "Fix the cause, say what changed in the description, and reply to those reviews."})
	}
	r := a.Rating
	// Judged on the site's own scale with its own lines: Booking.com's
	// 8.5 out of 10 is "Very good" there, not Airbnb's 4.25 out of 5.
	rules := RulesFor(l)
	rr := rules.Rating
	native := rr.OnScale(r)
	ratingEvidence := []Evidence{Read(l, listing.FieldRating, rr.Format(native), "judged on "+rules.Name+"'s own scale")}
	switch {
	case r > 0 && native < rr.Low:
		a.Findings = append(a.Findings, Finding{Code: "reviews.low_rating", Severity: SeverityHigh,
			Message: fmt.Sprintf("The overall rating is %s; %s.", rr.Format(native), rr.LowWhy),
			Action:  "Address the recurring complaints first; they move the rating most.", Evidence: ratingEvidence})
	case r > 0 && native < rr.Good:
		msg := fmt.Sprintf("The overall rating is %s; %s.", rr.Format(native), rr.GoodWhy)
		if rules.TopRatingBar > 0 {
			msg = fmt.Sprintf("The overall rating is %s, below the %.1f %s asks of %s.", rr.Format(native), rules.TopRatingBar, rules.Name, rules.TopRatingName)
		}
		action := "Look at the lowest category rating and fix that first."
		if !l.Has(listing.FieldCategoryRatings) {
			action = "Read your recent reviews for what guests mention most and fix that first."
		}
		a.Findings = append(a.Findings, Finding{Code: "reviews.rating", Severity: SeverityMedium, Message: msg, Action: action, Evidence: ratingEvidence})
	}
	if lowest, v := lowestCategory(l); lowest != "" && v < rr.CategoryGood {
		a.Findings = append(a.Findings, Finding{Code: "reviews.low_category", Severity: SeverityMedium,
			Message:  fmt.Sprintf("The lowest category rating is %s at %s.", lowest, rr.Format(v)),
			Action:   "Improve " + lowest + "; guests see category ratings before booking.",
			Evidence: []Evidence{Read(l, listing.FieldCategoryRatings, lowest+" "+rr.Format(v), "the lowest of the category ratings the page shows")}})
	}
	if a.ReviewCount == 0 && a.Analyzed == 0 && r == 0 {
		if noReviewsRead(l) {
			a.Findings = append(a.Findings, Finding{Code: "reviews.none", Severity: SeverityMedium,
				Message: "The listing has no reviews yet.", Action: "Early reviews matter most: a modest launch price and quick replies help win the first ones."})
		} else {
			a.Findings = append(a.Findings, Finding{Code: "reviews.not_read", Severity: SeverityInfo,
				Message: reviewsNotRead(l)})
		}
	}
}

// noReviewsRead reports whether "no reviews yet" is a fact read from l's
// page: a review count of 0 read, or the page's own data read where a
// listing's reviews are and none there. From preview tags alone it would be
// a guess; from what the host typed (the page not read at all) it is
// unknown, and saying it would advise a launch price to an established host.
func noReviewsRead(l *listing.Listing) bool {
	if l.Has(listing.FieldReviewCount) {
		return true
	}
	return l.PageRead() && l.LayoutRecognized()
}

// reviewsNotRead says why the reviews were not assessed.
func reviewsNotRead(l *listing.Listing) string {
	if !l.PageRead() {
		return "Not assessed: the listing page could not be read, so its rating and reviews are unknown."
	}
	return "Not assessed: the rating and reviews could not be read from the page."
}

// lowestCategory returns the lowest category rating on the site's scale.
func lowestCategory(l *listing.Listing) (string, float64) {
	r := l.Ratings
	scale := r.Scale
	if scale <= 0 {
		scale = 5
	}
	name, low := "", 0.0
	for _, c := range []struct {
		n string
		v float64
	}{{"cleanliness", r.Cleanliness}, {"accuracy", r.Accuracy}, {"check-in", r.CheckIn}, {"communication", r.Communication}, {"location", r.Location}, {"value", r.Value}} {
		if c.v <= 0 {
			continue
		}
		v := c.v / scale * RulesFor(l).Rating.Scale
		if name == "" || v < low {
			name, low = c.n, v
		}
	}
	return name, numfmt.Round2(low)
}

// TextsRead names the review texts read and those scored, in the words
// the summary and the data sources share: "the 9 most recent review
// texts", or "the 10 most recent review texts (9 of them in English,
// scored)".
func (a ReviewAnalysis) TextsRead() string {
	texts := a.Texts
	if texts == 0 && a.Analyzed > 0 { // a report stored before Texts
		texts = a.Analyzed
	}
	s := "the " + plural(texts, "most recent review text", "most recent review texts")
	if texts == 1 {
		s = "the most recent review text"
	}
	if a.Analyzed < texts {
		s += fmt.Sprintf(" (%d of them in English, scored)", a.Analyzed)
	}
	return s
}

func reviewSummary(a ReviewAnalysis, rr RatingRules) string {
	var s string
	if a.Rating > 0 {
		s = "Rated " + rr.Format(rr.OnScale(a.Rating))
		if a.ReviewCount > 0 {
			s += fmt.Sprintf(" from %s", plural(a.ReviewCount, "review", "reviews"))
		}
		s += ". "
	}
	if a.Analyzed == 0 {
		if a.Rating == 0 && a.ReviewCount == 0 {
			for _, f := range a.Findings {
				if f.Code == "reviews.not_read" {
					return f.Message
				}
			}
			return "No reviews yet."
		}
		return s + "Review text was not available, so no themes were read."
	}
	s += fmt.Sprintf("In %s, %s positive and %s negative.", a.TextsRead(),
		pct(float64(a.Positive)/float64(a.Analyzed)), pct(float64(a.Negative)/float64(a.Analyzed)))
	if len(a.Praised) > 0 {
		s += " Guests most often praise " + joinList(a.Praised) + "."
	}
	if len(a.Complaints) > 0 {
		s += " Recurring complaints: " + joinList(a.Complaints) + "."
	} else {
		s += " No recurring complaints."
	}
	return s
}

func reviewExplanation(a ReviewAnalysis) string {
	if a.Analyzed == 0 {
		if a.Rating == 0 && a.Findings.Has("reviews.not_read") {
			return "No review text or rating was read, so there is nothing to summarize."
		}
		if a.Rating == 0 {
			return "No review text or rating was available, so there is nothing to summarize yet."
		}
		return "No review text was available, so the summary rests on the rating alone."
	}
	s := fmt.Sprintf("Read %s from the %s with a published word list (positive and negative words, with negation); sentiment score %d/100 = positive reviews plus half the neutral ones, as a share of those scored.",
		a.TextsRead(), a.Source, a.SentimentScore)
	if a.Skipped > 0 {
		s += fmt.Sprintf(" %s not in English or empty %s skipped.", plural(a.Skipped, "review", "reviews"), map[bool]string{true: "was", false: "were"}[a.Skipped == 1])
	}
	return s
}

// contrast words split a sentence into clauses that are scored apart:
// in "lovely place but the street is noisy" the noise is a complaint.
var contrast = map[string]bool{"but": true, "however": true, "although": true, "though": true, "except": true, "yet": true}

// clauses splits text into sentences and each sentence at contrast words,
// as word lists.
func clauses(body string) [][]string {
	var out [][]string
	for _, sent := range prose.Sentences(body) {
		var cur []string
		for _, w := range prose.Words(sent) {
			if contrast[w] {
				if len(cur) > 0 {
					out = append(out, cur)
				}
				cur = nil
				continue
			}
			cur = append(cur, w)
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
	}
	return out
}

// sentiment scores words: +1 per positive, −1 per negative word, flipped
// when a negator is within the three words before.
func sentiment(ws []string) int {
	sc := 0
	for i, w := range ws {
		v := 0
		if positiveWords[w] {
			v = 1
		} else if negativeWords[w] {
			v = -1
		}
		if v == 0 {
			continue
		}
		for j := max(0, i-3); j < i; j++ {
			if negators[ws[j]] {
				v = -v
				break
			}
		}
		sc += v
	}
	return sc
}

func newTextWords(ws []string) text {
	t := text{words: ws, set: make(map[string]bool, len(ws))}
	for _, w := range ws {
		t.set[w] = true
	}
	return t
}

var englishStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the and was a an to is we it its of for in on at very great with our this that place stay would
		again had have has were you my i me us they there here be been but not so all as are could will would nice good clean
		everything host from just really if what when`) {
		englishStop[w] = true
	}
}

// isEnglish trusts a language code when there is one, else requires that
// at least 15% of the words are common English words.
func isEnglish(lang, body string) bool {
	if lang != "" {
		return strings.HasPrefix(strings.ToLower(lang), "en")
	}
	ws := prose.Words(body)
	if len(ws) == 0 {
		return false
	}
	n := 0
	for _, w := range ws {
		if englishStop[w] {
			n++
		}
	}
	return float64(n) >= 0.15*float64(len(ws)) || (len(ws) <= 4 && n > 0) || (len(ws) <= 4 && sentiment(ws) != 0)
}

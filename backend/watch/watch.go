// Package watch decides what a week of a Premium report's watch (issue 45)
// shows and what changed since the week before: Facts keeps the figures and
// texts of one week's report that the next week is compared with, and Week
// compares two weeks' facts into the week's figures and its changes, each
// with its evidence (before → after, as the host would check them on the
// page). It is pure: no store, no clock, no network; the flow that re-reads
// the listing (backend/orders) calls it and records what it returns.
//
// One rule runs through it (default-deny): a figure missing on either side,
// or not comparable between the weeks (another currency, another source of
// comparables, a part of a list where the other week had the whole), is
// never a change. A change the host is told of is one the two reads show.
package watch

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/report"
)

// ScoreMove is how many points the listing score or a section's score
// must move for the host to be told: smaller moves are the ordinary
// wobble of a re-read, not news.
const ScoreMove = 5

// MedianMove is how much, in percent, the comparables' median nightly
// price must move for the host to be told.
const MedianMove = 5.0

// Price bands are thirds of the comparables' prices, by the listing's
// percentile among them, which the report keeps to one decimal: below
// 33.3 the bottom third, below 66.7 the middle third, else the top third.
const (
	bandLowBelow    = 33.3 // below: bottom third
	bandMiddleBelow = 66.7 // below: middle third; else top third
)

// Band is the third of the comparables' prices a price percentile (0–100)
// falls in ("" for none).
func Band(percentile *float64) string {
	switch {
	case percentile == nil || math.IsNaN(*percentile):
		return ""
	case *percentile < bandLowBelow:
		return domain.BandLow
	case *percentile < bandMiddleBelow:
		return domain.BandMiddle
	default:
		return domain.BandHigh
	}
}

// Facts are the figures and texts of report r that the next week is
// compared with. A part the report read only in part (a description
// preview, a lazy gallery, Booking.com's "most popular facilities") is left
// out: a part set against the whole would read as a change the host never
// made.
func Facts(r *report.Result) domain.WatchFacts {
	var f domain.WatchFacts
	if r == nil {
		return f
	}
	if r.OverallScore != nil {
		s := *r.OverallScore
		f.Score = &s
	}
	for _, w := range analysis.SectionWeights {
		if s := r.SectionScores.Get(w.Key); s != nil {
			if f.Sections == nil {
				f.Sections = map[string]int{}
			}
			f.Sections[w.Key] = *s
		}
	}
	for _, a := range r.Actions {
		if a.Priority == analysis.High && a.Finding != "" && !slices.Contains(f.High, a.Finding) {
			f.High = append(f.High, a.Finding)
		}
	}
	f.Title = strings.TrimSpace(r.OriginalTitle)
	if !r.DescriptionAnalysis.NotAssessed {
		f.Description = strings.TrimSpace(r.OriginalDescription)
		if f.Description != "" {
			f.Words = len(strings.Fields(f.Description))
		}
	}
	if !partial(r, "photos") {
		f.Photos = slices.Clone(r.ImageURLs)
	}
	if !partial(r, "amenities") {
		f.Amenities = slices.Clone(r.Amenities)
	}

	// The listing's price and the comparables' median, in one currency.
	pa := r.PricingAnalysis
	if pa.Price != nil && *pa.Price > 0 {
		p := *pa.Price
		f.Price = &p
	}
	f.Currency = strings.ToUpper(strings.TrimSpace(pa.Currency))
	percentile := pa.Percentile
	if ma := r.MarketAnalysisData; ma != nil && ma.Available {
		f.ComparablesSource = ma.Source
		mcur := strings.ToUpper(strings.TrimSpace(ma.Currency))
		if ma.PriceP50 > 0 && (f.Currency == "" || mcur == f.Currency) {
			m := ma.PriceP50
			f.Median = &m
			if f.Currency == "" {
				f.Currency = mcur
			}
		}
		if percentile == nil {
			percentile = ma.PricePercentile
		}
		for _, c := range ma.List {
			if c.URL != "" {
				f.Comparables = append(f.Comparables, c.URL)
			}
		}
	}
	if f.Median == nil && pa.P50 != nil && *pa.P50 > 0 {
		m := *pa.P50
		f.Median = &m
	}
	if f.Median != nil {
		f.PriceCount = pa.Comparables
	}
	if f.Price != nil {
		f.Band = Band(percentile)
	}

	ra := r.ReviewAnalysis
	f.ReviewCount = ra.ReviewCount
	f.ReviewTexts = ra.Texts
	f.Complaints = slices.Clone(ra.Complaints)
	return f
}

// partial reports whether the report's reading of the listing says fact
// key was read only in part.
func partial(r *report.Result, key string) bool {
	if r.Listing == nil {
		return false
	}
	for _, f := range r.Listing.Facts {
		if f.Key == key {
			return f.Status == report.FactPartial
		}
	}
	return false
}

// Week is ISO week week's check, made at at: the week's figures from cur,
// and what changed since prev (the last week read; nil on the first week,
// which has figures only). Notice and Mail are the store's to set
// (store.WatchWeekRecorded).
func Week(week string, at time.Time, prev *domain.WatchFacts, cur domain.WatchFacts) domain.WatchWeek {
	w := domain.WatchWeek{Week: week, CheckedAt: at, Currency: cur.Currency, Band: cur.Band}
	if cur.Score != nil {
		s := *cur.Score
		w.Score = &s
	}
	if cur.Price != nil {
		p := *cur.Price
		w.Price = &p
	}
	if cur.Median != nil {
		m := *cur.Median
		w.MarketMedian = &m
		w.Comparables = cur.PriceCount
	}
	if prev != nil {
		w.Changes = Changes(*prev, cur)
	}
	return w
}

// Changes are what changed from prev to cur that the host is told of, in
// the order the e-mail lists them: the listing's scores and findings, what
// the host changed on the page, then the market and the reviews.
func Changes(prev, cur domain.WatchFacts) []domain.WatchChange {
	var out []domain.WatchChange
	add := func(c domain.WatchChange, ok bool) {
		if ok {
			out = append(out, c)
		}
	}
	add(scoreChange(prev.Score, cur.Score))
	for _, s := range analysis.SectionWeights {
		add(sectionChange(s.Key, prev.Sections, cur.Sections))
	}
	out = append(out, findingChanges(prev.High, cur.High)...)
	add(titleChange(prev.Title, cur.Title))
	add(descriptionChange(prev, cur))
	add(photoChange(prev.Photos, cur.Photos))
	add(amenityChange(prev.Amenities, cur.Amenities))
	add(priceChange(prev, cur))
	sameSource := prev.ComparablesSource == cur.ComparablesSource
	if sameSource {
		// Figures from another source of comparables (a snapshot one week,
		// today's search the next) differ by their source, not by the
		// market: they are not set against each other.
		add(medianChange(prev, cur))
		add(comparablesChange(prev.Comparables, cur.Comparables))
	}
	if sameSource && samePrice(prev, cur) {
		add(bandChange(prev.Band, cur.Band))
	}
	add(reviewChange(prev, cur))
	return out
}

func scoreChange(prev, cur *int) (domain.WatchChange, bool) {
	if prev == nil || cur == nil || abs(*cur-*prev) < ScoreMove {
		return domain.WatchChange{}, false
	}
	return domain.WatchChange{Kind: domain.ChangeScore,
		What:   fmt.Sprintf("Your %s %s from %d to %d.", strings.ToLower(analysis.ListingScoreName), rose(*cur > *prev), *prev, *cur),
		Before: fmt.Sprintf("%d/100", *prev), After: fmt.Sprintf("%d/100", *cur)}, true
}

func sectionChange(key string, prev, cur map[string]int) (domain.WatchChange, bool) {
	p, okp := prev[key]
	c, okc := cur[key]
	if !okp || !okc || abs(c-p) < ScoreMove {
		return domain.WatchChange{}, false
	}
	return domain.WatchChange{Kind: domain.ChangeSection,
		What:   fmt.Sprintf("Your %s score %s from %d to %d.", analysis.ScoreName(key), rose(c > p), p, c),
		Before: fmt.Sprintf("%d/100", p), After: fmt.Sprintf("%d/100", c)}, true
}

func rose(up bool) string {
	if up {
		return "rose"
	}
	return "fell"
}

// digits are the figures inside a finding's words.
var digits = regexp.MustCompile(`[0-9][0-9.,]*`)

// findingKey is what makes two weeks' findings the same finding: their
// words with the figures taken out, so "Only 12 of your photos…" one week
// and "Only 11 of your photos…" the next is the same finding still open,
// not one resolved and one new.
func findingKey(s string) string {
	return strings.Join(strings.Fields(digits.ReplaceAllString(strings.ToLower(s), "#")), " ")
}

// findingChanges are the high-priority findings new this week, then those
// gone since last week.
func findingChanges(prev, cur []string) []domain.WatchChange {
	had, has := map[string]bool{}, map[string]bool{}
	for _, s := range prev {
		had[findingKey(s)] = true
	}
	for _, s := range cur {
		has[findingKey(s)] = true
	}
	var out []domain.WatchChange
	for _, s := range cur {
		if !had[findingKey(s)] {
			out = append(out, domain.WatchChange{Kind: domain.ChangeFindingNew,
				What: "The report has a new high-priority finding.", After: s})
		}
	}
	for _, s := range prev {
		if !has[findingKey(s)] {
			out = append(out, domain.WatchChange{Kind: domain.ChangeFindingResolved,
				What: "A high-priority finding from last week no longer applies.", Before: s})
		}
	}
	return out
}

func titleChange(prev, cur string) (domain.WatchChange, bool) {
	if prev == "" || cur == "" || collapse(prev) == collapse(cur) {
		return domain.WatchChange{}, false
	}
	return domain.WatchChange{Kind: domain.ChangeTitle, What: "The title on your listing page changed.",
		Before: prev, After: cur}, true
}

func descriptionChange(prev, cur domain.WatchFacts) (domain.WatchChange, bool) {
	if prev.Description == "" || cur.Description == "" || collapse(prev.Description) == collapse(cur.Description) {
		return domain.WatchChange{}, false
	}
	before, after := numfmt.Plural(prev.Words, "word", "words"), numfmt.Plural(cur.Words, "word", "words")
	what := fmt.Sprintf("The description on your listing page changed, from %s to %s.", before, after)
	if prev.Words == cur.Words {
		what = fmt.Sprintf("The description on your listing page was reworded; it is still %s long.", after)
	}
	return domain.WatchChange{Kind: domain.ChangeDescription, What: what, Before: before, After: after}, true
}

// photoKey is what makes two reads' photo the same photo: its address
// without the query, which sites use for the size they serve.
func photoKey(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return strings.ToLower(p.Host) + p.EscapedPath()
	}
	return u
}

func photoChange(prev, cur []string) (domain.WatchChange, bool) {
	if len(prev) == 0 || len(cur) == 0 {
		return domain.WatchChange{}, false
	}
	before := numfmt.Plural(len(prev), "photo", "photos")
	if len(prev) != len(cur) {
		after := numfmt.Plural(len(cur), "photo", "photos")
		return domain.WatchChange{Kind: domain.ChangePhotos,
			What:   fmt.Sprintf("Your listing now shows %s; last week it showed %s.", after, before),
			Before: before, After: after}, true
	}
	had := map[string]bool{}
	for _, u := range prev {
		had[photoKey(u)] = true
	}
	replaced := 0
	for _, u := range cur {
		if !had[photoKey(u)] {
			replaced++
		}
	}
	if replaced == 0 {
		return domain.WatchChange{}, false
	}
	what := fmt.Sprintf("%d photos of your listing were replaced with new ones.", replaced)
	if replaced == 1 {
		what = "1 photo of your listing was replaced with a new one."
	}
	return domain.WatchChange{Kind: domain.ChangePhotos, What: what,
		Before: before, After: fmt.Sprintf("%s, %d replaced", numfmt.Plural(len(cur), "photo", "photos"), replaced)}, true
}

func amenityChange(prev, cur []string) (domain.WatchChange, bool) {
	if len(prev) == 0 || len(cur) == 0 {
		return domain.WatchChange{}, false
	}
	added, removed := diff(prev, cur, func(s string) string { return collapse(prose.Fold(s)) })
	if len(added) == 0 && len(removed) == 0 {
		return domain.WatchChange{}, false
	}
	var parts []string
	if len(added) > 0 {
		parts = append(parts, "added "+strings.Join(added, ", "))
	}
	if len(removed) > 0 {
		parts = append(parts, "removed "+strings.Join(removed, ", "))
	}
	return domain.WatchChange{Kind: domain.ChangeAmenities,
		What:   "Amenities on your listing page changed: " + strings.Join(parts, "; ") + ".",
		Before: numfmt.Plural(len(prev), "amenity", "amenities"), After: numfmt.Plural(len(cur), "amenity", "amenities")}, true
}

// samePrice reports whether the two weeks' prices are one currency's, so
// they can be set against each other.
func samePrice(prev, cur domain.WatchFacts) bool {
	return prev.Currency == cur.Currency
}

func priceChange(prev, cur domain.WatchFacts) (domain.WatchChange, bool) {
	if prev.Price == nil || cur.Price == nil || !samePrice(prev, cur) {
		return domain.WatchChange{}, false
	}
	// Compared as the host reads them: a move the whole figures do not
	// show (cents) would be told as "$120 to $120".
	before, after := numfmt.Money(*prev.Price, prev.Currency), numfmt.Money(*cur.Price, cur.Currency)
	if before == after {
		return domain.WatchChange{}, false
	}
	return domain.WatchChange{Kind: domain.ChangePrice,
		What:   fmt.Sprintf("Your nightly price %s from %s to %s.", rose(*cur.Price > *prev.Price), before, after),
		Before: before, After: after}, true
}

func medianChange(prev, cur domain.WatchFacts) (domain.WatchChange, bool) {
	if prev.Median == nil || cur.Median == nil || *prev.Median <= 0 || !samePrice(prev, cur) {
		return domain.WatchChange{}, false
	}
	move := (*cur.Median - *prev.Median) / *prev.Median * 100
	if math.Abs(move) < MedianMove {
		return domain.WatchChange{}, false
	}
	before, after := numfmt.Money(*prev.Median, prev.Currency), numfmt.Money(*cur.Median, cur.Currency)
	return domain.WatchChange{Kind: domain.ChangeMarketMedian,
		What: fmt.Sprintf("The median nightly price of comparable listings %s %.0f%%, from %s to %s.",
			rose(move > 0), math.Abs(move), before, after),
		Before: before, After: after}, true
}

func bandChange(prev, cur string) (domain.WatchChange, bool) {
	if prev == "" || cur == "" || prev == cur {
		return domain.WatchChange{}, false
	}
	return domain.WatchChange{Kind: domain.ChangeBand,
		What:   fmt.Sprintf("Your nightly price moved from the %s to the %s of comparable listings' prices.", prev, cur),
		Before: prev, After: cur}, true
}

// comparablesChange says how many comparables appeared among those the
// report lists and how many left, with their addresses as the evidence.
func comparablesChange(prev, cur []string) (domain.WatchChange, bool) {
	if len(prev) == 0 || len(cur) == 0 {
		return domain.WatchChange{}, false
	}
	appeared, left := diff(prev, cur, func(s string) string { return s })
	if len(appeared) == 0 && len(left) == 0 {
		return domain.WatchChange{}, false
	}
	var what string
	switch {
	case len(left) == 0:
		what = fmt.Sprintf("%s appeared among the comparable listings near yours.", numfmt.Plural(len(appeared), "new listing", "new listings"))
	case len(appeared) == 0:
		what = fmt.Sprintf("%s no longer among the comparable listings near yours.", numfmt.Plural(len(left), "listing is", "listings are"))
	default:
		what = fmt.Sprintf("%s appeared among the comparable listings near yours, and %d left them.",
			numfmt.Plural(len(appeared), "new listing", "new listings"), len(left))
	}
	return domain.WatchChange{Kind: domain.ChangeComparables, What: what, Before: listed(left), After: listed(appeared)}, true
}

// maxListed is how many addresses a change's evidence lists.
const maxListed = 5

// listed is up to maxListed addresses, then how many more.
func listed(urls []string) string {
	if len(urls) <= maxListed {
		return strings.Join(urls, " ")
	}
	return strings.Join(urls[:maxListed], " ") + fmt.Sprintf(" and %d more", len(urls)-maxListed)
}

// reviewChange: new reviews came in (the count rose) and a theme is now
// a repeated complaint that was not one before. Both weeks must have read
// review texts: a complaint cannot be new against a week that read none.
func reviewChange(prev, cur domain.WatchFacts) (domain.WatchChange, bool) {
	if prev.ReviewCount <= 0 || cur.ReviewCount <= prev.ReviewCount || prev.ReviewTexts <= 0 || cur.ReviewTexts <= 0 {
		return domain.WatchChange{}, false
	}
	fresh, _ := diff(prev.Complaints, cur.Complaints, func(s string) string { return s })
	if len(fresh) == 0 {
		return domain.WatchChange{}, false
	}
	newReviews := cur.ReviewCount - prev.ReviewCount
	return domain.WatchChange{Kind: domain.ChangeReviews,
		What: fmt.Sprintf("Your listing has %s, and guests now repeatedly complain about %s.",
			numfmt.Plural(newReviews, "new review", "new reviews"), andList(fresh)),
		Before: numfmt.Plural(prev.ReviewCount, "review", "reviews"),
		After:  numfmt.Plural(cur.ReviewCount, "review", "reviews") + "; repeated complaints: " + strings.Join(cur.Complaints, ", ")}, true
}

// diff are the items of cur not in prev (added) and of prev not in cur
// (removed), in their lists' order, matched by key.
func diff(prev, cur []string, key func(string) string) (added, removed []string) {
	had, has := map[string]bool{}, map[string]bool{}
	for _, s := range prev {
		had[key(s)] = true
	}
	for _, s := range cur {
		has[key(s)] = true
	}
	seen := map[string]bool{}
	for _, s := range cur {
		if k := key(s); !had[k] && !seen[k] {
			seen[k] = true
			added = append(added, s)
		}
	}
	for _, s := range prev {
		if k := key(s); !has[k] && !seen[k] {
			seen[k] = true
			removed = append(removed, s)
		}
	}
	return added, removed
}

// andList is "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// collapse is s with its runs of spaces as one: a re-read that only
// spaces a text differently has not changed it.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

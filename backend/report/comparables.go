package report

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// MaxListed is how many comparables the report lists (the nearest); the
// figures use them all.
const MaxListed = 50

// comparableList is the nearest MaxListed comparables as the report lists
// them. Snapshot comparables are Airbnb listings too: their link is built
// from the id.
func comparableList(c *market.Comparables) []Comparable {
	out := make([]Comparable, 0, min(len(c.Listings), MaxListed))
	for _, x := range c.Listings[:min(len(c.Listings), MaxListed)] {
		url := x.URL
		if url == "" && x.ID != "" {
			url = "https://www.airbnb.com/rooms/" + x.ID
		}
		badges := append([]string{}, x.Badges...)
		if x.Superhost && !contains(badges, "Superhost") && !x.GuestFavorite {
			badges = append(badges, "Superhost")
		}
		var beds *int
		if x.Bedrooms >= 0 {
			beds = &x.Bedrooms
		}
		out = append(out, Comparable{Title: x.Name, URL: url, DistanceKm: numfmt.Round2(x.DistanceKm), Bedrooms: beds,
			Price: numfmt.Round2(x.Price), Rating: numfmt.Round2(x.Rating), ReviewCount: x.ReviewCount, Badges: badges})
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// shownFigures are the comparables' ratings and review counts, from those
// of the comparables that show one.
type shownFigures struct {
	ratings, reviews []float64
	comparables      int
}

// ratingDistributions spreads the comparables' ratings and review counts
// and places the listing among them, with explanations.
func ratingDistributions(l *listing.Listing, f shownFigures) (*analysis.Distribution, *analysis.Distribution) {
	ratings, reviews, comparables := f.ratings, f.reviews, f.comparables
	var ownRating, ownReviews *float64
	sameSite := analysis.SameSiteAsMarket(l)
	if r := analysis.RatingOutOf5(l); r > 0 && sameSite {
		v := numfmt.Round2(r)
		ownRating = &v
	}
	if (l.ReviewCount > 0 || l.Has(listing.FieldReviewCount)) && sameSite {
		v := float64(l.ReviewCount)
		ownReviews = &v
	}
	// Why the listing is not placed: another site's guests and scale, or
	// nothing read.
	notPlaced := func(one string) string {
		if !sameSite {
			return fmt.Sprintf(" This listing's %s is on %s, and the comparables' are from another site (other guests, another scale), so it is not placed among them.", one, l.Platform.Name())
		}
		return fmt.Sprintf(" The listing page showed no %s, so it is not placed among them.", one)
	}
	rd := analysis.Distribute(ratings, ownRating)
	if rd != nil {
		rd.Explanation = spreadWords{what: "ratings (out of 5)", one: "rating", format: func(v float64) string { return fmt.Sprintf("%.2f", v) },
			notPlaced: notPlaced}.explain(rd, comparables)
	}
	vd := analysis.Distribute(reviews, ownReviews)
	if vd != nil {
		vd.Explanation = spreadWords{what: "review counts", one: "review count", format: func(v float64) string { return plural(int(math.Round(v)), "review", "reviews") },
			notPlaced: notPlaced}.explain(vd, comparables)
	}
	return rd, vd
}

// spreadWords are how a spread of the comparables' figures is named (what,
// one of them), its figures written, and why the listing is not placed.
type spreadWords struct {
	what, one string
	format    func(float64) string
	notPlaced func(string) string
}

// explain says where the spread's quartiles come from and where the
// listing falls among them.
func (w spreadWords) explain(d *analysis.Distribution, comparables int) string {
	what, one, format, notPlaced := w.what, w.one, w.format, w.notPlaced
	s := fmt.Sprintf("The %s of the %d of %d comparable listings that show one: 25th percentile %s, median %s, 75th percentile %s.",
		what, d.Comparables, comparables, format(d.P25), format(d.P50), format(d.P75))
	if d.Listing != nil {
		s += fmt.Sprintf(" This listing's %s, %s, is at the %s percentile of them, %s their middle half.",
			one, format(*d.Listing), analysis.Ordinal(*d.ListingPercentile), d.Position)
	} else {
		s += notPlaced(one)
	}
	return s
}

// MinTitlePatternShare is how many of the best-rated comparables' titles
// must use a word for it to be a pattern.
const MinTitlePatternShare = 0.3

// MinTitlePatternUses is how many best-rated titles must use a word: two
// titles sharing a word is not a pattern.
const MinTitlePatternUses = 3

// titleStopWords are words every title language uses that say nothing.
var titleStopWords = map[string]bool{"the": true, "and": true, "with": true, "for": true, "near": true, "from": true,
	"in": true, "of": true, "to": true, "a": true, "an": true, "at": true, "by": true, "on": true,
	// Size words say how big a place is, which comparables match on anyway.
	"bedroom": true, "bedrooms": true, "room": true, "rooms": true, "bed": true, "beds": true}

// titlePatterns finds the words the best-rated quarter of comparables
// (rating with at least 5 reviews, top quartile) use in their titles more
// than the rest do, at most 6, most shared first. It needs MinComparables
// rated comparables; otherwise there are none.
func titlePatterns(comps []market.Listing, own string) []TitlePattern {
	var rated []int
	var vals []float64
	for i, c := range comps {
		if c.Rating > 0 && c.ReviewCount >= 5 && strings.TrimSpace(c.Name) != "" {
			rated = append(rated, i)
			vals = append(vals, c.Rating)
		}
	}
	out := []TitlePattern{}
	if len(rated) < analysis.MinComparables {
		return out
	}
	q3, _ := analysis.Quantile(vals, 0.75)
	var best, rest []map[string]bool
	for _, i := range rated {
		words := titleWords(comps[i].Name)
		if comps[i].Rating >= q3 {
			best = append(best, words)
		} else {
			rest = append(rest, words)
		}
	}
	count := map[string]int{}
	for _, w := range best {
		for k := range w {
			count[k]++
		}
	}
	ownWords := titleWords(own)
	share := func(set []map[string]bool, w string) float64 {
		if len(set) == 0 {
			return 0
		}
		n := 0
		for _, s := range set {
			if s[w] {
				n++
			}
		}
		return numfmt.Round2(float64(n) / float64(len(set)))
	}
	for w, n := range count {
		sb := numfmt.Round2(float64(n) / float64(len(best)))
		sr := share(rest, w)
		if n < MinTitlePatternUses || sb < MinTitlePatternShare || sb <= sr {
			continue
		}
		out = append(out, TitlePattern{Word: w, ShareBest: sb, ShareRest: sr, InListing: ownWords[w]})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ShareBest != out[j].ShareBest {
			return out[i].ShareBest > out[j].ShareBest
		}
		return out[i].Word < out[j].Word
	})
	return out[:min(len(out), 6)]
}

// titleWords are a title's words in lower case, without stop words,
// numbers or one- and two-letter words.
func titleWords(title string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		w = strings.Trim(w, "-")
		if len([]rune(w)) < 3 || titleStopWords[w] {
			continue
		}
		out[w] = true
	}
	return out
}

// todayPrices is the price band of today's search beside a snapshot, or
// nil without one (or with fewer than MinComparables prices).
func todayPrices(c *market.Comparables) *TodayPrices {
	if c == nil {
		return nil
	}
	var prices []float64
	for _, x := range c.Listings {
		if x.Price > 0 {
			prices = append(prices, x.Price)
		}
	}
	if len(prices) < analysis.MinComparables {
		return nil
	}
	t := &TodayPrices{SearchedOn: c.Snapshot, StayCheckin: c.StayCheckin, StayCheckout: c.StayCheckout, Comparables: len(prices),
		Currency: c.Currency}
	t.P25, t.P50, t.P75 = analysis.PriceQuartiles(prices) // whole units, as every price band is
	t.Explanation = fmt.Sprintf("Today's prices: %d listings like this one within %s km in %s's search on %s show %s–%s a night for a %s stay from %s (median %s). "+
		"The snapshot's figures above are its history; these are what guests see now.",
		len(prices), trim(c.RadiusKm), searchSite(c.Market), analysis.LongDate(c.Snapshot), numfmt.Money(t.P25, t.Currency), numfmt.Money(t.P75, t.Currency), stayNights(c), analysis.LongDate(c.StayCheckin), numfmt.Money(t.P50, t.Currency))
	return t
}

// Summary is the market analysis in one sentence, for the e-mail: what
// the listing was compared with, from where and when, and the typical
// nightly price; or why it was not compared. "" for Basic (no analysis).
func (m *MarketAnalysis) Summary() string {
	if m == nil {
		return ""
	}
	if !m.Available {
		return m.Note
	}
	s := fmt.Sprintf("compared with %s in Inside Airbnb's %s snapshot of %s", plural(m.Comparables, "comparable listing", "comparable listings"), m.Market, analysis.LongDate(m.Snapshot))
	if m.Source == market.SourceLive {
		s = fmt.Sprintf("compared with %s like yours nearby, in %s's search on %s", plural(m.Comparables, "listing", "listings"), searchSite(m.Market), analysis.LongDate(m.Snapshot))
	}
	if m.PriceP25 > 0 && m.PriceP75 > 0 {
		s += fmt.Sprintf("; they typically charge %s–%s a night", numfmt.Money(m.PriceP25, m.Currency), numfmt.Money(m.PriceP75, m.Currency))
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

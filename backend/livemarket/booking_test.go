package livemarket_test

import (
	"bytes"
	"errors"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/market"
)

// The visible card text of a saved search page, read apart from the parser
// (the rendered DOM's data-testid markers), to check it against.
var (
	domTitle   = regexp.MustCompile(`data-testid="title"[^>]*>([^<]*)<`)
	domPrice   = regexp.MustCompile(`data-testid="price-and-discounted-price"[^>]*>([^<]*)<`)
	domNights  = regexp.MustCompile(`data-testid="price-for-x-nights"[^>]*>([^<]*)<`)
	domScore   = regexp.MustCompile(`data-testid="review-score"[^>]*>\s*<div[^>]*>\s*Scored ([0-9.]+)`)
	tagRE      = regexp.MustCompile(`<[^>]*>`)
	bedroomsRE = regexp.MustCompile(`•\s*(\d+)\s+bedrooms?\b`)
)

// symbols are the currency signs the saved pages show, by ISO code.
var symbols = map[string]string{"ILS": "₪", "EUR": "€"}

// TestBookingSearchRealPages: the two real Booking.com search pages
// (../shared/real-pages/booking-search) each give 25 comparables, every
// card's name, stay price with its currency and dates, rating on /10,
// reviews, position and type as the page shows them. The truth for one card
// per page was read by hand from the page; the rest is checked against the
// page's visible card text.
//
// The pages were fetched from Israel (their search state: visitorCountry
// "il"), so the cards SHOW shekels (₪); each card's data also states the
// property's own price in euros ("amountPerStayHotelCurr", "€ 324.11"),
// and that euro figure is what the comparables use: Booking.com's own
// number, no conversion made here.
func TestBookingSearchRealPages(t *testing.T) {
	type card struct {
		i                        int
		name, typ, dist          string
		rating                   float64
		reviews, bedrooms        int
		lat, lng                 float64
		shown, own               string
		shownPrice, ownPrice     float64
		nightlyOwn, distanceKmLo float64
	}
	for _, tc := range []struct {
		file                string
		checkin, checkout   string
		lat, lng            float64
		total               int
		card                card
		scored, hotels, eur int
	}{
		{file: "booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html",
			checkin: "2026-09-17", checkout: "2026-09-19", lat: 43.7102, lng: 7.262, total: 5944,
			card: card{i: 0, name: "Elegant Riviera Studio in Central Nice", typ: "Entire apartment", dist: "4.8 m from map center",
				rating: 10, reviews: 1, bedrooms: 1, lat: 43.7101728, lng: 7.2619532,
				shown: "₪ 1,108.71", own: "€ 324.11", shownPrice: 1108.71, ownPrice: 324.11, nightlyOwn: 162.06}},
		{file: "booking-search/booking-2026-listingproof-searchresults-fr-paris-latlong-dated.tab.html",
			checkin: "2026-09-10", checkout: "2026-09-12", lat: 48.8566, lng: 2.3522, total: 8234,
			card: card{i: 1, name: "Bluestay 123 - Superb apartment in Paris", typ: "Entire apartment", dist: "150 m from map center",
				rating: 7.3, reviews: 16, bedrooms: 2, lat: 48.8576142, lng: 2.3505625,
				shown: "₪ 5,027.89", own: "€ 1,469.82", shownPrice: 5027.89, ownPrice: 1469.82, nightlyOwn: 734.91, distanceKmLo: 0.1}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			page := listingtest.RealPage(t, tc.file)
			s, err := livemarket.ParseBookingSearch(page)
			if err != nil {
				t.Fatal(err)
			}
			if s.Checkin != tc.checkin || s.Checkout != tc.checkout || s.Nights != 2 || s.Adults != 2 || s.Lat != tc.lat || s.Lng != tc.lng || s.Total != tc.total {
				t.Errorf("search: %s–%s (%d nights, %d adults) around %v,%v of %d; want %s–%s, 2 nights, 2 adults, %v,%v of %d",
					s.Checkin, s.Checkout, s.Nights, s.Adults, s.Lat, s.Lng, s.Total, tc.checkin, tc.checkout, tc.lat, tc.lng, tc.total)
			}
			if len(s.Cards) != 25 {
				t.Fatalf("%d cards, want the page's 25", len(s.Cards))
			}
			// One card, read by hand.
			w, g := tc.card, s.Cards[tc.card.i]
			if g.Name != w.name || g.PropertyType != w.typ || g.DistanceText != w.dist || g.Rating != w.rating || g.ReviewCount != w.reviews ||
				g.Bedrooms != w.bedrooms || g.Lat != w.lat || g.Lng != w.lng || g.ShownText != w.shown || g.OwnText != w.own ||
				g.ShownCurr != "ILS" || g.OwnCurr != "EUR" || math.Abs(g.ShownPrice-w.shownPrice) > 0.01 || math.Abs(g.OwnPrice-w.ownPrice) > 0.01 ||
				!strings.HasPrefix(g.URL, "https://www.booking.com/hotel/fr/") {
				t.Errorf("card %d read as %+v\nwant %+v", w.i, g, w)
			}
			// Every card against the page's visible text: its title, the
			// shown price with its currency sign, the nights it is for.
			titles, prices, nights := domTitle.FindAllSubmatch(page, -1), domPrice.FindAllSubmatch(page, -1), domNights.FindAllSubmatch(page, -1)
			if len(titles) != 25 || len(prices) != 25 || len(nights) != 25 {
				t.Fatalf("the page shows %d titles, %d prices, %d 'x nights'; want 25 each", len(titles), len(prices), len(nights))
			}
			for i, c := range s.Cards {
				if want := html.UnescapeString(string(titles[i][1])); c.Name != want {
					t.Errorf("card %d: name %q, the page shows %q", i, c.Name, want)
				}
				shown := strings.ReplaceAll(html.UnescapeString(string(prices[i][1])), "\u00a0", " ")
				sym, amount, _ := strings.Cut(shown, " ")
				n, err := strconv.ParseFloat(strings.ReplaceAll(amount, ",", ""), 64)
				if err != nil || symbols[c.ShownCurr] != sym || math.Round(c.ShownPrice) != n {
					t.Errorf("card %d: %v %s, the page shows %q", i, c.ShownPrice, c.ShownCurr, shown)
				}
				if !strings.HasPrefix(string(nights[i][1]), "2 nights") {
					t.Errorf("card %d: the page says %q, the stay read has %d nights", i, nights[i][1], s.Nights)
				}
				if c.OwnCurr != "EUR" || c.OwnPrice <= 0 || !strings.HasPrefix(c.OwnText, "€ ") {
					t.Errorf("card %d (%s): own price %v %s %q, want euros", i, c.Name, c.OwnPrice, c.OwnCurr, c.OwnText)
				}
				if c.Rating < 0 || c.Rating > 10 || (c.Rating > 0) != (c.ReviewCount > 0) || c.PropertyType == "" || c.Lat == 0 || c.DistanceText == "" {
					t.Errorf("card %d (%s): rating %v from %d reviews, type %q, at %v,%v %q", i, c.Name, c.Rating, c.ReviewCount, c.PropertyType, c.Lat, c.Lng, c.DistanceText)
				}
			}
			// Bedrooms: what each whole place's card says ("• 2 bedrooms").
			// A card may also name a larger unit ("Three-Bedroom Apartment"
			// over "1 bedroom"): the count line is what is read.
			cards := bytes.Split(page, []byte(`data-testid="property-card" `))[1:]
			if len(cards) != 25 {
				t.Fatalf("%d card blocks in the page", len(cards))
			}
			for i, c := range s.Cards {
				text := tagRE.ReplaceAllString(string(cards[i]), " ")
				m := bedroomsRE.FindStringSubmatch(text)
				switch {
				case c.Bedrooms > 0 && (m == nil || m[1] != strconv.Itoa(c.Bedrooms)):
					t.Errorf("card %d (%s): %d bedrooms, the card says %q", i, c.Name, c.Bedrooms, m)
				case c.Bedrooms <= 0 && m != nil:
					t.Errorf("card %d (%s): %d bedrooms, the card says %q", i, c.Name, c.Bedrooms, m[0])
				}
			}
			// Ratings: as many as the page shows scores.
			rated := 0
			for _, c := range s.Cards {
				if c.Rating > 0 {
					rated++
				}
			}
			if scores := domScore.FindAllSubmatch(page, -1); len(scores) != rated {
				t.Errorf("%d cards rated, the page shows %d scores", rated, len(scores))
			}

			c := s.Comparables(now())
			if len(c.Listings) != 25 || c.Currency != "EUR" || !c.Live() || c.Market != livemarket.BookingMarketName ||
				c.StayCheckin != tc.checkin || c.StayCheckout != tc.checkout || c.Snapshot != "2026-11-25" || len(c.Missing) != 0 {
				t.Fatalf("comparables: %d in %q, %s %q, stay %s–%s on %s, missing %v", len(c.Listings), c.Currency, c.Source, c.Market, c.StayCheckin, c.StayCheckout, c.Snapshot, c.Missing)
			}
			for i, l := range c.Listings {
				if l.Currency != "EUR" || math.Abs(l.Price-s.Cards[i].OwnPrice/2) > 0.01 || l.Name != s.Cards[i].Name || l.DistanceKm > c.RadiusKm {
					t.Errorf("comparable %d: %v %s a night for %q; the card is %v EUR for 2 nights", i, l.Price, l.Currency, l.Name, s.Cards[i].OwnPrice)
				}
			}
			if l := c.Listings[w.i]; l.Price != w.nightlyOwn || l.RoomType != market.RoomEntire || l.Rating != w.rating || l.DistanceKm < w.distanceKmLo {
				t.Errorf("comparable %d: %+v", w.i, l)
			}
		})
	}
}

// TestBookingSearchUnavailable: the challenge stub Booking.com answers a
// search without its cookies, and a region page (no dated search), are
// the live market unavailable: an outcome with its reason, not zero
// comparables.
func TestBookingSearchUnavailable(t *testing.T) {
	for file, reason := range map[string]string{
		"not-listings/booking-2026-listingproof-search-challenge-202.html": "bot challenge",
		"not-listings/booking-2025-regionpage-Cesar5701.html":              "not a dated search",
	} {
		s, err := livemarket.ParseBookingSearch(listingtest.RealPage(t, file))
		var u *livemarket.UnavailableError
		if s != nil || !errors.Is(err, livemarket.ErrUnavailable) || !errors.As(err, &u) || !strings.Contains(u.Reason, reason) {
			t.Errorf("%s: %+v, %v; want live market unavailable (%s)", file, s, err, reason)
		}
	}
	if s, err := livemarket.ParseBookingSearch([]byte("<html><body>Hello</body></html>")); s != nil || !errors.Is(err, livemarket.ErrUnavailable) {
		t.Errorf("a plain page: %+v, %v", s, err)
	}
}

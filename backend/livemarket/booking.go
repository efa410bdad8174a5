package livemarket

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/market"
)

// ErrUnavailable is the live market's "unavailable" outcome: the site
// answered, but not with search results (a bot challenge, a page that is
// not a search). It is an outcome a report states ("Live market
// unavailable"), not a failure of the order, and never zero comparables.
var ErrUnavailable = errors.New("live market unavailable")

// UnavailableError says why the live market is unavailable; it is
// ErrUnavailable for errors.Is.
type UnavailableError struct{ Reason string }

func (e *UnavailableError) Error() string { return "live market unavailable: " + e.Reason }

// Is makes every UnavailableError match ErrUnavailable.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// BookingMarketName is what Booking.com search comparables are called where
// a report names the market data it used.
const BookingMarketName = "Booking.com search around the listing"

// BookingSearch is one Booking.com search-results page as read: the stay
// every card's price is for, the point searched around, and the cards in
// the page's order.
type BookingSearch struct {
	Checkin, Checkout string // YYYY-MM-DD, the stay the prices are for
	Nights            int
	Adults            int
	Lat, Lng          float64 // the point searched around (0, 0 when not a lat/long search)
	Total             int     // properties the site says match, over all pages
	Cards             []BookingCard
}

// BookingCard is one property card. Prices are for the whole stay
// (BookingSearch.Checkin–Checkout), taxes and fees included as the card
// says; Booking.com shows them in the visitor's currency (Shown*) and
// states the property's own price in its currency beside it (Own*). No
// conversion is made here.
type BookingCard struct {
	ID           string
	Name         string
	URL          string
	PropertyType string // "Entire apartment", "Hotel", "2 beds in dorms"…
	Bedrooms     int    // -1 when the card does not say
	Lat, Lng     float64
	DistanceText string  // as the card says it: "250 m from map center"
	DistanceKm   float64 // from the searched point, from the coordinates
	Rating       float64 // on Booking.com's 10-point scale; 0 when none shown
	ReviewCount  int
	ShownPrice   float64 // the stay's price as the card shows it
	ShownCurr    string  // ISO code, e.g. "ILS"
	ShownText    string  // "₪ 1,108.71"
	OwnPrice     float64 // the same stay in the property's currency; 0 when not stated
	OwnCurr      string  // e.g. "EUR"
	OwnText      string  // "€ 324.11"
}

var apolloScript = regexp.MustCompile(`(?s)<script[^>]*data-capla-store-data="apollo"[^>]*>(.*?)</script>`)

// ParseBookingSearch reads a Booking.com search-results page (the rendered
// DOM or the server's answer: both carry the search's Apollo state). A
// challenge stub or a page without search results is an *UnavailableError.
func ParseBookingSearch(page []byte) (*BookingSearch, error) {
	var root map[string]json.RawMessage
	for _, m := range apolloScript.FindAllSubmatch(page, -1) {
		if !bytes.Contains(m[1], []byte(`"searchQueries"`)) {
			continue
		}
		if err := json.Unmarshal(m[1], &root); err != nil {
			return nil, fmt.Errorf("booking search: the search state does not decode: %w", err)
		}
		break
	}
	if root == nil {
		return nil, &UnavailableError{Reason: notSearchReason(page)}
	}
	var rq struct {
		SearchQueries map[string]json.RawMessage `json:"searchQueries"`
	}
	if err := json.Unmarshal(root["ROOT_QUERY"], &rq); err != nil {
		return nil, fmt.Errorf("booking search: %w", err)
	}
	for key, raw := range rq.SearchQueries {
		if !strings.HasPrefix(key, "search(") {
			continue
		}
		return readSearch(key, raw, root)
	}
	return nil, &UnavailableError{Reason: "the Booking.com page holds no search results"}
}

// notSearchReason says what a page without search state is.
func notSearchReason(page []byte) string {
	lower := bytes.ToLower(page)
	for _, s := range []string{"awswafcookiedomainlist", "challenge.js", "verify that you're not a robot", "verify that you&#39;re not a robot"} {
		if bytes.Contains(lower, []byte(s)) {
			return "Booking.com answered the search with a bot challenge instead of results"
		}
	}
	return "the page is not a Booking.com search-results page"
}

type bookingPrice struct {
	Amount            string  `json:"amount"`
	AmountUnformatted float64 `json:"amountUnformatted"`
	Currency          string  `json:"currency"`
}

type bookingResult struct {
	Ref               string `json:"__ref"`
	BasicPropertyData struct {
		AccommodationTypeID int `json:"accommodationTypeId"`
		ID                  int64
		PageName            string `json:"pageName"`
		Location            struct {
			CountryCode string  `json:"countryCode"`
			Latitude    float64 `json:"latitude"`
			Longitude   float64 `json:"longitude"`
		} `json:"location"`
		Reviews struct {
			TotalScore   float64 `json:"totalScore"`
			ReviewsCount int     `json:"reviewsCount"`
			ShowScore    bool    `json:"showScore"`
		} `json:"reviews"`
	} `json:"basicPropertyData"`
	DisplayName struct {
		Text string `json:"text"`
	} `json:"displayName"`
	Location struct {
		MainDistance string `json:"mainDistance"`
	} `json:"location"`
	MatchingUnitConfigurations *struct {
		CommonConfiguration struct {
			NbBedrooms    *int `json:"nbBedrooms"`
			UnitTypeNames []struct {
				Translation string `json:"translation"`
			} `json:"unitTypeNames"`
		} `json:"commonConfiguration"`
	} `json:"matchingUnitConfigurations"`
	PriceDisplayInfoIrene *struct {
		DisplayPrice struct {
			AmountPerStay          bookingPrice `json:"amountPerStay"`
			AmountPerStayHotelCurr bookingPrice `json:"amountPerStayHotelCurr"`
		} `json:"displayPrice"`
	} `json:"priceDisplayInfoIrene"`
}

// readSearch reads one search query's answer; key is its Apollo key, which
// holds the search's input (the point, the dates).
func readSearch(key string, raw json.RawMessage, root map[string]json.RawMessage) (*BookingSearch, error) {
	var in struct {
		Input struct {
			Dates    struct{ Checkin, Checkout string } `json:"dates"`
			Location struct {
				Latitude  float64 `json:"latitude"`
				Longitude float64 `json:"longitude"`
			} `json:"location"`
			NbAdults int `json:"nbAdults"`
		} `json:"input"`
	}
	_ = json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(key, "search("), ")")), &in) // best effort: searchMeta has the dates too
	var ans struct {
		Pagination struct {
			NbResultsTotal int `json:"nbResultsTotal"`
		} `json:"pagination"`
		SearchMeta struct {
			Dates struct {
				Checkin, Checkout  string
				LengthOfStayInDays int `json:"lengthOfStayInDays"`
			} `json:"dates"`
		} `json:"searchMeta"`
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil {
		return nil, fmt.Errorf("booking search: the results do not decode: %w", err)
	}
	s := &BookingSearch{Checkin: ans.SearchMeta.Dates.Checkin, Checkout: ans.SearchMeta.Dates.Checkout,
		Nights: ans.SearchMeta.Dates.LengthOfStayInDays, Adults: in.Input.NbAdults,
		Lat: in.Input.Location.Latitude, Lng: in.Input.Location.Longitude, Total: ans.Pagination.NbResultsTotal,
		Cards: []BookingCard{}}
	if s.Checkin == "" {
		s.Checkin, s.Checkout = in.Input.Dates.Checkin, in.Input.Dates.Checkout
	}
	if s.Checkin == "" || s.Checkout == "" {
		// A region or landing page lists properties but prices no stay:
		// nothing on it can be compared with the listing's price.
		return nil, &UnavailableError{Reason: "the Booking.com page is not a dated search, so its cards show no prices for a stay"}
	}
	if s.Nights == 0 {
		a, errA := time.Parse(time.DateOnly, s.Checkin)
		b, errB := time.Parse(time.DateOnly, s.Checkout)
		if errA == nil && errB == nil {
			s.Nights = int(b.Sub(a).Hours() / 24)
		}
	}
	for _, r := range ans.Results {
		var res bookingResult
		if err := json.Unmarshal(r, &res); err != nil {
			return nil, fmt.Errorf("booking search: a result does not decode: %w", err)
		}
		if res.Ref != "" { // a normalised entry: the object is at the top level
			if err := json.Unmarshal(root[res.Ref], &res); err != nil {
				return nil, fmt.Errorf("booking search: result %s: %w", res.Ref, err)
			}
		}
		s.Cards = append(s.Cards, cardOf(res, s))
	}
	return s, nil
}

// bookingTypes names the property types Booking.com gives by id, for cards
// that name no unit type (hotels mostly).
var bookingTypes = map[int]string{201: "Apartment", 203: "Hostel", 204: "Hotel", 208: "Bed and breakfast", 219: "Aparthotel", 220: "Holiday home"}

func cardOf(r bookingResult, s *BookingSearch) BookingCard {
	b := r.BasicPropertyData
	c := BookingCard{ID: strconv.FormatInt(b.ID, 10), Name: strings.TrimSpace(r.DisplayName.Text),
		Lat: b.Location.Latitude, Lng: b.Location.Longitude, DistanceText: r.Location.MainDistance,
		ReviewCount: b.Reviews.ReviewsCount, Bedrooms: -1, PropertyType: bookingTypes[b.AccommodationTypeID]}
	if b.PageName != "" && b.Location.CountryCode != "" {
		c.URL = "https://www.booking.com/hotel/" + b.Location.CountryCode + "/" + b.PageName + ".html"
	}
	if b.Reviews.ReviewsCount > 0 && b.Reviews.TotalScore > 0 {
		c.Rating = b.Reviews.TotalScore
	}
	if u := r.MatchingUnitConfigurations; u != nil {
		if n := u.CommonConfiguration.UnitTypeNames; len(n) > 0 && n[0].Translation != "" {
			c.PropertyType = n[0].Translation
		}
		if nb := u.CommonConfiguration.NbBedrooms; nb != nil && strings.HasPrefix(c.PropertyType, "Entire") {
			c.Bedrooms = *nb
		}
	}
	if p := r.PriceDisplayInfoIrene; p != nil {
		shown, own := p.DisplayPrice.AmountPerStay, p.DisplayPrice.AmountPerStayHotelCurr
		c.ShownPrice, c.ShownCurr, c.ShownText = shown.AmountUnformatted, shown.Currency, tidy(shown.Amount)
		c.OwnPrice, c.OwnCurr, c.OwnText = own.AmountUnformatted, own.Currency, tidy(own.Amount)
	}
	if (s.Lat != 0 || s.Lng != 0) && (c.Lat != 0 || c.Lng != 0) {
		c.DistanceKm = math.Round(market.DistanceKm(s.Lat, s.Lng, c.Lat, c.Lng)*100) / 100
	}
	return c
}

// tidy turns the no-break spaces of a formatted price into spaces.
func tidy(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ")
}

// Comparables is the page's cards as comparables, in the page's order:
// each one's nightly price is its stay price over the stay's nights, in the
// property's own currency when every priced card states one and it is the
// same for all (Booking.com's own figure, not a conversion made here),
// otherwise in the currency the cards show. Snapshot is the day the page
// was read (today).
func (s *BookingSearch) Comparables(today time.Time) *market.Comparables {
	c := &market.Comparables{Market: BookingMarketName, Snapshot: today.UTC().Format(time.DateOnly), Source: market.SourceLive,
		StayCheckin: s.Checkin, StayCheckout: s.Checkout, Listings: []market.Listing{}, Missing: []string{},
		// Booking.com has no superhosts, and its cards do not say how a
		// property is booked.
		Unstated: []string{market.StatedSuperhost, market.StatedInstantBook}}
	own := commonCurrency(s.Cards, func(b BookingCard) (float64, string) { return b.OwnPrice, b.OwnCurr })
	shown := commonCurrency(s.Cards, func(b BookingCard) (float64, string) { return b.ShownPrice, b.ShownCurr })
	c.Currency = own
	if own == "" {
		c.Currency = shown
	}
	unpriced := 0
	for _, b := range s.Cards {
		l := market.Listing{ID: b.ID, Name: b.Name, Lat: b.Lat, Lng: b.Lng, PropertyType: b.PropertyType,
			RoomType: roomTypeOf(b.PropertyType), Bedrooms: b.Bedrooms, Rating: b.Rating, ReviewCount: b.ReviewCount,
			DistanceKm: b.DistanceKm, URL: b.URL}
		switch {
		case own != "" && b.OwnCurr == own && b.OwnPrice > 0:
			l.Price, l.Currency = b.OwnPrice, own
		case own == "" && shown != "" && b.ShownCurr == shown && b.ShownPrice > 0:
			l.Price, l.Currency = b.ShownPrice, shown
		}
		if l.Price > 0 && s.Nights > 0 {
			l.Price = math.Round(l.Price/float64(s.Nights)*100) / 100
		} else {
			l.Price, l.Currency = 0, ""
			unpriced++
		}
		if l.DistanceKm > c.RadiusKm {
			c.RadiusKm = l.DistanceKm
		}
		c.Listings = append(c.Listings, l)
	}
	if c.Currency == "" && len(s.Cards) > 0 {
		c.Missing = append(c.Missing, "the cards show prices in more than one currency, so no price is compared")
	}
	if unpriced > 0 {
		c.Missing = append(c.Missing, fmt.Sprintf("%d of %d comparables showed no price for the stay, so the price band uses the others", unpriced, len(s.Cards)))
	}
	return c
}

// commonCurrency is the currency every priced card states (by get), or ""
// when one states none or two differ.
func commonCurrency(cards []BookingCard, get func(BookingCard) (float64, string)) string {
	cur := ""
	for _, b := range cards {
		p, cc := get(b)
		if p <= 0 {
			continue
		}
		if cc == "" || (cur != "" && cc != cur) {
			return ""
		}
		cur = cc
	}
	return cur
}

// roomTypeOf is the Inside Airbnb room type a card's unit type reads as;
// "" when it says neither.
func roomTypeOf(t string) string {
	l := strings.ToLower(t)
	switch {
	case strings.HasPrefix(l, "entire"):
		return market.RoomEntire
	case strings.Contains(l, "dorm"), strings.Contains(l, "shared"):
		return market.RoomShared
	case strings.Contains(l, "hotel"), strings.Contains(l, "hostel"), strings.Contains(l, "aparthotel"):
		return market.RoomHotel
	case strings.Contains(l, "private room"):
		return market.RoomPrivate
	}
	return ""
}

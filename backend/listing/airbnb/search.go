package airbnb

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// SearchQueryHash is the persisted-query hash of the web client's map
// search (StaysSearch). Like the calendar's, it rotates now and then; the
// search then fails and the report says the live comparables are missing.
const SearchQueryHash = "d4d9503616dc72ab220ed8dcf17f166816dccb2593e7b4625c91c3fce3a3b3d6"

// SearchPageSize is how many results the web client's map search gives
// per page.
const SearchPageSize = 18

// SearchRequest is one page of a map search: the box to search, a stay
// (check-in and check-out dates, YYYY-MM-DD) so results carry prices, and
// the filters the web client's own filter bar sends.
type SearchRequest struct {
	NorthEastLat, NorthEastLng float64
	SouthWestLat, SouthWestLng float64
	Checkin, Checkout          string
	Adults                     int
	MinBedrooms                int
	// RoomType is Inside Airbnb's wording ("Entire home/apt", "Private
	// room", …), which is also the search filter's value.
	RoomType string
	Cursor   string // "" for the first page
}

// SearchResult is one listing of a search answer, as its card shows it.
// Zero means "the card did not say" for the numbers.
type SearchResult struct {
	ID          string
	Name        string
	Kind        string // the card's title, e.g. "Apartment in Lisbon"
	Lat, Lng    float64
	Rating      float64 // out of 5
	ReviewCount int
	Bedrooms    int  // -1: not on the card
	Studio      bool // the card says "Studio": no separate bedroom
	// NightlyPrice is the price of one night of the requested stay, in
	// the answer's currency (the total over the stay's nights when the
	// card shows a total).
	NightlyPrice  float64
	Currency      string
	Badges        []string // "Guest favorite", "Superhost", …
	Superhost     bool
	GuestFavorite bool
}

// SearchPage is one page of results and the cursor of the next ("" at the
// end).
type SearchPage struct {
	Results    []SearchResult
	NextCursor string
}

// Search runs one page of the web client's map search. Results without an
// id or a map position are left out: they cannot be placed.
func (a *API) Search(ctx context.Context, apiKey string, r SearchRequest) (SearchPage, error) {
	param := func(name string, values ...string) map[string]any {
		return map[string]any{"filterName": name, "filterValues": values}
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
	raw := []map[string]any{
		param("adults", strconv.Itoa(max(r.Adults, 1))),
		param("cdnCacheSafe", "false"),
		param("channel", "EXPLORE"),
		param("checkin", r.Checkin),
		param("checkout", r.Checkout),
		param("datePickerType", "calendar"),
		param("itemsPerGrid", strconv.Itoa(SearchPageSize)),
		param("ne_lat", f(r.NorthEastLat)),
		param("ne_lng", f(r.NorthEastLng)),
		param("sw_lat", f(r.SouthWestLat)),
		param("sw_lng", f(r.SouthWestLng)),
		param("refinementPaths", "/homes"),
		param("search_by_map", "true"),
		param("searchType", "user_map_move"),
		param("tabId", "home_tab"),
	}
	if r.MinBedrooms > 0 {
		raw = append(raw, param("min_bedrooms", strconv.Itoa(r.MinBedrooms)))
	}
	if r.RoomType != "" {
		raw = append(raw, param("room_types", r.RoomType))
	}
	req := map[string]any{"requestedPageType": "STAYS_SEARCH", "metadataOnly": false, "searchType": "user_map_move",
		"source": "structured_search_input_header", "treatmentFlags": []string{}, "rawParams": raw}
	if r.Cursor != "" {
		req["cursor"] = r.Cursor
	}
	vars := map[string]any{"staysSearchRequest": req, "includeMapResults": false, "isLeanTreatment": false}
	var out searchAnswer
	if err := a.query(ctx, apiKey, "StaysSearch", a.searchHash, vars, &out); err != nil {
		return SearchPage{}, fmt.Errorf("airbnb search: %w", err)
	}
	res := out.Data.Presentation.StaysSearch.Results
	if res == nil {
		return SearchPage{}, errors.New("airbnb search: no results in the answer")
	}
	page := SearchPage{Results: []SearchResult{}, NextCursor: res.PaginationInfo.NextPageCursor}
	for _, sr := range res.SearchResults {
		if x, ok := sr.result(); ok {
			page.Results = append(page.Results, x)
		}
	}
	return page, nil
}

// PublicKey reads the public web API key from Airbnb's home page, for
// searches around listings on other sites (whose pages carry no key).
func (a *API) PublicKey(ctx context.Context) (string, error) {
	resp, err := a.fetch.Do(ctx, safehttp.Request{URL: a.baseURL + "/"})
	if err != nil {
		return "", fmt.Errorf("airbnb home page: %w", err)
	}
	key := APIKey(resp.Body)
	if key == "" {
		return "", errors.New("airbnb home page: no API key on the page")
	}
	return key, nil
}

// searchAnswer is the part of StaysSearch's answer we read.
type searchAnswer struct {
	Data struct {
		Presentation struct {
			StaysSearch struct {
				Results *struct {
					SearchResults  []searchCard `json:"searchResults"`
					PaginationInfo struct {
						NextPageCursor string `json:"nextPageCursor"`
					} `json:"paginationInfo"`
				} `json:"results"`
			} `json:"staysSearch"`
		} `json:"presentation"`
	} `json:"data"`
}

type localized struct {
	Text string `json:"localizedStringWithTranslationPreference"`
}

type searchCard struct {
	DemandStayListing *struct {
		ID          string `json:"id"`
		Description struct {
			Name localized `json:"name"`
		} `json:"description"`
		Location struct {
			Coordinate struct {
				Latitude  num `json:"latitude"`
				Longitude num `json:"longitude"`
			} `json:"coordinate"`
		} `json:"location"`
	} `json:"demandStayListing"`
	Title              string    `json:"title"`
	NameLocalized      localized `json:"nameLocalized"`
	AvgRatingLocalized string    `json:"avgRatingLocalized"`
	Badges             []struct {
		Text           string `json:"text"`
		LoggingContext struct {
			BadgeType string `json:"badgeType"`
		} `json:"loggingContext"`
	} `json:"badges"`
	StructuredContent struct {
		PrimaryLine []struct {
			Body string `json:"body"`
		} `json:"primaryLine"`
	} `json:"structuredContent"`
	StructuredDisplayPrice struct {
		PrimaryLine struct {
			Price              string `json:"price"`
			DiscountedPrice    string `json:"discountedPrice"`
			Qualifier          string `json:"qualifier"`
			AccessibilityLabel string `json:"accessibilityLabel"`
		} `json:"primaryLine"`
	} `json:"structuredDisplayPrice"`
}

var (
	ratingRe   = regexp.MustCompile(`^\s*([0-5](?:[.,]\d+)?)\s*\((\d[\d,.]*)\)`)
	bedroomsRe = regexp.MustCompile(`(?i)^\s*(\d+)\s+bedrooms?\b`)
	nightsRe   = regexp.MustCompile(`(?i)\bfor\s+(\d+)\s+nights?\b`)
)

// result reads one card; ok is false without an id or map position.
func (c searchCard) result() (SearchResult, bool) {
	d := c.DemandStayListing
	if d == nil {
		return SearchResult{}, false
	}
	id := d.ID
	if raw, err := base64.StdEncoding.DecodeString(id); err == nil {
		// "DemandStayListing:<digits>"
		if _, after, ok := strings.Cut(string(raw), ":"); ok {
			id = after
		}
	}
	lat, lng := d.Location.Coordinate.Latitude, d.Location.Coordinate.Longitude
	if !isDigits(id) || !lat.OK || !lng.OK || (lat.V == 0 && lng.V == 0) {
		return SearchResult{}, false
	}
	x := SearchResult{ID: id, Kind: listing.PlainText(c.Title), Lat: lat.V, Lng: lng.V, Bedrooms: -1, Badges: []string{}}
	x.Name = listing.PlainText(d.Description.Name.Text)
	if x.Name == "" {
		x.Name = listing.PlainText(c.NameLocalized.Text)
	}
	if m := ratingRe.FindStringSubmatch(c.AvgRatingLocalized); m != nil {
		x.Rating, _ = strconv.ParseFloat(strings.Replace(m[1], ",", ".", 1), 64)
		x.ReviewCount, _ = strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(m[2]))
	}
	for _, l := range c.StructuredContent.PrimaryLine {
		if m := bedroomsRe.FindStringSubmatch(l.Body); m != nil {
			x.Bedrooms, _ = strconv.Atoi(m[1])
		} else if strings.EqualFold(strings.TrimSpace(l.Body), "studio") {
			x.Bedrooms, x.Studio = 0, true
		}
	}
	for _, b := range c.Badges {
		text := listing.PlainText(b.Text)
		kind := strings.ToUpper(b.LoggingContext.BadgeType)
		switch {
		// The badge's text is in the search's language (labels_i18n.go).
		case kind == "GUEST_FAVORITE" || guestFavourite.is(norm(text)):
			x.GuestFavorite = true
		case kind == "SUPERHOST" || superhost.is(norm(text)):
			x.Superhost = true
		}
		if text != "" {
			x.Badges = append(x.Badges, text)
		}
	}
	x.NightlyPrice, x.Currency = c.nightly()
	return x, true
}

// nightly is the card's price for one night: the discounted price when
// there is one, divided by the nights when the card shows a stay's total
// ("$450 for 3 nights"); 0 when the card shows no price it can be read from.
func (c searchCard) nightly() (float64, string) {
	p := c.StructuredDisplayPrice.PrimaryLine
	shown := p.DiscountedPrice
	if shown == "" {
		shown = p.Price
	}
	amount, currency, ok := listing.ParseMoney(shown)
	if !ok || amount <= 0 {
		return 0, ""
	}
	nights := 1
	for _, s := range []string{p.Qualifier, p.AccessibilityLabel} {
		if m := nightsRe.FindStringSubmatch(s); m != nil {
			nights, _ = strconv.Atoi(m[1])
			break
		}
	}
	if nights < 1 {
		return 0, ""
	}
	return math.Round(amount/float64(nights)*100) / 100, currency
}

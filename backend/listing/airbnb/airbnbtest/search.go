// Package airbnbtest stands in for Airbnb's public web search and
// availability calendar in tests and in the fixture site: it answers the
// web client's StaysSearch and PdpAvailabilityCalendar queries in their
// real wire shape (as airbnb.API reads them) for a fixed, generated set of
// listings around the fixture listings (Lisbon, Athens, Destin, Kyoto), and
// serves a home page carrying the public API key.
//
// The listings are made up, deterministically, so every run sees the same
// market: what is real is the shape of the answers, the filters the search
// applies (box, room type, minimum bedrooms) and its paging.
package airbnbtest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// APIKey is the public web API key the fake home page carries (the same
// one the listing-page fixtures carry).
const APIKey = "d306zoyjsyarp7ifhu67rjxn52tv0t20"

// Area is one fake market: Count listings around a centre.
type Area struct {
	Name      string
	Lat, Lng  float64
	Count     int
	BasePrice float64 // USD a night for one bedroom
	firstID   int64
}

// Areas are the fake markets, centred on the fixture listings.
var Areas = []Area{
	{Name: "Lisbon", Lat: 38.71139, Lng: -9.12957, Count: 72, BasePrice: 95, firstID: 910000000},
	{Name: "Athens", Lat: 37.9715, Lng: 23.7267, Count: 72, BasePrice: 70, firstID: 920000000},
	{Name: "Destin", Lat: 30.3935, Lng: -86.4958, Count: 72, BasePrice: 160, firstID: 930000000},
	{Name: "Kyoto", Lat: 35.0037, Lng: 135.7752, Count: 72, BasePrice: 110, firstID: 940000000},
}

// Listing is one fake listing.
type Listing struct {
	ID          int64
	Name        string
	Kind        string
	RoomType    string // Inside Airbnb's wording, the search filter's value
	Lat, Lng    float64
	Bedrooms    int // 0: studio
	Rating      float64
	ReviewCount int
	Price       float64 // USD a night
	Superhost   bool
	Favorite    bool
}

// Listings are every area's listings, generated once.
var Listings = generate()

func generate() []Listing {
	words := []string{"Sunny", "Quiet", "Bright", "Charming", "Modern", "Cosy", "Renovated", "Spacious"}
	features := []string{"with balcony", "near the old town", "with sea view", "with terrace", "by the metro", "with AC and workspace", "with river view", "close to the beach"}
	var out []Listing
	for ai, a := range Areas {
		for i := 0; i < a.Count; i++ {
			h := hash(a.Name, i)
			// Distances grow from 0.3 km to ~14.5 km, so a search that
			// starts close has to widen to find enough.
			d := 0.3 + 14.2*math.Pow(float64(i)/float64(a.Count), 1.5)
			bearing := float64(h%360) * math.Pi / 180
			lat := a.Lat + d/111.2*math.Cos(bearing)
			lng := a.Lng + d/(111.2*math.Cos(a.Lat*math.Pi/180))*math.Sin(bearing)
			beds := []int{2, 1, 2, 3, 0, 2, 1, 4}[i%8]
			l := Listing{ID: a.firstID + int64(i), Lat: round(lat, 6), Lng: round(lng, 6), Bedrooms: beds,
				RoomType: "Entire home/apt", Kind: "Apartment in " + a.Name}
			if i%7 == 3 {
				l.RoomType, l.Kind = "Private room", "Room in "+a.Name
			}
			size := "Studio"
			if beds > 0 {
				size = fmt.Sprintf("%d-bedroom", beds)
			}
			l.Name = fmt.Sprintf("%s %s flat %s", words[(h>>8)%uint32(len(words))], size, features[(h>>12)%uint32(len(features))])
			l.Price = round(a.BasePrice*(0.75+0.35*float64(max(beds, 1)))*(0.8+0.4*float64((h>>16)%100)/100), 0)
			if i%9 != 5 { // some are new: no rating yet
				l.Rating = round(4.3+0.7*float64((h>>4)%100)/100, 2)
				l.ReviewCount = int((h >> 20) % 380)
				if l.ReviewCount == 0 {
					l.ReviewCount = 3
				}
			}
			l.Superhost = (h>>24)%3 == 0
			l.Favorite = l.Rating >= 4.85 && l.ReviewCount >= 20
			_ = ai
			out = append(out, l)
		}
	}
	return out
}

func hash(name string, i int) uint32 {
	f := fnv.New32a()
	fmt.Fprintf(f, "%s/%d", name, i)
	return f.Sum32()
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}

// Server answers the search, the calendars and the home page.
type Server struct {
	// Latency is added to every answer (a slow site).
	Latency time.Duration
	// FailEvery > 0 makes every FailEvery-th search or calendar call
	// answer 503, as a rate-limited site does.
	FailEvery int
	// Calls counts the search and calendar calls answered.
	Calls atomic.Int64
	// MaxPages is how many pages a search can be paged to; default 15,
	// as on the site.
	MaxPages int
}

// Routes adds the server's routes to mux: the home page ("GET /{$}") and
// the API queries by operation. ownCalendar is served for calendar queries
// about listings that are not generated (nil: 404).
func (s *Server) Routes(mux *http.ServeMux, ownCalendar http.HandlerFunc) {
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		s.sleep(r)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>Airbnb</title></head><body><script id="data-injector-instances" type="application/json">{"layout-init":{"api_config":{"key":%q,"baseUrl":"/api"}}}</script></body></html>`, APIKey)
	})
	mux.HandleFunc("GET /api/v3/StaysSearch/", s.search)
	mux.HandleFunc("GET /api/v3/PdpAvailabilityCalendar/", func(w http.ResponseWriter, r *http.Request) {
		if !s.calendar(w, r) {
			if ownCalendar != nil {
				ownCalendar(w, r)
				return
			}
			http.NotFound(w, r)
		}
	})
}

func (s *Server) sleep(r *http.Request) {
	if s.Latency > 0 {
		select {
		case <-time.After(s.Latency):
		case <-r.Context().Done():
		}
	}
}

// fail counts a call and says whether it is one to refuse.
func (s *Server) fail(w http.ResponseWriter) bool {
	n := s.Calls.Add(1)
	if s.FailEvery > 0 && n%int64(s.FailEvery) == 0 {
		http.Error(w, `{"error":"rate limited"}`, http.StatusServiceUnavailable)
		return true
	}
	return false
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	s.sleep(r)
	if r.Header.Get("X-Airbnb-Api-Key") != APIKey {
		http.Error(w, `{"error":"missing key"}`, http.StatusForbidden)
		return
	}
	if s.fail(w) {
		return
	}
	var vars struct {
		Req struct {
			Cursor    string `json:"cursor"`
			RawParams []struct {
				Name   string   `json:"filterName"`
				Values []string `json:"filterValues"`
			} `json:"rawParams"`
		} `json:"staysSearchRequest"`
	}
	if err := json.Unmarshal([]byte(r.URL.Query().Get("variables")), &vars); err != nil {
		http.Error(w, `{"errors":[{"message":"bad variables"}]}`, http.StatusBadRequest)
		return
	}
	p := map[string]string{}
	for _, x := range vars.Req.RawParams {
		if len(x.Values) > 0 {
			p[x.Name] = x.Values[0]
		}
	}
	num := func(k string) float64 { v, _ := strconv.ParseFloat(p[k], 64); return v }
	neLat, neLng, swLat, swLng := num("ne_lat"), num("ne_lng"), num("sw_lat"), num("sw_lng")
	minBeds := int(num("min_bedrooms"))
	checkin, _ := time.Parse(time.DateOnly, p["checkin"])
	checkout, _ := time.Parse(time.DateOnly, p["checkout"])
	nights := int(checkout.Sub(checkin).Hours() / 24)
	var hits []Listing
	for _, l := range Listings {
		if l.Lat < swLat || l.Lat > neLat || l.Lng < swLng || l.Lng > neLng || l.Bedrooms < minBeds {
			continue
		}
		if rt := p["room_types"]; rt != "" && rt != l.RoomType {
			continue
		}
		hits = append(hits, l)
	}
	offset := 0
	if vars.Req.Cursor != "" {
		var c struct {
			Offset int `json:"items_offset"`
		}
		raw, _ := base64.StdEncoding.DecodeString(vars.Req.Cursor)
		_ = json.Unmarshal(raw, &c)
		offset = c.Offset
	}
	maxPages := s.MaxPages
	if maxPages <= 0 {
		maxPages = 15
	}
	limit := min(len(hits), maxPages*18)
	end := min(offset+18, limit)
	cards := []any{}
	for i := offset; i < end; i++ {
		cards = append(cards, card(hits[i], nights))
	}
	next := ""
	if end < limit {
		next = base64.StdEncoding.EncodeToString([]byte(fmt.Sprintf(`{"section_offset":0,"items_offset":%d,"version":1}`, end)))
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"presentation": map[string]any{
		"__typename": "RootPresentationContainer",
		"staysSearch": map[string]any{"__typename": "StaysSearchPresentation", "results": map[string]any{
			"__typename":     "StaySearchResults",
			"searchResults":  cards,
			"paginationInfo": map[string]any{"__typename": "PaginationInfo", "nextPageCursor": nullable(next), "pageCursors": []string{}},
		}},
	}}})
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// card is one search result in the answer's shape.
func card(l Listing, nights int) map[string]any {
	rating := "New"
	if l.Rating > 0 {
		rating = fmt.Sprintf("%.2f (%d)", l.Rating, l.ReviewCount)
	}
	size := "Studio"
	if l.Bedrooms > 0 {
		size = fmt.Sprintf("%d bedroom", l.Bedrooms)
		if l.Bedrooms > 1 {
			size += "s"
		}
	}
	badges := []any{}
	if l.Favorite {
		badges = append(badges, map[string]any{"text": "Guest favorite", "loggingContext": map[string]any{"badgeType": "GUEST_FAVORITE"}})
	} else if l.Superhost {
		badges = append(badges, map[string]any{"text": "Superhost", "loggingContext": map[string]any{"badgeType": "SUPERHOST"}})
	}
	price := map[string]any{"__typename": "QualifiedDisplayPriceLine", "price": fmt.Sprintf("$%.0f", l.Price), "qualifier": "night",
		"accessibilityLabel": fmt.Sprintf("$%.0f per night", l.Price)}
	if nights > 1 && l.ID%3 == 0 {
		// Some cards show the stay's total, as the site does with dates set.
		total := l.Price * float64(nights)
		price = map[string]any{"__typename": "QualifiedDisplayPriceLine", "price": fmt.Sprintf("$%.0f", total), "qualifier": fmt.Sprintf("for %d nights", nights),
			"accessibilityLabel": fmt.Sprintf("$%.0f for %d nights", total, nights)}
	}
	return map[string]any{
		"__typename": "StaySearchResult",
		"demandStayListing": map[string]any{
			"__typename":  "DemandStayListing",
			"id":          base64.StdEncoding.EncodeToString([]byte("DemandStayListing:" + strconv.FormatInt(l.ID, 10))),
			"description": map[string]any{"name": map[string]any{"localizedStringWithTranslationPreference": l.Name}},
			"location":    map[string]any{"coordinate": map[string]any{"latitude": l.Lat, "longitude": l.Lng}},
		},
		"title":                  l.Kind,
		"nameLocalized":          map[string]any{"localizedStringWithTranslationPreference": l.Name},
		"avgRatingLocalized":     rating,
		"avgRatingA11yLabel":     strings.Replace(rating, " (", " out of 5 average rating, ", 1),
		"badges":                 badges,
		"structuredContent":      map[string]any{"primaryLine": []any{map[string]any{"body": size}}},
		"structuredDisplayPrice": map[string]any{"primaryLine": price},
	}
}

// calendar answers a calendar query for a generated listing: each night
// booked or blocked with a share that depends on the month (a season) and
// the listing. It reports false when the listing is not generated.
func (s *Server) calendar(w http.ResponseWriter, r *http.Request) bool {
	var vars struct {
		Request struct {
			Count     int    `json:"count"`
			ListingID string `json:"listingId"`
			Month     int    `json:"month"`
			Year      int    `json:"year"`
		} `json:"request"`
	}
	_ = json.Unmarshal([]byte(r.URL.Query().Get("variables")), &vars)
	id, err := strconv.ParseInt(vars.Request.ListingID, 10, 64)
	if err != nil || Find(id) == nil {
		return false
	}
	s.sleep(r)
	if s.fail(w) {
		return true
	}
	start := time.Date(vars.Request.Year, time.Month(vars.Request.Month), 1, 0, 0, 0, 0, time.UTC)
	months := []any{}
	for m := 0; m < min(max(vars.Request.Count, 1), 12); m++ {
		first := start.AddDate(0, m, 0)
		// A season: fuller in summer and December, and less far ahead.
		busy := 0.45 + 0.3*math.Sin(float64(first.Month()-3)*math.Pi/6) - 0.08*float64(m)
		days := []any{}
		for d := first; d.Month() == first.Month(); d = d.AddDate(0, 0, 1) {
			f := fnv.New32a()
			fmt.Fprintf(f, "%d/%s", id, d.Format(time.DateOnly))
			booked := float64(f.Sum32()%1000)/1000 < busy
			days = append(days, map[string]any{"__typename": "MerlinCalendarDay", "calendarDate": d.Format(time.DateOnly),
				"available": !booked, "minNights": 2, "maxNights": 1125, "bookable": !booked})
		}
		months = append(months, map[string]any{"__typename": "MerlinCalendarMonth", "listingId": vars.Request.ListingID,
			"month": int(first.Month()), "year": first.Year(), "days": days})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"merlin": map[string]any{
		"__typename": "MerlinQuery", "pdpAvailabilityCalendar": map[string]any{"__typename": "PdpAvailabilityCalendar", "calendarMonths": months}}}})
	return true
}

// Find returns the generated listing with id, or nil.
func Find(id int64) *Listing {
	for i := range Listings {
		if Listings[i].ID == id {
			return &Listings[i]
		}
	}
	return nil
}

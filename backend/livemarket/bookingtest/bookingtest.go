// Package bookingtest stands in for Booking.com's search-results page in
// the fixture site: it answers /searchresults.html with a page carrying
// the search's Apollo state in its real wire shape (as
// livemarket.ParseBookingSearch reads the saved real pages), for a fixed,
// generated set of properties around the searched point.
//
// The properties are made up, deterministically, so every run sees the
// same market; what is real is the shape of the page. Their prices are in
// the currency of the nearest fixture city (Kyoto's in yen), as Booking.com
// states a property's own currency.
package bookingtest

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html"
	"math"
	"net/http"
	"strconv"
	"time"
)

// city is one fixture city's made-up Booking.com market.
type city struct {
	name           string
	lat, lng       float64
	currency, sign string
	nightly        float64 // a one-bedroom's nightly price
}

var cities = []city{
	{"Lisbon", 38.71139, -9.12957, "EUR", "€", 110},
	{"Athens", 37.9715, 23.7267, "EUR", "€", 85},
	{"Destin", 30.3935, -86.4958, "USD", "US$", 190},
	{"Kyoto", 35.0037, 135.7752, "JPY", "¥", 17000},
}

// Count is how many properties a search page shows.
const Count = 25

// Handler answers GET /searchresults.html?latitude=&longitude=&checkin=&checkout=.
func Handler(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lat, err1 := strconv.ParseFloat(q.Get("latitude"), 64)
	lng, err2 := strconv.ParseFloat(q.Get("longitude"), 64)
	in, err3 := time.Parse(time.DateOnly, q.Get("checkin"))
	out, err4 := time.Parse(time.DateOnly, q.Get("checkout"))
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || !out.After(in) {
		http.Error(w, "not a dated map search", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(Page(lat, lng, in, out))
}

// Page is the search-results page for a point and a stay.
func Page(lat, lng float64, checkin, checkout time.Time) []byte {
	c := nearest(lat, lng)
	nights := int(checkout.Sub(checkin).Hours() / 24)
	input := map[string]any{"dates": map[string]string{"checkin": checkin.Format(time.DateOnly), "checkout": checkout.Format(time.DateOnly)},
		"location": map[string]float64{"latitude": lat, "longitude": lng}, "nbAdults": 2}
	key, _ := json.Marshal(input)
	results := make([]any, 0, Count)
	for i := range Count {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s-%d", c.name, i)
		seed := h.Sum64()
		// Within about 2 km, nearest first.
		dist := 0.1 + 1.9*float64(i)/Count
		angle := float64(seed%360) * math.Pi / 180
		pLat := lat + dist/111.0*math.Sin(angle)
		pLng := lng + dist/(111.0*math.Cos(lat*math.Pi/180))*math.Cos(angle)
		beds := int(seed>>8%3) + 1
		kind, typeID, unit := "Entire apartment", 201, "Entire apartment"
		if i%5 == 4 {
			kind, typeID, unit = "Hotel room", 204, "Double Room"
		}
		nightly := c.nightly * (0.7 + 0.6*float64(seed>>16%100)/100) * (1 + 0.3*float64(beds-1))
		if c.currency == "JPY" {
			nightly = math.Round(nightly/100) * 100
		} else {
			nightly = math.Round(nightly)
		}
		stay := nightly * float64(nights)
		price := map[string]any{"amount": c.sign + " " + group(stay), "amountUnformatted": stay, "currency": c.currency}
		conf := map[string]any{"unitTypeNames": []map[string]string{{"translation": unit}}}
		if typeID == 201 {
			conf["nbBedrooms"] = beds
		}
		score := 7.5 + float64(seed>>24%22)/10
		results = append(results, map[string]any{
			"basicPropertyData": map[string]any{"accommodationTypeId": typeID, "id": 8000000 + i, "pageName": fmt.Sprintf("%s-stay-%d", c.name, i+1),
				"location": map[string]any{"countryCode": "xx", "latitude": pLat, "longitude": pLng},
				"reviews":  map[string]any{"totalScore": score, "reviewsCount": int(seed >> 32 % 400), "showScore": true}},
			"displayName":                map[string]string{"text": fmt.Sprintf("%s %s %d", c.name, kind, i+1)},
			"location":                   map[string]string{"mainDistance": fmt.Sprintf("%.1f km from centre", dist)},
			"matchingUnitConfigurations": map[string]any{"commonConfiguration": conf},
			"priceDisplayInfoIrene":      map[string]any{"displayPrice": map[string]any{"amountPerStay": price, "amountPerStayHotelCurr": price}},
		})
	}
	state := map[string]any{"ROOT_QUERY": map[string]any{"searchQueries": map[string]any{
		"search(" + string(key) + ")": map[string]any{
			"pagination": map[string]int{"nbResultsTotal": Count},
			"searchMeta": map[string]any{"dates": map[string]any{"checkin": checkin.Format(time.DateOnly), "checkout": checkout.Format(time.DateOnly), "lengthOfStayInDays": nights}},
			"results":    results,
		}}}}
	b, _ := json.Marshal(state)
	return []byte(`<!DOCTYPE html><html><head><title>` + html.EscapeString(c.name) + ` – search results</title></head><body>` +
		`<script type="application/json" data-capla-store-data="apollo">` + string(b) + `</script></body></html>`)
}

func nearest(lat, lng float64) city {
	best, bd := cities[0], math.Inf(1)
	for _, c := range cities {
		if d := math.Hypot(c.lat-lat, c.lng-lng); d < bd {
			best, bd = c, d
		}
	}
	return best
}

func group(v float64) string {
	s := strconv.FormatFloat(v, 'f', 0, 64)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

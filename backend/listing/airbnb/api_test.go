package airbnb

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

const testKey = "d306zoyjsyarp7ifhu67rjxn52tv0t20"

// apiServer serves Airbnb's two JSON endpoints with the fixture answers
// and checks that requests have the shape the web client sends.
func apiServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	calendar, reviews := readFixture(t, "calendar.json"), readFixture(t, "reviews.json")
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		q := r.URL.Query()
		if r.Header.Get("X-Airbnb-Api-Key") != testKey {
			http.Error(w, `{"error_code":401}`, http.StatusUnauthorized)
			return
		}
		var vars map[string]any
		var ext struct {
			PersistedQuery struct {
				Version    int    `json:"version"`
				Sha256Hash string `json:"sha256Hash"`
			} `json:"persistedQuery"`
		}
		if json.Unmarshal([]byte(q.Get("variables")), &vars) != nil || json.Unmarshal([]byte(q.Get("extensions")), &ext) != nil {
			http.Error(w, "bad query", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/v3/PdpAvailabilityCalendar/" + CalendarQueryHash:
			req, _ := vars["request"].(map[string]any)
			if q.Get("operationName") != "PdpAvailabilityCalendar" || ext.PersistedQuery.Sha256Hash != CalendarQueryHash ||
				req["listingId"] != "48123456" || req["month"] != float64(5) || req["year"] != float64(2026) || req["count"] != float64(2) {
				http.Error(w, fmt.Sprintf("unexpected calendar request %v", vars), http.StatusBadRequest)
				return
			}
			w.Write(calendar)
		case "/api/v3/StaysPdpReviewsQuery/" + ReviewsQueryHash:
			id, _ := base64.StdEncoding.DecodeString(fmt.Sprint(vars["id"]))
			if q.Get("operationName") != "StaysPdpReviewsQuery" || string(id) != "StayListing:48123456" {
				http.Error(w, fmt.Sprintf("unexpected reviews request %v", vars), http.StatusBadRequest)
				return
			}
			w.Write(reviews)
		case "/api/v3/PdpAvailabilityCalendar/rotated":
			fmt.Fprint(w, `{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}],"data":null}`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func TestCalendar(t *testing.T) {
	srv, _ := apiServer(t)
	api := NewAPI(safehttptest.Allowing(t, safehttp.Options{}, srv), APIOptions{BaseURL: srv.URL})
	got, err := api.Calendar(context.Background(), testKey, "48123456", time.Date(2026, 5, 17, 0, 0, 0, 0, time.UTC), 2)
	if err != nil {
		t.Fatal(err)
	}
	// The fixture: May and June 2026; the 1st–3rd of each month and June
	// 20th on are booked; weekday nights $142, Friday to Sunday $168;
	// Fridays need 3 nights, other days 2.
	var want []listing.CalendarDay
	for d := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC); d.Month() <= 6; d = d.AddDate(0, 0, 1) {
		avail := !(d.Day() <= 3 || d.Month() == 6 && d.Day() >= 20)
		day := listing.CalendarDay{Date: d.Format(time.DateOnly), Available: avail, MinNights: 2}
		if d.Weekday() == time.Friday {
			day.MinNights = 3
		}
		if avail {
			amt := 142.0
			if wd := d.Weekday(); wd == time.Friday || wd == time.Saturday || wd == time.Sunday {
				amt = 168
			}
			day.Price = &listing.Price{Amount: amt, Currency: "USD", Period: "night"}
		}
		want = append(want, day)
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got[:3])
		w, _ := json.Marshal(want[:3])
		t.Fatalf("calendar differs (%d days, want %d); first days got %s want %s", len(got), len(want), g, w)
	}
}

func TestReviewsNeverCarryReviewerNames(t *testing.T) {
	srv, _ := apiServer(t)
	api := NewAPI(safehttptest.Allowing(t, safehttp.Options{}, srv), APIOptions{BaseURL: srv.URL})
	got, err := api.Reviews(context.Background(), testKey, "48123456", 50)
	if err != nil {
		t.Fatal(err)
	}
	want := []listing.Review{
		{Date: "2026-03-02", Text: "Super, très bon accueil. Le logement est nickel et la terrasse magnifique !", Rating: 5, Language: "fr"},
		{Date: "2026-02-14", Text: "Great location, spotless flat.\nThe tram noise is real but the earplugs helped.", Rating: 4, Language: "en"},
		{Date: "2026-01-30", Text: "Perfekte Lage 🌞 – gerne wieder!", Rating: 5, Language: "de"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("reviews = %+v\nwant %+v", got, want)
	}
	out, _ := json.Marshal(got)
	for _, name := range []string{"Sandrine", "Marcus", "Jürgen", "Lyon", "users/show"} {
		if strings.Contains(string(out), name) {
			t.Errorf("reviews leak %q: %s", name, out)
		}
	}
}

func TestAPIFailures(t *testing.T) {
	srv, calls := apiServer(t)
	client := safehttptest.Allowing(t, safehttp.Options{}, srv)
	ctx := context.Background()
	from := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)

	api := NewAPI(client, APIOptions{BaseURL: srv.URL})
	if _, err := api.Calendar(ctx, "", "48123456", from, 2); err == nil {
		t.Error("no API key: want an error")
	}
	if _, err := api.Calendar(ctx, testKey, "not-a-number", from, 2); err == nil {
		t.Error("slug id: want an error")
	}
	if calls.Load() != 0 {
		t.Errorf("requests were sent for calls that cannot succeed: %d", calls.Load())
	}
	if _, err := api.Reviews(ctx, "wrongkeywrongkeywrong", "48123456", 10); safehttp.Status(err) != http.StatusUnauthorized {
		t.Errorf("wrong key: err = %v, want the 401", err)
	}
	rotated := NewAPI(client, APIOptions{BaseURL: srv.URL, CalendarHash: "rotated"})
	if _, err := rotated.Calendar(ctx, testKey, "48123456", from, 2); err == nil || !strings.Contains(err.Error(), "PersistedQueryNotFound") {
		t.Errorf("rotated hash: err = %v, want the GraphQL error", err)
	}
}

func TestAPIKey(t *testing.T) {
	tests := []struct{ page, want string }{
		{`{"api_config":{"key":"d306zoyjsyarp7ifhu67rjxn52tv0t20","baseUrl":"/api"}}`, testKey},
		{`"api_config": {"baseUrl":"/api", "key":"abcdefghijklmnop1234"}`, "abcdefghijklmnop1234"},
		{`"api_config":{"key":"short"}`, ""},
		{`"api_config":{"key":"<script>alert(1)</script>aaaaaaaa"}`, ""},
		{`"api_config":`, ""},
		{`nothing here`, ""},
	}
	for _, tt := range tests {
		if got := APIKey([]byte(tt.page)); got != tt.want {
			t.Errorf("APIKey(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

package airbnb

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// Fetcher is what the API needs from the safe HTTP client.
type Fetcher = safehttp.Doer

// Persisted-query hashes of the web client's GraphQL operations. Airbnb
// serves these queries by hash; when it rotates them the calls fail, the
// listing is still read from the page, and the report says the calendar or
// reviews could not be read. Update them from the web client's requests.
const (
	CalendarQueryHash = "8f08e03c7bd16fcad3c92a3592c19a8b559a0d0855a84028d1163d4733ed9ade"
	ReviewsQueryHash  = "dec1c8061483e78373602047450322fd474e79ba9afa8d3dbbc27f504030f91d"
)

// API reads Airbnb's public JSON endpoints for a listing's availability
// calendar and review text, with the API key the listing page carries.
type API struct {
	fetch        Fetcher
	baseURL      string
	calendarHash string
	reviewsHash  string
	searchHash   string
}

// APIOptions configure an API; zero values take the defaults.
type APIOptions struct {
	BaseURL      string // default https://www.airbnb.com
	CalendarHash string // default CalendarQueryHash
	ReviewsHash  string // default ReviewsQueryHash
	SearchHash   string // default SearchQueryHash
}

// NewAPI returns an API that fetches through f, which must be the safe
// fetcher (or a test stand-in).
func NewAPI(f Fetcher, o APIOptions) *API {
	a := &API{fetch: f, baseURL: strings.TrimRight(o.BaseURL, "/"), calendarHash: o.CalendarHash, reviewsHash: o.ReviewsHash, searchHash: o.SearchHash}
	if a.baseURL == "" {
		a.baseURL = "https://www.airbnb.com"
	}
	if a.calendarHash == "" {
		a.calendarHash = CalendarQueryHash
	}
	if a.reviewsHash == "" {
		a.reviewsHash = ReviewsQueryHash
	}
	if a.searchHash == "" {
		a.searchHash = SearchQueryHash
	}
	return a
}

// APIKey returns the public web API key from a listing page's bootstrap
// data ("api_config":{"key":"…"}), or "" when the page has none.
func APIKey(page []byte) string {
	i := bytes.Index(page, []byte(`"api_config":`))
	if i < 0 {
		return ""
	}
	var cfg struct {
		Key string `json:"key"`
	}
	if err := json.NewDecoder(bytes.NewReader(page[i+len(`"api_config":`):])).Decode(&cfg); err != nil {
		return ""
	}
	if len(cfg.Key) < 16 || len(cfg.Key) > 64 || strings.Trim(cfg.Key, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		return ""
	}
	return cfg.Key
}

// Calendar returns the availability of listingID (numeric) for months
// months starting with from's month.
func (a *API) Calendar(ctx context.Context, apiKey, listingID string, from time.Time, months int) ([]listing.CalendarDay, error) {
	if !isDigits(listingID) {
		return nil, fmt.Errorf("airbnb calendar: listing id %q is not numeric", listingID)
	}
	months = min(max(months, 1), 12)
	vars := map[string]any{"request": map[string]any{
		"count": months, "listingId": listingID, "month": int(from.Month()), "year": from.Year(),
	}}
	var out struct {
		Data struct {
			Merlin struct {
				PdpAvailabilityCalendar *struct {
					CalendarMonths []struct {
						Days []struct {
							CalendarDate string `json:"calendarDate"`
							Available    *bool  `json:"available"`
							MinNights    num    `json:"minNights"`
							Price        *struct {
								LocalPriceFormatted string `json:"localPriceFormatted"`
							} `json:"price"`
						} `json:"days"`
					} `json:"calendarMonths"`
				} `json:"pdpAvailabilityCalendar"`
			} `json:"merlin"`
		} `json:"data"`
	}
	if err := a.query(ctx, apiKey, "PdpAvailabilityCalendar", a.calendarHash, vars, &out); err != nil {
		return nil, fmt.Errorf("airbnb calendar: %w", err)
	}
	cal := out.Data.Merlin.PdpAvailabilityCalendar
	if cal == nil {
		return nil, errors.New("airbnb calendar: no calendar in the answer")
	}
	var days []listing.CalendarDay
	for _, m := range cal.CalendarMonths {
		for _, d := range m.Days {
			if _, err := time.Parse(time.DateOnly, d.CalendarDate); err != nil || d.Available == nil {
				continue
			}
			day := listing.CalendarDay{Date: d.CalendarDate, Available: *d.Available}
			if d.MinNights.OK {
				day.MinNights = int(d.MinNights.V)
			}
			if d.Price != nil {
				if amt, cur, ok := listing.ParseMoney(d.Price.LocalPriceFormatted); ok {
					day.Price = &listing.Price{Amount: amt, Currency: cur, Period: "night"}
				}
			}
			days = append(days, day)
		}
	}
	if len(days) == 0 {
		return nil, errors.New("airbnb calendar: the answer had no days")
	}
	return days, nil
}

// reviewsPageSize is what the web client asks for per page.
const reviewsPageSize = 50

// Reviews returns up to limit of listingID's most recent reviews: date,
// text, rating and language. Reviewer names and profiles are never decoded,
// so they cannot be stored, returned or logged.
func (a *API) Reviews(ctx context.Context, apiKey, listingID string, limit int) ([]listing.Review, error) {
	if !isDigits(listingID) {
		return nil, fmt.Errorf("airbnb reviews: listing id %q is not numeric", listingID)
	}
	limit = min(max(limit, 1), 200)
	var reviews []listing.Review
	for offset := 0; offset < limit; offset += reviewsPageSize {
		vars := map[string]any{
			"id": base64.StdEncoding.EncodeToString([]byte("StayListing:" + listingID)),
			"pdpReviewsRequest": map[string]any{
				"fieldSelector": "for_p3_translation_only", "forPreview": false, "limit": reviewsPageSize,
				"offset": fmt.Sprint(offset), "showingTranslationButton": false, "first": reviewsPageSize,
				"sortingPreference": "MOST_RECENT", "numberOfAdults": "1", "numberOfChildren": "0",
				"numberOfInfants": "0", "numberOfPets": "0", "after": nil,
			},
		}
		var out struct {
			Data struct {
				Presentation struct {
					StayProductDetailPage *struct {
						Reviews struct {
							Reviews []struct {
								Comments  string `json:"comments"`
								CreatedAt string `json:"createdAt"`
								Language  string `json:"language"`
								Rating    num    `json:"rating"`
							} `json:"reviews"`
						} `json:"reviews"`
					} `json:"stayProductDetailPage"`
				} `json:"presentation"`
			} `json:"data"`
		}
		if err := a.query(ctx, apiKey, "StaysPdpReviewsQuery", a.reviewsHash, vars, &out); err != nil {
			if len(reviews) > 0 {
				break // keep the pages we have
			}
			return nil, fmt.Errorf("airbnb reviews: %w", err)
		}
		page := out.Data.Presentation.StayProductDetailPage
		if page == nil {
			if len(reviews) > 0 {
				break
			}
			return nil, errors.New("airbnb reviews: no reviews in the answer")
		}
		for _, r := range page.Reviews.Reviews {
			text := listing.PlainText(r.Comments)
			if text == "" {
				continue
			}
			rv := listing.Review{Text: text, Language: r.Language}
			if t, err := time.Parse(time.RFC3339, r.CreatedAt); err == nil {
				rv.Date = t.UTC().Format(time.DateOnly)
			}
			if r.Rating.OK && r.Rating.V >= 1 && r.Rating.V <= 5 {
				rv.Rating = int(r.Rating.V)
			}
			reviews = append(reviews, rv)
			if len(reviews) == limit {
				return reviews, nil
			}
		}
		if len(page.Reviews.Reviews) < reviewsPageSize {
			break
		}
	}
	return reviews, nil
}

// query runs a persisted GraphQL query the way the web client does: a GET
// with the operation, variables and hash in the query string.
func (a *API) query(ctx context.Context, apiKey, operation, hash string, vars any, out any) error {
	if apiKey == "" {
		return errors.New("no API key on the page")
	}
	v, err := json.Marshal(vars)
	if err != nil {
		return err
	}
	ext, _ := json.Marshal(map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}})
	q := url.Values{
		"operationName": {operation},
		"locale":        {"en"},
		"currency":      {"USD"},
		"variables":     {string(v)},
		"extensions":    {string(ext)},
	}
	u := a.baseURL + "/api/v3/" + operation + "/" + hash + "?" + q.Encode()
	resp, err := a.fetch.Do(ctx, safehttp.Request{URL: u, Header: http.Header{
		"Accept":           {"application/json"},
		"Content-Type":     {"application/json"},
		"X-Airbnb-Api-Key": {apiKey},
		"Sec-Fetch-Dest":   {"empty"},
		"Sec-Fetch-Mode":   {"cors"},
		"Sec-Fetch-Site":   {"same-origin"},
	}})
	if err != nil {
		return err
	}
	var gqlErr struct {
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if json.Unmarshal(resp.Body, &gqlErr) == nil && len(gqlErr.Errors) > 0 {
		return fmt.Errorf("%s answered an error: %.200s", operation, gqlErr.Errors[0].Message)
	}
	if err := json.Unmarshal(resp.Body, out); err != nil && !isTypeError(err) {
		return fmt.Errorf("%s: decoding the answer: %w", operation, err)
	}
	return nil
}

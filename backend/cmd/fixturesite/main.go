// Command fixturesite stands in for the listing sites in end-to-end tests:
// it serves the parsers' fixture pages at the paths the real sites use, the
// Airbnb calendar and review JSON, and Airbnb's map search and comparables'
// calendars around the fixture listings (package airbnbtest). The e2e
// build of the server sends every listing fetch here (see safehttp/e2esite).
//
//	fixturesite -addr 127.0.0.1:0 -root backend/listing [-latency 150ms]
//
// -latency delays every search and calendar answer, as a distant site
// does (make bench measures the market step with it).
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/livemarket/bookingtest"
)

// pages maps a listing path to its fixture file under -root.
var pages = map[string]string{
	"/rooms/48123456": "airbnb/testdata/current.html",
	// A copy the end-to-end tests take down (POST /__fixture/take-down)
	// between checkout and the report, as a host might: a listing gone
	// after payment.
	"/rooms/60000001": "airbnb/testdata/current.html",
	// A copy the Watch journey edits (POST /__fixture/edit) between its
	// weeks, as a host changes their listing: a page of its own, so no
	// other test reads the edit.
	"/rooms/60000002": "airbnb/testdata/current.html",
	// A page whose layout is not recognized (only its summary tags), to
	// see how a report says so.
	"/rooms/50000001": "airbnb/testdata/sparse.html",
	"/rooms/22334455": "airbnb/testdata/older.html",
	// The current-layout page placed in Albany, NY, where the Inside Airbnb
	// snapshot beside the project covers it: a report (and the form's
	// coverage line) that uses the snapshot rather than the live search.
	"/rooms/70000001":                    "airbnb/testdata/current.html",
	"/4417281":                           "vrbo/testdata/listing.html",
	"/hotel/jp/machiya-gion-hanare.html": "booking/testdata/property.html",
}

// aliases are pages served as another listing: pairs of what the fixture
// says and what the alias says instead (its listing id first).
var aliases = map[string][]string{
	"/rooms/60000001": {"48123456", "60000001"},
	"/rooms/50000001": {"48123456", "50000001"},
	"/rooms/60000002": {"48123456", "60000002"},
	"/rooms/70000001": {"48123456", "70000001", "38.71139", "42.65258", "-9.12957", "-73.75623",
		"Lisbon, Lisbon, Portugal", "Albany, New York, United States", "Lisbon, Portugal", "Albany, New York",
		"Portugal", "United States", "Lisbon", "Albany", "Alfama", "Center Square", "Tagus", "Hudson"},
}

// ownAPI says whether an API query's variables name the current-layout
// fixture or one of the listings served from its page.
func ownAPI(vars string) bool {
	ids := []string{"48123456"}
	for p, alias := range aliases {
		if pages[p] == "airbnb/testdata/current.html" {
			ids = append(ids, alias[1])
		}
	}
	for _, id := range ids {
		if strings.Contains(vars, `"`+id+`"`) || strings.Contains(vars, base64.StdEncoding.EncodeToString([]byte("StayListing:"+id))) {
			return true
		}
	}
	return false
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	root := flag.String("root", "backend/listing", "folder holding the parsers' testdata")
	latency := flag.Duration("latency", 0, "delay of every search and calendar answer")
	flag.Parse()
	if err := run(*addr, *root, *latency); err != nil {
		fmt.Fprintln(os.Stderr, "fixturesite:", err)
		os.Exit(1)
	}
}

func run(addr, root string, latency time.Duration) error {
	mux := http.NewServeMux()
	var gone sync.Map // listing paths taken down: their pages answer 404
	mux.HandleFunc("POST /__fixture/take-down", func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Query().Get("path")
		if _, ok := pages[p]; !ok {
			http.Error(w, "no such listing page", http.StatusNotFound)
			return
		}
		gone.Store(p, true)
		w.WriteHeader(http.StatusNoContent)
	})
	// Edits of a page, as its host makes them: each replaces one text of
	// the served page with another (POST /__fixture/edit?path=P&from=A&to=B).
	var editsMu sync.Mutex
	edits := map[string][][2]string{}
	mux.HandleFunc("POST /__fixture/edit", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		p, from := q.Get("path"), q.Get("from")
		if _, ok := pages[p]; !ok || from == "" {
			http.Error(w, "name a listing page (path) and the text to replace (from, to)", http.StatusNotFound)
			return
		}
		editsMu.Lock()
		edits[p] = append(edits[p], [2]string{from, q.Get("to")})
		editsMu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	edited := func(p string, body []byte) []byte {
		editsMu.Lock()
		defer editsMu.Unlock()
		for _, e := range edits[p] {
			body = bytes.ReplaceAll(body, []byte(e[0]), []byte(e[1]))
		}
		return body
	}
	for p, file := range pages {
		path := filepath.Join(root, file)
		if _, err := os.Stat(path); err != nil {
			return err
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if alias, ok := aliases[p]; ok {
			// The page names itself (canonical link, og:url, ids): as this
			// listing, so it is not taken for another listing's page.
			for i := 0; i+1 < len(alias); i += 2 {
				body = bytes.ReplaceAll(body, []byte(alias[i]), []byte(alias[i+1]))
			}
		}
		mux.HandleFunc("GET "+p, func(w http.ResponseWriter, r *http.Request) {
			if _, down := gone.Load(p); down {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(edited(p, body))
		})
	}
	api := func(file string) http.HandlerFunc {
		path := filepath.Join(root, file)
		return func(w http.ResponseWriter, r *http.Request) {
			// Only the current-layout Airbnb fixture (and the pages served as
			// other listings from it) has calendar and reviews; the reviews
			// query names it as base64("StayListing:<id>").
			vars := r.URL.Query().Get("variables")
			if !ownAPI(vars) {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			http.ServeFile(w, r, path)
		}
	}
	// A listing whose site refuses us, as a bot check does: the form then
	// offers to go on with what the host types.
	mux.HandleFunc("GET /rooms/60000403", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Access denied", http.StatusForbidden)
	})
	// The comparables' search and calendars; the fixture listing's own
	// calendar is the recorded one.
	search := &airbnbtest.Server{Latency: latency}
	search.Routes(mux, api("airbnb/testdata/calendar.json"))
	mux.HandleFunc("GET /api/v3/StaysPdpReviewsQuery/", api("airbnb/testdata/reviews.json"))
	// Booking.com's search-results page around a point, for a Booking.com
	// listing's live comparables (Kyoto's in yen).
	mux.HandleFunc("GET /searchresults.html", bookingtest.Handler)

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("fixture site listening on %s\n", ln.Addr())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); _ = srv.Shutdown(context.Background()) }()
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}

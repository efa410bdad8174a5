package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// apiEnv is the API on a real SQLite store, verifying real tokens from the
// Auth emulator.
type apiEnv struct {
	url   string
	store store.Aggregates
	emu   authtest.Env
	deps  Deps
}

// realParts are what API tests run against: the Auth emulator with a
// verifier for its tokens, and a SQLite store in a temporary file.
func realParts(t *testing.T) (authtest.Env, auth.Verifier) {
	t.Helper()
	emu := authtest.Emulator(t)
	v, err := auth.NewFirebase(context.Background(), emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	return emu, v
}

// serve starts the API built from d.
func serve(t *testing.T, d Deps) string {
	t.Helper()
	if d.Logger == nil {
		d.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	d.Web = fstest.MapFS{"index.html": {Data: []byte(indexHTML)}, "pages/payment-success.html": {Data: []byte(reportFrameHTML)},
		reportHeaderFile: {Data: []byte(reportHeaderHTML)}}
	h, err := NewServer(d)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

func newAPIEnv(t *testing.T, st store.Aggregates) *apiEnv {
	t.Helper()
	emu, v := realParts(t)
	d := Deps{Customers: st, OrderReads: st, Deleted: st, Auth: v}
	return &apiEnv{url: serve(t, d), store: st, emu: emu, deps: d}
}

// call sends method path with token (none when empty) and decodes the JSON.
func (e *apiEnv) call(t *testing.T, method, path, token, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json") // as the front end sends every call
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("%s %s: body is not JSON: %v", method, path, err)
	}
	return resp.StatusCode, out
}

// Every API route that is not public refuses a missing, malformed, forged,
// expired or other-project token with 401 JSON. The list of routes comes
// from the router itself, so a new endpoint is covered the day it is added.
func TestEveryPrivateRouteNeedsAValidToken(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		user := e.emu.SignUp(t, "Ana")
		now := time.Now()
		claims := func(aud, sub string, iat, exp time.Time) map[string]any {
			return map[string]any{"aud": aud, "iss": "https://securetoken.google.com/" + aud, "sub": sub,
				"iat": iat.Unix(), "exp": exp.Unix(), "auth_time": iat.Unix(), "email": user.Email}
		}
		tokens := map[string]string{
			"no token":      "",
			"malformed":     "not-a-token",
			"other project": authtest.UnsignedToken(claims("demo-someone-else", user.UID, now, now.Add(time.Hour))),
			"expired":       authtest.UnsignedToken(claims(e.emu.ProjectID, user.UID, now.Add(-3*time.Hour), now.Add(-2*time.Hour))),
			"forged":        authtest.UnsignedToken(claims(e.emu.ProjectID, "uid-that-does-not-exist", now, now.Add(time.Hour))),
		}
		routes := apiRoutes(e.deps).order
		private := 0
		for _, route := range routes {
			if publicRoutes[route] {
				continue
			}
			private++
			method, path, _ := strings.Cut(route, " ")
			path = strings.ReplaceAll(path, "{id}", "someid")
			for name, tok := range tokens {
				t.Run(route+"/"+name, func(t *testing.T) {
					status, body := e.call(t, method, path, tok, "{}")
					if status != http.StatusUnauthorized || body["success"] != false || body["error"] == "" {
						t.Errorf("got %d %v, want 401 with the JSON error shape", status, body)
					}
				})
			}
		}
		if private < 4 {
			t.Fatalf("only %d private routes found; the route walk is broken", private)
		}
		// The same user with a real token gets through.
		if status, _ := e.call(t, "POST", "/api/me", user.IDToken, "{}"); status != http.StatusOK {
			t.Errorf("valid token: %d", status)
		}
	})
}

func TestSignInCreatesThenUpdatesTheProfile(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		user := e.emu.SignUp(t, "")

		status, body := e.call(t, "POST", "/api/me", user.IDToken, `{"displayName":"Ana Host","email":"attacker@example.com"}`)
		if status != 200 {
			t.Fatalf("sign-in: %d %v", status, body)
		}
		c := body["customer"].(map[string]any)
		if c["uid"] != user.UID || c["email"] != user.Email || c["displayName"] != "Ana Host" {
			t.Errorf("profile %v: uid, token e-mail (not the body's) and name expected", c)
		}
		if c["totalOptimizations"] != float64(0) || c["profileComplete"] != true || len(c["optimizationIds"].([]any)) != 0 {
			t.Errorf("new profile defaults wrong: %v", c)
		}
		first := c["lastLoginAt"].(string)

		time.Sleep(10 * time.Millisecond)
		_, body = e.call(t, "POST", "/api/me", user.IDToken, `{"displayName":"Ana B. Host"}`)
		c2 := body["customer"].(map[string]any)
		if c2["displayName"] != "Ana B. Host" || c2["lastLoginAt"] == first || c2["createdAt"] != c["createdAt"] {
			t.Errorf("second sign-in should refresh name and last login, keep createdAt: %v", c2)
		}

		status, body = e.call(t, "GET", "/api/me", user.IDToken, "")
		if status != 200 || body["customer"].(map[string]any)["displayName"] != "Ana B. Host" {
			t.Errorf("GET /api/me: %d %v", status, body)
		}

		status, body = e.call(t, "POST", "/api/me", user.IDToken, `{"displayName":`)
		if status != 400 || body["error"] != "The request body must be valid JSON." {
			t.Errorf("malformed body: %d %v", status, body)
		}
	})
}

func TestGetMeBeforeFirstSignIn(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		user := e.emu.SignUp(t, "New")
		if status, _ := e.call(t, "GET", "/api/me", user.IDToken, ""); status != 404 {
			t.Errorf("profile before first sign-in: %d, want 404", status)
		}
	})
}

// seed adds n optimizations for uid, one minute apart, newest last.
func seed(t *testing.T, e *apiEnv, uid string, n int) []string {
	t.Helper()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var ids []string
	for i := range n {
		o, err := e.store.AddOptimization(context.Background(), domain.Optimization{
			CustomerUID: uid, CustomerEmail: "x@example.com", ListingURL: fmt.Sprintf("https://www.airbnb.com/rooms/%d", 1000+i),
			ListingTitle: fmt.Sprintf("Listing %d", i), PlanType: domain.PlanBasic, Amount: 4.99,
			Status: domain.StatusPending, CreatedAt: base.Add(time.Duration(i) * time.Minute),
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
	}
	return ids
}

func TestDashboardListIsOwnAndPaged(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		ana, bob := e.emu.SignUp(t, "Ana"), e.emu.SignUp(t, "Bob")
		for _, u := range []authtest.User{ana, bob} {
			if status, _ := e.call(t, "POST", "/api/me", u.IDToken, "{}"); status != 200 {
				t.Fatal("sign-in failed")
			}
		}
		anaIDs := seed(t, e, ana.UID, 12)
		bobIDs := seed(t, e, bob.UID, 3)

		wantTitles := map[int][]string{
			1: {"Listing 11", "Listing 10", "Listing 9", "Listing 8", "Listing 7"},
			2: {"Listing 6", "Listing 5", "Listing 4", "Listing 3", "Listing 2"},
			3: {"Listing 1", "Listing 0"},
		}
		for page, want := range wantTitles {
			status, body := e.call(t, "GET", fmt.Sprintf("/api/optimizations?page=%d", page), ana.IDToken, "")
			if status != 200 || body["total"] != float64(12) || body["pageSize"] != float64(5) || body["page"] != float64(page) {
				t.Fatalf("page %d: %d %v", page, status, body)
			}
			items := body["items"].([]any)
			var got []string
			for _, it := range items {
				row := it.(map[string]any)
				got = append(got, row["listingTitle"].(string))
				if _, has := row["results"]; has {
					t.Error("list rows must not carry the whole report")
				}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("page %d: %v, want %v", page, got, want)
			}
		}
		if status, body := e.call(t, "GET", "/api/optimizations?page=zero", ana.IDToken, ""); status != 400 {
			t.Errorf("bad page: %d %v", status, body)
		}

		// Ana's record is hers; Bob's is "not found" to her, never "forbidden".
		if status, body := e.call(t, "GET", "/api/optimizations/"+anaIDs[0], ana.IDToken, ""); status != 200 ||
			body["optimization"].(map[string]any)["id"] != anaIDs[0] {
			t.Errorf("own record: %d %v", status, body)
		}
		status, other := e.call(t, "GET", "/api/optimizations/"+bobIDs[0], ana.IDToken, "")
		_, missing := e.call(t, "GET", "/api/optimizations/doesnotexist", ana.IDToken, "")
		if status != 404 || other["error"] != missing["error"] {
			t.Errorf("another host's record: %d %v; must look exactly like a missing one %v", status, other, missing)
		}
		if _, body := e.call(t, "GET", "/api/optimizations", bob.IDToken, ""); body["total"] != float64(3) {
			t.Errorf("Bob sees %v records, want his 3", body["total"])
		}
	})
}

// TestDashboardPagesByCursor: each page hands out where the next starts;
// following it gives the same pages as the numbers, a cursor cannot reach
// another host's rows, and a malformed one is a plain 400.
func TestDashboardPagesByCursor(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		ana, bob := e.emu.SignUp(t, "Ana"), e.emu.SignUp(t, "Bob")
		for _, u := range []authtest.User{ana, bob} {
			if status, _ := e.call(t, "POST", "/api/me", u.IDToken, "{}"); status != 200 {
				t.Fatal("sign-in failed")
			}
		}
		seed(t, e, ana.UID, 12)
		bobIDs := seed(t, e, bob.UID, 3)
		titles := func(body map[string]any) string {
			var got []string
			for _, it := range body["items"].([]any) {
				got = append(got, it.(map[string]any)["listingTitle"].(string))
			}
			return strings.Join(got, ",")
		}
		path := "/api/optimizations?page=1"
		for page := 1; page <= 3; page++ {
			status, byCursor := e.call(t, "GET", path, ana.IDToken, "")
			_, byNumber := e.call(t, "GET", fmt.Sprintf("/api/optimizations?page=%d", page), ana.IDToken, "")
			if status != 200 || titles(byCursor) != titles(byNumber) || byCursor["total"] != float64(12) {
				t.Fatalf("page %d by cursor: %d %v; by number %v", page, status, titles(byCursor), titles(byNumber))
			}
			next, _ := byCursor["nextCursor"].(string)
			if (next == "") != (page == 3) {
				t.Fatalf("page %d nextCursor %q", page, next)
			}
			path = fmt.Sprintf("/api/optimizations?page=%d&after=%s", page+1, url.QueryEscape(next))
		}
		// Ana's cursor in Bob's hands lists only Bob's rows.
		_, first := e.call(t, "GET", "/api/optimizations?page=1", ana.IDToken, "")
		status, body := e.call(t, "GET", "/api/optimizations?page=2&after="+url.QueryEscape(first["nextCursor"].(string)), bob.IDToken, "")
		if status != 200 || body["total"] != float64(3) {
			t.Fatalf("another host's cursor: %d %v", status, body)
		}
		for _, it := range body["items"].([]any) {
			if id := it.(map[string]any)["id"].(string); !slices.Contains(bobIDs, id) {
				t.Errorf("Ana's cursor showed Bob the row %s, not his", id)
			}
		}
		for _, bad := range []string{"x", "zz.", "%FF.abc", "1.a%2Fb"} {
			if status, body := e.call(t, "GET", "/api/optimizations?page=2&after="+bad, ana.IDToken, ""); status != 400 || body["success"] != false {
				t.Errorf("cursor %q: %d %v, want 400", bad, status, body)
			}
		}
	})
}

// A display name is stored as it reads: control characters, ANSI escapes and
// bidirectional overrides removed, NFC, spaces collapsed.
func TestSignInCleansTheDisplayName(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		user := e.emu.SignUp(t, "")
		status, body := e.call(t, "POST", "/api/me", user.IDToken, `{"displayName":"\u0000Ana\r\n\u202eJose\u0301\u202c  \u001b[2JHost"}`)
		if status != 200 {
			t.Fatalf("sign-in: %d %v", status, body)
		}
		if got := body["customer"].(map[string]any)["displayName"]; got != "Ana José [2JHost" {
			t.Errorf("stored display name %q", got)
		}
	})
}

// A signed-in call says how long its sign-in check took (Server-Timing),
// so a browser's network panel and the load run tell it from the request's
// own work; a refused token says it too.
func TestSignedInCallsReportTheSignInCheck(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newAPIEnv(t, records)
		user := e.emu.SignUp(t, "Ana")
		for _, tc := range []struct {
			token string
			code  int
		}{{user.IDToken, 404}, {"a.b.c", 401}} { // 404: no profile yet
			req, _ := http.NewRequest("GET", e.url+"/api/me", nil)
			req.Header.Set("Authorization", "Bearer "+tc.token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			st := resp.Header.Get("Server-Timing")
			if resp.StatusCode != tc.code || !strings.HasPrefix(st, "auth;dur=") {
				t.Errorf("%d, Server-Timing %q; want %d and auth;dur=…", resp.StatusCode, st, tc.code)
			}
		}
	})
}

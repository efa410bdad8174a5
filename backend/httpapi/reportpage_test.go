package httpapi

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// reportFrameHTML stands in for the build's /payment-success page: its
// loading screen drawn as a frame.
const reportFrameHTML = `<!doctype html><html><head><title>ListingLift</title></head><body>` +
	`<div id="root" data-frame="/payment-success"><title>Creating Your Optimization Report · ListingLift</title>` +
	`<div><header>nav</header><main id="main" class="flex-1 py-10 sm:py-14"><h1>Creating Your Optimization Report</h1></main><footer>f</footer></div></div>` +
	`</body></html>`

// page GETs path with the cookies given and returns the answer and its body.
func (e *paidEnv) page(t *testing.T, path string, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.url+path, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// session trades u's fresh token for the session cookie (POST /api/session).
func (e *paidEnv) session(t *testing.T, token string) *http.Cookie {
	t.Helper()
	req, _ := http.NewRequest("POST", e.url+SessionPath, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("POST %s: %d", SessionPath, resp.StatusCode)
	}
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie {
			return c
		}
	}
	t.Fatalf("POST %s set no %s cookie", SessionPath, sessionCookie)
	return nil
}

var h1 = regexp.MustCompile(`<h1[^>]*>([^<]*)</h1>`)

// A finished report's page comes drawn for its owner — the header in place
// of the loading screen, and the very answer the API gives embedded — and
// as built for anyone else: no cookie, another host, a forged cookie (which
// is cleared), a report not finished yet.
func TestReportPageIsDrawnForItsOwnerOnly(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{})
		u, other := e.signUp(t), e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("basic", fixtureListing))
		if code != 200 {
			t.Fatalf("create-checkout-session: %d %v", code, out)
		}
		id := out["optimization_id"].(string)
		path := "/payment-success?session_id=" + id

		cookie := e.session(t, u.IDToken)
		if !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.MaxAge != int(auth.SessionMaxAge/time.Second) || cookie.Path != "/" {
			t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, Max-Age %v, Path /", cookie, auth.SessionMaxAge)
		}

		// Not finished yet: the loading screen, as built.
		if _, body := e.page(t, path, cookie); body != reportFrameHTML {
			t.Errorf("an unfinished report's page was changed:\n%s", body)
		}

		body := map[string]any{"url": fixtureListing, "title": "", "description": "", "email": u.Email, "reviews": "",
			"wants_pdf": false, "wants_email": false, "image_url": "", "optimization_id": id}
		if code, out := e.send(t, "POST", "/api/optimize", u.IDToken, body); code != 200 {
			t.Fatalf("optimize: %d %v", code, out)
		}
		_, want := e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
		if want["status"] != string(domain.StatusCompleted) {
			t.Fatalf("result: %v", want)
		}

		resp, page := e.page(t, path, cookie)
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "private, no-store" || !strings.Contains(resp.Header.Get("Vary"), "Cookie") {
			t.Errorf("drawn page: %d, Cache-Control %q, Vary %q", resp.StatusCode, resp.Header.Get("Cache-Control"), resp.Header.Get("Vary"))
		}
		if m := h1.FindStringSubmatch(page); m == nil || m[1] != "Your Basic listing optimization is ready" {
			t.Errorf("drawn heading %q, want the report's", m)
		}
		if strings.Contains(page, "Creating Your Optimization Report") || !strings.Contains(page, `data-frame="/payment-success"><title>Your optimization report · ListingLift</title>`) {
			t.Errorf("the loading screen or its title is still there:\n%.1500s", page)
		}
		script := regexp.MustCompile(`<script type="application/json" id="ll-result" data-session="([^"]*)" data-uid="([^"]*)">(.*?)</script></body>`).FindStringSubmatch(page)
		if script == nil {
			t.Fatalf("no embedded answer before </body>:\n%.1500s", page)
		}
		if script[1] != id || script[2] != u.UID {
			t.Errorf("embedded for session %q, uid %q; want %q, %q", script[1], script[2], id, u.UID)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(script[3]), &got); err != nil {
			t.Fatal(err)
		}
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Errorf("embedded answer differs from the API's:\n got %s\nwant %s", g, w)
		}
		if data, _ := got["data"].(map[string]any); data != nil {
			if title, _ := data["original_title"].(string); title != "" && !strings.Contains(page, html.EscapeString(title)) {
				t.Errorf("the header does not name the listing %q", title)
			}
		}

		for name, cookies := range map[string][]*http.Cookie{
			"no cookie":     nil,
			"another host":  {e.session(t, other.IDToken)},
			"forged cookie": {{Name: sessionCookie, Value: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."}},
		} {
			resp, body := e.page(t, path, cookies...)
			if resp.StatusCode != 200 || body != reportFrameHTML {
				t.Errorf("%s: %d, the page was drawn:\n%.1500s", name, resp.StatusCode, body)
			}
			if name == "forged cookie" {
				if c := resp.Cookies(); len(c) != 1 || c[0].Name != sessionCookie || c[0].MaxAge >= 0 {
					t.Errorf("a forged cookie was not cleared: %v", c)
				}
			}
		}

		// Sign-out: DELETE clears the cookie, with no token.
		req, _ := http.NewRequest("DELETE", e.url+SessionPath, nil)
		del, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		del.Body.Close()
		if c := del.Cookies(); del.StatusCode != http.StatusNoContent || len(c) != 1 || c[0].Name != sessionCookie || c[0].MaxAge >= 0 {
			t.Errorf("DELETE %s: %d %v, want 204 clearing the cookie", SessionPath, del.StatusCode, c)
		}
		// POST needs a signed-in host.
		if code, _ := e.send(t, "POST", SessionPath, "", nil); code != http.StatusUnauthorized {
			t.Errorf("POST %s without a token: %d", SessionPath, code)
		}
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// What a listing says is text on the drawn page, never markup: its title in
// the header and anything in the embedded answer.
func TestDrawnReportPageEscapesTheListing(t *testing.T) {
	evil := `</script><script>alert(1)</script><b>`
	data, _ := json.Marshal(map[string]any{"package_type": "premium", "original_title": evil, "location": "Lisbon & <Porto>",
		"layout_notice": evil, "comparison": nil})
	page, err := drawReportPage([]byte(reportFrameHTML), `u"1`, `k"1`, completedResult{Success: true, Status: domain.StatusCompleted, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	if strings.Count(s, "<script") != 1 || strings.Contains(s, "<b>") {
		t.Errorf("the listing's text became markup:\n%s", s)
	}
	if m := h1.FindStringSubmatch(s); m == nil || m[1] != "Your Premium listing optimization is ready" {
		t.Errorf("heading %q", m)
	}
	for _, want := range []string{`data-testid="premium-badge"`, "Lisbon &amp; &lt;Porto&gt;", `data-session="k&#34;1"`, `data-uid="u&#34;1"`} {
		if !strings.Contains(s, want) {
			t.Errorf("the page lacks %s:\n%s", want, s)
		}
	}
}

func TestResultsHeadingIsTheApps(t *testing.T) {
	for _, c := range []struct {
		plan    string
		recheck bool
		want    string
	}{
		{"basic", false, "Your Basic listing optimization is ready"},
		{" PREMIUM ", false, "Your Premium listing optimization is ready"},
		{"", false, "Your listing optimization is ready"},
		{"premium", true, "Your re-check is ready"},
	} {
		if got := resultsHeading(c.plan, c.recheck); got != c.want {
			t.Errorf("resultsHeading(%q, %v) = %q, want %q", c.plan, c.recheck, got, c.want)
		}
	}
}

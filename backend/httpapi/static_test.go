package httpapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The build prerenders the landing page into index.html and keeps the plain
// shell as app.html: "/" gets the landing markup, every other page the shell
// (its own markup is rendered in the browser, nothing else flashes first).
func TestWebAppServesPrerenderedLandingOnlyAtRoot(t *testing.T) {
	app, err := loadWebApp(fstest.MapFS{
		"index.html": {Data: []byte(`<div id="root" data-prerendered="/"><h1>landing</h1></div>`)},
		"app.html":   {Data: []byte(`<div id="root"></div>`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, `<div id="root" data-prerendered="/"><h1>landing</h1></div>`},
		{"/index.html", 200, `<div id="root" data-prerendered="/"><h1>landing</h1></div>`},
		{"/login", 200, `<div id="root"></div>`},
		{"/payment-success", 200, `<div id="root"></div>`},
		{"/no/such/page", 404, `<div id="root"></div>`},
		{"/shared/AbC-123_x", 200, `<div id="root"></div>`},
		{"/shared/", 404, `<div id="root"></div>`},
		{"/shared/a/b", 404, `<div id="root"></div>`},
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != tc.status || string(body) != tc.body {
			t.Errorf("GET %s = %d %q, want %d %q", tc.path, rec.Code, body, tc.status, tc.body)
		}
		if shared := tc.status == 200 && strings.HasPrefix(tc.path, "/shared/"); shared != (rec.Header().Get("X-Robots-Tag") == "noindex") ||
			shared != (rec.Header().Get("Referrer-Policy") == "no-referrer") {
			t.Errorf("GET %s: X-Robots-Tag %q, Referrer-Policy %q", tc.path, rec.Header().Get("X-Robots-Tag"), rec.Header().Get("Referrer-Policy"))
		}
	}
}

// A route the build wrote a page of its own for gets that page; the others
// keep the shell, and a page file is never a way to reach another route.
func TestWebAppServesPagesOfTheirOwn(t *testing.T) {
	app, err := loadWebApp(fstest.MapFS{
		"index.html":                 {Data: []byte(`landing`)},
		"app.html":                   {Data: []byte(`shell`)},
		"pages/login.html":           {Data: []byte(`login drawn`)},
		"pages/payment-success.html": {Data: []byte(`shell preloading the report`)},
		"pages/notes.html":           {Data: []byte(`not a route`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path   string
		status int
		body   string
	}{
		{"/login", 200, `login drawn`},
		{"/login/", 200, `login drawn`},
		{"/payment-success", 200, `shell preloading the report`},
		{"/signup", 200, `shell`},
		{"/notes", 404, `shell`},
		{"/pages/login.html", 200, `login drawn`},
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path+"?next=/dashboard", nil))
		if body, _ := io.ReadAll(rec.Body); rec.Code != tc.status || string(body) != tc.body {
			t.Errorf("GET %s = %d %q, want %d %q", tc.path, rec.Code, body, tc.status, tc.body)
		}
	}
}

// A build without app.html (no prerender) serves index.html everywhere.
func TestWebAppWithoutShellServesIndex(t *testing.T) {
	app, err := loadWebApp(fstest.MapFS{"index.html": {Data: []byte(`<div id="root"></div>`)}})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/login", nil))
	if body, _ := io.ReadAll(rec.Body); rec.Code != 200 || string(body) != `<div id="root"></div>` {
		t.Errorf("GET /login = %d %q", rec.Code, body)
	}
}

// The build's report-header template is read, never served; a build
// without it has none (report pages are served as built), and one that
// does not parse stops the server from starting.
func TestWebAppReadsTheReportHeaderTemplate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header string // "" none
		loaded bool
		fails  bool
	}{
		{"the build's", reportHeaderHTML, true, false},
		{"none", "", false, false},
		{"broken", `<main>{{if .Badge}}</main>`, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := fstest.MapFS{"index.html": {Data: []byte(`<div id="root"></div>`)}}
			if tc.header != "" {
				files[reportHeaderFile] = &fstest.MapFile{Data: []byte(tc.header)}
			}
			app, err := loadWebApp(files)
			if (err != nil) != tc.fails {
				t.Fatalf("loadWebApp: %v", err)
			}
			if err != nil {
				return
			}
			if (app.reportHeader != nil) != tc.loaded {
				t.Errorf("template loaded %v, want %v", app.reportHeader != nil, tc.loaded)
			}
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/"+reportHeaderFile, nil))
			if rec.Code != http.StatusNotFound {
				t.Errorf("GET /%s = %d, want 404", reportHeaderFile, rec.Code)
			}
		})
	}
}

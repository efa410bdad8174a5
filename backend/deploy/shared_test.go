package deploy

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/listinglift/listinglift/backend/httpapi"
)

// A shared report's page (/shared/{token}) is a bearer link: Hosting, which
// serves it in production, sends the headers the server sends for it, so
// no search engine keeps it and none of its requests names it in a Referer
// (Cloud Run's request log records the Referer of every API call).
func TestHostingSharedPageHeadersMatchServer(t *testing.T) {
	h, err := httpapi.NewServer(httpapi.Deps{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Web:    fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	f := loadFirebaseJSON(t)
	// The shared report, and a Watch e-mail's pause or stop link (issue
	// 45), whose token is in the query.
	for page, source := range map[string]string{"/shared/abc": "/shared/**", "/watch?action=pause&token=abc": "/watch"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, page, nil))
		for _, key := range []string{"X-Robots-Tag", "Referrer-Policy"} {
			want := rec.Header().Get(key)
			if got := f.header(source, key); want == "" || got != want {
				t.Errorf("firebase.json %s %s %q, the server's %q for %s", source, key, got, want, page)
			}
		}
	}
}

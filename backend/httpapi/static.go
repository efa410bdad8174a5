package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// clientRoutes are the SPA's routes. Other paths still get the app (its
// not-found page renders) but with status 404, so crawlers and monitors see
// the truth.
var clientRoutes = map[string]bool{
	"/": true, "/login": true, "/signup": true, "/dashboard": true,
	"/payment-success": true, "/payment-cancel": true, "/payment-error": true,
	"/terms": true, "/privacy": true, "/refunds": true,
	// Watch e-mails' pause and stop links (issue 45): the page posts, a GET changes nothing.
	"/watch": true,
}

// asset is one file of the built front end, held in memory with its gzip
// form: the build is small and never changes while the process runs.
type asset struct {
	name    string
	body    []byte
	gz      []byte // nil when compression does not pay
	etag    string
	ctype   string
	modTime time.Time
}

// webApp serves the built React app: hashed files under /assets/ are cached
// forever, index.html is revalidated on every load, and client routes fall
// back to the shell. The build prerenders the landing page into index.html
// and keeps the plain shell as app.html, so only "/" gets the landing
// markup; a build without app.html gets index.html everywhere. A route the
// build wrote a page of its own for (pages/login.html for /login: drawn, or
// preloading that page's chunks) gets that page.
//
// The build also writes templates for the server, under a dot directory
// that is never served: reportHeader, a report page's first screen drawn
// from the app's own header (reportPages), nil when the build has none.
type webApp struct {
	files        map[string]*asset
	index        *asset
	shell        *asset
	reportHeader *template.Template
}

// reportHeaderFile is where the build writes the report header's template
// (frontend/scripts/prerender.mjs, from the app's header in
// features/report/components/report-header-template.tsx).
const reportHeaderFile = ".server/report-header.html"

func loadWebApp(fsys fs.FS) (*webApp, error) {
	app := &webApp{files: map[string]*asset{}}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// Build metadata such as Vite's .vite/manifest.json is not for browsers.
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		app.files["/"+p] = newAsset(p, body, info.ModTime())
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load web app: %w", err)
	}
	app.index = app.files["/index.html"]
	if app.index == nil {
		return nil, fmt.Errorf("load web app: no index.html (build the front end first)")
	}
	app.shell = app.files["/app.html"]
	if app.shell == nil {
		app.shell = app.index
	}
	switch header, err := fs.ReadFile(fsys, reportHeaderFile); {
	case errors.Is(err, fs.ErrNotExist):
		// A build without it: report pages are served as built.
	case err != nil:
		return nil, fmt.Errorf("load web app: %w", err)
	default:
		if app.reportHeader, err = template.New("report-header").Parse(string(header)); err != nil {
			return nil, fmt.Errorf("load web app: the report header's template: %w", err)
		}
	}
	return app, nil
}

func newAsset(name string, body []byte, mod time.Time) *asset {
	sum := sha256.Sum256(body)
	a := &asset{
		name: name, body: body, modTime: mod,
		etag:  `"` + hex.EncodeToString(sum[:8]) + `"`,
		ctype: mime.TypeByExtension(path.Ext(name)),
	}
	if a.ctype == "" {
		a.ctype = http.DetectContentType(body)
	}
	if compressible(a.ctype) && len(body) > 1024 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			a.gz = buf.Bytes()
		}
	}
	return a
}

func compressible(ctype string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(ctype, p) {
			return true
		}
	}
	return false
}

// sharedReferrerPolicy is a shared report page's: its URL is a bearer link.
const sharedReferrerPolicy = "no-referrer"

func (app *webApp) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	if p == "/index.html" {
		p = "/"
	}
	a, ok := app.files[p]
	switch {
	case ok && strings.HasPrefix(p, "/assets/"):
		// Vite puts a content hash in every name under /assets/.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	case ok:
		w.Header().Set("Cache-Control", "public, max-age=3600")
	case path.Ext(p) != "":
		// A missing file (an old chunk after a deploy, a typo) must fail
		// as a file, not quietly return the HTML app.
		http.Error(w, "not found", http.StatusNotFound)
		return
	default:
		a = app.shell
		if p == "/" {
			a = app.index
		} else if page, ok := app.files["/pages"+strings.TrimSuffix(p, "/")+".html"]; ok && clientRoutes[strings.TrimSuffix(p, "/")] {
			a = page
		}
		w.Header().Set("Cache-Control", "no-cache")
		if token, ok := strings.CutPrefix(p, "/shared/"); ok && token != "" && !strings.Contains(token, "/") {
			// A shared report (/shared/{token}): the page says whether
			// the link still works; no search engine should keep it, and
			// no request the page makes names it in a Referer (which
			// Cloud Run's request log and other sites would keep).
			w.Header().Set("X-Robots-Tag", "noindex")
			w.Header().Set("Referrer-Policy", sharedReferrerPolicy)
		} else if p == "/watch" {
			// A Watch e-mail's link (/watch?action=…&token=…): its token is
			// in the address, so the page's own request names it in no
			// Referer either, and no search engine keeps it.
			w.Header().Set("X-Robots-Tag", "noindex")
			w.Header().Set("Referrer-Policy", sharedReferrerPolicy)
		} else if !clientRoutes[strings.TrimSuffix(p, "/")] && p != "/" {
			serveAsset(w, r, a, http.StatusNotFound)
			return
		}
	}
	serveAsset(w, r, a, http.StatusOK)
}

// serveAsset writes a, gzipped when the client accepts it. Status 200 goes
// through http.ServeContent for ETag and range handling.
func serveAsset(w http.ResponseWriter, r *http.Request, a *asset, status int) {
	body := a.body
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Add("Vary", "Accept-Encoding")
	if a.gz != nil && acceptsGzip(r) {
		body = a.gz
		h.Set("Content-Encoding", "gzip")
		h.Set("ETag", strings.TrimSuffix(a.etag, `"`)+`-gz"`)
	} else {
		h.Set("ETag", a.etag)
	}
	if status != http.StatusOK {
		h.Del("ETag")
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
		return
	}
	http.ServeContent(w, r, "", a.modTime, bytes.NewReader(body))
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

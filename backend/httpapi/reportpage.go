package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/report"
)

// reportPages serves /payment-success, a report's page. For the report's
// owner, known by the session cookie, with the report finished, the page
// comes with the report's header drawn in, where the build's frame has
// the loading screen, and with the result answer the app would ask for
// (GET /api/get-optimization-result/{key}) embedded, so the app shows the
// report at once instead of restoring the session and asking. The header
// is the largest thing on a phone's first screen: drawn by the server, it
// paints with the page, not seconds later after the app, Firebase's
// session restore and the request.
//
// Anyone else — no cookie, another host's report, a report still being
// made or one that ended — gets the build's page unchanged, and the app
// does what it always did.
//
// The drawn page is only a head start, so it is drawn within drawBudget:
// when the session check, the store or the payment provider is slow, the
// build's page is answered at once and the work under way is cancelled.
// The host has just paid; the undrawn page shows the report a second or two
// later, where waiting on a stuck dependency would leave them on Hosting's
// error page after 60 s.
//
// The drawn page carries neither the PDF download link nor the share link:
// a page drawn from a cookie must not hand out what outlives the session
// (a signed PDF link lasts an hour, a share link until its owner ends it).
// The app asks for them with the host's ID token once it has started.
type reportPages struct {
	web      *webApp
	sessions *sessions
	deleted  *deletedAccounts
	pay      *checkout
}

// drawBudget is how long drawing a page may take before the build's page is
// answered instead: well under what a host notices as a slow page, well
// over a draw with healthy dependencies (tens of milliseconds).
const drawBudget = 1500 * time.Millisecond

// resultScript is the id of the embedded result answer the app reads
// (frontend lib/orders/drawn-result.ts).
const resultScript = "ll-result"

func (p *reportPages) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	page, ok, clear := p.drawInTime(r)
	if clear {
		p.sessions.clear(w) // forged, expired or ended: the browser drops it
	}
	if ok {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		// A host's own report: never kept by a cache or shown to another.
		h.Set("Cache-Control", "private, no-store")
		h.Add("Vary", "Cookie")
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			// The embedded report is tens of kilobytes: a fifth of it gzipped.
			var buf bytes.Buffer
			zw := gzipWriters.Get().(*gzip.Writer)
			zw.Reset(&buf)
			_, _ = zw.Write(page)
			_ = zw.Close()
			gzipWriters.Put(zw)
			page = buf.Bytes()
			h.Set("Content-Encoding", "gzip")
		}
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(page)
		}
		return
	}
	p.web.ServeHTTP(w, r)
}

// errOverBudget is why a draw's work was cancelled.
var errOverBudget = errors.New("the report page's draw ran out of time")

// drawn is what a draw came to: the page (ok), and whether the session
// cookie is to be cleared.
type drawn struct {
	page      []byte
	ok, clear bool
}

// drawInTime draws the request's page within drawBudget (see reportPages);
// ok false: answer the build's page.
func (p *reportPages) drawInTime(r *http.Request) (page []byte, ok, clear bool) {
	frame := p.web.files["/pages/payment-success.html"]
	key := strings.TrimSpace(r.URL.Query().Get("session_id"))
	cookie := p.sessions.cookieOf(r)
	if frame == nil || key == "" || cookie == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return nil, false, false
	}
	ctx, cancel := context.WithTimeoutCause(r.Context(), drawBudget, errOverBudget)
	defer cancel() // also what stops the work left behind when time runs out
	out := make(chan drawn, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				logging.FromContext(ctx).Error("drawing a report page panicked; served undrawn", "event", "report_page_panic", "panic", fmt.Sprint(v))
				out <- drawn{}
			}
		}()
		out <- p.draw(r.WithContext(ctx), frame.body, cookie, key)
	}()
	select {
	case d := <-out:
		return d.page, d.ok, d.clear
	case <-ctx.Done():
		logging.FromContext(r.Context()).Warn("report page served undrawn", "err", context.Cause(ctx), "budget", drawBudget.String())
		return nil, false, false
	}
}

// draw returns the page drawn for the request's host, or ok false when it
// is not theirs to draw (see reportPages). It writes nothing to the
// response: drawInTime may have answered without it.
func (p *reportPages) draw(r *http.Request, frame []byte, cookie, key string) drawn {
	u, ok, clear := p.sessions.user(r.Context(), cookie, p.deleted)
	if !ok {
		return drawn{clear: clear}
	}
	answer, err := p.pay.resultFor(r, u.UID, key)
	if err != nil {
		// Not this host's order, or the store could not say: the app asks.
		return drawn{}
	}
	done, ok := answer.(completedResult)
	if !ok {
		return drawn{} // still being made, or ended: the app's screens for those
	}
	// Neither link goes into a page drawn from a cookie (see reportPages).
	done.Share = nil
	if done.Data, err = report.WithPDFLink(done.Data, ""); err == nil {
		var page []byte
		if page, err = drawReportPage(frame, u.UID, key, done); err == nil {
			return drawn{page: page, ok: true}
		}
	}
	logging.FromContext(r.Context()).Warn("report page served undrawn", "err", err)
	return drawn{}
}

// reportHeader is the report screen's header as the app draws it
// (frontend features/report/components/results-screen.tsx, the owner's
// form), above an empty space as tall as the report's sections' (so the
// footer does not jump when the app fills it in). An end-to-end test
// checks that the app's header is this, letter for letter.
var reportHeader = template.Must(template.New("header").Parse(
	`<main id="main" class="flex-1 py-10 sm:py-14"><div class="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 max-w-5xl">` +
		`<header class="text-center"><span class="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-600" aria-hidden="true">` +
		`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="h-5 w-5 shrink-0 h-7 w-7"><path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l2.8 2.8L16 10"></path></svg></span>` +
		`<div class="mt-4 flex flex-wrap items-center justify-center gap-3"><h1 class="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{{.Heading}}</h1>` +
		`{{if .Premium}}<span data-tone="brand" class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset bg-brand-600 tracking-wide text-white uppercase ring-brand-700/30" data-testid="premium-badge">Premium</span>{{end}}</div>` +
		`{{with .Line}}<p class="mx-auto mt-2 max-w-2xl text-slate-600">{{.}}</p>{{end}}` +
		`{{with .Notice}}<p role="note" class="mx-auto mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm font-medium text-amber-900" data-testid="layout-notice">{{.}}</p>{{end}}` +
		`</header><div class="{{.Space}}"></div></div></main>`))

// The page's title and the embedded answer.
var (
	reportTitle  = template.Must(template.New("title").Parse(`<title>Your optimization report · ListingLift</title>`))
	reportAnswer = template.Must(template.New("answer").Parse(
		`<script type="application/json" id="` + resultScript + `" data-session="{{.Key}}" data-uid="{{.UID}}">{{.JSON}}</script>`))
)

// drawReportPage is frame (the build's /payment-success page, its loading
// screen drawn) with the report's header in place of the loading screen,
// its title, and the answer before </body>.
func drawReportPage(frame []byte, uid, key string, answer completedResult) ([]byte, error) {
	r, err := report.Decode(answer.Data)
	if err != nil {
		return nil, err
	}
	premium := strings.EqualFold(strings.TrimSpace(string(r.PackageType)), string(domain.PlanPremium))
	line := strings.TrimSpace(r.OriginalTitle)
	if line == "" {
		line = strings.TrimSpace(r.Title)
	}
	parts := []string{}
	for _, s := range []string{line, r.Location} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	space := "mt-8 min-h-[4700px] sm:min-h-[3600px] lg:min-h-[2900px]"
	if premium {
		space = "mt-8 min-h-[7800px] sm:min-h-[5800px] lg:min-h-[4900px]"
	}
	var header, title, embedded bytes.Buffer
	if err := reportHeader.Execute(&header, map[string]any{
		"Heading": resultsHeading(string(r.PackageType), r.Comparison != nil), "Premium": premium,
		"Line": strings.Join(parts, " · "), "Notice": r.LayoutNotice, "Space": space,
	}); err != nil {
		return nil, fmt.Errorf("draw report header: %w", err)
	}
	if err := reportTitle.Execute(&title, nil); err != nil {
		return nil, fmt.Errorf("draw report title: %w", err)
	}
	// encoding/json escapes <, > and & (and U+2028/9), so the answer
	// cannot end the script element it sits in.
	body, err := json.Marshal(answer)
	if err != nil {
		return nil, fmt.Errorf("draw report answer: %w", err)
	}
	if err := reportAnswer.Execute(&embedded, map[string]any{"Key": key, "UID": uid, "JSON": template.JS(body)}); err != nil {
		return nil, fmt.Errorf("draw report answer: %w", err)
	}
	page, err := replaceBetween(frame, "<main id=\"main\"", "</main>", header.Bytes())
	if err != nil {
		return nil, err
	}
	// The frame's own title, which the app renders inside its root (React
	// puts it in the head); the build's fallback title in the head stays.
	root := bytes.Index(page, []byte(`<div id="root"`))
	if root < 0 {
		return nil, fmt.Errorf("draw report page: the frame has no root")
	}
	rest, err := replaceBetween(page[root:], "<title>", "</title>", title.Bytes())
	if err != nil {
		return nil, err
	}
	page = append(page[:root:root], rest...)
	if page, err = replaceBetween(page, "</body>", "</body>", append(embedded.Bytes(), "</body>"...)); err != nil {
		return nil, err
	}
	return appAfterPaint(page), nil
}

// appAfterPaint makes the app's scripts wait for the page: the page a host
// sees is already in the HTML, so the app's chunks are no longer what its
// first paint waits for. The build's page preloads them (the frame is only
// a loading screen); here they are fetched once the app starts, which
// main.tsx does after the page has painted, and the entry and the runtime
// configuration are asked for at low priority. A browser, and Lighthouse's
// model of one (which counts every script fetched before the largest paint
// as holding it back), then paints the report first.
func appAfterPaint(page []byte) []byte {
	head, body, ok := bytes.Cut(page, []byte("</head>"))
	if !ok {
		return page
	}
	var out []byte
	for line := range bytes.Lines(head) {
		if bytes.Contains(line, []byte(`<link rel="modulepreload"`)) {
			continue
		}
		line = bytes.Replace(line, []byte(`fetchpriority="high"`), []byte(`fetchpriority="low"`), 1)
		line = bytes.Replace(line, []byte(`<script type="module" `), []byte(`<script type="module" fetchpriority="low" `), 1)
		out = append(out, line...)
	}
	return slices.Concat(out, []byte("</head>"), body)
}

// replaceBetween replaces the first span of page from start through end
// (both included) with with.
func replaceBetween(page []byte, start, end string, with []byte) ([]byte, error) {
	i := bytes.Index(page, []byte(start))
	if i < 0 {
		return nil, fmt.Errorf("draw report page: the frame has no %q", start)
	}
	j := bytes.Index(page[i:], []byte(end))
	if j < 0 {
		return nil, fmt.Errorf("draw report page: the frame has no %q after %q", end, start)
	}
	j += i + len(end)
	return slices.Concat(page[:i], with, page[j:]), nil
}

// resultsHeading is the report's heading, as the app words it
// (frontend features/report/results.ts resultsHeading): "Your Premium
// listing optimization is ready"; a re-check's "Your re-check is ready".
func resultsHeading(packageType string, recheck bool) string {
	if recheck {
		return "Your re-check is ready"
	}
	label := strings.TrimSpace(packageType)
	if label == "" {
		return "Your listing optimization is ready"
	}
	return "Your " + strings.ToUpper(label[:1]) + strings.ToLower(label[1:]) + " listing optimization is ready"
}

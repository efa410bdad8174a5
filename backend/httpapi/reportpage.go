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
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/report"
)

// reportPages serves /payment-success, a report's page. For the report's
// owner, known by the session cookie, with the report finished, the page
// comes with the report's header drawn in, where the build's frame has
// the loading screen — the build's template of it, drawn from the app's
// own header (webApp.reportHeader) — and with the result answer the app would ask for
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
	if frame == nil || p.web.reportHeader == nil || key == "" || cookie == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
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
		out <- p.draw(r.WithContext(ctx), reportFrame{page: frame.body, header: p.web.reportHeader}, cookie, key)
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
func (p *reportPages) draw(r *http.Request, frame reportFrame, cookie, key string) drawn {
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
		if page, err = frame.draw(u.UID, key, done); err == nil {
			return drawn{page: page, ok: true}
		}
	}
	logging.FromContext(r.Context()).Warn("report page served undrawn", "err", err)
	return drawn{}
}

// The page's title and the embedded answer.
var (
	reportTitle  = template.Must(template.New("title").Parse(`<title>Your optimization report · ListingLift</title>`))
	reportAnswer = template.Must(template.New("answer").Parse(
		`<script type="application/json" id="` + resultScript + `" data-session="{{.Key}}" data-uid="{{.UID}}">{{.JSON}}</script>`))
)

// reportFrame is what a report page is drawn into: the build's
// /payment-success page (its loading screen drawn as a frame) and the
// build's template of the report's header (webApp.reportHeader).
type reportFrame struct {
	page   []byte
	header *template.Template
}

// headerFields are the report header template's fields (frontend
// features/report/components/report-header-template.tsx): the heading, the
// plan's badge, the listing's line, the layout notice, and Full for a plan
// with the market analytics (its report has more below the first screen).
type headerFields struct {
	Heading, Badge, Line, Notice string
	Full                         bool
}

// headerOf is r's header as the app draws it (features/report/results.ts
// planBadge, and the header's line: the listing's title and location).
func headerOf(r *report.Result) headerFields {
	// string(): the plan as the report spells it, whatever its Go type.
	plan := plans.Includes(domain.Plan(strings.ToLower(strings.TrimSpace(string(r.PackageType)))))
	h := headerFields{Heading: resultsHeading(string(r.PackageType), r.Comparison != nil), Notice: r.LayoutNotice, Full: plan.MarketAnalytics}
	if plan.MarketAnalytics {
		h.Badge = plan.Name
	}
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
	h.Line = strings.Join(parts, " · ")
	return h
}

// draw is the frame with the report's header in place of the loading
// screen, its title, and the answer before </body>.
func (f reportFrame) draw(uid, key string, answer completedResult) ([]byte, error) {
	r, err := report.Decode(answer.Data)
	if err != nil {
		return nil, err
	}
	var header, title, embedded bytes.Buffer
	if err := f.header.Execute(&header, headerOf(r)); err != nil {
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
	page, err := replaceBetween(f.page, "<main id=\"main\"", "</main>", header.Bytes())
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

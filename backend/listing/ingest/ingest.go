// Package ingest reads a listing URL into a listing.Listing: it validates
// and normalizes the URL, fetches the canonical page through the safe
// fetcher, picks the parser for the platform (with the generic fallback),
// and, for Airbnb, adds the availability calendar and review text from the
// site's JSON endpoints. Failures come back as *domain.Error values whose
// messages a host can act on.
package ingest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/booking"
	"github.com/listinglift/listinglift/backend/listing/meta"
	"github.com/listinglift/listinglift/backend/listing/vrbo"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// Fetcher is what the Reader needs from the safe HTTP client
// (*safehttp.Client). Tests pass the client from safehttptest.
type Fetcher = safehttp.Doer

// Client-facing messages for failed reads (SPEC §8 names the generic one).
const (
	MsgFailed      = "Failed to scrape the listing."
	MsgNotFound    = "We couldn't find that listing. Check that the link is right and that the listing is public."
	MsgBlocked     = "The listing site blocked our request. Please try again in a few minutes, or type the title and description yourself."
	MsgTimeout     = "The listing site took too long to answer. Please try again."
	MsgDestination = "That link leads to an address we can't read. Paste a public listing link from Airbnb, Vrbo or Booking.com."
)

// Warnings for deeper reads that did not work; the listing is still
// returned.
const (
	WarnCalendar = "Could not read the availability calendar; the booking gap analysis will rely on the page alone."
	WarnReviews  = "Could not read the review text; the review summary will rely on the ratings alone."
)

// Options configure a Reader; zero values take the defaults.
type Options struct {
	// DeepReads turns on the Airbnb calendar and review reads.
	DeepReads bool
	// CalendarMonths is how many months of availability to read (default
	// 12, at most 12); ReviewLimit how many reviews (default 50).
	CalendarMonths int
	ReviewLimit    int
	// DeepReadTimeout bounds the deeper reads together (default 15s).
	DeepReadTimeout time.Duration
	// AirbnbAPI configures the Airbnb JSON endpoints (tests point BaseURL
	// at a fixture server).
	AirbnbAPI airbnb.APIOptions
	// Now is the clock for the calendar's first month (default time.Now).
	Now func() time.Time
	// Logger receives internal detail of failures (default: discard).
	// Review text and reviewer data are never logged.
	Logger *slog.Logger
}

// Reader reads listings. It is safe for concurrent use.
type Reader struct {
	fetch Fetcher
	opts  Options
	api   *airbnb.API
}

// NewReader returns a Reader that fetches through f.
func NewReader(f Fetcher, o Options) *Reader {
	if o.CalendarMonths <= 0 || o.CalendarMonths > 12 {
		o.CalendarMonths = 12
	}
	if o.ReviewLimit <= 0 {
		o.ReviewLimit = 50
	}
	if o.DeepReadTimeout <= 0 {
		o.DeepReadTimeout = 15 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Reader{fetch: f, opts: o, api: airbnb.NewAPI(f, o.AirbnbAPI)}
}

// Read validates rawURL and reads the listing it names.
func (r *Reader) Read(ctx context.Context, rawURL string) (*listing.Listing, error) {
	t, err := listing.ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	return r.ReadTarget(ctx, t)
}

// ReadTarget reads the listing at an already validated target.
func (r *Reader) ReadTarget(ctx context.Context, t listing.Target) (*listing.Listing, error) {
	resp, err := r.fetch.Do(ctx, safehttp.Request{URL: t.CanonicalURL})
	if err != nil {
		return nil, r.fetchError(t, err)
	}
	if resp.Status == 202 && len(bytes.TrimSpace(resp.Body)) < 2048 {
		// Bot challenges (AWS WAF on Booking.com) answer 202 with a tiny
		// script instead of the page.
		return nil, fail(domain.CodeUnavailable, MsgBlocked, errors.New("HTTP 202 challenge page"))
	}
	if redirectedAway(resp.URL) {
		// Removed listings redirect to the home or search page.
		return nil, fail(domain.CodeNotFound, MsgNotFound, errors.New("redirected to "+resp.URL))
	}
	// A site that sends compressed bytes it was not asked for (a bot wall's
	// answer) is read as what they hold, or refused by CheckPage as the
	// wall it is.
	resp.Body = DecodePage(resp.Body)
	l := ParsePage(t, resp.Body)
	// A challenge page has a title ("Access Denied") and nothing else; a
	// real listing page has more, even when it mentions captchas in its
	// scripts. CheckPage also refuses a search or region page, or another
	// listing's page, served for the link.
	if err := CheckPage(t, resp.Body, l, false); err != nil {
		return nil, err
	}
	if r.opts.DeepReads && t.Platform == listing.Airbnb {
		r.deepReads(ctx, l, airbnb.APIKey(resp.Body))
	}
	return l, nil
}

// thin reports a listing with nothing but a title and description.
func thin(l *listing.Listing) bool {
	for f := range l.Sources {
		if f != listing.FieldTitle && f != listing.FieldDescription {
			return false
		}
	}
	return true
}

// ParsePage parses a page already in hand (a saved page, the CLI) with the
// platform's parser, falling back to the generic one when the platform
// parser finds no title.
func ParsePage(t listing.Target, page []byte) *listing.Listing {
	var l *listing.Listing
	switch t.Platform {
	case listing.Airbnb:
		l = airbnb.Parse(page, t)
	case listing.Vrbo:
		l = vrbo.Parse(page, t)
	case listing.Booking:
		l = booking.Parse(page, t)
	default:
		return meta.Parse(page, t)
	}
	if !l.Has(listing.FieldTitle) {
		if g := meta.Parse(page, t); g.Has(listing.FieldTitle) {
			return g
		}
	}
	return l
}

// deepReads adds the calendar and reviews; failures become warnings.
func (r *Reader) deepReads(ctx context.Context, l *listing.Listing, apiKey string) {
	// Optional: a share of the time the caller has left (a report job's
	// budget), at most DeepReadTimeout; what is not read in it is a
	// warning, never a failed read.
	ctx, cancel := budget.Share(ctx, budget.DeepReads, r.opts.DeepReadTimeout)
	defer cancel()
	var (
		wg                sync.WaitGroup
		cal               []listing.CalendarDay
		revs              []listing.Review
		calErr, reviewErr error
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		cal, calErr = r.api.Calendar(ctx, apiKey, l.ID, r.opts.Now(), r.opts.CalendarMonths)
	}()
	go func() {
		defer wg.Done()
		revs, reviewErr = r.api.Reviews(ctx, apiKey, l.ID, r.opts.ReviewLimit)
	}()
	wg.Wait()
	if calErr != nil {
		l.Warn(WarnCalendar)
		r.opts.Logger.Warn("airbnb calendar read failed", "listing", l.ID, "err", calErr.Error())
	} else {
		l.Calendar = cal
		l.Set(listing.FieldCalendar, listing.SourceAPI)
	}
	if reviewErr != nil {
		l.Warn(WarnReviews)
		r.opts.Logger.Warn("airbnb reviews read failed", "listing", l.ID, "err", reviewErr.Error())
	} else {
		l.Reviews = revs
		l.Set(listing.FieldReviews, listing.SourceAPI)
	}
	l.Finish() // keep every string valid UTF-8 after the additions
}

// fetchError maps a fetch failure to what the host is told.
func (r *Reader) fetchError(t listing.Target, err error) error {
	r.opts.Logger.Info("listing fetch failed", "url", t.CanonicalURL, "err", err.Error())
	switch status := safehttp.Status(err); {
	case status == 404 || status == 410:
		return fail(domain.CodeNotFound, MsgNotFound, err)
	case status == 403 || status == 429 || status == 451:
		return fail(domain.CodeUnavailable, MsgBlocked, err)
	case errors.Is(err, safehttp.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return fail(domain.CodeUnavailable, MsgTimeout, err)
	case errors.Is(err, safehttp.ErrBlocked):
		return fail(domain.CodeInvalid, MsgDestination, err)
	case errors.Is(err, context.Canceled):
		return fail(domain.CodeUnavailable, MsgFailed, err)
	}
	return fail(domain.CodeUnavailable, MsgFailed, err)
}

func fail(code domain.Code, msg string, cause error) error {
	return &domain.Error{Code: code, Message: msg, Err: cause}
}

// redirectedAway reports a final URL that is a site's home or search page
// rather than a listing.
func redirectedAway(final string) bool {
	u, err := url.Parse(final)
	if err != nil {
		return false
	}
	p := strings.TrimRight(u.Path, "/")
	return p == "" || p == "/s" || strings.HasPrefix(p, "/s/") || p == "/search" ||
		strings.HasPrefix(p, "/searchresults") || p == "/homes"
}

// challengeMarkers are strings of bot-challenge pages (DataDome,
// PerimeterX, AWS WAF, Cloudflare, Akamai). They are only consulted when
// the page yielded no listing, so a real page that mentions "captcha" in
// its scripts is never taken for a block.
var challengeMarkers = [][]byte{
	[]byte("captcha-delivery.com"), []byte("px-captcha"), []byte("_pxcaptcha"), []byte("awswaf"),
	[]byte("challenge-platform"), []byte("cf-chl"), []byte("g-recaptcha"), []byte("h-captcha"),
	[]byte("<title>access denied"), []byte("show us your human side"), []byte("are you a robot"),
	[]byte("unusual traffic"), []byte("verify you are human"), []byte("bot or not"),
}

// LooksBlocked reports whether page is a bot-challenge or captcha page.
func LooksBlocked(page []byte) bool {
	head := bytes.ToLower(page[:min(len(page), 256<<10)])
	for _, m := range challengeMarkers {
		if bytes.Contains(head, m) {
			return true
		}
	}
	return false
}

package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/listinglift/listinglift/backend/cache"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/ratelimit"
	"github.com/listinglift/listinglift/backend/report"
)

// ListingReader reads a listing page (listing/ingest.Reader in production).
type ListingReader interface {
	ReadTarget(ctx context.Context, t listing.Target) (*listing.Listing, error)
}

// Scrape limits: a host pastes a few links; a script pasting hundreds is
// stopped. Results are reused for a while because listing pages change
// slowly and every fetch costs the listing site and us.
const (
	scrapePerMinute = 20
	scrapeBurst     = 6
	scrapeCacheTTL  = 10 * time.Minute
	scrapeCacheSize = 500
	scrapeTimeout   = 25 * time.Second
)

// scraper serves POST /api/scrape (SPEC §7): {url} → {success, error,
// title, description} plus the listing we read.
type scraper struct {
	reader ListingReader
	market report.Market     // nil: no market data
	live   report.LiveMarket // nil: no live comparables
	limit  *ratelimit.Limiter
	cache  *cache.Cache[*listing.Listing]
	flight singleflight.Group
	// covers keeps each listing's coverage for as long as its read, so the
	// order that follows the form is judged by what the form was told.
	covers  *cache.Cache[readCoverage]
	addr    ClientAddrPolicy
	timeout time.Duration
}

func newScraper(r ListingReader, addr ClientAddrPolicy, now func() time.Time) *scraper {
	return &scraper{
		reader:  r,
		limit:   ratelimit.New(scrapePerMinute, scrapeBurst, 10000, now),
		cache:   cache.New[*listing.Listing](scrapeCacheSize, scrapeCacheTTL, now),
		covers:  cache.New[readCoverage](scrapeCacheSize, scrapeCacheTTL, now),
		addr:    addr,
		timeout: scrapeTimeout,
	}
}

type scrapeBody struct {
	Success     bool             `json:"success"`
	Error       string           `json:"error"`
	Title       string           `json:"title"`
	Description string           `json:"description"`
	Listing     *listing.Listing `json:"listing"`
	Cached      bool             `json:"cached"`
	// Coverage says what a report on this listing will include (market
	// data, photos, reviews, which of the seven sections) and which plans
	// are offered for it, so the host knows before paying.
	Coverage *report.Coverage `json:"coverage"`
}

// scrapeFailure is a read that failed for now (the site blocked us or was
// slow): the error, and the coverage of a report from the title and
// description the host may type instead (Basic only), so the form says
// what that choice gives before the host makes it.
type scrapeFailure struct {
	Success  bool             `json:"success"`
	Error    string           `json:"error"`
	Coverage *report.Coverage `json:"coverage"`
}

func (s *scraper) serve(w http.ResponseWriter, r *http.Request) error {
	if ok, wait := s.limit.Allow(limitKey(s.addr.Of(r))); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		return domain.Errorf(domain.CodeRateLimited, "Too many listing look-ups. Please wait a minute and try again.")
	}
	var req struct {
		URL string `json:"url"`
	}
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.URL) == "" {
		return domain.Errorf(domain.CodeInvalid, "Please enter a listing URL.")
	}
	t, err := listing.ParseURL(req.URL)
	if err != nil {
		return err
	}
	l, cached, err := s.read(r.Context(), t)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeUnavailable {
			if c, cerr := report.TypedCoverage(r.Context(), t); cerr == nil {
				logging.FromContext(r.Context()).Info("request refused", "status", http.StatusServiceUnavailable, "err", err.Error())
				writeJSON(w, http.StatusServiceUnavailable, scrapeFailure{Error: domain.ErrorMessage(err), Coverage: &c})
				return nil
			}
		}
		return err
	}
	sr := l.ScrapeResponse()
	body := scrapeBody{Success: true, Title: sr.Title, Description: sr.Description, Listing: l, Cached: cached}
	if c, ok := s.coverage(r.Context(), t, l); ok {
		body.Coverage = &c
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// coverage is what a report on l (read from t) will include, looked up
// once per read. The look-up may search the listing's site for
// comparables: bounded, so a slow site delays the form by seconds at most;
// past that, or on a failure, ok is false.
func (s *scraper) coverage(ctx context.Context, t listing.Target, l *listing.Listing) (report.Coverage, bool) {
	if c, ok := s.covers.Get(t.CanonicalURL); ok && c.of == l {
		return c.coverage, true
	}
	covCtx, cancel := context.WithTimeout(ctx, CoverageTimeout)
	defer cancel()
	c, err := report.CoverageOf(covCtx, report.Input{Listing: l, Market: s.market, Live: s.live})
	if err != nil {
		if ctx.Err() == nil && covCtx.Err() == nil {
			// The look-up is a courtesy: the listing was read, so it is
			// sent without one.
			logging.FromContext(ctx).Warn("market coverage look-up failed", "err", err)
		}
		return c, false
	}
	s.covers.Set(t.CanonicalURL, readCoverage{of: l, coverage: c})
	return c, true
}

// readCoverage is a coverage and the read it was made from.
type readCoverage struct {
	of       *listing.Listing
	coverage report.Coverage
}

// CoverageTimeout bounds the coverage look-up in /api/scrape; past it the
// answer goes without one (the form then says nothing about coverage).
const CoverageTimeout = 5 * time.Second

// read answers from the cache, or reads the page once however many
// requests for the same listing arrive together.
func (s *scraper) read(ctx context.Context, t listing.Target) (*listing.Listing, bool, error) {
	key := t.CanonicalURL
	if l, ok := s.cache.Get(key); ok {
		return l, true, nil
	}
	v, err, _ := s.flight.Do(key, func() (any, error) {
		// Detached from the first caller's request: its cancellation must
		// not fail the others waiting on the same read.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
		defer cancel()
		l, err := s.reader.ReadTarget(ctx, t)
		if err != nil {
			return nil, err
		}
		s.cache.Set(key, l)
		return l, nil
	})
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeInternal {
			err = &domain.Error{Code: domain.CodeUnavailable, Message: "Failed to scrape the listing.", Err: err}
		}
		return nil, false, fmt.Errorf("scrape %s: %w", key, err)
	}
	return v.(*listing.Listing), false, nil
}

// limitKey groups IPv6 clients by their /64, which one subscriber holds
// whole: keying by full address would give them endless fresh buckets.
func limitKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Unmap().Is4() {
		return ip
	}
	p, err := a.Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}

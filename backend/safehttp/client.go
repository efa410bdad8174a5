// Package safehttp is the only way ListingLift fetches a URL a user gave
// us. Its client checks the address it actually connects to, at dial time,
// so redirects and DNS rebinding cannot steer it to loopback, private,
// link-local (cloud metadata), CGNAT or other special-purpose addresses; it
// only talks to ports 80 and 443, ignores proxy environment variables, caps
// time, size and redirects, and decompresses gzip with a cap (zip bombs).
package safehttp

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/listinglift/listinglift/backend/safehttp/internal/seam"
)

// Resolver looks up a host's addresses. *net.Resolver satisfies it; tests
// pass a map so names like rebind.example.com can point at 127.0.0.1
// without DNS.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Doer is what a reader of listing and market pages needs of the client:
// one guarded request. *Client satisfies it; tests pass a fake or a routed
// fixture site.
type Doer interface {
	Do(ctx context.Context, req Request) (*Response, error)
}

// Options configure a Client. Zero fields take the defaults below.
type Options struct {
	Timeout               time.Duration // whole exchange, body included; default 20s
	ConnectTimeout        time.Duration // TCP connect; default 5s
	TLSHandshakeTimeout   time.Duration // default 5s
	ResponseHeaderTimeout time.Duration // from request sent to headers; default 10s
	MaxBodyBytes          int64         // after decompression; default 5 MB
	MaxRedirects          int           // default 5
	UserAgent             string        // default a current desktop Chrome
	AcceptLanguage        string        // default "en-US,en;q=0.9"
	Resolver              Resolver      // default net.DefaultResolver
}

// Defaults.
const (
	DefaultTimeout               = 20 * time.Second
	DefaultConnectTimeout        = 5 * time.Second
	DefaultTLSHandshakeTimeout   = 5 * time.Second
	DefaultResponseHeaderTimeout = 10 * time.Second
	DefaultMaxBodyBytes          = 5 << 20
	DefaultMaxRedirects          = 5
	// DefaultUserAgent is a current desktop Chrome: listing sites serve
	// their full server-rendered page to browsers and a stripped or blocked
	// one to anything that looks like a bot library.
	DefaultUserAgent      = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36"
	DefaultAcceptLanguage = "en-US,en;q=0.9"
	// MaxURLLength bounds any URL we fetch, API calls with their query
	// included. Listing URLs are capped tighter by package listing.
	MaxURLLength = 4096
)

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.TLSHandshakeTimeout <= 0 {
		o.TLSHandshakeTimeout = DefaultTLSHandshakeTimeout
	}
	if o.ResponseHeaderTimeout <= 0 {
		o.ResponseHeaderTimeout = DefaultResponseHeaderTimeout
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = DefaultMaxRedirects
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	if o.AcceptLanguage == "" {
		o.AcceptLanguage = DefaultAcceptLanguage
	}
	if o.Resolver == nil {
		o.Resolver = net.DefaultResolver
	}
	return o
}

// Request is one GET. Header adds to (and overrides) the browser-like
// defaults, e.g. Accept: application/json for an API call.
type Request struct {
	URL    string
	Header http.Header
}

// Response is a fully read 2xx response.
type Response struct {
	URL         string // the final URL, after redirects
	Status      int
	ContentType string
	Header      http.Header
	Body        []byte // decompressed, at most Options.MaxBodyBytes
}

// Client fetches user-supplied URLs safely. It is safe for concurrent use.
type Client struct {
	opts  Options
	http  *http.Client
	hooks seam.Hooks // zero in production; see package seam
	// testPorts widens the port policy (never the address policy) in this
	// package's own tests, so they can show the address check alone
	// refusing a local listener. Only export_test.go sets it.
	testPorts map[uint16]bool
}

func (c *Client) portAllowed(p uint16) bool { return allowedPort(p) || c.testPorts[p] }

func init() {
	seam.Install = func(c any, h seam.Hooks) any { return c.(*Client).withHooks(h) }
}

// New returns a Client with o's settings.
func New(o Options) *Client {
	c := &Client{opts: o.withDefaults()}
	c.http = c.newHTTPClient()
	return c
}

func (c *Client) withHooks(h seam.Hooks) *Client {
	cc := &Client{opts: c.opts, hooks: h, testPorts: c.testPorts}
	cc.http = cc.newHTTPClient()
	return cc
}

func (c *Client) newHTTPClient() *http.Client {
	dialer := &net.Dialer{
		Timeout:   c.opts.ConnectTimeout,
		KeepAlive: 30 * time.Second,
		// Control runs on the very address being connected to, after every
		// resolution: the last word on where a connection may go.
		Control: c.control,
	}
	tr := &http.Transport{
		Proxy: nil, // never HTTP(S)_PROXY: a proxy would hide the real destination from our checks
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return c.dial(ctx, dialer, network, addr)
		},
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    c.opts.TLSHandshakeTimeout,
		ResponseHeaderTimeout:  c.opts.ResponseHeaderTimeout,
		ExpectContinueTimeout:  time.Second,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           20,
		MaxIdleConnsPerHost:    4,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 256 << 10,
		// We ask for gzip ourselves and decompress with a cap.
		DisableCompression: true,
	}
	return &http.Client{
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > c.opts.MaxRedirects {
				return fmt.Errorf("%w: more than %d", ErrTooManyRedirects, c.opts.MaxRedirects)
			}
			return c.checkURL(req.URL)
		},
	}
}

// Get fetches rawURL with the default headers.
func (c *Client) Get(ctx context.Context, rawURL string) (*Response, error) {
	return c.Do(ctx, Request{URL: rawURL})
}

// Do fetches req. Errors wrap ErrBlocked, ErrTimeout, ErrTooLarge or
// ErrTooManyRedirects, or are a *StatusError for non-2xx answers.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	if len(req.URL) > MaxURLLength {
		return nil, blockedf("URL longer than %d", MaxURLLength)
	}
	u, err := url.Parse(req.URL)
	if err != nil {
		return nil, blockedf("unparsable URL")
	}
	if err := c.checkURL(u); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("safehttp: building request: %w", err)
	}
	hr.Header = c.browserHeaders()
	for k, vs := range req.Header {
		hr.Header[http.CanonicalHeaderKey(k)] = vs
	}
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	defer resp.Body.Close()
	final := resp.Request.URL.String()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Drain a little so the connection can be reused; never much.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return nil, &StatusError{Code: resp.StatusCode, URL: final}
	}
	body, err := c.readBody(resp)
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	return &Response{
		URL:         final,
		Status:      resp.StatusCode,
		ContentType: resp.Header.Get("Content-Type"),
		Header:      resp.Header,
		Body:        body,
	}, nil
}

// browserHeaders are what a desktop Chrome sends for a top-level
// navigation, so listing sites answer with their normal page.
func (c *Client) browserHeaders() http.Header {
	return http.Header{
		"User-Agent":                {c.opts.UserAgent},
		"Accept":                    {"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"},
		"Accept-Language":           {c.opts.AcceptLanguage},
		"Accept-Encoding":           {"gzip"},
		"Cache-Control":             {"no-cache"},
		"Upgrade-Insecure-Requests": {"1"},
		"Sec-Fetch-Dest":            {"document"},
		"Sec-Fetch-Mode":            {"navigate"},
		"Sec-Fetch-Site":            {"none"},
		"Sec-Fetch-User":            {"?1"},
	}
}

// checkURL is the policy on a URL before any connection: http(s), no
// credentials, port 80/443, and no host name that can only be internal.
// It runs on the first URL and on every redirect target.
func (c *Client) checkURL(u *url.URL) error {
	if len(u.String()) > MaxURLLength {
		return blockedf("URL longer than %d", MaxURLLength)
	}
	switch u.Scheme {
	case "http", "https":
	default:
		return blockedf("scheme %q", u.Scheme)
	}
	if u.User != nil {
		return blockedf("credentials in URL")
	}
	host := u.Hostname()
	if host == "" {
		return blockedf("no host")
	}
	port := uint16(80)
	if u.Scheme == "https" {
		port = 443
	}
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return blockedf("port %q", p)
		}
		port = uint16(n)
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return c.allowed(netip.AddrPortFrom(a.Unmap(), port))
	}
	if blockedName(host) {
		return blockedf("host %q", host)
	}
	// The address is not known yet: a port the policy refuses can only be
	// right for a test fixture, which the dial check decides.
	if !c.portAllowed(port) && c.hooks.Allow == nil {
		return blockedf("port %d", port)
	}
	return nil
}

// dial resolves addr's host with our resolver, refuses the whole lookup if
// any answer is not public (a mixed answer is a rebinding attempt or a
// misconfiguration; neither is a listing site), then connects to the
// checked IPs directly so nothing resolves the name a second time.
func (c *Client) dial(ctx context.Context, d *net.Dialer, network, addr string) (net.Conn, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, blockedf("address %q", addr)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return nil, blockedf("port %q", portStr)
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		if blockedName(host) {
			return nil, blockedf("host %q", host)
		}
		ips, err = c.opts.Resolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return nil, fmt.Errorf("safehttp: resolving %s: %w", host, err)
		}
		if len(ips) == 0 {
			return nil, fmt.Errorf("safehttp: %s has no addresses", host)
		}
	}
	for _, ip := range ips {
		if err := c.allowed(netip.AddrPortFrom(ip.Unmap(), uint16(port))); err != nil {
			return nil, fmt.Errorf("%w (resolved from %s)", err, host)
		}
	}
	var firstErr error
	for _, ip := range ips {
		conn, err := d.DialContext(ctx, network, netip.AddrPortFrom(ip.Unmap(), uint16(port)).String())
		if err == nil {
			return conn, nil
		}
		if firstErr == nil {
			firstErr = err
		}
		if errors.Is(err, ErrBlocked) || ctx.Err() != nil {
			break
		}
	}
	return nil, firstErr
}

// allowed is the address policy: public IP, port 80 or 443 — or a test
// fixture allowed through the seam.
func (c *Client) allowed(ap netip.AddrPort) error {
	if c.hooks.Allow != nil && c.hooks.Allow(ap) {
		return nil
	}
	if !IsPublic(ap.Addr()) {
		return blockedf("address %s is not public", ap.Addr())
	}
	if !c.portAllowed(ap.Port()) {
		return blockedf("port %d", ap.Port())
	}
	return nil
}

// control runs just before connect(2) with the literal address.
func (c *Client) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return blockedf("address %q", address)
	}
	ap = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
	if err := c.allowed(ap); err != nil {
		return err
	}
	if c.hooks.OnDial != nil {
		c.hooks.OnDial(network, address)
	}
	return nil
}

// readBody reads the body, decompressing gzip, and fails (never truncates)
// past the cap. The compressed stream is capped too.
func (c *Client) readBody(resp *http.Response) ([]byte, error) {
	limit := c.opts.MaxBodyBytes
	if resp.ContentLength > limit {
		return nil, fmt.Errorf("%w: Content-Length %d over %d", ErrTooLarge, resp.ContentLength, limit)
	}
	var r io.Reader = io.LimitReader(resp.Body, limit+1)
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("safehttp: gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	default:
		return nil, fmt.Errorf("safehttp: unsupported Content-Encoding %q", enc)
	}
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("safehttp: reading body: %w", err)
	}
	if n > limit {
		return nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, limit)
	}
	return buf.Bytes(), nil
}

// classify maps transport errors onto our sentinels. Our own errors pass
// through; a cancelled caller context stays a cancellation.
func (c *Client) classify(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ErrBlocked), errors.Is(err, ErrTooLarge), errors.Is(err, ErrTooManyRedirects):
		return err
	case errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil:
		return fmt.Errorf("%w: %v", ErrTimeout, err)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("%w: %v", ErrTimeout, err)
	}
	return fmt.Errorf("safehttp: %w", err)
}

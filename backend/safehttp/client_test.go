package safehttp

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/safehttp/internal/seam"
)

// mapResolver answers from a map and never touches DNS.
type mapResolver map[string][]string

func (m mapResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	ss, ok := m[strings.TrimSuffix(strings.ToLower(host), ".")]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	var out []netip.Addr
	for _, s := range ss {
		out = append(out, netip.MustParseAddr(s))
	}
	return out, nil
}

// testResolver maps the names the hostile URLs use. It never maps a name
// to an address a test could actually reach outside this machine, except
// inside a mixed answer the client must refuse whole.
var testResolver = mapResolver{
	"rebind.example.com":     {"127.0.0.1"},
	"mapped.example.com":     {"::ffff:127.0.0.1"},
	"private-v6.example.com": {"fd00::1"},
	"metadata.example.com":   {"169.254.169.254"},
	"cgnat.example.com":      {"100.64.1.1"},
	"mixed.example.com":      {"93.184.216.34", "127.0.0.1"},
	"nat64.example.com":      {"64:ff9b::7f00:1"},
}

// countingListener accepts on a loopback address and counts connections.
// Every hostile URL aims at it; it must never see one.
type countingListener struct {
	ln       net.Listener
	accepted atomic.Int64
}

func newCountingListener(t *testing.T, network, addr string) *countingListener {
	t.Helper()
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	cl := &countingListener{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			cl.accepted.Add(1)
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return cl
}

func (cl *countingListener) port() string {
	_, p, _ := net.SplitHostPort(cl.ln.Addr().String())
	return p
}

// dialRecorder records every address the client connected to.
type dialRecorder struct {
	mu    sync.Mutex
	addrs []string
}

func (r *dialRecorder) record(_, address string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addrs = append(r.addrs, address)
}

func (r *dialRecorder) nonPublic(allowed ...string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var bad []string
outer:
	for _, a := range r.addrs {
		for _, ok := range allowed {
			if a == ok {
				continue outer
			}
		}
		ap, err := netip.ParseAddrPort(a)
		if err != nil || !IsPublic(ap.Addr()) {
			bad = append(bad, a)
		}
	}
	return bad
}

func TestHostileURLsAreRefusedWithoutConnecting(t *testing.T) {
	v4 := newCountingListener(t, "tcp4", "127.0.0.1:0")
	P := v4.port()
	// IPv6 loopback may be missing in a container; the v4 listener still
	// counts everything then.
	v6, P6 := v4, P
	if ln, err := net.Listen("tcp6", "[::1]:0"); err == nil {
		ln.Close()
		v6 = newCountingListener(t, "tcp6", "[::1]:0")
		P6 = v6.port()
	}
	rec := &dialRecorder{}
	// The listeners' ports are allowed so that refusals below come from
	// the address policy, not the port policy; production allows 80/443 only.
	var port, port6 uint16
	fmt.Sscan(P, &port)
	fmt.Sscan(P6, &port6)
	c := New(Options{Resolver: testResolver, Timeout: 2 * time.Second}).
		WithTestPorts(port, port6).
		WithHooks(seam.Hooks{OnDial: rec.record})

	hostile := []string{
		"http://127.0.0.1:" + P + "/",
		"http://127.0.0.1/",
		"https://127.0.0.1/",
		"http://127.0.0.2:" + P + "/",
		"http://[::1]:" + P + "/",
		"http://[::1]:" + P6 + "/",
		"http://[0:0:0:0:0:0:0:1]:" + P6 + "/",
		"http://[::ffff:127.0.0.1]:" + P + "/",
		"http://[::ffff:7f00:1]:" + P + "/",
		"http://[::127.0.0.1]:" + P + "/",
		"http://[64:ff9b::7f00:1]:" + P + "/",
		"http://2130706433:" + P + "/",
		"http://0177.0.0.1:" + P + "/",
		"http://0x7f.1:" + P + "/",
		"http://0x7f000001:" + P + "/",
		"http://127.1:" + P + "/",
		"http://0:" + P + "/",
		"http://0.0.0.0:" + P + "/",
		"http://[::]:" + P + "/",
		"http://localhost:" + P + "/",
		"http://localhost.:" + P + "/",
		"http://LOCALHOST:" + P + "/",
		"http://api.localhost:" + P + "/",
		"http://169.254.169.254/latest/meta-data/",
		"http://[::ffff:a9fe:a9fe]/latest/meta-data/",
		"http://[fd00:ec2::254]/latest/meta-data/",
		"http://metadata.google.internal/computeMetadata/v1/",
		"http://metadata/computeMetadata/v1/",
		"http://10.0.0.1/",
		"http://172.16.0.1/",
		"http://192.168.1.1/",
		"http://100.64.0.1/",
		"http://198.18.0.1/",
		"http://192.0.2.1/",
		"http://224.0.0.1/",
		"http://255.255.255.255/",
		"http://240.0.0.1/",
		"http://[fc00::1]/",
		"http://[fe80::1]/",
		"http://[fe80::1%25lo]:" + P + "/",
		"http://[ff02::1]/",
		"http://[2001:db8::1]/",
		"http://rebind.example.com:" + P + "/",
		"http://mapped.example.com:" + P + "/",
		"http://private-v6.example.com/",
		"http://metadata.example.com/latest/meta-data/",
		"http://cgnat.example.com/",
		"http://mixed.example.com/",
		"http://nat64.example.com:" + P + "/",
		"http://airbnb.com@127.0.0.1:" + P + "/",
		"http://user:pass@www.airbnb.com/",
		"http://127.0.0.1:" + P + "#@airbnb.com",
		"http://www.airbnb.com:22/",
		"http://www.airbnb.com:8080/",
		"http://www.airbnb.com:0/",
		"file:///etc/passwd",
		"gopher://127.0.0.1:" + P + "/_GET%20/",
		"ftp://www.airbnb.com/",
		"dict://127.0.0.1:" + P + "/",
		"http://www.airbnb.com/rooms/1?" + strings.Repeat("a", MaxURLLength),
		"http:///nohost",
	}
	if len(hostile) < 30 {
		t.Fatalf("only %d hostile URLs", len(hostile))
	}
	for _, u := range hostile {
		_, err := c.Get(context.Background(), u)
		if !errors.Is(err, ErrBlocked) {
			t.Errorf("Get(%.90q) = %v, want ErrBlocked", u, err)
		}
	}
	if n := v4.accepted.Load() + v6.accepted.Load(); n != 0 { // v6 may be v4: still zero
		t.Errorf("the loopback listeners accepted %d connections; want none", n)
	}
	if bad := rec.nonPublic(); len(bad) != 0 {
		t.Errorf("the client connected to non-public addresses: %v", bad)
	}
}

// fixture starts a local server the seam lets the client reach.
func fixture(t *testing.T, h http.Handler) (*httptest.Server, netip.AddrPort) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return srv, netip.MustParseAddrPort(u.Host)
}

func seamClient(o Options, rec *dialRecorder, allow ...netip.AddrPort) *Client {
	if o.Resolver == nil {
		o.Resolver = testResolver
	}
	h := seam.Hooks{Allow: func(ap netip.AddrPort) bool {
		for _, a := range allow {
			if a == ap {
				return true
			}
		}
		return false
	}}
	if rec != nil {
		h.OnDial = rec.record
	}
	return New(o).WithHooks(h)
}

func TestRedirectsAreRevalidated(t *testing.T) {
	target := newCountingListener(t, "tcp4", "127.0.0.1:0")
	P := target.port()
	redirects := map[string]string{
		"/to-loopback":  "http://127.0.0.1:" + P + "/",
		"/to-loopback6": "http://[::1]:" + P + "/",
		"/to-mapped":    "http://[::ffff:127.0.0.1]:" + P + "/",
		"/to-metadata":  "http://169.254.169.254/latest/meta-data/iam/",
		"/to-gcp":       "http://metadata.google.internal/computeMetadata/v1/",
		"/to-private":   "http://10.1.2.3/",
		"/to-rebind":    "http://rebind.example.com:" + P + "/",
		"/to-file":      "file:///etc/passwd",
		"/to-gopher":    "gopher://127.0.0.1:" + P + "/_x",
		"/to-userinfo":  "http://www.airbnb.com@127.0.0.1:" + P + "/",
		"/to-port":      "http://cgnat.example.com:22/",
	}
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to, ok := redirects[r.URL.Path]; ok {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		fmt.Fprint(w, "ok")
	}))
	rec := &dialRecorder{}
	c := seamClient(Options{Timeout: 2 * time.Second}, rec, ap)
	for path := range redirects {
		_, err := c.Get(context.Background(), srv.URL+path)
		if !errors.Is(err, ErrBlocked) {
			t.Errorf("redirect %s → %s: err = %v, want ErrBlocked", path, redirects[path], err)
		}
	}
	if n := target.accepted.Load(); n != 0 {
		t.Errorf("a redirect reached the loopback listener %d times", n)
	}
	if bad := rec.nonPublic(ap.String()); len(bad) != 0 {
		t.Errorf("connected to non-public addresses other than the fixture: %v", bad)
	}
	// The control: the fixture itself is reachable through the seam, and
	// the hook saw it, so the hook would have seen anything else.
	resp, err := c.Get(context.Background(), srv.URL+"/plain")
	if err != nil || string(resp.Body) != "ok" {
		t.Fatalf("fixture fetch: %v", err)
	}
	if len(rec.addrs) == 0 {
		t.Fatal("the dial hook recorded nothing for the fixture fetch")
	}
}

func TestRedirectCap(t *testing.T) {
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(strings.TrimPrefix(r.URL.Path, "/hop/"), &n)
		if n > 0 {
			http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, "arrived")
	}))
	c := seamClient(Options{MaxRedirects: 5}, nil, ap)
	resp, err := c.Get(context.Background(), srv.URL+"/hop/5")
	if err != nil {
		t.Fatalf("5 redirects: %v", err)
	}
	if resp.URL != srv.URL+"/hop/0" || string(resp.Body) != "arrived" {
		t.Errorf("final URL %q body %q", resp.URL, resp.Body)
	}
	if _, err := c.Get(context.Background(), srv.URL+"/hop/6"); !errors.Is(err, ErrTooManyRedirects) {
		t.Errorf("6 redirects: err = %v, want ErrTooManyRedirects", err)
	}
}

func TestBodyCaps(t *testing.T) {
	const limit = 1 << 20
	big := bytes.Repeat([]byte("a"), limit+1)
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zw.Write(bytes.Repeat([]byte{0}, 16*limit)) // 16 MB of zeros in ~16 KB
	zw.Close()
	var small bytes.Buffer
	zw = gzip.NewWriter(&small)
	zw.Write([]byte("<html>héllo</html>"))
	zw.Close()

	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big-length":
			w.Write(big)
		case "/big-chunked":
			f := w.(http.Flusher)
			for i := 0; i < len(big); i += 64 << 10 {
				w.Write(big[i:min(len(big), i+64<<10)])
				f.Flush()
			}
		case "/bomb":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(bomb.Bytes())
		case "/gzip":
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(small.Bytes())
		case "/exact":
			w.Write(big[:limit])
		case "/brotli":
			w.Header().Set("Content-Encoding", "br")
			w.Write([]byte{1, 2, 3})
		}
	}))
	c := seamClient(Options{MaxBodyBytes: limit}, nil, ap)
	for _, p := range []string{"/big-length", "/big-chunked", "/bomb"} {
		if _, err := c.Get(context.Background(), srv.URL+p); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: err = %v, want ErrTooLarge", p, err)
		}
	}
	resp, err := c.Get(context.Background(), srv.URL+"/gzip")
	if err != nil || string(resp.Body) != "<html>héllo</html>" || !strings.HasPrefix(resp.ContentType, "text/html") {
		t.Errorf("/gzip: %v %q %q", err, resp.Body, resp.ContentType)
	}
	if resp, err := c.Get(context.Background(), srv.URL+"/exact"); err != nil || len(resp.Body) != limit {
		t.Errorf("/exact: a body of exactly the cap must pass: %v", err)
	}
	if _, err := c.Get(context.Background(), srv.URL+"/brotli"); err == nil {
		t.Error("/brotli: an encoding we did not ask for must fail, not pass through garbled")
	}
}

func TestTimeouts(t *testing.T) {
	release := make(chan struct{})
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow-headers":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		case "/slow-body":
			w.Write([]byte("start"))
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	}))
	defer close(release)
	c := seamClient(Options{Timeout: 300 * time.Millisecond, ResponseHeaderTimeout: 150 * time.Millisecond}, nil, ap)
	for _, p := range []string{"/slow-headers", "/slow-body"} {
		start := time.Now()
		_, err := c.Get(context.Background(), srv.URL+p)
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("%s: err = %v, want ErrTimeout", p, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s took %v", p, d)
		}
	}
	// A caller's cancellation is not reported as the site being slow.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Get(ctx, srv.URL+"/slow-headers"); errors.Is(err, ErrTimeout) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
}

func TestStatusAndHeaders(t *testing.T) {
	var got http.Header
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		switch r.URL.Path {
		case "/404":
			http.NotFound(w, r)
		case "/429":
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			fmt.Fprint(w, "{}")
		}
	}))
	c := seamClient(Options{}, nil, ap)
	for _, tc := range []struct {
		path string
		code int
	}{{"/404", 404}, {"/429", 429}} {
		_, err := c.Get(context.Background(), srv.URL+tc.path)
		if Status(err) != tc.code {
			t.Errorf("%s: status %d (err %v), want %d", tc.path, Status(err), err, tc.code)
		}
	}
	_, err := c.Do(context.Background(), Request{URL: srv.URL + "/api", Header: http.Header{"Accept": {"application/json"}, "X-Airbnb-Api-Key": {"k"}}})
	if err != nil {
		t.Fatal(err)
	}
	if ua := got.Get("User-Agent"); !strings.Contains(ua, "Chrome/") || !strings.HasPrefix(ua, "Mozilla/5.0") {
		t.Errorf("User-Agent %q is not a desktop Chrome", ua)
	}
	if got.Get("Accept-Language") != DefaultAcceptLanguage || got.Get("Accept-Encoding") != "gzip" {
		t.Errorf("headers %v", got)
	}
	if got.Get("Accept") != "application/json" || got.Get("X-Airbnb-Api-Key") != "k" {
		t.Errorf("request headers did not override the defaults: %v", got)
	}
}

func TestProxyEnvironmentIsIgnored(t *testing.T) {
	proxy := newCountingListener(t, "tcp4", "127.0.0.1:0")
	proxyURL := "http://127.0.0.1:" + proxy.port()
	t.Setenv("HTTP_PROXY", proxyURL)
	t.Setenv("HTTPS_PROXY", proxyURL)
	t.Setenv("http_proxy", proxyURL)
	t.Setenv("NO_PROXY", "")
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "direct") }))
	c := seamClient(Options{}, nil, ap)
	resp, err := c.Get(context.Background(), srv.URL)
	if err != nil || string(resp.Body) != "direct" {
		t.Fatalf("fetch: %v", err)
	}
	if n := proxy.accepted.Load(); n != 0 {
		t.Errorf("the proxy from the environment saw %d connections", n)
	}
}

// TestResolvesOnce shows why DNS rebinding cannot work: the client looks a
// name up once, checks every answer, and connects to the checked IP. A
// resolver that answers "public, then private" never gets a second question.
func TestResolvesOnce(t *testing.T) {
	srv, ap := fixture(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") }))
	var calls atomic.Int64
	flip := resolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if calls.Add(1) == 1 {
			return []netip.Addr{ap.Addr()}, nil // the fixture, allowed by the seam
		}
		return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
	})
	c := seamClient(Options{Resolver: flip}, nil, ap)
	u := "http://fixture.example.com:" + fmt.Sprint(ap.Port()) + "/"
	if _, err := c.Get(context.Background(), u); err != nil {
		t.Fatalf("first fetch: %v", err)
	}
	if calls.Load() != 1 {
		t.Fatalf("resolver asked %d times for one fetch", calls.Load())
	}
	_ = srv
}

type resolverFunc func(ctx context.Context, network, host string) ([]netip.Addr, error)

func (f resolverFunc) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return f(ctx, network, host)
}

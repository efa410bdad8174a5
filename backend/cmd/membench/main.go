// Command membench is make bench's one-instance memory run (issue 44): on
// this machine's loopback only, it runs one e2e-build server with the
// deploy's settings and holds it at its worst moment for a while:
//
//   - -requests concurrent clients (Cloud Run's --concurrency) reading
//     listings through POST /api/scrape, each a fetch and parse of the
//     largest real page of its platform (../shared/real-pages);
//   - -jobs Premium report jobs at once (JOB_WORKERS), orders paid through
//     stripe-mock and its signed webhook, each measuring up to 20 photos
//     that are 16-megapixel JPEGs made here;
//
// and prints the server's peak resident memory (VmHWM) plus the market
// cache the deploy would keep on its memory disk, against the deploy's
// --memory, with the margin. The server runs with the GOMEMLIMIT its memory
// plan (backend/memlimit) would set in the deploy. It fails when the peak
// is over the limit.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/memlimit"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
)

const webhookSecret = "whsec_membench"

type options struct {
	serverBin, auth, project, stripeMock, pages, webDir, work, memory string
	fixtureSite, orderListing                                         string
	requests, jobs, decodes, cacheMB                                  int
	hold                                                              time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.serverBin, "server", ".bin/server-e2e", "the e2e-build server binary")
	flag.StringVar(&o.auth, "auth", "", "the Auth emulator's host:port")
	flag.StringVar(&o.project, "project", "demo-listinglift", "the Firebase project id")
	flag.StringVar(&o.stripeMock, "stripe-mock", "", "stripe-mock's URL")
	flag.StringVar(&o.fixtureSite, "fixture-site", "", "the fixture listing site's host:port (the Premium orders' listing and its market)")
	flag.StringVar(&o.orderListing, "listing", "https://www.airbnb.com/rooms/48123456", "the Premium orders' listing (on the fixture site, which answers its market search)")
	flag.StringVar(&o.pages, "pages", "../shared/real-pages", "the real saved pages")
	flag.StringVar(&o.webDir, "web", "frontend/dist", "the built web app")
	flag.StringVar(&o.work, "work", "", "a folder for the server's files (default: a new temporary folder)")
	flag.StringVar(&o.memory, "memory", "1Gi", "the deploy's --memory (cloudbuild.yaml _MEMORY)")
	flag.IntVar(&o.requests, "requests", 40, "concurrent requests (the deploy's --concurrency)")
	flag.IntVar(&o.jobs, "jobs", 2, "report jobs at once (the deploy's JOB_WORKERS)")
	flag.IntVar(&o.decodes, "decodes", 2, "photo decodes at once (PHOTO_DECODES)")
	flag.IntVar(&o.cacheMB, "cache-mb", 256, "MARKET_CACHE_MB")
	flag.DurationVar(&o.hold, "hold", 60*time.Second, "how long the load is held")
	flag.Parse()
	if o.auth == "" || o.stripeMock == "" || o.fixtureSite == "" {
		fmt.Fprintln(os.Stderr, "membench: -auth, -stripe-mock and -fixture-site are required")
		os.Exit(2)
	}
	if err := run(context.Background(), o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "membench:", err)
		os.Exit(1)
	}
}

// parseMemory reads Cloud Run's --memory (512Mi, 1Gi, 2Gi, …) in bytes.
func parseMemory(s string) (int64, error) {
	for suffix, unit := range map[string]int64{"Gi": 1 << 30, "Mi": 1 << 20, "G": 1e9, "M": 1e6} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			v, err := strconv.ParseFloat(n, 64)
			if err != nil || v <= 0 {
				break
			}
			return int64(v * float64(unit)), nil
		}
	}
	return 0, fmt.Errorf("--memory %q: want a size such as 1Gi or 512Mi", s)
}

func run(ctx context.Context, o options, out io.Writer) error {
	limit, err := parseMemory(o.memory)
	if err != nil {
		return err
	}
	plan, err := memlimit.Plan(limit, memlimit.Shape{Requests: o.requests, Jobs: o.jobs, Decodes: o.decodes, CacheMax: int64(o.cacheMB) << 20})
	if err != nil {
		return err
	}
	if o.work == "" {
		dir, err := os.MkdirTemp("", "listinglift-membench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.work = dir
	} else if err := os.MkdirAll(o.work, 0o755); err != nil {
		return err
	}
	airbnb, err := largest(filepath.Join(o.pages, "airbnb"))
	if err != nil {
		return err
	}
	booking, err := largest(filepath.Join(o.pages, "booking"))
	if err != nil {
		return err
	}
	photo, err := photo16MP()
	if err != nil {
		return err
	}
	site, err := serveSite(airbnb, booking, photo, o.fixtureSite, o.orderListing)
	if err != nil {
		return err
	}
	defer site.Close()
	fmt.Fprintf(out, "  requests read %s (%d KB) and %s (%d KB); Premium reports measure up to 20 photos of %d×%d (JPEG, %d KB each)\n",
		filepath.Base(airbnb.name), len(airbnb.body)>>10, filepath.Base(booking.name), len(booking.body)>>10,
		photoW, photoH, len(photo)>>10)

	port, err := freePort()
	if err != nil {
		return err
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"APP_ENV=development", "HOST=127.0.0.1", fmt.Sprintf("PORT=%d", port), "PUBLIC_URL=" + url,
		"FIREBASE_PROJECT_ID=" + o.project, "FIREBASE_AUTH_EMULATOR_HOST=" + o.auth,
		"E2E_LISTING_SITE=" + site.addr, "E2E_PHOTOS=1", "SQLITE_PATH=" + filepath.Join(o.work, "mem.db"),
		"WEB_DIR=" + o.webDir, "LOG_LEVEL=info", "BLOB=local", "BLOB_DIR=" + filepath.Join(o.work, "blobs"),
		"MAIL=outbox", "OUTBOX_DIR=" + filepath.Join(o.work, "outbox"),
		"STRIPE_SECRET_KEY=sk_test_membench", "STRIPE_WEBHOOK_SECRET=" + webhookSecret, "STRIPE_API_URL=" + o.stripeMock,
		// The deploy's shape, and the Go limit its memory plan would set
		// (this machine's cgroup is not the deploy's).
		"JOB_WORKERS=" + strconv.Itoa(o.jobs), "PHOTO_DECODES=" + strconv.Itoa(o.decodes),
		"REQUEST_CONCURRENCY=" + strconv.Itoa(o.requests), "GOMEMLIMIT=" + strconv.FormatInt(plan.GoLimit, 10),
		// Each client comes from its own address, as on the internet,
		// so the per-address limits do not turn the load into 429s.
		"TRUSTED_PROXY_HOPS=1",
	}
	logPath := filepath.Join(o.work, "server.log")
	srv, err := startServer(ctx, o.serverBin, env, logPath, url)
	if err != nil {
		return err
	}
	defer srv.stop()

	c := &client{http: &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 256}},
		server: url, auth: o.auth, listing: o.orderListing}
	loadCtx, stopLoad := context.WithTimeout(ctx, o.hold)
	defer stopLoad()
	var wg sync.WaitGroup
	var scrapes, scrapeErrs, ordersPlaced, orderErrs atomic.Int64
	var addr atomic.Uint32
	nextAddr := func() string {
		n := addr.Add(1)
		return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
	}
	var firstErr atomic.Value
	// The report jobs: twice JOB_WORKERS orders waiting at all times, so
	// the workers never idle.
	for i := 0; i < 2*o.jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; loadCtx.Err() == nil; n++ {
				if err := c.paidReport(loadCtx, nextAddr()); err != nil {
					if loadCtx.Err() == nil {
						orderErrs.Add(1)
						firstErr.CompareAndSwap(nil, err.Error())
						time.Sleep(time.Second)
					}
					continue
				}
				ordersPlaced.Add(1)
			}
		}()
	}
	// The requests: each client reads a listing, then another.
	if airbnb.url == "" || booking.url == "" {
		return errors.New("the largest real pages name no address of their own (og:url or canonical)")
	}
	// Each read is of another listing (the same page under another id or
	// name), as when hosts each read their own: none is a cache hit.
	airbnbID, err := strconv.ParseInt(path.Base(airbnb.url), 10, 64)
	if err != nil {
		return fmt.Errorf("%s: its address %s ends in no listing id", airbnb.name, airbnb.url)
	}
	var nth atomic.Int64
	nextURL := func() string {
		n := nth.Add(1)
		if n%2 == 0 {
			return strings.TrimSuffix(airbnb.url, path.Base(airbnb.url)) + strconv.FormatInt(airbnbID+n, 10)
		}
		dir, file := path.Split(booking.url)
		name, _, _ := strings.Cut(file, ".")
		return dir + name + "-" + strconv.FormatInt(n, 10) + ".html"
	}
	for i := 0; i < o.requests; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for loadCtx.Err() == nil {
				err := c.call(loadCtx, "POST", "/api/scrape", "", map[string]string{"url": nextURL()}, nil, "X-Forwarded-For", nextAddr())
				if loadCtx.Err() != nil {
					return
				}
				scrapes.Add(1)
				if err != nil {
					scrapeErrs.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
				}
			}
		}()
	}
	wg.Wait()
	peak, err := srv.peakRSS()
	if err != nil {
		return err
	}
	completed, failed := reportOutcomes(logPath)
	fmt.Fprintf(out, "  held %s: %d listing reads by %d clients (%d failed), %d Premium orders paid (%d failed), reports made: %d (failed %d), 16 MP photos fetched: %d\n",
		o.hold, scrapes.Load(), o.requests, scrapeErrs.Load(), ordersPlaced.Load(), orderErrs.Load(), completed, failed, photosServed.Load())
	if e, _ := firstErr.Load().(string); e != "" {
		fmt.Fprintf(out, "  first error: %s\n", e)
	}
	if line := memoryPlanLine(logPath); line != "" {
		fmt.Fprintf(out, "  the server's memory plan: %s\n", line)
	}
	total := peak + plan.CacheBytes
	margin := limit - total
	fmt.Fprintf(out, "  peak RSS %d MB + market cache on the memory disk %d MB (its planned share) = %d MB of --memory %s (%d MB): margin %d MB (%.0f %%)\n",
		peak>>20, plan.CacheBytes>>20, total>>20, o.memory, limit>>20, margin>>20, 100*float64(margin)/float64(limit))
	if completed == 0 {
		return errors.New("no report was made while the load was held: the figure does not include a job's memory; see " + logPath)
	}
	if photosServed.Load() == 0 {
		return errors.New("no photo was fetched while the load was held: the figure does not include a decode's memory; see " + logPath)
	}
	if margin < 0 {
		return fmt.Errorf("one instance's peak is over the deploy's --memory by %d MB: it would be killed (out of memory)", -margin>>20)
	}
	return nil
}

type page struct {
	name string
	body []byte
	url  string // the listing's own address (og:url or canonical), so the page is the listing the link names
}

var ownURL = regexp.MustCompile(`(?:og:url" content|rel="canonical" href)="(https://[^"]+)"`)

// largest is the largest saved page in dir.
func largest(dir string) (page, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return page{}, fmt.Errorf("the real pages (%s): %w", dir, err)
	}
	var best os.FileInfo
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || info.IsDir() || !(strings.HasSuffix(e.Name(), ".html") || strings.HasSuffix(e.Name(), ".htm")) {
			continue
		}
		if best == nil || info.Size() > best.Size() {
			best = info
		}
	}
	if best == nil {
		return page{}, fmt.Errorf("no saved page in %s", dir)
	}
	body, err := os.ReadFile(filepath.Join(dir, best.Name()))
	if err != nil {
		return page{}, err
	}
	m := ownURL.FindSubmatch(body)
	var own string
	if m != nil {
		own = string(m[1])
	}
	return page{name: best.Name(), body: body, url: own}, nil
}

// 4896 × 3264 = 15,980,544 pixels: a 16-megapixel camera's 3:2 frame, just
// under the server's 16,000,000-pixel decode guard.
const photoW, photoH = 4896, 3264

// photo16MP is a 16-megapixel JPEG with photo-like detail (so it is as
// large as a camera's file, and as costly to decode).
func photo16MP() ([]byte, error) {
	img := image.NewYCbCr(image.Rect(0, 0, photoW, photoH), image.YCbCrSubsampleRatio420)
	seed := uint32(2463534242)
	for y := 0; y < photoH; y++ {
		for x := 0; x < photoW; x++ {
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			img.Y[y*img.YStride+x] = uint8((x*255/photoW+y*255/photoH)/2) + uint8(seed&31)
		}
	}
	for i := range img.Cb {
		img.Cb[i], img.Cr[i] = uint8(100+i%56), uint8(120+i%40)
	}
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes(), err
}

// photosServed counts the photos the server fetched.
var photosServed atomic.Int64

type site struct {
	addr string
	srv  *http.Server
}

func (s *site) Close() { _ = s.srv.Close() }

// serveSite stands in for Airbnb, Booking.com and their photo servers:
// the two largest real pages at their own addresses, every image the
// 16-megapixel photo, and everything else (the Premium orders' listing,
// its calendar, reviews and market search) from the fixture site, whose
// market answers make Premium available.
func serveSite(airbnb, booking page, photo []byte, fixtureSite, orderListing string) (*site, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	pathOf := func(raw string) string {
		u, _ := neturl.Parse(raw)
		return strings.ToLower(u.Path)
	}
	// The server reads a listing at its canonical address: Booking.com's
	// without the language (…/name.nl.html → …/name.html).
	stem := func(p string) string {
		p = strings.TrimSuffix(p, ".html")
		if i := strings.LastIndex(p, "."); i > strings.LastIndex(p, "/") {
			p = p[:i]
		}
		return p
	}
	airbnbPath, bookingPath := stem(pathOf(airbnb.url)), stem(pathOf(booking.url))
	orderPath := pathOf(orderListing) // the fixture site's
	fixtures := httputil.NewSingleHostReverseProxy(&neturl.URL{Scheme: "http", Host: fixtureSite})
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		p := strings.ToLower(r.URL.Path)
		switch {
		case strings.Contains(p, "/im/") || strings.HasSuffix(p, ".jpg") || strings.HasSuffix(p, ".jpeg") || strings.HasSuffix(p, ".webp") || strings.HasSuffix(p, ".png"):
			photosServed.Add(1)
			w.Header().Set("Content-Type", "image/jpeg")
			_, _ = w.Write(photo)
		case strings.HasPrefix(p, path.Dir(airbnbPath)+"/") && p != orderPath:
			// Another listing each time (…/rooms/ID+n): the page with its
			// id changed, so the server reads and parses it instead of
			// answering from its listing cache.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(bytes.ReplaceAll(airbnb.body, []byte(path.Base(airbnbPath)), []byte(path.Base(stem(p)))))
		case strings.HasPrefix(stem(p), bookingPath):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(bytes.ReplaceAll(booking.body, []byte(path.Base(bookingPath)), []byte(path.Base(stem(p)))))
		default:
			fixtures.ServeHTTP(w, r)
		}
	})
	s := &site{addr: ln.Addr().String(), srv: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

type client struct {
	http         *http.Client
	server, auth string
	listing      string // the Premium orders' listing
}

// call sends a JSON request and decodes a JSON answer; a status other
// than 2xx is an error.
func (c *client) call(ctx context.Context, method, path, token string, body, out any, hdr ...string) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	u := path
	if strings.HasPrefix(path, "/") {
		u = c.server + path
	}
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, strings.TrimSpace(string(b[:min(len(b), 200)])))
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

var hostCount atomic.Int64

// paidReport signs a host up, orders a Premium report of the Airbnb page
// and pays it (stripe-mock's session, then Stripe's signed webhook): the
// local queue then runs its job.
func (c *client) paidReport(ctx context.Context, from string) error {
	var h struct {
		IDToken string `json:"idToken"`
	}
	email := fmt.Sprintf("membench-%d-%d@example.com", time.Now().UnixNano(), hostCount.Add(1))
	if err := c.call(ctx, "POST", "http://"+c.auth+"/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key", "",
		map[string]any{"email": email, "password": "membench-password-1", "returnSecureToken": true}, &h); err != nil {
		return err
	}
	var o struct {
		OptimizationID string `json:"optimization_id"`
		SessionID      string `json:"session_id"`
	}
	if err := c.call(ctx, "POST", "/api/create-checkout-session", h.IDToken,
		map[string]any{"delivery_type": domain.PlanPremium, "form_data": map[string]any{"listingUrl": c.listing, "email": email}},
		&o, "X-Forwarded-For", from); err != nil {
		return err
	}
	payload := paymentstest.Event("evt_mem_"+o.OptimizationID, payments.EventCheckoutCompleted, paymentstest.PaidSession(o.SessionID, o.OptimizationID, nil), "")
	req, err := http.NewRequestWithContext(ctx, "POST", c.server+"/api/stripe/webhook", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Stripe-Signature", paymentstest.Sign(payload, webhookSecret, time.Now()))
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook: %d", resp.StatusCode)
	}
	// Wait for the report, so the orders waiting stay at twice the workers.
	for ctx.Err() == nil {
		var st struct {
			Status string `json:"status"`
		}
		if err := c.call(ctx, "GET", "/api/get-optimization-result/"+o.SessionID, h.IDToken, nil, &st); err == nil && st.Status != "processing" && st.Status != "pending" && st.Status != "paid" {
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

type server struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func startServer(ctx context.Context, bin string, env []string, logPath, url string) (*server, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logf.Close(); close(s.done) }()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-s.done:
			return nil, fmt.Errorf("the server exited at start; see %s", logPath)
		default:
		}
		req, _ := http.NewRequestWithContext(ctx, "GET", url+"/healthz", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
	}
	s.stop()
	return nil, fmt.Errorf("the server did not answer /healthz within 30 s; see %s", logPath)
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// peakRSS is the server's peak resident set (VmHWM), in bytes.
func (s *server) peakRSS() (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmHWM in the server's /proc status")
}

// reportOutcomes counts the reports the server's log says were made or
// failed.
func reportOutcomes(logPath string) (completed, failed int) {
	f, err := os.Open(logPath)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			Msg string `json:"message"`
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch {
		case strings.HasPrefix(l.Msg, "report completed") || strings.HasPrefix(l.Msg, "report made"):
			completed++
		case strings.HasPrefix(l.Msg, "report failed"):
			failed++
		}
	}
	return completed, failed
}

// memoryPlanLine is the server's "memory plan" log line's figures.
func memoryPlanLine(logPath string) string {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) != nil || m["message"] != "memory plan" {
			continue
		}
		var parts []string
		for _, k := range []string{"go_memory_limit_mb", "go_memory_limit_from", "job_slots", "photo_decodes", "requests"} {
			parts = append(parts, fmt.Sprintf("%s=%v", k, m[k]))
		}
		sort.Strings(parts)
		return strings.Join(parts, " ")
	}
	return ""
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

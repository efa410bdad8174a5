// Command loadtest is make bench's load run (issue 17): on this machine's
// loopback only, it runs the e2e-build server (listing pages from the
// fixture site, sign-in through the Auth emulator, Checkout on
// stripe-mock) and measures
//
//   - N concurrent host journeys: sign up, POST /api/me, an order through
//     checkout and Stripe's signed webhook, the success page's poll until
//     the report is there, the dashboard and the profile; p50/p95/p99 per
//     call, errors, and a CPU profile of the server meanwhile;
//   - a dashboard hammer: C clients listing their reports for D seconds;
//     requests per second and p99;
//   - the server's peak resident memory;
//   - crash recovery: R Premium orders paid, the server killed with
//     SIGKILL while their reports are being made, started again; the time
//     until every order is completed, and that each was e-mailed once.
//
// Every loop is bounded by count and time, and every address is loopback.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

type options struct {
	serverBin, auth, project, fixtureSite, stripeMock, webDir, marketDB, work string
	listingURL                                                                string
	journeys, hammerClients, recoveryOrders                                   int
	hammerFor                                                                 time.Duration
	profile                                                                   string
}

// Targets on 2 vCPUs (issue 17).
const (
	targetCallP95     = 500 * time.Millisecond
	targetHammerRate  = 2500.0
	targetHammerP99   = 50 * time.Millisecond
	targetRecovery    = 45 * time.Second
	webhookSecret     = "whsec_loadtest"
	reportCallName    = "report (paid → completed)"
	hammerCallName    = "dashboard hammer: GET /api/optimizations"
	recoveryPollName  = "recovery: GET /api/get-optimization-result"
	signUpCallName    = "sign-up (Auth emulator)"
	journeyDeadline   = 10 * time.Minute
	recoveryOrderPlan = domain.PlanPremium
)

func main() {
	var o options
	flag.StringVar(&o.serverBin, "server", ".bin/server-e2e", "the e2e-build server binary")
	flag.StringVar(&o.auth, "auth", "", "the Auth emulator's host:port")
	flag.StringVar(&o.project, "project", "demo-listinglift", "the Firebase project id")
	flag.StringVar(&o.fixtureSite, "fixture-site", "", "the fixture listing site's host:port")
	flag.StringVar(&o.stripeMock, "stripe-mock", "", "stripe-mock's URL")
	flag.StringVar(&o.webDir, "web", "frontend/dist", "the built web app")
	flag.StringVar(&o.marketDB, "market-db", "", "an imported market SQLite file (optional)")
	flag.StringVar(&o.work, "work", "", "a folder for the server's files (default: a new temporary folder)")
	flag.StringVar(&o.listingURL, "listing", "https://www.airbnb.com/rooms/48123456", "the listing every order is for")
	flag.IntVar(&o.journeys, "journeys", 200, "concurrent host journeys")
	flag.IntVar(&o.hammerClients, "hammer-clients", 50, "dashboard hammer clients")
	flag.DurationVar(&o.hammerFor, "hammer-for", 10*time.Second, "how long the dashboard hammer runs")
	flag.IntVar(&o.recoveryOrders, "recovery-orders", 20, "orders in flight when the server is killed")
	flag.StringVar(&o.profile, "cpuprofile", "", "write the server's CPU profile during the journeys here")
	flag.Parse()
	if o.auth == "" || o.fixtureSite == "" || o.stripeMock == "" {
		fmt.Fprintln(os.Stderr, "loadtest: -auth, -fixture-site and -stripe-mock are required")
		os.Exit(2)
	}
	if err := run(context.Background(), o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options, out io.Writer) error {
	if o.work == "" {
		dir, err := os.MkdirTemp("", "listinglift-load-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.work = dir
	} else if err := os.MkdirAll(o.work, 0o755); err != nil {
		return err
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	pprofPort, err := freePort()
	if err != nil {
		return err
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"APP_ENV=development", "HOST=127.0.0.1", fmt.Sprintf("PORT=%d", port), "PUBLIC_URL=" + url,
		"FIREBASE_PROJECT_ID=" + o.project, "FIREBASE_AUTH_EMULATOR_HOST=" + o.auth,
		"E2E_LISTING_SITE=" + o.fixtureSite, "SQLITE_PATH=" + filepath.Join(o.work, "load.db"),
		"WEB_DIR=" + o.webDir, "LOG_LEVEL=warn", "BLOB=local", "BLOB_DIR=" + filepath.Join(o.work, "blobs"),
		"MAIL=outbox", "OUTBOX_DIR=" + filepath.Join(o.work, "outbox"),
		"STRIPE_SECRET_KEY=sk_test_loadtest", "STRIPE_WEBHOOK_SECRET=" + webhookSecret, "STRIPE_API_URL=" + o.stripeMock,
		fmt.Sprintf("PPROF_ADDR=127.0.0.1:%d", pprofPort),
	}
	if o.marketDB != "" {
		env = append(env, "MARKET_DB="+o.marketDB)
	}
	srv := &server{bin: o.serverBin, env: env, log: filepath.Join(o.work, "server.log"), url: url}
	if err := srv.start(ctx); err != nil {
		return err
	}
	defer srv.stop()

	transport := &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute}
	rec := newRecorder()
	c := &client{http: &http.Client{Transport: transport, Timeout: time.Minute}, server: url, auth: o.auth, project: o.project,
		webhookSecret: webhookSecret, listingURL: o.listingURL, rec: rec}

	// 1. The journeys, all at once, with the server's CPU profile meanwhile.
	fmt.Fprintf(out, "%d concurrent host journeys against %s (e2e build; fixture site, Auth emulator, stripe-mock)\n", o.journeys, url)
	jctx, cancel := context.WithTimeout(ctx, journeyDeadline)
	profDone := make(chan error, 1)
	pprofURL := fmt.Sprintf("http://127.0.0.1:%d", pprofPort)
	if o.profile != "" {
		// The journeys' busiest seconds: the first ones, every host signing
		// in and ordering at once.
		go func() { profDone <- saveProfile(jctx, pprofURL, o.profile+".journeys", 4) }()
	} else {
		profDone <- nil
	}
	hosts := make([]host, o.journeys)
	var failed atomic.Int32
	var wg sync.WaitGroup
	start := time.Now()
	for i := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, err := c.journey(jctx, i)
			hosts[i] = h
			if err != nil {
				failed.Add(1)
			}
		}()
	}
	wg.Wait()
	cancel()
	journeysTook := time.Since(start)
	if err := <-profDone; err != nil {
		fmt.Fprintf(out, "  (no CPU profile: %v)\n", err)
	}
	rec.print(out)
	fmt.Fprintf(out, "  %d journeys in %.1f s, %d failed\n", o.journeys, journeysTook.Seconds(), failed.Load())

	// 2. The dashboard hammer, with the journeys' hosts.
	var ok []host
	for _, h := range hosts {
		if h.token != "" {
			ok = append(ok, h)
		}
	}
	if len(ok) == 0 {
		return errors.New("no journey signed a host up: nothing to hammer the dashboard with")
	}
	fmt.Fprintf(out, "\ndashboard hammer: %d clients for %s\n", o.hammerClients, o.hammerFor)
	hrec := newRecorder()
	hc := *c
	hc.rec = hrec
	hprof := make(chan error, 1)
	if o.profile != "" {
		go func() {
			hprof <- saveProfile(ctx, pprofURL, o.profile+".hammer", max(int(o.hammerFor.Seconds())-1, 1))
		}()
	} else {
		hprof <- nil
	}
	hammer(ctx, &hc, ok, o.hammerClients, o.hammerFor)
	if err := <-hprof; err != nil {
		fmt.Fprintf(out, "  (no CPU profile: %v)\n", err)
	}
	hrec.print(out)

	rss, rssErr := srv.peakRSS()
	if rssErr != nil {
		fmt.Fprintf(out, "\npeak RSS: unknown (%v)\n", rssErr)
	} else {
		fmt.Fprintf(out, "\nserver peak RSS: %.0f MiB\n", rss)
	}

	// 3. Crash recovery.
	fmt.Fprintf(out, "\ncrash recovery: %d %s orders paid, the server killed (SIGKILL) while their reports are made, started again\n", o.recoveryOrders, recoveryOrderPlan)
	rrec := newRecorder()
	rc := *c
	rc.rec = rrec
	recovery, once, rerr := crashRecovery(ctx, &rc, srv, o.recoveryOrders, filepath.Join(o.work, "outbox"), out)
	if rerr != nil {
		fmt.Fprintf(out, "  recovery failed: %v\n", rerr)
	}

	// The figures against the targets.
	fmt.Fprintf(out, "\ntargets (issue 17, 2 vCPUs)\n")
	allMet := true
	mark := func(met bool, format string, a ...any) {
		word := "met    "
		if !met {
			word, allMet = "NOT MET", false
		}
		fmt.Fprintf(out, "  %s  %s\n", word, fmt.Sprintf(format, a...))
	}
	errorsTotal := 0
	for _, s := range rec.summaries() {
		errorsTotal += s.Errors
	}
	mark(errorsTotal == 0 && failed.Load() == 0, "%d journeys, 0 errors (got %d errors)", o.journeys, errorsTotal)
	for _, s := range rec.summaries() {
		if s.Name == reportCallName || s.Name == signUpCallName || strings.HasSuffix(s.Name, lessAuthSuffix) {
			continue // the report itself, the Auth emulator's own time, a breakdown
		}
		note := ""
		if s.Name == firstCallName {
			own := rec.summary(firstCallName + lessAuthSuffix)
			note = fmt.Sprintf("; less the sign-in check, which is a call to the Auth emulator here: p95 %s ms", ms(own.P95))
		}
		mark(s.P95 <= targetCallP95, "%s p95 ≤ %s (got %s ms%s)", s.Name, targetCallP95, ms(s.P95), note)
	}
	h := hrec.summary(hammerCallName)
	mark(h.PerSecond >= targetHammerRate && h.Errors == 0, "dashboard list ≥ %.0f req/s with 0 errors (got %.0f req/s, %d errors)", targetHammerRate, h.PerSecond, h.Errors)
	mark(h.P99 <= targetHammerP99, "dashboard list p99 ≤ %s (got %s ms)", targetHammerP99, ms(h.P99))
	mark(rerr == nil && recovery <= targetRecovery && once, "crash recovery: every order completed, once, ≤ %s after the restart (got %.1f s, once: %v)", targetRecovery, recovery.Seconds(), once)
	if !allMet {
		fmt.Fprintln(out, "  some targets were not met (figures above)")
	}
	if errorsTotal > 0 || failed.Load() > 0 || rerr != nil || !once {
		return errors.New("the load run had errors, lost an order or completed one twice")
	}
	return nil
}

// hammer runs clients loops of the dashboard's list call for d, each with
// one of hosts' tokens.
func hammer(ctx context.Context, c *client, hosts []host, clients int, d time.Duration) {
	hctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		h := hosts[i%len(hosts)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				start := time.Now()
				err := c.call(hctx, "", "GET", c.server+"/api/optimizations?page=1", h.token, nil, nil)
				if hctx.Err() != nil {
					return // cut off by the end of the run: not counted
				}
				c.rec.add(hammerCallName, start, time.Since(start), err)
			}
		}()
	}
	wg.Wait()
}

// saveProfile fetches the server's CPU profile over seconds and writes it.
func saveProfile(ctx context.Context, pprofURL, path string, seconds int) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", pprofURL, seconds), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("profile: %s", resp.Status)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// emailsTo counts the .eml files in outbox addressed to email.
func emailsTo(outbox, email string) (int, error) {
	entries, err := os.ReadDir(outbox)
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".eml") {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(outbox, e.Name()))
		if err != nil {
			return 0, err
		}
		head, _, _ := strings.Cut(string(raw), "\r\n\r\n")
		for _, line := range strings.Split(head, "\r\n") {
			if strings.HasPrefix(line, "To:") && strings.Contains(line, email) {
				n++
			}
		}
	}
	return n, nil
}

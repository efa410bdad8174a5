package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// crashRecovery pays n Premium orders (one host each), kills the server
// with SIGKILL once the first report is out and the rest are being made or
// queued, starts it again, and measures how long after the restart every
// order is completed. once reports that each host got exactly one report
// e-mail: no order was lost, none was made twice.
func crashRecovery(ctx context.Context, c *client, srv *server, n int, outbox string, out io.Writer) (took time.Duration, once bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	hosts := make([]host, n)
	orders := make([]order, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, err := c.signUp(ctx, 100000+i)
			if err == nil {
				orders[i], err = c.placeOrder(ctx, h, recoveryOrderPlan)
			}
			hosts[i], errs[i] = h, err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return 0, false, fmt.Errorf("placing the orders: %w", err)
		}
	}
	// Kill once the first report is done: then the workers hold others and
	// the rest wait in the queue.
	for {
		done := 0
		for i, o := range orders {
			st, err := c.status(ctx, hosts[i], o, "")
			if err != nil {
				return 0, false, err
			}
			if st == "completed" {
				done++
			}
		}
		if done == n {
			return 0, false, fmt.Errorf("every report was made before the kill: nothing to recover (slow the fixture site down: FIXTURE_LATENCY)")
		}
		if done > 0 {
			fmt.Fprintf(out, "  killed with %d of %d reports made\n", done, n)
			break
		}
		select {
		case <-ctx.Done():
			return 0, false, fmt.Errorf("no report was made before the kill: %w", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
	srv.kill()
	restart := time.Now()
	if err := srv.start(ctx); err != nil {
		return 0, false, fmt.Errorf("restart: %w", err)
	}
	fmt.Fprintf(out, "  restarted; it answered /healthz %.2f s after the kill\n", time.Since(restart).Seconds())
	for i, o := range orders {
		st, _, err := c.waitReport(ctx, hosts[i], o, 200*time.Millisecond, recoveryPollName)
		if err != nil {
			return time.Since(restart), false, err
		}
		if st != "completed" {
			return time.Since(restart), false, fmt.Errorf("order %s ended %s after the restart", o.id, st)
		}
	}
	took = time.Since(restart)
	fmt.Fprintf(out, "  every order completed %.1f s after the restart\n", took.Seconds())
	// Each e-mail follows its report as a job of its own: wait for them,
	// then count.
	deadline := time.Now().Add(time.Minute)
	once = true
	for i, h := range hosts {
		for {
			k, err := emailsTo(outbox, h.email)
			if err != nil {
				return took, false, err
			}
			if k > 1 {
				fmt.Fprintf(out, "  order %s was e-mailed %d times\n", orders[i].id, k)
				once = false
				break
			}
			if k == 1 {
				break
			}
			if time.Now().After(deadline) {
				fmt.Fprintf(out, "  order %s was never e-mailed\n", orders[i].id)
				once = false
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// A second e-mail from a report made twice would come just after the
	// first: look once more.
	time.Sleep(2 * time.Second)
	for i, h := range hosts {
		if k, _ := emailsTo(outbox, h.email); k != 1 {
			fmt.Fprintf(out, "  order %s: %d e-mails, want 1\n", orders[i].id, k)
			once = false
		}
	}
	return took, once, nil
}

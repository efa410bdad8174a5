package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
)

// client speaks to one server and the Auth emulator as the web app does.
type client struct {
	http          *http.Client
	server        string // http://host:port
	auth          string // the Auth emulator's host:port
	project       string // the Firebase project id
	webhookSecret string
	listingURL    string
	rec           *recorder
}

// call sends method path (JSON body when body is not nil) with token and
// decodes a JSON answer into out (when not nil), recording it as name. A
// status other than 2xx is an error.
func (c *client) call(ctx context.Context, name, method, url, token string, body any, out any, hdr ...string) error {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err == nil {
		var raw []byte
		raw, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case err != nil:
		case resp.StatusCode/100 != 2:
			err = fmt.Errorf("%s: %d %s", name, resp.StatusCode, bytes.TrimSpace(raw[:min(len(raw), 200)]))
		case out != nil:
			if jerr := json.Unmarshal(raw, out); jerr != nil {
				err = fmt.Errorf("%s: answer is not JSON: %w", name, jerr)
			}
		}
	}
	if name != "" {
		took := time.Since(start)
		c.rec.add(name, start, took, err)
		if name == firstCallName && resp != nil {
			// The server's own time, without the sign-in check it reports
			// in Server-Timing (with the Auth emulator, a call to it).
			if d, ok := authTiming(resp.Header.Values("Server-Timing")); ok {
				c.rec.add(name+lessAuthSuffix, start, took-d, err)
			}
		}
	}
	return err
}

// firstCallName is the first call each new token makes: the one whose
// sign-in check is not remembered yet.
const (
	firstCallName  = "POST /api/me"
	lessAuthSuffix = " less the sign-in check"
)

// authTiming reads the sign-in check's duration from Server-Timing
// values ("auth;dur=12.5").
func authTiming(values []string) (time.Duration, bool) {
	for _, v := range values {
		for _, metric := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(metric), ";")
			if name != "auth" {
				continue
			}
			for _, p := range strings.Split(params, ";") {
				if ms, ok := strings.CutPrefix(strings.TrimSpace(p), "dur="); ok {
					f, err := strconv.ParseFloat(ms, 64)
					if err == nil && f >= 0 {
						return time.Duration(f * float64(time.Millisecond)), true
					}
				}
			}
		}
	}
	return 0, false
}

// host is one signed-up host.
type host struct {
	uid, email, token string
}

// signUp creates a host in the Auth emulator (its REST API, as the web
// app's Firebase SDK calls it).
func (c *client) signUp(ctx context.Context, n int) (host, error) {
	email := fmt.Sprintf("load-%d-%d@example.com", time.Now().UnixNano(), n)
	var out struct {
		IDToken string `json:"idToken"`
		LocalID string `json:"localId"`
	}
	err := c.call(ctx, "sign-up (Auth emulator)", "POST",
		"http://"+c.auth+"/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key", "",
		map[string]any{"email": email, "password": "load-test-password-1", "returnSecureToken": true}, &out)
	return host{uid: out.LocalID, email: email, token: out.IDToken}, err
}

// order is a placed order.
type order struct {
	id, session string
}

// placeOrder: the optimize form's checkout, then Stripe's signed
// checkout.session.completed webhook (what Stripe sends once the host has
// paid on the hosted page).
func (c *client) placeOrder(ctx context.Context, h host, plan domain.Plan) (order, error) {
	var out struct {
		OptimizationID string `json:"optimization_id"`
		SessionID      string `json:"session_id"`
	}
	err := c.call(ctx, "POST /api/create-checkout-session", "POST", c.server+"/api/create-checkout-session", h.token,
		map[string]any{"delivery_type": plan, "form_data": map[string]any{"listingUrl": c.listingURL, "email": h.email}}, &out)
	if err != nil {
		return order{}, err
	}
	o := order{id: out.OptimizationID, session: out.SessionID}
	if o.id == "" || o.session == "" {
		return o, fmt.Errorf("create-checkout-session gave no order or session: %+v", out)
	}
	payload := paymentstest.Event("evt_load_"+o.id, payments.EventCheckoutCompleted, paymentstest.PaidSession(o.session, o.id, nil), "")
	err = c.call(ctx, "POST /api/stripe/webhook", "POST", c.server+"/api/stripe/webhook", "", payload, nil,
		"Stripe-Signature", paymentstest.Sign(payload, c.webhookSecret, time.Now()))
	return o, err
}

// status is the success page's poll of an order.
func (c *client) status(ctx context.Context, h host, o order, name string) (string, error) {
	var out struct {
		Status string `json:"status"`
	}
	err := c.call(ctx, name, "GET", c.server+"/api/get-optimization-result/"+o.session, h.token, nil, &out)
	return out.Status, err
}

// waitReport polls as the success page does (every pollEvery) until the
// order has ended, and returns its status and how long it took.
func (c *client) waitReport(ctx context.Context, h host, o order, pollEvery time.Duration, name string) (string, time.Duration, error) {
	start := time.Now()
	for {
		st, err := c.status(ctx, h, o, name)
		if err != nil {
			return "", time.Since(start), err
		}
		if st != "processing" && st != "pending" {
			return st, time.Since(start), nil
		}
		select {
		case <-ctx.Done():
			return st, time.Since(start), fmt.Errorf("order %s still %s: %w", o.id, st, ctx.Err())
		case <-time.After(pollEvery):
		}
	}
}

// journey is one host's whole visit: sign up, the profile, an order paid
// through checkout, the success page polling until the report is there,
// the dashboard. It returns the host for the dashboard hammer.
func (c *client) journey(ctx context.Context, n int) (host, error) {
	h, err := c.signUp(ctx, n)
	if err != nil {
		return h, err
	}
	if err := c.call(ctx, "POST /api/me", "POST", c.server+"/api/me", h.token, map[string]string{"displayName": fmt.Sprintf("Load host %d", n)}, nil); err != nil {
		return h, err
	}
	o, err := c.placeOrder(ctx, h, domain.PlanBasic)
	if err != nil {
		return h, err
	}
	start := time.Now()
	st, took, err := c.waitReport(ctx, h, o, 500*time.Millisecond, "GET /api/get-optimization-result")
	if err == nil && st != "completed" {
		err = fmt.Errorf("order %s ended %s", o.id, st)
	}
	c.rec.add("report (paid → completed)", start, took, err)
	if err != nil {
		return h, err
	}
	if err := c.call(ctx, "GET /api/optimizations", "GET", c.server+"/api/optimizations?page=1", h.token, nil, nil); err != nil {
		return h, err
	}
	return h, c.call(ctx, "GET /api/me", "GET", c.server+"/api/me", h.token, nil, nil)
}

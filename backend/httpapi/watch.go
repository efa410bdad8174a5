package httpapi

import (
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/ratelimit"
	"github.com/listinglift/listinglift/backend/store"
)

// watchBody is a report's watch as the dashboard, the report page and the
// e-mail links' page show it (issue 45): its state, its weeks, and one row
// per week checked, oldest first.
type watchBody struct {
	Of           string            `json:"of"` // the watched order
	ListingTitle string            `json:"listingTitle"`
	State        domain.WatchState `json:"state"`
	Ended        domain.WatchEnd   `json:"ended"`
	Weeks        int               `json:"weeks"`
	Used         int               `json:"used"`
	Left         int               `json:"left"`
	StartedAt    time.Time         `json:"startedAt"`
	NextCheckAt  *time.Time        `json:"nextCheckAt"`
	// CanResume: the host may resume or restart it (store.Restartable).
	CanResume bool             `json:"canResume"`
	Checks    []watchCheckBody `json:"checks"`
}

type watchCheckBody struct {
	Week         string             `json:"week"`
	CheckedAt    time.Time          `json:"checkedAt"`
	Failed       string             `json:"failed"`
	Score        *int               `json:"score"`
	Price        *float64           `json:"price"`
	MarketMedian *float64           `json:"marketMedian"`
	Currency     string             `json:"currency"`
	Comparables  int                `json:"comparables"`
	Band         string             `json:"band"`
	Changes      []watchChangeBody  `json:"changes"`
	Notice       domain.WatchNotice `json:"notice"`
}

type watchChangeBody struct {
	Kind   domain.ChangeKind `json:"kind"`
	What   string            `json:"what"`
	Before string            `json:"before"`
	After  string            `json:"after"`
}

// newWatchBody is o's watch as the API answers it; nil without one.
func newWatchBody(o *domain.Optimization) *watchBody {
	w := o.Watch
	if w == nil {
		return nil
	}
	b := &watchBody{Of: o.ID, ListingTitle: o.ListingTitle, State: w.State, Ended: w.Ended, Weeks: w.Weeks,
		Used: w.Used(), Left: w.Left(), StartedAt: w.StartedAt, NextCheckAt: w.DueAt,
		CanResume: store.Restartable(o), Checks: make([]watchCheckBody, 0, len(w.Checks))}
	if w.Last != nil && w.Last.Title != "" {
		b.ListingTitle = w.Last.Title
	}
	for _, c := range w.Checks {
		cb := watchCheckBody{Week: c.Week, CheckedAt: c.CheckedAt, Failed: c.Failed, Score: c.Score, Price: c.Price,
			MarketMedian: c.MarketMedian, Currency: c.Currency, Comparables: c.Comparables, Band: c.Band,
			Notice: c.Notice, Changes: make([]watchChangeBody, 0, len(c.Changes))}
		for _, ch := range c.Changes {
			cb.Changes = append(cb.Changes, watchChangeBody{Kind: ch.Kind, What: ch.What, Before: ch.Before, After: ch.After})
		}
		b.Checks = append(b.Checks, cb)
	}
	return b
}

// watches serves the watch's controls: the host's, signed in, and the
// e-mail's one-click links, which carry a signed token instead.
type watches struct {
	orders *orders.Service
	// limit bounds the link endpoints per client address, as the share
	// reads are: nobody can try tokens by the thousand.
	limit *ratelimit.Limiter
	addr  ClientAddrPolicy
}

func newWatches(o *orders.Service, addr ClientAddrPolicy, now func() time.Time) *watches {
	return &watches{orders: o, addr: addr, limit: ratelimit.New(sharedPerMinute, sharedBurst, 10000, now)}
}

const msgWatchLimit = "Too many watch links opened from this connection in a short time. Please wait a minute and try again."

type watchRequest struct {
	Action orders.WatchAction `json:"action"`
	Token  string             `json:"token"`
}

// control is POST /api/optimizations/{id}/watch {"action": "pause" |
// "resume" | "stop"}: the host's own watch, from the dashboard.
func (h *watches) control(w http.ResponseWriter, r *http.Request) error {
	var req watchRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	o, err := h.orders.ControlWatch(r.Context(), customerOf(r), r.PathValue("id"), req.Action)
	if err != nil {
		return notFoundInAccount(err)
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "watch": newWatchBody(o)})
	return nil
}

// byLink is POST /api/watch {"token", "action": "pause" | "stop"}: an
// e-mail link's page asks it. The link itself (a GET of the page) changes
// nothing, so a mail scanner that follows links pauses no watch.
func (h *watches) byLink(w http.ResponseWriter, r *http.Request) error {
	if err := h.allow(w, r); err != nil {
		return err
	}
	var req watchRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	o, err := h.orders.ControlWatchByToken(r.Context(), req.Token, req.Action)
	if err != nil {
		return err
	}
	b := newWatchBody(o)
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "state": b.State, "listingTitle": b.ListingTitle, "watch": b})
	return nil
}

// unsubscribe is POST /api/watch/unsubscribe?token=…: the e-mail's
// List-Unsubscribe one-click (RFC 8058). Mail clients post the form body
// "List-Unsubscribe=One-Click" with no JSON and no sign-in; the token
// names the watch, which is stopped.
func (h *watches) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	if err := h.allow(w, r); err != nil {
		return err
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "" && mt != "application/x-www-form-urlencoded" && mt != "multipart/form-data" {
		return domain.Errorf(domain.CodeMediaType, "Send the one-click unsubscribe as a form.")
	}
	if _, err := h.orders.ControlWatchByToken(r.Context(), r.URL.Query().Get("token"), orders.WatchStop); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "state": domain.WatchStopped})
	return nil
}

func (h *watches) allow(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "private, no-store")
	if ok, wait := h.limit.Allow(limitKey(h.addr.Of(r))); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		return domain.Errorf(domain.CodeRateLimited, msgWatchLimit)
	}
	return nil
}

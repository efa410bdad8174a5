package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/ratelimit"
	"github.com/listinglift/listinglift/backend/report"
)

// shares serves a report's read-only share link (issue 18; orders decides
// what a link is and whose report it is): the owner makes one (POST) or
// ends it (DELETE); anyone holding it reads the report (POST /api/shared
// {token}), with no account, no e-mail address and no order data. The
// token travels in the body, never in an API path or query: Cloud Run's
// request log records every request's URL (and the link's page sends no
// Referer), so no platform log holds a working link.
type shares struct {
	orders *orders.Service // nil: sharing is off here
	// limit bounds the public reads per client address (the API's
	// buckets: limitKey of ClientAddrPolicy.Of), so nobody can make us read
	// the store without end or try links by the thousand.
	limit *ratelimit.Limiter
	addr  ClientAddrPolicy
}

// Public share reads: a visitor opens a link, reloads it, perhaps opens a
// few from one office; a script trying links is stopped.
const (
	sharedPerMinute = 30
	sharedBurst     = 15
	msgSharedLimit  = "Too many shared reports opened from this connection in a short time. Please wait a minute and try again."
)

func newShares(svc *orders.Service, addr ClientAddrPolicy, now func() time.Time) *shares {
	return &shares{orders: svc, addr: addr, limit: ratelimit.New(sharedPerMinute, sharedBurst, 10000, now)}
}

// shareBody is a live share link as its owner sees it.
type shareBody struct {
	URL       string    `json:"url"` // a path on this site: /shared/{token}
	ExpiresAt time.Time `json:"expires_at"`
}

// link is o's live share link for its owner, nil when it has none.
func (s *shares) link(o *domain.Optimization) *shareBody {
	if s == nil || s.orders == nil {
		return nil
	}
	l := s.orders.ShareLink(o)
	if l == nil {
		return nil
	}
	return &shareBody{URL: "/shared/" + l.Token, ExpiresAt: l.ExpiresAt}
}

// create is POST /api/optimizations/{id}/share: the owner's link, made
// now or, while one is live, the same one again (orders.Service.Share).
func (s *shares) create(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	if s.orders == nil {
		return domain.Errorf(domain.CodeUnavailable, orders.MsgSharingOff)
	}
	id := r.PathValue("id")
	l, err := s.orders.Share(r.Context(), userFrom(r.Context()).UID, id)
	if err != nil {
		return err
	}
	link := &shareBody{URL: "/shared/" + l.Token, ExpiresAt: l.ExpiresAt}
	logging.FromContext(r.Context()).Info("report shared", "optimization", id, "expires", link.ExpiresAt)
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "share": link})
	return nil
}

// revoke is DELETE /api/optimizations/{id}/share: every link to the
// report stops working at once. Ending a share that is not there is fine.
func (s *shares) revoke(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	if s.orders == nil { // no order can have been shared here
		return domain.Errorf(domain.CodeNotFound, orders.MsgNotYours)
	}
	id := r.PathValue("id")
	ended, err := s.orders.Unshare(r.Context(), userFrom(r.Context()).UID, id)
	if err != nil {
		return err
	}
	if ended {
		logging.FromContext(r.Context()).Info("report unshared", "optimization", id)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"success": true})
	return nil
}

// sharedReport is what a share link shows: the report, when it was made
// and until when the link works. Nothing about the order or its owner.
type sharedReport struct {
	Success     bool            `json:"success"`
	Data        json.RawMessage `json:"data"`
	PackageType domain.Plan     `json:"package_type"`
	ReportDate  time.Time       `json:"report_date"`
	SharedUntil time.Time       `json:"shared_until"`
	IsRecheck   bool            `json:"is_recheck"`
}

// sharedRequest is POST /api/shared's body: the token of the link's page
// (/shared/{token}).
type sharedRequest struct {
	Token string `json:"token"`
}

// view is POST /api/shared, public: orders.Service.Shared says whether the
// token opens a report.
func (s *shares) view(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Robots-Tag", "noindex")
	if ok, wait := s.limit.Allow(limitKey(s.addr.Of(r))); !ok {
		h.Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		return domain.Errorf(domain.CodeRateLimited, msgSharedLimit)
	}
	var req sharedRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	o, err := s.orders.Shared(r.Context(), req.Token) // nil orders: unavailable
	if err != nil {
		return err
	}
	data, err := report.Shared(o.Results)
	if err != nil {
		return err
	}
	at := o.CreatedAt
	if o.CompletedAt != nil {
		at = *o.CompletedAt
	}
	writeJSON(w, http.StatusOK, sharedReport{Success: true, Data: data, PackageType: o.PlanType,
		ReportDate: at, SharedUntil: o.Share.ExpiresAt, IsRecheck: o.RecheckOf != ""})
	return nil
}

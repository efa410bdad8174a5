package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/ratelimit"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store"
)

// shares serves a report's read-only share link (issue 18): the owner
// makes one (POST) or ends it (DELETE); anyone holding it reads the report
// (POST /api/shared {token}), with no account, no e-mail address and no
// order data. The token travels in the body, never in an API path or query:
// Cloud Run's request log records every request's URL (and the link's page
// sends no Referer), so no platform log holds a working link.
type shares struct {
	store  store.Store
	signer *sharelink.Signer // nil: sharing is off here (no link secret)
	now    func() time.Time
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

func newShares(st store.Store, signer *sharelink.Signer, addr ClientAddrPolicy, now func() time.Time) *shares {
	return &shares{store: st, signer: signer, now: now, addr: addr, limit: ratelimit.New(sharedPerMinute, sharedBurst, 10000, now)}
}

// Messages of the owner's share requests.
const (
	msgShareNotReady = "This report can be shared once it is ready."
	msgSharingOff    = "Sharing is not set up on this server."
)

// shareBody is a live share link as its owner sees it.
type shareBody struct {
	URL       string    `json:"url"` // a path on this site: /shared/{token}
	ExpiresAt time.Time `json:"expires_at"`
}

// link is o's live share link for its owner, nil when it has none.
func (s *shares) link(o *domain.Optimization) *shareBody {
	if s == nil || s.signer == nil || !o.SharedAt(s.now()) || !store.Shareable(o) {
		return nil
	}
	return &shareBody{URL: "/shared/" + s.signer.Token(o.ID, *o.Share), ExpiresAt: o.Share.ExpiresAt}
}

// create is POST /api/optimizations/{id}/share: the owner's link, made
// now or, while one is live, the same one again.
func (s *shares) create(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	if s.signer == nil {
		return domain.Errorf(domain.CodeUnavailable, msgSharingOff)
	}
	o, err := ownOptimization(r, s.store, r.PathValue("id"))
	if err != nil {
		return err
	}
	if !store.Shareable(o) {
		return domain.Errorf(domain.CodeConflict, msgShareNotReady)
	}
	if _, err := s.store.Apply(r.Context(), o.ID, store.Shared(s.signer.New())); err != nil {
		return fmt.Errorf("share %s: %w", o.ID, err)
	}
	if o, err = s.store.GetOptimization(r.Context(), o.ID); err != nil {
		return err
	}
	link := s.link(o)
	if link == nil { // refunded between the two reads
		return domain.Errorf(domain.CodeConflict, msgShareNotReady)
	}
	logging.FromContext(r.Context()).Info("report shared", "optimization", o.ID, "expires", link.ExpiresAt)
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "share": link})
	return nil
}

// revoke is DELETE /api/optimizations/{id}/share: every link to the
// report stops working at once. Ending a share that is not there is fine.
func (s *shares) revoke(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	o, err := ownOptimization(r, s.store, r.PathValue("id"))
	if err != nil {
		return err
	}
	ended, err := s.store.Apply(r.Context(), o.ID, store.Unshared())
	if err != nil {
		return fmt.Errorf("stop sharing %s: %w", o.ID, err)
	}
	if ended {
		logging.FromContext(r.Context()).Info("report unshared", "optimization", o.ID)
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

// view is POST /api/shared, public: the token is signed, and the store must
// still hold the share it names (the owner may have ended it).
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
	if s.signer == nil {
		return sharelink.ErrUnavailable
	}
	id, shareID, err := s.signer.Verify(req.Token)
	if err != nil {
		return err
	}
	o, err := s.store.GetOptimization(r.Context(), id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return sharelink.ErrUnavailable
	}
	if err != nil {
		return err
	}
	if o.Share == nil || o.Share.ID != shareID || !o.SharedAt(s.now()) || !store.Shareable(o) || len(o.Results) == 0 {
		return sharelink.ErrUnavailable
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

package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/ratelimit"
)

// SessionPath is SPEC §7's token sync URL: the browser POSTs a fresh
// sign-in's ID token there, and DELETEs on sign-out.
const SessionPath = "/api/session"

// sessionCookie is the session cookie's name. Firebase Hosting strips every
// other cookie from the requests it forwards to Cloud Run.
const sessionCookie = "__session"

// sessions is SPEC §7's token sync, at /api/session: POST (with the ID
// token of a sign-in made in the last auth.SessionSignInMaxAge) sets the
// HttpOnly session cookie the server draws a host's report pages with;
// DELETE ends it on the server and clears it (sign-out). The cookie is
// never accepted by the API: every API call still needs its Bearer ID token.
//
// Reading a cookie costs a Firebase user lookup (the revocation check), so
// each instance remembers a cookie's verdict for sessionCheckFor and lets a
// session draw at most drawsPerMinute pages (past that the page comes
// undrawn, and the app asks the API with its token as it always did).
type sessions struct {
	sessions auth.Sessions // nil: no session cookies (pages are never drawn for a host)
	secure   bool          // production: the cookie is sent over HTTPS only
	checked  *checkedSessions
	draws    *ratelimit.Limiter
}

// How often a session's cookie is checked with Firebase, and how many pages
// it may draw. Thirty seconds is how long a copy of a cookie signed out on
// another instance may still draw a page there (on the instance that took
// the sign-out, it stops at once); a host reloading their report, or
// opening it in a few tabs, stays well within the rate.
const (
	sessionCheckFor   = 30 * time.Second
	maxCheckedCookies = 10000
	drawsPerMinute    = 12
	drawsBurst        = 6
)

func newSessions(s auth.Sessions, secure bool, now func() time.Time) *sessions {
	return &sessions{sessions: s, secure: secure, checked: newCheckedSessions(maxCheckedCookies, now),
		draws: ratelimit.New(drawsPerMinute, drawsBurst, maxCheckedCookies, now)}
}

// start answers POST /api/session, behind requireUser: the token is valid
// and its account not deleted; the session needs a recent sign-in too.
func (s *sessions) start(w http.ResponseWriter, r *http.Request) error {
	if s.sessions == nil {
		return domain.Errorf(domain.CodeNotFound, "Sessions are not offered here.")
	}
	_, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	cookie, err := s.sessions.StartSession(r.Context(), strings.TrimSpace(token))
	if err != nil {
		return err
	}
	http.SetCookie(w, s.cookie(cookie, int(auth.SessionMaxAge/time.Second)))
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// end answers DELETE /api/session, the app's sign-out: it ends the
// cookie's session on the server (auth.Sessions.EndSession), so a copy of
// the cookie draws no page any more, and clears it. It needs no token (a
// host signing out may no longer have one): the cookie itself says whose
// session to end, and only its holder can send it. When the session could
// not be ended, the cookie is still cleared and the answer is 503.
func (s *sessions) end(w http.ResponseWriter, r *http.Request) error {
	s.clear(w)
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" && s.sessions != nil {
		uid, err := s.sessions.EndSession(r.Context(), c.Value)
		if err != nil {
			return err
		}
		if uid != "" {
			s.checked.forgetUser(uid)
			logging.FromContext(r.Context()).Info("session ended on sign-out", "uid", uid)
		}
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// clear tells the browser to drop the session cookie.
func (s *sessions) clear(w http.ResponseWriter) { http.SetCookie(w, s.cookie("", -1)) }

// cookie is the session cookie with value, for maxAge seconds (negative:
// delete it now). Lax: sent when a host follows a link to their report
// (from the e-mail, from Stripe's checkout), never on a cross-site
// subrequest; and only ever used to draw a page.
func (s *sessions) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: sessionCookie, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode}
}

// cookieOf is the request's session cookie, "" for none.
func (s *sessions) cookieOf(r *http.Request) string {
	if s.sessions == nil {
		return ""
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

// user returns the host the session cookie names, or ok false when it names
// none: invalid, revoked or expired (clear: the browser should drop it),
// over its draws, or the check could not be made in time (the page is
// served undrawn). It writes nothing: the caller may have answered already.
func (s *sessions) user(ctx context.Context, cookie string, deleted *deletedAccounts) (u auth.User, ok, clear bool) {
	if cookie == "" {
		return auth.User{}, false, false
	}
	key := cookieKey(cookie)
	if allowed, _ := s.draws.Allow(key); !allowed {
		logging.FromContext(ctx).Warn("report page served undrawn: the session draws too often")
		return auth.User{}, false, false
	}
	u, known := s.checked.get(key)
	var err error
	if !known {
		if u, err = s.sessions.Session(ctx, cookie); err == nil {
			s.checked.put(key, u)
		}
	}
	if err == nil {
		err = deleted.check(ctx, u.UID)
	}
	if err != nil {
		return auth.User{}, false, domain.ErrorCode(err) == domain.CodeUnauthorized
	}
	return u, true, false
}

// cookieKey is what a cookie is remembered and limited by: its SHA-256,
// never the cookie itself.
func cookieKey(cookie string) string {
	sum := sha256.Sum256([]byte(cookie))
	return hex.EncodeToString(sum[:])
}

// checkedSessions remembers, for sessionCheckFor, the user of each session
// cookie Firebase accepted (failures are never remembered), at most max of
// them: when full, the expired go first, then any.
type checkedSessions struct {
	mu      sync.Mutex
	max     int
	now     func() time.Time
	entries map[string]checkedSession
}

type checkedSession struct {
	user  auth.User
	until time.Time
}

func newCheckedSessions(max int, now func() time.Time) *checkedSessions {
	return &checkedSessions{max: max, now: now, entries: map[string]checkedSession{}}
}

func (c *checkedSessions) get(key string) (auth.User, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || !c.now().Before(e.until) {
		delete(c.entries, key)
		return auth.User{}, false
	}
	return e.user, true
}

func (c *checkedSessions) put(key string, u auth.User) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if len(c.entries) >= c.max {
		for k, e := range c.entries {
			if !now.Before(e.until) || len(c.entries) >= c.max {
				delete(c.entries, k)
			}
		}
	}
	c.entries[key] = checkedSession{user: u, until: now.Add(sessionCheckFor)}
}

// forgetUser drops every remembered cookie of uid (their sessions ended).
func (c *checkedSessions) forgetUser(uid string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if e.user.UID == uid {
			delete(c.entries, k)
		}
	}
}

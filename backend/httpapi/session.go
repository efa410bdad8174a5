package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/domain"
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
// DELETE clears it (sign-out). The cookie is never accepted by the API:
// every API call still needs its Bearer ID token.
type sessions struct {
	sessions auth.Sessions // nil: no session cookies (pages are never drawn for a host)
	secure   bool          // production: the cookie is sent over HTTPS only
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

// end answers DELETE /api/session: it needs no token (a host signing out
// may no longer have one), and clearing a cookie is harmless whoever asks.
func (s *sessions) end(w http.ResponseWriter, r *http.Request) error {
	s.clear(w)
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

// user returns the host the request's session cookie names, or ok false
// when there is none (or no valid one, which is then cleared; or the check
// could not be made just now, when the page is served undrawn).
func (s *sessions) user(w http.ResponseWriter, r *http.Request, deleted *deletedAccounts) (auth.User, bool) {
	if s.sessions == nil {
		return auth.User{}, false
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return auth.User{}, false
	}
	u, err := s.sessions.Session(r.Context(), c.Value)
	if err == nil {
		err = deleted.check(r.Context(), u.UID)
	}
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeUnauthorized {
			s.clear(w)
		}
		return auth.User{}, false
	}
	return u, true
}

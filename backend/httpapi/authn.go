package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
)

type userKey struct{}

// requireUser verifies the request's Firebase ID token (Authorization:
// Bearer …) and puts the user in the context; without a valid token the
// answer is 401 JSON and next never runs.
func requireUser(v auth.Verifier, next handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="listinglift"`)
			return auth.ErrSignInRequired
		}
		start := time.Now()
		u, err := v.Verify(r.Context(), strings.TrimSpace(token))
		// How long the sign-in check took, in the standard Server-Timing
		// header: a browser's network panel and the load run show it apart
		// from the request's own work (with the Auth emulator, a call to
		// it; in production, a signature check).
		w.Header().Add("Server-Timing", fmt.Sprintf("auth;dur=%.1f", float64(time.Since(start).Microseconds())/1000))
		if err != nil {
			if domain.ErrorCode(err) == domain.CodeUnauthorized {
				w.Header().Set("WWW-Authenticate", `Bearer realm="listinglift", error="invalid_token"`)
			}
			return err
		}
		ctx := context.WithValue(r.Context(), userKey{}, u)
		ctx = logging.WithLogger(ctx, logging.FromContext(ctx).With("uid", u.UID))
		return next(w, r.WithContext(ctx))
	}
}

// userFrom returns the verified user; only handlers behind requireUser call it.
func userFrom(ctx context.Context) auth.User {
	u, _ := ctx.Value(userKey{}).(auth.User)
	return u
}

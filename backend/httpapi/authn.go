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
	"github.com/listinglift/listinglift/backend/store"
)

type userKey struct{}

// requireUser verifies the request's Firebase ID token (Authorization:
// Bearer …) and puts the user in the context; without a valid token the
// answer is 401 JSON and next never runs. With deleted, a valid token of a
// deleted account is refused too (DELETE /api/me goes without, so that a
// deletion cut short can be finished).
func requireUser(v auth.Verifier, deleted *deletedAccounts, next handlerFunc) handlerFunc {
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
		if err := deleted.check(r.Context(), u.UID); err != nil {
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

// deletedAccounts refuses the tokens of deleted accounts: a Firebase ID
// token stays valid by its signature for up to an hour after its user is
// deleted, and each instance caches the tokens it verified (auth's token
// cache), so neither says the account is gone. Its tombstone
// (store.CustomerDeleted) does, on every instance: one read of one record
// by its key per signed-in request (a primary-key lookup in SQLite, a
// document read in Firestore). The store's writes check the tombstone in
// their own transactions as well; this check makes every route, reads
// included, answer 401 from the moment of the deletion.
type deletedAccounts struct {
	store    DeletedAccounts
	verifier auth.Verifier // its cache forgets the deleted user's tokens
}

// check is nil for a live account, store.ErrAccountDeleted (401) for a
// deleted one and CodeUnavailable when the tombstone could not be read.
func (d *deletedAccounts) check(ctx context.Context, uid string) error {
	if d == nil || d.store == nil {
		return nil
	}
	deleted, err := d.store.CustomerDeleted(ctx, uid)
	if err != nil {
		return &domain.Error{Code: domain.CodeUnavailable, Message: "We could not check your sign-in just now. Please try again.", Err: err}
	}
	if !deleted {
		return nil
	}
	if f, ok := d.verifier.(interface{ ForgetUser(uid string) }); ok {
		f.ForgetUser(uid)
	}
	return store.ErrAccountDeleted
}

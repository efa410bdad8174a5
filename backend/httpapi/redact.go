package httpapi

import (
	"strings"

	"github.com/listinglift/listinglift/backend/sharelink"
)

// Redacted stands in a logged path for a bearer token.
const Redacted = "[redacted]"

// bearerPrefixes are the path segments after which the next segment is a
// bearer token: whoever holds it reads the report (/shared/{token}, the
// page; the API takes the token in a POST body, but an old or hand-made
// /api/shared/{token} still must not be logged). PDF links carry theirs in
// the query string, which is never logged.
var bearerPrefixes = map[string]bool{"shared": true}

// RedactPath is p as it may be logged: every segment that follows a
// bearer prefix, and any other segment with a share token's shape (a link
// pasted under a mistyped path), replaced by Redacted. Every log line that
// names a request's path takes it from here.
func RedactPath(p string) string {
	segs := strings.Split(p, "/")
	changed := false
	for i, s := range segs {
		if s == "" {
			continue
		}
		if i > 0 && bearerPrefixes[segs[i-1]] || sharelink.LooksLikeToken(s) {
			segs[i], changed = Redacted, true
		}
	}
	if !changed {
		return p
	}
	return strings.Join(segs, "/")
}

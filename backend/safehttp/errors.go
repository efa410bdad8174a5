package safehttp

import (
	"errors"
	"fmt"
)

// Errors a caller can test with errors.Is to tell the person what happened.
// Detail (the address, the limit) is in the wrapping message, for logs only.
var (
	// ErrBlocked: the URL or an address it resolves to or redirects to is
	// not a public web address on port 80 or 443.
	ErrBlocked = errors.New("safehttp: destination not allowed")
	// ErrTimeout: connecting, the TLS handshake, the response headers or
	// the whole exchange took longer than allowed.
	ErrTimeout = errors.New("safehttp: timed out")
	// ErrTooLarge: the body (after decompression) exceeded the size cap.
	ErrTooLarge = errors.New("safehttp: response too large")
	// ErrTooManyRedirects: the redirect chain exceeded the cap.
	ErrTooManyRedirects = errors.New("safehttp: too many redirects")
)

// StatusError is a response with a status other than 2xx.
type StatusError struct {
	Code int
	URL  string // the URL that answered (after redirects)
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("safehttp: %s answered HTTP %d", e.URL, e.Code)
}

// Status returns the HTTP status of a *StatusError in err's chain, or 0.
func Status(err error) int {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code
	}
	return 0
}

func blockedf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBlocked}, args...)...)
}

package domain

import (
	"errors"
	"fmt"
)

// Code classifies an error for the one place that maps errors to HTTP
// statuses. Codes say what went wrong from the caller's point of view.
type Code string

const (
	CodeInvalid      Code = "invalid"      // the request is wrong; the message says how
	CodeUnauthorized Code = "unauthorized" // no valid identity
	CodeNotFound     Code = "not_found"    // absent, or not the caller's (we never confirm ids)
	CodeUnreadable   Code = "unreadable"   // well-formed, but names nothing we can work with (a link that is no listing we can read)
	CodeConflict     Code = "conflict"     // the record already exists or changed underneath
	CodeRateLimited  Code = "rate_limited"
	CodeMediaType    Code = "media_type"  // the body is not in the format the endpoint reads (JSON)
	CodeUnavailable  Code = "unavailable" // a dependency failed; retrying may help
	CodeInternal     Code = "internal"
)

// Error is an error a person can act on. Message is safe to show to the
// client; Err (if any) carries internal detail that is only logged.
type Error struct {
	Code    Code
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with a client-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrNotFound is returned by stores when a record does not exist.
var ErrNotFound = &Error{Code: CodeNotFound, Message: "Not found."}

// ErrorCode returns the code of the first *Error in err's chain, or
// CodeInternal for any other non-nil error.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorMessage returns the client-safe message of err, or a generic sentence
// for errors that carry internal detail only.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Message != "" {
		return e.Message
	}
	return "Something went wrong. Please try again."
}

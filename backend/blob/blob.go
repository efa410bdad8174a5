// Package blob declares where generated files (the Premium PDF reports) are
// kept: a Store of objects named by keys such as "reports/<optimization
// id>.pdf". Adapters: local (a folder on disk, for `make dev` and tests) and
// gcs (a Cloud Storage bucket). blobtest holds the contract suite both pass.
//
// The package also signs the short-lived download links that let the owner
// of a report fetch its PDF with a plain link (Signer).
package blob

import (
	"context"
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
)

// Store keeps objects by key.
type Store interface {
	// Put stores data under key with its content type (e.g.
	// "application/pdf"), replacing any object already there. Objects are
	// private: nothing is made public.
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Get returns the object's bytes and content type. A missing object
	// gives an error wrapping domain.ErrNotFound.
	Get(ctx context.Context, key string) (data []byte, contentType string, err error)
	// Delete removes the object. A missing object is not an error (the
	// delete is done), so a retried delete of the same key succeeds.
	Delete(ctx context.Context, key string) error
}

// MaxKeyLen is the longest key accepted (Cloud Storage's limit on object
// names, in bytes).
const MaxKeyLen = 1024

// DefaultContentType is what Put records when given none.
const DefaultContentType = "application/octet-stream"

// ReportKey is the key of an optimization's PDF report.
func ReportKey(optimizationID string) string { return "reports/" + optimizationID + ".pdf" }

// CheckKey refuses keys that are not plain relative paths: empty or longer
// than MaxKeyLen, a leading "/", empty, "." or ".." segments ("a//b", "a/",
// "a/./b"), any ".." at all, or a byte outside [A-Za-z0-9._/-]. Every
// adapter calls it first, so a key means the same object everywhere and can
// never leave the local adapter's folder. The error has code
// domain.CodeInvalid.
func CheckKey(key string) error {
	switch {
	case key == "":
		return invalidKey(key, "it is empty")
	case len(key) > MaxKeyLen:
		return invalidKey(key, fmt.Sprintf("it is longer than %d bytes", MaxKeyLen))
	case strings.HasPrefix(key, "/"):
		return invalidKey(key, `it starts with "/"`)
	case strings.Contains(key, ".."):
		return invalidKey(key, `it contains ".."`)
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '/' || c == '-') {
			return invalidKey(key, fmt.Sprintf("byte %q at %d is not one of A-Z a-z 0-9 . _ / -", c, i))
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." {
			return invalidKey(key, `it has an empty or "." path segment`)
		}
	}
	return nil
}

func invalidKey(key, why string) error {
	if len(key) > 80 {
		key = key[:80] + "…"
	}
	return &domain.Error{Code: domain.CodeInvalid, Message: "Invalid file name.",
		Err: fmt.Errorf("blob: key %q refused: %s", key, why)}
}

// NotFound is the error Get returns for a missing key: it wraps
// domain.ErrNotFound and names the key.
func NotFound(key string) error {
	return fmt.Errorf("blob: %s: %w", key, domain.ErrNotFound)
}

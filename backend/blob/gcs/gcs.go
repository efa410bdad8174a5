// Package gcs is the production blob.Store: objects in a Cloud Storage
// bucket (cloud.google.com/go/storage, JSON API for writes, the library's
// default XML API for reads).
//
// Objects are written private: no predefined ACL is sent, so the bucket's
// policy applies (use uniform bucket-level access and public access
// prevention; the service account needs roles/storage.objectUser on the
// bucket). Nothing is ever served from the bucket directly: the API streams
// a PDF to its owner after checking a signed link (blob.Signer).
//
// With STORAGE_EMULATOR_HOST set, the client library itself sends every call
// to that address, unauthenticated: locally that is fake-gcs-server
// (scripts/lib.sh start_fake_gcs), which must be started with -public-host
// equal to that address for the XML reads to reach it. Production refuses to
// start with the variable set (configuration's job).
package gcs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net"
	"net/http"
	"regexp"

	"cloud.google.com/go/storage"
	"google.golang.org/api/googleapi"
	"google.golang.org/api/option"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
)

// Store keeps objects in one bucket.
type Store struct {
	client *storage.Client
	bucket *storage.BucketHandle
	name   string
	owned  bool // Close closes the client
}

var _ blob.Store = (*Store)(nil)

// Bucket names: 3-63 characters of lower-case letters, digits, "-", "_" and
// "." (names with dots may reach 222 characters in 63-character parts; we
// do not need those).
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$`)

// New connects to Cloud Storage with Application Default Credentials (or to
// STORAGE_EMULATOR_HOST) and returns a Store for bucket. It does not check
// that the bucket exists: that takes storage.buckets.get, which an
// object-level role lacks; the first Put says so.
func New(ctx context.Context, bucket string, opts ...option.ClientOption) (*Store, error) {
	if !bucketName.MatchString(bucket) {
		return nil, fmt.Errorf("blob/gcs: %q is not a bucket name", bucket)
	}
	client, err := storage.NewClient(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("blob/gcs: client: %w", err)
	}
	s := NewWithClient(client, bucket)
	s.owned = true
	return s, nil
}

// NewWithClient returns a Store for bucket using client, which the caller
// keeps and closes.
func NewWithClient(client *storage.Client, bucket string) *Store {
	return &Store{client: client, bucket: client.Bucket(bucket), name: bucket}
}

// Close releases the client when New made it.
func (s *Store) Close() error {
	if s.owned {
		return s.client.Close()
	}
	return nil
}

// Bucket is the bucket's name.
func (s *Store) Bucket() string { return s.name }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Put uploads the object in one request (with its CRC32C, which the service
// checks) and retries transient failures: writing the same bytes twice is
// harmless, so the upload counts as idempotent.
func (s *Store) Put(ctx context.Context, key string, data []byte, contentType string) error {
	if err := blob.CheckKey(key); err != nil {
		return err
	}
	if contentType == "" {
		// An empty type would make the library sniff one from the bytes.
		contentType = blob.DefaultContentType
	}
	w := s.bucket.Object(key).Retryer(storage.WithPolicy(storage.RetryAlways)).NewWriter(ctx)
	w.ContentType = contentType
	// One chunk holding the whole object: a single multipart upload the
	// library can resend, instead of the default 16 MiB buffer.
	w.ChunkSize = len(data) + 1
	w.CRC32C = crc32.Checksum(data, castagnoli)
	w.SendCRC32C = true
	if _, err := w.Write(data); err != nil {
		_ = w.Close()
		return classify(fmt.Sprintf("put %s", key), err)
	}
	if err := w.Close(); err != nil {
		return classify(fmt.Sprintf("put %s", key), err)
	}
	return nil
}

// Get downloads the object with its content type.
func (s *Store) Get(ctx context.Context, key string) ([]byte, string, error) {
	if err := blob.CheckKey(key); err != nil {
		return nil, "", err
	}
	r, err := s.bucket.Object(key).NewReader(ctx)
	if err != nil {
		if errors.Is(err, storage.ErrObjectNotExist) {
			return nil, "", blob.NotFound(key)
		}
		return nil, "", classify(fmt.Sprintf("get %s", key), err)
	}
	defer r.Close()
	buf := bytes.NewBuffer(make([]byte, 0, max(r.Attrs.Size, 0)+bytes.MinRead))
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, "", classify(fmt.Sprintf("get %s", key), err)
	}
	contentType := r.Attrs.ContentType
	if contentType == "" {
		contentType = blob.DefaultContentType
	}
	return buf.Bytes(), contentType, nil
}

// Delete removes the object; one that does not exist is success. The
// delete is retried on transient failures: deleting twice is harmless.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := blob.CheckKey(key); err != nil {
		return err
	}
	err := s.bucket.Object(key).Retryer(storage.WithPolicy(storage.RetryAlways)).Delete(ctx)
	if err != nil && !errors.Is(err, storage.ErrObjectNotExist) {
		return classify(fmt.Sprintf("delete %s", key), err)
	}
	return nil
}

// classify wraps err, marking what retrying may cure (429, 5xx, network
// errors) domain.CodeUnavailable. Context errors stay as they are.
func classify(op string, err error) error {
	err = fmt.Errorf("blob/gcs: %s: %w", op, err)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var gerr *googleapi.Error
	var nerr net.Error
	switch {
	case errors.As(err, &gerr) && (gerr.Code == http.StatusTooManyRequests || gerr.Code >= 500),
		errors.As(err, &nerr), errors.Is(err, io.ErrUnexpectedEOF):
		return &domain.Error{Code: domain.CodeUnavailable, Message: "File storage is unavailable right now. Please try again.", Err: err}
	}
	return err
}

// Package firestore is the production store (every aggregate of package
// store) on Cloud Firestore.
// Documents carry the SPEC §3 field names, so the console shows what the
// spec describes; private record types with firestore tags keep those names
// out of the domain package.
package firestore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"cloud.google.com/go/firestore"
	"google.golang.org/api/option"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Store is the store on one Firestore database.
type Store struct {
	client  *firestore.Client
	timeout time.Duration
}

// DefaultCallTimeout bounds each store call. Reads and single-document
// transactions take milliseconds; a call still running after this is stuck
// (an unreachable backend, a retry loop) and must fail where it is, so the
// webhook, the job or the page that made it can answer, instead of holding
// the request until its own deadline.
const DefaultCallTimeout = 10 * time.Second

// bound gives one store call its own deadline (never later than ctx's).
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.timeout)
}

// SetCallTimeout changes the deadline of each store call (tests, and
// operators who need a longer one); d ≤ 0 keeps the default.
func (s *Store) SetCallTimeout(d time.Duration) {
	if d > 0 {
		s.timeout = d
	}
}

// Aggregates hands out the store as its aggregates: the adapter
// implements them all (checked here at compile time).
func (s *Store) Aggregates() store.Aggregates {
	return store.Aggregates{Customers: s, Orders: s, Purchases: s, Fulfilment: s,
		OwedWork: s, Rechecks: s, Deletions: s, Closer: s}
}

// New connects to Firestore in projectID. With FIRESTORE_EMULATOR_HOST set,
// the client library talks to that emulator without credentials.
func New(ctx context.Context, projectID string, opts ...option.ClientOption) (*Store, error) {
	client, err := firestore.NewClient(ctx, projectID, opts...)
	if err != nil {
		return nil, fmt.Errorf("firestore: connect to project %s: %w", projectID, err)
	}
	return NewWithClient(client), nil
}

// NewWithClient wraps client; Close closes it.
func NewWithClient(client *firestore.Client) *Store {
	return &Store{client: client, timeout: DefaultCallTimeout}
}

// Close closes the client.
func (s *Store) Close() error {
	if err := s.client.Close(); err != nil {
		return fmt.Errorf("firestore: close: %w", err)
	}
	return nil
}

func (s *Store) customers() *firestore.CollectionRef { return s.client.Collection("customers") }

func (s *Store) optimizations() *firestore.CollectionRef {
	return s.client.Collection("optimizations")
}

// validID reports whether id can name a document. The client builds paths
// by concatenation, so "" or "a/b" would address the collection or a
// subcollection instead of failing; we answer those as absent ourselves.
// validID applies Firestore's document id rules (no "/", not "." or "..",
// not __reserved__, at most 1500 bytes); anything else cannot name a
// document, so reads answer not found instead of an InvalidArgument error.
func validID(id string) bool {
	return id != "" && len(id) <= 1500 && !strings.Contains(id, "/") && id != "." && id != ".." &&
		!(strings.HasPrefix(id, "__") && strings.HasSuffix(id, "__"))
}

func isNotFound(err error) bool { return status.Code(err) == codes.NotFound }

// timestamp is t as Firestore keeps it: UTC, microseconds (finer precision
// is dropped by the server). Applying it before writing lets a write return
// exactly what a later read gives.
func timestamp(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// notFoundf wraps domain.ErrNotFound with context.
func notFoundf(format string, args ...any) error {
	return fmt.Errorf("firestore: "+format+": %w", append(args, domain.ErrNotFound)...)
}

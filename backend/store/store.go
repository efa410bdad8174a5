// Package store declares the document store ListingLift keeps its records in.
// Adapters live in subpackages (sqlite for local work and tests, firestore for
// production); storetest holds the one contract suite both must pass.
package store

import (
	"context"

	"github.com/listinglift/listinglift/backend/domain"
)

// Store is the persistence the API needs. Missing records are reported as
// domain.ErrNotFound (match with errors.Is or domain.ErrorCode).
type Store interface {
	// UpsertCustomer records a sign-in: it creates the customer on first
	// sign-in and otherwise updates e-mail, display name, lastLoginAt and
	// updatedAt, leaving counts and optimization ids alone.
	UpsertCustomer(ctx context.Context, login domain.Login) (*domain.Customer, error)
	GetCustomer(ctx context.Context, uid string) (*domain.Customer, error)

	// AddOptimization stores o under a new id (o.ID is ignored) and returns it.
	AddOptimization(ctx context.Context, o domain.Optimization) (*domain.Optimization, error)
	GetOptimization(ctx context.Context, id string) (*domain.Optimization, error)
	// FindOptimizationBySession returns the optimization whose
	// stripeSessionId is sessionID (SPEC §7: limit 1).
	FindOptimizationBySession(ctx context.Context, sessionID string) (*domain.Optimization, error)
	// ListOptimizations returns page (1-based) of a customer's optimizations,
	// newest first, domain.PageSize per page, with the customer's total.
	ListOptimizations(ctx context.Context, customerUID string, page int) (*domain.OptimizationPage, error)

	Close() error
}

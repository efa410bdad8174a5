package store

import "github.com/listinglift/listinglift/backend/domain"

// ErrAccountDeleted is every write path's refusal for a customer whose
// account was deleted (Deletions.MarkCustomerDeleted): a request, webhook or
// job that raced the deletion, or a token another instance still accepts,
// must not bring back the profile or an order. Matched with errors.Is; the
// API answers it 401 with this message (the host's sign-in is gone too).
var ErrAccountDeleted = &domain.Error{Code: domain.CodeUnauthorized,
	Message: "This account has been deleted. Sign up again to use ListingLift."}

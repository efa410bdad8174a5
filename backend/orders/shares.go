package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store"
)

// Share links (issue 18): a finished report's read-only link, made or
// ended by its owner and read by anyone holding it, with no account. The
// link is a token (sharelink) naming the order and its share; the order
// holds the share (store.Shared, store.Unshared), so ending it stops every
// link at once. Which order is the host's is decided here too (Own).

// Messages of the owner's share requests, and of an order that is not the
// host's (exactly a missing one's, so ids are never confirmed).
const (
	MsgShareNotReady = "This report can be shared once it is ready."
	MsgSharingOff    = "Sharing is not set up on this server."
	MsgNotYours      = "We could not find that optimization in your account."
)

// OrderReader reads one order (store.Orders does).
type OrderReader interface {
	GetOptimization(ctx context.Context, id string) (*domain.Optimization, error)
}

// Own returns order id, read from st, if it belongs to host uid: the one
// ownership check of the host's requests by order id (the API's order
// page, its share link). Another host's order, a missing one and an id we
// never issue are all the same NotFound (MsgNotYours); an id we never
// issue is refused without a store call.
func Own(ctx context.Context, st OrderReader, uid, id string) (*domain.Optimization, error) {
	if !domain.ValidKey(id) {
		return nil, domain.Errorf(domain.CodeNotFound, MsgNotYours)
	}
	o, err := st.GetOptimization(ctx, id)
	if err == nil && o.CustomerUID != uid {
		err = domain.ErrNotFound
	}
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Errorf(domain.CodeNotFound, MsgNotYours)
	}
	return o, err
}

// ShareLink is a live share link as its owner sees it: the token of its
// page and when it stops working.
type ShareLink struct {
	Token     string
	ExpiresAt time.Time
}

// ShareLink is o's live share link, nil when it has none (or sharing is
// off here: no link secret).
func (s *Service) ShareLink(o *domain.Optimization) *ShareLink {
	if s == nil || s.d.Shares == nil || !o.SharedAt(s.d.Now()) || !store.Shareable(o) {
		return nil
	}
	return &ShareLink{Token: s.d.Shares.Token(o.ID, *o.Share), ExpiresAt: o.Share.ExpiresAt}
}

// Share makes host uid's report id a share link now or, while one is live,
// gives the same one again. A report not finished (or refunded) is
// CodeConflict MsgShareNotReady; without a link secret, CodeUnavailable.
func (s *Service) Share(ctx context.Context, uid, id string) (*ShareLink, error) {
	if s.d.Shares == nil {
		return nil, domain.Errorf(domain.CodeUnavailable, MsgSharingOff)
	}
	o, err := Own(ctx, s.d.Orders, uid, id)
	if err != nil {
		return nil, err
	}
	if !store.Shareable(o) {
		return nil, domain.Errorf(domain.CodeConflict, MsgShareNotReady)
	}
	if _, err := s.d.Orders.Apply(ctx, o.ID, store.Shared(s.d.Shares.New())); err != nil {
		return nil, fmt.Errorf("share %s: %w", o.ID, err)
	}
	if o, err = s.d.Orders.GetOptimization(ctx, o.ID); err != nil {
		return nil, err
	}
	link := s.ShareLink(o)
	if link == nil { // refunded between the two reads
		return nil, domain.Errorf(domain.CodeConflict, MsgShareNotReady)
	}
	return link, nil
}

// Unshare ends every link to host uid's report id at once and reports
// whether there was a share to end (ending none is fine).
func (s *Service) Unshare(ctx context.Context, uid, id string) (ended bool, err error) {
	o, err := Own(ctx, s.d.Orders, uid, id)
	if err != nil {
		return false, err
	}
	if ended, err = s.d.Orders.Apply(ctx, o.ID, store.Unshared()); err != nil {
		return false, fmt.Errorf("stop sharing %s: %w", o.ID, err)
	}
	return ended, nil
}

// Shared is the order a share link's token opens: the token is signed,
// and the order must still hold the live share it names (the owner may
// have ended it) and a report. Anything else is sharelink.ErrUnavailable,
// one answer for every reason.
func (s *Service) Shared(ctx context.Context, token string) (*domain.Optimization, error) {
	if s == nil || s.d.Shares == nil {
		return nil, sharelink.ErrUnavailable
	}
	id, shareID, err := s.d.Shares.Verify(token)
	if err != nil {
		return nil, err
	}
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, sharelink.ErrUnavailable
	}
	if err != nil {
		return nil, err
	}
	if o.Share == nil || o.Share.ID != shareID || !o.SharedAt(s.d.Now()) || !store.Shareable(o) || len(o.Results) == 0 {
		return nil, sharelink.ErrUnavailable
	}
	return o, nil
}

package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Own answers the host's own order and nothing else: another host's, a
// missing one and a key we never issue are the same NotFound, the last
// without a store call. Share and Unshare check ownership through it; a
// share link opens the report until it is ended.
func TestOwnAndShare(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		o := paidOrder(t, st, c.Now(), domain.PlanBasic)
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Now: c.Now,
			Shares: &sharelink.Signer{Secret: []byte("test-secret-of-at-least-thirty-two-bytes"), Now: c.Now}})

		for _, tc := range []struct {
			name, uid, id string
			want          domain.Code // "" : the order
		}{
			{"own", "host-1", o.ID, ""},
			{"another host's", "host-2", o.ID, domain.CodeNotFound},
			{"missing", "host-1", "no-such-order", domain.CodeNotFound},
			{"a key we never issue", "host-1", "a/b", domain.CodeNotFound},
		} {
			got, err := orders.Own(ctx, st, tc.uid, tc.id)
			if tc.want == "" {
				if err != nil || got.ID != o.ID {
					t.Errorf("%s: %v, %v; want the order", tc.name, got, err)
				}
				continue
			}
			var de *domain.Error
			if domain.ErrorCode(err) != tc.want || !errors.As(err, &de) || de.Message != orders.MsgNotYours {
				t.Errorf("%s: %v; want %s %q", tc.name, err, tc.want, orders.MsgNotYours)
			}
			if _, err := svc.Share(ctx, tc.uid, tc.id); domain.ErrorCode(err) != tc.want {
				t.Errorf("%s: Share: %v; want %s", tc.name, err, tc.want)
			}
		}

		if _, err := svc.Share(ctx, "host-1", o.ID); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("sharing an unfinished report: %v; want %s", err, domain.CodeConflict)
		}
		if _, err := st.Complete(ctx, o.ID, []byte(`{"title":"Loft"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		link, err := svc.Share(ctx, "host-1", o.ID)
		if err != nil || link.Token == "" || !link.ExpiresAt.Equal(c.Now().Truncate(time.Second).Add(sharelink.TTL)) {
			t.Fatalf("Share: %+v, %v", link, err)
		}
		if again, err := svc.Share(ctx, "host-1", o.ID); err != nil || again.Token != link.Token {
			t.Errorf("sharing again: %+v, %v; want the same link", again, err)
		}
		if got, err := svc.Shared(ctx, link.Token); err != nil || got.ID != o.ID {
			t.Errorf("the link opens %v, %v; want the order", got, err)
		}
		if ended, err := svc.Unshare(ctx, "host-1", o.ID); err != nil || !ended {
			t.Fatalf("Unshare: %v, %v", ended, err)
		}
		if _, err := svc.Shared(ctx, link.Token); !errors.Is(err, sharelink.ErrUnavailable) {
			t.Errorf("an ended link: %v; want sharelink.ErrUnavailable", err)
		}
		if ended, err := svc.Unshare(ctx, "host-1", o.ID); err != nil || ended {
			t.Errorf("ending it again: %v, %v; want false, nil", ended, err)
		}
	})
}

// Without a link secret nothing is shared and no token opens anything.
func TestSharingOff(t *testing.T) {
	svc := orders.New(orders.Deps{Stores: orders.StoresOf(storetable.SQLite(t))})
	if _, err := svc.Share(context.Background(), "host-1", "x"); domain.ErrorCode(err) != domain.CodeUnavailable {
		t.Errorf("Share with sharing off: %v; want %s", err, domain.CodeUnavailable)
	}
	if _, err := svc.Shared(context.Background(), "abc"); !errors.Is(err, sharelink.ErrUnavailable) {
		t.Errorf("Shared with sharing off: %v; want sharelink.ErrUnavailable", err)
	}
}

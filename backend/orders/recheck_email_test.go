package orders_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// recheckResults is a re-check's report: the listing score 49 → 51, one
// of the first report's two actions done.
const recheckResults = `{"package_type":"premium","title":"Loft","overall_score":51,"overall_band":"Room to grow",
"comparison":{"recheck_of":"x","before_generated_at":"2026-11-23T10:01:00Z","overall":{"before":49,"after":51},
"sections":[],"title_before":"Loft","title_after":"Loft","description_words":{"before":50,"after":50},
"photos":{"before":4,"after":7},"amenities_added":[],"amenities_removed":[],
"actions":[{"area":"photos","finding":"Few photos.","action":"Add photos.","progress":"done"},
{"area":"title","finding":"Short title.","action":"Name the view.","progress":"not yet"}]}}`

// capture is a mailer that keeps what it sends.
type capture struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (c *capture) Send(_ context.Context, m mail.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, m)
	return nil
}

// sendEmail completes order id with results (its e-mail due) and runs its
// e-mail job, returning the message sent.
func sendEmail(t *testing.T, svc *orders.Service, st store.Aggregates, mc *capture, id, results string, at time.Time) mail.Message {
	t.Helper()
	ctx := context.Background()
	if _, err := st.Complete(ctx, id, []byte(results), at, true); err != nil {
		t.Fatal(err)
	}
	n := len(mc.sent)
	if err := svc.Handle(ctx, jobs.EmailFor(id), jobs.Attempt{Number: 1}); err != nil {
		t.Fatal(err)
	}
	if len(mc.sent) != n+1 {
		t.Fatalf("%d e-mails sent for %s, want 1", len(mc.sent)-n, id)
	}
	return mc.sent[n]
}

const recheckOpening = "Your re-check is ready.\nListing score: 49 → 51 (+2)\nYour first report's actions: 1 of 2 done\n"

// TestReportEmailOffersRechecks: a bought Premium report's e-mail offers
// its free re-checks until the day they end; each re-check's e-mail says
// it is the re-check and what changed, and offers the re-checks left on
// the bought report, read from the store; the last one offers none.
func TestReportEmailOffersRechecks(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		mc := &capture{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: fixedReport{}, Mailer: mc, Now: c.Now, PublicURL: "https://app.test"})
		host := orders.Customer{UID: "host-1", Email: "host@example.com"}
		paid := c.Now()
		until := paid.Add(orders.RecheckWindow).Format("January 2, 2006") // December 23, 2026

		o := paidOrder(t, st, paid, domain.PlanPremium)
		m := sendEmail(t, svc, st, mc, o.ID, `{"package_type":"premium","title":"Loft","overall_score":49,"overall_band":"Needs attention"}`, c.Now())
		want := "Made the changes? Re-check your listing free: we read it again and show what changed. 3 of 3 free re-checks left, until " + until + "."
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, "3 of 3 free re-checks left") {
			t.Errorf("the bought report's e-mail lacks the offer %q:\n%s", want, m.Text)
		}
		if !strings.Contains(m.Text, "https://app.test/payment-success?session_id="+o.ID) || m.Subject != "Your ListingLift Premium report: Loft" {
			t.Errorf("the bought report's e-mail: subject %q, no link to its page", m.Subject)
		}

		for i := 1; i <= orders.RecheckLimit; i++ {
			c.Add(24 * time.Hour)
			r, err := svc.Recheck(ctx, host, o.ID)
			if err != nil {
				t.Fatal(err)
			}
			m := sendEmail(t, svc, st, mc, r.ID, recheckResults, c.Now())
			if m.Subject != "Your ListingLift re-check: Loft" {
				t.Errorf("re-check %d: subject %q", i, m.Subject)
			}
			if !strings.HasPrefix(m.Text, recheckOpening) {
				t.Errorf("re-check %d: the text opens\n%.200s\nwant\n%s", i, m.Text, recheckOpening)
			}
			left := orders.RecheckLimit - i
			want := fmt.Sprintf("Made more changes? Re-check your listing free: we read it again and show what changed. %d of 3 free re-checks left, until %s.", left, until)
			if left == 0 {
				if strings.Contains(m.Text, "re-checks left") || strings.Contains(m.HTML, "re-checks left") {
					t.Errorf("re-check %d: all used, yet the e-mail offers more:\n%s", i, m.Text)
				}
			} else if !strings.Contains(m.Text, want) || !strings.Contains(m.Text, "session_id="+r.ID) {
				t.Errorf("re-check %d: the e-mail lacks %q:\n%s", i, want, m.Text)
			}
		}
	})
}

// unreadable is a store that cannot read one order.
type unreadable struct {
	store.Orders
	id string
}

func (u unreadable) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	if id == u.id {
		return nil, errors.New("unavailable")
	}
	return u.Orders.GetOptimization(ctx, id)
}

// A re-check's e-mail made after the 30 days (a re-check ordered on day
// 29, made late) offers no more; one whose bought report cannot be read
// goes without the offer rather than not at all.
func TestRecheckEmailWithoutOffer(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name       string
		later      time.Duration // from the re-check to its e-mail
		unreadable bool
	}{
		{"past the 30 days", 2 * 24 * time.Hour, false},
		{"the bought report unreadable", time.Hour, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetable.Run(t, func(t *testing.T, sq store.Aggregates) {
				c := newClock()
				mc := &capture{}
				paid := c.Now()
				o := paidOrder(t, sq, paid, domain.PlanPremium)
				if _, err := sq.Complete(ctx, o.ID, []byte(`{"package_type":"premium","title":"Loft"}`), paid, false); err != nil {
					t.Fatal(err)
				}
				st := sq
				if tc.unreadable {
					st.Orders = unreadable{sq.Orders, o.ID}
				}
				svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: fixedReport{}, Mailer: mc, Now: c.Now, PublicURL: "https://app.test"})
				c.Add(29 * 24 * time.Hour)
				r, err := orders.New(orders.Deps{Stores: orders.StoresOf(sq), Queue: &recordingQueue{}, Reporter: fixedReport{}, Now: c.Now}).
					Recheck(ctx, orders.Customer{UID: "host-1", Email: "host@example.com"}, o.ID)
				if err != nil {
					t.Fatal(err)
				}
				c.Add(tc.later)
				m := sendEmail(t, svc, sq, mc, r.ID, recheckResults, c.Now())
				if !strings.HasPrefix(m.Text, recheckOpening) || strings.Contains(m.Text, "re-checks left") || strings.Contains(m.HTML, "re-checks left") {
					t.Errorf("the re-check's e-mail:\n%s", m.Text)
				}
			})
		})
	}
}

package reportmail

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
)

func TestComposeRefund(t *testing.T) {
	at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	paidAt := at.Add(-time.Hour)
	order := &domain.Optimization{ID: "ord_1", CustomerEmail: "host@example.com", ListingTitle: "Sunny\nloft <b>",
		PaidAt: &paidAt, StripeSessionID: "cs_1", FailureReason: ReportFailed + " The listing site did not answer.", Refund: &domain.Refund{ID: "re_1", Amount: 19.99, RefundedAt: at}}
	upgraded := &domain.Optimization{ID: "ord_2", CustomerEmail: "host@example.com", ListingURL: "https://www.airbnb.com/rooms/1",
		Upgrade: &domain.Upgrade{Status: domain.UpgradeRefunded, SessionID: "cs_2", FailureReason: "We could not prepare the Premium report.",
			Refund: &domain.Refund{Amount: 15, RefundedAt: at}}}
	offOrder := &domain.Optimization{ID: "ord_3", CustomerEmail: "host@example.com", ListingTitle: "Loft", PaidAt: &paidAt,
		FailureReason: ReportFailed + " The listing site did not answer.", Refund: &domain.Refund{Amount: 19.99, RefundedAt: at}}
	offUpgrade := &domain.Optimization{ID: "ord_4", CustomerEmail: "host@example.com", ListingTitle: "Loft", PaidAt: &paidAt,
		Upgrade: &domain.Upgrade{Status: domain.UpgradeRefunded, FailureReason: "We could not prepare the Premium report.",
			Refund: &domain.Refund{Amount: 15, RefundedAt: at}}}
	for _, tc := range []struct {
		name    string
		in      RefundInput
		subject string
		want    []string
		not     []string
	}{
		{"order", RefundInput{Optimization: order, HomeURL: "https://app/#optimize", SupportEmail: "help@x"},
			"We couldn't prepare your report: your $19.99 was refunded",
			[]string{"Listing: Sunny loft <b>", "The listing site did not answer.", "Your payment of $19.99 was refunded on November 23, 2026 — " + RefundDelay,
				"Order number: ord_1", "Try another listing: https://app/#optimize", "help@x"},
			[]string{ReportFailed + " The listing"}},
		{"upgrade", RefundInput{Optimization: upgraded, Upgrade: true, ReportURL: "https://app/r", SupportEmail: "help@x"},
			"We couldn't prepare your Premium report: your $15.00 upgrade was refunded",
			[]string{"Listing: https://www.airbnb.com/rooms/1", "Your payment of $15.00 was refunded on November 23, 2026", "Your Basic report is unchanged: https://app/r"},
			[]string{"Try another listing"}},
		// Payments off: the order was marked paid and its refund recorded
		// with no provider call; nothing was charged, and the mail says so.
		{"order, nothing charged", RefundInput{Optimization: offOrder, HomeURL: "https://app/#optimize", SupportEmail: "help@x"},
			"We couldn't prepare your report",
			[]string{"The listing site did not answer.", NothingCharged, "Order number: ord_3"},
			[]string{"$19.99", "refunded on", RefundDelay}},
		{"upgrade, nothing charged", RefundInput{Optimization: offUpgrade, Upgrade: true, ReportURL: "https://app/r", SupportEmail: "help@x"},
			"We couldn't prepare your Premium report",
			[]string{"We couldn't prepare the Premium report for your listing.", NothingChargedUpgrade, "Your Basic report is unchanged"},
			[]string{"$15.00", "was refunded", RefundDelay}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ComposeRefund(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Check(); err != nil {
				t.Fatalf("message does not pass mail.Check: %v", err)
			}
			if m.Subject != tc.subject || m.To != "host@example.com" {
				t.Errorf("subject %q to %q", m.Subject, m.To)
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, m.Text)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(m.Text, n) || strings.Contains(m.HTML, n) || strings.Contains(m.Subject, n) {
					t.Errorf("the message says %q", n)
				}
			}
			if strings.Contains(m.HTML, "<b>") {
				t.Error("the listing title was inserted as markup")
			}
		})
	}
	if _, err := ComposeRefund(RefundInput{Optimization: &domain.Optimization{ID: "x"}}); err == nil || mail.Retryable(err) {
		t.Errorf("an order without a refund: %v; want a permanent error", err)
	}
}

// The web app's failure screen and upgrade note say what this e-mail says
// when nothing was charged, word for word.
func TestNothingChargedMatchesTheWebApp(t *testing.T) {
	b, err := os.ReadFile("../../frontend/src/lib/orders/money.ts")
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{"NOTHING_CHARGED": NothingCharged, "NOTHING_CHARGED_UPGRADE": NothingChargedUpgrade} {
		if want := "export const " + name + " = '" + s + "';"; !strings.Contains(string(b), want) {
			t.Errorf("money.ts lacks %s", want)
		}
	}
}

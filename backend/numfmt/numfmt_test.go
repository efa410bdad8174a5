package numfmt

import "testing"

// Money is every figure's format on the web, in the PDF, the e-mail and the
// CLI: whole units, thousands grouped, the currency's sign or its code, and
// never "$" for a figure whose currency is not known.
func TestMoney(t *testing.T) {
	for _, c := range []struct {
		amount   float64
		currency string
		want     string
	}{
		{22302, "USD", "$22,302"},
		{149.5, "EUR", "€150"},
		{29980.5, "USD", "$29,980"}, // half to even, as %.0f: the texts and the PDF agree
		{1234567, "BRL", "BRL 1,234,567"},
		{97, "CHF", "CHF 97"},
		{97, "chf ", "CHF 97"},
		{1250, "CHF", "CHF 1,250"},
		{18500, "JPY", "JPY 18,500"},
		{0, "", "0"},
		{1483, "", "1,483"},
		{-40, "USD", "−$40"},
		{-0.4, "EUR", "€0"},
		{999, "GBP", "£999"},
		{1000, "CAD", "CA$1,000"},
	} {
		if got := Money(c.amount, c.currency); got != c.want {
			t.Errorf("Money(%v, %q) = %q, want %q", c.amount, c.currency, got, c.want)
		}
	}
}

// MoneyCents is what was charged or refunded, to the cent, as the refund
// e-mail says it ("$%.2f" before it went through here).
func TestMoneyCents(t *testing.T) {
	for _, c := range []struct {
		amount   float64
		currency string
		want     string
	}{
		{19.99, "usd", "$19.99"},
		{15, "usd", "$15.00"},
		{4.995, "USD", "$5.00"}, // as %.2f rounds it
		{1250, "CHF", "CHF 1,250.00"},
		{-4.99, "EUR", "−€4.99"},
		{-0.001, "USD", "$0.00"},
		{0.5, "", "0.50"},
	} {
		if got := MoneyCents(c.amount, c.currency); got != c.want {
			t.Errorf("MoneyCents(%v, %q) = %q, want %q", c.amount, c.currency, got, c.want)
		}
	}
}

func TestThousandsAndPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1962: "1,962", 1234567: "1,234,567", -1962: "-1,962"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 listings"}, {1, "1 listing"}, {2, "2 listings"}, {2272, "2,272 listings"}} {
		if got := Plural(c.n, "listing", "listings"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

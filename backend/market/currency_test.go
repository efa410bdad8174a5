package market

import "testing"

func TestCurrencyOf(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Albany, New York, United States", "USD"},
		{"Asheville, North Carolina, United States", "USD"},
		{"Antwerp, Flemish Region, Belgium", "EUR"},
		{"Zurich, Zürich, Switzerland", "CHF"},
		{"Lisbon, Lisbon, Portugal", "EUR"},
		{"London, England, United Kingdom", "GBP"},
		{"Somewhere, Nowhere", ""},
		{"", ""},
	} {
		if got := CurrencyOf(tc.name); got != tc.want {
			t.Errorf("CurrencyOf(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

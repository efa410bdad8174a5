// Package numfmt writes the numbers hosts read — counts, money — the same
// way on the web's server-made texts, in the PDF, the e-mail and the CLI:
// thousands grouped ("2,272 comparable listings"), money with its currency
// ("CHF 1,250", "€97", never "$" for a figure whose currency is not known).
// The browser's counterpart is formatMoney in frontend/src/lib/format.ts.
package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// Thousands writes n with comma thousands separators: 1962 → "1,962".
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	return group(strconv.Itoa(n))
}

func group(s string) string {
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Plural is the count with its noun: "1 night", "2,272 listings".
func Plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return Thousands(n) + " " + one
	}
	return Thousands(n) + " " + many
}

// currencySymbols are the symbols money figures use; any other currency is
// written as its ISO code.
var currencySymbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "CAD": "CA$", "AUD": "A$"}

// Money is a whole amount with thousands separators and its currency —
// "$1,483", "€97", "CHF 1,250", "−$40" — or the bare figure when the
// currency is not known. It rounds as %.0f does (half to even), so a text
// and a chart of the same figure agree.
func Money(amount float64, currency string) string { return money(amount, currency, 0) }

// MoneyCents is Money to the cent, for what a host was charged or
// refunded: "$19.99", "$15.00", "CHF 1,250.00" (the browser's formatCharge).
func MoneyCents(amount float64, currency string) string { return money(amount, currency, 2) }

func money(amount float64, currency string, places int) string {
	s := strconv.FormatFloat(math.Abs(amount), 'f', places, 64)
	zero := strings.Trim(s, "0.") == ""
	whole, frac, _ := strings.Cut(s, ".")
	n := group(whole)
	if frac != "" {
		n += "." + frac
	}
	code := strings.ToUpper(strings.TrimSpace(currency))
	switch sym := currencySymbols[code]; {
	case sym != "":
		n = sym + n
	case code != "":
		n = code + " " + n
	}
	if amount < 0 && !zero {
		n = "−" + n
	}
	return n
}

// Round2 rounds to two decimal places, halves away from zero: money in
// cents (4.99 + 15.00 is 19.99, not 19.990000000000002) and the shares and
// scores a report keeps at two places.
func Round2(v float64) float64 { return math.Round(v*100) / 100 }

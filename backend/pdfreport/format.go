package pdfreport

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// money formats an amount in whole units of a currency, as the report's
// own texts do (rounded like "%.0f"), with thousands separators: "$1,483",
// "€150", "BRL 1,234".
func money(v float64, currency string) string {
	neg := v < 0
	num := group(strconv.FormatFloat(math.Abs(v), 'f', 0, 64))
	code := strings.ToUpper(strings.TrimSpace(currency))
	var out string
	switch code {
	case "":
		// A currency we do not know is never shown as dollars.
		out = num
	case "USD":
		out = "$" + num
	case "EUR":
		out = "€" + num
	case "GBP":
		out = "£" + num
	case "CAD":
		out = "CA$" + num
	case "AUD":
		out = "A$" + num
	default:
		out = code + " " + num
	}
	if neg && num != "0" {
		out = "−" + out
	}
	return out
}

// group puts thousands separators into a string of digits.
func group(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	pre := len(digits) % 3
	if pre > 0 {
		b.WriteString(digits[:pre])
	}
	for i := pre; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// num formats a figure with at most two decimals and no trailing zeros.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// share formats a 0–1 share as a whole percentage.
func share(v float64) string { return fmt.Sprintf("%.0f%%", v*100) }

// signedPct formats a percentage change: "+4.3%".
func signedPct(v float64) string {
	if v >= 0 {
		return "+" + num(v) + "%"
	}
	return "−" + num(-v) + "%"
}

// ordinal formats a 0–100 percentile as "42nd percentile".
func ordinal(p float64) string { return analysis.Ordinal(p) + " percentile" }

// titleCase capitalises the first letter: "airbnb" → "Airbnb".
func titleCase(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	switch strings.ToLower(s) {
	case "vrbo":
		return "Vrbo"
	case "airbnb":
		return "Airbnb"
	case "booking", "booking.com":
		return "Booking.com"
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// joinNonEmpty joins the non-empty strings with sep.
func joinNonEmpty(sep string, ss ...string) string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return strings.Join(out, sep)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

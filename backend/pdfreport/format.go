package pdfreport

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/numfmt"
)

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

// shareOr is share of *v, or "" (the row left out) when the source does
// not say.
func shareOr(v *float64) string {
	if v == nil {
		return ""
	}
	return share(*v)
}

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

func plural(n int, one, many string) string { return numfmt.Plural(n, one, many) }

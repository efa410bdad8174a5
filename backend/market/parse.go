package market

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cell parsers for Inside Airbnb's CSV formats. Each returns (nil, nil) for
// an empty cell or "N/A" (stored as NULL: the file has no value), the value
// for a good cell, and an error for a cell that does not parse, which the
// importer counts and stores as NULL rather than failing a whole city over
// one odd cell.

var errBadCell = errors.New("bad cell")

// blank reports whether a cell says "no value".
func blank(s string) bool {
	return s == "" || s == "N/A" || s == "n/a"
}

func parseText(s string) (any, error) { return strings.TrimSpace(s), nil }

// parseInt reads a count. Inside Airbnb writes some counts as floats
// ("2.0"), so a whole float is accepted too.
func parseInt(s string) (any, error) {
	s = strings.TrimSpace(s)
	if blank(s) {
		return nil, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && n >= 0 {
		return n, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		return nil, fmt.Errorf("%w: not a count", errBadCell)
	}
	return int64(f), nil
}

// parseFloat reads a non-negative finite number.
func parseFloat(s string) (any, error) {
	s = strings.TrimSpace(s)
	if blank(s) {
		return nil, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, fmt.Errorf("%w: not a number", errBadCell)
	}
	return f, nil
}

// parseScore reads a review score on Airbnb's 5-point scale.
func parseScore(s string) (any, error) {
	v, err := parseFloat(s)
	if f, ok := v.(float64); ok && f > 5 {
		return nil, fmt.Errorf("%w: score above 5", errBadCell)
	}
	return v, err
}

// parsePrice reads "$1,234.00". Inside Airbnb prints every market's prices
// with a "$" whatever the currency, so any leading symbol is dropped. A zero
// price is stored as no price: Airbnb has no free stays, zero means unknown.
func parsePrice(s string) (any, error) {
	s = strings.TrimSpace(s)
	if blank(s) {
		return nil, nil
	}
	s = strings.TrimLeftFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != '-' })
	s = strings.ReplaceAll(s, ",", "")
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, fmt.Errorf("%w: not a price", errBadCell)
	}
	if f == 0 {
		return nil, nil
	}
	return f, nil
}

// parsePercent reads "98%" as 98.
func parsePercent(s string) (any, error) {
	s = strings.TrimSpace(s)
	if blank(s) {
		return nil, nil
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, "%")), 64)
	if err != nil || f < 0 || f > 100 {
		return nil, fmt.Errorf("%w: not a percentage", errBadCell)
	}
	return int64(math.Round(f)), nil
}

// parseBool reads Inside Airbnb's "t"/"f".
func parseBool(s string) (any, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "n/a":
		return nil, nil
	case "t", "true", "1", "yes":
		return true, nil
	case "f", "false", "0", "no":
		return false, nil
	}
	return nil, fmt.Errorf("%w: not t or f", errBadCell)
}

// parseBathsText reads the bathrooms_text column ("1.5 shared baths",
// "Half-bath", "Private half-bath"), which is all some listings have: the
// numeric bathrooms column is empty for them.
func parseBathsText(s string) (any, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if blank(s) {
		return nil, nil
	}
	if strings.Contains(s, "half-bath") || strings.Contains(s, "half bath") {
		return 0.5, nil
	}
	num, _, _ := strings.Cut(s, " ")
	return parseFloat(num)
}

// parseAmenities checks that a cell is a JSON array of strings and returns
// it compacted, so what is stored always decodes.
func parseAmenities(s string) (any, error) {
	s = strings.TrimSpace(s)
	if blank(s) {
		return nil, nil
	}
	var names []string
	if err := json.Unmarshal([]byte(s), &names); err != nil {
		return nil, fmt.Errorf("%w: amenities are not a JSON array of strings", errBadCell)
	}
	kept := names[:0]
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			kept = append(kept, n)
		}
	}
	b, err := json.Marshal(kept)
	if err != nil {
		return nil, fmt.Errorf("%w: amenities: %v", errBadCell, err)
	}
	return string(b), nil
}

// parseID reads an Airbnb listing id (a positive integer).
func parseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return id, err == nil && id > 0
}

// parseCoord reads a latitude (limit 90) or longitude (limit 180).
func parseCoord(s string, limit float64) (float64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f, err == nil && f >= -limit && f <= limit
}

// isDate reports whether s is a YYYY-MM-DD date. A shape check is enough
// here (the files write dates one way) and, unlike time.Parse, costs
// nothing on a calendar with millions of rows.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := range len(s) {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	month, day := (s[5]-'0')*10+s[6]-'0', (s[8]-'0')*10+s[9]-'0'
	return month >= 1 && month <= 12 && day >= 1 && day <= 31
}

// brTags are the line breaks Inside Airbnb leaves in review text.
var brTags = strings.NewReplacer("<br/>", "\n", "<br />", "\n", "<br>", "\n")

// cleanReviewText turns a review cell into plain text.
func cleanReviewText(s string) string {
	if strings.Contains(s, "<br") {
		s = brTags.Replace(s)
	}
	return strings.TrimSpace(s)
}

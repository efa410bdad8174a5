package market

import (
	"path/filepath"
	"strings"
)

// inferMarket derives a market's display name and snapshot date from the
// folder an import reads. Two layouts are understood:
//
//	insideairbnb-albany-ny-2025-10-05        (ours: a slug and the date)
//	…/united-states/ny/albany/2025-10-05/data (Inside Airbnb's download paths)
//
// Either part may come back empty when the folder does not say; WithName
// and WithSnapshot override both.
func inferMarket(dir string) (name, snapshot string) {
	dir = filepath.Clean(dir)
	slug := filepath.Base(dir)
	if strings.EqualFold(slug, "data") {
		// …/<region>/<city>/<date>/data → "<city>-<region>-<date>"
		date := filepath.Dir(dir)
		city := filepath.Dir(date)
		region := filepath.Base(filepath.Dir(city))
		slug = filepath.Base(city) + "-" + region + "-" + filepath.Base(date)
	}
	// The case is kept for displayName ("McAllen"); the affixes match in any.
	if p := "insideairbnb-"; strings.HasPrefix(strings.ToLower(slug), p) {
		slug = slug[len(p):]
	}
	// Our folders may name the format after the date
	// ("insideairbnb-asheville-2022-09-21-summary").
	for _, f := range []string{"-" + FormatSummary, "-" + FormatDetailed} {
		if strings.HasSuffix(strings.ToLower(slug), f) {
			slug = slug[:len(slug)-len(f)]
		}
	}
	if n := len(slug); n >= 10 && isDate(slug[n-10:]) {
		snapshot = slug[n-10:]
		slug = strings.TrimSuffix(slug[:n-10], "-")
	}
	return displayName(slug), snapshot
}

// displayName turns "albany-ny" into "Albany, New York, United States",
// Inside Airbnb's own wording for US markets, whose folders end in the
// state's code. Other slugs are title-cased ("paris" → "Paris").
func displayName(slug string) string {
	words := strings.FieldsFunc(slug, func(r rune) bool { return r == '-' || r == '_' || r == ' ' || r == '.' })
	if len(words) == 0 {
		return ""
	}
	for i, w := range words {
		// A host writes "Asheville", whatever the folder's case
		// ("asheville", "ASHEVILLE"); a mixed-case word ("McAllen") is
		// kept as written.
		if w == strings.ToLower(w) || w == strings.ToUpper(w) {
			w = strings.ToLower(w)
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	if n := len(words); n > 1 {
		if state, ok := usStates[strings.ToUpper(words[n-1])]; ok {
			return strings.Join(words[:n-1], " ") + ", " + state + ", United States"
		}
	}
	return strings.Join(words, " ")
}

var usStates = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
	"CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
	"FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
	"IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
	"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
	"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
	"NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
	"NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
	"PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
	"WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}

// The room types Inside Airbnb uses; comparables match on them.
const (
	RoomEntire  = "Entire home/apt"
	RoomPrivate = "Private room"
	RoomShared  = "Shared room"
	RoomHotel   = "Hotel room"
)

// NormalizeRoomType maps the ways pages and files word a room type
// ("Entire place", "ENTIRE_HOME", "Private room in home") to one of the four
// Room* constants, so a scraped listing meets its comparables. Anything else
// comes back trimmed and unchanged.
func NormalizeRoomType(s string) string {
	s = strings.TrimSpace(s)
	l := strings.ToLower(s)
	switch {
	case strings.HasPrefix(l, "entire"):
		return RoomEntire
	case strings.HasPrefix(l, "private"):
		return RoomPrivate
	case strings.HasPrefix(l, "shared"):
		return RoomShared
	case strings.HasPrefix(l, "hotel"):
		return RoomHotel
	}
	return s
}

// Package realpages_test is the truth table of record for reading listings:
// every page in ../shared/real-pages (saved by other people, from the sites
// hosts paste) is read through the same path a saved page takes
// (ingest.ReadSaved), and what it gives is set against what a person reads
// on that page, field by field, with where on the page each value is.
//
// The pages stay in ../shared: they are never copied into the project.
package realpages_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// Page is one saved page and what a person reads on it.
type Page struct {
	File string // path under real-pages/
	// URL is the address a host would paste for it ("" : none, the page's
	// own address is used, as the CLI does for a saved page).
	URL string
	// Refusal, for a page that is no listing we can report on, is the
	// message the host must get (a prefix, for messages that name a site).
	Refusal string
	Facts   []Fact
}

// Fact is one field as a person reads it on the page.
//
// Field keys and how Want is written:
//
//	title                 the listing's own title, exactly
//	description_words     words in the whole description (strings.Fields)
//	description_sections  headings the description has, "|"-separated; each
//	                      must start a line of the read description
//	property_type         the page's wording ("Casa", "Hotel", "Villa"); the
//	                      read value must contain it, case folded
//	room_type             entire | private | shared | hotel
//	guests, bedrooms, beds, baths   numbers
//	city, region, country the page's wording, case and accents folded
//	coordinates           "lat,lng"; within 0.0005°
//	amenities             how many the page lists as available
//	amenities_missing     how many it lists as not included
//	photos                how many photos the listing has
//	photo_captions        how many of them have a caption
//	cover                 a string the cover image's URL contains
//	rating                "4.98/5", "8.5/10": the value on its own scale
//	category_ratings      "cleanliness=4.9,accuracy=5,…" (Ratings' JSON names)
//	review_count          number
//	host                  the host's display name
//	superhost, guest_favorite   yes | no
//	check_in, check_out   a time ("15:00", "3:00 PM"); compared as minutes
//	max_guests            number
//	pets, smoking, parties  yes | no
//	price                 "175 CAD": amount and currency
//	language              two-letter code; "en" for English
//
// Partial says the page itself shows only part of the field (a lazy gallery
// of 5 photos, "the 10 most popular facilities"): Want is what it shows, and
// a right reading must be marked partial (Listing.IsPartial).
type Fact struct {
	Field   string
	Want    string
	Where   string
	Partial bool
}

// Outcome of one fact.
type Outcome int

const (
	Correct Outcome = iota
	Partly          // the value, but a page showing all of it read in part (marked partial)
	Missed          // not read
	Wrong           // a value the page contradicts, or a part passed off as the whole
)

func (o Outcome) String() string {
	return [...]string{"correct", "partly", "missed", "wrong"}[o]
}

// pages is filled by the truth files (truth_*_test.go), one per platform.
var pages []Page

// Targets of the issue that built this table: per platform, at least this
// share of the facts read correctly, and none wrong.
const targetCorrect = 0.95

func sharedDir(t *testing.T) string { return listingtest.RealPagesDir(t) }

func readPage(t *testing.T, dir string, p Page) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, p.File))
	if err != nil {
		t.Fatalf("%s: %v", p.File, err)
	}
	return b
}

// TestEveryRealPageIsInTheTable: a page added to ../shared/real-pages gets a
// truth table before it counts as read.
func TestEveryRealPageIsInTheTable(t *testing.T) {
	dir := sharedDir(t)
	known := map[string]bool{}
	for _, p := range pages {
		if known[p.File] {
			t.Errorf("%s is in the table twice", p.File)
		}
		known[p.File] = true
	}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(d.Name(), ".htm") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if !known[filepath.ToSlash(rel)] {
			t.Errorf("%s has no truth table", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTruthTable reads every page and scores each fact; it prints the table
// per page and per platform and fails below the targets.
func TestTruthTable(t *testing.T) {
	dir := sharedDir(t)
	type tally [4]int
	perPlatform := map[string]*tally{}
	var lines []string
	for _, p := range pages {
		if p.Refusal != "" {
			continue
		}
		page := readPage(t, dir, p)
		l, err := ingest.ReadSaved(page, p.URL, "")
		platform := strings.SplitN(p.File, "/", 2)[0]
		if perPlatform[platform] == nil {
			perPlatform[platform] = &tally{}
		}
		var pt tally
		if err != nil {
			t.Errorf("%s: refused: %v", p.File, domain.ErrorMessage(err))
			for range p.Facts {
				pt[Missed]++
			}
		} else {
			for _, f := range p.Facts {
				o, got := Score(l, f)
				pt[o]++
				if o != Correct {
					t.Logf("%s: %s %s: want %q (%s), got %s", p.File, f.Field, o, f.Want, f.Where, got)
				}
				if o == Wrong {
					t.Errorf("%s: %s is wrong: want %q (%s), got %s", p.File, f.Field, f.Want, f.Where, got)
				}
			}
		}
		for i := range pt {
			perPlatform[platform][i] += pt[i]
		}
		lines = append(lines, fmt.Sprintf("%-70s %3d/%-3d correct, %d partly, %d missed, %d wrong",
			p.File, pt[Correct], len(p.Facts), pt[Partly], pt[Missed], pt[Wrong]))
	}
	t.Log("per page:\n" + strings.Join(lines, "\n"))
	var names []string
	for k := range perPlatform {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		c := perPlatform[k]
		total := c[0] + c[1] + c[2] + c[3]
		share := float64(c[Correct]) / float64(max(total, 1))
		t.Logf("%-8s %3d/%-3d correct (%.0f %%), %d partly, %d missed, %d wrong", k, c[Correct], total, 100*share, c[Partly], c[Missed], c[Wrong])
		if share < targetCorrect {
			t.Errorf("%s: %.1f %% of the facts read correctly, want at least %.0f %%", k, 100*share, 100*targetCorrect)
		}
	}
}

// TestRefusals: every page that is no listing we can report on is refused,
// each with its own reason.
func TestRefusals(t *testing.T) {
	dir := sharedDir(t)
	for _, p := range pages {
		if p.Refusal == "" {
			continue
		}
		t.Run(p.File, func(t *testing.T) {
			_, err := ingest.ReadSaved(readPage(t, dir, p), p.URL, "")
			if err == nil {
				t.Fatalf("accepted; want refused with %q", p.Refusal)
			}
			if msg := domain.ErrorMessage(err); !strings.HasPrefix(msg, p.Refusal) {
				t.Errorf("refused with %q, want %q", msg, p.Refusal)
			}
		})
	}
}

// Score sets one fact against the listing read; got says what was read.
func Score(l *listing.Listing, f Fact) (Outcome, string) {
	partial := func(field string) bool { return l.IsPartial(field) }
	switch f.Field {
	case "title":
		return text(l.Has(listing.FieldTitle), l.Title, f.Want, partial(listing.FieldTitle), f.Partial, exactText)
	case "description_words":
		n := len(strings.Fields(l.Description))
		return count(l.Has(listing.FieldDescription) && n > 0, n, f, partial(listing.FieldDescription), 0.1)
	case "description_sections":
		if !l.Has(listing.FieldDescription) {
			return Missed, "no description"
		}
		var lacking []string
		for _, h := range strings.Split(f.Want, "|") {
			if !startsLine(l.Description, h) {
				lacking = append(lacking, h)
			}
		}
		if len(lacking) == 0 {
			return Correct, "every heading"
		}
		if partial(listing.FieldDescription) {
			return Partly, "a part without " + strings.Join(lacking, ", ")
		}
		return Wrong, "whole description without " + strings.Join(lacking, ", ")
	case "property_type":
		return text(l.Has(listing.FieldPropertyType), l.PropertyType, f.Want, partial(listing.FieldPropertyType), f.Partial, containsText)
	case "room_type":
		got := roomClass(l.RoomType)
		return text(l.Has(listing.FieldRoomType), got+" ("+l.RoomType+")", f.Want, false, false, func(g, w string) bool { return got == w })
	case "guests":
		return count(l.Has(listing.FieldCapacity), l.Capacity, f, partial(listing.FieldCapacity), 0)
	case "bedrooms":
		return count(l.Has(listing.FieldBedrooms), l.Bedrooms, f, partial(listing.FieldBedrooms), 0)
	case "beds":
		return count(l.Has(listing.FieldBeds), l.Beds, f, partial(listing.FieldBeds), 0)
	case "baths":
		want, _ := strconv.ParseFloat(strings.TrimSuffix(f.Want, "+"), 64)
		got := fmt.Sprint(l.Baths)
		switch {
		case !l.Has(listing.FieldBaths):
			return Missed, "not read"
		case l.Baths == want:
			return Correct, got
		}
		return Wrong, got
	case "city":
		return text(l.Has(listing.FieldLocation), l.Location.City, f.Want, false, false, foldedText)
	case "region":
		return text(l.Has(listing.FieldLocation), l.Location.Region, f.Want, false, false, foldedText)
	case "country":
		return text(l.Has(listing.FieldLocation), l.Location.Country, f.Want, false, false, foldedText)
	case "coordinates":
		var lat, lng float64
		fmt.Sscanf(strings.ReplaceAll(f.Want, " ", ""), "%g,%g", &lat, &lng)
		got := fmt.Sprintf("%g,%g", l.Location.Lat, l.Location.Lng)
		switch {
		case !l.Has(listing.FieldCoordinates):
			return Missed, "not read"
		case math.Abs(l.Location.Lat-lat) <= 0.0005 && math.Abs(l.Location.Lng-lng) <= 0.0005:
			return Correct, got
		}
		return Wrong, got
	case "amenities", "amenities_missing":
		n := 0
		for _, a := range l.Amenities {
			if a.Available == (f.Field == "amenities") {
				n++
			}
		}
		return count(l.Has(listing.FieldAmenities) && (n > 0 || f.Want == "0"), n, f, partial(listing.FieldAmenities), 0.05)
	case "photos":
		return count(l.Has(listing.FieldPhotos), len(l.Photos), f, partial(listing.FieldPhotos), 0)
	case "photo_captions":
		n := 0
		for _, p := range l.Photos {
			if strings.TrimSpace(p.Caption) != "" {
				n++
			}
		}
		return count(l.Has(listing.FieldPhotos) && (n > 0 || f.Want == "0"), n, f, partial(listing.FieldPhotos), 0.05)
	case "cover":
		return text(l.CoverURL != "", l.CoverURL, f.Want, false, false, func(g, w string) bool { return strings.Contains(g, w) })
	case "rating":
		var v, scale float64
		fmt.Sscanf(f.Want, "%g/%g", &v, &scale)
		got := fmt.Sprintf("%g/%g", l.Ratings.Overall, l.Ratings.Scale)
		switch {
		case !l.Has(listing.FieldRating):
			return Missed, "not read"
		case math.Abs(l.Ratings.Overall-v) < 0.005 && l.Ratings.Scale == scale:
			return Correct, got
		}
		return Wrong, got
	case "category_ratings":
		if !l.Has(listing.FieldCategoryRatings) {
			return Missed, "not read"
		}
		got := map[string]float64{"accuracy": l.Ratings.Accuracy, "check_in": l.Ratings.CheckIn, "cleanliness": l.Ratings.Cleanliness,
			"communication": l.Ratings.Communication, "location": l.Ratings.Location, "value": l.Ratings.Value}
		for _, kv := range strings.Split(f.Want, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
			want, _ := strconv.ParseFloat(v, 64)
			if math.Abs(got[k]-want) >= 0.005 {
				return Wrong, fmt.Sprintf("%v", got)
			}
		}
		return Correct, fmt.Sprintf("%v", got)
	case "review_count":
		return count(l.Has(listing.FieldReviewCount), l.ReviewCount, f, false, 0)
	case "host":
		return text(l.Has(listing.FieldHost) && l.Host.Name != "", l.Host.Name, f.Want, false, false, exactText)
	case "superhost":
		return yesNo(l.Has(listing.FieldSuperhost), l.Superhost, f.Want)
	case "guest_favorite":
		return yesNo(l.Has(listing.FieldGuestFavorite), l.GuestFavorite, f.Want)
	case "check_in":
		return clock(l.HouseRules.CheckIn, f.Want)
	case "check_out":
		return clock(l.HouseRules.CheckOut, f.Want)
	case "max_guests":
		n := l.HouseRules.MaxGuests
		return count(n > 0, n, f, false, 0)
	case "pets":
		return optYesNo(l.HouseRules.PetsAllowed, f.Want)
	case "smoking":
		return optYesNo(l.HouseRules.SmokingAllowed, f.Want)
	case "parties":
		return optYesNo(l.HouseRules.PartiesAllowed, f.Want)
	case "price":
		if l.Price == nil {
			return Missed, "not read"
		}
		var amount float64
		var cur string
		fmt.Sscanf(f.Want, "%g %s", &amount, &cur)
		got := fmt.Sprintf("%g %s", l.Price.Amount, l.Price.Currency)
		if math.Abs(l.Price.Amount-amount) < 0.5 && strings.EqualFold(l.Price.Currency, cur) {
			return Correct, got
		}
		return Wrong, got
	case "language":
		got := l.Language
		if got == "" {
			got = "en"
		}
		if got == f.Want {
			return Correct, got
		}
		return Wrong, got
	}
	return Wrong, "unknown field " + f.Field
}

// text scores a string field with match; a value read from a part of the
// field (a preview) is right only if the page itself shows a part.
func text(read bool, got, want string, gotPartial, wantPartial bool, match func(got, want string) bool) (Outcome, string) {
	switch {
	case !read || strings.TrimSpace(got) == "":
		return Missed, "not read"
	case !match(got, want):
		return Wrong, strconv.Quote(got)
	case gotPartial && !wantPartial:
		return Partly, strconv.Quote(got) + " (marked partial)"
	}
	return Correct, strconv.Quote(got)
}

// count scores a number: within tolerance (a share of want) it is right
// when the listing marks it partial exactly when the page shows a part; a
// different number marked partial is partly; one passed off as whole is
// wrong.
func count(read bool, got int, f Fact, gotPartial bool, tolerance float64) (Outcome, string) {
	want, err := strconv.Atoi(strings.TrimSuffix(f.Want, "+"))
	if err != nil {
		return Wrong, "bad truth " + f.Want
	}
	s := strconv.Itoa(got)
	if gotPartial {
		s += " (marked partial)"
	}
	if !read {
		return Missed, "not read"
	}
	near := math.Abs(float64(got-want)) <= math.Max(tolerance*float64(want), 0)
	switch {
	case near && gotPartial == f.Partial:
		return Correct, s
	case gotPartial:
		return Partly, s
	}
	return Wrong, s
}

func yesNo(read, got bool, want string) (Outcome, string) {
	if !read {
		return Missed, "not read"
	}
	s := map[bool]string{true: "yes", false: "no"}[got]
	if s == want {
		return Correct, s
	}
	return Wrong, s
}

func optYesNo(got *bool, want string) (Outcome, string) {
	if got == nil {
		return Missed, "not read"
	}
	return yesNo(true, *got, want)
}

var reClock = regexp.MustCompile(`(?i)(\d{1,2})(?:[:.h](\d{2}))?\s*([ap])\.?\s*m\.?|(\d{1,2})[:.h](\d{2})`)

// minutes is the first time of day in s, as minutes after midnight.
func minutes(s string) (int, bool) {
	m := reClock.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	if m[1] != "" {
		h, _ := strconv.Atoi(m[1])
		mm, _ := strconv.Atoi(m[2])
		h %= 12
		if strings.EqualFold(m[3], "p") {
			h += 12
		}
		return h*60 + mm, true
	}
	h, _ := strconv.Atoi(m[4])
	mm, _ := strconv.Atoi(m[5])
	return h*60 + mm, true
}

func clock(got, want string) (Outcome, string) {
	if strings.TrimSpace(got) == "" {
		return Missed, "not read"
	}
	g, ok1 := minutes(got)
	w, ok2 := minutes(want)
	if ok1 && ok2 && g == w {
		return Correct, strconv.Quote(got)
	}
	return Wrong, strconv.Quote(got)
}

func exactText(got, want string) bool {
	return strings.Join(strings.Fields(got), " ") == strings.Join(strings.Fields(want), " ")
}

func foldedText(got, want string) bool {
	return listing.Fold(strings.TrimSpace(got)) == listing.Fold(strings.TrimSpace(want))
}

func containsText(got, want string) bool {
	return strings.Contains(listing.Fold(got), listing.Fold(want))
}

// startsLine reports whether a line of text starts with heading.
func startsLine(text, heading string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(listing.Fold(strings.TrimSpace(line)), listing.Fold(heading)) {
			return true
		}
	}
	return false
}

// roomClass is a room type as one of entire, private, shared, hotel.
func roomClass(rt string) string {
	s := strings.ToLower(rt)
	switch {
	case strings.Contains(s, "entire"):
		return "entire"
	case strings.Contains(s, "private"):
		return "private"
	case strings.Contains(s, "shared"):
		return "shared"
	case strings.Contains(s, "hotel"):
		return "hotel"
	}
	return ""
}

// TestRealListingsMatchTheTable: listingtest.RealListings, which the other
// packages' real-page tests read, names every listing page of this table
// with the same address, and nothing else.
func TestRealListingsMatchTheTable(t *testing.T) {
	want := map[string]string{}
	for _, p := range pages {
		if p.Refusal == "" {
			want[p.File] = p.URL
		}
	}
	got := map[string]string{}
	for _, r := range listingtest.RealListings {
		got[r.File] = r.URL
	}
	for f, u := range want {
		if got[f] != u {
			t.Errorf("%s: RealListings has %q, the table %q", f, got[f], u)
		}
	}
	for f := range got {
		if _, ok := want[f]; !ok {
			t.Errorf("%s is in RealListings but is no listing of the table", f)
		}
	}
}

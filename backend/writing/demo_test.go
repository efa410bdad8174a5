package writing

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
)

// demoListings are the demo's fixture pages (backend/cmd/fixturesite).
var demoListings = []struct{ name, file, url string }{
	{"Lisbon", "../listing/airbnb/testdata/current.html", "https://www.airbnb.com/rooms/48123456"},
	{"Athens", "../listing/airbnb/testdata/older.html", "https://www.airbnb.com/rooms/22334455"},
	{"Destin", "../listing/vrbo/testdata/listing.html", "https://www.vrbo.com/4417281"},
	{"Kyoto", "../listing/booking/testdata/property.html", "https://www.booking.com/hotel/jp/machiya-gion-hanare.html"},
}

func pageRequest(t *testing.T, page []byte, url string) Request {
	t.Helper()
	l, err := ingest.ReadSaved(page, url, "")
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return request(l, PremiumTitles)
}

// realPageRequest is the request for a real page of
// listingtest.RealListings.
func realPageRequest(t *testing.T, file string) Request {
	t.Helper()
	for _, p := range listingtest.RealListings {
		if p.File == file {
			return pageRequest(t, listingtest.RealPage(t, p.File), p.URL)
		}
	}
	t.Fatalf("%s is not a real listing", file)
	return Request{}
}

// copyCase is one listing the copy is checked on.
type copyCase struct {
	name string
	req  Request
}

// copyCases are read once per test binary: many tests check every case,
// and reading 23 pages each time cost more than the checks (under -race,
// minutes in CI). Tests copy a case's Request before changing it and
// never change its Listing.
func copyCases(t *testing.T) []copyCase {
	t.Helper()
	copyCasesMu.Lock()
	defer copyCasesMu.Unlock()
	if copyCasesRead == nil {
		copyCasesRead = readCopyCases(t)
	}
	return copyCasesRead
}

var (
	copyCasesMu   sync.Mutex
	copyCasesRead []copyCase
)

func readCopyCases(t *testing.T) []copyCase {
	var out []copyCase
	for _, d := range demoListings {
		page, err := os.ReadFile(d.file)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, copyCase{d.name, pageRequest(t, page, d.url)})
	}
	for _, p := range listingtest.RealListings {
		out = append(out, copyCase{p.File, pageRequest(t, listingtest.RealPage(t, p.File), p.URL)})
	}
	return out
}

// TestBuiltinDescriptionOnDemoAndRealListings: for every demo listing and
// real page, the built-in description reaches the report's target length
// when the host's text has the material and half of it composed allows
// (and says why when it cannot, naming the host's sentences it leaves
// out), puts no heading over text about
// something else, and states nothing the listing does not: it passes the
// validator, and every number and amenity in it is the listing's.
func TestBuiltinDescriptionOnDemoAndRealListings(t *testing.T) {
	for _, c := range copyCases(t) {
		t.Run(c.name, func(t *testing.T) {
			out, err := Builtin{}.Write(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			d, l := out.Description, c.req.Listing
			if err := ValidateText(d, c.req); err != nil {
				t.Errorf("fails validation: %v\n%s", err, d)
			}
			// Every number is one the listing states.
			allowed := AllowedNumbers(l)
			for _, n := range reNumber.FindAllString(d, -1) {
				if !allowed[normNumber(n)] {
					t.Errorf("number %s is not in the listing", n)
				}
			}
			// Every catalogue amenity named is one the listing has or its
			// own words name.
			if k := unsupportedAmenity(d, c.req.Features, newValidator(c.req).own); k != "" {
				t.Errorf("names %s, which the listing does not have", k)
			}
			words := prose.WordCount(d)
			host := prose.WordCount(l.Description)
			short := strings.Contains(strings.Join(out.Notes, " "), ShortDescriptionNote(words))
			// Short from a long host text only where at least half the
			// sentences composed left no room for another of the host's,
			// and a note names the ones left out.
			ours, theirs := splitComposed(d, l.Description)
			heldBack := len(theirs) >= len(ours) && strings.Contains(strings.Join(out.Notes, " "), "not in the optimized description")
			switch {
			case host >= analysis.DescriptionTargetWords && words < analysis.DescriptionTargetWords && !heldBack:
				t.Errorf("%d words from a host text of %d", words, host)
			case words < analysis.DescriptionTargetWords && !short:
				t.Errorf("%d words and no note saying why", words)
			case words >= analysis.DescriptionTargetWords && short:
				t.Errorf("a short-description note on %d words", words)
			}
			checkSections(t, d, c.req)
		})
	}
}

// checkSections fails t when a sentence under a section heading is one
// labelled by hand (realPlacement) for another section.
func checkSections(t *testing.T, d string, req Request) {
	t.Helper()
	p := englishBook
	if lp, ok := phrasebookFor(req.Listing); ok {
		p = lp
	}
	headings := map[string]string{}
	for k, h := range p.headings {
		headings[h] = k
	}
	section := ""
	check := func(s string) {
		if want := realLabel(s); section != "" && want != "" && want != section {
			t.Errorf("%q is under %q but is labelled %s", s, p.headings[section], want)
		}
	}
	// Units as the writer makes them: a prose line's sentences (a piece
	// starting with a small letter carries on the one before), or a
	// block of list lines, judged as a whole.
	var block []string
	flush := func() {
		if len(block) > 0 {
			check(strings.Join(block, "\n"))
			block = nil
		}
	}
	for _, line := range strings.Split(d, "\n") {
		if k, ok := headings[line]; ok {
			flush()
			section = k
			continue
		}
		if line == "" || runningText(line) {
			flush()
			var sents []string
			for _, s := range prose.Sentences(line) {
				if r := []rune(s); len(sents) > 0 && unicode.IsLower(r[0]) {
					sents[len(sents)-1] += " " + s
					continue
				}
				sents = append(sents, s)
			}
			for _, s := range sents {
				check(s)
			}
			continue
		}
		block = append(block, line)
	}
	flush()
}

// TestTitlesKeepTheSellingPoints: the demo titles keep what sells the
// listing — Athens's "Plaka" (its own title names it, and the report
// scored that title 100), Destin's Gulf view — and Vrbo's titles use its
// 80 characters; no title anywhere is padded with a call to action.
func TestTitlesKeepTheSellingPoints(t *testing.T) {
	cases := copyCases(t)
	byName := map[string]Copy{}
	for _, c := range cases {
		out, _ := Builtin{}.Write(context.Background(), c.req)
		byName[c.name] = out
		errs := ValidateTitles(out.Titles, c.req)
		for i, s := range out.Titles {
			if err := errs[i]; err != nil {
				t.Errorf("%s: %q: %v", c.name, s, err)
			}
			for _, filler := range []string{"Book Your Stay", "Reserve já", "Prenota ora", "Reserva ya", "Jetzt buchen", "Réservez", "Check Availability"} {
				if strings.Contains(s, filler) {
					t.Errorf("%s: %q is padded with %q", c.name, s, filler)
				}
			}
		}
	}
	if first := byName["Athens"].Titles[0]; !strings.Contains(first, "Plaka") {
		t.Errorf("Athens: first title %q drops Plaka", first)
	}
	destin := byName["Destin"].Titles
	if !strings.Contains(destin[0], "Gulf View") {
		t.Errorf("Destin: first title %q drops the Gulf view", destin[0])
	}
	long := false
	for _, s := range destin {
		long = long || prose.Length(s) > analysis.TitleLimit
	}
	if !long {
		t.Errorf("Destin (Vrbo, 80 characters): every title within Airbnb's 50: %q", destin)
	}
	for _, c := range cases {
		if c.req.Listing.Platform == listing.Airbnb {
			for _, s := range byName[c.name].Titles {
				if prose.Length(s) > analysis.TitleLimit {
					t.Errorf("%s: Airbnb title %q over 50 characters", c.name, s)
				}
			}
		}
	}
}

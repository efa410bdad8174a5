package writing_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing"
)

func realRequest(t *testing.T, file, url string, titles int) writing.Request {
	t.Helper()
	l, err := ingest.ReadSaved(listingtest.RealPage(t, file), url, "")
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	f := analysis.ListingFeatures(l)
	g := analysis.AnalyzeGuests(l, f, nil)
	d := analysis.AnalyzeDescription(l, f)
	return writing.NewRequest(l, f, titles, g, d)
}

// TestRealPagesCopyInOneLanguage: on every real page, each piece of the
// built-in writer's copy — the titles, the opener and highlights, the house
// rules we write and the amenity copy — is in the copy's language (the
// listing's when it has a phrasebook, else English; the host's words quoted
// in English copy are the host's, not ours), and valid UTF-8 with no
// character cut in half.
func TestRealPagesCopyInOneLanguage(t *testing.T) {
	for _, p := range listingtest.RealListings {
		for _, n := range []int{writing.BasicTitles, writing.PremiumTitles} {
			req := realRequest(t, p.File, p.URL, n)
			c, err := writing.Builtin{}.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			want := "en"
			if listing.CopyLanguages[req.Listing.Language] {
				want = req.Listing.Language.Code()
			}
			// The pieces we wrote: the host's own sentences, kept as
			// written, are the host's.
			ours := func(para string) string {
				host := req.Listing.Description + "\n" + strings.Join(req.Listing.HouseRules.Rules, "\n")
				var out []string
				for _, line := range strings.Split(para, "\n") {
					var kept []string
					for _, s := range prose.Sentences(line) {
						if !strings.Contains(host, s) {
							kept = append(kept, s)
						}
					}
					if len(kept) > 0 {
						out = append(out, strings.Join(kept, " "))
					}
				}
				return strings.Join(out, "\n")
			}
			paras := strings.Split(c.Description, "\n\n")
			pieces := map[string]string{
				"titles":             strings.Join(c.Titles, "\n"),
				"opener, highlights": ours(paras[0]),
				"rules":              ours(paras[len(paras)-1]),
				"amenity copy":       c.AmenityCopy,
			}
			for part, text := range pieces {
				if !utf8.ValidString(text) || strings.ContainsRune(text, utf8.RuneError) {
					t.Errorf("%s: %s: broken characters: %q", p.File, part, text)
				}
				// As a whole, never English in copy that is not (nor another
				// language in English copy)...
				if got := prose.Detect(want, writing.Unquoted(text)); (want == "en") != (got == "en") {
					t.Errorf("%s (%d titles): %s reads as %q, want %q:\n%s", p.File, n, part, got, want, text)
				}
				// ...and line by line: a line is one piece of copy (a title, the
				// opener, a rule), and short lines in languages that share
				// words ("con") read apart.
				for _, line := range strings.Split(text, "\n") {
					if got := prose.Detect(want, writing.Unquoted(line)); got != want {
						t.Errorf("%s (%d titles): %s line reads as %q, want %q: %q", p.File, n, part, got, want, line)
					}
				}
			}
			switch booking := req.Listing.Platform == listing.Booking; {
			case booking && (len(c.Titles) > 0 || !slices.Contains(c.Notes, writing.BookingNameNote)):
				t.Errorf("%s: Booking.com titles %q, notes %q", p.File, c.Titles, c.Notes)
			case !booking && len(c.Titles) == 0:
				t.Errorf("%s: no title suggestions", p.File)
			}
		}
	}
}

package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
)

func score(v int) *int { return &v }

func TestOfferFor(t *testing.T) {
	text := analysis.SectionScores{Title: score(85), Description: score(40)}
	withPhotos := text
	withPhotos.Photos = score(60)
	withReviews := text
	withReviews.Reviews = score(90)
	withCalendar := text
	withCalendar.Availability = score(80)
	for _, tc := range []struct {
		name    string
		reach   Reach
		premium bool
		why     string // part of the reason, when Basic only
	}{
		{"typed details", Reach{Typed: true, Sections: withPhotos}, false, "we could not read it, and what Premium adds (the photo audit, reviews, calendar and market comparison) comes from that page"},
		{"title and a preview only", Reach{Sections: analysis.SectionScores{Title: score(85)}, Read: []string{"the title", "a preview of the description"}}, false,
			"we could read only the title and a preview of the description (no photos, reviews, calendar or nearby listings to compare with)"},
		{"nothing named", Reach{}, false, "we could read almost nothing from it"},
		{"photos read", Reach{Sections: withPhotos}, true, ""},
		{"reviews read", Reach{Sections: withReviews}, true, ""},
		{"calendar read", Reach{Sections: withCalendar}, true, ""},
		{"comparables found", Reach{Sections: text, Market: true}, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := OfferFor(tc.reach)
			if o.Premium != tc.premium {
				t.Fatalf("premium = %v, want %v (%q)", o.Premium, tc.premium, o.BasicOnly)
			}
			err := PremiumRefusal(o)
			if tc.premium {
				if o.BasicOnly != "" || err != nil {
					t.Errorf("Premium offered with a reason %q / refusal %v", o.BasicOnly, err)
				}
				return
			}
			if !strings.HasPrefix(o.BasicOnly, MsgPremiumNeedsPage) || !strings.Contains(o.BasicOnly, tc.why) || !strings.HasSuffix(o.BasicOnly, "so only Basic is offered.") {
				t.Errorf("reason = %q, want it to say %q", o.BasicOnly, tc.why)
			}
			if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) != o.BasicOnly {
				t.Errorf("refusal = %v, want CodeInvalid with the reason", err)
			}
		})
	}
}

// The form is told, before paying, exactly which sections the report will
// assess: for each demo page, the coverage's sections are the report's
// (Basic and Premium alike), and the offer follows from them.
func TestCoverageSectionsAreTheReports(t *testing.T) {
	page := func(rel, rawURL string) func(t *testing.T) *listing.Listing {
		return func(t *testing.T) *listing.Listing {
			b, err := os.ReadFile(filepath.Join("..", "listing", rel))
			if err != nil {
				t.Fatal(err)
			}
			target, err := listing.ParseURL(rawURL)
			if err != nil {
				t.Fatal(err)
			}
			return ingest.ParsePage(target, b)
		}
	}
	for _, tc := range []struct {
		name     string
		load     func(t *testing.T) *listing.Listing
		market   *fakeMarket
		premium  bool
		complete bool
		assessed int
	}{
		{"Lisbon (Airbnb)", page("airbnb/testdata/current.html", "https://www.airbnb.com/rooms/48123456"), nil, true, true, 5},
		{"Athens (older Airbnb layout)", page("airbnb/testdata/older.html", "https://www.airbnb.com/rooms/22334455"), nil, true, true, 5},
		{"Destin (Vrbo)", page("vrbo/testdata/listing.html", "https://www.vrbo.com/4417281"), nil, true, true, 4},
		{"Kyoto (Booking.com)", page("booking/testdata/property.html", "https://www.booking.com/hotel/jp/machiya-gion-hanare.html"), nil, true, true, 4},
		{"sparse read", page("airbnb/testdata/sparse.html", "https://www.airbnb.com/rooms/50000001"), nil, false, false, 1},
		{"Albany with its market", func(t *testing.T) *listing.Listing { return loadListing(t, "albany-house") }, albanyMarket(), true, true, 7},
		{"typed details", func(t *testing.T) *listing.Listing {
			target, _ := listing.ParseURL("https://www.airbnb.com/rooms/60000403")
			return listing.FromTyped(target, "Sunny loft by the river", "Two bedrooms, a balcony over the river and a fast train to the centre.", "blocked")
		}, nil, false, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.load(t)
			var m Market
			if tc.market != nil {
				m = tc.market
			}
			c, err := CoverageOf(context.Background(), m, nil, l)
			if err != nil {
				t.Fatal(err)
			}
			if c.Offer.Premium != tc.premium || c.Complete != tc.complete {
				t.Errorf("premium %v complete %v (%q, missing %v); want %v %v", c.Offer.Premium, c.Complete, c.Offer.BasicOnly, c.Missing, tc.premium, tc.complete)
			}
			if len(c.Sections) != len(analysis.SectionWeights) {
				t.Fatalf("%d sections, want %d", len(c.Sections), len(analysis.SectionWeights))
			}
			n := 0
			for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
				r, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Market: m, Now: clock})
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range c.Sections {
					if got := r.SectionScores.Get(s.Key) != nil; got != s.Assessed {
						t.Errorf("%s report: section %s assessed %v; the form was told %v", plan, s.Key, got, s.Assessed)
					}
					if !s.Assessed && s.Why == "" {
						t.Errorf("section %s not assessed without a reason", s.Key)
					}
				}
				if plan == domain.PlanBasic {
					if o := OfferOfReport(r); o.Premium != c.Offer.Premium {
						t.Errorf("the finished report's offer (%v, %q) is not the form's (%v)", o.Premium, o.BasicOnly, c.Offer.Premium)
					}
				}
			}
			for _, s := range c.Sections {
				if s.Assessed {
					n++
				}
				// A price that was read is never said to be missing
				// (Kyoto's JPY 18,500 once was).
				if s.Key == "pricing" && !s.Assessed && l.Price != nil && strings.Contains(s.Why, "no nightly price") {
					t.Errorf("pricing not assessed because %q, but the page's price %v was read", s.Why, l.Price.Amount)
				}
				if s.Key == "availability" && s.Assessed != c.Calendar {
					t.Errorf("calendar %v but availability assessed %v", c.Calendar, s.Assessed)
				}
			}
			if n != tc.assessed {
				t.Errorf("%d sections assessed, want %d: %+v", n, tc.assessed, c.Sections)
			}
		})
	}
}

// A report from typed details is offered Basic only, whatever is typed, and
// the coverage says the other five sections need the page.
func TestTypedCoverage(t *testing.T) {
	target, _ := listing.ParseURL("https://www.airbnb.com/rooms/60000403")
	c, err := TypedCoverage(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	if c.Offer.Premium || c.Offer != TypedOffer() || c.Complete || c.Note != "" || c.Calendar {
		t.Errorf("typed coverage %+v", c)
	}
	var assessed []string
	for _, s := range c.Sections {
		if s.Assessed {
			assessed = append(assessed, s.Key)
		} else if s.Why != "the listing page could not be read" {
			t.Errorf("%s: why %q", s.Key, s.Why)
		}
	}
	if strings.Join(assessed, ",") != "title,description" {
		t.Errorf("assessed %v, want title and description", assessed)
	}
}

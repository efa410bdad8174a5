package report

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// platformNames are how reports could name each site.
var platformNames = map[listing.Platform]*regexp.Regexp{
	listing.Airbnb:  regexp.MustCompile(`(?i)\bairbnb\b`),
	listing.Vrbo:    regexp.MustCompile(`(?i)\bvrbo\b`),
	listing.Booking: regexp.MustCompile(`(?i)\bbooking\.com\b`),
}

// notProse are result fields that are not sentences a host reads as
// advice: addresses, the platform key, the data sources and their credits
// (Inside Airbnb is the market data's name, whatever the listing's site).
var notProse = map[string]bool{"listing_url": true, "image_urls": true, "url": true, "platform": true,
	"data_sources": true, "attribution": true, "cover_url": true}

// TestPlatformTrueSentences: every listing, read as an Airbnb, a Vrbo and
// a Booking.com listing, gets reports (Basic and Premium) in which no
// sentence names another site than its own.
func TestPlatformTrueSentences(t *testing.T) {
	for _, c := range goldenCases {
		for p := range platformNames {
			for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
				t.Run(fmt.Sprintf("%s as %s %s", c.name, p, plan), func(t *testing.T) {
					l := loadListing(t, c.name)
					l.Platform = p
					in := Input{Listing: l, Plan: plan, Now: clock}
					if c.market != nil {
						in.Market = c.market()
					}
					r, err := Generate(context.Background(), in)
					if err != nil {
						t.Fatal(err)
					}
					checkOwnPlatformOnly(t, r, p)
				})
			}
		}
	}
}

// walkProse calls f with every string in v outside the notProse fields.
func walkProse(path string, v any, f func(path, s string)) {
	switch x := v.(type) {
	case string:
		f(path, x)
	case []any:
		for i, e := range x {
			walkProse(fmt.Sprintf("%s[%d]", path, i), e, f)
		}
	case map[string]any:
		for k, e := range x {
			if !notProse[k] {
				walkProse(path+"."+k, e, f)
			}
		}
	}
}

// checkOwnPlatformOnly: no sentence of r names another site than p.
func checkOwnPlatformOnly(t *testing.T, r *Result, p listing.Platform) {
	t.Helper()
	b, _ := json.Marshal(r)
	var v any
	json.Unmarshal(b, &v)
	walkProse("", v, func(path, s string) {
		s = strings.ReplaceAll(s, "Inside Airbnb", "")
		for other, re := range platformNames {
			if other != p && re.MatchString(s) {
				t.Errorf("%s names %s: %q", path, other, s)
			}
		}
	})
}

// Actions name the title as the listing's site does.
func TestAreaNameFollowsTheSite(t *testing.T) {
	for platform, want := range map[string]string{"airbnb": "Title", "vrbo": "Headline", "booking": "Property name", "": "Title"} {
		r := &Result{Platform: platform}
		if got := r.AreaName("title"); got != want {
			t.Errorf("%q: %q, want %q", platform, got, want)
		}
		if got := r.AreaName("booking"); got != "Booking gaps" {
			t.Errorf("%q: booking area %q", platform, got)
		}
	}
}

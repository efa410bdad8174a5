package report

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
)

// An Airbnb page whose layout was not recognized: only its preview tags
// are read — og:title with the site's suffix, one og:image — and it says it
// has 32 reviews but not its rating.
const ogOnlyPage = `<!doctype html><html lang="en"><head>
<title>Cosy flat in the Old Town - Flats for Rent in Edinburgh, Scotland, United Kingdom - Airbnb</title>
<meta property="og:title" content="Cosy flat in the Old Town - Flats for Rent in Edinburgh, Scotland, United Kingdom">
<meta property="og:description" content="A quiet flat two minutes from the Royal Mile, with a view of the castle.">
<meta property="og:image" content="https://a0.muscache.com/im/pictures/cover.jpg">
<meta property="og:url" content="https://www.airbnb.com/rooms/5550001">
</head><body></body></html>`

// Unknown is not a fact: a page read only from its preview tags makes no
// title-length, photo-count or rating claim, and no action from them.
func TestPreviewOnlyPageMakesNoClaimsFromUnreadFields(t *testing.T) {
	tg := listing.Target{Platform: listing.Airbnb, ListingID: "5550001", CanonicalURL: "https://www.airbnb.com/rooms/5550001"}
	l := airbnb.Parse([]byte(ogOnlyPage), tg)
	l.ReviewCount = 32 // read elsewhere on the page; the rating was not
	l.Set(listing.FieldReviewCount, listing.SourceMeta)
	if l.Sources[listing.FieldTitle] != listing.SourceOpenGraph && l.Sources[listing.FieldTitle] != listing.SourceMeta {
		t.Fatalf("the fixture's title was not read from preview tags: %v", l.Sources)
	}
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium})
	if err != nil {
		t.Fatal(err)
	}
	if r.TitleAnalysis.Findings.Has("title.too_long") || r.TitleAnalysis.Findings.Has("title.too_short") || !r.TitleAnalysis.LengthNotAssessed {
		t.Errorf("title length judged from og:title: %+v", r.TitleAnalysis.Findings)
	}
	if !r.DescriptionAnalysis.NotAssessed || r.DescriptionAnalysis.Findings.Has("description.short") {
		t.Errorf("description judged from its og:description preview: %+v", r.DescriptionAnalysis.Findings)
	}
	if !r.PhotoAudit.NotAssessed || r.PhotoAudit.Findings.Has("photos.too_few") || r.PhotoAudit.Explanation != analysis.MsgPhotosPreviewOnly {
		t.Errorf("photo count from one og:image: %+v", r.PhotoAudit)
	}
	for _, c := range r.RevenueProjections.Components {
		if strings.Contains(c.Change, "photos") {
			t.Errorf("a photo revenue gain from unread photos: %+v", c)
		}
	}
	if r.Layout != listing.LayoutSummary || !strings.HasPrefix(r.LayoutNotice, "We did not recognize this page's layout") {
		t.Errorf("layout %q notice %q; want the summary-tags notice at the top", r.Layout, r.LayoutNotice)
	}
	if r.GuestRating != nil || !strings.HasPrefix(r.Explanations["guest_rating"], "Not assessed") {
		t.Errorf("a rating stated for a rating not read: %v %q", r.GuestRating, r.Explanations["guest_rating"])
	}
	if pa := r.PhotoAudit; pa.Count != nil || pa.Captioned != nil || pa.Score != nil {
		t.Errorf("photo figures for photos not read: %v %v %v", pa.Count, pa.Captioned, pa.Score)
	}
	if r.TaskPriorities.Photo != analysis.NotAssessed {
		t.Errorf("photo priority %q for photos not read; want %q", r.TaskPriorities.Photo, analysis.NotAssessed)
	}
	for _, a := range r.Actions {
		if a.Area == "photos" || strings.Contains(a.Finding, "characters") || strings.Contains(a.Finding, "words") {
			t.Errorf("an action from a field not read: %+v", a)
		}
	}
}

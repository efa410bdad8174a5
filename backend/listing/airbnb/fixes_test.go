package airbnb

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// statePage wraps niobe state JSON (the entry's query result) in a page.
func statePage(result string) []byte {
	return []byte(`<html lang="en"><head><title>T - Apartments for Rent in Rome, Lazio, Italy - Airbnb</title></head><body>` +
		`<script id="data-deferred-state-0" type="application/json">{"niobeClientData":[["StaysPdpSections:{}",` + result + `]]}</script></body></html>`)
}

// presentation is a 2026 result: stub sections, the listing in
// data.node.pdpPresentation.
func presentation(pres string) []byte {
	return statePage(`{"data":{"presentation":{"stayProductDetailPage":{"sections":{"sections":[` +
		`{"sectionId":"TITLE_DEFAULT","section":{"__typename":"PdpTitleSection"}},` +
		`{"sectionId":"DESCRIPTION_DEFAULT","section":{"__typename":"PdpDescriptionSection"}},` +
		`{"sectionId":"MEET_YOUR_HOST","section":{"__typename":"MeetYourHostSection"}}],` +
		`"metadata":{"loggingContext":{"eventDataLogging":{"listingId":"1"}}}}}},"node":{"pdpPresentation":` + pres + `}}}`)
}

// TestPresentationFields: each field of a 2026 page, where the sections are
// empty stubs and the listing is in pdpPresentation.
func TestPresentationFields(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/rooms/1")
	cases := []struct {
		name  string
		pres  string
		check func(l *listing.Listing) string
	}{
		{"the whole description, headings on their own lines",
			`{"descriptions":{"longDescriptionHtml":{"__typename":"UGCText","localizedString":"First paragraph.<br /><br /><b>The space</b><br />Second.<br /><br /><b>Guest access</b><br />Third.","source":"First paragraph.<br /><br /><b>The space</b><br />Second.<br /><br /><b>Guest access</b><br />Third."}}}`,
			func(l *listing.Listing) string {
				if l.Description != "First paragraph.\n\nThe space\nSecond.\n\nGuest access\nThird." || l.IsPartial(listing.FieldDescription) {
					return l.Description
				}
				return ""
			}},
		{"the host's original title and description over Airbnb's translation",
			`{"title":{"__typename":"PdpUGCText","content":{"localizedString":"IPA Apartment | Carioca Elegance in Ipanema","source":"Apê IPA | Elegância Carioca em Ipanema"}},` +
				`"descriptions":{"longDescriptionHtml":{"localizedString":"A flat with a view of the sea and the beach.","source":"Um apartamento com vista para o mar e para a praia, muito perto de tudo."}}}`,
			func(l *listing.Listing) string {
				if l.Title != "Apê IPA | Elegância Carioca em Ipanema" || !strings.HasPrefix(l.Description, "Um apartamento") || l.Language != "pt" {
					return l.Title + " | " + l.Description + " | " + string(l.Language)
				}
				return ""
			}},
		{"overview, place, host, quality",
			`{"overview":{"title":"Entire rental unit in Rome, Italy","items":["5 guests","2 bedrooms","3 beds","2 baths"]},` +
				`"location":{"subtitle":"Rome, Lazio, Italy","latitude":41.9,"longitude":12.47},` +
				`"hostInfo":{"passportData":{"name":"Richard","isSuperhost":true,"stats":[{"type":"YEARS_HOSTING","value":"8"}]},"responseRateText":"Response rate: 100%","responseTimeText":"Responds within an hour"},` +
				`"quality":{"isGuestFavorite":true,"listingRatingStats":{"overallRatingStats":{"ratingAverage":4.97,"ratingCount":"35"}}}}`,
			func(l *listing.Listing) string {
				ok := l.Capacity == 5 && l.Bedrooms == 2 && l.Beds == 3 && l.Baths == 2 && l.PropertyType == "Rental unit" &&
					l.Location.City == "Rome" && l.Location.Region == "Lazio" && l.Location.Lat == 41.9 &&
					l.Host.Name == "Richard" && l.Superhost && l.Host.YearsHosting == 8 && l.Host.ResponseRate == 100 &&
					l.GuestFavorite && l.Ratings.Overall == 4.97 && l.ReviewCount == 35
				if !ok {
					return "overview/place/host/quality not read"
				}
				return ""
			}},
		{"media tour: host captions only, hero as cover",
			`{"mediaTour":{"stops":[{"items":[{"image":{"uri":"https://a0.muscache.com/1.jpg","caption":null}},{"image":{"uri":"https://a0.muscache.com/2.jpg","caption":"Patio at dusk"}}]}]},` +
				`"heroMedia":{"edges":[{"node":{"image":{"uri":"https://a0.muscache.com/2.jpg"}}}]}}`,
			func(l *listing.Listing) string {
				if len(l.Photos) != 2 || l.Photos[0].Caption != "" || l.Photos[1].Caption != "Patio at dusk" || l.CoverURL != "https://a0.muscache.com/2.jpg" {
					return "photos wrong"
				}
				return ""
			}},
		{"a bath without a number and counts from the sharing card",
			`{"overview":{"title":"Room in Rio de Janeiro, Brazil","items":["1 double bed","Private attached bathroom"]},` +
				`"sharingConfig":{"propertyType":"Private room in rental unit","ugcTitle":{"content":{"localizedString":"Rental unit in Rio de Janeiro · 1 bedroom · 1 bed · 1 private bath","source":"Rental unit in Rio de Janeiro · 1 bedroom · 1 bed · 1 private bath"}}}}`,
			func(l *listing.Listing) string {
				if l.Baths != 1 || l.Bedrooms != 1 || l.Beds != 1 || l.IsPartial(listing.FieldBedrooms) {
					return "counts wrong"
				}
				return ""
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if msg := c.check(Parse(presentation(c.pres), tg)); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestGeneratedLabelsAreNoCaptions: a photo tour item whose metadata says
// caption null has none, whatever its accessibility label; an item without
// metadata keeps its label (older pages).
func TestGeneratedLabelsAreNoCaptions(t *testing.T) {
	cases := []struct {
		item, want string
	}{
		{`{"baseUrl":"https://a0.muscache.com/1.jpg","accessibilityLabel":"Imagem 1 de Cozinha completa","imageMetadata":{"caption":null}}`, ""},
		{`{"baseUrl":"https://a0.muscache.com/1.jpg","accessibilityLabel":"Por do sol","imageMetadata":{"caption":"Por do sol"}}`, "Por do sol"},
		{`{"baseUrl":"https://a0.muscache.com/1.jpg","accessibilityLabel":"Living room with river view","imageMetadata":{"isProfessional":true}}`, "Living room with river view"},
	}
	for _, c := range cases {
		page := statePage(`{"data":{"presentation":{"stayProductDetailPage":{"sections":{"sections":[{"section":{"__typename":"PhotoTourModalSection","mediaItems":[` + c.item + `]}}]}}}}}`)
		l := Parse(page, target(t, "https://www.airbnb.com/rooms/1"))
		if len(l.Photos) != 1 || l.Photos[0].Caption != c.want {
			t.Errorf("%s: photos %+v, want caption %q", c.item, l.Photos, c.want)
		}
	}
}

// TestRuleTimes: times with Airbnb's narrow no-break space read as plain
// times, and a heading of the host's own rules is no check-in time.
func TestRuleTimes(t *testing.T) {
	r := interpretRules(policyLines(&section{HouseRulesSections: []struct {
		Title string     `json:"title"`
		Items []ruleItem `json:"items"`
	}{{Items: []ruleItem{
		{Title: "Check-in after 3:00\u202fPM"},
		{Title: "Checkout before 10:00\u202fAM"},
		{HTML: &htmlText{HTMLText: "Check-in and check-out\n\nLate arrivals pay a fee."}},
	}}}}))
	if r.CheckIn != "3:00 PM" || r.CheckOut != "10:00 AM" {
		t.Errorf("check-in %q, checkout %q", r.CheckIn, r.CheckOut)
	}
}

// TestBootstrapUnderAnyKey: the 2018 page keeps its bootstrap JSON under
// data-hypernova-key="spaspabundlejs", not the p3 key.
func TestBootstrapUnderAnyKey(t *testing.T) {
	for _, key := range []string{"spaspabundlejs", "p3show_marketplacebundlejs"} {
		page := []byte(`<html><head><title>Nice flat - Flats for Rent in Edinburgh, Scotland, United Kingdom</title></head><body>` +
			`<script type="application/json" data-hypernova-key="` + key + `" data-hypernova-id="x"><!--{"bootstrapData":{"reduxData":{"marketplacePdp":{"listingInfo":{"listing":` +
			`{"id":7,"name":"Nice  flat","bed_label":"1 bed","bedroom_label":"1 bedroom","bathroom_label":"1 bath","person_capacity":2,"room_type_category":"entire_home",` +
			`"lat":55.95,"lng":-3.19,"p3_summary_address":"Edinburgh, Scotland, United Kingdom"}}}}}}--></script></body></html>`)
		l := Parse(page, target(t, "https://www.airbnb.co.uk/rooms/7"))
		if l.Title != "Nice  flat" || l.Sources[listing.FieldTitle] != listing.SourceEmbedded || l.Beds != 1 || l.Location.Region != "Scotland" {
			t.Errorf("%s: title %q (%s), beds %d, %+v", key, l.Title, l.Sources[listing.FieldTitle], l.Beds, l.Location)
		}
	}
}

// TestSavedPageVisibleText: a browser's saved copy is read from what it
// shows, previews marked partial (the amenities before "Show all 65
// amenities", the photos before "1 / 32", the rules card before its "Show
// more"), and no button label or svg title is taken as the listing's.
func TestSavedPageVisibleText(t *testing.T) {
	page := []byte(`<html lang="en-CA"><head><title>Lake condo - Condominiums for Rent in Innisfil, Ontario, Canada - Airbnb</title></head><body>
<div data-section-id="HERO_DEFAULT"><ul><li data-key="https://a0.muscache.com/a.jpg"><button><img alt="Show all photos"></button></li>
<li data-key="https://a0.muscache.com/b.jpg"></li></ul><span>Showing photo 1 of 32</span><div aria-hidden="true">1 / 32</div></div>
<div data-section-id="TITLE_DEFAULT"><svg><title>Share</title></svg><h1>Lake condo</h1><button>Save</button></div>
<div data-section-id="OVERVIEW_DEFAULT_V2"><h2>Entire condo in Innisfil, Canada</h2><ol><li>2 guests ·</li><li>· 1 bedroom ·</li><li>· 1 bed ·</li><li>· 1 bath</li></ol></div>
<div data-section-id="GUEST_FAVORITE_BANNER"><div>Guest favourite</div></div>
<div data-section-id="HOST_OVERVIEW_DEFAULT"><button aria-label="Learn more"><img alt="Host"></button><div>Hosted by Jack</div><ol><li>Superhost ·</li><li>· 8 years hosting</li></ol></div>
<div data-section-id="DESCRIPTION_DEFAULT"><span>Welcome to the lake.<br>The space<br>Bright and quiet.</span><button>Show more</button></div>
<div data-section-id="AMENITIES_DEFAULT"><h2>What this place offers</h2><div><div>Kitchen</div><div>Wifi</div></div><button>Show all 65 amenities</button></div>
<div data-section-id="LOCATION_DEFAULT"><h2>Where you’ll be</h2><div>Innisfil, Ontario, Canada</div></div>
<div data-section-id="REVIEWS_DEFAULT"><h2><span>Rated 5.0 out of 5 from 59 reviews.</span><div aria-hidden="true">5.0</div></h2></div>
<div data-section-id="POLICIES_DEFAULT"><button><h2>House rules</h2><div><div>Check-in after 3:00 p.m.</div><div>2 guests maximum</div></div></button><button>Show more</button></div>
<div data-section-id="BOOK_IT_FLOATING_FOOTER"><span>$175&nbsp;CAD&nbsp;</span><span>night</span></div>
</body></html>`)
	l := Parse(page, target(t, "https://www.airbnb.ca/rooms/1"))
	checks := []struct {
		what string
		ok   bool
	}{
		{"title from h1, not the svg title or a button", l.Title == "Lake condo" && l.Sources[listing.FieldTitle] == listing.SourceMarkup},
		{"room type", l.RoomType == "Entire home/apt"},
		{"counts", l.Capacity == 2 && l.Bedrooms == 1 && l.Beds == 1 && l.Baths == 1},
		{"place with region", l.Location.City == "Innisfil" && l.Location.Region == "Ontario"},
		{"photos partial: 2 of 32", len(l.Photos) == 2 && l.IsPartial(listing.FieldPhotos) && l.CoverURL == "https://a0.muscache.com/a.jpg"},
		{"amenities partial", len(l.Amenities) == 2 && l.IsPartial(listing.FieldAmenities)},
		// The section holds the whole text (CSS clamps it); its "Show
		// more" opens the same text: not a preview (issue 42, class 6).
		{"description whole, without the button", !l.IsPartial(listing.FieldDescription) && !strings.Contains(l.Description, "Show more") && strings.Contains(l.Description, "\nThe space\n")},
		{"house rules: the card's first rules, without its button", l.IsPartial(listing.FieldHouseRules) && len(l.HouseRules.Rules) == 0},
		{"rating and reviews", l.Ratings.Overall == 5 && l.ReviewCount == 59},
		{"guest favourite", l.GuestFavorite},
		{"host and superhost", l.Host.Name == "Jack" && l.Superhost && l.Host.YearsHosting == 8},
		{"rules", l.HouseRules.CheckIn == "3:00 p.m." && l.HouseRules.MaxGuests == 2 && len(l.HouseRules.Rules) == 0},
		{"price with its code", l.Price != nil && l.Price.Amount == 175 && l.Price.Currency == "CAD"},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: %+v", c.what, l)
		}
	}
}

// An amenity item's id carries Airbnb's amenity number, the same in every
// language ("pdp_v3_home_safety_35_<listing>-0" is the smoke alarm).
func TestAmenityID(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"pdp_v3_home_safety_35_1438101512728990114-0", "35"},
		{"pdp_v3_entertainment_1_1438101512728990114-0", "1"},
		{"pdp_v3_heating_cooling_5_884287328619193704-0", "5"},
		{"", ""},
		{"amenity_wifi", ""},
	} {
		if got := amenityID(tc.in); got != tc.want {
			t.Errorf("amenityID(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Airbnb's own label of a photo names the photo-tour room the host put it
// in: the tour's room when the page lists its rooms, else the room its
// generated label names ("Imagem 1 de Cozinha completa" → "Cozinha
// completa"); kept as the photo's Label, never as its caption. A bare
// "Listing image 3", a label naming the listing ("Imagem 1 do anúncio")
// and the tour's "Additional photos" name no room: no label.
func TestPhotoLabel(t *testing.T) {
	for _, tc := range []struct{ label, caption, room, want string }{
		{"Imagem 1 de Cozinha completa", "", "", "Cozinha completa"},
		{"Immagine Salotto 1", "", "", "Salotto"},
		{"Immagine Camera da letto 1 2", "", "", "Camera da letto 1"},
		{"Living room image 1", "", "", "Living room"},
		{"Imagem 3 de Fotos adicionais", "", "", ""},
		{"Listing image 3", "", "", ""},
		{"Imagem 4", "", "", ""},
		{"Imagem 1 do anúncio", "", "", ""},
		{"Immagine numero 9 dell'annuncio intitolato Bellissima suite", "", "", ""},
		{"Sunset from the deck", "Sunset from the deck", "", ""},
		{"Vista aérea", "Vista aérea da sala", "", "Vista aérea"},
		{"Imagem 1 de Cozinha completa", "", "Cozinha completa", "Cozinha completa"},
		{"Por do sol", "Por do sol", "Exterior", "Exterior"},
		{"", "", "Additional photos", ""},
		{"", "", "Foto aggiuntive", ""},
	} {
		if got := (mediaItem{AccessibilityLabel: tc.label, room: tc.room}).label(tc.caption); got != tc.want {
			t.Errorf("label(%q, %q, room %q) = %q, want %q", tc.label, tc.caption, tc.room, got, tc.want)
		}
	}
}

// TestPhotoTourRooms: the real pages' photos carry the room of the photo
// tour they are in (section.roomTourLayoutInfos[].roomTourItems: a room's
// title and its imageIds, counted from the page), in the page's language;
// the tour's "Additional photos" stop names none. The rendered Brazilian
// page's labels name only the listing ("Imagem 1 do anúncio").
func TestPhotoTourRooms(t *testing.T) {
	for _, c := range []struct {
		file string
		want map[string]int
	}{
		{"airbnb-2025-mehfius-arraial-raw.html", map[string]int{"Cozinha completa": 3, "Quarto 1": 3, "Quarto 2": 3, "Banheiro completo": 1,
			"Área de lavanderia": 1, "Garagem": 5, "Exterior": 7, "": 4}},
		{"airbnb-2026-the_milano_suite.html", map[string]int{"Salotto": 3, "Camera da letto": 4, "Bagno di servizio": 3, "Esterni": 5, "": 2}},
		{"airbnb-2026-listingproof-es-barcelona2.en.html", map[string]int{"Living room": 4, "Full kitchen": 4, "Dining area": 2, "Bedroom": 2,
			"Full bathroom": 4, "Exterior": 3, "": 13}},
		{"airbnb-2025-mehfius-loft-rendered.html", map[string]int{"": 8}},
		// A saved page has no tour; its "Where you'll sleep" shows one of
		// the carousel's photos (ac6eb52c…) under "Bedroom".
		{"airbnb-2025-flyingmermaidd.html", map[string]int{"Bedroom": 1, "": 31}},
	} {
		l := Parse(listingtest.RealPage(t, "airbnb/"+c.file), target(t, "https://www.airbnb.com/rooms/1"))
		got := map[string]int{}
		for _, p := range l.Photos {
			got[p.Label]++
		}
		if !maps.Equal(got, c.want) {
			t.Errorf("%s: photos by room %v, want %v", c.file, got, c.want)
		}
	}
}

// TestSavedDescriptionIsWhole: the rendered page's description section
// holds the host's whole text under its "Show more" ("Mostrar mais"): read
// from the page's text alone (its state cut out), it is word for word the
// description of the page's own data, and no preview (issue 42, class 6:
// "only a preview of the description was read" on a page that has it all).
func TestSavedDescriptionIsWhole(t *testing.T) {
	page := listingtest.RealPage(t, "airbnb/airbnb-2025-mehfius-loft-rendered.html")
	tg := target(t, "https://www.airbnb.com.br/rooms/884287328619193704")
	whole := Parse(page, tg)
	text := Parse(reStateScript.ReplaceAll(page, nil), tg)
	if whole.Sources[listing.FieldDescription] != listing.SourceEmbedded || text.Sources[listing.FieldDescription] != listing.SourceMarkup {
		t.Fatalf("sources %q and %q", whole.Sources[listing.FieldDescription], text.Sources[listing.FieldDescription])
	}
	if s := pageSections(reStateScript.ReplaceAll(page, nil))["DESCRIPTION_DEFAULT"]; s == nil || !slices.Contains(s.buttons, "Mostrar mais") {
		t.Fatal("the page's description has no \"Mostrar mais\" button: the test tests nothing")
	}
	if got, want := strings.Fields(text.Description), strings.Fields(whole.Description); !slices.Equal(got, want) {
		t.Errorf("the page's text says %d words, its data %d:\n%q\n%q", len(got), len(want), text.Description, whole.Description)
	}
	if text.IsPartial(listing.FieldDescription) {
		t.Errorf("description marked partial: %q", text.Partial[listing.FieldDescription])
	}
}

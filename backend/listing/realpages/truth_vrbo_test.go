package realpages_test

// The Vrbo property page, read by hand. It is the rendered DOM of
// vrbo.com/8164853ha (Expedia's "Hotel-Information" Blossom page, en_US,
// January 2026): the visible sections, schema.org microdata (itemprop),
// one BreadcrumbList JSON-LD, and window.__APOLLO_STATE__ (a JSON string
// inside JSON.parse("…")) holding PropertyInfo:33962444, productHeadline,
// productGallery and productRatingSummary.
//
// Fields the page lacks are facts with Absent (price, beds, max guests…).
// Not recorded: description sections — the description has none (one
// block of paragraphs under the h3 "Barbarosa Formentera"), and the
// harness scores headings present, not their absence.
//
// Where the README's first batch differs: the README says only 5 gallery
// ids are in the DOM and that there is no photo count. The 5 <figure>
// tiles are all the markup shows, but the Apollo state's productGallery
// "All photos" category holds all 43 images (its accessibility captions
// say "Unclassified image, 16 of 43"), so photos is no partial fact. The
// gallery button says "Show all 42 images" / "42+". Likewise amenities:
// the markup shows 6 ("Popular amenities") with "See all 91 amenities",
// and the Apollo state holds all 91.
func init() {
	pages = append(pages, Page{
		File: "vrbo/vrbo-2026-unidown-barbarosa-formentera.html",
		URL:  "https://www.vrbo.com/8164853ha",
		Facts: []Fact{
			{Field: "title", Want: "Barbarosa Formentera",
				Where: `h1 in data-stid="content-hotel-title"; meta itemprop=name; Apollo productHeadline.primary; <title> before " - Formentera | Vrbo"`},
			{Field: "description_words", Want: "216",
				Where: `"About this property": div data-stid="content-item" itemprop="description", two data-stid="content-markup" blocks (208 words + "Our prices include all fees. No hidden fees."); Apollo PropertyInfo aboutThisProperty items. og:description/meta description are a generated location blurb, not this`},
			{Field: "property_type", Want: "Villa",
				Where: `headline "Waterfront villa with a fitness center and an outdoor pool" (Apollo productHeadline.supportingMessages); "View more Villas in Formentera" link; meta description "Formentera villa"`},
			{Field: "room_type", Want: "entire",
				Where: `"Entire home" span above the h1 (data-stid="content-hotel-title"); Apollo productHeadline.featuredMessages`},
			{Field: "guests", Want: "9",
				Where: `"Sleeps 9" under the rating; Apollo PropertyInfo.propertyHighlightedDetails; seoStructuredData containsPlace.occupancy.value`},
			{Field: "bedrooms", Want: "5",
				Where: `"5 bedrooms" under the rating; Apollo propertyHighlightedDetails`},
			{Field: "baths", Want: "3+",
				Where: `"3+ bathrooms" under the rating; Apollo propertyHighlightedDetails`},
			{Field: "city", Want: "Formentera",
				Where: `BreadcrumbList JSON-LD position 5; search form "Formentera, Balearic Islands, Spain"; address "Venda de sa Talaiassa - Formentera"`},
			{Field: "region", Want: "Balearic Islands", Where: `BreadcrumbList JSON-LD position 4`},
			{Field: "country", Want: "Spain", Where: `BreadcrumbList JSON-LD position 3 (itemprop addressCountry "ESP")`},
			{Field: "coordinates", Want: "38.663,1.527456",
				Where: `meta itemprop=latitude/longitude (twice); Apollo location.address.coordinates, EGDSMapFeature markerPosition`},
			{Field: "amenities", Want: "91",
				Where: `"See all 91 amenities" button; Apollo PropertyInfo.summary.amenities: 14 groups, 91 items (Essentials 13 … Pets 1). The markup shows only the 6 popular ones`},
			{Field: "photos", Want: "43",
				Where: `Apollo productGallery categorizedImages "All photos": 43 distinct imageIds ("… 16 of 43"); the DOM has 5 <figure> tiles and a "Show all 42 images" / "42+" button`},
			{Field: "photo_captions", Want: "0",
				Where: `none by the host: Apollo productGallery image.description holds Vrbo's own classification of each photo ("Exterior", "Room", "Outdoor dining", "Game room"; "Unclassified image, N of 43" when it has none), not a caption`},
			{Field: "cover", Want: "4ebecc1b",
				Where: `first gallery tile img (fetchpriority=high), meta itemprop=image; og:image is another photo (b00b1040, a bedroom)`},
			{Field: "rating", Want: "10/10",
				Where: `"10 out of 10, Loved by Guests", "10/10"; itemprop aggregateRating ratingValue 10, bestRating 10; Apollo productRatingSummary`},
			{Field: "review_count", Want: "15",
				Where: `"See all 15 verified reviews" (data-stid="reviews-link"); itemprop reviewCount`},
			{Field: "host", Want: "Marcelo Guisado",
				Where: `section#Host h3 "Hosted by Marcelo Guisado"; Apollo aboutThisHost`},
			{Field: "check_in", Want: "4:00 PM", Where: `House Rules "Check in after 4:00 PM"; FAQ "Check-in begins at 4:00 PM"`},
			{Field: "check_out", Want: "12:00 PM", Where: `House Rules "Check out before 12:00 PM"`},
			{Field: "pets", Want: "yes", Where: `House Rules, Pets: "Pets allowed"`},
			{Field: "smoking", Want: "yes", Where: `House Rules, Smoking: "Smoking allowed: in designated areas"`},
			{Field: "parties", Want: "no", Where: `House Rules, Events: "No events allowed"; "Onsite parties or group events are strictly prohibited"`},
			{Field: "language", Want: "en", Where: `<html lang="en" data-language="en_US">; English text`},
			{Field: "amenity_names", Want: "Wireless internet|WiFi|Internet|Towels provided|Linens provided|Air conditioning|Hair dryer|Toilet paper|Paper towels|Iron & board|Heating|Fireplace|Fitness room / equipment|Kitchen|Refrigerator|Dishwasher|Microwave|Oven|Grill|Dishes & utensils|Coffee maker|Kettle|Blender|Toaster|Lobster pot|Private pool|Spa whirlpool|Outdoor pool|Pool|Outdoor furniture|Beach towels|Books|Television|Satellite / cable|DVD player|Stereo|Game room|Pool table|Child's high chair|Toys|Washing machine|Dryer|Parking|Garage|Carbon monoxide detector (host has indicated there is a carbon monoxide detector on the property)|Smoke detector (host has indicated there is a smoke detector on the property)|Fire extinguisher|First aid kit|Exterior lighting|Safe|Emergency exit route|Fire station contact|Hospital contact|Police contact|Waterfront|Near the ocean|Oceanfront|Mountain|Rural|Ocean view|Beach view|Swimming|Water sports|Sailing|Water skiing|Snorkeling|Scuba diving|Jet skiing|Boating|Kayaking|Surfing|Windsurfing|Hiking|Mountain biking|Rock climbing|Horseback riding|Mountain climbing|Health/beauty spa|Winery tours|Shopping|Ecotourism|Wildlife viewing|Birdwatching|Fishing|Bay/sound|Marina|Housekeeper included|Private chef|Massage|Minimum age limit for renters|Pet friendly",
				Where: `Apollo PropertyInfo.summary.amenities: PropertyInfoSection "Property amenities", 14 groups' infoItems[].text (Essentials 13 … Pets 1), 91 in all; no amenity is listed as not included`},
			{Field: "house_rules", Want: "Children allowed: ages 0-17",
				Where: `House Rules: the one row no typed field holds ("Children" — "Children allowed: ages 0-17"); the "Important information" lines below ("Extra-person charges may apply…", the registration number) are Vrbo's notes, not rules`},
			{Field: "highlights", Absent: true, Where: `Apollo PropertyInfo highlights [] and every amenity group's highlights null; no highlights section in the markup`},
			{Field: "response_rate", Absent: true, Where: `section#Host: "Hosted by Marcelo Guisado", "Languages: English, Italian, Spanish"; no response rate or time`},
			{Field: "response_time", Absent: true, Where: `section#Host: no response time`},
			{Field: "price", Absent: true, Where: `"Add dates for prices"; the description's "based on 6 people per night" and "EUR 1000" are no prices`},
			{Field: "beds", Absent: true, Where: `no bed count: "5 bedrooms", "3+ bathrooms", "Sleeps 9"; the description's "four have a double bed and one of them is single" is no count the page states`},
			{Field: "max_guests", Absent: true, Where: `House Rules state no maximum ("Sleeps 9" is the capacity)`},
			{Field: "category_ratings", Absent: true, Where: `the reviews show "10 out of 10" and 15 reviews, no category scores`},
		},
	})
}

package realpages_test

// Airbnb pages, read by hand. Values are what the page shows; "Where" says
// where on the page. Conventions:
//   - title: the host's own title. When the page shows Airbnb's machine
//     translation (UGCText.localizedString differs from .source), the
//     original (.source) is the host's title, and the host's description is
//     likewise .source.
//   - photo_captions: captions the host wrote (imageMetadata.caption). The
//     accessibility labels Airbnb generates ("Listing image 3", "Imagem 1 de
//     Cozinha completa", "Immagine Salotto 1") are not captions; pages with
//     no host caption have no photo_captions fact (0 cannot be scored).
//   - category ratings and the rating are the unrounded values of the
//     page's data (eventDataLogging), which the page shows to one decimal.
//   - price only where the page shows one for chosen dates; the "for R$180"
//     of a meta description is a search-engine blurb, not a price shown.
//   - JSON-LD containsPlace.occupancy is not the guest count on these pages
//     (2 where the overview says "4 guests"), so guests come from the
//     overview.

func init() {
	pages = append(pages,
		Page{File: "airbnb/airbnb-2018-travelnest.htm", URL: "https://www.airbnb.co.uk/rooms/19278160", Facts: []Fact{
			{Field: "title", Want: "York Place: Luxurious  apartment For Two adults.", Where: `<script data-hypernova-key="spaspabundlejs"> bootstrapData.reduxData.marketplacePdp.listingInfo.listing.name; <title> before " - Flats for Rent in"`},
			{Field: "description_words", Want: "82", Where: "listing.sectioned_description.summary (space, access, notes… are null)"},
			{Field: "property_type", Want: "Flat", Where: `listing.room_and_property_type "Entire flat"`},
			{Field: "room_type", Want: "entire", Where: `listing.room_type_category "entire_home"`},
			{Field: "guests", Want: "2", Where: `listing.person_capacity, guest_label "2 guests"`},
			{Field: "bedrooms", Want: "1", Where: `listing.bedroom_label "1 bedroom"`},
			{Field: "beds", Want: "1", Where: `listing.bed_label "1 bed"`},
			{Field: "baths", Want: "1", Where: `listing.bathroom_label "1 bath"`},
			{Field: "city", Want: "Edinburgh", Where: `listing.p3_summary_address "Edinburgh, Scotland, United Kingdom"`},
			{Field: "region", Want: "Scotland", Where: "listing.p3_summary_address"},
			{Field: "country", Want: "United Kingdom", Where: "listing.p3_summary_address"},
			{Field: "coordinates", Want: "55.955543,-3.191066", Where: "listing.lat, listing.lng"},
			{Field: "amenities", Want: "14", Where: "listing.listing_amenities: 74 entries, 14 with is_present true"},
			{Field: "photos", Want: "39", Where: "listing.photos (39; p3_event_data_logging.picture_count 39)"},
			{Field: "photo_captions", Want: "16", Where: "listing.photos[].caption, 16 non-empty"},
			{Field: "cover", Want: "af3e3b27", Where: "og:image = listing.photos[0]"},
			{Field: "rating", Want: "4.85/5", Where: "listing.review_details_interface.review_score 97 of 100 (star_rating 5, whole stars)"},
			{Field: "category_ratings", Want: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", Where: "review_details_interface.review_summary: all six 10 of 10"},
			{Field: "review_count", Want: "32", Where: "review_details_interface.review_count, visible_review_count"},
			{Field: "host", Want: "Maureen", Where: "listing.primary_host.host_name"},
			{Field: "superhost", Want: "no", Where: "primary_host.is_superhost false"},
			{Field: "check_in", Want: "3PM", Where: `listing.localized_check_in_time_window "Anytime after 3PM"`},
			{Field: "check_out", Want: "11AM", Where: `listing.localized_check_out_time "11AM"`},
			{Field: "pets", Want: "no", Where: "guest_controls.allows_pets false; \"Not suitable for pets\""},
			{Field: "smoking", Want: "no", Where: "guest_controls.allows_smoking false; \"No smoking\""},
			{Field: "parties", Want: "no", Where: "guest_controls.allows_events false; \"No parties or events\""},
			{Field: "language", Want: "en", Where: "sectioned_description.locale en; <html> has no lang"},
		}},
		Page{File: "airbnb/airbnb-2025-flyingmermaidd.html", URL: "https://www.airbnb.ca/rooms/1035103363769989256", Facts: []Fact{
			{Field: "title", Want: "Luxury Stay at Friday Harbour Resort Lake Simcoe", Where: "[data-section-id=TITLE_DEFAULT] h1; <title>; og:description"},
			{Field: "description_words", Want: "197", Partial: true, Where: `[data-section-id=DESCRIPTION_DEFAULT] text, cut by a "Show more" button (the whole is in a modal not saved)`},
			{Field: "description_sections", Want: "The space|Guest access", Where: "DESCRIPTION_DEFAULT: lines \"The space\", \"Guest access\""},
			{Field: "property_type", Want: "Condo", Where: `OVERVIEW_DEFAULT_V2 h2 "Entire condo in Innisfil, Canada"`},
			{Field: "room_type", Want: "entire", Where: `OVERVIEW_DEFAULT_V2 h2 "Entire condo…"`},
			{Field: "guests", Want: "2", Where: `OVERVIEW_DEFAULT_V2 li "2 guests"`},
			{Field: "bedrooms", Want: "1", Where: `OVERVIEW_DEFAULT_V2 li "1 bedroom"`},
			{Field: "beds", Want: "1", Where: `OVERVIEW_DEFAULT_V2 li "1 bed"`},
			{Field: "baths", Want: "1", Where: `OVERVIEW_DEFAULT_V2 li "1 bath"`},
			{Field: "city", Want: "Innisfil", Where: `LOCATION_DEFAULT "Innisfil, Ontario, Canada"`},
			{Field: "region", Want: "Ontario", Where: "LOCATION_DEFAULT; <title> \"… in Innisfil, Ontario, Canada\""},
			{Field: "country", Want: "Canada", Where: "LOCATION_DEFAULT"},
			{Field: "amenities", Want: "5", Partial: true, Where: `AMENITIES_DEFAULT: 5 shown, then button "Show all 65 amenities"`},
			{Field: "photos", Want: "32", Where: `HERO_DEFAULT carousel: 32 <li data-key="https://a0.muscache.com/…">; "1 / 32"`},
			{Field: "cover", Want: "43259a92", Where: "og:image; HERO_DEFAULT first li"},
			{Field: "rating", Want: "5.0/5", Where: `REVIEWS_DEFAULT h2 "Rated 5.0 out of 5 from 59 reviews."; og:title "★5.0"`},
			{Field: "review_count", Want: "59", Where: "REVIEWS_DEFAULT h2; GUEST_FAVORITE_BANNER \"59 reviews\""},
			{Field: "host", Want: "Jack", Where: `HOST_OVERVIEW_DEFAULT "Hosted by Jack"`},
			{Field: "superhost", Want: "yes", Where: `HOST_OVERVIEW_DEFAULT li "Superhost"; MEET_YOUR_HOST "Jack is a Superhost"`},
			{Field: "guest_favorite", Want: "yes", Where: `GUEST_FAVORITE_BANNER "Guest favourite"`},
			{Field: "check_in", Want: "3:00 p.m.", Where: `POLICIES_DEFAULT "Check-in after 3:00 p.m."`},
			{Field: "check_out", Want: "11:00 a.m.", Where: `POLICIES_DEFAULT "Checkout before 11:00 a.m."`},
			{Field: "max_guests", Want: "2", Where: `POLICIES_DEFAULT "2 guests maximum"`},
			{Field: "price", Want: "175 CAD", Where: `BOOK_IT_FLOATING_FOOTER "$175 CAD per night" for Sep 5–7 (meta description says "$200")`},
			{Field: "language", Want: "en", Where: `<html lang="en-CA">; description text`},
		}},
		Page{File: "airbnb/airbnb-2025-mehfius-arraial-raw.html", URL: "https://www.airbnb.com.br/rooms/756587219584104742", Facts: niobeBR(brFacts{
			title: "Arraial do Cabo | Pé na Areia 2 -Praia de Figueira", words: "257", sections: "O espaço|Acesso do hóspede|Outras observações",
			guests: "5", bedrooms: "2", beds: "3", baths: "1", city: "Arraial do Cabo", region: "Rio de Janeiro", coords: "-22.94679,-42.16154",
			amenities: "52", missing: "5", photos: "27", captions: "6", cover: "72c5eeda", rating: "4.98/5",
			cats: "accuracy=4.94,check_in=5,cleanliness=4.96,communication=4.98,location=4.79,value=4.94", reviews: "101",
			host: "Luiz", superhost: "yes", checkIn: "09:00", checkOut: "14:00", max: "5", pets: "yes", smoking: "no", parties: "no",
		})},
		Page{File: "airbnb/airbnb-2025-mehfius-loft-rendered.html", URL: "https://www.airbnb.com.br/rooms/884287328619193704", Facts: niobeBR(brFacts{
			title: "Loft master as pontes hidro e piscina", words: "76", sections: "O espaço|Outras observações",
			guests: "2", bedrooms: "1", beds: "1", baths: "1", city: "Arraial do Cabo", region: "Rio de Janeiro", coords: "-22.97922,-42.01287",
			amenities: "10", missing: "9", photos: "8", cover: "d154c78a", rating: "4.88/5",
			cats: "accuracy=4.85,check_in=4.7,cleanliness=4.8,communication=4.88,location=4.78,value=4.83", reviews: "40",
			host: "Roana", superhost: "no", checkIn: "15:00", checkOut: "11:00", max: "2", pets: "yes", smoking: "yes", parties: "no",
		})},
		Page{File: "airbnb/airbnb-2025-mehfius-portoseguro-raw.html", URL: "https://www.airbnb.com.br/rooms/45592704", Facts: niobeBR(brFacts{
			title: "Casa em Porto Seguro na praia de Taperapuan", words: "240", sections: "O espaço|Acesso do hóspede|Outras observações",
			guests: "8", bedrooms: "2", beds: "6", baths: "3", city: "Taperapuã", region: "Bahia", coords: "-16.38975,-39.04063",
			amenities: "40", missing: "5", photos: "54", captions: "39", cover: "cfef4963", rating: "4.93/5",
			cats: "accuracy=4.98,check_in=5,cleanliness=4.89,communication=4.98,location=4.84,value=4.88", reviews: "56",
			host: "Amanda", superhost: "yes", checkIn: "15:00", checkOut: "11:00", max: "8", pets: "yes", smoking: "no", parties: "no",
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-br-rio-1.html", URL: "https://www.airbnb.com/rooms/1715357532731129387", Facts: niobe2026(facts2026{
			title: "Apê IPA | Elegância Carioca em Ipanema", titleWhere: `node.pdpPresentation.title.content.source (the page shows Airbnb's translation "IPA Apartment | Carioca Elegance in Ipanema" in h1, <title>, og, JSON-LD)`,
			words: "426", wordsWhere: "pdpPresentation.descriptions.longDescriptionHtml.source (the Portuguese original; the English translation has 415)", sections: "The space",
			ptype: "Rental unit", room: "entire", guests: "4", bedrooms: "1", beds: "2", baths: "1", city: "Rio de Janeiro", region: "Rio de Janeiro", country: "Brazil",
			coords: "-22.9855,-43.2076", amenities: "30", missing: "3", photos: "16", cover: "b042e1ac", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", reviews: "1",
			host: "Sambastay", superhost: "no", gf: "no", checkIn: "3:00 PM", max: "4", pets: "no", smoking: "no", parties: "no",
			lang: "pt", langWhere: "node.metadataDescription.summary.sourceLocale pt; the host's title and description are Portuguese",
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-br-rio-2.html", URL: "https://www.airbnb.com/rooms/1581922106059514513", Facts: niobe2026(facts2026{
			title: "Copacabana Suite w/ Beach & Christ Views", titleWhere: "pdpPresentation.title.content (source = localizedString); <title>; og:description; JSON-LD name",
			words: "628", sections: "The space|Guest access|During your stay|Other things to note",
			ptype: "Rental unit", ptypeWhere: `pdpPresentation.sharingConfig.propertyType "Private room in rental unit"`, room: "private",
			guests: "2", guestsWhere: `eventDataLogging.personCapacity 2; house rule "2 guests maximum" (the overview shows only beds and bath)`,
			bedrooms: "1", bedroomsWhere: `sharingConfig title "Rental unit in Rio de Janeiro · 1 bedroom · 1 bed · 1 private bath" (= og:title)`,
			beds: "1", baths: "1", bathsWhere: `overview item "Private attached bathroom"; og:title "1 private bath"`,
			city: "Rio de Janeiro", region: "Rio de Janeiro", country: "Brazil",
			coords: "-22.9707,-43.1854", amenities: "40", missing: "4", photos: "11", captions: "4", cover: "76eac165", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", reviews: "1",
			host: "Morné", superhost: "yes", gf: "no", checkIn: "2:00 PM", checkOut: "12:00 PM", max: "2", pets: "no", smoking: "no", parties: "no",
			lang: "en", langWhere: "<html lang=en>; metadataDescription.summary.sourceLocale en",
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", URL: "https://www.airbnb.com/rooms/1704906788837184002", Facts: niobe2026(facts2026{
			title: "New Cozy 1 Bedroom Apartment", titleWhere: "pdpPresentation.title.content (source = localizedString); <title>; og:description",
			words: "163", wordsWhere: "pdpPresentation.descriptions.longDescriptionHtml.source (the host's Spanish; the English translation has 167)",
			sections: "The space|Other things to note|Registration Details",
			ptype:    "Rental unit", room: "entire", guests: "3", bedrooms: "1", beds: "1", baths: "1", city: "Barcelona", region: "Catalonia", country: "Spain",
			coords: "41.3728,2.1561", amenities: "42", missing: "1", photos: "32", cover: "cf86ba69", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=4.88,value=4.88", reviews: "8",
			host: "BCNMonthly", superhost: "no", gf: "no", checkIn: "3:00 PM", checkOut: "10:00 AM", max: "3", pets: "yes", smoking: "no", parties: "no",
			lang: "es", langWhere: "the host's description (longDescriptionHtml.source) is Spanish; the title is English",
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-it-roma-1.html", URL: "https://www.airbnb.com/rooms/1736387261430847289", Facts: niobe2026(facts2026{
			title: "Claire de Lune Luxury 200mq next to Navona square", titleWhere: "pdpPresentation.title.content (source = localizedString); <title>; og:description",
			words: "312", sections: "The space|Guest access|Registration Details",
			ptype: "Rental unit", room: "entire", guests: "5", bedrooms: "2", beds: "3", baths: "2", city: "Rome", region: "Lazio", country: "Italy",
			coords: "41.8974,12.4724", amenities: "37", missing: "3", photos: "27", cover: "bca39785", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", reviews: "1",
			host: "Advena Experience", superhost: "yes", gf: "no", checkIn: "3:00 PM", checkOut: "10:00 AM", max: "5", pets: "no", smoking: "no",
			lang: "en", langWhere: "<html lang=en>; title and description are English as written (source = localizedString)",
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-it-roma-2.html", URL: "https://www.airbnb.com/rooms/1600030586695407460", Facts: niobe2026(facts2026{
			title: "Storico appartamento a Campo de’ Fiori", titleWhere: `pdpPresentation.title.content.source (the page shows the translation "Historic apartment in Campo de' Fiori")`,
			words: "453", wordsWhere: "pdpPresentation.descriptions.longDescriptionHtml.source (the Italian original; the translation has 485)",
			sections: "The space|Guest access|Other things to note|Registration Details",
			ptype:    "Rental unit", room: "entire", guests: "4", bedrooms: "1", beds: "2", baths: "1", city: "Rome", region: "Lazio", country: "Italy",
			coords: "41.8969,12.4705", amenities: "51", missing: "3", photos: "35", cover: "66e903f3", rating: "5/5",
			cats: "accuracy=5,check_in=4.97,cleanliness=5,communication=5,location=5,value=4.89", reviews: "35",
			host: "Richard", superhost: "yes", gf: "yes", checkIn: "3:00 PM", checkOut: "11:00 AM", max: "4", pets: "no",
			lang: "it", langWhere: "metadataDescription.summary.sourceLocale it; the host's title and description are Italian",
		})},
		Page{File: "airbnb/airbnb-2026-the_milano_suite.html", URL: "https://www.airbnb.it/rooms/1438101512728990114", Facts: []Fact{
			{Field: "title", Want: "Bellissima suite con bagno privato, in villa", Where: "pdpPresentation.title; <title>; og:description; JSON-LD name (PdpTitleSection is an empty stub)"},
			{Field: "description_words", Want: "199", Where: "sections[PdpDescriptionSection].htmlDescription.htmlText = pdpPresentation.descriptions.longDescriptionHtml"},
			{Field: "description_sections", Want: "Lo spazio|Dati di registrazione", Where: "htmlDescription <b>Lo spazio</b>, <b>Dati di registrazione</b>"},
			{Field: "property_type", Want: "Casa", Where: `sharingConfig.propertyType "Stanza privata in casa"; og:title "Casa · Milano"`},
			{Field: "room_type", Want: "private", Where: `eventDataLogging.roomType "Private room"`},
			{Field: "guests", Want: "2", Where: `eventDataLogging.personCapacity; house rule "Massimo 2 ospiti"`},
			{Field: "bedrooms", Want: "1", Where: `sharingConfig.title "… · 1 camera da letto · 1 letto · Bagno di servizio privato" (= og:title)`},
			{Field: "beds", Want: "1", Where: `sbui OVERVIEW_DEFAULT_V2 "1 letto matrimoniale"`},
			{Field: "baths", Want: "1", Where: `sbui OVERVIEW_DEFAULT_V2 "Bagno di servizio in camera"; og:title "Bagno di servizio privato"`},
			{Field: "city", Want: "Milano", Where: `sections[LocationSection].subtitle "Milano, Lombardia, Italia"`},
			{Field: "region", Want: "Lombardia", Where: "LocationSection.subtitle"},
			{Field: "country", Want: "Italia", Where: "LocationSection.subtitle"},
			{Field: "coordinates", Want: "45.444348,9.209689", Where: "eventDataLogging.listingLat/listingLng; LocationSection.lat/lng"},
			{Field: "amenities", Want: "11", Where: "data.node.pdpPresentation.amenities.seeAllAmenitiesGroups, available (AmenitiesSection is a stub)"},
			{Field: "amenities_missing", Want: "8", Where: `pdpPresentation.amenities group "Non incluso"`},
			{Field: "photos", Want: "17", Where: "sections[PhotoTourModalSection].mediaItems (17); JSON-LD image"},
			{Field: "cover", Want: "876569ed", Where: "HeroSection.previewImages[0]; og:image"},
			{Field: "rating", Want: "4.9/5", Where: "StayPdpReviewsSection.overallRating; og:title \"★4,9\""},
			{Field: "category_ratings", Want: "accuracy=4.9,check_in=4.8,cleanliness=4.9,communication=4.9,location=4.9,value=4.9", Where: "eventDataLogging *Rating; StayPdpReviewsSection.ratings"},
			{Field: "review_count", Want: "10", Where: "StayPdpReviewsSection.overallCount; eventDataLogging.visibleReviewCount"},
			{Field: "host", Want: "Davide", Where: `MeetYourHostSection.cardData.name; sbui "Soggiorna da Davide"`},
			{Field: "superhost", Want: "no", Where: "cardData.isSuperhost false; eventDataLogging.isSuperhost false"},
			{Field: "guest_favorite", Want: "yes", Where: "StayPdpReviewsSection.isGuestFavorite"},
			{Field: "max_guests", Want: "2", Where: `PoliciesSection.houseRules "Massimo 2 ospiti"`},
			{Field: "language", Want: "it", Where: `<html lang="it">; the text is Italian`},
		}},
	)
}

// brFacts are the fields the three Brazilian pages of March 2025 share.
type brFacts struct {
	title, words, sections, guests, bedrooms, beds, baths, city, region, coords string
	amenities, missing, photos, captions, cover, rating, cats, reviews          string
	host, superhost, checkIn, checkOut, max, pets, smoking, parties             string
}

// niobeBR lists the facts of a page of airbnb.com.br, 2025: the state is
// niobeMinimalClientData[0][1].data.presentation.stayProductDetailPage.sections.
func niobeBR(b brFacts) []Fact {
	fs := []Fact{
		{Field: "title", Want: b.title, Where: "sections[PdpTitleSection].title; og:description; <title>"},
		{Field: "description_words", Want: b.words, Where: "sections[PdpDescriptionSection].htmlDescription.htmlText"},
		{Field: "description_sections", Want: b.sections, Where: "htmlDescription <b>…</b> headings"},
		{Field: "property_type", Want: "Casa", Where: `metadata.sharingConfig.propertyType "Espaço inteiro: casa"; og:title "Casa · …"`},
		{Field: "room_type", Want: "entire", Where: `eventDataLogging.roomType "Entire home/apt"`},
		{Field: "guests", Want: b.guests, Where: "sbui OVERVIEW_DEFAULT_V2 overviewItems \"N hóspedes\""},
		{Field: "bedrooms", Want: b.bedrooms, Where: "sbui OVERVIEW_DEFAULT_V2 \"N quartos\""},
		{Field: "beds", Want: b.beds, Where: "sbui OVERVIEW_DEFAULT_V2 \"N camas\""},
		{Field: "baths", Want: b.baths, Where: "sbui OVERVIEW_DEFAULT_V2 \"N banheiro(s)\""},
		{Field: "city", Want: b.city, Where: "sbui OVERVIEW_DEFAULT_V2 title \"Espaço inteiro: casa em <city>, Brasil\"; <title>"},
		{Field: "region", Want: b.region, Where: "<title> \"Casas para Alugar em <city>, <region>, Brasil\""},
		{Field: "country", Want: "Brasil", Where: "OVERVIEW_DEFAULT_V2 title; <title>"},
		{Field: "coordinates", Want: b.coords, Where: "eventDataLogging.listingLat/listingLng"},
		{Field: "amenities", Want: b.amenities, Where: "sections[AmenitiesSection].seeAllAmenitiesGroups, available; \"Mostrar todas as N comodidades\""},
		{Field: "amenities_missing", Want: b.missing, Where: "AmenitiesSection group \"Não incluso\""},
		{Field: "photos", Want: b.photos, Where: "sections[PhotoTourModalSection].mediaItems"},
		{Field: "cover", Want: b.cover, Where: "sections[HeroSection].previewImages[0]; og:image"},
		{Field: "rating", Want: b.rating, Where: "eventDataLogging.guestSatisfactionOverall; StayPdpReviewsSection.overallRating"},
		{Field: "category_ratings", Want: b.cats, Where: "eventDataLogging accuracyRating…valueRating (StayPdpReviewsSection shows them to one decimal)"},
		{Field: "review_count", Want: b.reviews, Where: "eventDataLogging.visibleReviewCount; StayPdpReviewsSection.overallCount"},
		{Field: "host", Want: b.host, Where: "MeetYourHostSection.cardData.name; sbui \"Anfitriã(o): …\""},
		{Field: "superhost", Want: b.superhost, Where: "eventDataLogging.isSuperhost; cardData.isSuperhost"},
		{Field: "guest_favorite", Want: "yes", Where: "StayPdpReviewsSection.isGuestFavorite"},
		{Field: "check_in", Want: b.checkIn, Where: "PoliciesSection.houseRules \"Check-in após …\" / \"Check-in: …\""},
		{Field: "check_out", Want: b.checkOut, Where: "PoliciesSection.houseRules \"Checkout antes das …\""},
		{Field: "max_guests", Want: b.max, Where: "PoliciesSection \"Máximo de N hóspedes\""},
		{Field: "pets", Want: b.pets, Where: "houseRulesSections \"Permitido animais de estimação\""},
		{Field: "smoking", Want: b.smoking, Where: "houseRulesSections \"Proibido fumar\" / \"É permitido fumar\""},
		{Field: "parties", Want: b.parties, Where: "houseRulesSections \"Não são permitidas festas ou eventos\""},
		{Field: "language", Want: "pt", Where: `<html lang="pt">; the text is Portuguese`},
	}
	if b.captions != "" {
		fs = append(fs, Fact{Field: "photo_captions", Want: b.captions, Where: "PhotoTourModalSection.mediaItems[].imageMetadata.caption (the other labels are generated: \"Imagem 1 de Cozinha completa\")"})
	}
	return fs
}

// facts2026 are the fields of the listingproof pages of August 2026, whose
// sections are empty stubs: the listing is in
// niobeClientData[0][1].data.node.pdpPresentation, the house rules in
// sections[PoliciesSection], the scores in eventDataLogging.
type facts2026 struct {
	title, titleWhere, words, wordsWhere, sections                        string
	ptype, ptypeWhere, room, guests, guestsWhere, bedrooms, bedroomsWhere string
	beds, baths, bathsWhere, city, region, country, coords                string
	amenities, missing, photos, captions, cover, rating, cats, reviews    string
	host, superhost, gf, checkIn, checkOut, max, pets, smoking, parties   string
	lang, langWhere                                                       string
}

func niobe2026(p facts2026) []Fact {
	or := func(s, def string) string {
		if s != "" {
			return s
		}
		return def
	}
	fs := []Fact{
		{Field: "title", Want: p.title, Where: p.titleWhere},
		{Field: "description_words", Want: p.words, Where: or(p.wordsWhere, "pdpPresentation.descriptions.longDescriptionHtml (source = localizedString)")},
		{Field: "description_sections", Want: p.sections, Where: "longDescriptionHtml <b>…</b> headings"},
		{Field: "property_type", Want: p.ptype, Where: or(p.ptypeWhere, `pdpPresentation.overview.title "Entire rental unit in …"; sharingConfig.propertyType`)},
		{Field: "room_type", Want: p.room, Where: "eventDataLogging.roomType; node.spaceType"},
		{Field: "guests", Want: p.guests, Where: or(p.guestsWhere, `pdpPresentation.overview.items "N guests"`)},
		{Field: "bedrooms", Want: p.bedrooms, Where: or(p.bedroomsWhere, "pdpPresentation.overview.items")},
		{Field: "beds", Want: p.beds, Where: "pdpPresentation.overview.items; og:title"},
		{Field: "baths", Want: p.baths, Where: or(p.bathsWhere, "pdpPresentation.overview.items")},
		{Field: "city", Want: p.city, Where: "pdpPresentation.location.subtitle; <title>"},
		{Field: "region", Want: p.region, Where: "<title> \"… for Rent in <city>, <region>, <country>\""},
		{Field: "country", Want: p.country, Where: "pdpPresentation.location.subtitle; <title>"},
		{Field: "coordinates", Want: p.coords, Where: "JSON-LD VacationRental.latitude/longitude; eventDataLogging.listingLat/listingLng"},
		{Field: "amenities", Want: p.amenities, Where: "pdpPresentation.amenities.seeAllAmenitiesGroups, available"},
		{Field: "amenities_missing", Want: p.missing, Where: "pdpPresentation.amenities.seeAllAmenitiesGroups, available false"},
		{Field: "photos", Want: p.photos, Where: "pdpPresentation.mediaTour; sections[PhotoTourModalSection].mediaItems"},
		{Field: "cover", Want: p.cover, Where: "pdpPresentation.heroMedia first image; og:image; JSON-LD image[0]"},
		{Field: "rating", Want: p.rating, Where: "JSON-LD aggregateRating.ratingValue; node.listingRatingStats"},
		{Field: "category_ratings", Want: p.cats, Where: "eventDataLogging *Rating; node.listingRatingStats.categoryRatingStats"},
		{Field: "review_count", Want: p.reviews, Where: "JSON-LD aggregateRating.ratingCount; eventDataLogging.visibleReviewCount"},
		{Field: "host", Want: p.host, Where: "pdpPresentation.hostInfo.passportData.name"},
		{Field: "superhost", Want: p.superhost, Where: "hostInfo.passportData.isSuperhost; eventDataLogging.isSuperhost"},
		{Field: "guest_favorite", Want: p.gf, Where: "pdpPresentation.quality.isGuestFavorite"},
		{Field: "max_guests", Want: p.max, Where: "sections[PoliciesSection].houseRules \"N guests maximum\""},
		{Field: "pets", Want: p.pets, Where: "PoliciesSection.houseRulesSections \"No pets\" / \"Pets allowed\""},
		{Field: "check_in", Want: p.checkIn, Where: "PoliciesSection.houseRules \"Check-in after …\" / \"Check-in: …\""},
		{Field: "language", Want: p.lang, Where: p.langWhere},
	}
	opt := []Fact{
		{Field: "photo_captions", Want: p.captions, Where: "mediaTour image.caption / PhotoTourModalSection imageMetadata.caption (other labels are generated: \"Living room image 1\")"},
		{Field: "check_out", Want: p.checkOut, Where: "PoliciesSection.houseRules \"Checkout before …\""},
		{Field: "smoking", Want: p.smoking, Where: "PoliciesSection.houseRulesSections \"No smoking\""},
		{Field: "parties", Want: p.parties, Where: "PoliciesSection.houseRulesSections \"No parties or events\""},
	}
	for _, f := range opt {
		if f.Want != "" {
			fs = append(fs, f)
		}
	}
	return fs
}

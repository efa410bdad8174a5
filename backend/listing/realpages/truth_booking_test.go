package realpages_test

// Booking.com property pages (landacorp/listingproof fixtures/live, the
// rendered DOM of live pages captured 2026-08-11), read by hand. Every one
// is a hotel: the page states no guest, bedroom, bed or bath count for the
// property as a whole, so those are left out. The full facilities block
// (data-testid="property-facilities-block-container") is empty in every
// saved DOM — it loads on scroll — so the amenities the page shows are its
// "most popular facilities" (a Partial fact). No dates were chosen, so no
// price is shown (JSON-LD priceRange is null). None of the seven states a
// smoking or parties rule. The hijacked gîte page is owned by the refusals
// table.
//
// Common places on every page:
//   - title: <h2 class="pp-header__title"> in #hp_hotel_name = JSON-LD Hotel.name
//   - description: <p data-testid="property-description"> = Apollo HotelTranslation.description
//     (JSON-LD description and og:description are its first sentence only)
//   - property type: Apollo Property.accommodationType → PropertyType {type: "HOTEL"};
//     the breadcrumb ends "(Hotel)"
//   - city and coordinates: Apollo BasicPropertyData.location {city, latitude, longitude}
//     (= data-atlas-latlng); JSON-LD addressLocality is the street, not the city
//   - photos: Apollo Property.propertyGallery.mainGalleryPhotos; the gallery shows
//     8 thumbnails and "+N photos" on the last (8 + N = the same count)
//   - cover: Apollo propertyGallery.mainPhoto = JSON-LD image = the gallery's first image
//   - rating / review count: JSON-LD aggregateRating (bestRating 10) = Apollo
//     Property.reviews; the review-score badge may differ by a few reviews
//     (Strand Palace shows 17,594 and Corpo Santo 1 405 beside 17597 and 1406)
//   - category ratings: the review subscores the page shows (data-testid=
//     "review-subscore": Cleanliness, Location, Value for money out of 10) =
//     Apollo Property.reviews.questions hotel_clean, hotel_location, hotel_value
//   - check-in/out, pets: #hp_policies_box = Apollo houseRules.checkinCheckoutTimes
//     and PropertyPolicies.pets
//
// Every fact of the seven is read today: issue 42's classes 4 (check-out
// read as its end time only) and 5 (the check-in row's notes and the
// groups row not read) are fixed, and a regression fails the table.

func init() {
	const (
		titleWhere = `h2.pp-header__title in #hp_hotel_name; JSON-LD Hotel.name`
		descWhere  = `p[data-testid="property-description"]; Apollo HotelTranslation.description`
		typeWhere  = `Apollo PropertyType {"type":"HOTEL"}; breadcrumb "(Hotel)"`
		cityWhere  = `Apollo BasicPropertyData.location.city; breadcrumb`
		geoWhere   = `Apollo BasicPropertyData.location latitude/longitude; data-atlas-latlng`
		amenWhere  = `data-testid="property-most-popular-facilities-wrapper" (10 li); the full facilities block is empty in the saved DOM`
		photoWhere = `Apollo propertyGallery.mainGalleryPhotos; gallery 8 thumbnails + "+N photos"`
		coverWhere = `Apollo propertyGallery.mainPhoto; JSON-LD Hotel.image`
		rateWhere  = `JSON-LD Hotel.aggregateRating.ratingValue, bestRating 10`
		countWhere = `JSON-LD aggregateRating.reviewCount; Apollo Property.reviews.reviewsCount`
		catsWhere  = `review subscores (data-testid="review-subscore"); Apollo Property.reviews.questions`
		capsWhere  = `none by the property: each gallery image's alt / Apollo altText is Booking.com's generated description ("a hotel room with a white bed and a TV in …")`
		inWhere    = `#hp_policies_box check-in row's first line; Apollo houseRules.checkinTimeRange from/untilFormatted`
		outWhere   = `#hp_policies_box check-out row's first line; Apollo houseRules.checkoutTimeRange from/untilFormatted`
		petsWhere  = `#hp_policies_box pets row; Apollo PropertyPolicies.pets.petsAllowed`
		langWhere  = `<html lang>, the description's language`
		rulesWhere = `#hp_policies_box: the lines no typed field holds — the notes under the check-in row (Apollo requireCreditCardAndPhotoIdPhrase, requireNoticeOfArrivalTimePrase), the age-restriction row (checkinAgeRestrictionPhrase), the groups row (groups.groupLimitPhrase) (the children-and-beds rows are prices and bed offers, the cancellation row asks for dates, "The fine print" is the property's notices: none of these is recorded)`
	)
	absentWhere := map[string]string{
		"price":         "no dates chosen: no price shown; JSON-LD priceRange null",
		"guests":        "a hotel: no guest count for the property as a whole (each room type has its own)",
		"bedrooms":      "a hotel: no bedroom count for the property",
		"beds":          "a hotel: no bed count for the property",
		"baths":         "a hotel: no bathroom count for the property",
		"response_rate": "no host profile and no response rate on a hotel's page",
		"smoking":       "#hp_policies_box has no smoking row (\"non-smoking rooms\" is a facility, not a house rule)",
		"parties":       "#hp_policies_box has no parties row",
	}
	pages = append(pages,
		Page{File: "booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html",
			URL: "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html",
			Facts: []Fact{
				{Field: "title", Want: "Catalonia La Boquería", Where: titleWhere},
				{Field: "description_words", Want: "141", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "Barcelona", Where: cityWhere + ` "Barcelona"; streetAddress "…08001 Barcelona, España"`},
				{Field: "region", Want: "Cataluña", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "España", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "41.3809253569555,2.172144055366516", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Parking … Desayuno fabuloso)`},
				{Field: "amenity_names", Want: "Parking|WiFi gratis|Habitaciones sin humo|Gimnasio|Recepción 24 horas|Adaptado personas de movilidad reducida|Ascensor|Servicio de lavandería|Aire acondicionado|Desayuno fabuloso", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "40", Where: photoWhere + ` ("32 fotos más")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "583678623", Where: coverWhere},
				{Field: "rating", Want: "8.5/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=8.8,location=9.2,value=8", Where: catsWhere},
				{Field: "review_count", Want: "3069", Where: countWhere + ` (badge: "3.074 comentarios")`},
				{Field: "check_in", Want: "15:00", Where: inWhere + ` "Entrada: Desde las 15:00"`},
				{Field: "check_out", Want: "12:00", Where: outWhere + ` "Salida: Hasta las 12:00"`},
				{Field: "pets", Want: "no", Where: petsWhere + ` "Mascotas: No se admiten." (the fine print's "Solo se admite 1 perro o gato… (bajo petición)" contradicts it; the rule row is what the page states as its policy)`},
				{Field: "language", Want: "es", Where: langWhere},
				{Field: "house_rules", Want: "Los clientes deben mostrar un documento de identidad con fotografía y una tarjeta de crédito en el momento de hacer el check-in|Tienes que decirle al alojamiento con antelación a qué hora vas a llegar.|Edad mínima para el check-in: 18|Al reservar más de 4 habitaciones, podrán aplicarse condiciones especiales y suplementos.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-fr-le-regent-paris.fr.html",
			URL: "https://www.booking.com/hotel/fr/le-regent-paris.fr.html",
			Facts: []Fact{
				{Field: "title", Want: "Hôtel Le Regent Paris", Where: titleWhere},
				{Field: "description_words", Want: "148", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere + ` ("(Hôtel)")`},
				{Field: "city", Want: "Paris", Where: cityWhere},
				{Field: "region", Want: "Île-de-France", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "France", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "48.85383851330455,2.338723093162116", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Connexion Wi-Fi gratuite … Bon petit-déjeuner)`},
				{Field: "amenity_names", Want: "Connexion Wi-Fi gratuite|Navette aéroport|Chambres non-fumeurs|Réception ouverte 24h/24|Équipements pour les personnes handicapées|Service d'étage|Ascenseur|Bar|Chauffage|Bon petit-déjeuner", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "32", Where: photoWhere + ` ("24 autres photos")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "330739420", Where: coverWhere},
				{Field: "rating", Want: "8.6/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=8.7,location=9.7,value=8.3", Where: catsWhere},
				{Field: "review_count", Want: "2194", Where: countWhere + ` (badge: "2 194 expériences")`},
				{Field: "check_in", Want: "15:00-00:00", Where: inWhere + ` "Arrivée: De 15:00 à 00:00"`},
				{Field: "check_out", Want: "06:00-11:00", Where: outWhere + ` "Départ: De 06:00 à 11:00"`},
				{Field: "pets", Want: "no", Where: petsWhere + ` "Les animaux de compagnie ne sont pas admis"`},
				{Field: "language", Want: "fr", Where: langWhere},
				{Field: "house_rules", Want: "Vous devrez présenter une pièce d'identité avec photo et une carte de crédit lors de l'enregistrement.|Aucune restriction relative à l'âge ne s'applique pour l'enregistrement.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-gb-strandpalace.en-gb.html",
			URL: "https://www.booking.com/hotel/gb/strandpalace.en-gb.html",
			Facts: []Fact{
				{Field: "title", Want: "Strand Palace", Where: titleWhere},
				{Field: "description_words", Want: "155", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "London", Where: cityWhere + ` (JSON-LD addressLocality is "372 Strand", the street)`},
				{Field: "region", Want: "Greater London", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "United Kingdom", Where: `breadcrumb and formattedAddress "…, United Kingdom" (JSON-LD addressCountry abbreviates it "UK")`},
				{Field: "coordinates", Want: "51.51071897849308,-0.12107491493225098", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Free WiFi … Very good breakfast)`},
				{Field: "amenity_names", Want: "Free WiFi|Family rooms|Non-smoking rooms|Fitness centre|2 restaurants|Facilities for disabled guests|Room service|Tea/coffee maker in all rooms|Bar|Very good breakfast", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "60", Where: photoWhere + ` ("+52 photos")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "260560238", Where: coverWhere},
				{Field: "rating", Want: "8.5/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=8.9,location=9.7,value=8.1", Where: catsWhere},
				{Field: "review_count", Want: "17597", Where: countWhere + ` (badge: "17,594 reviews")`},
				{Field: "check_in", Want: "15:00", Where: inWhere + ` "Check-in: From 15:00"`},
				{Field: "check_out", Want: "11:00", Where: outWhere + ` "Check-out: Until 11:00"`},
				{Field: "pets", Want: "no", Where: petsWhere + ` "Pets are not allowed."`},
				{Field: "language", Want: "en", Where: langWhere + ` (en-gb)`},
				{Field: "house_rules", Want: "Guests are required to show a photo identification and credit card upon check-in|The minimum age for check-in is 18|When booking more than 9 rooms, different policies and additional supplements may apply.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-it-grand-rimini.it.html",
			URL: "https://www.booking.com/hotel/it/grand-rimini.it.html",
			Facts: []Fact{
				{Field: "title", Want: "Grand Hotel Rimini", Where: titleWhere},
				{Field: "description_words", Want: "313", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "Rimini", Where: cityWhere},
				{Field: "region", Want: "Emilia-Romagna", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "Italia", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "44.07249421342679,12.576212882995605", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Piscina scoperta … Colazione eccezionale)`},
				{Field: "amenity_names", Want: "Piscina scoperta|Parcheggio privato|Spa e centro benessere|Connessione WiFi gratuita|Fronte spiaggia|2 ristoranti|Disponibilità di camere familiari|Bar|Spiaggia privata|Colazione eccezionale", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "146", Where: photoWhere + ` ("Altre 138 foto")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "327034296", Where: coverWhere},
				{Field: "rating", Want: "8.5/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=9.1,location=9.3,value=8.2", Where: catsWhere},
				{Field: "review_count", Want: "924", Where: countWhere + ` (badge: "926 recensioni")`},
				{Field: "check_in", Want: "14:30-23:30", Where: inWhere + ` "Arrivo: Dalle 14:30 alle 23:30"`},
				{Field: "check_out", Want: "06:00-11:00", Where: outWhere + ` "Partenza: Dalle 06:00 alle 11:00"`},
				{Field: "pets", Want: "yes", Where: petsWhere + ` "Animali ammessi su richiesta. Potrebbe essere richiesto un supplemento." (UPON_REQUEST)`},
				{Field: "language", Want: "it", Where: langWhere},
				{Field: "house_rules", Want: "Al check-in gli ospiti devono esibire un documento di riconoscimento con foto e una carta di credito.|Non è richiesta un'età minima per fare il check-in.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-it-hotelbellevue_rimini.en-us.html",
			URL: "https://www.booking.com/hotel/it/hotelbellevue_rimini.en-us.html",
			Facts: []Fact{
				{Field: "title", Want: "Hotel Bellevue by OasiGroup Hotels", Where: titleWhere},
				{Field: "description_words", Want: "107", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "Rimini", Where: cityWhere},
				{Field: "region", Want: "Emilia-Romagna", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "Italy", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "44.066911255289796,12.58233368396759", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Private Parking … Excellent Breakfast)`},
				{Field: "amenity_names", Want: "Private Parking|Free Wifi|Beachfront|Fitness center|Non-smoking rooms|24-hour front desk|Room service|Terrace|Bar|Excellent Breakfast", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "45", Where: photoWhere + ` ("+37 photos")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "299398973", Where: coverWhere},
				{Field: "rating", Want: "8.8/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=9,location=9.6,value=9", Where: catsWhere},
				{Field: "review_count", Want: "4719", Where: countWhere + ` (badge: "4,724 reviews")`},
				{Field: "check_in", Want: "4:00 PM-10:00 PM", Where: inWhere + ` "Check-in: From 4:00 PM to 10:00 PM"`},
				{Field: "check_out", Want: "6:00 AM-11:00 AM", Where: outWhere + ` "Check-out: From 6:00 AM to 11:00 AM"`},
				{Field: "pets", Want: "yes", Where: petsWhere + ` "Pets are allowed on request. Charges may apply." (UPON_REQUEST)`},
				{Field: "language", Want: "en", Where: langWhere + ` (en-us)`},
				{Field: "house_rules", Want: "Guests are required to show a photo ID and credit card at check-in.|You need to let the property know what time you'll be arriving in advance.|There's no age requirement for check-in|When booking more than 3 rooms, different policies and additional fees may apply.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html",
			URL: "https://www.booking.com/hotel/nl/nhcollection-amsterdam-flower-market.nl.html",
			Facts: []Fact{
				{Field: "title", Want: "NH Collection Amsterdam Flower Market", Where: titleWhere},
				{Field: "description_words", Want: "110", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "Amsterdam", Where: cityWhere},
				{Field: "region", Want: "Noord-Holland", Where: `JSON-LD address.addressRegion; breadcrumb`},
				{Field: "country", Want: "Nederland", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "52.36646130659033,4.893084168434143", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Privéparkeergelegenheid … Erg goed ontbijt)`},
				{Field: "amenity_names", Want: "Privéparkeergelegenheid|Gratis WiFi|Familiekamers|Rookvrije kamers|Gym|Restaurant|Roomservice|Voorzieningen voor mensen met een beperking|Bar|Erg goed ontbijt", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "95", Where: photoWhere + ` ("+87 foto's")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "890040314", Where: coverWhere},
				{Field: "rating", Want: "8.7/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=8.9,location=9.5,value=8.1", Where: catsWhere},
				{Field: "review_count", Want: "5304", Where: countWhere + ` (badge: "5.304 beoordelingen")`},
				{Field: "check_in", Want: "15:00", Where: inWhere + ` "Inchecken: Vanaf 15:00"`},
				{Field: "check_out", Want: "12:00", Where: outWhere + ` "Uitchecken: Tot 12:00"`},
				{Field: "pets", Want: "yes", Where: petsWhere + ` "Huisdieren zijn toegestaan. Er zijn mogelijk extra kosten aan verbonden." (YES)`},
				{Field: "language", Want: "nl", Where: langWhere},
				{Field: "house_rules", Want: "Gasten dienen bij het inchecken een identiteitsbewijs met foto en creditcard te tonen|De minimumleeftijd om in te checken is 18 jaar|Als je meer dan 9 kamers boekt, kunnen er andere voorwaarden en extra toeslagen van toepassing zijn.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
		Page{File: "booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html",
			URL: "https://www.booking.com/hotel/pt/corpo-santo.pt-pt.html",
			Facts: []Fact{
				{Field: "title", Want: "Corpo Santo Lisbon Historical Hotel", Where: titleWhere},
				{Field: "description_words", Want: "175", Where: descWhere},
				{Field: "property_type", Want: "Hotel", Where: typeWhere},
				{Field: "city", Want: "Lisboa", Where: cityWhere + ` (JSON-LD addressLocality is "Largo do Corpo Santo, no 25, 1200-129 Lisboa")`},
				{Field: "country", Want: "Portugal", Where: `JSON-LD address.addressCountry; breadcrumb`},
				{Field: "coordinates", Want: "38.707323945316915,-9.142007678747177", Where: geoWhere},
				{Field: "amenities", Want: "10", Partial: true, Where: amenWhere + ` (Estacionamento … Excecional pequeno-almoço)`},
				{Field: "amenity_names", Want: "Estacionamento|Acesso Wi-Fi gratuito|Transfer (aeroporto)|Quartos familiares|Quartos para não fumadores|Centro de fitness|Restaurante|Comodidades para fazer chá e café em todos os quartos|Bar|Excecional pequeno-almoço", Partial: true, Where: amenWhere},
				{Field: "photos", Want: "65", Where: photoWhere + ` ("mais 57 fotografias")`},
				{Field: "photo_captions", Want: "0", Where: capsWhere},
				{Field: "cover", Want: "870342852", Where: coverWhere},
				{Field: "rating", Want: "9.6/10", Where: rateWhere},
				{Field: "category_ratings", Want: "cleanliness=9.8,location=9.8,value=9.3", Where: catsWhere},
				{Field: "review_count", Want: "1406", Where: countWhere},
				{Field: "check_in", Want: "15:00-00:00", Where: inWhere + ` "Check-in: Das 15:00 às 00:00"`},
				{Field: "check_out", Want: "07:00-12:00", Where: outWhere + ` "Check-out: Das 07:00 às 12:00"`},
				{Field: "pets", Want: "no", Where: petsWhere + ` "Animais de estimação: não admitidos."`},
				{Field: "language", Want: "pt", Where: langWhere + ` (pt-pt)`},
				{Field: "house_rules", Want: "No momento do check-in, os hóspedes têm de apresentar um documento de identificação com fotografia e um cartão de crédito|Terá de informar a sua hora de chegada com antecedência ao alojamento.|Não há restrições de idade para fazer check-in|Ao reservar mais de 4 quartos, poderão aplicar-se condições diferentes e custos adicionais.", Where: rulesWhere},
				{Field: "price", Absent: true, Where: absentWhere["price"]},
				{Field: "guests", Absent: true, Where: absentWhere["guests"]},
				{Field: "bedrooms", Absent: true, Where: absentWhere["bedrooms"]},
				{Field: "beds", Absent: true, Where: absentWhere["beds"]},
				{Field: "baths", Absent: true, Where: absentWhere["baths"]},
				{Field: "response_rate", Absent: true, Where: absentWhere["response_rate"]},
				{Field: "smoking", Absent: true, Where: absentWhere["smoking"]},
				{Field: "parties", Absent: true, Where: absentWhere["parties"]},
			}},
	)
}

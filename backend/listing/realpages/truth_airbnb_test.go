package realpages_test

import "sort"

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
			{Field: "amenity_names", Want: "Kitchen|Wireless Internet|Hair dryer|TV|Laptop friendly workspace|Iron|Essentials|Shampoo|Washer|Hangers|Heating|Smoke detector|Carbon monoxide detector|Private entrance",
				Where: "listing.listing_amenities[].name with is_present true (the 60 others, with accessibility duplicates such as \"Step-free access\" ×4, are the catalogue's unticked entries: which of them the 2018 page showed as not included cannot be read from the saved data, so no amenity_names_missing fact)"},
			{Field: "house_rules", Want: "Not safe or suitable for children (2-12 years)", Where: "guest_controls.structured_house_rules_with_tips: the one rule no typed field holds (are_children_allowed); additional_house_rules is \"\""},
			{Field: "response_rate", Want: "98", Where: "primary_host.response_rate_without_na \"98%\""},
			{Field: "response_time", Want: "within a few hours", Where: "primary_host.response_time_without_na"},
			{Field: "highlights", Absent: true, Where: "listing highlights: [] (2018 had no highlights section)"},
			{Field: "price", Absent: true, Where: "no dates chosen: no price shown; the meta description's \"Entire home/flat for £80\" is a search blurb"},
		}},
		Page{File: "airbnb/airbnb-2025-flyingmermaidd.html", URL: "https://www.airbnb.ca/rooms/1035103363769989256", Facts: []Fact{
			{Field: "title", Want: "Luxury Stay at Friday Harbour Resort Lake Simcoe", Where: "[data-section-id=TITLE_DEFAULT] h1; <title>; og:description"},
			{Field: "description_words", Want: "197", Where: `[data-section-id=DESCRIPTION_DEFAULT] text: the whole description, clamped by CSS (-webkit-line-clamp); its "Show more" opens the same text`},
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
			{Field: "amenity_names", Want: "Courtyard view|Beach access – Beachfront|Kitchen|Wifi|Free parking on premises", Partial: true, Where: `AMENITIES_DEFAULT: the 5 shown above "Show all 65 amenities"`},
			{Field: "highlights", Want: "Top 10% of homes|Dive right in|Free cancellation before Aug 6", Where: `HIGHLIGHTS_DEFAULT "Listing highlights": three headings, each with a line under it`},
			{Field: "response_rate", Want: "100", Where: `MEET_YOUR_HOST "Host details": "Response rate: 100%"`},
			{Field: "response_time", Want: "within an hour", Where: `MEET_YOUR_HOST "Responds within an hour"`},
			{Field: "house_rules", Absent: true, Where: `POLICIES_DEFAULT "House rules": only "Check-in after 3:00 p.m.", "Checkout before 11:00 a.m.", "2 guests maximum", then a "Show more" button (the rest is in a modal not saved)`},
			{Field: "coordinates", Absent: true, Where: "LOCATION_DEFAULT has a map image but no lat/lng; no JSON-LD; the deferred state is the homepage's"},
			{Field: "category_ratings", Absent: true, Where: "REVIEWS_DEFAULT shows the overall rating only; no category scores in the DOM"},
		}},
		Page{File: "airbnb/airbnb-2025-mehfius-arraial-raw.html", URL: "https://www.airbnb.com.br/rooms/756587219584104742", Facts: niobeBR(brFacts{
			title: "Arraial do Cabo | Pé na Areia 2 -Praia de Figueira", words: "257", sections: "O espaço|Acesso do hóspede|Outras observações",
			guests: "5", bedrooms: "2", beds: "3", baths: "1", city: "Arraial do Cabo", region: "Rio de Janeiro", coords: "-22.94679,-42.16154",
			amenities: "52", missing: "5", photos: "27", captions: "6", cover: "72c5eeda", rating: "4.98/5",
			cats: "accuracy=4.94,check_in=5,cleanliness=4.96,communication=4.98,location=4.79,value=4.94", reviews: "101",
			host: "Luiz", superhost: "yes", checkIn: "09:00", checkOut: "14:00", max: "5", pets: "yes", smoking: "no", parties: "no",
			amenNames:    "Vista para a praia|Vista para o oceano|Vista para o mar|Produtos de limpeza|Xampu|Condicionador|Sabonete para o corpo|Chuveiro externo|Água quente|Máquina de lavar na acomodação por Gratuito|Roupa de cama|Cobertores e travesseiros extras|Blackout nas cortinas|Ferro de passar|Varal para secar roupas|Conexão à Ethernet|TV de alta definição de 32 polegadas com Amazon Prime Video, HBO Max, Netflix|Ar-condicionado split|Ventilador de teto|Câmeras de segurança na parte externa da propriedade|Wi-Fi|Cozinha|Geladeira Consul|Microondas|Itens básicos de cozinha|Louças e talheres|Freezer|Fogão a gás Other|Chaleira de água quente|Taças de vinho|Torradeira|Assadeira|Liquidificador|Utensílios para churrasco|Mesa de jantar|Vista para as águas|Acesso particular à praia|Entrada privada|Pátio ou varanda (Privativa)|Quintal privado — totalmente cercado|Móveis externos|Rede|Área de jantar externa|Churrasqueira|Itens básicos de praia|Garagem residencial gratuita na propriedade: 1 vaga|Casa térrea|Permitido animais|Estadias de longa duração são permitidas|Self check-in|Cofre de chaves|Serviços de limpeza disponíveis das 10:00 às 16:00, todos os dias disponível a um custo extra",
			missingNames: "Secadora|Básico|Detector de fumaça|Alarme de monóxido de carbono|Aquecimento",
			highlights:   "Self check-in|Luiz é um Superhost|Amigos de quatro patas são bem-vindos",
			rules:        "Self check-in com cofre de chaves|Como medida de segurança solicitamos|os seguintes documentos dos hóspedes.|Responsável pela reserva:|RG / CNH (documento digital ou foto legível)|Endereço completo do responsável da reserva|Placa, modelo e cor do veículo (apenas os dados)|Demais hóspedes:|Esses dados devem ser enviados no mínimo um dia antes antes do check-in.|Certifique-se de informar o número correto de|pessoas que se hospedarão.|À partir do 3º hóspede é cobrado um valor adicional.|Visitas não são permitidas.|Se no momento do check-in identificarmos uma diferença no número de hóspedes informado na reserva será cobrado o valor adicional por noite para cada hóspede via Airbnb.",
			rate:         "100", respTime: "em até 1 hora",
			absent: map[string]string{"price": "no price: no dates chosen; no structuredDisplayPrice or priceString in the state"},
		})},
		Page{File: "airbnb/airbnb-2025-mehfius-loft-rendered.html", URL: "https://www.airbnb.com.br/rooms/884287328619193704", Facts: niobeBR(brFacts{
			title: "Loft master as pontes hidro e piscina", words: "76", sections: "O espaço|Outras observações",
			guests: "2", bedrooms: "1", beds: "1", baths: "1", city: "Arraial do Cabo", region: "Rio de Janeiro", coords: "-22.97922,-42.01287",
			amenities: "10", missing: "9", photos: "8", cover: "d154c78a", rating: "4.88/5",
			cats: "accuracy=4.85,check_in=4.7,cleanliness=4.8,communication=4.88,location=4.78,value=4.83", reviews: "40",
			host: "Roana", superhost: "no", checkIn: "15:00 - 18:00", checkOut: "11:00", max: "2", pets: "yes", smoking: "yes", parties: "no",
			amenNames:    "Banheira|TV|Ar-condicionado|Wi-Fi|Cozinha|Estacionamento gratuito na rua|Piscina compartilhada|Jacuzzi|Permitido animais|Permitido fumar",
			missingNames: "Câmeras de segurança na parte externa da propriedade|Máquina de Lavar|Secador de cabelo|Básico|Detector de fumaça|Alarme de monóxido de carbono|Xampu|Entrada privada|Aquecimento",
			highlights:   "Aproveite para dar um mergulho",
			rules:        "Horário de silêncio: 22:00 - 08:00|Fotografia comercial permitida",
			rate:         "83", respTime: "em até um dia",
			absent: map[string]string{"price": "no price: no dates chosen; no structuredDisplayPrice or priceString in the state"},
		})},
		Page{File: "airbnb/airbnb-2025-mehfius-portoseguro-raw.html", URL: "https://www.airbnb.com.br/rooms/45592704", Facts: niobeBR(brFacts{
			title: "Casa em Porto Seguro na praia de Taperapuan", words: "240", sections: "O espaço|Acesso do hóspede|Outras observações",
			guests: "8", bedrooms: "2", beds: "6", baths: "3", city: "Taperapuã", region: "Bahia", coords: "-16.38975,-39.04063",
			amenities: "40", missing: "5", photos: "54", captions: "39", cover: "cfef4963", rating: "4.93/5",
			cats: "accuracy=4.98,check_in=5,cleanliness=4.89,communication=4.98,location=4.84,value=4.88", reviews: "56",
			host: "Amanda", superhost: "yes", checkIn: "15:00", checkOut: "11:00", max: "8", pets: "yes", smoking: "no", parties: "no",
			amenNames:    "Vista para o jardim|Vista para a piscina|Secador de cabelo|Chuveiro externo|Água quente|Básico|Cabides|Roupa de cama|Blackout nas cortinas|Ferro de passar|Varal para secar roupas|Local para guardar as roupas: guarda-roupa|TV|Ar-condicionado|Ventilador de teto|Câmeras de segurança na parte externa da propriedade|Wi-Fi|Cozinha|Refrigerador|Microondas|Louças e talheres|Fogão a gás|Forno|Cafeteira: cafeteira elétrica|Liquidificador|Mesa de jantar|Acesso à praia compartilhado|Pátio ou varanda (Privativa)|Quintal privado — totalmente cercado|Churrasqueira: a carvão|Estacionamento gratuito na propriedade: 1 vaga|Estacionamento gratuito na rua|Piscina compartilhada|Sauna compartilhada|Permitido animais|É permitido deixar as malas|Estadias de longa duração são permitidas|Self check-in|Funcionários do edifício|Serviços de limpeza disponíveis 8 horas por dia disponível a um custo extra",
			missingNames: "Máquina de Lavar|Secadora|Detector de fumaça|Alarme de monóxido de carbono|Aquecimento",
			highlights:   "Aproveite para dar um mergulho|Self check-in|Vista: o jardim",
			rules:        "Self check-in com equipe do edifício|Horário de silêncio: 22:00 - 06:00|Fotografia comercial permitida|Proibidas festas, som alto, bagunça e a utilização de copos e/ou outros utensílios de vidro na área da piscina.|Proibido barulho que incomode terceiros das 22h às 6h.|Os hóspedes são responsáveis por lavar as louças e utensílios de cozinha.|Proibido fumar dentro da casa para evitar danos à rouparia, colchões, estofados e outros, evitando portanto, a necessidade de ressarcimento.|Haverá cobrança do valor de bens (eletrodomésticos , eletronicos e outros) quebrados ou danificados durante a estadia por mau uso.",
			rate:         "100", respTime: "em até 1 hora",
			absent: map[string]string{"price": "no price: no dates chosen; no structuredDisplayPrice or priceString in the state"},
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-br-rio-1.html", URL: "https://www.airbnb.com/rooms/1715357532731129387", Facts: niobe2026(facts2026{
			title: "Apê IPA | Elegância Carioca em Ipanema", titleWhere: `node.pdpPresentation.title.content.source (the page shows Airbnb's translation "IPA Apartment | Carioca Elegance in Ipanema" in h1, <title>, og, JSON-LD)`,
			words: "426", wordsWhere: "pdpPresentation.descriptions.longDescriptionHtml.source (the Portuguese original; the English translation has 415)", sections: "The space",
			ptype: "Rental unit", room: "entire", guests: "4", bedrooms: "1", beds: "2", baths: "1", city: "Rio de Janeiro", region: "Rio de Janeiro", country: "Brazil",
			coords: "-22.9855,-43.2076", amenities: "30", missing: "3", photos: "16", cover: "b042e1ac", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", reviews: "1",
			host: "Sambastay", superhost: "no", gf: "no", checkIn: "3:00 PM", max: "4", pets: "no", smoking: "no", parties: "no",
			lang: "pt", langWhere: "node.metadataDescription.summary.sourceLocale pt; the host's title and description are Portuguese",
			amenNames:    "Hair dryer|Outdoor shower|Hot water|Essentials|Bed linens|Room-darkening shades|Iron|Clothing storage|TV|Exercise equipment|Air conditioning|Heating|Smoke alarm|Carbon monoxide alarm|Fire extinguisher|Wifi|Dedicated workspace|Kitchen|Microwave|Cooking basics|Dishes and silverware|Other stove|Coffee maker|Sun loungers|Pool|Elevator|Gym|Doorman|Self check-in|Smart lock",
			missingNames: "Washer|Shampoo|Private entrance",
			highlights:   "Dive right in|Self check-in|Vibrant neighborhood",
			rules:        "Self check-in with smart lock",
			rate:         "100", respTime: "within an hour",
			absent: map[string]string{"price": np26, "check_out": "PoliciesSection: \"Checking in and out\" has only \"Check-in after 3:00 PM\" and self check-in; no checkout time anywhere in the state"},
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
			amenNames:    "Hair dryer|Body soap|Hot water|Free washer – In unit|Free dryer – In unit|Hangers|Bed linens|Extra pillows and blankets|Room-darkening shades|Iron|Drying rack for clothing|Clothing storage: wardrobe|Ethernet connection|32 inch HDTV|Air conditioning|Ceiling fan|Smoke alarm|Carbon monoxide alarm|Wifi|Dedicated workspace|Kitchen|HiSense refrigerator|Cooking basics|Dishes and silverware|Mini fridge|Brastemp stainless steel gas stove|Oven|Hot water kettle|Coffee maker|Wine glasses|Toaster|Dining table|Laundromat nearby|Shared patio or balcony|Elevator|Luggage dropoff allowed|Long term stays allowed|Self check-in|Keypad|Cleaning available during stay",
			missingNames: "Lock on bedroom door|Exterior security cameras on property|Essentials|Heating",
			highlights:   "Self check-in|Vibrant neighborhood|Room in a rental unit",
			rules:        "Self check-in with keypad|Quiet hours: 11:00 PM - 7:00 AM|No commercial photography|Please remember to turn the air conditioner or ceiling fan off when leaving the room.|Visitors will only be allowed if advised beforehand and will be required to provide some form of identity.|Smoking is not allowed in the apartment",
			rate:         "100", respTime: "within an hour",
			absent: map[string]string{"price": np26},
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", URL: "https://www.airbnb.com/rooms/1704906788837184002", Facts: niobe2026(facts2026{
			title: "New Cozy 1 Bedroom Apartment", titleWhere: "pdpPresentation.title.content (source = localizedString); <title>; og:description",
			words: "163", wordsWhere: "pdpPresentation.descriptions.longDescriptionHtml.source (the host's Spanish; the English translation has 167)",
			sections: "The space|Other things to note|Registration Details",
			ptype:    "Rental unit", room: "entire", guests: "3", bedrooms: "1", beds: "1", baths: "1", city: "Barcelona", region: "Catalonia", country: "Spain",
			coords: "41.3728,2.1561", amenities: "42", missing: "1", photos: "32", cover: "cf86ba69", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=4.88,value=4.88", reviews: "8",
			host: "BCNMonthly", superhost: "no", gf: "no", checkIn: "3:00 PM - 12:00 AM", checkOut: "10:00 AM", max: "3", pets: "yes", smoking: "no", parties: "no",
			lang: "es", langWhere: "the host's description (longDescriptionHtml.source) is Spanish; the title is English",
			amenNames:    "Hair dryer|Shampoo|Conditioner|Body soap|Hot water|Washer|Dryer|Bed linens|Room-darkening shades|Iron|Drying rack for clothing|Clothing storage|TV|Crib|Air conditioning|Heating|Exterior security cameras on property|Smoke alarm|Carbon monoxide alarm|Fire extinguisher|Wifi|Kitchen|Refrigerator|Microwave|Cooking basics|Dishes and silverware|Freezer|Dishwasher|Stove|Oven|Coffee maker|Wine glasses|Toaster|Dining table|Coffee|Private entrance|Elevator|Paid parking off premises|Single level home|Pets allowed|Self check-in|Smart lock",
			missingNames: "Essentials",
			highlights:   "Self check-in|Unbeatable location|Exceptional host communication",
			rules:        "Self check-in with smart lock|No parties permitted.|No smoking|No candles allowed|Throw trash away|Turn things off",
			rate:         "100", respTime: "within an hour",
			absent: map[string]string{"price": np26},
		})},
		Page{File: "airbnb/airbnb-2026-listingproof-it-roma-1.html", URL: "https://www.airbnb.com/rooms/1736387261430847289", Facts: niobe2026(facts2026{
			title: "Claire de Lune Luxury 200mq next to Navona square", titleWhere: "pdpPresentation.title.content (source = localizedString); <title>; og:description",
			words: "312", sections: "The space|Guest access|Registration Details",
			ptype: "Rental unit", room: "entire", guests: "5", bedrooms: "2", beds: "3", baths: "2", city: "Rome", region: "Lazio", country: "Italy",
			coords: "41.8974,12.4724", amenities: "37", missing: "3", photos: "27", cover: "bca39785", rating: "5/5",
			cats: "accuracy=5,check_in=5,cleanliness=5,communication=5,location=5,value=5", reviews: "1",
			host: "Advena Experience", superhost: "yes", gf: "no", checkIn: "3:00 PM - 8:00 PM", checkOut: "10:00 AM", max: "5", pets: "no", smoking: "no",
			lang: "en", langWhere: "<html lang=en>; title and description are English as written (source = localizedString)",
			amenNames:    "Bathtub|Hair dryer|Bidet|Hot water|Washer|Dryer|Essentials|Hangers|Bed linens|Iron|Drying rack for clothing|Clothing storage|TV|Crib|Pack ’n play/Travel crib|Air conditioning|Heating|Wifi|Dedicated workspace|Kitchen|Refrigerator|Microwave|Cooking basics|Freezer|Dishwasher|Stove|Oven|Hot water kettle|Coffee maker|Wine glasses|Dining table|Coffee|Private entrance|Paid parking garage off premises|Single level home|Long term stays allowed|Host greets you",
			missingNames: "Exterior security cameras on property|Smoke alarm|Carbon monoxide alarm",
			highlights:   "Vibrant neighborhood|Advena Experience is a Superhost",
			rules:        "Quiet hours: 11:00 PM - 7:00 AM|No commercial photography|Check-in and check-out|Standard check-in is available from 3:00 PM to 8:00 PM and is carried out in person.|Late arrivals are subject to the following fees, payable directly to the check-in operator:|8:00 PM–10:00 PM: €25|10:00 PM–12:00 AM: €45|Arrivals after midnight must be agreed upon in advance and may not always be possible. Please share your expected arrival time and keep us updated in case of delays.|Check-out is by 10:00 AM, unless otherwise agreed in writing.|Guests and visitors|The apartment accommodates a maximum of 5 registered guests. For legal and safety reasons, all guests must provide a valid identification document before or upon arrival.|Unregistered overnight guests, parties, events and gatherings are not permitted.|Keys and entrance|Please always take the keys with you when leaving the apartment and make sure the street entrance is properly locked.|Never leave a key inserted in the lock on the inside of the door, as this may prevent the apartment from being opened from outside.|Lost keys, keys forgotten inside the apartment or keys left inside the lock may require emergency assistance from a member of staff or a locksmith. Any related call-out, replacement, lock or locksmith costs will be charged to the guest.|Please do not duplicate the keys or share them with anyone who is not included in the reservation.|Noise and neighbourhood|Please respect the neighbours and keep noise to a minimum, especially between 10:00 PM and 8:00 AM.|Music, television and conversations should be kept at a reasonable volume. Please avoid making noise on the internal staircase or outside the entrance, particularly late at night.|Smoking|Smoking, including electronic cigarettes, is not permitted anywhere inside the apartment. As the property has no outdoor space, guests must leave the building to smoke.|Additional cleaning or deodorising costs may be charged if this rule is not respected.|Air conditioning and energy use|Air conditioning is available in the two bedrooms only; the living and dining areas are not air-conditioned.|Please keep windows and bedroom doors closed while the air conditioning is operating. Switch off all air-conditioning units and lights whenever you leave the apartment.|Care of the property|Please treat the furniture, decorative objects, appliances and historic finishes with care. Do not move furniture or use indoor furnishings for purposes other than those intended.|Any damage, malfunction or maintenance issue should be reported immediately so that we can assist and prevent further damage. Guests may be held responsible for damage caused during their stay.|Kitchen and bathrooms|Do not leave the hob, oven or other cooking appliances unattended. Please switch off all appliances after use.|Only toilet paper may be flushed. Wipes, cotton pads, sanitary products, nappies, food and other objects must be placed in the appropriate waste bin. Any plumbing intervention caused by improper use may be charged to the guest.|Before departure|Before checking out, please:|switch off the air conditioning, lights and appliances;|close all windows;|ensure that taps are fully turned off;|leave the apartment reasonably tidy;|dispose of waste according to the instructions provided;|follow the key-return instructions given by our team.|Thank you for helping us preserve this distinctive Roman residence and ensuring a pleasant stay for everyone.|Gather used towels|Turn things off|Return keys",
			rate:         "100", respTime: "within an hour",
			absent: map[string]string{"price": np26},
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
			amenNames:    "Hair dryer|Cleaning products|Shampoo|Body soap|Bidet|Hot water|Shower gel|Free washer – In unit|Essentials|Hangers|Bed linens|Extra pillows and blankets|Room-darkening shades|Iron|Drying rack for clothing|Clothing storage: wardrobe and dresser|Ethernet connection|TV|Crib - always at the listing|Pack ’n play/Travel crib - always at the listing|Standalone high chair - always at the listing|Fireplace guards|AC - split type ductless system|Indoor fireplace: electric|Portable heater|Heating - split type ductless system|Carbon monoxide alarm|Fire extinguisher|First aid kit|Fast wifi – 754 Mbps|Dedicated workspace|Kitchen|Refrigerator|Microwave|Cooking basics|Dishes and silverware|Mini fridge|Freezer|Other induction stove|Oven|Hot water kettle|Coffee maker: Nespresso|Wine glasses|Toaster|Baking sheet|Dining table|Free street parking|Paid parking on premises|Single level home|Self check-in|Smart lock",
			missingNames: "Exterior security cameras on property|Dryer|Smoke alarm",
			highlights:   "Top 5% of homes|Self check-in|Vibrant neighborhood",
			rules:        "Self check-in with smart lock|Apartment located on the 3rd floor without an elevator|- Check-in from 3:00 PM / Check-out up to 11:00 AM.|- Ability to self check-in|- Bed sizes: 1 king-size bed (180x200 cm) + queen-size bed (double bed 160x190).|If the apartment keys are lost, the guest will be required to pay a €70 fee to cover the cost of replacing them.|Turn things off|Return keys",
			rate:         "100", respTime: "within an hour",
			absent: map[string]string{"price": np26, "smoking": "PoliciesSection has no smoking item and the host's rules say nothing of smoking", "parties": "PoliciesSection has no parties item and the host's rules say nothing of parties"},
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
			{Field: "amenity_names", Want: "TV|Aria condizionata|Serratura della porta della camera da letto|Allarme antincendio|Estintore|Kit di primo soccorso|Wifi|Zona pranzo all'aperto|Parcheggio a pagamento in loco|Self check-in|Cassetta per le chiavi", Where: "pdpPresentation.amenities.seeAllAmenitiesGroups[].amenities[].title, available true"},
			{Field: "amenity_names_missing", Want: "Telecamere di sorveglianza esterne presenti nella proprietà|Cucina|Lavatrice|Asciugatrice|Servizi di base|Rilevatore di monossido di carbonio|Riscaldamento|Acqua calda", Where: `seeAllAmenitiesGroups group "Non incluso"`},
			{Field: "highlights", Want: "Stanza in casa|Self check-in|Ottima posizione|Pulizia impeccabile", Where: "pdpPresentation highlights[] (ListingPdpHighlight) headline.localizedContent"},
			{Field: "house_rules", Want: "Self check-in con cassetta delle chiavi", Where: `PoliciesSection.houseRulesSections "Check-in e check-out": the one item no typed field holds`},
			{Field: "response_rate", Want: "100", Where: `MeetYourHostSection hostDetails "Tasso di risposta: 100%"`},
			{Field: "response_time", Want: "entro un'ora", Where: `MeetYourHostSection hostDetails "Risponde entro un'ora"`},
			{Field: "check_in", Absent: true, Where: `PoliciesSection "Check-in e check-out" has only "Self check-in con cassetta delle chiavi": no time`},
			{Field: "check_out", Absent: true, Where: `PoliciesSection: no checkout time`},
			{Field: "price", Absent: true, Where: "no dates chosen; no structuredDisplayPrice or priceString in the state"},
		}},
	)
}

// brFacts are the fields the three Brazilian pages of March 2025 share.
type brFacts struct {
	title, words, sections, guests, bedrooms, beds, baths, city, region, coords string
	amenities, missing, photos, captions, cover, rating, cats, reviews          string
	host, superhost, checkIn, checkOut, max, pets, smoking, parties             string
	amenNames, missingNames, highlights, rules, rate, respTime                  string
	// known marks a field the readers get wrong today (Fact.Known).
	known map[string]string
	// absent are fields the page does not show, each with where a person
	// looked (Fact.Absent).
	absent map[string]string
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
	fs = append(fs,
		Fact{Field: "amenity_names", Want: b.amenNames, Where: "AmenitiesSection.seeAllAmenitiesGroups[].amenities[].title, available true (the modal \"Mostrar todas as N comodidades\")"},
		Fact{Field: "amenity_names_missing", Want: b.missingNames, Where: "AmenitiesSection group \"Não incluso\": amenities[].title, available false"},
		Fact{Field: "highlights", Want: b.highlights, Where: "sections[PdpHighlightsSection].highlights[].title (PdpHighlight)"},
		Fact{Field: "house_rules", Want: b.rules, Where: "PoliciesSection.houseRulesSections items without a typed rule (self check-in, quiet hours with its subtitle, photography) and every line of \"Regras adicionais\" html"},
		Fact{Field: "response_rate", Want: b.rate, Where: "MeetYourHostSection hostDetails \"Taxa de resposta: N%\""},
		Fact{Field: "response_time", Want: b.respTime, Where: "MeetYourHostSection hostDetails \"Responde em até …\""},
	)
	return withKnown(withAbsent(fs, b.absent), b.known)
}

// withAbsent adds a fact for each field the page does not show.
func withAbsent(fs []Fact, absent map[string]string) []Fact {
	var keys []string
	for k := range absent {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fs = append(fs, Fact{Field: k, Absent: true, Where: absent[k]})
	}
	return fs
}

// withKnown marks the facts of fields known wrong today.
func withKnown(fs []Fact, known map[string]string) []Fact {
	for i := range fs {
		if k, ok := known[fs[i].Field]; ok {
			fs[i].Known = k
			delete(known, fs[i].Field)
		}
	}
	for f := range known {
		panic("known mark for a field the page has no fact of: " + f)
	}
	return fs
}

// np26 is where a person looked for a price on the pages of 2026.
const np26 = "no price: no dates chosen; no structuredDisplayPrice or priceString in the state, no JSON-LD offers"

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
	amenNames, missingNames, highlights, rules, rate, respTime            string
	known, absent                                                         map[string]string
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
	fs = append(fs,
		Fact{Field: "amenity_names", Want: p.amenNames, Where: "pdpPresentation.amenities.seeAllAmenitiesGroups[].amenities[].title, available true"},
		Fact{Field: "amenity_names_missing", Want: p.missingNames, Where: "seeAllAmenitiesGroups group \"Not included\": amenities[].title, available false"},
		Fact{Field: "highlights", Want: p.highlights, Where: "pdpPresentation highlights[] (ListingPdpHighlight) headline.localizedContent (the host's own StaysPdpHostHighlight lines are about the host, not the listing)"},
		Fact{Field: "house_rules", Want: p.rules, Where: "sections[PoliciesSection].houseRulesSections items without a typed rule (self check-in, quiet hours with its subtitle, photography, \"Before you leave\") and every line of the \"Additional rules\" html"},
		Fact{Field: "response_rate", Want: p.rate, Where: "pdpPresentation.hostInfo responseRateText \"Response rate: 100%\""},
		Fact{Field: "response_time", Want: p.respTime, Where: "pdpPresentation.hostInfo responseTimeText \"Responds within an hour\""},
	)
	return withKnown(withAbsent(fs, p.absent), p.known)
}

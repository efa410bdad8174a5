package analysis

import "testing"

// Amenity names in the languages we read resolve to the same amenities as
// their English names.
func TestCanonicalAmenityInOtherLanguages(t *testing.T) {
	for name, want := range map[string]string{
		"Cozinha":                 "kitchen",
		"Ar-condicionado split":   "air_conditioning",
		"Roupa de cama":           "bed_linens",
		"Máquina de lavar":        "washer",
		"Máquina de lavar louça":  "dishwasher",
		"Secador de cabelo":       "hair_dryer",
		"Lavatrice":               "washer",
		"Aria condizionata":       "air_conditioning",
		"Biancheria da letto":     "bed_linens",
		"Rilevatore di fumo":      "smoke_alarm",
		"Cucina":                  "kitchen",
		"Lave-linge":              "washer",
		"Détecteur de fumée":      "smoke_alarm",
		"Klimaanlage":             "air_conditioning",
		"Waschmaschine":           "washer",
		"Aire acondicionado":      "air_conditioning",
		"Κλιματισμός":             "air_conditioning",
		"Πλυντήριο ρούχων":        "washer",
		"Estacionamento gratuito": "free_parking",
		"Wasmachine":              "washer",
	} {
		if got := CanonicalAmenity(name); got != want {
			t.Errorf("%q = %q, want %q", name, got, want)
		}
	}
}

// Captions in other languages count the rooms they show.
func TestPhotoRoomsInOtherLanguages(t *testing.T) {
	for caption, room := range map[string]int{
		"Quarto 1": 0, "Banheiro completo": 1, "Cozinha completa": 2, "Sala de estar": 3, "Varanda com vista": 4,
		"Camera da letto matrimoniale": 0, "Bagno con doccia": 1, "Cucina attrezzata": 2, "Soggiorno": 3, "Vista mare": 5,
		"Υπνοδωμάτιο": 0, "Salle de bain": 1,
	} {
		if got := photoRoomsOf(caption); !got[room] {
			t.Errorf("%q: rooms %v, want %s", caption, got, photoRooms[room].Name)
		}
	}
	if got := photoRoomsOf("Lit fireplace in winter"); got[0] {
		t.Errorf("an English caption read as a bedroom: %v", got)
	}
}

// Titles in other languages name their place type and area.
func TestTitleWordsInOtherLanguages(t *testing.T) {
	l := photoListing()
	for title, want := range map[string][2]bool{
		"Casa em Porto Seguro na praia de Taperapuan": {true, true},
		"Monolocale vicino al centro storico":         {true, true},
		"Appartement près de la plage":                {true, true},
		"Διαμέρισμα κοντά στην παραλία":               {true, true},
	} {
		a := AnalyzeTitle(title, l, Features{}, false)
		if (a.PropertyType != "") != want[0] || (a.Location != "") != want[1] {
			t.Errorf("%q: place type %q, area %q", title, a.PropertyType, a.Location)
		}
		if a.Findings.Has("title.no_property_type") || a.Findings.Has("title.no_location") {
			t.Errorf("%q: %+v", title, a.Findings)
		}
	}
}

package prose

import "testing"

// TestStemTextForms: a word is found in the forms its language gives it,
// and not in a word that only begins like it. Each row is a hand-written
// pair of the text and the subject as a list or a page writes it.
func TestStemTextForms(t *testing.T) {
	for _, c := range []struct {
		lang, text, subject string
		want                bool
	}{
		// Greek: genitive and plural of the first declension, second
		// declension's genitive, accents and capitals folded
		{"el", "Διαμέρισμα στο κέντρο της Αθήνας", "Αθήνα", true},
		{"el", "ΤΑ ΚΑΛΥΤΕΡΑ ΤΗΣ ΑΘΗΝΑΣ", "Αθήνα", true},
		{"el", "οι Αθήνες του χθες", "Αθήνα", true},
		{"el", "Σπίτι του Λονδίνου", "Λονδίνο", true},
		{"el", "Κοντά στην Πλάκα", "Πλάκας", true},
		{"el", "Διαμέρισμα με θέα", "Αθήνα", false},
		{"el", "Η θέα του διαμερίσματος", "διαμέρισμα", true},
		{"el", "Δύο σπίτια στην παραλία", "σπίτι", true},
		// German genitive and the city adjective
		{"de", "Im Herzen Berlins", "Berlin", true},
		{"de", "Mitten im Berliner Kiez", "Berlin", true},
		{"de", "Die Altstadt Münchens", "München", true},
		{"de", "Wohnung in Bern", "Berlin", false},
		// English possessive (the apostrophe is dropped by Words)
		{"en", "Denver's best loft", "Denver", true},
		{"en", "Two flats downtown", "flat", true},
		{"en", "Denton loft", "Denver", false},
		// Romance gender and number
		{"pt", "Duas piscinas aquecidas", "piscina", true},
		{"it", "Case vacanza sul lago", "casa", true},
		{"it", "Roma centro", "Rome", true},
		{"es", "Apartamentos turísticos", "apartamento", true},
		{"fr", "Deux gîtes au calme", "gîte", true},
		{"fr", "Vue sur les canaux", "canal", true},
		{"pt", "Perto de duas estações de metrô", "estação", true},
		{"es", "Cerca de dos estaciones", "estación", true},
		{"de", "Zwei Häuser am See", "Haus", true},
		{"pt", "Duas garagens cobertas", "garagem", true},
		// too short to cut: "Rio" is not "Rima", "Bari" not "Barra"
		{"pt", "Casa na Rima", "Rio", false},
		{"it", "Spiaggia di Barra", "Bari", false},
		// a phrase's words each in their forms, in order
		{"pt", "Perto das praias do Forte", "praia do forte", true},
		{"pt", "Forte da praia", "praia do forte", false},
	} {
		if got := NewStems(c.lang, c.text).Has(c.subject); got != c.want {
			t.Errorf("%s %q has %q = %v, want %v", c.lang, c.text, c.subject, got, c.want)
		}
	}
}

// TestStemListFirstOf: a compiled list finds its first phrase in any form.
func TestStemListFirstOf(t *testing.T) {
	sl := CompileStems("pt", []string{"vista mar", "piscina", "varanda"})
	if p, ok := NewStems("pt", "Varandas e piscinas").FirstOf(sl); !ok || p != "piscina" {
		t.Errorf("FirstOf = %q %v, want piscina", p, ok)
	}
	if _, ok := NewStems("pt", "Quarto simples").FirstOf(sl); ok {
		t.Error("found a phrase the text does not have")
	}
}

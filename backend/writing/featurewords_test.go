package writing

import "testing"

// TestHostFeatureWords: a feature word is the host's only where the host
// says it of the place — never inside a proper name, never in a rule about
// noise, in any language we read. Hand-written sentences, hand-labelled.
func TestHostFeatureWords(t *testing.T) {
	for _, tc := range []struct {
		title, desc string
		word        string
		want        bool
	}{
		{"Modern Loft in Alfama", "", "modern", true},
		{"", "A modern flat with a view.", "modern", true},
		{"", "Modern flat, two bedrooms.", "modern", true},
		{"", "Steps from the Museum of Modern Art.", "modern", false},
		{"", "Walk to the Modern Art Museum in ten minutes.", "modern", false},
		{"Loft near the Museum of Modern Art", "", "modern", false},
		{"", "Quiet hours: 10 PM - 8 AM.", "quiet", false},
		{"", "Please keep quiet after 10pm.", "quiet", false},
		{"", "A quiet street, a quiet flat.", "quiet", true},
		{"", "Quiet street behind the market.", "quiet", true},
		{"", "Dinner at the Quiet Man Pub.", "quiet", false},
		{"", "Horas de silêncio (quiet) das 22h às 8h.", "quiet", false},
		{"", "Horas de silêncio das 22h às 8h. Quiet street.", "quiet", true}, // the rule is its own sentence
		{"", "Ore di silenzio dalle 22, quiet please.", "quiet", false},
		{"", "Heures de silence après 22h : quiet.", "quiet", false},
		{"", "Horas de silencio desde las 23, quiet.", "quiet", false},
		{"", "Cozy.", "cozy", true},
		{"", "Ruhezeiten ab 22 Uhr, quiet please.", "quiet", false},
		{"Cozy Studio", "", "cozy", true},
		{"", "A light-filled loft.", "light-filled", true},
	} {
		got := hostFeatureWords(tc.title, tc.desc)[tc.word]
		if got != tc.want {
			t.Errorf("hostFeatureWords(%q, %q)[%q] = %v; want %v", tc.title, tc.desc, tc.word, got, tc.want)
		}
	}
}

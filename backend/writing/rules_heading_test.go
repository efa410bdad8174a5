package writing

import (
	"testing"

	"github.com/listinglift/listinglift/backend/prose"
)

// TestSectionHeadingIsNoRule: a line titling the host's rules after it is no
// rule of its own; a short rule, a negation or a line with no sentence
// after it stays one. Hand-written in several languages.
func TestSectionHeadingIsNoRule(t *testing.T) {
	for _, tc := range []struct {
		line, next string
		heading    bool
	}{
		{"Guests and visitors", "The apartment accommodates a maximum of 5 registered guests.", true},
		{"Keys and entrance", "Please always take the keys with you.", true},
		{"Ospiti e visitatori", "L'appartamento ospita al massimo 5 ospiti registrati.", true},
		{"Ruhe und Nachbarschaft", "Bitte nehmen Sie Rücksicht auf die Nachbarn.", true},
		{"No pets and no parties", "Please respect the neighbours.", false},
		{"Não fumar e não fazer festas", "Obrigado pela compreensão.", false},
		{"Guests and visitors", "Keys and entrance", false},
		{"No commercial photography", "Check-out is by 10:00 AM.", false},
		{"Quiet hours: 22:00 and later", "Please be quiet.", false},
	} {
		if got := sectionHeading(tc.line, prose.Words(tc.line), tc.next); got != tc.heading {
			t.Errorf("%q before %q: heading %v, want %v", tc.line, tc.next, got, tc.heading)
		}
	}
}

// TestCheckOutWindowIsNoDeadline: a check-out given as a window ("06:00–11:00")
// is not written "check-out by 06:00–11:00"; a single time is.
func TestCheckOutWindowIsNoDeadline(t *testing.T) {
	for _, tc := range []struct {
		v    string
		bare bool
	}{{"11:00", true}, {"3:00 PM", true}, {"", true}, {"06:00–11:00", false}, {"3:00 PM - 8:00 PM", false}, {"From 15:00", false}} {
		if got := bareTime(tc.v); got != tc.bare {
			t.Errorf("bareTime(%q) = %v, want %v", tc.v, got, tc.bare)
		}
	}
}

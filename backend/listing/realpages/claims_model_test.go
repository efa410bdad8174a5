package realpages_test

import (
	"context"
	"fmt"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/plans"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/writing"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// claimWriter is one writer the claims test runs the reports with; check
// finds what is wrong with its copy beyond the claims every report is
// checked for.
type claimWriter struct {
	name   string
	writer writing.Writer // nil: the built-in writer
	check  func(r *report.Result) []claim
}

// writers are the built-in writer and the Gemini writer answered by the
// stand-in twice: with true copy (the built-in writer's own, which the
// fact checker must accept and label the model's) and with copy that
// invents — a count, amenities, a star claim, in the copy's language —
// which must never reach the report, whatever the label.
func writers(t *testing.T, l *listing.Listing) []claimWriter {
	t.Helper()
	f := analysis.ListingFeatures(l)
	req := writing.NewRequest(l, f, plans.Includes(domain.PlanPremium).TitleSuggestions, analysis.AnalyzeGuests(l, f, nil), analysis.AnalyzeDescription(l, f))
	honest, err := writing.Builtin{}.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Titles      []string `json:"titles"`
		Description string   `json:"description"`
		AmenityCopy string   `json:"amenity_copy"`
	}
	lie := invention(l)
	inventing := answer{
		Titles:      append(slices.Clone(lie.titles), honest.Titles...),
		Description: honest.Description + "\n\n" + lie.stars,
		AmenityCopy: lie.amenity,
	}
	model := func(out answer) writing.Writer {
		s := geminitest.New(t, geminitest.Answer(out))
		g, err := writing.NewGemini(context.Background(), writing.GeminiConfig{APIKey: geminitest.Key, Model: geminitest.Model, BaseURL: s.URL, Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	return []claimWriter{
		{name: "built-in writer", check: func(*report.Result) []claim { return nil }},
		{name: "model, true copy", writer: model(answer{honest.Titles, honest.Description, honest.AmenityCopy}), check: func(r *report.Result) []claim {
			var out []claim
			for _, part := range []string{writing.PartTitles, writing.PartDescription} {
				if part == writing.PartTitles && !writing.Renames(l) {
					// A registered name (Booking.com): no writer's titles.
					if len(r.TitleSuggestions) > 0 {
						out = append(out, claim{part, fmt.Sprintf("new names suggested for a registered property: %q", r.TitleSuggestions)})
					}
					continue
				}
				if !strings.HasPrefix(r.Writers[part], writing.NameGemini) {
					out = append(out, claim{part, fmt.Sprintf("true model copy refused by the fact checker (written by %q; notes %q)", r.Writers[part], r.WriterNotes)})
				}
			}
			return out
		}},
		{name: "model, inventing", writer: model(inventing), check: func(r *report.Result) []claim {
			var out []claim
			for _, t := range r.TitleSuggestions {
				if slices.Contains(lie.titles, t) {
					out = append(out, claim{t, "an invented title reached the report"})
				}
			}
			if strings.Contains(r.OptimizedDescription, lie.stars) {
				out = append(out, claim{lie.stars, "an invented star claim reached the description, labelled " + r.Writers[writing.PartDescription]})
			}
			if strings.Contains(r.AmenityCopy, lie.amenity) {
				out = append(out, claim{lie.amenity, "an invented amenity reached the amenity copy, labelled " + r.Writers[writing.PartAmenityCopy]})
			}
			return out
		}},
	}
}

// lie is copy that states what the listing does not, one invention per
// title and per part, so each check must catch its own: a guest count 31
// over the listing's, an amenity it lacks (a sauna, or a gym where it has
// a sauna) and a star claim, in the copy's language. The description
// carries the star claim, the amenity copy the amenity.
// reFiveStars finds a listing's own five-star claim, in the languages we
// write.
var reFiveStars = regexp.MustCompile(`(?i)\b(?:5|five|cinco|cinque|cinq|fünf)[- ]?(?:stars?|estrelas|estrellas|stelle|étoiles|sterne)\b`)

type lie struct {
	titles         []string
	amenity, stars string
}

func invention(l *listing.Listing) lie {
	n := max(l.Capacity, l.HouseRules.MaxGuests) + 31
	lang := "en"
	if listing.CopyLanguages[l.Language] {
		lang = l.Language.Code()
	}
	place := l.Location.City
	if place == "" {
		place = "town"
	}
	type words struct{ count, amenityTitle, amenity, starsTitle, stars string }
	w := map[string]words{
		"en": {"Home in %[2]s, Sleeps %[1]d Guests", "Home in %[2]s with a %[3]s", "The home has a %[3]s for guests.", "Five-Star Home in %[2]s", "A five-star stay."},
		"pt": {"Casa em %[2]s para %[1]d hóspedes", "Casa em %[2]s com %[3]s", "A casa tem %[3]s para os hóspedes.", "Casa cinco estrelas em %[2]s", "Uma estadia cinco estrelas."},
		"es": {"Casa en %[2]s para %[1]d huéspedes", "Casa en %[2]s con %[3]s", "La casa tiene %[3]s para los huéspedes.", "Casa de cinco estrellas en %[2]s", "Una estancia de cinco estrellas."},
		"it": {"Casa a %[2]s per %[1]d ospiti", "Casa a %[2]s con %[3]s", "La casa ha %[3]s per gli ospiti.", "Casa a cinque stelle a %[2]s", "Un soggiorno a cinque stelle."},
		"fr": {"Maison à %[2]s pour %[1]d voyageurs", "Maison à %[2]s avec %[3]s", "La maison a %[3]s pour les voyageurs.", "Maison cinq étoiles à %[2]s", "Un séjour cinq étoiles."},
		"de": {"Haus in %[2]s für %[1]d Gäste", "Haus in %[2]s mit %[3]s", "Das Haus hat %[3]s für die Gäste.", "Fünf-Sterne-Haus in %[2]s", "Ein Fünf-Sterne-Aufenthalt."},
	}[lang]
	amenity := map[string]string{"en": "sauna", "pt": "sauna", "es": "sauna", "it": "sauna", "fr": "sauna", "de": "Sauna"}[lang]
	if analysis.ListingFeatures(l).Has("sauna") {
		amenity = map[string]string{"en": "gym", "pt": "academia", "es": "gimnasio", "it": "palestra", "fr": "salle de sport", "de": "Fitnessraum"}[lang]
	}
	if reFiveStars.MatchString(l.Title + "\n" + l.Description) {
		// A five-star hotel may say so: the invented claim is an award.
		w.starsTitle = map[string]string{"en": "Award-Winning Home in %[2]s", "pt": "Casa premiada em %[2]s", "es": "Casa premiada en %[2]s",
			"it": "Casa premiata a %[2]s", "fr": "Maison primée à %[2]s", "de": "Preisgekröntes Haus in %[2]s"}[lang]
		w.stars = map[string]string{"en": "An award-winning stay.", "pt": "Uma estadia premiada.", "es": "Una estancia premiada.",
			"it": "Un soggiorno premiato.", "fr": "Un séjour primé.", "de": "Ein preisgekrönter Aufenthalt."}[lang]
	}
	f := func(format string) string { return fmt.Sprintf(format, n, place, amenity) }
	return lie{titles: []string{f(w.count), f(w.amenityTitle), f(w.starsTitle)}, amenity: f(w.amenity), stars: f(w.stars)}
}

package airbnb

import (
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestPresentationHighlights: a 2026 page keeps its highlights in
// pdpPresentation.highlights[] (ListingPdpHighlight), its sections'
// PdpHighlightsSection an empty stub. The headline is the highlight, in
// the page's language; the body under it is Airbnb's gloss, and the
// host's own lines (hostInfo.highlights, StaysPdpHostHighlight) are about
// the host.
func TestPresentationHighlights(t *testing.T) {
	hl := func(headline, body string) string {
		return `{"__typename":"ListingPdpHighlight","type":"LISTING_SELF_CHECKIN","headline":{"__typename":"LocalizedContent","localizedContent":"` + headline +
			`"},"body":{"__typename":"LocalizedContent","localizedContent":"` + body + `"}}`
	}
	host := `"hostInfo":{"highlights":[{"__typename":"StaysPdpHostHighlight","icon":"SYSTEM_BRIEFCASE","text":{"__typename":"LocalizedText","text":"My work: Hotelier"}}]}`
	cases := []struct {
		lang, pres string
		want       []string
	}{
		{"en", `{"highlights":[` + hl("Top 5% of homes", "This home is highly ranked.") + `,` + hl("Self check-in", "Check yourself in with the smartlock.") + `],` + host + `}`,
			[]string{"Top 5% of homes", "Self check-in"}},
		{"it", `{"highlights":[` + hl("Stanza in casa", "La tua stanza si trova in un alloggio.") + `,` + hl("Ottima posizione", "Gli ospiti hanno apprezzato la posizione.") + `]}`,
			[]string{"Stanza in casa", "Ottima posizione"}},
		{"pt", `{"highlights":[` + hl("Luiz é um Superhost", "Superhosts são anfitriões experientes.") + `,` + hl("Amigos de quatro patas são bem-vindos", "Leve seus animais.") + `]}`,
			[]string{"Luiz é um Superhost", "Amigos de quatro patas são bem-vindos"}},
		{"es", `{"highlights":[` + hl("Llegada autónoma", "Haz el check-in tú mismo.") + `]}`, []string{"Llegada autónoma"}},
		{"fr", `{"highlights":[` + hl("Arrivée autonome", "Effectuez vous-même l'enregistrement.") + `]}`, []string{"Arrivée autonome"}},
		{"de", `{"highlights":[` + hl("Self-Check-in", "Checke selbst ein.") + `]}`, []string{"Self-Check-in"}},
		{"ja", `{"highlights":[` + hl("セルフチェックイン", "キーパッドを使ってチェックインできます。") + `]}`, []string{"セルフチェックイン"}},
		// An empty headline is no highlight; a headline sent as a plain
		// string reads the same.
		{"en", `{"highlights":[{"headline":{"localizedContent":" "}},{"headline":"Dive right in"}]}`, []string{"Dive right in"}},
		// The host's lines alone are no listing highlights.
		{"en", `{` + host + `}`, nil},
	}
	for _, c := range cases {
		l := Parse(presentation(c.pres), target(t, "https://www.airbnb.com/rooms/1"))
		if !slices.Equal(l.Highlights, c.want) {
			t.Errorf("%s %s: highlights %q, want %q", c.lang, c.pres, l.Highlights, c.want)
		}
		if got, want := l.Sources[listing.FieldHighlights], map[bool]string{true: listing.SourceEmbedded}[c.want != nil]; got != want {
			t.Errorf("%s: source %q, want %q", c.lang, got, want)
		}
	}
}

// TestSectionHighlightsComeFirst: a page whose PdpHighlightsSection has
// highlights (2025) keeps them; pdpPresentation's copy is not added twice.
func TestSectionHighlightsComeFirst(t *testing.T) {
	page := statePage(`{"data":{"presentation":{"stayProductDetailPage":{"sections":{"sections":[` +
		`{"section":{"__typename":"PdpHighlightsSection","highlights":[{"title":"Self check-in","subtitle":"Faça check-in sozinho."}]}}],` +
		`"metadata":{"loggingContext":{"eventDataLogging":{"listingId":"1"}}}}}},` +
		`"node":{"pdpPresentation":{"highlights":[{"headline":{"localizedContent":"Self check-in"}}]}}}}`)
	l := Parse(page, target(t, "https://www.airbnb.com/rooms/1"))
	if !slices.Equal(l.Highlights, []string{"Self check-in"}) {
		t.Errorf("highlights %q", l.Highlights)
	}
}

// TestSavedPageHighlights: a saved page's "Listing highlights" section is
// an <h2> title over <h3> headlines, each with a line of gloss under it.
// The headlines are read by their place, in any language; the title and
// the glosses are not highlights.
func TestSavedPageHighlights(t *testing.T) {
	section := func(title string, items ...[2]string) string {
		s := `<div data-section-id="HIGHLIGHTS_DEFAULT"><section><div><h2>` + title + `</h2></div><div>`
		for _, it := range items {
			s += `<div><div><svg><title>icon</title></svg></div><div><div><h3 tabindex="-1">` + it[0] + `</h3></div><div>` + it[1] + `</div></div></div>`
		}
		return s + `</div></section></div>`
	}
	cases := []struct {
		lang, section string
		want          []string
	}{
		{"en", section("Listing highlights", [2]string{"Top 10% of homes", "This home is highly ranked."}, [2]string{"Dive right in", "This is one of the few places in the area with a pool."},
			[2]string{"Free cancellation before Aug 6", "Get a full refund if you change your mind."}),
			[]string{"Top 10% of homes", "Dive right in", "Free cancellation before Aug 6"}},
		{"pt", section("Destaques do anúncio", [2]string{"Aproveite para dar um mergulho", "Este é um dos poucos lugares na região com piscina."}, [2]string{"Luiz é um Superhost", "Superhosts são anfitriões experientes."}),
			[]string{"Aproveite para dar um mergulho", "Luiz é um Superhost"}},
		{"it", section("Punti salienti dell'annuncio", [2]string{"Self check-in", "Esegui autonomamente il check-in."}), []string{"Self check-in"}},
		{"fr", section("Points forts du logement", [2]string{"Arrivée autonome", "Effectuez vous-même l'enregistrement."}), []string{"Arrivée autonome"}},
		{"de", section("Highlights der Unterkunft", [2]string{"Tauch ein", "Eine der wenigen Unterkünfte mit Pool."}), []string{"Tauch ein"}},
		// The title alone lists nothing.
		{"en", section("Listing highlights"), nil},
	}
	for _, c := range cases {
		page := []byte(`<html lang="` + c.lang + `"><body><div data-section-id="TITLE_DEFAULT"><h1>Lake condo</h1></div>` + c.section + `</body></html>`)
		l := Parse(page, target(t, "https://www.airbnb.com/rooms/1"))
		if !slices.Equal(l.Highlights, c.want) {
			t.Errorf("%s: highlights %q, want %q", c.lang, l.Highlights, c.want)
		}
		if got, want := l.Sources[listing.FieldHighlights], map[bool]string{true: listing.SourceMarkup}[c.want != nil]; got != want {
			t.Errorf("%s: source %q, want %q", c.lang, got, want)
		}
	}
}

// TestSavedHighlightsAreTheData: the rendered loft page shows its
// highlights in the DOM ("Destaques do anúncio") and has them in its data
// (PdpHighlightsSection): read from its text alone (its state cut out),
// they are the data's.
func TestSavedHighlightsAreTheData(t *testing.T) {
	page := listingtest.RealPage(t, "airbnb/airbnb-2025-mehfius-loft-rendered.html")
	tg := target(t, "https://www.airbnb.com.br/rooms/884287328619193704")
	data := Parse(page, tg)
	text := Parse(reStateScript.ReplaceAll(page, nil), tg)
	if data.Sources[listing.FieldHighlights] != listing.SourceEmbedded || text.Sources[listing.FieldHighlights] != listing.SourceMarkup {
		t.Fatalf("sources %q and %q", data.Sources[listing.FieldHighlights], text.Sources[listing.FieldHighlights])
	}
	if len(data.Highlights) == 0 || !slices.Equal(text.Highlights, data.Highlights) {
		t.Errorf("the page's text says %q, its data %q", strings.Join(text.Highlights, "|"), strings.Join(data.Highlights, "|"))
	}
}

package writing_test

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/writing"
)

// TestRuleLimitingGuestsNeverDropped: a house rule that restricts who may
// stay (children, an age, visitors) reaches the description whatever
// else the host's rules say and however many lines come before it — on
// the real pages the rule is on, and on real pages given the rule as the
// parser would read it, after other rule lines, in the page's language.
func TestRuleLimitingGuestsNeverDropped(t *testing.T) {
	filler := map[string][]string{
		"en": {"Please leave the keys on the table.", "Please take the rubbish out before you leave.", "Please switch off the lights when you go out."},
		"pt": {"Por favor deixe as chaves na mesa.", "Por favor leve o lixo para fora antes de sair.", "Por favor apague as luzes ao sair."},
		"es": {"Por favor deje las llaves en la mesa.", "Por favor saque la basura antes de salir.", "Por favor apague las luces al salir."},
		"it": {"Si prega di lasciare le chiavi sul tavolo.", "Si prega di portare fuori la spazzatura prima di partire.", "Si prega di spegnere le luci quando uscite."},
	}
	limits := map[string][]string{
		"en": {"Not safe or suitable for children (2-12 years)", "Visitors are not allowed in the apartment.", "The minimum age for check-in is 18."},
		"pt": {"Não é adequado para crianças de 2 a 12 anos.", "Não são permitidas visitas no apartamento."},
		"es": {"No es apto para niños de 2 a 12 años.", "Edad mínima para el check-in: 18"},
		"it": {"Non adatto ai bambini dai 2 ai 12 anni.", "Non sono ammessi visitatori nell'appartamento."},
	}
	pages := map[string]struct{ file, url string }{
		"en": {"airbnb/airbnb-2018-travelnest.htm", "https://www.airbnb.co.uk/rooms/19278160"},
		"pt": {"airbnb/airbnb-2025-mehfius-arraial-raw.html", "https://www.airbnb.com.br/rooms/756587219584104742"},
		"es": {"booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html", "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html"},
		"it": {"airbnb/airbnb-2026-the_milano_suite.html", "https://www.airbnb.it/rooms/1438101512728990114"},
	}
	for lang, pg := range pages {
		for _, rule := range limits[lang] {
			for _, before := range []int{0, 1, 3} {
				req := realRequest(t, pg.file, pg.url, writing.PremiumTitles)
				l := *req.Listing
				l.HouseRules.Rules = append(append(append([]string{}, l.HouseRules.Rules...), filler[lang][:before]...), rule)
				req.Listing = &l
				c, err := writing.Builtin{}.Write(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				want := strings.TrimSuffix(rule, ".")
				if !strings.Contains(c.Description, want) {
					t.Errorf("%s (%s, %d lines before): the rule %q is not in the description:\n%s", pg.file, lang, before, rule, c.Description)
				}
			}
		}
	}
}

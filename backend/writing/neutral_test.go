package writing

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/prose"
)

// claimWords name a status or award, a fee or an included extra, a view,
// a size or a renovation, in the languages copy is written in: the kinds
// of claim a style word must never make.
var claimWords = prose.Words(`superhost superanfitriao superhote favourite favorite favorito preferido award awards winning
	premiado premiato prime top best melhor mejor migliore meilleur beste rated certified verified luxury luxo lujo lusso luxe luxus
	free gratis gratuito gratuita gratuit kostenlos included incluido incluida incluso inclus inklusive fee fees taxa tarifa tassa frais
	gebuhr cleaning limpeza limpieza pulizia menage reinigung breakfast cafe desayuno colazione petit dejeuner fruhstuck shuttle transfer
	view views vista vistas vue blick panoramic panoramica panoramique sea ocean mar mare mer meer beach praia playa spiaggia plage strand
	mountain montanha montana montagna montagne berg river rio fiume fleuve fluss lake lago lac see garden jardim jardin giardino garten
	king queen double large big huge spacious amplo amplio spazioso spacieux geraumig renovated renovado reformado ristrutturato
	renove renoviert new novo nuevo nuovo neuf neu brand newly quiet silencioso tranquilo tranquillo calme ruhig private privativo
	privado privato prive privat exclusive exclusivo esclusivo exclusif pool piscina piscine onsen sauna jacuzzi`)

// homographs are grammar in one language and a claim in another: Spanish
// "sea" (be), English "see" (German lake). Copy is checked with its own language's neutral words and
// English's, and the language check refuses an English word in Spanish
// copy.
var homographs = map[string]map[string]bool{"es": {"sea": true}, "en": {"see": true}}

// Each style word is tone: it names no feature of the catalogue, no
// claim above and no number. A word added to neutral.go that would let
// an invention through fails here.
func TestStyleWordsClaimNothing(t *testing.T) {
	claims := map[string]bool{}
	for _, w := range claimWords {
		claims[w] = true
	}
	for _, phrases := range allFeaturePhrases() {
		for _, p := range phrases {
			if len(p) == 1 {
				claims[p[0]] = true // a one-word feature name ("pool", "wifi")
			}
		}
	}
	for _, lists := range []map[string]string{grammarWords, styleWords} {
		for lang, list := range lists {
			numbers := numberWordsOf([]string{lang})
			for _, w := range prose.Words(list) {
				if _, n := numbers[w]; n || claims[w] && !homographs[lang][w] {
					t.Errorf("%s: %q is in the neutral words but makes a claim", lang, w)
				}
			}
		}
	}
	for _, w := range prose.Words(unitWordList) {
		if claims[w] {
			t.Errorf("unit word %q makes a claim", w)
		}
	}
	if len(prose.Words(styleWords["en"])) < 50 || !strings.Contains(styleWords["pt"], "estadia") {
		t.Fatal("the style word lists are not read")
	}
}

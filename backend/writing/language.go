package writing

import (
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Languages are the languages of one listing's text and of its copy,
// decided once, here (languagesOf), when the listing's fact sheet is read
// (NewFactSheet: the checker's) and its facts (FactsOf: the built-in and
// model writers'): every writer and check reads them from there. A page
// may mix languages — an English amenity list under a Portuguese
// description, an English title over a Greek one — so each part the copy
// draws on has its own.
//
// A listing whose language has a phrasebook gets all its copy in that
// language; any other gets all its copy in English, with the host's own
// words in another language quoted.
type Languages struct {
	// Copy is the language the copy is written in: the listing's when it
	// has a phrasebook, else English.
	Copy prose.Lang
	// Listing is the listing's own language (listing.Listing's Language,
	// decided as the page was read).
	Listing prose.Lang
	// Title and Description are the languages the listing's own title
	// and description are in (prose.TextLanguage): read in their own
	// language, which may not be the page's.
	Title, Description prose.Lang
	// Amenities is the language the page lists amenities in: the site's,
	// which may not be the host's (airbnb.com lists "Pool", "Washer" in
	// English under a Portuguese description).
	Amenities prose.Lang
	// Model is the language the model writes the copy in: the listing's
	// own where the fact checker can hold copy in it to the listing — a
	// language with a phrasebook (its grammar and style words), or
	// Chinese and Japanese (read by substrings of the host's text) — else
	// English, as the built-in writer writes. A Japanese host gets
	// Japanese titles from the model; a Dutch host English ones.
	Model prose.Lang
}

// languagesOf decides l's languages; a missing listing's are English.
func languagesOf(l *listing.Listing) Languages {
	if l == nil {
		return Languages{Copy: prose.English, Listing: prose.English, Title: prose.English, Description: prose.English,
			Amenities: prose.English, Model: prose.English}
	}
	own := prose.Lang(l.Language.Code())
	langs := Languages{Copy: prose.English, Listing: own, Model: prose.English,
		Title:       prose.Lang(prose.TextLanguage(l.Language, l.Title)),
		Description: prose.Lang(prose.TextLanguage(l.Language, l.Description)),
		Amenities:   amenityListLanguage(l, own)}
	if _, ok := phrasebookFor(l); ok {
		langs.Copy = own
	}
	langs.Model = langs.Copy
	if own == "ja" || own == "zh" {
		langs.Model = own
	}
	return langs
}

// amenityListLanguage is the language the page lists amenities in
// (Languages.Amenities): English when most names are English
// (englishName), else the listing's own.
func amenityListLanguage(l *listing.Listing, own prose.Lang) prose.Lang {
	english, total := 0, 0
	for _, a := range l.Amenities {
		if !a.Available {
			continue
		}
		total++
		if englishName(a.Name) {
			english++
		}
	}
	if total > 0 && english*2 > total {
		return prose.English
	}
	return own
}

// englishName reports whether an amenity name is in English: at least
// more than half its words are the English words sites name amenities with, and
// one of them is not a word every language uses ("wifi", "TV", "sauna").
func englishName(name string) bool {
	ws := prose.Words(name)
	en, own := 0, false
	for _, w := range ws {
		if englishAmenityWords()[w] {
			en++
			own = own || !prose.International(w)
		}
	}
	return own && en*2 > len(ws)
}

// englishAmenityWords are the words of the catalog's English labels and
// of the amenity lists English-language sites show.
var englishAmenityWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	add := func(s string) {
		for _, w := range prose.Words(s) {
			m[w] = true
		}
	}
	for _, d := range analysis.Catalog {
		add(d.Label) // the labels only: the catalog matches names in many languages
	}
	add("free paid fast unit guards portable type ductless system alarm hangers shampoo soap body conditioner shower gel hot water " +
		"dishes silverware cooking basics refrigerator mini fridge microwave oven stove freezer toaster kettle wine glasses dining table " +
		"room rooms shared private outdoor furniture luggage dropoff allowed stays cleaning available during stay books reading material " +
		"extra pillows blankets clothing storage closet dresser drying rack clothes safe elevator building staff ceiling fan window " +
		"city courtyard mountain ocean beach lake sea kit bathtub bidet laundromat nearby street premises off on with and the of for to " +
		"front desk hour 24 family non smoking facilities disabled guests service breakfast very good excellent exceptional airport shuttle " +
		"tea coffee maker all centre center bathroom toiletries view wireless unit dryer washer baby monitor bath outlet covers table " +
		"corner guards fireplace screen game console piano record player sound ping pong ethernet connection pocket resort access " +
		"waterfront ski lounge chairs umbrellas hammock fire pit grill charcoal gas patio balcony backyard fenced fully yard porch deck " +
		"bike bikes kayak boat slip beach essentials hangers iron")
	return m
})

// quote puts the host's own words in quotation marks, for English copy
// that names them in another language.
func quote(s string) string { return "\u201c" + s + "\u201d" }

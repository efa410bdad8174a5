package market

import (
	"math"
	"strings"
	"sync"
)

// Inside Airbnb publishes prices in the city's local currency, never
// converted: the snapshot's currency is its country's. CurrencyOf decides it
// once for every report, PDF and e-mail (issue 29: Antwerp's euros and
// Zurich's francs were printed as dollars).

// countryCurrency maps the country (the last part of a market's name, as
// Inside Airbnb writes it) to its ISO 4217 currency.
var countryCurrency = map[string]string{
	"United States": "USD", "Canada": "CAD", "Mexico": "MXN", "Brazil": "BRL", "Argentina": "ARS", "Chile": "CLP",
	"United Kingdom": "GBP", "Ireland": "EUR", "Switzerland": "CHF", "Denmark": "DKK", "Norway": "NOK", "Sweden": "SEK",
	"Czech Republic": "CZK", "Hungary": "HUF", "Poland": "PLN", "Turkey": "TRY", "Türkiye": "TRY",
	"Portugal": "EUR", "Spain": "EUR", "France": "EUR", "Italy": "EUR", "Germany": "EUR", "The Netherlands": "EUR",
	"Netherlands": "EUR", "Belgium": "EUR", "Greece": "EUR", "Austria": "EUR", "Finland": "EUR", "Luxembourg": "EUR",
	"Malta": "EUR", "Cyprus": "EUR", "Estonia": "EUR", "Latvia": "EUR", "Lithuania": "EUR", "Slovakia": "EUR",
	"Slovenia": "EUR", "Croatia": "EUR",
	"Australia": "AUD", "New Zealand": "NZD", "Japan": "JPY", "Singapore": "SGD", "Hong Kong": "HKD", "Taiwan": "TWD",
	"Thailand": "THB", "China": "CNY", "South Africa": "ZAR",
}

// CurrencyOf is the currency of the prices in the snapshot of market name
// ("Antwerp, Flemish Region, Belgium" → "EUR"); "" when the country is not
// known, and the figures are then said without a currency sign rather than
// as dollars.
func CurrencyOf(name string) string {
	i := strings.LastIndex(name, ",")
	return countryCurrency[strings.TrimSpace(name[i+1:])]
}

// builtIn is the built-in catalog, parsed once: the areas a market's data
// is matched against for its currency and written name.
var builtIn = sync.OnceValue(func() *Catalog {
	c, err := DefaultCatalog()
	if err != nil {
		return nil // ParseCatalog's tests keep the embedded file valid
	}
	return c
})

// CatalogEntryHolding is the built-in catalog's market whose area holds
// data with bounds b (the centre of its listings), if any.
func CatalogEntryHolding(b Bounds) (CatalogEntry, bool) {
	c := builtIn()
	if c == nil {
		return CatalogEntry{}, false
	}
	return c.Find((b.MinLat+b.MaxLat)/2, (b.MinLng+b.MaxLng)/2)
}

// CurrencyFor decides the currency of a market's prices once, from what
// cannot be mistyped first: the catalog market whose area holds its
// listings (bounds b), and only for data outside every catalogued area
// the country its name ends in. A hand import named after its folder
// ("asheville", "Antwerp") therefore prints "$145" and "€97", as a
// catalogued one does (issue 43); "" when neither says, which an import
// refuses (ErrNoCurrency) rather than print bare figures as money.
func CurrencyFor(name string, b Bounds) string {
	if e, ok := CatalogEntryHolding(b); ok {
		if cur := CurrencyOf(e.Name); cur != "" {
			return cur
		}
	}
	return CurrencyOf(name)
}

// PriceCurrency is the currency of the comparables' prices: the one set
// where they were read (a live search's, a snapshot's CurrencyFor); for a
// snapshot without one, decided from where its listings lie and the
// market's name.
func (c *Comparables) PriceCurrency() string {
	if c == nil {
		return ""
	}
	if c.Currency != "" || c.Live() {
		// A search's prices are in the currency it asked for, not
		// necessarily the place's: only the search can say.
		return c.Currency
	}
	b := Bounds{MinLat: math.Inf(1), MinLng: math.Inf(1), MaxLat: math.Inf(-1), MaxLng: math.Inf(-1)}
	for _, l := range c.Listings {
		if l.Lat != 0 || l.Lng != 0 {
			b.add(l.Lat, l.Lng)
		}
	}
	if math.IsInf(b.MinLat, 0) {
		return CurrencyOf(c.Market)
	}
	return CurrencyFor(c.Market, b)
}

// WithoutUnnamedPrices is c as a report may show it: when nothing tells
// the currency of its prices (PriceCurrency is ""), a copy without them,
// saying so in Missing, since a bare "median 145" reads as money in
// whatever currency the host assumes. Otherwise c itself.
func (c *Comparables) WithoutUnnamedPrices() *Comparables {
	if c == nil || c.PriceCurrency() != "" {
		return c
	}
	priced := 0
	for _, l := range c.Listings {
		if l.Price > 0 {
			priced++
		}
	}
	if priced == 0 {
		return c
	}
	out := *c
	out.Listings = append([]Listing(nil), c.Listings...)
	for i := range out.Listings {
		out.Listings[i].Price = 0
	}
	out.Missing = append(append([]string(nil), c.Missing...),
		"the comparables' nightly prices: nothing in the data says what currency they are in, so they are not shown")
	return &out
}

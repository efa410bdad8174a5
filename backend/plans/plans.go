// Package plans is what each plan a host can buy includes and costs
// (SPEC §9), decided once: the price charged, the report's sections, the
// PDF, the e-mail, the title suggestions, the re-checks and the words every
// plan card says. The checkout, the report engine, the PDF, the e-mail and
// the browser (through /runtime-config.js, with a copy generated into
// frontend/src/types/plan-table.ts for the prerendered landing page) all
// read this table; none keeps its own.
package plans

import (
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Plan is one plan: what it costs and what its report includes.
type Plan struct {
	ID   domain.Plan `json:"id"`
	Name string      `json:"name"` // "Basic", as screens, the PDF and the e-mail say it
	// PriceCents is the price per listing in Currency's minor unit; the
	// checkout charges it and every screen shows it.
	PriceCents int64  `json:"priceCents"`
	Currency   string `json:"currency"` // ISO 4217, lower case as Stripe takes it
	Unit       string `json:"unit"`     // what the price buys: "per listing"
	Tagline    string `json:"tagline"`
	// TitleSuggestions is how many titles the report asks its writer for;
	// TitleOptions is how screens say it ("10+": a writer may give more).
	TitleSuggestions int    `json:"titleSuggestions"`
	TitleOptions     string `json:"titleOptions"`
	// MarketAnalytics: the report's market analysis, seasonality and
	// performance insights (null for a plan without them).
	MarketAnalytics bool `json:"marketAnalytics"`
	// PhotoMeasurements: the photos are fetched and measured (resolution,
	// blur, near-duplicates) when a photo fetcher is configured.
	PhotoMeasurements bool `json:"photoMeasurements"`
	// TitleLimitNote: the title analysis says SPEC §5's note on a title
	// over its site's limit.
	TitleLimitNote bool `json:"titleLimitNote"`
	PDF            bool `json:"pdf"`   // a downloadable PDF of the report
	Email          bool `json:"email"` // the report e-mailed, with the PDF attached
	SupportDays    int  `json:"supportDays"`
	// WatchWeeks is how many weekly checks of the listing and its market
	// the plan's Watch includes (issue 45; 0: no Watch).
	WatchWeeks int `json:"watchWeeks"`
	// Summary is the plan in one line (the order form's choice); Features
	// what every plan card lists; Badge the card's flag ("" for none).
	Summary  string   `json:"summary"`
	Features []string `json:"features"`
	Badge    string   `json:"badge"`
	// CheckoutName and CheckoutDescription are the line item on Stripe's
	// checkout page.
	CheckoutName        string `json:"-"`
	CheckoutDescription string `json:"-"`
}

// Dollars is the price as the order records it (SPEC §3 amount).
func (p Plan) Dollars() float64 { return float64(p.PriceCents) / 100 }

// Free re-checks (issue 18): after buying a report, on either plan, the
// host may have the listing read again and the same plan's report made,
// Rechecks times within RecheckWindow of the purchase.
const (
	Rechecks      = 3
	RecheckWindow = 30 * 24 * time.Hour
)

// WatchEvery is how often a Watch checks its listing: weekly.
const WatchEvery = 7 * 24 * time.Hour

// Currency is the one currency we sell in.
const Currency = "usd"

// table is the plan table, cheapest first.
var table = []Plan{
	{
		ID: domain.PlanBasic, Name: "Basic", PriceCents: 499, Currency: Currency, Unit: "per listing",
		Tagline:          "A focused tune-up for one listing.",
		TitleSuggestions: 3, TitleOptions: "3", SupportDays: 7,
		Summary: "Core report, 3 suggestions, 7-day support",
		Features: []string{
			"The core report: titles, description, amenities, pricing, photos, guests, booking gaps and scores",
			"3 tailored suggestions",
			"7-day support",
		},
		CheckoutName:        "ListingLift Basic listing optimization",
		CheckoutDescription: "3 suggestions grounded in your listing's data, with 7-day support",
	},
	{
		ID: domain.PlanPremium, Name: "Premium", PriceCents: 1999, Currency: Currency, Unit: "per listing",
		Tagline:          "The full analysis, delivered to your inbox.",
		TitleSuggestions: 10, TitleOptions: "10+", SupportDays: 7,
		MarketAnalytics: true, PhotoMeasurements: true, TitleLimitNote: true, PDF: true, Email: true,
		WatchWeeks: 12,
		Summary:    "Everything in Basic, 10+ suggestions, PDF, e-mail delivery, market analytics and 12 weeks of Watch",
		Features: []string{
			"Everything in Basic",
			"10+ tailored suggestions",
			"Downloadable PDF report",
			"Report delivered by e-mail",
			"Market analytics for your area",
			// Watch (issue 45): what it does and when it writes, nothing it cannot
			// promise (no ranking or revenue); the 12 is WatchWeeks.
			"12 weeks of Watch: your listing and its market checked weekly, with an e-mail only when something changed",
		},
		Badge:               "Best value",
		CheckoutName:        "ListingLift Premium listing optimization",
		CheckoutDescription: "10+ suggestions, market analytics, a PDF report and e-mail delivery",
	},
}

// All is every plan, cheapest first (a copy: callers cannot change the table).
func All() []Plan {
	out := make([]Plan, len(table))
	for i, p := range table {
		p.Features = append([]string(nil), p.Features...)
		out[i] = p
	}
	return out
}

// Of is plan id's entry; an unknown plan is CodeInvalid.
func Of(id domain.Plan) (Plan, error) {
	for _, p := range All() {
		if p.ID == id {
			return p, nil
		}
	}
	return Plan{}, domain.Errorf(domain.CodeInvalid, "Unknown plan %q: choose basic or premium.", id)
}

// Includes is plan id's entry, or the zero Plan (nothing included) for an
// unknown plan: for the checks that only ask "does it include X?".
func Includes(id domain.Plan) Plan {
	p, _ := Of(id)
	return p
}

// Upgrade is the Basic → Premium upgrade: the difference between the two
// prices, and its line item on the checkout page.
type Upgrade struct {
	From, To    domain.Plan
	Cents       int64
	Name        string
	Description string
}

// UpgradeOffer is the one upgrade we sell.
func UpgradeOffer() Upgrade {
	basic, premium := Includes(domain.PlanBasic), Includes(domain.PlanPremium)
	return Upgrade{From: basic.ID, To: premium.ID, Cents: premium.PriceCents - basic.PriceCents,
		Name:        "ListingLift upgrade: Basic to Premium",
		Description: fmt.Sprintf("The rest of Premium for a report you bought: %s suggestions, market analytics, a PDF report, e-mail delivery and %d weeks of Watch", premium.TitleOptions, premium.WatchWeeks)}
}

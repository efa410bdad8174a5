package report

import (
	"slices"
	"sort"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// fieldRule narrows a string field (or the strings of a list) to what the
// Go code writes into it: a closed set of its constants, or the layout it
// formats a date with. The browser's validator, generated from the schema,
// refuses a report that breaks one, so a rule must hold for every report
// the server can send: TestReportsMatchTheSchema checks it on the goldens.
type fieldRule struct {
	enum    []string
	pattern string
	format  string
}

// Date layouts as patterns: what time.DateOnly, "2006-01" and
// time.RFC3339 write.
var (
	dateOnly  = fieldRule{format: "date", pattern: `^\d{4}-\d{2}-\d{2}$`}
	yearMonth = fieldRule{pattern: `^\d{4}-\d{2}$`}
)

// fieldRules are keyed "definition.json_field" (see jsonschema.DefName). Every value
// set is read from the Go constants that decide it, never retyped here.
var fieldRules = map[string]fieldRule{
	"report.Result.package_type":      {enum: strs(domain.PlanBasic, domain.PlanPremium)},
	"report.Result.platform":          {enum: strs(listing.Airbnb, listing.Vrbo, listing.Booking)},
	"report.Result.overall_band":      {enum: strs(analysis.BandStrong, analysis.BandGood, analysis.BandRoom, analysis.BandAttention, analysis.BandNotAssessed)},
	"report.Result.layout":            {enum: strs(listing.LayoutEmbedded, listing.LayoutJSONLD, listing.LayoutMarkup, listing.LayoutSummary, listing.LayoutTyped, listing.LayoutNone)},
	"report.Result.task_order":        {enum: analysis.TaskKeys},
	"analysis.Action.task":            {enum: analysis.TaskKeys},
	"analysis.Action.priority":        {enum: strs(analysis.High, analysis.Medium, analysis.Low)},
	"analysis.Action.severity":        {enum: severities},
	"analysis.Finding.severity":       {enum: severities},
	"report.ActionProgress.progress":  {enum: strs(ActionDone, ActionPartly, ActionNotDone)},
	"report.SectionChange.section":    {enum: sectionKeys()},
	"analysis.PricingAnalysis.status": {enum: strs(analysis.PricingCompared, analysis.PricingEstimate, analysis.PricingNoComparables, analysis.PricingNotEnoughData)},
	"report.MarketAnalysis.source":    {enum: strs(market.SourceInsideAirbnb, market.SourceLive)},
	"report.ReadFact.key":             {enum: ReadFactKeys},
	"report.ReadFact.status":          {enum: strs(FactRead, FactPartial, FactNotRead, FactNotOnSite)},
	"report.ReadFact.source":          {enum: readSources},

	"analysis.TaskPriorities.title_priority":      {enum: taskPriorities},
	"analysis.TaskPriorities.pricing_priority":    {enum: taskPriorities},
	"analysis.TaskPriorities.photo_priority":      {enum: taskPriorities},
	"analysis.TaskPriorities.experience_priority": {enum: taskPriorities},
	"analysis.TaskPriorities.booking_priority":    {enum: taskPriorities},

	// Dates the Go code formats itself (the listing's calendar dates,
	// Inside Airbnb's snapshot dates and free text are left as strings).
	"analysis.SeasonMonth.month":               yearMonth,
	"analysis.SeasonMonth.first":               dateOnly,
	"analysis.SeasonMonth.last":                dateOnly,
	"analysis.Seasonality.busiest_month":       yearMonth,
	"analysis.Seasonality.quietest_month":      yearMonth,
	"analysis.BookingGapAnalysis.window_start": dateOnly,
	"analysis.BookingGapAnalysis.window_end":   dateOnly,
	"report.MarketAnalysis.stay_checkin":       dateOnly,
	"report.MarketAnalysis.stay_checkout":      dateOnly,
	"report.TodayPrices.searched_on":           dateOnly,
	"report.TodayPrices.stay_checkin":          dateOnly,
	"report.TodayPrices.stay_checkout":         dateOnly,
}

var (
	severities     = strs(analysis.SeverityHigh, analysis.SeverityMedium, analysis.SeverityLow, analysis.SeverityInfo)
	taskPriorities = strs(analysis.High, analysis.Medium, analysis.Low, analysis.NotAssessed)
)

// sectionKeys are the overall score's sections, in the report's order.
func sectionKeys() []string {
	var keys []string
	for _, w := range analysis.SectionWeights {
		keys = append(keys, w.Key)
	}
	return keys
}

func strs[S ~string](values ...S) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

// orZero is the rule also allowing "", the zero value a field written
// always (no omitempty) has in a report stored before the field existed.
// A date format cannot hold "", so the layout is said by the pattern alone.
func (r fieldRule) orZero() fieldRule {
	if len(r.enum) > 0 && !slices.Contains(r.enum, "") {
		r.enum = append(slices.Clip(r.enum), "")
	}
	if r.pattern != "" {
		r.pattern = "^$|" + r.pattern
		r.format = ""
	}
	return r
}

// apply adds the rule to a string schema, or to the items of a list of
// strings.
func (r fieldRule) apply(s map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		out[k] = v
	}
	if items, ok := s["items"].(map[string]any); ok {
		out["items"] = r.apply(items)
		return out
	}
	if len(r.enum) > 0 {
		out["enum"] = r.enum
	}
	if r.pattern != "" {
		out["pattern"] = r.pattern
	}
	if r.format != "" {
		out["format"] = r.format
	}
	return out
}

// fieldRuleKeys is every key of fieldRules, sorted (for the test that each
// names a field the schema has).
func fieldRuleKeys() []string {
	keys := make([]string, 0, len(fieldRules))
	for k := range fieldRules {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

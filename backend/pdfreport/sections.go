package pdfreport

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/textcase"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/report"
)

// Section headings, in order. Tests look for them in the extracted text.
const (
	headActions     = "Action plan"
	headTitle       = "Title analysis"
	headDescription = "Description"
	headAmenities   = "Amenities"
	headPricing     = "Pricing"
	headRevenue     = "Revenue projection"
	headPhotos      = "Photo audit"
	headGaps        = "Booking gap analysis"
	headGuests      = "Guest profile"
	headReviews     = "Review themes and sentiment"
	headMarket      = "Market analysis"
	headScores      = "Appendix: how the scores are calculated"
	headSources     = "Data sources and notes"
	headOther       = "Other notes"
)

func (d *doc) sections() {
	// No page break of its own: the action plan follows page 1's "Do
	// these first" on the same page when there is room (section keeps a
	// heading with enough of what follows).
	d.actions()
	d.titleSection()
	d.descriptionSection()
	d.amenitiesSection()
	d.pricingSection()
	d.revenueSection()
	d.photoSection()
	d.gapSection()
	d.guestSection()
	d.reviewSection()
	d.marketSection()
	d.scoresSection()
	d.listingReadSection() // the facts, then their sources
	d.sourcesSection()
	d.otherExplanations()
	d.flushPending()
}

// --- sections ----------------------------------------------------------------

func (d *doc) actions() {
	d.section(headActions)
	// The list has no areas, so only the actions' rule is said; the areas'
	// explanation (task_priorities) is the web's "Details by area".
	d.used["task_priorities"] = true
	d.explain(nil, analysis.ActionRule)
	// The report's one ranked list (Result.Actions), as the web's "Top 5
	// Immediate Actions" and the e-mail show it: its first 3 are page 1's
	// "Do these first", its first 5 the web's top 5. One row an action —
	// no row for an area with nothing to do (SPEC's five task areas, with
	// "No problems found" fillers, are not listed).
	if len(d.r.Actions) > 0 {
		d.sub(headEveryAction)
		rows, _ := d.actionRows(d.r.Actions, true, true)
		d.table(actionCols(true), rows, defaultTable)
	} else if d.r.Actions != nil {
		d.none("No problems were found that need action.")
	}
}

// headEveryAction heads the action plan's ranked list.
const headEveryAction = "Every action, most important first"

func (d *doc) titleSection() {
	d.section(headTitle)
	ta := d.r.TitleAnalysis
	cur := strings.TrimSpace(d.r.Title)
	if cur == "" {
		cur = strings.TrimSpace(ta.Title)
	}
	limit := ta.Limit // 0: the listing's site publishes none
	if cur != "" {
		d.para("CURRENT TITLE", label)
		d.para(cur, style{size: 12, bold: true, color: slate900})
		n := ta.Length
		if n == 0 {
			n = utf8.RuneCountInString(cur)
		}
		meta := fmt.Sprintf("%d characters", n)
		if limit > 0 {
			meta = fmt.Sprintf("%d of %d characters", n, limit)
		}
		if ta.Score > 0 || len(ta.Findings) > 0 {
			meta += fmt.Sprintf(" · title score %d/100", ta.Score)
		}
		d.para(meta, small)
		if orig := strings.TrimSpace(d.r.OriginalTitle); orig != "" && orig != cur {
			d.para("Originally: "+orig, small)
		}
		d.setY(d.y() + 1.5)
		note := strings.TrimSpace(ta.LimitNote)
		for _, f := range ta.Findings {
			if note == "" && f.Code == "title.too_long" {
				note = f.Message
			}
		}
		if note != "" {
			d.block(note, style{size: 9.5, bold: true, color: red600}, red50)
		}
	} else {
		d.none("The listing's title could not be read.")
	}
	d.explain([]string{"title"}, ta.Explanation)
	first30 := ta.First30
	if first30 != "" {
		switch {
		case ta.First30Strong:
			first30 += " (carries a search term)"
		case ta.NotJudged != "":
			// its language was not judged: no absence is proven
			first30 += " (not assessed)"
		default:
			first30 += " (no property type, place or feature)"
		}
	}
	d.kv([][2]string{
		{"First 30 characters (what phones show)", first30},
		{"Property type named", ta.PropertyType},
		{"Place named", ta.Location},
		{"Features named", strings.Join(ta.Differentiators, ", ")},
		{"Features the title could name", strings.Join(ta.Unmentioned, ", ")},
		{"Emoji", strings.Join(ta.Emoji, " ")},
		{"Words in capitals", strings.Join(ta.CapsWords, ", ")},
		{"Contact details", strings.Join(ta.ContactDetails, ", ")},
	})
	d.findings(ta.Findings)

	nothingToFix := titleNothingToFix(d.r)
	heading := "Title options"
	if nothingToFix {
		heading = "Alternative titles"
	}
	d.subKeep(heading, 40)
	d.explain([]string{"title_suggestions"}, d.writerNote("title_suggestions"))
	if len(d.r.TitleSuggestions) == 0 {
		d.none("No title suggestions.")
		return
	}
	if nothingToFix {
		d.para(titleAlternativesNote(d.r), small)
		d.setY(d.y() + 1)
	}
	var rows [][]cell
	for i, s := range d.r.TitleSuggestions {
		n := utf8.RuneCountInString(strings.TrimSpace(s))
		t := cell{parts: []part{{s, strong}}}
		if i == 0 && !nothingToFix && s == d.r.OptimizedTitle {
			t.parts = append(t.parts, part{"Recommended: the optimized title", style{size: 8, bold: true, color: brand700}})
		}
		chars := txt(fmt.Sprint(n), body).right()
		if limit > 0 && n > limit { // 0: the site publishes no limit, so none is over it
			chars = cell{parts: []part{{fmt.Sprint(n), style{size: 9.5, bold: true, color: red600}}, {fmt.Sprintf("over %d", limit), style{size: 8, color: red600}}}, align: 'R'}
		}
		rows = append(rows, []cell{txt(fmt.Sprint(i+1), muted), t, chars})
	}
	d.table([]column{{head: "#", weight: 0.06}, {head: "Suggested title", weight: 0.78}, {head: "Characters", weight: 0.16, align: 'R'}}, rows, defaultTable)
}

// titleNothingToFix reports whether r offers its title suggestions as
// alternatives rather than an optimized title: the report decides it
// (analysis.OffersOptimizedTitle sets OptimizedTitle only for a title with
// something to fix), and the PDF, like the web and the e-mail, follows.
func titleNothingToFix(r *report.Result) bool {
	return r.OptimizedTitle == "" && len(r.TitleSuggestions) > 0
}

// titleAlternativesNote says what the suggestions are when the title has
// nothing to fix: the report's own note (explanations.optimized_title).
func titleAlternativesNote(r *report.Result) string {
	if n := r.Explanations["optimized_title"]; n != "" {
		return n
	}
	return analysis.TitleAlternativesNote
}

// writerNote says who wrote a piece of copy (WrittenBy).
func (d *doc) writerNote(key string) string { return WrittenBy(d.r, key) }

// WrittenBy is the line saying who wrote r's part of the copy
// (writing.PartTitles, …) and what was checked, in the report's own words
// (Result.WriterLabels: the web report's), for the PDF and the e-mail:
// "Written by Gemini (AI); every word checked against your listing — …".
// "" for a part with no label (a report stored before labels): no check
// is then claimed.
func WrittenBy(r *report.Result, part string) string {
	if l := strings.TrimSpace(r.WriterLabels[part]); l != "" {
		return "Written by " + l + "."
	}
	return ""
}

// wordCount counts words with letters, as the report's content comparison
// does (report/insights.go), for a Result without Premium insights.
func wordCount(s string) int {
	n := 0
	for _, w := range prose.Words(s) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

func (d *doc) descriptionSection() {
	d.section(headDescription)
	da := d.r.DescriptionAnalysis
	d.explain([]string{"optimized_description"}, da.Explanation)
	before, after := da.WordCount, wordCount(d.r.OptimizedDescription)
	if pi := d.r.PerformanceInsights; pi != nil {
		before, after = pi.WordCount.Original, pi.WordCount.Optimized
	}
	words := DescriptionWordsFigure(d.r, before)
	if !words.Assessed() {
		d.sub("Before and after")
		d.kv([][2]string{{"Current description", NotAssessed + ": " + words.Why}, {"Optimized description", ifStr(after > 0, plural(after, "word", "words"))}})
	} else if before > 0 || after > 0 {
		d.sub("Before and after")
		mx := float64(max(before, after, 1))
		for _, r := range []struct {
			name string
			n    int
			c    rgb
		}{{"Current description", before, slate400}, {"Optimized description", after, brand600}} {
			d.begin(8)
			y := d.y()
			d.drawText(r.name, d.left, y, 48, 5, style{size: 9, bold: true, color: slate700}, 'L')
			bw := d.width() - 50 - 26
			d.fill(r.c)
			if fw := bw * float64(r.n) / mx; fw > 0 {
				d.pdf.RoundedRect(d.left+50, y+0.8, fw, 3.6, 1, "1234", "F")
			}
			d.drawText(plural(r.n, "word", "words"), d.right-24, y, 24, 5, style{size: 9.5, bold: true, color: slate900}, 'R')
			d.setY(y + 7)
		}
	}
	facts := presentAndMissing(da.KeyFacts, "stated: ", func(f analysis.FactCheck) (string, bool) { return f.Fact, f.Present })
	kw := presentAndMissing(da.Keywords, "used: ", func(k analysis.KeywordCheck) (string, bool) { return k.Keyword, k.Present })
	readability := ""
	if da.ReadabilityFormula != "" {
		// The formula made for the text's language (Gulpease for Italian…),
		// as the analysis names it; none, not assessed.
		readability = fmt.Sprintf("%.0f on the %s", da.Readability, da.ReadabilityFormula)
		if da.ReadabilityLabel != "" {
			readability += " (" + da.ReadabilityLabel + ")"
		}
	}
	score := ""
	if da.Score > 0 || len(da.Findings) > 0 {
		score = fmt.Sprintf("%d/100", da.Score)
	}
	coverage := ""
	if len(da.Keywords) > 0 {
		coverage = share(da.KeywordCoverage)
	}
	d.kv([][2]string{
		{"Current description score", score},
		{"Readability", readability},
		{"Key facts", facts},
		{"Search keywords", kw},
		{"Keyword coverage", coverage},
	})
	if len(da.Sections) > 0 {
		d.sub("Sections guests look for")
		var rows [][]cell
		for _, s := range da.Sections {
			found := map[string]string{"heading": "Yes, with a heading", "content": "Covered, without a heading", "missing": "Missing"}[s.Found]
			if found == "" {
				found = s.Found
			}
			st := body
			if s.Found == "missing" {
				st = style{size: 9.5, bold: true, color: red600}
			}
			rows = append(rows, []cell{txt(s.Name, strong), txt(found, st)})
		}
		d.table([]column{{head: "Section", weight: 0.4}, {head: "In the current description", weight: 0.6}}, rows, defaultTable)
	}
	d.findings(da.Findings)
	d.sub("Optimized description")
	if strings.TrimSpace(d.r.OptimizedDescription) == "" {
		d.none("No optimized description.")
		return
	}
	if n := d.writerNote("optimized_description"); n != "" {
		d.para(n, muted)
		d.setY(d.y() + 1)
	}
	d.block(d.r.OptimizedDescription, style{size: 9.5, color: slate900}, slate100)
}

// presentAndMissing names the items the text has after present ("stated: ",
// "used: ") and those it lacks after "missing: ", the two lists apart.
func presentAndMissing[T any](items []T, present string, name func(T) (string, bool)) string {
	var have, lack []string
	for _, item := range items {
		if n, ok := name(item); ok {
			have = append(have, n)
		} else {
			lack = append(lack, n)
		}
	}
	return joinNonEmpty("; ", prefixed(present, have), prefixed("missing: ", lack))
}

func prefixed(p string, list []string) string {
	if len(list) == 0 {
		return ""
	}
	return p + strings.Join(list, ", ")
}

func (d *doc) amenitiesSection() {
	d.section(headAmenities)
	aa := d.r.AmenityAnalysis
	d.explain([]string{"suggested_amenities", "amenities"}, aa.Explanation)
	present := d.r.Amenities
	if len(present) == 0 {
		present = aa.Present
	}
	if len(present) > 0 {
		d.sub(fmt.Sprintf("What the listing offers (%d)", len(present)))
		var rows [][]cell
		const perRow = 3
		for i := 0; i < len(present); i += perRow {
			var row []cell
			for j := i; j < i+perRow; j++ {
				if j < len(present) {
					row = append(row, txt("✓ "+present[j], body))
				} else {
					row = append(row, cell{})
				}
			}
			rows = append(rows, row)
		}
		d.table([]column{{weight: 1}, {weight: 1}, {weight: 1}}, rows, tableOpts{padX: 1.5, padY: 0.9})
	} else if !aa.Read {
		d.none("The amenity list could not be read from the listing page.")
	}

	d.sub("Suggested amenities")
	var rows [][]cell
	for i, ev := range suggestionEvidence(aa.Suggestions) {
		s := aa.Suggestions[i]
		why := cell{parts: []part{{s.Reason, body}}}
		if ev != "" {
			why.parts = append(why.parts, part{ev, muted})
		}
		rows = append(rows, []cell{txt(s.Amenity, strong), why})
	}
	if len(rows) == 0 {
		for _, l := range strings.Split(d.r.SuggestedAmenities, "\n") {
			if name, reason, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(name) != "" {
				rows = append(rows, []cell{txt(name, strong), txt(reason, body)})
			} else if strings.TrimSpace(l) != "" {
				rows = append(rows, []cell{txt(l, strong), {}})
			}
		}
	}
	if len(rows) > 0 {
		d.table([]column{{head: "Amenity", weight: 0.26}, {head: "Why", weight: 0.74}}, rows, defaultTable)
	} else {
		d.none("No amenities to suggest.")
	}
	cov, missing := ExpectedAmenitiesFigure(d.r), strings.Join(aa.Missing, ", ")
	covText := cov.Value
	if !cov.Assessed() {
		covText, missing = NotAssessed+": "+cov.Why, ""
	}
	pairs := [][2]string{
		{"Expected amenities the listing has", covText},
		{"Expected but not listed", missing},
		{"Listed as not included", strings.Join(aa.NotIncluded, ", ")},
	}
	if m := aa.Market; m != nil && m.Comparables > 0 {
		pairs = append(pairs,
			[2]string{"Standard in this market (listed by at least half of comparables)", strings.Join(m.Standard, ", ")},
			[2]string{"Share of the market standard the listing has", ifStr(len(m.Standard) > 0, share(m.StandardCoverage))},
			[2]string{"Amenity count among comparables", fmt.Sprintf("%s (median %s amenities)", ordinal(m.CountPercentile), num(m.MedianCount))},
		)
	}
	d.kv(pairs)
	if strings.TrimSpace(d.r.AmenityCopy) != "" {
		d.sub("Amenity copy for the listing")
		if n := d.writerNote("amenity_copy"); n != "" {
			d.para(n, muted)
			d.setY(d.y() + 1)
		}
		d.block(d.r.AmenityCopy, style{size: 9.5, color: slate900}, slate100)
	}
	d.findings(aa.Findings)
}

// suggestionEvidence is what the Why column says of each suggestion's
// evidence: each sentence once. Several amenities expected for one reason
// ("Expected for an apartment like this and looked for by families, a
// likely guest group here.") say it under the first; the others point to
// it ("Same reason as Washer.") instead of repeating it row after row.
func suggestionEvidence(ss []analysis.AmenitySuggestion) []string {
	out := make([]string, len(ss))
	first := map[string]string{}
	for i, s := range ss {
		ev := strings.TrimSpace(s.Evidence)
		if ev == "" {
			continue
		}
		if name, ok := first[ev]; ok {
			out[i] = "Same reason as " + name + "."
			continue
		}
		first[ev] = s.Amenity
		out[i] = ev
	}
	return out
}

func ifStr(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

func (d *doc) pricingSection() {
	d.section(headPricing)
	pa := d.r.PricingAnalysis
	d.explain([]string{"pricing_analysis"}, pa.Explanation)
	cur := pa.Currency
	if pa.P25 != nil && pa.P50 != nil && pa.P75 != nil {
		d.sub("Your price against the market")
		rs := rangeSpec{lo: *pa.P25, mid: *pa.P50, hi: *pa.P75,
			loLab: "25th percentile " + numfmt.Money(*pa.P25, cur), midLab: "Median " + numfmt.Money(*pa.P50, cur),
			hiLab: "75th percentile " + numfmt.Money(*pa.P75, cur), band: brand200}
		if pa.Price != nil {
			rs.marker = pa.Price
			rs.markerLab = "Your price " + numfmt.Money(*pa.Price, cur)
			if pa.Percentile != nil {
				rs.markerLab += " · " + ordinal(*pa.Percentile)
			}
		}
		d.rangeChart(rs)
		d.para(fmt.Sprintf("Nightly prices of %s; the shaded band is the middle half of the market.", plural(pa.Comparables, "comparable listing", "comparable listings")), muted)
	} else if e := pa.Estimate; e != nil {
		d.sub("Estimated price range (labelled an estimate)")
		d.rangeChart(rangeSpec{lo: e.Low, mid: e.Typical, hi: e.High, band: brand200,
			loLab: "Low " + numfmt.Money(e.Low, cur), midLab: "Typical " + numfmt.Money(e.Typical, cur), hiLab: "High " + numfmt.Money(e.High, cur)})
		d.para(e.Basis, muted)
	}
	price := ""
	if pa.Price != nil {
		price = numfmt.Money(*pa.Price, cur) + " a night"
		if pa.PriceSource != "" {
			price += " (from the " + pa.PriceSource + ")"
		}
	}
	comps, pct, pos := "", "", ""
	if pa.Comparables > 0 {
		comps = numfmt.Thousands(pa.Comparables)
	}
	if pa.Percentile != nil {
		pct = ordinal(*pa.Percentile)
	}
	switch pa.Position {
	case "below":
		pos = "Below the middle half of comparables"
	case "within":
		pos = "Within the middle half of comparables"
	case "above":
		pos = "Above the middle half of comparables"
	default:
		pos = pa.Position
	}
	optMoney := func(v *float64) string {
		if v == nil {
			return ""
		}
		return numfmt.Money(*v, cur)
	}
	prem := ""
	if pa.WeekendPremium != nil {
		prem = signedPct(*pa.WeekendPremium)
	}
	open := ""
	if pa.OpenNext14 >= 0 { // -1 without a calendar
		open = fmt.Sprintf("%d of 14", pa.OpenNext14)
	}
	d.kv([][2]string{
		{"Nightly price", price},
		{"Comparable listings with a price", comps},
		{"Price percentile", pct},
		{"Position", pos},
		{"Weekday average", optMoney(pa.WeekdayAverage)}, // the explanation names the nights averaged
		{"Friday and Saturday average", optMoney(pa.WeekendAverage)},
		{"Weekend premium", prem},
		{"Open in the next 14 nights", open},
	})
	if len(pa.Advice) > 0 {
		t := "Advice"
		if pa.GeneralGuidance {
			t = "Advice (general guidance, not from this listing's calendar)"
		}
		d.sub(t)
		d.bullets(pa.Advice, body)
	}
	d.findings(pa.Findings)
}

func (d *doc) revenueSection() {
	d.section(headRevenue)
	rp := d.r.RevenueProjections
	d.explain([]string{"revenue_projections"}, rp.Explanation)
	// The headline is the card's (RevenueProjection.Card): money a month,
	// or "Not estimated" with what it would need; the percentages follow as
	// the multipliers they are.
	head, detail := rp.Card()
	hs := style{size: 22, bold: true, color: brand900}
	d.begin(16)
	y := d.y()
	d.drawText(d.clean(head), d.left, y, d.width(), 10, hs, 'L')
	d.setY(y + 11)
	d.para(detail, small)
	if rp.High > 0 || rp.Low > 0 {
		axisMax := math.Max(rp.Caps[1], rp.High)
		if axisMax <= 0 {
			axisMax = 1
		}
		zero := 0.0
		axisMax *= 1.04
		d.sub("Effect on revenue, in percent")
		d.rangeChart(rangeSpec{lo: rp.Low, hi: rp.High, band: brand600,
			loLab: "Conservative " + signedPct(rp.Low), hiLab: "Optimistic " + signedPct(rp.High),
			axisMin: &zero, axisMax: &axisMax})
		if rp.Caps[1] > 0 {
			d.para(fmt.Sprintf("The bar runs from 0%% to the optimistic cap; totals are capped at %s (conservative) and %s (optimistic).", signedPct(rp.Caps[0]), signedPct(rp.Caps[1])), muted)
		}
	}
	if len(rp.Components) > 0 {
		d.sub("Where the estimate comes from")
		var rows [][]cell
		for _, c := range rp.Components {
			basis := cell{parts: []part{{c.Basis, body}}}
			if c.Source != "" {
				basis.parts = append(basis.parts, part{"Source: " + c.Source, muted})
			}
			kind := map[string]string{"cited": "Cited", "computed": "Computed"}[c.Kind]
			if kind == "" {
				kind = titleCase(c.Kind)
			}
			rows = append(rows, []cell{txt(c.Change, strong), txt(signedPct(c.Low)+" to "+signedPct(c.High), body), txt(kind, small), basis})
		}
		d.table([]column{{head: "Change", weight: 0.25}, {head: "Effect", weight: 0.15}, {head: "Kind", weight: 0.11}, {head: "Basis", weight: 0.49}}, rows, defaultTable)
	}
	if b := rp.Baseline; b != nil {
		d.sub("In money")
		d.kv([][2]string{
			{"This listing's estimated annual revenue", joinNonEmpty(" ", numfmt.Money(b.AnnualRevenue, b.Currency), ifStr(b.Source != "", "("+b.Source+")"))},
			{"Projected gain per year", numfmt.Money(b.GainLow, b.Currency) + " to " + numfmt.Money(b.GainHigh, b.Currency)},
		})
	}
	if len(rp.NotQuantified) > 0 {
		d.sub("Not counted in the estimate")
		d.bullets(rp.NotQuantified, small)
	}
}

func (d *doc) photoSection() {
	d.section(headPhotos)
	pa := d.r.PhotoAudit
	d.explain([]string{"photo_audit"}, pa.Explanation)
	top := ""
	if pa.TopRange[1] > 0 {
		top = fmt.Sprintf("; top listings show %d–%d", pa.TopRange[0], pa.TopRange[1])
	}
	covered := 0
	for _, r := range pa.Rooms {
		if r.Covered {
			covered++
		}
	}
	if count := PhotoCountFigure(d.r); !count.Assessed() {
		// Counts of a preview image or part of the gallery are not the
		// listing's: no table of them, only why.
		d.kv([][2]string{{"Photos", NotAssessed + ": " + count.Why}})
		d.photoTable()
		d.findings(pa.Findings)
		return
	}
	rows := [][]cell{
		{txt("Photos", strong), txt(fmt.Sprint(pa.PhotoCount()), body), txt(photoMinimum(pa, d.r.Platform, top), small)},
	}
	if pa.Count != nil && *pa.Count > 0 && pa.Captioned != nil && pa.CaptionCoverage != nil {
		rows = append(rows, []cell{txt("Captioned", strong), txt(fmt.Sprintf("%d of %d (%s)", *pa.Captioned, *pa.Count, share(*pa.CaptionCoverage)), body), txt("Captions tell us, and guests, what each photo shows", small)})
	}
	if len(pa.Rooms) > 0 {
		rows = append(rows, []cell{txt("Key rooms shown", strong), txt(fmt.Sprintf("%d of %d", covered, len(pa.Rooms)), body), txt(prefixed("Missing: ", pa.MissingRooms), small)})
	}
	if c := pa.Cover; c != nil {
		// By its place in the photo tour and what it shows, never its file
		// name: "Photo 3 · Living room · “Sunny terrace”".
		v := joinNonEmpty(" · ", photoPosition(d.coverIndex()), titleCase(c.Room), ifStr(c.Caption != "", "“"+c.Caption+"”"))
		if v == "" {
			v = "No caption"
		}
		rows = append(rows, []cell{txt("Cover photo", strong), txt(v, body), txt(c.Assessment, small)})
	}
	if q := pa.Quality; q != nil {
		result, notes := NotAssessed, fmt.Sprintf("%d measured, %d could not be read", q.Measured, q.Failed)
		if q.Score != nil {
			result = fmt.Sprintf("%d/100", *q.Score)
		}
		if q.TimedOut > 0 {
			notes += fmt.Sprintf(", %d not measured in time", q.TimedOut)
		}
		rows = append(rows, []cell{txt("Measured quality", strong), txt(result, body), txt(notes, small)})
	}
	if pa.Score != nil {
		rows = append(rows, []cell{txt("Photo score", strong), {hasBar: true, bar: float64(*pa.Score), parts: []part{{fmt.Sprintf("%d/100", *pa.Score), strong}}}, {}})
	} else {
		rows = append(rows, []cell{txt("Photo score", strong), txt("Not assessed", body), {}})
	}
	d.table([]column{{head: "Check", weight: 0.22}, {head: "Result", weight: 0.3}, {head: "Benchmark and notes", weight: 0.48}}, rows, defaultTable)

	if len(pa.Rooms) > 0 {
		d.sub("Rooms in the captions")
		var rr [][]cell
		for _, r := range pa.Rooms {
			shown := txt("Yes", body)
			if !r.Covered {
				shown = txt("Not shown", style{size: 9.5, bold: true, color: red600})
			}
			rr = append(rr, []cell{txt(titleCase(r.Room), strong), shown, txt(fmt.Sprint(r.Photos), body).right()})
		}
		d.table([]column{{head: "Room", weight: 0.4}, {head: "Shown", weight: 0.35}, {head: "Captioned photos", weight: 0.25, align: 'R'}}, rr, defaultTable)
	}
	if q := pa.Quality; q != nil && q.Measured > 0 {
		d.sub("Photo measurements")
		var dups []string
		for _, p := range q.Duplicates {
			dups = append(dups, fmt.Sprintf("%d and %d", p.A+1, p.B+1))
		}
		d.kv([][2]string{
			{"Low resolution", fmt.Sprint(q.LowResolution)},
			{"Too dark", fmt.Sprint(q.TooDark)},
			{"Too bright", fmt.Sprint(q.TooBright)},
			{"Blurry", fmt.Sprint(q.Blurry)},
			{"Near-duplicate pairs (photo numbers)", ifStr(len(dups) > 0, strings.Join(dups, "; "))},
		})
	}
	d.photoTable()
	d.findings(pa.Findings)
}

// photoTable lists the measured photos, each by its number in the photo
// tour (the thumbnails above carry the same numbers), with what was
// measured. Photos not measured have nothing to list beyond the counts
// above: no table of numbers or file names.
func (d *doc) photoTable() {
	pa := d.r.PhotoAudit
	if pa.Quality == nil || len(pa.Quality.Photos) == 0 {
		return
	}
	metrics := pa.Quality.Photos
	d.sub(fmt.Sprintf("The photos measured (%d)", len(metrics)))
	d.photoGrid(metrics)
	var rows [][]cell
	for i, m := range metrics {
		var size, bright, sharp, notes string
		if m.Error != "" {
			notes = "Could not be measured: " + m.Error
		} else {
			size = fmt.Sprintf("%d×%d", m.Width, m.Height)
			bright = fmt.Sprintf("%.0f", m.Brightness)
			sharp = fmt.Sprintf("%.0f", m.Sharpness)
			var ns []string
			if !m.ResolutionOK {
				ns = append(ns, "low resolution")
			}
			if !m.Sharp {
				ns = append(ns, "blurry")
			}
			notes = strings.Join(ns, ", ")
		}
		if d.isCover(i, m.URL) {
			notes = joinNonEmpty("; ", "cover", notes)
		}
		rows = append(rows, []cell{txt(photoPosition(i), strong), txt(size, small), txt(bright, small).right(), txt(sharp, small).right(), txt(notes, small)})
	}
	d.table([]column{{head: "Photo", weight: 0.14}, {head: "Pixels", weight: 0.16}, {head: "Brightness (0–255)", weight: 0.18, align: 'R'}, {head: "Sharpness", weight: 0.14, align: 'R'}, {head: "Notes", weight: 0.38}}, rows, defaultTable)
}

func (d *doc) gapSection() {
	d.section(headGaps)
	ga := d.r.BookingGapAnalysis
	d.explain([]string{"booking_gap_analysis"}, ga.Explanation)
	if ga.Status == "calendar" {
		window := ""
		if ga.WindowStart != "" {
			window = fmt.Sprintf("%s from %s", plural(ga.Nights, "night", "nights"), ga.WindowStart)
			if ga.WindowEnd != "" {
				window = fmt.Sprintf("%s, %s", plural(ga.Nights, "night", "nights"), ga.WindowDates())
			}
			if ga.WindowFromSnapshot {
				window += " (from the calendar's first day)"
			}
			if ga.WindowPast {
				window += " (before this report)"
			}
		}
		d.kv([][2]string{
			{"Calendar", ga.Source},
			{"Window", window},
			{"Unavailable (booked or blocked)", fmt.Sprint(ga.UnavailableNights)},
			{"Open", fmt.Sprint(ga.OpenNights)},
			{"Orphan gaps (1–3 open nights between unavailable ones)", fmt.Sprint(ga.OrphanGaps)},
			{"Gaps shorter than the minimum stay", fmt.Sprint(ga.BelowMinGaps)},
			{"Nights in these gaps", fmt.Sprint(ga.GapNights)},
		})
		d.sub("Open nights")
		for _, r := range []struct {
			name string
			v    float64
		}{{"Weekdays (Sun–Thu)", ga.WeekdayAvailability}, {"Fri and Sat", ga.WeekendAvailability}} {
			d.begin(7)
			y := d.y()
			d.drawText(r.name, d.left, y, 40, 5, style{size: 9, bold: true, color: slate700}, 'L')
			d.bar(d.left+42, y+1, d.width()-42-30, 3.4, r.v*100, brand600)
			d.drawText(share(r.v)+" open", d.right-28, y, 28, 5, strong, 'R')
			d.setY(y + 6.5)
		}
		if len(ga.Gaps) > 0 {
			d.sub("The gaps")
			var rows [][]cell
			for _, g := range ga.Gaps {
				var kinds []string
				if g.Orphan {
					kinds = append(kinds, "orphan gap")
				}
				if g.BelowMin {
					kinds = append(kinds, "shorter than the minimum stay: unbookable as set")
				}
				minStay := ""
				if g.MinNights > 0 {
					minStay = plural(g.MinNights, "night", "nights")
				}
				rows = append(rows, []cell{txt(g.Start, strong), txt(fmt.Sprint(g.Nights), body).right(), txt(minStay, body), txt(titleCase(strings.Join(kinds, "; ")), body)})
			}
			d.table([]column{{head: "First open night", weight: 0.22}, {head: "Nights", weight: 0.12, align: 'R'}, {head: "Minimum stay", weight: 0.2}, {head: "Kind", weight: 0.46}}, rows, defaultTable)
		}
	} else {
		d.none("No calendar was available, so the advice below is general guidance rather than measured from the listing's calendar.")
	}
	if len(ga.Recommendations) > 0 {
		d.sub("What to do")
		d.bullets(ga.Recommendations, body)
	}
	d.findings(ga.Findings)
}

func (d *doc) guestSection() {
	d.section(headGuests)
	gp := d.r.GuestProfileAnalysis
	d.explain([]string{"guest_profile_analysis"}, gp.Explanation)
	reviews := ""
	if gp.ReviewsRead > 0 {
		reviews = fmt.Sprint(gp.ReviewsRead)
	}
	d.kv([][2]string{{"Most likely guests", gp.Primary}, {"Review texts read for evidence", reviews}})
	if len(gp.Segments) == 0 {
		d.none("No guest segments were scored.")
		return
	}
	var rows [][]cell
	for _, s := range gp.Segments {
		likely := txt("No", body)
		if s.Likely {
			likely = txt("Likely", style{size: 9.5, bold: true, color: green600})
		}
		ev := strings.Join(s.Evidence, ", ")
		if ev == "" {
			ev = "—"
		}
		rows = append(rows, []cell{txt(s.Name, strong), {hasBar: true, bar: float64(s.Score), parts: []part{{fmt.Sprintf("%d/100", s.Score), small}}}, likely, txt(ev, body)})
	}
	d.table([]column{{head: "Guests", weight: 0.22}, {head: "Score", weight: 0.2}, {head: "", weight: 0.12}, {head: "Evidence", weight: 0.46}}, rows, defaultTable)
}

func (d *doc) reviewSection() {
	d.section(headReviews)
	ra := d.r.ReviewAnalysis
	d.explain([]string{"review_summary"}, ra.Explanation)
	summary := strings.TrimSpace(d.r.ReviewSummary)
	if summary == "" {
		summary = strings.TrimSpace(ra.Summary)
	}
	if summary != "" {
		d.para(summary, style{size: 10, color: slate900})
		d.setY(d.y() + 1)
	}
	if pi := d.r.PerformanceInsights; pi != nil && strings.TrimSpace(pi.ReviewSentiment) != "" && strings.TrimSpace(pi.ReviewSentiment) != summary {
		d.para(pi.ReviewSentiment, body)
	}
	rating, count, read := RatingFigure(d.r).Value, "", ""
	if rf := RatingFigure(d.r); !rf.Assessed() {
		rating = NotAssessed + ": " + rf.Why
	}
	if ra.ReviewCount > 0 {
		count = fmt.Sprint(ra.ReviewCount)
	}
	if ra.Analyzed > 0 || ra.Skipped > 0 {
		read = fmt.Sprintf("%d analysed, %d skipped (not in English or empty)", ra.Analyzed, ra.Skipped)
	}
	d.kv([][2]string{
		{"Overall rating", rating},
		{"Reviews", count},
		{"Recent review texts", read},
		{"Praised", strings.Join(ra.Praised, ", ")},
		{"Recurring complaints", strings.Join(ra.Complaints, ", ")},
	})
	if ra.Analyzed > 0 {
		d.sub(fmt.Sprintf("Sentiment: %d/100", ra.SentimentScore))
		d.begin(12)
		y := d.y()
		total := float64(ra.Positive + ra.Neutral + ra.Negative)
		if total > 0 {
			x := d.left
			w := d.width()
			for _, s := range []struct {
				n int
				c rgb
			}{{ra.Positive, green600}, {ra.Neutral, slate300}, {ra.Negative, red600}} {
				sw := w * float64(s.n) / total
				if sw > 0 {
					d.fill(s.c)
					d.pdf.Rect(x, y, sw, 4, "F")
					x += sw
				}
			}
		}
		d.setY(y + 5.5)
		d.para(fmt.Sprintf("%d positive · %d neutral · %d negative", ra.Positive, ra.Neutral, ra.Negative), small)
	}
	if len(ra.Themes) > 0 {
		d.sub("Themes guests mention")
		var rows [][]cell
		for _, t := range ra.Themes {
			rows = append(rows, []cell{txt(titleCase(t.Theme), strong), txt(fmt.Sprint(t.Mentions), body).right(), txt(fmt.Sprint(t.Positive), style{size: 9.5, color: green600}).right(), txt(fmt.Sprint(t.Negative), style{size: 9.5, color: red600}).right()})
		}
		d.table([]column{{head: "Theme", weight: 0.4}, {head: "Reviews mentioning it", weight: 0.22, align: 'R'}, {head: "Positive", weight: 0.19, align: 'R'}, {head: "Negative", weight: 0.19, align: 'R'}}, rows, defaultTable)
	} else if ra.Analyzed == 0 && summary == "" {
		d.none("No review texts were available to analyse.")
	}
	d.findings(ra.Findings)
}

func (d *doc) marketSection() {
	m := d.r.MarketAnalysisData
	if m == nil {
		return // Basic: market analytics are Premium only
	}
	d.section(headMarket)
	d.used["market_analysis_data"] = true
	if !m.Available {
		d.none(joinNonEmpty(" ", m.Note, ifStr(m.Note != m.Explanation, m.Explanation), ifStr(m.Note == "" && m.Explanation == "", "No market data covers this listing.")))
		d.revenueInsights()
		return
	}
	d.explain([]string{"market_analysis_data"}, m.Explanation)
	live := m.Source == market.SourceLive
	if live {
		d.kv([][2]string{
			{"Market", "Listings like this one nearby, in Airbnb's search today"},
			{"Searched on", analysis.LongDate(m.Snapshot)},
			{"Prices are for", ifStr(m.StayCheckin != "", "a stay of "+analysis.LongDate(m.StayCheckin)+" to "+analysis.LongDate(m.StayCheckout))},
			{"Comparable listings", ifStr(m.Comparables > 0, numfmt.Thousands(m.Comparables))},
			{"Comparables are", m.Basis},
			{"Superhosts among them", shareOr(m.SuperhostShare)},
			{"Marked Guest favorite", shareOr(m.GuestFavoriteShare)},
		})
		if len(m.Missing) > 0 {
			d.para("Not everything could be read today: "+strings.Join(m.Missing, "; ")+".", style{size: 9, color: amber700})
		}
	} else {
		d.kv([][2]string{
			{"Market", m.Market},
			{"Data snapshot", analysis.LongDate(m.Snapshot)},
			{"Comparable listings", ifStr(m.Comparables > 0, numfmt.Thousands(m.Comparables))},
			{"Comparables are", m.Basis},
			{"Search radius", ifStr(m.RadiusKm > 0, num(m.RadiusKm)+" km from the listing")},
			{"Superhosts among them", shareOr(m.SuperhostShare)},
			{"With Instant Book", shareOr(m.InstantBookShare)},
		})
		if t := m.TodayPrices; t != nil {
			d.para(t.Explanation, small)
		}
	}
	d.explain([]string{"market_analysis_data.radius_km"})
	cur := m.Currency
	if m.PriceP25 > 0 || m.PriceP50 > 0 || m.PriceP75 > 0 {
		d.sub("Nightly price among comparables")
		rs := rangeSpec{lo: m.PriceP25, mid: m.PriceP50, hi: m.PriceP75, band: brand200,
			loLab: "25th percentile " + numfmt.Money(m.PriceP25, cur), midLab: "Median " + numfmt.Money(m.PriceP50, cur), hiLab: "75th percentile " + numfmt.Money(m.PriceP75, cur)}
		if p := d.r.PricingAnalysis.Price; p != nil {
			rs.marker = p
			rs.markerLab = "This listing " + numfmt.Money(*p, d.r.PricingAnalysis.Currency)
			if m.PricePercentile != nil {
				rs.markerLab += " · " + ordinal(*m.PricePercentile)
			}
		}
		d.rangeChart(rs)
	}
	pctOf := func(p *float64) string {
		if p == nil {
			return ""
		}
		return ordinal(*p)
	}
	var rows [][]cell
	addRow := func(name, median, mine, pct string) {
		if median == "" && mine == "" {
			return
		}
		rows = append(rows, []cell{txt(name, strong), txt(median, body).right(), txt(mine, body).right(), txt(pct, small)})
	}
	if m.PriceP50 > 0 {
		mine := ""
		if p := d.r.PricingAnalysis.Price; p != nil {
			mine = numfmt.Money(*p, d.r.PricingAnalysis.Currency)
		}
		addRow("Nightly price", numfmt.Money(m.PriceP50, cur), mine, pctOf(m.PricePercentile))
	}
	if m.MedianRating > 0 {
		addRow("Rating", num(m.MedianRating), ifStr(d.r.ReviewAnalysis.Rating > 0, num(d.r.ReviewAnalysis.Rating)), pctOf(m.RatingPercentile))
	}
	if m.MedianReviews > 0 {
		addRow("Reviews", num(m.MedianReviews), ifStr(d.r.ReviewAnalysis.ReviewCount > 0, fmt.Sprint(d.r.ReviewAnalysis.ReviewCount)), pctOf(m.ReviewPercentile))
	}
	if m.MedianOccupancyNights > 0 {
		addRow("Estimated occupancy (nights a year)", num(m.MedianOccupancyNights), ifStr(m.ListingInData && m.ListingOccupancyNights > 0, fmt.Sprint(m.ListingOccupancyNights)), "")
	}
	if m.MedianRevenue > 0 {
		addRow("Estimated revenue (a year)", numfmt.Money(m.MedianRevenue, cur), ifStr(m.ListingInData && m.ListingRevenue > 0, numfmt.Money(m.ListingRevenue, cur)), "")
	}
	if m.MedianAmenities > 0 {
		addRow("Amenities listed", num(m.MedianAmenities), ifStr(d.r.AmenityAnalysis.Read, fmt.Sprint(d.r.AmenityAnalysis.Count)), "")
	}
	if len(rows) > 0 {
		d.sub("How the listing compares")
		d.table([]column{{head: "Measure", weight: 0.36}, {head: "Comparables' median", weight: 0.2, align: 'R'}, {head: "This listing", weight: 0.18, align: 'R'}, {head: "Listing's rank", weight: 0.26}}, rows, defaultTable)
		if m.MedianOccupancyNights > 0 || m.MedianRevenue > 0 {
			d.para("Occupancy and revenue are Inside Airbnb's estimates over the year before the snapshot.", muted)
		}
	}
	d.distributions(m)
	d.marketHistory(m.History)
	d.seasonality(m)
	if len(m.CommonAmongBest) > 0 {
		d.subKeep("Amenities common among the best performers", 30)
		if m.BestPerformers > 0 {
			d.para(fmt.Sprintf("The best performers are the top %d comparables%s.", m.BestPerformers, ifStr(m.RankedBy != "", " by "+m.RankedBy)), small)
			d.setY(d.y() + 1)
		}
		var rows [][]cell
		for _, a := range m.CommonAmongBest {
			has := txt("Missing", style{size: 9.5, bold: true, color: red600})
			if a.Listing {
				has = txt("✓ Has it", style{size: 9.5, bold: true, color: green600})
			}
			rows = append(rows, []cell{txt(a.Amenity, strong), txt(share(a.ShareBest), body).right(), txt(share(a.ShareRest), body).right(), txt(share(a.ShareAll), body).right(), has})
		}
		d.table([]column{{head: "Amenity", weight: 0.34}, {head: "Best performers", weight: 0.16, align: 'R'}, {head: "Other comparables", weight: 0.17, align: 'R'}, {head: "All", weight: 0.11, align: 'R'}, {head: "This listing", weight: 0.22}}, rows, defaultTable)
	}
	d.titlePatterns(m)
	d.revenueInsights()
	d.comparablesList(m)
	if a := strings.TrimSpace(m.Attribution); a != "" {
		d.setY(d.y() + 2)
		d.para(a, style{size: 8.5, bold: true, color: slate600})
	}
}

// revenueInsights are the Premium results' revenue insights (SPEC §2's
// Market Analysis card).
func (d *doc) revenueInsights() {
	pi := d.r.PerformanceInsights
	if pi == nil || len(pi.RevenueInsights) == 0 {
		return
	}
	d.sub("Revenue insights")
	d.bullets(pi.RevenueInsights, body)
}

func (d *doc) scoresSection() {
	d.section(headScores)
	if d.r.OverallBand != "" {
		if v := d.r.OverallScore; v != nil {
			d.sub(fmt.Sprintf("%s: %d/100, %s", analysis.ListingScoreName, *v, strings.ToLower(d.r.OverallBand)))
		} else {
			d.sub(analysis.ListingScoreName + ": " + NotAssessed)
		}
		d.explain([]string{"overall_score"})
	}
	cs := d.r.CompetitiveScores
	details := map[string]analysis.Score{"market_positioning": cs.Details.MarketPositioning, "amenity_score": cs.Details.Amenity,
		"visual_score": cs.Details.Visual, "experience_score": cs.Details.Experience}
	for _, s := range cs.Rows() {
		if s.Key == "market_positioning" && d.r.OverallBand != "" {
			continue // the listing score, just above
		}
		detail := details[s.Key]
		d.begin(40)
		d.setY(d.y() + 2)
		y := d.y()
		d.drawText(s.Name, d.left, y, 60, 6, subhead, 'L')
		if s.Value == nil {
			d.drawText(NotAssessed, d.left+62, y, d.width()-62, 6, muted, 'L')
		} else {
			d.bar(d.left+62, y+1.2, d.width()-62-24, 3.6, float64(*s.Value), scoreColor(float64(*s.Value)))
			d.drawText(fmt.Sprintf("%d/100", *s.Value), d.right-22, y, 22, 6, style{size: 11, bold: true, color: slate900}, 'R')
		}
		d.setY(y + 8)
		d.explain([]string{"competitive_scores." + s.Key}, detail.Explanation)
		if s.Value == nil {
			continue // no inputs or formula to show for a score not given
		}
		if len(detail.Components) > 0 {
			var rows [][]cell
			for _, c := range detail.Components {
				rows = append(rows, []cell{txt(titleCase(c.Name), strong), txt(num(c.Value), body).right(), txt(fmt.Sprintf("%.0f%%", c.Weight*100), body).right(), txt(c.Basis, small)})
			}
			d.table([]column{{head: "Input", weight: 0.24}, {head: "Value (0–100)", weight: 0.15, align: 'R'}, {head: "Weight", weight: 0.11, align: 'R'}, {head: "Basis", weight: 0.5}}, rows, defaultTable)
		}
		if f := strings.TrimSpace(detail.Formula); f != "" {
			d.setY(d.y() + 1)
			d.para("Formula: "+f, muted)
		}
	}
}

func (d *doc) sourcesSection() {
	d.section(headSources)
	if len(d.r.DataSources) > 0 {
		var rows [][]cell
		for _, s := range d.r.DataSources {
			c := cell{parts: []part{{s.Detail, body}}}
			if s.Attribution != "" {
				c.parts = append(c.parts, part{s.Attribution, muted})
			}
			rows = append(rows, []cell{txt(s.Name, strong), c})
		}
		d.table([]column{{head: "Source", weight: 0.24}, {head: "What was read", weight: 0.76}}, rows, defaultTable)
	}
	if a := strings.TrimSpace(d.r.Attribution); a != "" {
		d.setY(d.y() + 2)
		d.block(a+". Market figures in this report are derived from Inside Airbnb's public data.", style{size: 9, bold: true, color: slate700}, slate100)
	}
	var writers [][2]string
	keys := make([]string, 0, len(d.r.WriterLabels))
	for k := range d.r.WriterLabels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	names := map[string]string{"title_suggestions": "Title suggestions", "optimized_description": "Optimized description", "amenity_copy": "Amenity copy"}
	for _, k := range keys {
		n := names[k]
		if n == "" {
			n = titleCase(strings.ReplaceAll(k, "_", " "))
		}
		w := strings.TrimSpace(d.r.WriterLabels[k])
		if w == "" {
			continue
		}
		writers = append(writers, [2]string{n, textcase.UpperFirst(w)})
	}
	if len(writers) > 0 {
		d.sub("Who wrote the copy")
		d.kv(writers)
	}
	if len(d.r.WriterNotes) > 0 {
		d.bullets(d.r.WriterNotes, small)
	}
	if len(d.r.Warnings) > 0 {
		d.sub("What could not be read")
		d.bullets(d.r.Warnings, small)
	}
	gen := ""
	if !d.r.GeneratedAt.IsZero() {
		gen = d.r.GeneratedAt.UTC().Format("January 2, 2006 15:04 MST")
	}
	recheck := ""
	if c := d.r.Comparison; c != nil {
		recheck = "Your first report"
		if day := beforeDate(c); day != "" {
			recheck = "Your report of " + day
		}
	}
	d.sub("This report")
	d.kv([][2]string{
		{"Listing", d.r.ListingURL},
		{"Plan", d.plan.Name}, // the plan table's name
		{"Generated", gen},
		{"Free re-check of", recheck},
	})
}

// otherExplanations prints any explanation no section showed, so none is
// ever lost when the report grows a new one.
func (d *doc) otherExplanations() {
	var keys []string
	for k, v := range d.r.Explanations {
		// Under another key, a text already shown is not said again (the
		// market-positioning score is the listing score, explained above).
		if !d.used[k] && strings.TrimSpace(v) != "" && !d.shown[strings.TrimSpace(v)] {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	sort.Strings(keys)
	d.section(headOther)
	var rows [][]cell
	for _, k := range keys {
		rows = append(rows, []cell{txt(titleCase(strings.ReplaceAll(strings.ReplaceAll(k, "_", " "), ".", ": ")), strong), txt(d.r.Explanations[k], body)})
	}
	d.table([]column{{weight: 0.28}, {weight: 0.72}}, rows, tableOpts{rules: true, padX: 1.8, padY: 1.4})
}

// photoMinimum is the site's photo minimum as the report says it
// (PhotoAudit.MinimumSaid, decided in analysis.PlatformRules); a report
// stored before that field existed says it the old way.
func photoMinimum(pa analysis.PhotoAudit, platform, top string) string {
	switch {
	case pa.MinimumSaid != "":
		return pa.MinimumSaid + top
	case pa.Minimum > 0:
		return fmt.Sprintf("%s's minimum is %d%s", titleCase(platform), pa.Minimum, top)
	}
	return ""
}

// marketHistory is "Your market over the last N weeks" (issue 45): each
// week the listing's Watch read, its comparables' median and the
// listing's own price.
func (d *doc) marketHistory(h *report.MarketHistory) {
	if h == nil {
		return
	}
	d.subKeep(h.Heading, 30)
	d.para(h.Explanation, small)
	var rows [][]cell
	for _, p := range h.Points {
		mine := ""
		if p.Price != nil {
			mine = numfmt.Money(*p.Price, h.Currency)
		}
		rows = append(rows, []cell{txt(analysis.LongDate(p.CheckedAt), strong), txt(numfmt.Money(p.Median, h.Currency), body).right(), txt(mine, body).right(), txt(p.Band, small)})
	}
	d.table([]column{{head: "Week of", weight: 0.3}, {head: "Comparables' median", weight: 0.24, align: 'R'}, {head: "This listing", weight: 0.2, align: 'R'}, {head: "Your price among them", weight: 0.26}}, rows, defaultTable)
}

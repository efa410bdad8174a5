package pdfreport

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/report"
)

// distributions draws how the comparables' estimated occupancy and revenue
// spread, with the listing's own estimate when it is in the data.
func (d *doc) distributions(m *report.MarketAnalysis) {
	for _, x := range []struct {
		key, title string
		dist       *analysis.Distribution
		format     func(float64) string
	}{
		{"estimated_occupancy", "Estimated booked nights over the year before the snapshot", m.EstimatedOccupancy, func(v float64) string { return plural(int(math.Round(v)), "night", "nights") }},
		{"estimated_revenue", "Estimated revenue over the year before the snapshot", m.EstimatedRevenue, func(v float64) string { return numfmt.Money(v, m.Currency) }},
	} {
		dist := x.dist
		if dist == nil {
			continue
		}
		d.subKeep(x.title, 30)
		d.explain([]string{"market_analysis_data." + x.key}, dist.Explanation)
		rs := rangeSpec{lo: dist.P25, mid: dist.P50, hi: dist.P75, band: brand200,
			loLab: "25th percentile " + x.format(dist.P25), midLab: "Median " + x.format(dist.P50), hiLab: "75th percentile " + x.format(dist.P75)}
		if dist.Listing != nil {
			rs.marker = dist.Listing
			rs.markerLab = "This listing " + x.format(*dist.Listing)
			if dist.ListingPercentile != nil {
				rs.markerLab += " · " + ordinal(*dist.ListingPercentile)
			}
		}
		d.rangeChart(rs)
		d.para(fmt.Sprintf("Across %s with an estimate; Inside Airbnb's estimates, not booking records.", plural(dist.Comparables, "comparable listing", "comparable listings")), muted)
	}
}

// monthName turns "2026-07" into "July 2026" (short: "Jul").
func monthName(ym string, short bool) string {
	t, err := time.Parse("2006-01", ym)
	if err != nil {
		return ym
	}
	if short {
		return t.Format("Jan")
	}
	return t.Format("January 2006")
}

// seasonality draws the comparables' calendars month by month: a column
// per month for the share of nights not available, the listing's own
// share as a marker, then the figures as a table.
func (d *doc) seasonality(m *report.MarketAnalysis) {
	s := m.Seasonality
	if s == nil {
		return
	}
	d.subKeep("Seasonality", 60)
	d.explain([]string{"market_analysis_data.seasonality"}, s.Explanation)
	if len(s.Months) == 0 {
		d.none("The calendars had no nights to show by month.")
		return
	}
	hasListing := false
	for _, mo := range s.Months {
		if mo.ListingUnavailableShare != nil {
			hasListing = true
		}
	}
	const chartH, labelH = 34.0, 12.0
	d.begin(chartH + labelH + 8)
	top := d.y() + 4
	base := top + chartH
	const gutter = 8.0 // for the axis labels
	x0 := d.left + gutter
	colW := (d.width() - gutter) / float64(len(s.Months))
	barW := math.Min(colW*0.62, 12)
	// Gridlines at 0, 25, 50, 75 and 100%.
	d.pdf.SetLineWidth(0.2)
	for _, g := range []float64{0, 0.25, 0.5, 0.75, 1} {
		y := base - g*chartH
		d.stroke(slate200)
		d.pdf.Line(x0, y, d.right, y)
		d.drawText(fmt.Sprintf("%.0f%%", g*100), d.left, y-1.5, gutter-1.5, 3, style{size: 6.5, color: slate400}, 'R')
	}
	for i, mo := range s.Months {
		cx := x0 + colW*(float64(i)+0.5)
		v := clamp(mo.UnavailableShare, 0, 1)
		c := brand200
		switch {
		case mo.Busiest:
			c = brand700
		case mo.Quietest:
			c = slate400
		}
		d.fill(c)
		if h := v * chartH; h > 0 {
			d.pdf.Rect(cx-barW/2, base-h, barW, h, "F")
		}
		if l := mo.ListingUnavailableShare; l != nil {
			ly := base - clamp(*l, 0, 1)*chartH
			d.stroke(red600)
			d.pdf.SetLineWidth(0.8)
			d.pdf.Line(cx-barW/2-0.8, ly, cx+barW/2+0.8, ly)
			d.pdf.SetLineWidth(0.2)
		}
		// Under the axis: the month (with its year at the first month and
		// each January) and the comparables' share.
		lab := monthName(mo.Month, true)
		if i == 0 || strings.HasSuffix(mo.Month, "-01") {
			lab += " " + mo.Month[:min(4, len(mo.Month))]
		}
		d.drawText(d.ellipsize(lab, style{size: 7.5, bold: true}, colW), cx-colW/2, base+1.2, colW, 3.5, style{size: 7.5, bold: mo.Busiest || mo.Quietest, color: slate900}, 'C')
		d.drawText(share(v), cx-colW/2, base+4.6, colW, 3.5, style{size: 7, color: slate600}, 'C')
	}
	// Legend.
	ly := base + 9.5
	x := d.left
	legend := func(c rgb, line bool, text string) {
		if line {
			d.stroke(c)
			d.pdf.SetLineWidth(0.8)
			d.pdf.Line(x, ly+1.6, x+4, ly+1.6)
			d.pdf.SetLineWidth(0.2)
		} else {
			d.fill(c)
			d.pdf.Rect(x, ly+0.4, 4, 2.6, "F")
		}
		w := d.textWidth(text, muted)
		d.drawText(text, x+5, ly, w, 3.5, muted, 'L')
		x += 5 + w + 5
	}
	legend(brand200, false, "Comparables: nights not available (booked or blocked)")
	if s.BusiestMonth != "" {
		legend(brand700, false, "Busiest")
	}
	if s.QuietestMonth != "" {
		legend(slate400, false, "Quietest")
	}
	if hasListing {
		legend(red600, true, "This listing")
	}
	d.setY(ly + 6)

	var rows [][]cell
	for _, mo := range s.Months {
		name := monthName(mo.Month, false)
		if mo.Busiest {
			name += " (busiest)"
		} else if mo.Quietest {
			name += " (quietest)"
		}
		mine := ""
		if mo.ListingUnavailableShare != nil {
			mine = share(*mo.ListingUnavailableShare)
		}
		price := ""
		if mo.MedianPrice != nil {
			price = numfmt.Money(*mo.MedianPrice, m.Currency)
		}
		rows = append(rows, []cell{txt(name, strong), txt(fmt.Sprint(mo.Listings), body).right(), txt(share(mo.UnavailableShare), body).right(), txt(mine, body).right(), txt(price, body).right()})
	}
	cols := []column{{head: "Month", weight: 0.3}, {head: "Comparables", weight: 0.14, align: 'R'}, {head: "Nights not available", weight: 0.2, align: 'R'}, {head: "This listing", weight: 0.16, align: 'R'}, {head: "Median listed price", weight: 0.2, align: 'R'}}
	if !s.HasPrices {
		// Calendars without prices (live calendars show none): no empty column.
		cols = cols[:4]
		cols[0].weight = 0.5
		for i := range rows {
			rows[i] = rows[i][:4]
		}
	}
	d.table(cols, rows, defaultTable)
	overall := "Over all months: " + share(s.UnavailableShare) + " of the comparables' nights not available"
	if s.ListingUnavailableShare != nil {
		overall += "; this listing " + share(*s.ListingUnavailableShare)
	}
	d.para(overall+".", small)
}

// titlePatterns lists the words the best-rated comparables' titles share.
func (d *doc) titlePatterns(m *report.MarketAnalysis) {
	if len(m.TitlePatterns) == 0 {
		return
	}
	d.subKeep("Words the best-rated comparables use in their titles", 30)
	var rows [][]cell
	for _, p := range m.TitlePatterns {
		in := txt("Not in your title", small)
		if p.InListing {
			in = txt("✓ In your title", style{size: 9.5, bold: true, color: green600})
		}
		rows = append(rows, []cell{txt(p.Word, strong), txt(share(p.ShareBest), body).right(), txt(share(p.ShareRest), body).right(), in})
	}
	d.table([]column{{head: "Word", weight: 0.3}, {head: "Best-rated", weight: 0.2, align: 'R'}, {head: "Other comparables", weight: 0.22, align: 'R'}, {head: "Your title", weight: 0.28}}, rows, defaultTable)
}

// comparablesList is the table of the nearest comparables, each with its
// link written out (a printed page cannot be clicked).
func (d *doc) comparablesList(m *report.MarketAnalysis) {
	if len(m.List) == 0 {
		return
	}
	title := fmt.Sprintf("The %d comparable listings", len(m.List))
	if len(m.List) < m.Comparables {
		title = fmt.Sprintf("The nearest %d of the %s comparable listings", len(m.List), numfmt.Thousands(m.Comparables))
	}
	d.subKeep(title, 40)
	var rows [][]cell
	for _, c := range m.List {
		price, rating := "—", "New"
		if c.Price > 0 {
			price = numfmt.Money(c.Price, m.Currency)
		}
		switch {
		case c.Rating > 0:
			rating = fmt.Sprintf("%.2f (%d)", c.Rating, c.ReviewCount)
		case c.ReviewCount > 0:
			rating = plural(c.ReviewCount, "review", "reviews")
		}
		beds := "—" // the source does not say
		switch {
		case c.Bedrooms == nil:
		case *c.Bedrooms == 0:
			beds = "Studio"
		default:
			beds = fmt.Sprint(*c.Bedrooms)
		}
		name := c.Title
		if len(c.Badges) > 0 {
			name += " · " + strings.Join(c.Badges, ", ")
		}
		rows = append(rows, []cell{txt(name, small), txt(fmt.Sprintf("%.1f km", c.DistanceKm), small).right(), txt(beds, small).right(),
			txt(price, small).right(), txt(rating, small).right(), txt(strings.TrimPrefix(c.URL, "https://www."), muted)})
	}
	d.table([]column{{head: "Listing", weight: 0.32}, {head: "Distance", weight: 0.1, align: 'R'}, {head: "Bedrooms", weight: 0.12, align: 'R'},
		{head: "Price a night", weight: 0.12, align: 'R'}, {head: "Rating", weight: 0.12, align: 'R'}, {head: "Page", weight: 0.22}}, rows, defaultTable)
}

package orders

import (
	"slices"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/report"
)

// ListingHistoryOrders is how many of a host's newest orders the
// dashboard's listings are made from (store.ListReportScores' limit): far
// more than a host makes in the re-check window, and a bounded read.
const ListingHistoryOrders = 200

// ListingGroup is one listing on the dashboard: its completed reports,
// oldest first, whose scores make its trend, and the re-check its newest
// bought report offers.
type ListingGroup struct {
	ListingURL   string
	ListingTitle string // as the newest report read it (or, without one, as its order has it)
	Reports      []ReportPoint
	// Bought is the newest report the host paid for (where re-checks
	// count) and Recheck its re-check state; nil when none is in the
	// history (only re-checks of an older report are).
	Bought  *domain.Optimization
	Recheck *RecheckState
}

// ReportPoint is one report of a listing's trend.
type ReportPoint struct {
	Optimization domain.Optimization // summary fields only
	Score        *int                // the report's overall score; nil on a report made before there was one
}

// Latest is the group's newest report.
func (g ListingGroup) Latest() ReportPoint { return g.Reports[len(g.Reports)-1] }

// Listings groups reports (store.ListReportScores: newest first, each with
// only its overall score and title as results) by listing: the listing reported on
// most recently first, each group's reports oldest first.
func Listings(reports []domain.Optimization, now time.Time) []ListingGroup {
	var groups []ListingGroup
	index := map[string]int{}
	for _, o := range reports { // newest first: the first seen is the newest
		i, ok := index[o.ListingURL]
		if !ok {
			i = len(groups)
			index[o.ListingURL] = i
			groups = append(groups, ListingGroup{ListingURL: o.ListingURL, ListingTitle: o.ListingTitle})
		}
		g := &groups[i]
		r := report.HeadlineOf(o.Results) // a report without a score is a point without one
		if !ok && strings.TrimSpace(r.Title) != "" {
			// The title the listing had when it was last read, even if
			// the host left the order's title blank.
			g.ListingTitle = r.Title
		}
		o.Results = nil
		g.Reports = append(g.Reports, ReportPoint{Optimization: o, Score: r.Score})
		if g.Bought == nil && o.RecheckOf == "" {
			bought := o
			g.Bought = &bought
			g.Recheck = RecheckStateOf(&bought, now)
		}
	}
	for i := range groups {
		slices.Reverse(groups[i].Reports)
	}
	return groups
}

// Package watch: TEMPORARY stub until the changes helper's package lands.
package watch

import (
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/report"
)

func Facts(r *report.Result) domain.WatchFacts {
	return domain.WatchFacts{Score: r.OverallScore, Title: r.OriginalTitle}
}

func Week(week string, at time.Time, prev *domain.WatchFacts, cur domain.WatchFacts) domain.WatchWeek {
	w := domain.WatchWeek{Week: week, CheckedAt: at, Score: cur.Score}
	if prev != nil && prev.Title != cur.Title {
		w.Changes = append(w.Changes, domain.WatchChange{Kind: domain.ChangeTitle, What: "Your title changed.", Before: prev.Title, After: cur.Title})
	}
	return w
}

package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
)

// DueWatches is one range on watchDueAt, ordered by it and then by
// document id: the single-field ascending index firestore.indexes.json
// declares for watchDueAt serves it (a range, its own field's order, and
// the implicit __name__ order in the same direction). watchDueAt is null
// unless the watch is active (store.WatchDueAt) and a null never matches a
// range, so only due watches are read, and of each only the due time (the
// id is the document's).
func (s *Store) DueWatches(ctx context.Context, before time.Time, after *domain.WatchDue, limit int) ([]domain.WatchDue, error) {
	if limit < 1 { // no page asked for: none, as on SQLite (LIMIT 0)
		return []domain.WatchDue{}, nil
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	q := s.optimizations().
		Where(watchDueField, "<=", timestamp(before)).
		OrderBy(watchDueField, firestore.Asc).OrderBy(firestore.DocumentID, firestore.Asc).
		Select(watchDueField).Limit(limit)
	if after != nil {
		if domain.ValidKey(after.ID) {
			q = q.StartAfter(timestamp(after.DueAt), s.optimizations().Doc(after.ID))
		} else {
			// No order's id: every watch due at that time or later, as
			// the SQL (id > '') reads it. A second range on the same
			// field, as the client wants a value for every order in a
			// cursor.
			q = q.Where(watchDueField, ">=", timestamp(after.DueAt))
		}
	}
	snaps, err := q.Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: due watches: %w", err)
	}
	out := make([]domain.WatchDue, 0, len(snaps))
	for _, snap := range snaps {
		var d struct {
			DueAt time.Time `firestore:"watchDueAt"`
		}
		if err := snap.DataTo(&d); err != nil {
			return nil, fmt.Errorf("firestore: due watches: decode %s: %w", snap.Ref.Path, err)
		}
		out = append(out, domain.WatchDue{ID: snap.Ref.ID, DueAt: d.DueAt.UTC()})
	}
	return out, nil
}

// watchDueField is the order's top-level due time, mirrored from the
// watch on every write (store.WatchDueAt: null unless active).
const watchDueField = "watchDueAt"

// watchDoc is domain.Watch, as the order's "watch" map.
type watchDoc struct {
	State       string         `firestore:"state"`
	Ended       string         `firestore:"ended"`
	StartedAt   time.Time      `firestore:"startedAt"`
	Weeks       int            `firestore:"weeks"`
	DueAt       *time.Time     `firestore:"dueAt"`
	FailedInRow int            `firestore:"failedInRow"`
	Checks      []watchWeekDoc `firestore:"checks"`
	Last        *watchFactsDoc `firestore:"last"`
	PausedAt    *time.Time     `firestore:"pausedAt"`
	StoppedAt   *time.Time     `firestore:"stoppedAt"`
}

// watchWeekDoc is domain.WatchWeek.
type watchWeekDoc struct {
	Week         string           `firestore:"week"`
	CheckedAt    time.Time        `firestore:"checkedAt"`
	Failed       string           `firestore:"failed"`
	Score        *int             `firestore:"score"`
	Price        *float64         `firestore:"price"`
	MarketMedian *float64         `firestore:"marketMedian"`
	Currency     string           `firestore:"currency"`
	Comparables  int              `firestore:"comparables"`
	Band         string           `firestore:"band"`
	Changes      []watchChangeDoc `firestore:"changes"`
	Notice       string           `firestore:"notice"`
	Mail         string           `firestore:"mail"`
	MailedAt     *time.Time       `firestore:"mailedAt"`
}

// watchChangeDoc is domain.WatchChange.
type watchChangeDoc struct {
	Kind   string `firestore:"kind"`
	What   string `firestore:"what"`
	Before string `firestore:"before"`
	After  string `firestore:"after"`
}

// watchFactsDoc is domain.WatchFacts.
type watchFactsDoc struct {
	Score       *int           `firestore:"score"`
	Sections    map[string]int `firestore:"sections"`
	High        []string       `firestore:"high"`
	Title       string         `firestore:"title"`
	Description string         `firestore:"description"`
	Words       int            `firestore:"words"`
	Photos      []string       `firestore:"photos"`
	Amenities   []string       `firestore:"amenities"`
	Price       *float64       `firestore:"price"`
	Currency    string         `firestore:"currency"`
	Median      *float64       `firestore:"median"`
	Band        string         `firestore:"band"`
	PriceCount  int            `firestore:"priceCount"`
	Comparables []string       `firestore:"comparables"`
	ReviewCount int            `firestore:"reviewCount"`
	Complaints  []string       `firestore:"complaints"`
}

func newWatchDoc(w *domain.Watch) *watchDoc {
	if w == nil {
		return nil
	}
	d := &watchDoc{State: string(w.State), Ended: string(w.Ended), StartedAt: timestamp(w.StartedAt), Weeks: w.Weeks,
		DueAt: optionalTimestamp(w.DueAt), FailedInRow: w.FailedInRow, Last: newWatchFactsDoc(w.Last),
		PausedAt: optionalTimestamp(w.PausedAt), StoppedAt: optionalTimestamp(w.StoppedAt)}
	if w.Checks != nil {
		d.Checks = make([]watchWeekDoc, len(w.Checks))
	}
	for i, c := range w.Checks {
		wd := watchWeekDoc{Week: c.Week, CheckedAt: timestamp(c.CheckedAt), Failed: c.Failed,
			Score: c.Score, Price: c.Price, MarketMedian: c.MarketMedian, Currency: c.Currency,
			Comparables: c.Comparables, Band: c.Band, Notice: string(c.Notice), Mail: string(c.Mail),
			MailedAt: optionalTimestamp(c.MailedAt)}
		for _, ch := range c.Changes {
			wd.Changes = append(wd.Changes, watchChangeDoc{Kind: string(ch.Kind), What: ch.What, Before: ch.Before, After: ch.After})
		}
		d.Checks[i] = wd
	}
	return d
}

func (d *watchDoc) domain() *domain.Watch {
	if d == nil {
		return nil
	}
	w := &domain.Watch{State: domain.WatchState(d.State), Ended: domain.WatchEnd(d.Ended), StartedAt: d.StartedAt.UTC(),
		Weeks: d.Weeks, DueAt: optionalUTC(d.DueAt), FailedInRow: d.FailedInRow, Last: d.Last.domain(),
		PausedAt: optionalUTC(d.PausedAt), StoppedAt: optionalUTC(d.StoppedAt)}
	if d.Checks != nil {
		w.Checks = make([]domain.WatchWeek, len(d.Checks))
	}
	for i, c := range d.Checks {
		ww := domain.WatchWeek{Week: c.Week, CheckedAt: c.CheckedAt.UTC(), Failed: c.Failed,
			Score: c.Score, Price: c.Price, MarketMedian: c.MarketMedian, Currency: c.Currency,
			Comparables: c.Comparables, Band: c.Band, Notice: domain.WatchNotice(c.Notice), Mail: domain.WatchMail(c.Mail),
			MailedAt: optionalUTC(c.MailedAt)}
		for _, ch := range c.Changes {
			ww.Changes = append(ww.Changes, domain.WatchChange{Kind: domain.ChangeKind(ch.Kind), What: ch.What, Before: ch.Before, After: ch.After})
		}
		w.Checks[i] = ww
	}
	return w
}

func newWatchFactsDoc(f *domain.WatchFacts) *watchFactsDoc {
	if f == nil {
		return nil
	}
	return &watchFactsDoc{Score: f.Score, Sections: nonEmptyMap(f.Sections), High: nonEmpty(f.High), Title: f.Title,
		Description: f.Description, Words: f.Words, Photos: nonEmpty(f.Photos), Amenities: nonEmpty(f.Amenities),
		Price: f.Price, Currency: f.Currency, Median: f.Median, Band: f.Band, PriceCount: f.PriceCount,
		Comparables: nonEmpty(f.Comparables), ReviewCount: f.ReviewCount, Complaints: nonEmpty(f.Complaints)}
}

func (d *watchFactsDoc) domain() *domain.WatchFacts {
	if d == nil {
		return nil
	}
	return &domain.WatchFacts{Score: d.Score, Sections: nonEmptyMap(d.Sections), High: nonEmpty(d.High), Title: d.Title,
		Description: d.Description, Words: d.Words, Photos: nonEmpty(d.Photos), Amenities: nonEmpty(d.Amenities),
		Price: d.Price, Currency: d.Currency, Median: d.Median, Band: d.Band, PriceCount: d.PriceCount,
		Comparables: nonEmpty(d.Comparables), ReviewCount: d.ReviewCount, Complaints: nonEmpty(d.Complaints)}
}

// nonEmpty and nonEmptyMap keep an empty list or map as none (null), as
// the watch's JSON (omitempty) and so SQLite keep it: both adapters read
// back the same watch.
func nonEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func nonEmptyMap(m map[string]int) map[string]int {
	if len(m) == 0 {
		return nil
	}
	return m
}

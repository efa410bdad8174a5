package domain

import (
	"fmt"
	"time"
)

// Watch (issue 45) is a bought Premium report's weekly watch of its listing
// and market: once a week the listing is read again and analysed through
// the report pipeline, the week's figures are kept (Checks), and the host is
// e-mailed only when something that matters changed. It is state on the
// order it belongs to (Optimization.Watch), so it is deleted with the
// order, ended by the order's refund in the same write, and never outlives
// the account. The decisions over it (start, record a week, pause, stop,
// restart) are store Changes (store/watch.go); what changed in a week is
// package watch's.
type Watch struct {
	State WatchState `json:"state"`
	// Ended says why an ended watch ended ("" unless State is WatchEnded).
	Ended     WatchEnd  `json:"ended,omitempty"`
	StartedAt time.Time `json:"startedAt"`
	// Weeks is how many weekly checks the watch includes
	// (plans.WatchWeeks when it started); a check that failed counts.
	Weeks int `json:"weeks"`
	// DueAt is when the next check is due; nil unless State is
	// WatchActive. The scheduler finds due watches by it alone
	// (Store.DueWatches).
	DueAt *time.Time `json:"dueAt,omitempty"`
	// FailedInRow counts the checks in a row whose listing could not be
	// read; the third one e-mails the host, once.
	FailedInRow int `json:"failedInRow,omitempty"`
	// Checks are the weeks checked, oldest first, at most Weeks.
	Checks []WatchWeek `json:"checks"`
	// Last is the last week's read that worked: what the next week is
	// compared with (nil before the first).
	Last *WatchFacts `json:"last,omitempty"`
	// PausedAt / StoppedAt are when the host last paused or stopped it.
	PausedAt  *time.Time `json:"pausedAt,omitempty"`
	StoppedAt *time.Time `json:"stoppedAt,omitempty"`
}

// WatchState is a watch's state.
type WatchState string

const (
	WatchActive  WatchState = "active"  // checked each week
	WatchPaused  WatchState = "paused"  // the host paused it: no checks, no e-mail, resumable
	WatchStopped WatchState = "stopped" // the host stopped it (the e-mail's unsubscribe): restartable while weeks remain
	WatchEnded   WatchState = "ended"   // over for good (Ended says why); a removed listing's may be restarted
)

// WatchEnd is why a watch ended.
type WatchEnd string

const (
	WatchEndCompleted WatchEnd = "completed" // every week checked
	WatchEndRefunded  WatchEnd = "refunded"  // the order's money went back
	WatchEndRemoved   WatchEnd = "removed"   // the listing is no longer on its site
)

// Used is how many of the watch's weeks are checked (failed ones too).
func (w *Watch) Used() int { return len(w.Checks) }

// Left is how many weekly checks the watch has left.
func (w *Watch) Left() int { return max(0, w.Weeks-len(w.Checks)) }

// Week returns the check of ISO week week, or nil.
func (w *Watch) Week(week string) *WatchWeek {
	for i := range w.Checks {
		if w.Checks[i].Week == week {
			return &w.Checks[i]
		}
	}
	return nil
}

// WatchWeek is one week's check: the figures the timeline and the chart
// show, what changed since the week before, and the e-mail it owes.
type WatchWeek struct {
	// Week is the ISO week the check was due in ("2026-W49", ISOWeek):
	// its task's name carries it, so a retried or doubled run records
	// one check per week.
	Week      string    `json:"week"`
	CheckedAt time.Time `json:"checkedAt"`
	// Failed is why the listing could not be read this week, as the host
	// is told ("" when it was read); a failed week has no figures.
	Failed string `json:"failed,omitempty"`
	// The week's figures (nil where the report had none): the listing
	// score, the listing's nightly price and its comparables' median, in
	// Currency, how many comparables had a price, and where the price
	// sits among them (Band*).
	Score        *int     `json:"score,omitempty"`
	Price        *float64 `json:"price,omitempty"`
	MarketMedian *float64 `json:"marketMedian,omitempty"`
	Currency     string   `json:"currency,omitempty"`
	Comparables  int      `json:"comparables,omitempty"`
	Band         string   `json:"band,omitempty"`
	// Changes are what changed since the last week read, that matter
	// (package watch decides); empty: no change.
	Changes []WatchChange `json:"changes,omitempty"`
	// Notice is the e-mail this week owes the host ("" none), Mail its
	// delivery: due until it is sent, then sent with MailedAt.
	Notice   WatchNotice `json:"notice,omitempty"`
	Mail     WatchMail   `json:"mail,omitempty"`
	MailedAt *time.Time  `json:"mailedAt,omitempty"`
}

// WatchNotice is the e-mail a week's check owes.
type WatchNotice string

const (
	NoticeChanges    WatchNotice = "changes"    // something that matters changed
	NoticeUnreadable WatchNotice = "unreadable" // the third week in a row the listing could not be read
	NoticeRemoved    WatchNotice = "removed"    // the listing is no longer on its site: the watch ended
)

// WatchMail is a week's e-mail delivery.
type WatchMail string

const (
	WatchMailDue  WatchMail = "due"
	WatchMailSent WatchMail = "sent"
	// WatchMailWithheld: the e-mail was not sent because the watch was
	// paused, stopped or ended (refund) before it went.
	WatchMailWithheld WatchMail = "withheld"
)

// Price bands: where the listing's nightly price sits among its
// comparables' (by its percentile).
const (
	BandLow    = "bottom third"
	BandMiddle = "middle third"
	BandHigh   = "top third"
)

// WatchChange is one thing that changed, with its evidence: What says it
// in a sentence, Before and After the two sides as the host would check
// them ("" where a side has none).
type WatchChange struct {
	Kind   ChangeKind `json:"kind"`
	What   string     `json:"what"`
	Before string     `json:"before,omitempty"`
	After  string     `json:"after,omitempty"`
}

// ChangeKind names what a WatchChange is about.
type ChangeKind string

const (
	ChangeScore           ChangeKind = "score"            // the listing score moved ≥ watch.ScoreMove
	ChangeSection         ChangeKind = "section"          // a section's score moved ≥ watch.ScoreMove
	ChangeFindingNew      ChangeKind = "finding_new"      // a new high-priority finding
	ChangeFindingResolved ChangeKind = "finding_resolved" // a high-priority finding gone
	ChangeTitle           ChangeKind = "title"
	ChangeDescription     ChangeKind = "description"
	ChangePhotos          ChangeKind = "photos"
	ChangeAmenities       ChangeKind = "amenities"
	ChangePrice           ChangeKind = "price"
	ChangeMarketMedian    ChangeKind = "market_median" // the comparables' median moved ≥ watch.MedianMove
	ChangeBand            ChangeKind = "band"          // the listing's price moved to another third
	ChangeComparables     ChangeKind = "comparables"   // comparables appeared or left
	ChangeReviews         ChangeKind = "reviews"       // new reviews with a complaint that repeats
)

// WatchFacts are the figures and texts of one week's read that the next
// week is compared with. Kept small: the description as read (for
// "changed"), photo and comparable addresses, no report.
type WatchFacts struct {
	Score       *int           `json:"score,omitempty"`
	Sections    map[string]int `json:"sections,omitempty"`
	High        []string       `json:"high,omitempty"` // the high-priority findings, as the report words them
	Title       string         `json:"title,omitempty"`
	Description string         `json:"description,omitempty"`
	Words       int            `json:"words,omitempty"`
	Photos      []string       `json:"photos,omitempty"` // photo addresses, in the page's order
	Amenities   []string       `json:"amenities,omitempty"`
	Price       *float64       `json:"price,omitempty"`
	Currency    string         `json:"currency,omitempty"`
	Median      *float64       `json:"median,omitempty"`
	Band        string         `json:"band,omitempty"`
	PriceCount  int            `json:"priceCount,omitempty"` // comparables with a price
	Comparables []string       `json:"comparables,omitempty"`
	ReviewCount int            `json:"reviewCount,omitempty"`
	Complaints  []string       `json:"complaints,omitempty"`
	// ComparablesSource is where the comparables came from (the market
	// section's source: a snapshot or today's search): two weeks' market
	// figures are compared only when they share it.
	ComparablesSource string `json:"comparablesSource,omitempty"`
	// ReviewTexts is how many review texts Complaints were read from: a
	// complaint is new only against a week that read some.
	ReviewTexts int `json:"reviewTexts,omitempty"`
}

// WatchDue is a watch the scheduler found due: its order and due time.
type WatchDue struct {
	ID    string
	DueAt time.Time
}

// ISOWeek is t's ISO 8601 week in UTC, "2026-W49": the week a check is due
// in, which names its task and its record.
func ISOWeek(t time.Time) string {
	y, w := t.UTC().ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

package reportmail

import (
	"context"
	"html"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/mail/outbox"
)

const (
	watchDashboard = "https://listinglift.app/dashboard"
	watchPause     = "https://listinglift.app/watch?action=pause&token=v1.b3JkXzE.c2lnbmVk-_"
	watchStop      = "https://listinglift.app/watch?action=stop&token=v1.b3JkXzE.c2lnbmVk-_"
	watchUnsub     = "https://listinglift.app/api/watch/unsubscribe?token=v1.b3JkXzE.c2lnbmVk-_"
	watchListing   = "https://www.airbnb.com/rooms/12345678"
)

var watchStart = time.Date(2026, 10, 5, 9, 0, 0, 0, time.UTC) // a Monday

func ptr[T any](v T) *T { return &v }

// weekAt is the n-th weekly check (1-based) of a watch started at
// watchStart.
func weekAt(n int) time.Time { return watchStart.Add(time.Duration(n) * 7 * 24 * time.Hour) }

// checked is the n-th week, read fine and with no change.
func checked(n int) domain.WatchWeek {
	at := weekAt(n)
	return domain.WatchWeek{Week: domain.ISOWeek(at), CheckedAt: at, Score: ptr(68), Price: ptr(150.0),
		MarketMedian: ptr(140.0), Currency: "EUR", Comparables: 18, Band: domain.BandMiddle}
}

// failedWeek is the n-th week, whose page could not be read.
func failedWeek(n int, why string) domain.WatchWeek {
	at := weekAt(n)
	return domain.WatchWeek{Week: domain.ISOWeek(at), CheckedAt: at, Failed: why}
}

// watchOf is a 12-week watch holding checks, in state, as the store
// leaves it after recording the last of them.
func watchOf(state domain.WatchState, ended domain.WatchEnd, checks ...domain.WatchWeek) domain.Watch {
	w := domain.Watch{State: state, Ended: ended, StartedAt: watchStart, Weeks: 12, Checks: checks}
	if state == domain.WatchActive {
		w.DueAt = ptr(checks[len(checks)-1].CheckedAt.Add(7 * 24 * time.Hour))
	}
	return w
}

func watchInput(week domain.WatchWeek, w domain.Watch) WatchInput {
	return WatchInput{To: "host@example.com", ToName: "Ana Sousa", ListingTitle: "Sunny loft in Alfama", ListingURL: watchListing,
		Platform: "airbnb", Week: week, Watch: w, DashboardURL: watchDashboard, PauseURL: watchPause, StopURL: watchStop,
		UnsubscribeURL: watchUnsub, SupportEmail: "support@listinglift.app"}
}

// The changes the week of the main case found, worded as package watch
// words them (its own tests hold the wording).
var weekChanges = []domain.WatchChange{
	{Kind: domain.ChangeTitle, What: "Your listing's title changed.", Before: "Sunny loft in Alfama", After: "Sunny loft in Alfama with river view"},
	{Kind: domain.ChangePrice, What: "Your nightly price changed.", Before: "€150", After: "€165"},
	{Kind: domain.ChangePhotos, What: "Your listing has more photos.", Before: "24 photos", After: "26 photos"},
	{Kind: domain.ChangeAmenities, What: "Amenities were added to your listing: Dedicated workspace.", After: "Dedicated workspace"},
	{Kind: domain.ChangeMarketMedian, What: "The median nightly price of comparable listings rose 7%.", Before: "€140", After: "€150"},
}

// sentEmail is a watch e-mail as a host's mail program reads it from the
// .eml the outbox wrote: its headers, subject, and both bodies decoded.
type sentEmail struct {
	file        string
	header      netmail.Header
	subject     string
	text, html  string
	page        string // the HTML's text, as a reader sees it
	hrefs       []string
	unsubscribe string
}

// send writes m through the real outbox and reads it back. The .eml files
// go to $WATCH_MAIL_DIR when it is set (to open them by hand), else to a
// temporary folder.
func send(t *testing.T, name string, m mail.Message) sentEmail {
	t.Helper()
	dir := t.TempDir()
	if d := os.Getenv("WATCH_MAIL_DIR"); d != "" {
		dir = filepath.Join(d, name)
		_ = os.RemoveAll(dir)
	}
	o, err := outbox.New(outbox.Options{Dir: dir, From: "reports@listinglift.app", FromName: "ListingLift"})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatalf("the outbox refused the watch e-mail: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("%s does not parse: %v", files[0], err)
	}
	e := sentEmail{file: files[0], header: msg.Header, unsubscribe: msg.Header.Get("List-Unsubscribe")}
	if e.subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		body := strings.ReplaceAll(string(b), "\r\n", "\n")
		switch ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); ct {
		case "text/plain":
			e.text = body
		case "text/html":
			e.html = body
		}
	}
	if e.text == "" || e.html == "" {
		t.Fatalf("the e-mail lacks a text or an HTML body:\n%s", raw)
	}
	// The preheader is hidden; a reader sees the rest.
	visible := regexp.MustCompile(`(?s)<div style="display:none[^>]*>.*?</div>`).ReplaceAllString(e.html, "")
	visible = regexp.MustCompile(`(?s)<title>.*?</title>`).ReplaceAllString(visible, "")
	e.page = plainHTML(visible)
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(e.html, -1) {
		e.hrefs = append(e.hrefs, html.UnescapeString(m[1]))
	}
	return e
}

// promises are what a watch e-mail must never say: it reports what
// changed, it does not promise ranking, bookings or money.
var promises = regexp.MustCompile(`(?i)\b(rank(s|ed|ing)?|revenue|earn(ings)?|income|profit|more bookings|guarantee[ds]?|boost)\b`)

// TestWatchEmails: each notice's e-mail, as the host reads it from the
// outbox's .eml: its subject, what it says (the changes with their
// evidence, the week's figures, the reasons, the end), the same in the
// text and the HTML, every link in both, the one-click unsubscribe
// header, pause and stop while the watch runs, and no promise.
func TestWatchEmails(t *testing.T) {
	week6 := checked(6)
	week6.Price, week6.MarketMedian, week6.Band, week6.Changes, week6.Notice = ptr(165.0), ptr(150.0), domain.BandHigh, weekChanges, domain.NoticeChanges
	last := checked(12)
	last.Price, last.Changes, last.Notice = ptr(165.0), weekChanges[1:2], domain.NoticeChanges
	twelve := []domain.WatchWeek{}
	for n := 1; n <= 11; n++ {
		twelve = append(twelve, checked(n))
	}
	unreadable := failedWeek(7, "The page showed Airbnb's robot check instead of the listing.")
	unreadable.Notice = domain.NoticeUnreadable
	removed := failedWeek(6, "Airbnb answered that the page does not exist (404).")
	removed.Notice = domain.NoticeRemoved
	removedLast := failedWeek(12, "Airbnb answered that the page does not exist (404).")
	removedLast.Notice = domain.NoticeRemoved

	for _, tc := range []struct {
		name    string
		in      WatchInput
		subject string
		want    []string // in the text and in the HTML's text, in this order ("text form|HTML form" where they differ)
		not     []string
		active  bool // pause and stop offered
	}{
		{
			name: "changes",
			// Week 5 failed: the changes are since week 4's read.
			in: watchInput(week6, watchOf(domain.WatchActive, "", checked(1), checked(2), checked(3), checked(4),
				failedWeek(5, "The listing site did not answer."), week6)),
			subject: "What changed on your listing this week: Sunny loft in Alfama",
			want: []string{
				"What changed on your listing this week", "Sunny loft in Alfama",
				"Our weekly check on November 16, 2026 found 5 changes since the check on November 2, 2026",
				"Your listing's title changed. Sunny loft in Alfama → Sunny loft in Alfama with river view",
				"Your nightly price changed. €150 → €165",
				"Your listing has more photos. 24 photos → 26 photos",
				"Amenities were added to your listing: Dedicated workspace.",
				"The median nightly price of comparable listings rose 7%. €140 → €150",
				"This week's figures", "Listing score: 68/100|Listing score 68/100", "Your nightly price: €165|Your nightly price €165",
				"Median of 18 comparable listings: €150 a night|Median of 18 comparable listings €150 a night",
				"Your price among them: in the top third|Your price among them in the top third",
				"Watch checks your listing weekly for 6 more weeks; the next check is on November 23, 2026.",
				"See every week's check on your dashboard",
				"You get this e-mail because your ListingLift report includes 12 weeks of Watch",
				"Pause the watch", "(no checks or e-mails until you resume it; paused weeks are not used)",
				"Stop the watch", "Questions? Write to support@listinglift.app.|Questions? Write to support@listinglift.app .",
			},
			not:    []string{"November 9, 2026", "could not read", "has ended"},
			active: true,
		},
		{
			name:    "changes on the last week",
			in:      watchInput(last, watchOf(domain.WatchEnded, domain.WatchEndCompleted, append(twelve, last)...)),
			subject: "What changed on your listing this week: Sunny loft in Alfama",
			want: []string{"found 1 change since the check on December 21, 2026", "Your nightly price changed. €150 → €165",
				"This was the last of the watch's 12 weekly checks, so the watch has ended.",
				"The watch has ended, so there is nothing to pause or stop."},
			not: []string{"more weeks", "next check", "Pause the watch", "Stop the watch", "1 changes"},
		},
		{
			name: "unreadable three weeks in a row",
			in: watchInput(unreadable, watchOf(domain.WatchActive, "", checked(1), checked(2), checked(3),
				failedWeek(5, "The listing site did not answer."), failedWeek(6, "The listing site did not answer."), unreadable)),
			subject: "We could not read your listing for 3 weeks in a row: Sunny loft in Alfama",
			want: []string{"We could not read your listing for 3 weeks in a row", "Sunny loft in Alfama",
				"Our weekly checks could not read your listing's page:",
				"November 9, 2026: The listing site did not answer.|November 9, 2026 The listing site did not answer.", "November 16, 2026: The listing site did not answer.|November 16, 2026 The listing site did not answer.",
				"November 23, 2026: The page showed Airbnb's robot check instead of the listing.|November 23, 2026 The page showed Airbnb's robot check instead of the listing.",
				"We keep trying each week.",
				"Watch checks your listing weekly for 6 more weeks; the next check is on November 30, 2026.",
				"pause the watch and resume it from your dashboard when the listing is back",
				"Pause the watch", "Stop the watch"},
			not:    []string{"October 26, 2026", "What changed", "has ended"},
			active: true,
		},
		{
			name:    "removed",
			in:      watchInput(removed, watchOf(domain.WatchEnded, domain.WatchEndRemoved, checked(1), checked(2), checked(3), checked(4), checked(5), removed)),
			subject: "Your listing is no longer on Airbnb: Sunny loft in Alfama",
			want: []string{"Your listing is no longer on Airbnb; the watch has ended", "Sunny loft in Alfama",
				"Our weekly check on November 16, 2026 found that your listing is no longer on Airbnb. What we saw: Airbnb answered that the page does not exist (404).",
				"The watch has ended: nothing more is checked or e-mailed.",
				"If you list it again, restart the watch from your dashboard: it has 6 weeks left.",
				"See every week's check on your dashboard", "The watch has ended, so there is nothing to pause or stop."},
			not: []string{"Pause the watch", "Stop the watch", "We keep trying", "more weeks"},
		},
		{
			name:    "removed on the last week",
			in:      watchInput(removedLast, watchOf(domain.WatchEnded, domain.WatchEndRemoved, append(twelve, removedLast)...)),
			subject: "Your listing is no longer on Airbnb: Sunny loft in Alfama",
			want:    []string{"Your listing is no longer on Airbnb; the watch has ended", "The watch has ended: nothing more is checked or e-mailed."},
			not:     []string{"restart the watch", "weeks left", "Pause the watch"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Watch(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			e := send(t, strings.ReplaceAll(tc.name, " ", "-"), m)
			if e.subject != tc.subject {
				t.Errorf("subject %q, want %q", e.subject, tc.subject)
			}
			if to, err := netmail.ParseAddress(e.header.Get("To")); err != nil || to.Address != "host@example.com" || to.Name != "Ana Sousa" {
				t.Errorf("To %q", e.header.Get("To"))
			}
			// The mail program's one-click unsubscribe stops the watch.
			if e.unsubscribe != "<"+watchUnsub+">" || e.header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
				t.Errorf("List-Unsubscribe %q, List-Unsubscribe-Post %q", e.unsubscribe, e.header.Get("List-Unsubscribe-Post"))
			}
			text := strings.Join(strings.Fields(e.text), " ")
			for kind, body := range map[string]string{"text": text, "HTML": e.page} {
				at := 0
				for _, w := range tc.want {
					forms := strings.Split(w, "|")
					if w = forms[0]; kind == "HTML" {
						w = forms[len(forms)-1]
					}
					i := strings.Index(body[at:], w)
					if i < 0 {
						t.Errorf("the %s lacks %q (in this order) in\n%s", kind, w, body)
						continue
					}
					at += i + len(w)
				}
				for _, w := range tc.not {
					if strings.Contains(body, w) {
						t.Errorf("the %s says %q", kind, w)
					}
				}
				if p := promises.FindString(body + " " + e.subject); p != "" {
					t.Errorf("the %s promises %q", kind, p)
				}
			}
			// Every link, in both bodies: the text spells it, the HTML links it.
			links := []string{watchListing, watchDashboard, "mailto:support@listinglift.app"}
			if tc.active {
				links = append(links, watchPause, watchStop)
			}
			for _, l := range links {
				if !strings.Contains(e.text, strings.TrimPrefix(l, "mailto:")) {
					t.Errorf("the text lacks the link %s", l)
				}
				if !slices.Contains(e.hrefs, l) {
					t.Errorf("the HTML does not link %s (links: %v)", l, e.hrefs)
				}
			}
			for _, l := range []string{watchPause, watchStop} {
				if !tc.active && (strings.Contains(e.text, l) || slices.Contains(e.hrefs, l)) {
					t.Errorf("an ended watch's e-mail offers %s", l)
				}
			}
			if len(e.hrefs) != len(links) {
				t.Errorf("the HTML has links %v, want exactly %v", e.hrefs, links)
			}
		})
	}
}

// What the host's listing says (its title, the page's words in a change,
// a site's error) is text in the HTML, never markup, and never breaks the
// subject onto a second header line.
func TestWatchEscapesWhatThePageSaid(t *testing.T) {
	week := checked(2)
	week.Notice = domain.NoticeChanges
	week.Changes = []domain.WatchChange{{Kind: domain.ChangeTitle, What: `Your listing's title changed.`,
		Before: `Loft <b>bold</b>`, After: `<script>alert(1)</script><a href="https://evil.example">win</a>`}}
	in := watchInput(week, watchOf(domain.WatchActive, "", checked(1), week))
	in.ListingTitle = "Loft <img src=x onerror=alert(1)>\r\nBcc: everyone@example.com"
	m, err := Watch(in)
	if err != nil {
		t.Fatal(err)
	}
	e := send(t, "escaped", m)
	for _, bad := range []string{"<script>", "<b>bold", "<img", `href="https://evil.example"`} {
		if strings.Contains(e.html, bad) {
			t.Errorf("the page's text became markup: %q", bad)
		}
	}
	if !strings.Contains(e.page, `Loft <b>bold</b> → <script>alert(1)</script>`) {
		t.Errorf("the HTML does not show the page's text as text:\n%s", e.page)
	}
	if strings.Contains(e.header.Get("Bcc"), "everyone") || strings.ContainsAny(m.Subject, "\r\n") {
		t.Errorf("the title broke the header: subject %q", m.Subject)
	}
}

// A week's figure the check did not have is left out, never shown as 0 or
// with a currency it did not have.
func TestWatchFiguresOnlyWhatWasRead(t *testing.T) {
	week := domain.WatchWeek{Week: domain.ISOWeek(weekAt(2)), CheckedAt: weekAt(2), Score: ptr(71), Notice: domain.NoticeChanges,
		Changes: []domain.WatchChange{{Kind: domain.ChangeScore, What: "Your listing score rose 6 points.", Before: "65/100", After: "71/100"}}}
	m, err := Watch(watchInput(week, watchOf(domain.WatchActive, "", checked(1), week)))
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{m.Text, plainHTML(m.HTML)} {
		if !strings.Contains(body, "Listing score: 71/100") && !strings.Contains(body, "Listing score 71/100") {
			t.Errorf("no score in\n%s", body)
		}
		for _, w := range []string{"nightly price", "median", "among them", "$", "€0", " 0 "} {
			if strings.Contains(body, w) {
				t.Errorf("says %q without the figure:\n%s", w, body)
			}
		}
	}
}

// No e-mail is made for a week that owes none, for a watch that may not
// e-mail (paused, stopped, refunded), or without the links the host needs
// to act on it: an error that sending again does not cure.
func TestWatchRefuses(t *testing.T) {
	week := checked(2)
	week.Notice, week.Changes = domain.NoticeChanges, weekChanges[:1]
	active := watchOf(domain.WatchActive, "", checked(1), week)
	for name, in := range map[string]WatchInput{
		"no notice":  watchInput(checked(2), watchOf(domain.WatchActive, "", checked(1), checked(2))),
		"paused":     watchInput(week, watchOf(domain.WatchPaused, "", checked(1), week)),
		"stopped":    watchInput(week, watchOf(domain.WatchStopped, "", checked(1), week)),
		"refunded":   watchInput(week, watchOf(domain.WatchEnded, domain.WatchEndRefunded, checked(1), week)),
		"no changes": watchInput(domain.WatchWeek{Week: week.Week, CheckedAt: week.CheckedAt, Notice: domain.NoticeChanges}, active),
		"read fine":  watchInput(domain.WatchWeek{Week: week.Week, CheckedAt: week.CheckedAt, Notice: domain.NoticeUnreadable}, active),
		"no pause":   func() WatchInput { in := watchInput(week, active); in.PauseURL = ""; return in }(),
		"no stop":    func() WatchInput { in := watchInput(week, active); in.StopURL = ""; return in }(),
		"no unsub.":  func() WatchInput { in := watchInput(week, active); in.UnsubscribeURL = ""; return in }(),
		"no dashbd.": func() WatchInput { in := watchInput(week, active); in.DashboardURL = ""; return in }(),
		"no listing": func() WatchInput { in := watchInput(week, active); in.ListingTitle, in.ListingURL = "", ""; return in }(),
		"odd notice": func() WatchInput { in := watchInput(week, active); in.Week.Notice = "weekly"; return in }(),
		"odd state":  watchInput(week, watchOf("sleeping", "", checked(1), week)),
		"http unsub.": func() WatchInput {
			in := watchInput(week, active)
			in.UnsubscribeURL = "http://listinglift.app/u"
			return in
		}(),
	} {
		m, err := Watch(in)
		if err == nil {
			err = m.Check() // what no adapter would send
		}
		if err == nil || mail.Retryable(err) || domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("%s: %v, want a permanent refusal", name, err)
		}
	}
	// An ended watch's e-mail offers no pause or stop, so needs no such link.
	removed := failedWeek(3, "Gone.")
	removed.Notice = domain.NoticeRemoved
	in := watchInput(removed, watchOf(domain.WatchEnded, domain.WatchEndRemoved, checked(1), checked(2), removed))
	in.PauseURL, in.StopURL, in.Platform = "", "", ""
	m, err := Watch(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Your listing is no longer on the listing site; the watch has ended") {
		t.Errorf("an unknown site is not named:\n%s", m.Text)
	}
}

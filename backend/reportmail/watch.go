package reportmail

import (
	"bytes"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// WatchInput is what a watch e-mail (issue 45) is made from: the week
// that owes it (its Notice and Changes), the watch as stored after that
// week was recorded (weeks left, state, the weeks before), and the links
// the host acts on. PauseURL and StopURL are the signed one-click links
// the e-mail's footer offers while the watch is active; UnsubscribeURL is
// the one-click unsubscribe (RFC 8058) sent as List-Unsubscribe.
type WatchInput struct {
	To, ToName   string
	ListingTitle string
	ListingURL   string
	// Platform is the listing's site, as a code ("airbnb") or a name
	// ("Booking.com").
	Platform string
	Week     domain.WatchWeek
	Watch    domain.Watch

	DashboardURL, PauseURL, StopURL, UnsubscribeURL string
	SupportEmail                                    string
}

// Watch builds the e-mail a watched week owes the host, one per notice:
// what changed (with its evidence and the week's figures), the listing
// unreadable three weeks in a row (with the reasons), or the listing gone
// from its site (the watch ended). Everything in it is the week's own
// figures and the changes package watch worded; nothing is written by a
// model. A week that owes no e-mail, or a watch the host paused or
// stopped or whose money went back, gets none: an error that sending again
// does not cure (mail.Permanent). The store decides whether a week may be
// mailed (store.Mailable); this refuses too because the e-mail could not
// truthfully say what the watch will do next.
func Watch(in WatchInput) (mail.Message, error) {
	if err := checkWatchInput(in); err != nil {
		return mail.Message{}, mail.Permanent(fmt.Errorf("reportmail: watch e-mail for week %s: %w", in.Week.Week, err))
	}
	v := watchView{
		Notice: string(in.Week.Notice), Listing: oneLine(in.ListingTitle), ListingURL: in.ListingURL,
		Platform: platformName(in.Platform), CheckedOn: day(in.Week.CheckedAt), Weeks: numfmt.Plural(in.Watch.Weeks, "week", "weeks"),
		Active: in.Watch.State == domain.WatchActive, DashboardURL: in.DashboardURL,
		PauseURL: in.PauseURL, StopURL: in.StopURL, SupportEmail: in.SupportEmail,
	}
	if v.Listing == "" {
		v.Listing = in.ListingURL
	}
	v.Remaining = remaining(in.Watch)
	var subject string
	switch in.Week.Notice {
	case domain.NoticeChanges:
		v.Heading = "What changed on your listing this week"
		subject = v.Heading + ": " + v.Listing
		v.Since = since(in.Watch, in.Week.Week)
		for _, c := range in.Week.Changes {
			v.Changes = append(v.Changes, watchChange{What: c.What, Evidence: evidence(c)})
		}
		v.Figures = figures(in.Week)
		v.Preheader = fmt.Sprintf("%s on your listing %s.", numfmt.Plural(len(v.Changes), "change", "changes"), v.Since)
	case domain.NoticeUnreadable:
		v.Failures = failuresInRow(in.Watch, in.Week)
		v.Heading = "We could not read your listing this week"
		if n := len(v.Failures); n > 1 {
			v.Heading = fmt.Sprintf("We could not read your listing for %d weeks in a row", n)
		}
		subject = v.Heading + ": " + v.Listing
		v.Preheader = v.Heading + "."
	case domain.NoticeRemoved:
		v.Heading = "Your listing is no longer on " + v.Platform + "; the watch has ended"
		subject = "Your listing is no longer on " + v.Platform + ": " + v.Listing
		v.Preheader = v.Heading + "."
		v.Seen = in.Week.Failed
		v.Left = in.Watch.Left()
		if v.Left > 0 {
			v.LeftText = numfmt.Plural(v.Left, "week", "weeks")
		}
	}
	var text, html bytes.Buffer
	if err := watchText.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: watch text: %w", err)
	}
	if err := watchHTML.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: watch html: %w", err)
	}
	return mail.Message{To: in.To, ToName: oneLine(in.ToName), Subject: oneLine(subject), Text: text.String(),
		HTML: html.String(), Unsubscribe: in.UnsubscribeURL}, nil
}

// checkWatchInput refuses what no watch e-mail should be made from.
func checkWatchInput(in WatchInput) error {
	switch in.Week.Notice {
	case domain.NoticeChanges:
		if len(in.Week.Changes) == 0 {
			return errors.New("the week owes a changes e-mail but has no changes")
		}
	case domain.NoticeUnreadable:
		if in.Week.Failed == "" {
			return errors.New("the week owes an unreadable e-mail but was read")
		}
	case domain.NoticeRemoved:
	case "":
		return errors.New("the week owes no e-mail")
	default:
		return fmt.Errorf("unknown notice %q", in.Week.Notice)
	}
	// An active watch, or one this very week ended (its last week, or the
	// listing removed); never a paused, stopped or refunded one.
	w := in.Watch
	if !(w.State == domain.WatchActive || w.State == domain.WatchEnded && (w.Ended == domain.WatchEndCompleted || w.Ended == domain.WatchEndRemoved)) {
		return fmt.Errorf("the watch is %s %s: it sends no e-mail", w.State, w.Ended)
	}
	if in.ListingTitle == "" && in.ListingURL == "" {
		return errors.New("no listing title or address")
	}
	// Every watch e-mail carries its way out: the dashboard, the one-click
	// unsubscribe, and while the watch runs, its pause and stop links.
	need := map[string]string{"dashboard": in.DashboardURL, "unsubscribe": in.UnsubscribeURL}
	if w.State == domain.WatchActive {
		need["pause"], need["stop"] = in.PauseURL, in.StopURL
	}
	for name, u := range need {
		if u == "" {
			return fmt.Errorf("no %s link", name)
		}
	}
	return nil
}

type watchView struct {
	Notice, Heading, Preheader string
	Listing, ListingURL        string
	Platform                   string
	CheckedOn                  string // the week's check, "December 1, 2026"
	Weeks                      string // the watch's weeks in all, "12 weeks"
	// Remaining says what the watch does next: its weeks left and next
	// check, or that it has ended.
	Remaining string
	// Active: the watch runs on, so the footer offers pause and stop.
	Active bool

	// changes
	Since   string // "since the check on November 24, 2026"
	Changes []watchChange
	Figures []figure
	// unreadable
	Failures []failure
	// removed
	Seen     string // what the check saw, the week's Failed
	Left     int    // weeks left to restart with
	LeftText string // "7 weeks"

	DashboardURL, PauseURL, StopURL, SupportEmail string
}

// watchChange is one change: the package watch's sentence and its
// evidence, "before → after".
type watchChange struct{ What, Evidence string }

type figure struct{ Name, Value string }

type failure struct{ Date, Reason string }

// evidence is a change's two sides as the host would check them: "before
// → after", or the one side it has.
func evidence(c domain.WatchChange) string {
	b, a := oneLine(c.Before), oneLine(c.After)
	if b == "" && strings.Contains(c.What, a) || a == "" && strings.Contains(c.What, b) {
		return "" // the sentence already names it ("Amenities were added to your listing: Pool.")
	}
	switch {
	case b != "" && a != "":
		return b + " → " + a
	case a != "":
		return "Now: " + a
	case b != "":
		return "Before: " + b
	}
	return ""
}

// figures are the week's figures the timeline shows, each only when the
// check had it (no placeholder figures).
func figures(w domain.WatchWeek) []figure {
	var out []figure
	if w.Score != nil {
		out = append(out, figure{"Listing score", fmt.Sprintf("%d/100", *w.Score)})
	}
	if w.Price != nil {
		out = append(out, figure{"Your nightly price", numfmt.Money(*w.Price, w.Currency)})
	}
	if w.MarketMedian != nil {
		name := "Comparable listings' median"
		if w.Comparables > 0 {
			name = "Median of " + numfmt.Plural(w.Comparables, "comparable listing", "comparable listings")
		}
		out = append(out, figure{name, numfmt.Money(*w.MarketMedian, w.Currency) + " a night"})
	}
	if w.Band != "" {
		out = append(out, figure{"Your price among them", "in the " + w.Band})
	}
	return out
}

// since names the check this week was compared with: the last one before
// it that read the listing (the watch keeps its facts; failed weeks in
// between are skipped).
func since(w domain.Watch, week string) string {
	for i := len(w.Checks) - 1; i >= 0; i-- {
		c := w.Checks[i]
		if c.Week >= week || c.Failed != "" {
			continue
		}
		return "since the check on " + day(c.CheckedAt)
	}
	return "since the last check"
}

// failuresInRow are the failed checks in a row that end with week, oldest
// first: the reasons the unreadable e-mail gives.
func failuresInRow(w domain.Watch, week domain.WatchWeek) []failure {
	checks := make([]domain.WatchWeek, 0, len(w.Checks)+1)
	for _, c := range w.Checks {
		if c.Week < week.Week {
			checks = append(checks, c)
		}
	}
	checks = append(checks, week)
	var out []failure
	for i := len(checks) - 1; i >= 0 && checks[i].Failed != ""; i-- {
		out = append([]failure{{day(checks[i].CheckedAt), checks[i].Failed}}, out...)
	}
	return out
}

// remaining says what the watch does after this e-mail, from its state as
// stored after the week: weekly checks left and the next one, or the end.
func remaining(w domain.Watch) string {
	switch {
	case w.State == domain.WatchActive && w.Left() > 0:
		s := "Watch checks your listing weekly for " + numfmt.Plural(w.Left(), "more week", "more weeks")
		if w.DueAt != nil {
			s += "; the next check is on " + day(*w.DueAt)
		}
		return s + "."
	case w.State == domain.WatchEnded && w.Ended == domain.WatchEndCompleted:
		return fmt.Sprintf("This was the last of the watch's %s, so the watch has ended.", numfmt.Plural(w.Weeks, "weekly check", "weekly checks"))
	}
	return "" // removed: the e-mail says so itself
}

func day(t time.Time) string { return t.UTC().Format(analysis.DateLayout) }

// platformName is the site's name as hosts know it; "the listing site"
// when unknown.
func platformName(p string) string {
	if strings.TrimSpace(p) == "" {
		return "the listing site"
	}
	return listing.Platform(strings.ToLower(strings.TrimSpace(p))).Name()
}

var watchText = texttemplate.Must(texttemplate.New("watch-text").Funcs(texttemplate.FuncMap{"inc": func(i int) int { return i + 1 }}).Parse(`{{.Heading}}

Listing: {{.Listing}}
{{if .ListingURL}}{{.ListingURL}}
{{end}}{{if eq .Notice "changes"}}
Our weekly check on {{.CheckedOn}} found {{len .Changes}} {{if eq (len .Changes) 1}}change{{else}}changes{{end}} {{.Since}}:
{{range $i, $c := .Changes}}  {{inc $i}}. {{$c.What}}
{{if $c.Evidence}}     {{$c.Evidence}}
{{end}}{{end}}{{if .Figures}}
This week's figures:
{{range .Figures}}  {{.Name}}: {{.Value}}
{{end}}{{end}}
{{.Remaining}}
{{else if eq .Notice "unreadable"}}
Our weekly checks could not read your listing's page:
{{range .Failures}}  {{.Date}}: {{.Reason}}
{{end}}
{{if .Active}}We keep trying each week. When the page can be read again, we compare it with the last check that read it and e-mail you if something changed.
{{.Remaining}}
A check that cannot read the page still uses one of the watch's weeks. If your listing is offline for a while, pause the watch and resume it from your dashboard when the listing is back: paused weeks are not used.
{{else}}{{.Remaining}}
{{end}}{{else}}
Our weekly check on {{.CheckedOn}} found that your listing is no longer on {{.Platform}}.{{if .Seen}} What we saw: {{.Seen}}{{end}}
The watch has ended: nothing more is checked or e-mailed.
{{if .Left}}If you list it again, restart the watch from your dashboard: it has {{.LeftText}} left.
{{end}}{{end}}
See every week's check on your dashboard: {{.DashboardURL}}

--
You get this e-mail because your ListingLift report includes {{.Weeks}} of Watch: a weekly check of your listing and its market. We e-mail you only when something changed or a check needs your attention.
{{if .Active}}Pause the watch (no checks or e-mails until you resume it; paused weeks are not used): {{.PauseURL}}
Stop the watch (no more checks or e-mails; you can restart it from your dashboard while weeks remain): {{.StopURL}}
{{else}}The watch has ended, so there is nothing to pause or stop.
{{end}}{{if .SupportEmail}}Questions? Write to {{.SupportEmail}}.
{{end}}ListingLift
`))

// watchHTML is in the report e-mail's style (tables, inline styles, a
// hidden preheader); every value is inserted by html/template as text, and
// every link the text gives is here too.
var watchHTML = htmltemplate.Must(htmltemplate.New("watch-html").Funcs(htmltemplate.FuncMap{"inc": func(i int) int { return i + 1 }}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Heading}}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">{{.Preheader}}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#4338ca;padding:20px 28px;color:#ffffff">
<span style="font-size:20px;font-weight:bold;letter-spacing:-0.3px">&#9650; ListingLift</span><br>
<span style="font-size:13px;color:#e0e7ff">Watch: your weekly listing check</span>
</td></tr>
<tr><td style="padding:24px 28px 8px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:26px">{{.Heading}}</h1>
<p style="margin:0 0 4px;font-size:12px;font-weight:bold;color:#64748b;text-transform:uppercase">Listing</p>
<p style="margin:0;font-size:17px;font-weight:bold">{{if .ListingURL}}<a href="{{.ListingURL}}" style="color:#0f172a">{{.Listing}}</a>{{else}}{{.Listing}}{{end}}</p>
</td></tr>
{{if eq .Notice "changes"}}<tr><td style="padding:16px 28px 0">
<p style="margin:0 0 12px;font-size:15px">Our weekly check on {{.CheckedOn}} found {{len .Changes}} {{if eq (len .Changes) 1}}change{{else}}changes{{end}} {{.Since}}:</p>
{{range $i, $c := .Changes}}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-bottom:12px"><tr>
<td style="width:28px;vertical-align:top"><span style="display:inline-block;width:22px;height:22px;border-radius:11px;background:#4f46e5;color:#ffffff;text-align:center;font-size:12px;line-height:22px;font-weight:bold">{{inc $i}}</span></td>
<td style="font-size:14px;line-height:20px">{{$c.What}}{{if $c.Evidence}}<br><span style="font-size:13px;color:#475569">{{$c.Evidence}}</span>{{end}}</td>
</tr></table>{{end}}
</td></tr>
{{if .Figures}}<tr><td style="padding:8px 28px">
<h2 style="margin:0 0 6px;font-size:16px">This week's figures</h2>
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="font-size:14px;border-collapse:collapse">{{range .Figures}}<tr><td style="border-bottom:1px solid #f1f5f9">{{.Name}}</td><td align="right" style="border-bottom:1px solid #f1f5f9;font-weight:bold">{{.Value}}</td></tr>{{end}}</table>
</td></tr>{{end}}
<tr><td style="padding:12px 28px 0;font-size:14px;line-height:20px">{{.Remaining}}</td></tr>
{{else if eq .Notice "unreadable"}}<tr><td style="padding:16px 28px 0;font-size:14px;line-height:20px">
<p style="margin:0 0 8px;font-size:15px">Our weekly checks could not read your listing's page:</p>
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="font-size:14px;border-collapse:collapse">{{range .Failures}}<tr><td style="border-bottom:1px solid #f1f5f9;white-space:nowrap;vertical-align:top;color:#64748b">{{.Date}}</td><td style="border-bottom:1px solid #f1f5f9">{{.Reason}}</td></tr>{{end}}</table>
{{if .Active}}<p style="margin:12px 0 0">We keep trying each week. When the page can be read again, we compare it with the last check that read it and e-mail you if something changed.</p>
<p style="margin:8px 0 0">{{.Remaining}}</p>
<p style="margin:8px 0 0">A check that cannot read the page still uses one of the watch's weeks. If your listing is offline for a while, pause the watch and resume it from your dashboard when the listing is back: paused weeks are not used.</p>
{{else}}<p style="margin:12px 0 0">{{.Remaining}}</p>{{end}}
</td></tr>
{{else}}<tr><td style="padding:16px 28px 0;font-size:14px;line-height:20px">
<p style="margin:0">Our weekly check on {{.CheckedOn}} found that your listing is no longer on {{.Platform}}.{{if .Seen}} What we saw: {{.Seen}}{{end}}</p>
<p style="margin:8px 0 0">The watch has ended: nothing more is checked or e-mailed.</p>
{{if .Left}}<p style="margin:8px 0 0">If you list it again, restart the watch from your dashboard: it has {{.LeftText}} left.</p>{{end}}
</td></tr>{{end}}
<tr><td align="center" style="padding:24px 28px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:8px;background:#4f46e5">
<a href="{{.DashboardURL}}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">See every week's check on your dashboard</a>
</td></tr></table>
</td></tr>
<tr><td style="background:#f8fafc;padding:16px 28px;font-size:12px;line-height:18px;color:#64748b">
<p style="margin:0">You get this e-mail because your ListingLift report includes {{.Weeks}} of Watch: a weekly check of your listing and its market. We e-mail you only when something changed or a check needs your attention.</p>
{{if .Active}}<p style="margin:8px 0 0"><a href="{{.PauseURL}}" style="color:#4338ca;font-weight:bold">Pause the watch</a> (no checks or e-mails until you resume it; paused weeks are not used)</p>
<p style="margin:4px 0 0"><a href="{{.StopURL}}" style="color:#4338ca;font-weight:bold">Stop the watch</a> (no more checks or e-mails; you can restart it from your dashboard while weeks remain)</p>
{{else}}<p style="margin:8px 0 0">The watch has ended, so there is nothing to pause or stop.</p>{{end}}
{{if .SupportEmail}}<p style="margin:8px 0 0">Questions? Write to <a href="mailto:{{.SupportEmail}}" style="color:#4338ca">{{.SupportEmail}}</a>.</p>{{end}}
<p style="margin:8px 0 0">ListingLift</p>
</td></tr>
</table></td></tr></table>
</body></html>
`))

// Package reportmail writes the e-mail that delivers a Premium report: a
// short summary in HTML and plain text, with the PDF attached, and the
// free re-checks still to make. A re-check's e-mail (issue 18) says so,
// and opens with what changed. Everything the model wrote is inserted as
// text (html/template escapes it), never as markup.
package reportmail

import (
	"bytes"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/writing"
)

// Input is what the e-mail is made from.
type Input struct {
	Optimization *domain.Optimization
	Report       *report.Result
	PDF          []byte // nil: the mail says the PDF could not be made
	ReportURL    string // the full report on the site
	SupportEmail string
	// Recheck is the free re-checks still to make of the bought report
	// (for a re-check, of the report it re-checks); nil or none left: no
	// offer.
	Recheck *RecheckOffer
}

// RecheckOffer is what the e-mail offers of the free re-checks: Left of
// Limit, until Until (orders.RecheckStateOf decides; reportmail only says
// it).
type RecheckOffer struct {
	Left, Limit int
	Until       time.Time
}

// PDFFilename is the attachment's name.
const PDFFilename = "listinglift-premium-report.pdf"

// view is the templates' data: only figures the report contains.
type view struct {
	Plan                                                         string // the plan's name ("Premium")
	Title, OptimizedTitle, ReportURL, SupportEmail, RevenueRange string
	Notice, Band, Revenue, Preheader, Market                     string
	// Overall is the listing score ("67"; "Not assessed" when too little
	// was read), OverallColor its band's colour.
	Overall, OverallColor string
	HasOverall            bool
	Titles                []string
	// TitlesNote is said over the titles when none is offered as the
	// optimized title (the report's explanations.optimized_title): they
	// are alternatives, shown under TitlesHead.
	TitlesNote, TitlesHead string
	// WrittenBy says who wrote the titles and what was checked, as the web
	// report and the PDF say it (pdfreport.WrittenBy); "" for none.
	WrittenBy string
	Scores    []score
	Actions   []action
	NoActions string // what "Do these first" says without any (analysis.NoActions)
	HasPDF    bool

	// A re-check (Optimization.RecheckOf): its opening lines from the
	// report's comparison ("" without one).
	IsRecheck          bool
	ScoreChange, Delta string // "49 → 51", "+2"
	DeltaColor         string
	ActionsDone        string // "Your first report's actions: 2 of 11 done"
	// The re-check offer: its heading and "2 of 3 free re-checks left,
	// until December 26, 2026." ("" for none).
	RecheckHead, RecheckLeft string
}

type score struct {
	Name  string
	Value string // "64/100" or "Not assessed"; on a re-check "41/100 → 47/100"
}

// action is one of the first actions; Why is its evidence in the web's
// and the PDF's words ("" when it has none: no Why line); Effect its
// revenue effect in the report's words (analysis.EffectText), "" for none.
type action struct{ Area, Priority, Finding, Do, Why, Effect string }

// Compose builds the message to the order's customer.
func Compose(in Input) (mail.Message, error) {
	o, r := in.Optimization, in.Report
	title := r.Title
	if title == "" {
		title = o.ListingTitle
	}
	v := view{Title: title, OptimizedTitle: r.OptimizedTitle, ReportURL: in.ReportURL, SupportEmail: in.SupportEmail,
		RevenueRange: r.RevenueProjections.Range, Revenue: revenueLine(r.RevenueProjections), HasPDF: len(in.PDF) > 0, Notice: r.LayoutNotice}
	v.Titles, v.TitlesHead, v.TitlesNote = titleOffer(r)
	if len(r.TitleSuggestions) > 0 {
		v.WrittenBy = pdfreport.WrittenBy(r, writing.PartTitles)
	}
	v.NoActions = analysis.NoActions
	v.Band, v.Overall, v.OverallColor = r.OverallBand, pdfreport.NotAssessed, "#64748b"
	if s := r.OverallScore; s != nil {
		v.Overall, v.OverallColor, v.HasOverall = fmt.Sprint(*s), bandColor(*s), true
	}
	v.Market = r.MarketAnalysisData.Summary()
	v.Preheader = preheader(r)
	v.IsRecheck = o.RecheckOf != ""
	v.Plan = plans.Includes(o.PlanType).Name // the plan table's name, as every screen says it
	c := r.Comparison
	if !v.IsRecheck {
		c = nil // only a re-check's e-mail compares
	}
	if c != nil {
		v.ActionsDone = c.ActionsDoneText()
		v.Preheader = v.ActionsDone + "."
	}
	if c != nil && c.Overall != nil {
		v.ScoreChange = fmt.Sprintf("%d → %d", c.Overall.Before, c.Overall.After)
		v.Delta, v.DeltaColor = c.Overall.Text(), deltaColor(*c.Overall)
		v.Preheader = fmt.Sprintf("Your listing score went from %d to %d. %s.", c.Overall.Before, c.Overall.After, v.ActionsDone)
	}
	if rc := in.Recheck; rc != nil && rc.Left > 0 {
		v.RecheckHead = "Made the changes?"
		if v.IsRecheck {
			v.RecheckHead = "Made more changes?"
		}
		v.RecheckLeft = fmt.Sprintf("%d of %d free re-checks left, until %s.", rc.Left, rc.Limit, rc.Until.UTC().Format(analysis.DateLayout))
	}
	if v.Band != "" {
		for _, sec := range analysis.SectionWeights {
			value := "Not assessed"
			if s := r.SectionScores.Get(sec.Key); s != nil {
				value = fmt.Sprintf("%d/100", *s)
			}
			if was, ok := sectionBefore(c, sec.Key); ok {
				value = was + " → " + value
			}
			v.Scores = append(v.Scores, score{sec.Name, value})
		}
	} else { // a report stored before there was an overall score
		for _, s := range r.CompetitiveScores.Rows() {
			value := pdfreport.NotAssessed
			if s.Value != nil {
				value = fmt.Sprintf("%d/100", *s.Value)
			}
			v.Scores = append(v.Scores, score{s.Name, value})
		}
	}
	// "Do these first": the first actions of the report's one ranked
	// list, in its order, as on the web and in the PDF.
	for _, a := range r.DoFirst() {
		v.Actions = append(v.Actions, action{Area: r.AreaName(a.Area), Priority: a.Priority, Finding: a.Finding, Do: a.Action,
			Why: pdfreport.Why(a.Evidence), Effect: effectText(a.Effect)})
	}

	var text, html bytes.Buffer
	if err := textBody.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: text body: %w", err)
	}
	if err := htmlBody.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: html body: %w", err)
	}
	subject := "Your ListingLift " + v.Plan + " report: "
	if v.IsRecheck {
		subject = "Your ListingLift re-check: "
	}
	m := mail.Message{To: o.CustomerEmail, Subject: subject + oneLine(title),
		Text: text.String(), HTML: html.String()}
	if v.HasPDF {
		m.Attachments = []mail.Attachment{{Filename: PDFFilename, ContentType: "application/pdf", Data: in.PDF}}
	}
	return m, nil
}

// oneLine keeps a header on one line whatever the title holds.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

var textBody = texttemplate.Must(texttemplate.New("text").Funcs(texttemplate.FuncMap{"inc": func(i int) int { return i + 1 }}).Parse(`{{if .IsRecheck}}Your re-check is ready.
{{if .ScoreChange}}Listing score: {{.ScoreChange}} ({{.Delta}})
{{.ActionsDone}}
{{end}}{{else}}Your {{.Plan}} listing optimization is ready.
{{end}}
Listing: {{.Title}}
{{if .Notice}}
Note: {{.Notice}}
{{end}}
{{if .Band}}{{if .ScoreChange}}Scores now: {{else}}Listing score: {{end}}{{if not .HasOverall}}{{.Band}} (too little of the listing was read for one score){{else}}{{.Overall}}/100 ({{.Band}}){{end}}
{{end}}{{range .Scores}}  {{.Name}}: {{.Value}}
{{end}}{{if .Market}}
Your market: {{.Market}}
{{end}}{{if .Revenue}}
Revenue potential: {{.Revenue}}
{{end}}
Do these first:
{{range $i, $a := .Actions}}  {{inc $i}}. [{{$a.Priority}}] {{$a.Area}}: {{$a.Finding}} What to do: {{$a.Do}}
{{if $a.Effect}}     {{$a.Effect}}
{{end}}{{if $a.Why}}     Why: {{$a.Why}}
{{end}}{{else}}  {{.NoActions}}
{{end}}
{{if .OptimizedTitle}}Optimized title: {{.OptimizedTitle}}
{{end}}{{if .Titles}}{{if .TitlesNote}}{{.TitlesNote}}
{{end}}{{.TitlesHead}}:
{{range .Titles}}  - {{.}}
{{end}}{{end}}{{if .WrittenBy}}{{.WrittenBy}}
{{end}}
{{if .HasPDF}}The full report is attached as a PDF.{{else}}We could not attach the PDF this time; the full report is on the site, and support can send the PDF.{{end}}
See the full report: {{.ReportURL}}
{{if .RecheckLeft}}
{{.RecheckHead}} Re-check your listing free: we read it again and show what changed. {{.RecheckLeft}}
Open your report and choose “Re-check my listing”: {{.ReportURL}}
{{end}}
Questions? Write to {{.SupportEmail}}.
ListingLift
`))

// htmlBody is a branded e-mail that renders in the common clients: tables
// for layout, inline styles, a hidden preheader, a bulletproof button. Every
// value is inserted by html/template as text.
var htmlBody = htmltemplate.Must(htmltemplate.New("html").Funcs(htmltemplate.FuncMap{
	"inc":           func(i int) int { return i + 1 },
	"bandColor":     bandColor,
	"priorityColor": priorityColor,
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .IsRecheck}}Your ListingLift re-check{{else}}Your ListingLift {{.Plan}} report{{end}}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">{{.Preheader}}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#4338ca;padding:20px 28px;color:#ffffff">
<span style="font-size:20px;font-weight:bold;letter-spacing:-0.3px">&#9650; ListingLift</span><br>
<span style="font-size:13px;color:#e0e7ff">{{if .IsRecheck}}Your free re-check{{else}}Your {{.Plan}} listing optimization is ready{{end}}</span>
</td></tr>
{{if .IsRecheck}}<tr><td style="padding:24px 28px 0">
<p style="margin:0;font-size:17px;font-weight:bold">Your re-check is ready.</p>
{{if .ScoreChange}}<p style="margin:8px 0 0;font-size:15px">Listing score: <strong style="font-size:20px">{{.ScoreChange}}</strong> <strong style="color:{{.DeltaColor}}">{{.Delta}}</strong></p>
<p style="margin:6px 0 0;font-size:15px">{{.ActionsDone}}</p>{{end}}
</td></tr>{{end}}
<tr><td style="padding:24px 28px 8px">
<p style="margin:0 0 4px;font-size:12px;font-weight:bold;color:#64748b;text-transform:uppercase">Listing</p>
<p style="margin:0;font-size:17px;font-weight:bold">{{.Title}}</p>
{{if .Notice}}<p style="margin:16px 0 0;background:#fffbeb;border:1px solid #fcd34d;border-radius:8px;padding:10px;font-size:14px;font-weight:bold">{{.Notice}}</p>{{end}}
</td></tr>
{{if .Band}}<tr><td style="padding:16px 28px 8px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td style="width:88px;height:88px;vertical-align:middle"><div style="width:72px;height:72px;line-height:72px;border:8px solid {{.OverallColor}};border-radius:50%;text-align:center;font-size:{{if not .HasOverall}}12px{{else}}28px{{end}};font-weight:bold">{{if not .HasOverall}}—{{else}}{{.Overall}}{{end}}</div></td>
<td style="padding-left:16px;vertical-align:middle"><p style="margin:0;font-size:13px;color:#64748b">{{if .ScoreChange}}Listing score now, out of 100{{else}}Listing score, out of 100{{end}}</p>
<p style="margin:2px 0 0;font-size:18px;font-weight:bold;color:{{.OverallColor}}">{{.Band}}</p></td>
</tr></table></td></tr>{{end}}
<tr><td style="padding:8px 28px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="font-size:14px;border-collapse:collapse">{{range .Scores}}<tr><td style="border-bottom:1px solid #f1f5f9">{{.Name}}</td><td align="right" style="border-bottom:1px solid #f1f5f9;font-weight:bold">{{.Value}}</td></tr>{{end}}</table>
{{if .Market}}<p style="margin:14px 0 0;font-size:14px"><strong>Your market:</strong> {{.Market}}</p>{{end}}
{{if .Revenue}}<p style="margin:14px 0 0;font-size:14px"><strong>Revenue potential:</strong> {{.Revenue}}</p>{{end}}
</td></tr>
<tr><td style="padding:16px 28px 0"><h2 style="margin:0 0 8px;font-size:17px">Do these first</h2>
{{if .Actions}}{{range $i, $a := .Actions}}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-bottom:12px"><tr>
<td style="width:28px;vertical-align:top"><span style="display:inline-block;width:22px;height:22px;border-radius:11px;background:#4f46e5;color:#ffffff;text-align:center;font-size:12px;line-height:22px;font-weight:bold">{{inc $i}}</span></td>
<td style="font-size:14px;line-height:20px"><strong style="color:{{priorityColor $a.Priority}}">{{$a.Priority}}</strong> · {{$a.Area}}<br>{{$a.Finding}}<br><strong style="color:#4338ca">What to do:</strong> {{$a.Do}}{{if $a.Effect}}<br><span style="font-size:12px;line-height:17px;color:#475569">{{$a.Effect}}</span>{{end}}{{if $a.Why}}<br><span style="font-size:12px;line-height:17px;color:#64748b">Why: {{$a.Why}}</span>{{end}}</td>
</tr></table>{{end}}{{else}}<p style="font-size:14px">{{.NoActions}}</p>{{end}}
</td></tr>
{{if or .OptimizedTitle .Titles}}<tr><td style="padding:8px 28px 0">{{if .OptimizedTitle}}<h2 style="margin:0 0 6px;font-size:17px">Optimized title</h2>
<p style="margin:0;font-size:15px;font-weight:bold">{{.OptimizedTitle}}</p>
{{if .Titles}}<p style="margin:10px 0 0;font-size:13px;color:#64748b">{{.TitlesHead}}</p>{{end}}{{else}}<h2 style="margin:0 0 6px;font-size:17px">{{.TitlesHead}}</h2>
<p style="margin:0;font-size:14px;line-height:20px;color:#475569">{{.TitlesNote}}</p>{{end}}
{{if .Titles}}<ul style="margin:4px 0 0;padding-left:20px;font-size:14px">{{range .Titles}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .WrittenBy}}<p style="margin:8px 0 0;font-size:12px;line-height:17px;color:#64748b">{{.WrittenBy}}</p>{{end}}
</td></tr>{{end}}
<tr><td align="center" style="padding:24px 28px">
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:8px;background:#4f46e5">
<a href="{{.ReportURL}}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">See the full report</a>
</td></tr></table>
<p style="margin:14px 0 0;font-size:13px;color:#475569">{{if .HasPDF}}The full report is attached as a PDF.{{else}}We could not attach the PDF this time; the full report is on the site, and support can send the PDF.{{end}}</p>
</td></tr>
{{if .RecheckLeft}}<tr><td style="padding:0 28px 24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e2e8f0;border-radius:8px"><tr><td style="padding:14px 16px;font-size:14px;line-height:20px">
<strong>{{.RecheckHead}}</strong> Re-check your listing free: we read it again and show what changed. {{.RecheckLeft}}<br>
<a href="{{.ReportURL}}" style="color:#4338ca;font-weight:bold">Open your report and choose &ldquo;Re-check my listing&rdquo;</a>
</td></tr></table>
</td></tr>{{end}}
<tr><td style="background:#f8fafc;padding:16px 28px;font-size:12px;color:#64748b">Questions? Write to <a href="mailto:{{.SupportEmail}}" style="color:#4338ca">{{.SupportEmail}}</a>. ListingLift</td></tr>
</table></td></tr></table>
</body></html>
`))

// titleOffer is the titles the e-mail lists under the optimized title, or
// instead of it when the report offers none (analysis.OffersOptimizedTitle
// decided; the report's explanations.optimized_title says why): the next
// two suggestions as "More options", or the first three as alternatives
// with the report's note.
func titleOffer(r *report.Result) (titles []string, head, note string) {
	s := r.TitleSuggestions
	if r.OptimizedTitle != "" {
		if len(s) > 1 {
			return s[1:min(3, len(s))], "More options", ""
		}
		return nil, "", ""
	}
	if len(s) == 0 {
		return nil, "", ""
	}
	note = r.Explanations["optimized_title"]
	if note == "" {
		note = analysis.TitleAlternativesNote
	}
	return s[:min(3, len(s))], "Other ways to word your title", note
}

// effectText is an action's effect in the report's words
// (analysis.EffectText; report.Decode gives a report stored before them
// the same), "" for none.
func effectText(e *analysis.ActionEffect) string {
	if e == nil {
		return ""
	}
	return e.Text
}

// revenueLine says the revenue figure as the results screen's card does
// (analysis.RevenueProjection.Card): money a month with its basis, or what
// the figure would need — never a percentage headline.
func revenueLine(p analysis.RevenueProjection) string {
	head, detail := p.Card()
	if detail == "" {
		return head
	}
	return head + ". " + detail
}

// preheader is the line mail clients show after the subject.
func preheader(r *report.Result) string {
	n := min(3, len(r.Actions))
	things := map[int]string{0: "nothing urgent to fix", 1: "1 thing to do first", 2: "2 things to do first", 3: "3 things to do first"}[n]
	if r.OverallBand == "" {
		return "Your report is ready: " + things + "."
	}
	if r.OverallScore == nil {
		return "Your report is ready: " + things + "."
	}
	return fmt.Sprintf("Your listing scores %d/100 (%s): %s.", *r.OverallScore, strings.ToLower(r.OverallBand), things)
}

// bandColor is the score's band colour, as on the web and in the PDF.
func bandColor(score int) string {
	switch analysis.Band(score) {
	case analysis.BandStrong, analysis.BandGood:
		return "#16a34a"
	case analysis.BandRoom:
		return "#f59e0b"
	}
	return "#dc2626"
}

// priorityColor is an action's badge colour, as on the web and in the
// PDF (SPEC §2: HIGH red, MEDIUM yellow — amber, readable as text — else
// green).
func priorityColor(p string) string {
	switch p {
	case analysis.High:
		return "#dc2626"
	case analysis.Medium:
		return "#b45309"
	}
	return "#15803d"
}

// deltaColor is a change's colour, as on the web: green up, red down,
// grey none.
func deltaColor(c report.Change) string {
	switch {
	case c.After > c.Before:
		return "#15803d"
	case c.After < c.Before:
		return "#b91c1c"
	}
	return "#64748b"
}

// sectionBefore is a section's score in the re-checked report, "64/100"
// or "Not assessed"; not ok without a comparison, or when neither report
// assessed it.
func sectionBefore(c *report.Comparison, key string) (string, bool) {
	if c == nil {
		return "", false
	}
	for _, s := range c.Sections {
		switch {
		case s.Section != key || s.Before == nil && s.After == nil:
		case s.Before == nil:
			return "Not assessed", true
		default:
			return fmt.Sprintf("%d/100", *s.Before), true
		}
	}
	return "", false
}

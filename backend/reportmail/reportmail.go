// Package reportmail writes the e-mail that delivers a Premium report: a
// short summary in HTML and plain text, with the PDF attached. Everything
// the model wrote is inserted as text (html/template escapes it), never as
// markup.
package reportmail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/report"
)

// Input is what the e-mail is made from.
type Input struct {
	Optimization *domain.Optimization
	Report       *report.Result
	PDF          []byte // nil: the mail says the PDF could not be made
	ReportURL    string // the full report on the site
	SupportEmail string
}

// PDFFilename is the attachment's name.
const PDFFilename = "listinglift-premium-report.pdf"

// view is the templates' data: only figures the report contains.
type view struct {
	Title, OptimizedTitle, ReportURL, SupportEmail, RevenueRange string
	Notice, Band, Revenue                                        string
	Overall                                                      int
	Titles                                                       []string
	Scores                                                       []score
	Actions                                                      []action
	HasPDF                                                       bool
}

type score struct {
	Name  string
	Value string // "64/100" or "Not assessed"
}

type action struct{ Area, Priority, Finding, Do string }

// Compose builds the message to the order's customer.
func Compose(in Input) (mail.Message, error) {
	o, r := in.Optimization, in.Report
	title := r.Title
	if title == "" {
		title = o.ListingTitle
	}
	v := view{Title: title, OptimizedTitle: r.OptimizedTitle, ReportURL: in.ReportURL, SupportEmail: in.SupportEmail,
		RevenueRange: r.RevenueProjections.Range, Revenue: revenueLine(r.RevenueProjections), HasPDF: len(in.PDF) > 0, Notice: r.LayoutNotice}
	v.Titles = r.TitleSuggestions[:min(3, len(r.TitleSuggestions))]
	v.Overall, v.Band = r.OverallScore, r.OverallBand
	if v.Band != "" {
		for _, sec := range analysis.SectionWeights {
			value := "Not assessed"
			if s := r.SectionScores.Get(sec.Key); s != nil {
				value = fmt.Sprintf("%d/100", *s)
			}
			v.Scores = append(v.Scores, score{sec.Name, value})
		}
	} else { // a report stored before there was an overall score
		cs := r.CompetitiveScores
		for _, s := range []struct {
			name string
			v    int
		}{{"Market positioning", cs.MarketPositioning}, {"Amenities", cs.AmenityScore}, {"Photos", cs.VisualScore}, {"Guest experience", cs.ExperienceScore}} {
			v.Scores = append(v.Scores, score{s.name, fmt.Sprintf("%d/100", s.v)})
		}
	}
	// The first actions of the report's one ranked list, in its order.
	for _, a := range r.Actions[:min(3, len(r.Actions))] {
		v.Actions = append(v.Actions, action{Area: report.AreaName(a.Area), Priority: a.Priority, Finding: a.Finding, Do: a.Action})
	}

	var text, html bytes.Buffer
	if err := textBody.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: text body: %w", err)
	}
	if err := htmlBody.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: html body: %w", err)
	}
	m := mail.Message{To: o.CustomerEmail, Subject: "Your ListingLift Premium report: " + oneLine(title),
		Text: text.String(), HTML: html.String()}
	if v.HasPDF {
		m.Attachments = []mail.Attachment{{Filename: PDFFilename, ContentType: "application/pdf", Data: in.PDF}}
	}
	return m, nil
}

// oneLine keeps a header on one line whatever the title holds.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

var textBody = texttemplate.Must(texttemplate.New("text").Funcs(texttemplate.FuncMap{"inc": func(i int) int { return i + 1 }}).Parse(`Your Premium listing optimization is ready.

Listing: {{.Title}}
{{if .Notice}}
Note: {{.Notice}}
{{end}}
Optimized title: {{.OptimizedTitle}}
{{range .Titles}}  - {{.}}
{{end}}
{{if .Band}}Listing score: {{.Overall}}/100 ({{.Band}})
{{end}}{{range .Scores}}  {{.Name}}: {{.Value}}
{{end}}{{if .Revenue}}
Revenue potential: {{.Revenue}}
{{end}}
Do these first:
{{range $i, $a := .Actions}}  {{inc $i}}. [{{$a.Priority}}] {{$a.Area}}: {{$a.Finding}} What to do: {{$a.Do}}
{{else}}  Nothing urgent: no problems were found that need action.
{{end}}
{{if .HasPDF}}The full report is attached as a PDF.{{else}}We could not attach the PDF this time; the full report is on the site, and support can send the PDF.{{end}}
See the full report: {{.ReportURL}}

Questions? Write to {{.SupportEmail}}.
ListingLift
`))

var htmlBody = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">Your Premium listing optimization is ready</h1>
<p><strong>Listing:</strong> {{.Title}}</p>
{{if .Notice}}<p style="background:#fffbeb;border:1px solid #fcd34d;padding:8px;font-weight:bold">{{.Notice}}</p>{{end}}
<h2 style="font-size:16px">Optimized title</h2>
<p>{{.OptimizedTitle}}</p>
{{if .Titles}}<ul>{{range .Titles}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Band}}<h2 style="font-size:16px">Listing score: {{.Overall}}/100 ({{.Band}})</h2>{{else}}<h2 style="font-size:16px">Scores</h2>{{end}}
<table role="presentation" cellpadding="4">{{range .Scores}}<tr><td>{{.Name}}</td><td><strong>{{.Value}}</strong></td></tr>{{end}}</table>
{{if .Revenue}}<p><strong>Revenue potential:</strong> {{.Revenue}}</p>{{end}}
<h2 style="font-size:16px">Do these first</h2>
{{if .Actions}}<ol>{{range .Actions}}<li><strong>{{.Priority}}</strong> {{.Area}}: {{.Finding}} <strong>What to do:</strong> {{.Do}}</li>{{end}}</ol>{{else}}<p>Nothing urgent: no problems were found that need action.</p>{{end}}
<p>{{if .HasPDF}}The full report is attached as a PDF.{{else}}We could not attach the PDF this time; the full report is on the site, and support can send the PDF.{{end}}</p>
<p><a href="{{.ReportURL}}">See the full report</a></p>
<p style="color:#6b7280;font-size:12px">Questions? Write to <a href="mailto:{{.SupportEmail}}">{{.SupportEmail}}</a>. ListingLift</p>
</body></html>
`))

// revenueLine says the revenue figure as the results screen's card does:
// the conservative percentage, then the range.
func revenueLine(p analysis.RevenueProjection) string {
	if len(p.Components) == 0 {
		return fmt.Sprintf("+%d%% (no change here has a published effect size, so no gain is projected)", p.RevenueImpact)
	}
	return fmt.Sprintf("+%d%% (estimated range %s; an estimate, not a guarantee)", p.RevenueImpact, p.Range)
}

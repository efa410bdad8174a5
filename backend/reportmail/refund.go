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
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/plans"
)

// RefundInput is what the refund e-mail is made from: the order (with its
// Refund, or its Upgrade's), where to try again, and support.
type RefundInput struct {
	Optimization *domain.Optimization
	// Upgrade: the mail is about a failed upgrade's refund; the Basic
	// report at ReportURL is unchanged.
	Upgrade      bool
	ReportURL    string
	HomeURL      string
	SupportEmail string
}

// ReportFailed starts every failure reason a failed order stores
// (orders.FailureReason); the refund mail's heading says it already, so
// the reason is shown without it.
const ReportFailed = "We could not prepare your report."

// RefundDelay is how long a refund takes to reach the host's statement
// (card networks: 5–10 business days), said wherever a refund is.
const RefundDelay = "it can take 5–10 days to appear"

// What the host is told when nothing was charged (payments off: the order
// was marked paid and its refund recorded without a provider call), so a
// failure never claims money went back that was never taken. The web app
// says the same (frontend/src/lib/orders/money.ts; a test compares).
const (
	NothingCharged        = "Nothing was charged for this order, so there was nothing to refund."
	NothingChargedUpgrade = "Nothing was charged for the upgrade, so there was nothing to refund."
)

type refundView struct {
	Listing, Reason, Amount, Date, OrderID, ReportURL, HomeURL, SupportEmail string
	Upgrade                                                                  bool
	// Charged: the payment went through the provider, so the refund gave
	// money back; otherwise NothingCharged says what happened.
	Charged        bool
	NothingCharged string
}

// ComposeRefund builds the message that tells the host their report could
// not be made and their money was refunded — or, when nothing was charged
// (domain.Optimization.Charged), that there was nothing to refund: both
// plans get it (Basic's only e-mail), and so does a failed upgrade.
func ComposeRefund(in RefundInput) (mail.Message, error) {
	o := in.Optimization
	r, reason, charged, nothing := o.Refund, o.FailureReason, o.Charged(), NothingCharged
	if in.Upgrade {
		if o.Upgrade == nil {
			return mail.Message{}, mail.Permanent(fmt.Errorf("reportmail: order %s has no upgrade", o.ID))
		}
		r, reason, charged, nothing = o.Upgrade.Refund, o.Upgrade.FailureReason, o.Upgrade.Charged(), NothingChargedUpgrade
	}
	if r == nil {
		return mail.Message{}, mail.Permanent(fmt.Errorf("reportmail: order %s has no refund", o.ID))
	}
	listing := o.ListingTitle
	if listing == "" {
		listing = o.ListingURL
	}
	reason = strings.TrimSpace(strings.TrimPrefix(reason, ReportFailed))
	v := refundView{Listing: oneLine(listing), Reason: reason, Amount: numfmt.MoneyCents(r.Amount, plans.Currency),
		Date: r.RefundedAt.UTC().Format(analysis.DateLayout), OrderID: o.ID, ReportURL: in.ReportURL,
		HomeURL: in.HomeURL, SupportEmail: in.SupportEmail, Upgrade: in.Upgrade, Charged: charged, NothingCharged: nothing}
	var text, html bytes.Buffer
	if err := refundText.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: refund text: %w", err)
	}
	if err := refundHTML.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("reportmail: refund html: %w", err)
	}
	subject := "We couldn't prepare your report"
	if in.Upgrade {
		subject = "We couldn't prepare your Premium report"
	}
	switch {
	case charged && in.Upgrade:
		subject += ": your " + v.Amount + " upgrade was refunded"
	case charged:
		subject += ": your " + v.Amount + " was refunded"
	}
	return mail.Message{To: o.CustomerEmail, Subject: subject, Text: text.String(), HTML: html.String()}, nil
}

var refundText = texttemplate.Must(texttemplate.New("text").Parse(`{{if .Upgrade}}We couldn't prepare the Premium report for your listing{{if .Charged}}, so your upgrade was refunded{{end}}.{{else}}We couldn't prepare your report.{{end}}

Listing: {{.Listing}}
{{if .Reason}}
{{.Reason}}
{{end}}
{{if .Charged}}Your payment of {{.Amount}} was refunded on {{.Date}} — ` + RefundDelay + `.{{else}}{{.NothingCharged}}{{end}}
Order number: {{.OrderID}}
{{if .Upgrade}}
Your Basic report is unchanged: {{.ReportURL}}
{{else}}
Try another listing: {{.HomeURL}}
{{end}}
Questions? Write to {{.SupportEmail}} and quote your order number.
ListingLift
`))

var refundHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">{{if .Upgrade}}We couldn't prepare your Premium report{{else}}We couldn't prepare your report{{end}}</h1>
<p><strong>Listing:</strong> {{.Listing}}</p>
{{if .Reason}}<p>{{.Reason}}</p>{{end}}
{{if .Charged}}<p><strong>Your payment of {{.Amount}} was refunded on {{.Date}}</strong> — ` + RefundDelay + `.</p>{{else}}<p><strong>{{.NothingCharged}}</strong></p>{{end}}
<p>Order number: <strong>{{.OrderID}}</strong></p>
{{if .Upgrade}}<p><a href="{{.ReportURL}}">Your Basic report</a> is unchanged.</p>{{else}}<p><a href="{{.HomeURL}}">Try another listing</a></p>{{end}}
<p style="color:#6b7280;font-size:12px">Questions? Write to <a href="mailto:{{.SupportEmail}}">{{.SupportEmail}}</a> and quote your order number. ListingLift</p>
</body></html>
`))

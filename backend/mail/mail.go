// Package mail declares how e-mail leaves the service: a Message (text and
// HTML bodies, attachments such as the Premium PDF) and a Sender. Adapters:
// sendgrid (the SendGrid v3 API, production) and outbox (.eml files in a
// folder, for `make dev` and tests).
//
// Send errors are classified with domain codes: domain.CodeInvalid for what
// sending again cannot fix (the address or the message was refused),
// domain.CodeUnavailable for what it may (rate limited, the provider
// failing, the network, and our own credentials refused: Misconfigured,
// cured by fixing the configuration). Retryable tells them apart;
// SendWithRetry retries the second kind with doubling backoff. Retrying across job
// attempts, and recording the delivery state, is the caller's business.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Message is one e-mail to one recipient.
type Message struct {
	To      string // address, e.g. host@example.com
	ToName  string // display name, may be empty or non-ASCII
	Subject string
	Text    string // plain-text body
	HTML    string // HTML body; at least one of Text and HTML is required
	// Attachments are sent as files (Content-Disposition: attachment).
	Attachments []Attachment
	// Unsubscribe is the one-click unsubscribe address (RFC 8058) of a
	// message the host gets repeatedly (the watch's weekly e-mail), ""
	// for none. Adapters send it as List-Unsubscribe: <Unsubscribe> with
	// List-Unsubscribe-Post: List-Unsubscribe=One-Click, so the mail
	// program's own "Unsubscribe" button POSTs to it. An https address
	// (http only for localhost, for `make dev`).
	Unsubscribe string
}

// The unsubscribe headers every adapter writes for Message.Unsubscribe:
// RFC 2369's List-Unsubscribe, its value in angle brackets, and RFC 8058's
// one-click marker, whose value is fixed by the RFC.
const (
	HeaderUnsubscribe     = "List-Unsubscribe"
	HeaderUnsubscribePost = "List-Unsubscribe-Post"
	OneClick              = "List-Unsubscribe=One-Click"
)

// UnsubscribeHeader is List-Unsubscribe's value for the address u.
func UnsubscribeHeader(u string) string { return "<" + u + ">" }

// Attachment is a file sent with a message.
type Attachment struct {
	Filename    string // e.g. "listinglift-report.pdf"
	ContentType string // e.g. "application/pdf"; empty: application/octet-stream
	Data        []byte
}

// Sender delivers messages.
type Sender interface {
	// Send delivers m (hands it to the provider). Errors carry a domain
	// code; see Retryable.
	Send(ctx context.Context, m Message) error
}

// Check validates m before it is sent: a single valid recipient address,
// no line breaks in header fields, a subject, a body, named attachments,
// and an unsubscribe address, when there is one, that is https and fits a
// header. The error has code domain.CodeInvalid.
func (m Message) Check() error {
	if m.To == "" {
		return invalid("it has no recipient")
	}
	a, err := mail.ParseAddress(m.To)
	if err != nil || a.Address != m.To {
		return invalid(fmt.Sprintf("recipient %q is not a plain e-mail address", m.To))
	}
	for name, v := range map[string]string{"recipient name": m.ToName, "subject": m.Subject} {
		if strings.ContainsAny(v, "\r\n\x00") {
			return invalid(name + " contains a line break")
		}
	}
	if m.Unsubscribe != "" {
		if err := checkUnsubscribe(m.Unsubscribe); err != nil {
			return err
		}
	}
	if strings.TrimSpace(m.Subject) == "" {
		return invalid("it has no subject")
	}
	if m.Text == "" && m.HTML == "" {
		return invalid("it has no body")
	}
	for i, at := range m.Attachments {
		if at.Filename == "" || strings.ContainsAny(at.Filename, "\r\n\x00\"\\/") {
			return invalid(fmt.Sprintf("attachment %d has no usable file name (%q)", i+1, at.Filename))
		}
		if strings.ContainsAny(at.ContentType, "\r\n\x00") {
			return invalid(fmt.Sprintf("attachment %q has a line break in its type", at.Filename))
		}
	}
	return nil
}

// maxUnsubscribe bounds the unsubscribe address so that its header line
// ("List-Unsubscribe: <…>") stays within RFC 5322's 998 characters
// unfolded: a URL may not be folded.
const maxUnsubscribe = 900

// checkUnsubscribe refuses an unsubscribe address a mail program could not
// POST to, or that would break its header: RFC 8058 requires an https URI
// (http is let through for localhost, where `make dev` serves), and the
// header carries it verbatim between angle brackets, so it must be
// printable ASCII without spaces or brackets.
func checkUnsubscribe(raw string) error {
	if len(raw) > maxUnsubscribe {
		return invalid(fmt.Sprintf("unsubscribe address has %d characters, more than a header line holds", len(raw)))
	}
	for _, c := range raw {
		if c <= ' ' || c >= 0x7f || c == '<' || c == '>' || c == '"' {
			return invalid(fmt.Sprintf("unsubscribe address %q has a line break, space or character a header cannot carry", raw))
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil {
		return invalid(fmt.Sprintf("unsubscribe address %q is not an absolute URL", raw))
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && isLocalhost(u.Hostname()):
	default:
		return invalid(fmt.Sprintf("unsubscribe address %q is not https (one-click unsubscribe needs it)", raw))
	}
	return nil
}

// isLocalhost: the local development server's host names.
func isLocalhost(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func invalid(why string) error {
	return &domain.Error{Code: domain.CodeInvalid, Message: "The e-mail could not be sent: it is not complete.",
		Err: fmt.Errorf("mail: message refused: %s", why)}
}

// Messages of the classified errors (client-safe; the detail is in Err).
const (
	permanentMessage = "The e-mail was refused by the mail service."
	retryMessage     = "The mail service is unavailable right now; the e-mail will be retried."
)

// Permanent wraps err as a failure that sending again will not cure
// (domain.CodeInvalid).
func Permanent(err error) error {
	return &domain.Error{Code: domain.CodeInvalid, Message: permanentMessage, Err: err}
}

// Temporary wraps err as a failure that sending again may cure
// (domain.CodeUnavailable).
func Temporary(err error) error {
	return &domain.Error{Code: domain.CodeUnavailable, Message: retryMessage, Err: err}
}

// MsgConfigRefused is the log message (ERROR) of an e-mail the provider
// refused because of our own configuration (mail.IsConfig): the API key
// wrong, revoked or without permission, the sender not verified. No e-mail
// goes out until someone fixes it; each is kept due and retried meanwhile.
// DEPLOY.md's alerts name this message.
const MsgConfigRefused = "mail provider refused our credentials; e-mails kept due and retried"

// configMessage is a configuration failure's client-safe message.
const configMessage = "The mail service refused our configuration; the e-mail will be retried."

// ConfigError is a failure of our side's mail configuration, not of the
// message or its recipient: sending again cures it once the configuration
// is fixed, so it is retryable (domain.CodeUnavailable), and alerted on.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return "mail configuration: " + e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// Misconfigured wraps err (e.g. SendGrid's 401 or 403) as a ConfigError:
// retryable, and recognised by IsConfig.
func Misconfigured(err error) error {
	return &domain.Error{Code: domain.CodeUnavailable, Message: configMessage, Err: &ConfigError{Err: err}}
}

// IsConfig reports whether err is a configuration failure (Misconfigured).
func IsConfig(err error) bool {
	var c *ConfigError
	return errors.As(err, &c)
}

// Retryable says whether sending again may succeed: err has code
// domain.CodeUnavailable. Adapters return the caller's context error as it
// is when the context ended, so that is not retryable, nor is any other
// error without a code.
func Retryable(err error) bool {
	return domain.ErrorCode(err) == domain.CodeUnavailable
}

// SendWithRetry sends m, trying at most attempts times (at least once):
// after a retryable failure it waits base, then 2×base, 4×base… before the
// next try. It returns nil on success, at once on a permanent failure, the
// last error when the attempts run out, and the context's error (joined with
// the last failure) when ctx ends while waiting.
func SendWithRetry(ctx context.Context, s Sender, m Message, attempts int, base time.Duration) error {
	attempts = max(attempts, 1)
	wait := base
	for n := 1; ; n++ {
		err := s.Send(ctx, m)
		if err == nil || !Retryable(err) || n == attempts {
			return err
		}
		if ctx.Err() != nil {
			return errors.Join(ctx.Err(), err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(ctx.Err(), err)
		case <-t.C:
		}
		wait *= 2
	}
}

// SenderFunc adapts a function to Sender (tests, wrappers).
type SenderFunc func(ctx context.Context, m Message) error

// Send calls f.
func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }

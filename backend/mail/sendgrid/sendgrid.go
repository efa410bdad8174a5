// Package sendgrid is the production mail.Sender: SendGrid's v3 Mail Send
// API (POST /v3/mail/send). The request body is built with sendgrid-go's
// helpers/mail types; the call itself is plain net/http, because the SDK's
// client reports 4xx and 5xx answers as successes (it only fails on
// transport errors) and reads answers without a size limit. Here 202 (any
// 2xx) is sent; 408, 429 and 5xx are mail.Temporary; 401 and 403 (our
// key or sender refused) are mail.Misconfigured, retryable and alerted on;
// other answers are mail.Permanent, with SendGrid's error messages in the
// error.
//
// Click tracking is switched off for these messages: the report e-mail
// carries a signed download link, which must reach the host as written
// rather than through a tracking redirect.
//
// A message's one-click unsubscribe address (mail.Message.Unsubscribe) is
// sent as the List-Unsubscribe and List-Unsubscribe-Post headers, in the
// v3 body's "headers".
package sendgrid

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	sgmail "github.com/sendgrid/sendgrid-go/helpers/mail"

	listingmail "github.com/listinglift/listinglift/backend/mail"
)

// DefaultBaseURL is SendGrid's global API host.
const DefaultBaseURL = "https://api.sendgrid.com"

// Options configure a Sender.
type Options struct {
	APIKey   string // "SG.…", sent as a bearer token
	From     string // sender address, verified in SendGrid
	FromName string // e.g. "ListingLift"
	// BaseURL of the API; empty: DefaultBaseURL. Tests point it at a
	// local server; https://api.eu.sendgrid.com for EU data residency.
	BaseURL string
	// HTTPClient; nil: a client with a 30-second timeout.
	HTTPClient *http.Client
}

// Sender sends through SendGrid.
type Sender struct {
	key, endpoint string
	from          *sgmail.Email
	client        *http.Client
}

var _ listingmail.Sender = (*Sender)(nil)

// New checks opts and returns a Sender.
func New(opts Options) (*Sender, error) {
	if opts.APIKey == "" || strings.ContainsAny(opts.APIKey, " \r\n") {
		return nil, errors.New("sendgrid: no usable API key")
	}
	if a, err := mail.ParseAddress(opts.From); err != nil || a.Address != opts.From {
		return nil, fmt.Errorf("sendgrid: from %q is not a plain e-mail address", opts.From)
	}
	base := strings.TrimRight(opts.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	if !strings.HasPrefix(base, "https://") && !strings.HasPrefix(base, "http://") {
		return nil, fmt.Errorf("sendgrid: base URL %q is not an http(s) URL", opts.BaseURL)
	}
	client := opts.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	return &Sender{
		key:      opts.APIKey,
		endpoint: base + "/v3/mail/send",
		from:     sgmail.NewEmail(opts.FromName, opts.From),
		client:   client,
	}, nil
}

// Body is the v3 JSON request body for m (exported for tests and tools).
func (s *Sender) Body(m listingmail.Message) ([]byte, error) {
	v3 := sgmail.NewV3Mail()
	v3.SetFrom(s.from)
	v3.Subject = m.Subject
	p := sgmail.NewPersonalization()
	p.AddTos(sgmail.NewEmail(m.ToName, m.To))
	v3.AddPersonalizations(p)
	// SendGrid wants text/plain before text/html.
	if m.Text != "" {
		v3.AddContent(sgmail.NewContent("text/plain", m.Text))
	}
	if m.HTML != "" {
		v3.AddContent(sgmail.NewContent("text/html", m.HTML))
	}
	for _, at := range m.Attachments {
		ct := at.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		v3.AddAttachment(sgmail.NewAttachment().
			SetContent(base64.StdEncoding.EncodeToString(at.Data)).
			SetType(ct).
			SetFilename(at.Filename).
			SetDisposition("attachment"))
	}
	if m.Unsubscribe != "" {
		// Our own one-click link (RFC 8058), not SendGrid's subscription
		// tracking: stopping a watch is the service's state, not a
		// SendGrid suppression list.
		v3.SetHeader(listingmail.HeaderUnsubscribe, listingmail.UnsubscribeHeader(m.Unsubscribe))
		v3.SetHeader(listingmail.HeaderUnsubscribePost, listingmail.OneClick)
	}
	off := false
	v3.SetTrackingSettings(&sgmail.TrackingSettings{
		ClickTracking: &sgmail.ClickTrackingSetting{Enable: &off, EnableText: &off},
	})
	return json.Marshal(v3)
}

// Send posts m to SendGrid. See the package comment for how answers map to
// errors; when ctx ends first, its error is returned as it is.
func (s *Sender) Send(ctx context.Context, m listingmail.Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	body, err := s.Body(m)
	if err != nil {
		return fmt.Errorf("sendgrid: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sendgrid: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return listingmail.Temporary(fmt.Errorf("sendgrid: %w", err))
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	apiErr := &APIError{StatusCode: resp.StatusCode, Messages: errorMessages(raw)}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusRequestTimeout,
		resp.StatusCode >= 500:
		return listingmail.Temporary(apiErr)
	case resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusForbidden:
		// Our key (wrong, revoked, without mail.send) or our sender (not
		// verified): nothing about this message or its recipient.
		return listingmail.Misconfigured(apiErr)
	default:
		return listingmail.Permanent(apiErr)
	}
}

// APIError is a non-2xx answer from SendGrid.
type APIError struct {
	StatusCode int
	// Messages are SendGrid's error messages ("The to email does not
	// contain a valid address."), with the field they concern when given.
	Messages []string
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("sendgrid: %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	if len(e.Messages) > 0 {
		msg += ": " + strings.Join(e.Messages, "; ")
	}
	return msg
}

// errorMessages reads SendGrid's {"errors":[{"message","field"}]}; other
// bodies give their first line, shortened.
func errorMessages(raw []byte) []string {
	var body struct {
		Errors []struct {
			Message string  `json:"message"`
			Field   *string `json:"field"`
		} `json:"errors"`
	}
	var out []string
	if json.Unmarshal(raw, &body) == nil {
		for _, e := range body.Errors {
			m := e.Message
			if e.Field != nil && *e.Field != "" {
				m += " (" + *e.Field + ")"
			}
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		if line, _, _ := strings.Cut(strings.TrimSpace(string(raw)), "\n"); line != "" {
			out = append(out, truncate(line, 200))
		}
	}
	return out
}

// truncate shortens s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

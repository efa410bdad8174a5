package sendgrid_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/mail/sendgrid"
)

const apiKey = "SG.test-key.listinglift"

// request is what the fake API received.
type request struct {
	Method, Path, Auth, ContentType string
	Body                            []byte
}

// fakeAPI speaks enough of SendGrid's v3 Mail Send API: it records each
// request and answers with the next of its responses (202 when they run out).
type fakeAPI struct {
	*httptest.Server
	mu        sync.Mutex
	requests  []request
	responses []response
}

type response struct {
	status int
	body   string
}

func newFakeAPI(t *testing.T, responses ...response) *fakeAPI {
	t.Helper()
	f := &fakeAPI{responses: responses}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.requests = append(f.requests, request{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Content-Type"), body})
		resp := response{status: http.StatusAccepted}
		if len(f.responses) > 0 {
			resp, f.responses = f.responses[0], f.responses[1:]
		}
		f.mu.Unlock()
		if r.URL.Path != "/v3/mail/send" || r.Method != http.MethodPost {
			resp = response{http.StatusNotFound, `{"errors":[{"field":null,"message":"not found"}]}`}
		}
		if resp.status == http.StatusAccepted {
			w.Header().Set("X-Message-Id", "msg-123")
		}
		if resp.body != "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(resp.status)
		_, _ = io.WriteString(w, resp.body)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeAPI) Requests() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request(nil), f.requests...)
}

func newSender(t *testing.T, baseURL string) *sendgrid.Sender {
	t.Helper()
	s, err := sendgrid.New(sendgrid.Options{APIKey: apiKey, From: "reports@listinglift.example", FromName: "ListingLift",
		BaseURL: baseURL, HTTPClient: &http.Client{Timeout: 5 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func premium(pdf []byte) mail.Message {
	return mail.Message{
		To: "host@example.com", ToName: "José Müller",
		Subject:     "Votre rapport ListingLift — Café «Sol» ☀",
		Text:        "Your report is ready.\nScore: 82/100",
		HTML:        `<p>Your report is ready. <a href="https://app.example/api/pdf/opt_1?t=abc&amp;x=1">PDF</a></p>`,
		Attachments: []mail.Attachment{{Filename: "listinglift-report.pdf", ContentType: "application/pdf", Data: pdf}},
	}
}

// The v3 body as SendGrid documents it.
type v3Body struct {
	Personalizations []struct {
		To []struct {
			Email string `json:"email"`
			Name  string `json:"name"`
		} `json:"to"`
	} `json:"personalizations"`
	From struct {
		Email string `json:"email"`
		Name  string `json:"name"`
	} `json:"from"`
	Subject string `json:"subject"`
	Content []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"content"`
	Attachments []struct {
		Content     string `json:"content"`
		Type        string `json:"type"`
		Filename    string `json:"filename"`
		Disposition string `json:"disposition"`
	} `json:"attachments"`
	TrackingSettings struct {
		ClickTracking struct {
			Enable     *bool `json:"enable"`
			EnableText *bool `json:"enable_text"`
		} `json:"click_tracking"`
	} `json:"tracking_settings"`
}

func TestAcceptedRequestShape(t *testing.T) {
	api := newFakeAPI(t)
	pdf := make([]byte, 5000)
	_, _ = rand.Read(pdf)
	m := premium(pdf)
	if err := newSender(t, api.URL).Send(context.Background(), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	reqs := api.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Method != http.MethodPost || r.Path != "/v3/mail/send" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}
	if r.Auth != "Bearer "+apiKey {
		t.Errorf("Authorization %q", r.Auth)
	}
	if r.ContentType != "application/json" {
		t.Errorf("Content-Type %q", r.ContentType)
	}
	var b v3Body
	if err := json.Unmarshal(r.Body, &b); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, r.Body)
	}
	if len(b.Personalizations) != 1 || len(b.Personalizations[0].To) != 1 ||
		b.Personalizations[0].To[0].Email != m.To || b.Personalizations[0].To[0].Name != m.ToName {
		t.Errorf("personalizations %+v", b.Personalizations)
	}
	if b.From.Email != "reports@listinglift.example" || b.From.Name != "ListingLift" {
		t.Errorf("from %+v", b.From)
	}
	if b.Subject != m.Subject {
		t.Errorf("subject %q", b.Subject)
	}
	if len(b.Content) != 2 || b.Content[0].Type != "text/plain" || b.Content[0].Value != m.Text ||
		b.Content[1].Type != "text/html" || b.Content[1].Value != m.HTML {
		t.Errorf("content %+v (want text/plain first, then text/html)", b.Content)
	}
	if len(b.Attachments) != 1 {
		t.Fatalf("attachments %+v", b.Attachments)
	}
	a := b.Attachments[0]
	data, err := base64.StdEncoding.DecodeString(a.Content)
	if err != nil || string(data) != string(pdf) {
		t.Errorf("attachment content does not decode to the PDF (%v)", err)
	}
	if a.Type != "application/pdf" || a.Filename != "listinglift-report.pdf" || a.Disposition != "attachment" {
		t.Errorf("attachment %s %s %s", a.Type, a.Filename, a.Disposition)
	}
	ct := b.TrackingSettings.ClickTracking
	if ct.Enable == nil || *ct.Enable || ct.EnableText == nil || *ct.EnableText {
		t.Errorf("click tracking is not switched off: %s", r.Body)
	}
}

// A text-only message has one content entry and no attachments key.
func TestTextOnly(t *testing.T) {
	api := newFakeAPI(t)
	m := mail.Message{To: "host@example.com", Subject: "Hi", Text: "plain"}
	if err := newSender(t, api.URL+"/").Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	var b map[string]json.RawMessage
	_ = json.Unmarshal(api.Requests()[0].Body, &b)
	if string(b["content"]) != `[{"type":"text/plain","value":"plain"}]` {
		t.Errorf("content %s", b["content"])
	}
	if _, ok := b["attachments"]; ok {
		t.Errorf("attachments present: %s", b["attachments"])
	}
}

func TestStatusClassification(t *testing.T) {
	cases := []struct {
		name      string
		resp      response
		code      domain.Code
		retryable bool
		detail    string
	}{
		{"400 bad address", response{400, `{"errors":[{"message":"The to email does not contain a valid address.","field":"personalizations.0.to.0.email","help":"http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to"}]}`},
			domain.CodeInvalid, false, "The to email does not contain a valid address. (personalizations.0.to.0.email)"},
		{"401 bad key", response{401, `{"errors":[{"field":null,"message":"The provided authorization grant is invalid, expired, or revoked","help":null}]}`},
			domain.CodeUnavailable, true, "The provided authorization grant is invalid, expired, or revoked"},
		{"403 sender not verified", response{403, `{"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from"}]}`},
			domain.CodeUnavailable, true, "verified Sender Identity"},
		{"413 too large", response{413, `{"errors":[{"message":"Payload Too Large"}]}`}, domain.CodeInvalid, false, "Payload Too Large"},
		{"429 rate limited", response{429, `{"errors":[{"field":null,"message":"too many requests"}]}`}, domain.CodeUnavailable, true, "too many requests"},
		{"500", response{500, `{"errors":[{"message":"internal error"}]}`}, domain.CodeUnavailable, true, "internal error"},
		{"502 html page", response{502, "<html>\n<body>Bad Gateway</body></html>"}, domain.CodeUnavailable, true, "<html>"},
		{"503 no body", response{503, ""}, domain.CodeUnavailable, true, "503 Service Unavailable"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, tc.resp)
			err := newSender(t, api.URL).Send(context.Background(), premium([]byte("%PDF")))
			if err == nil {
				t.Fatal("Send succeeded")
			}
			if got := domain.ErrorCode(err); got != tc.code {
				t.Errorf("code %q, want %q (%v)", got, tc.code, err)
			}
			if mail.Retryable(err) != tc.retryable {
				t.Errorf("Retryable = %v, want %v", mail.Retryable(err), tc.retryable)
			}
			// 401 and 403 are our key or sender: retried, and alerted on.
			if wantConfig := tc.resp.status == 401 || tc.resp.status == 403; mail.IsConfig(err) != wantConfig {
				t.Errorf("IsConfig = %v, want %v", mail.IsConfig(err), wantConfig)
			}
			var apiErr *sendgrid.APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != tc.resp.status {
				t.Errorf("error %v does not carry the status %d", err, tc.resp.status)
			}
			if !strings.Contains(err.Error(), tc.detail) {
				t.Errorf("error %q does not record %q", err, tc.detail)
			}
			if strings.Contains(err.Error(), apiKey) || strings.Contains(domain.ErrorMessage(err), "sendgrid") {
				t.Errorf("error leaks the key or internals to the client message: %v / %q", err, domain.ErrorMessage(err))
			}
		})
	}
}

func TestTransportErrorIsRetryable(t *testing.T) {
	api := newFakeAPI(t)
	url := api.URL
	api.Close() // nothing listens there any more
	err := newSender(t, url).Send(context.Background(), premium(nil))
	if !mail.Retryable(err) || domain.ErrorCode(err) != domain.CodeUnavailable {
		t.Errorf("Send to a closed server = %v, want a retryable error", err)
	}
}

func TestTimeoutIsRetryable(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
	}))
	defer slow.Close()
	defer close(release)
	s, err := sendgrid.New(sendgrid.Options{APIKey: apiKey, From: "reports@listinglift.example", BaseURL: slow.URL,
		HTTPClient: &http.Client{Timeout: 50 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), premium(nil)); !mail.Retryable(err) {
		t.Errorf("client timeout: %v, want retryable", err)
	}
}

func TestCanceledContextIsReturnedAsIs(t *testing.T) {
	api := newFakeAPI(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := newSender(t, api.URL).Send(ctx, premium(nil))
	if !errors.Is(err, context.Canceled) || mail.Retryable(err) {
		t.Errorf("Send with a canceled context = %v", err)
	}
}

func TestInvalidMessageIsNotSent(t *testing.T) {
	api := newFakeAPI(t)
	err := newSender(t, api.URL).Send(context.Background(), mail.Message{To: "not an address", Subject: "x", Text: "x"})
	if domain.ErrorCode(err) != domain.CodeInvalid || len(api.Requests()) != 0 {
		t.Errorf("err %v, %d requests", err, len(api.Requests()))
	}
}

// 5xx answers are retried by SendWithRetry until SendGrid accepts.
func TestRetriedUntilAccepted(t *testing.T) {
	api := newFakeAPI(t, response{503, ""}, response{500, `{"errors":[{"message":"try later"}]}`})
	err := mail.SendWithRetry(context.Background(), newSender(t, api.URL), premium([]byte("%PDF")), 4, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(api.Requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
}

// A 4xx is not retried.
func TestPermanentNotRetried(t *testing.T) {
	api := newFakeAPI(t, response{400, `{"errors":[{"message":"bad"}]}`})
	err := mail.SendWithRetry(context.Background(), newSender(t, api.URL), premium(nil), 4, time.Millisecond)
	if err == nil || len(api.Requests()) != 1 {
		t.Errorf("err %v after %d requests", err, len(api.Requests()))
	}
}

func TestNewChecksOptions(t *testing.T) {
	good := sendgrid.Options{APIKey: apiKey, From: "reports@listinglift.example"}
	if _, err := sendgrid.New(good); err != nil {
		t.Fatalf("good options: %v", err)
	}
	for name, change := range map[string]func(*sendgrid.Options){
		"no key":       func(o *sendgrid.Options) { o.APIKey = "" },
		"key with \\n": func(o *sendgrid.Options) { o.APIKey = "SG.x\nX-Evil: 1" },
		"no from":      func(o *sendgrid.Options) { o.From = "" },
		"bad from":     func(o *sendgrid.Options) { o.From = "ListingLift <reports@listinglift.example>" },
		"bad base URL": func(o *sendgrid.Options) { o.BaseURL = "api.sendgrid.com" },
	} {
		o := good
		change(&o)
		if _, err := sendgrid.New(o); err == nil {
			t.Errorf("%s: New succeeded", name)
		}
	}
}

// A message with an unsubscribe address is sent with the List-Unsubscribe
// and List-Unsubscribe-Post headers in the v3 body's "headers", as
// SendGrid's API takes custom headers; one without sends no "headers".
func TestUnsubscribeHeaders(t *testing.T) {
	const u = "https://listinglift.app/api/watch/unsubscribe?token=v1.b3JkXzE.c2ln-_"
	api := newFakeAPI(t)
	s := newSender(t, api.URL)
	m := mail.Message{To: "host@example.com", Subject: "What changed on your listing this week", Text: "x", HTML: "<p>x</p>", Unsubscribe: u}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), premium(nil)); err != nil {
		t.Fatal(err)
	}
	reqs := api.Requests()
	var b struct {
		Headers          map[string]string `json:"headers"`
		Personalizations []struct {
			Headers map[string]string `json:"headers"`
		} `json:"personalizations"`
	}
	if err := json.Unmarshal(reqs[0].Body, &b); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"List-Unsubscribe": "<" + u + ">", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
	if len(b.Headers) != len(want) || b.Headers["List-Unsubscribe"] != want["List-Unsubscribe"] ||
		b.Headers["List-Unsubscribe-Post"] != want["List-Unsubscribe-Post"] {
		t.Errorf("headers %v, want %v\n%s", b.Headers, want, reqs[0].Body)
	}
	var plain map[string]json.RawMessage
	_ = json.Unmarshal(reqs[1].Body, &plain)
	if h, ok := plain["headers"]; ok {
		t.Errorf("a message without an unsubscribe address sends headers %s", h)
	}
}

// An unsubscribe address that is not https is refused before any request.
func TestUnsubscribeNotHTTPSIsNotSent(t *testing.T) {
	api := newFakeAPI(t)
	err := newSender(t, api.URL).Send(context.Background(),
		mail.Message{To: "host@example.com", Subject: "s", Text: "x", Unsubscribe: "http://listinglift.app/u?token=t"})
	if domain.ErrorCode(err) != domain.CodeInvalid || len(api.Requests()) != 0 {
		t.Errorf("err %v, %d requests", err, len(api.Requests()))
	}
}

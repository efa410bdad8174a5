package mail_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
)

func message() mail.Message {
	return mail.Message{To: "host@example.com", ToName: "Ana", Subject: "Your report", Text: "Hello", HTML: "<p>Hello</p>"}
}

// fakeSender answers Send with the next of its results (nil when they run
// out) and records when each call came.
type fakeSender struct {
	mu      sync.Mutex
	results []error
	calls   []time.Time
}

func (f *fakeSender) Send(ctx context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, time.Now())
	if len(f.results) == 0 {
		return nil
	}
	err := f.results[0]
	f.results = f.results[1:]
	return err
}

var (
	errBusy   = mail.Temporary(errors.New("503 from the provider"))
	errBadTo  = mail.Permanent(errors.New("400: the to address is not valid"))
	errPlain  = errors.New("something unclassified")
	tinyDelay = 5 * time.Millisecond
)

func TestRetryable(t *testing.T) {
	cases := []struct {
		err  error
		want bool
	}{
		{nil, false},
		{errBusy, true},
		{errBadTo, false},
		{errPlain, false},
		{context.Canceled, false},
		{context.DeadlineExceeded, false},
		{&domain.Error{Code: domain.CodeUnavailable, Message: "x"}, true},
		{errors.Join(errors.New("wrapped"), errBusy), true},
		{mail.Misconfigured(errors.New("401 bad key")), true},
	}
	for _, tc := range cases {
		if got := mail.Retryable(tc.err); got != tc.want {
			t.Errorf("Retryable(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if domain.ErrorCode(errBadTo) != domain.CodeInvalid || domain.ErrorCode(errBusy) != domain.CodeUnavailable {
		t.Error("Permanent/Temporary codes")
	}
}

// TestIsConfig: only a Misconfigured error (our key, our sender) is a
// configuration failure, however it is wrapped.
func TestIsConfig(t *testing.T) {
	cfg := mail.Misconfigured(errors.New("401 bad key"))
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{cfg, true},
		{fmt.Errorf("send: %w", cfg), true},
		{errBusy, false},
		{errBadTo, false},
		{errPlain, false},
		{nil, false},
	} {
		if got := mail.IsConfig(tc.err); got != tc.want {
			t.Errorf("IsConfig(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if !strings.Contains(cfg.Error(), "401 bad key") {
		t.Errorf("the cause is lost: %v", cfg)
	}
}

func TestSendWithRetry(t *testing.T) {
	ctx := context.Background()

	t.Run("first try", func(t *testing.T) {
		f := &fakeSender{}
		if err := mail.SendWithRetry(ctx, f, message(), 3, tinyDelay); err != nil || len(f.calls) != 1 {
			t.Errorf("err %v after %d calls", err, len(f.calls))
		}
	})

	t.Run("retries retryable errors with doubling backoff", func(t *testing.T) {
		f := &fakeSender{results: []error{errBusy, errBusy, nil}}
		if err := mail.SendWithRetry(ctx, f, message(), 5, tinyDelay); err != nil {
			t.Fatal(err)
		}
		if len(f.calls) != 3 {
			t.Fatalf("%d calls, want 3", len(f.calls))
		}
		if gap := f.calls[1].Sub(f.calls[0]); gap < tinyDelay {
			t.Errorf("first wait %v, want ≥ %v", gap, tinyDelay)
		}
		if gap := f.calls[2].Sub(f.calls[1]); gap < 2*tinyDelay {
			t.Errorf("second wait %v, want ≥ %v (doubled)", gap, 2*tinyDelay)
		}
	})

	t.Run("permanent error is not retried", func(t *testing.T) {
		f := &fakeSender{results: []error{errBadTo, nil}}
		err := mail.SendWithRetry(ctx, f, message(), 5, tinyDelay)
		if !errors.Is(err, errBadTo) || len(f.calls) != 1 {
			t.Errorf("err %v after %d calls, want the permanent error after 1", err, len(f.calls))
		}
	})

	t.Run("unclassified error is not retried", func(t *testing.T) {
		f := &fakeSender{results: []error{errPlain, nil}}
		if err := mail.SendWithRetry(ctx, f, message(), 5, tinyDelay); !errors.Is(err, errPlain) || len(f.calls) != 1 {
			t.Errorf("err %v after %d calls", err, len(f.calls))
		}
	})

	t.Run("gives up after the attempts", func(t *testing.T) {
		f := &fakeSender{results: []error{errBusy, errBusy, errBusy, errBusy}}
		err := mail.SendWithRetry(ctx, f, message(), 3, tinyDelay)
		if !errors.Is(err, errBusy) || !mail.Retryable(err) || len(f.calls) != 3 {
			t.Errorf("err %v after %d calls, want the retryable error after 3", err, len(f.calls))
		}
	})

	t.Run("at least one attempt", func(t *testing.T) {
		f := &fakeSender{results: []error{errBusy}}
		if err := mail.SendWithRetry(ctx, f, message(), 0, tinyDelay); !errors.Is(err, errBusy) || len(f.calls) != 1 {
			t.Errorf("err %v after %d calls", err, len(f.calls))
		}
	})

	t.Run("context ends while waiting", func(t *testing.T) {
		f := &fakeSender{results: []error{errBusy, errBusy}}
		cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := mail.SendWithRetry(cctx, f, message(), 5, time.Hour)
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, errBusy) {
			t.Errorf("err %v, want the deadline joined with the last failure", err)
		}
		if time.Since(start) > 5*time.Second || len(f.calls) != 1 {
			t.Errorf("returned after %v and %d calls", time.Since(start), len(f.calls))
		}
	})
}

func TestCheck(t *testing.T) {
	if err := message().Check(); err != nil {
		t.Fatalf("a good message: %v", err)
	}
	bad := map[string]func(*mail.Message){
		"no recipient":          func(m *mail.Message) { m.To = "" },
		"not an address":        func(m *mail.Message) { m.To = "host at example.com" },
		"two recipients":        func(m *mail.Message) { m.To = "a@example.com, b@example.com" },
		"name in the address":   func(m *mail.Message) { m.To = "Ana <host@example.com>" },
		"header injection name": func(m *mail.Message) { m.ToName = "Ana\r\nBcc: x@example.com" },
		"header injection subj": func(m *mail.Message) { m.Subject = "Hi\nBcc: x@example.com" },
		"no subject":            func(m *mail.Message) { m.Subject = "  " },
		"no body":               func(m *mail.Message) { m.Text, m.HTML = "", "" },
		"attachment without name": func(m *mail.Message) {
			m.Attachments = []mail.Attachment{{ContentType: "application/pdf", Data: []byte("x")}}
		},
		"attachment with a path": func(m *mail.Message) {
			m.Attachments = []mail.Attachment{{Filename: "../report.pdf", Data: []byte("x")}}
		},
		// The one-click unsubscribe address (RFC 8058): https, one header line.
		"unsubscribe over http": func(m *mail.Message) { m.Unsubscribe = "http://listinglift.app/api/watch/unsubscribe?token=t" },
		"unsubscribe as mailto": func(m *mail.Message) { m.Unsubscribe = "mailto:stop@listinglift.app" },
		"unsubscribe script":    func(m *mail.Message) { m.Unsubscribe = "javascript:alert(1)" },
		"unsubscribe relative":  func(m *mail.Message) { m.Unsubscribe = "/api/watch/unsubscribe?token=t" },
		"unsubscribe no host":   func(m *mail.Message) { m.Unsubscribe = "https:///api/watch/unsubscribe" },
		"unsubscribe with CRLF": func(m *mail.Message) {
			m.Unsubscribe = "https://listinglift.app/u?token=t\r\nBcc: x@example.com"
		},
		"unsubscribe with LF":      func(m *mail.Message) { m.Unsubscribe = "https://listinglift.app/u?token=t\nX: 1" },
		"unsubscribe with a space": func(m *mail.Message) { m.Unsubscribe = "https://listinglift.app/u?token=a b" },
		"unsubscribe closes <>":    func(m *mail.Message) { m.Unsubscribe = "https://listinglift.app/u>, <https://evil.example/" },
		"unsubscribe not ASCII":    func(m *mail.Message) { m.Unsubscribe = "https://listinglift.app/désabonner" },
		"unsubscribe with a user":  func(m *mail.Message) { m.Unsubscribe = "https://listinglift.app@evil.example/u" },
		"unsubscribe too long": func(m *mail.Message) {
			m.Unsubscribe = "https://listinglift.app/u?token=" + strings.Repeat("a", 900)
		},
		"http on a lookalike host": func(m *mail.Message) { m.Unsubscribe = "http://localhost.evil.example/u" },
	}
	for name, change := range bad {
		m := message()
		change(&m)
		if err := m.Check(); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("%s: Check = %v, want a domain.CodeInvalid error", name, err)
		} else if !strings.Contains(err.Error(), "mail: message refused") {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, change := range map[string]func(*mail.Message){
		"text only":    func(m *mail.Message) { m.HTML = "" },
		"html only":    func(m *mail.Message) { m.Text = "" },
		"no name":      func(m *mail.Message) { m.ToName = "" },
		"unicode name": func(m *mail.Message) { m.ToName = "José Müller 山田" },
		"unicode file": func(m *mail.Message) {
			m.Attachments = []mail.Attachment{{Filename: "rapport-été.pdf", Data: []byte("x")}}
		},
		"empty attach.": func(m *mail.Message) { m.Attachments = []mail.Attachment{{Filename: "empty.txt"}} },
		"unsubscribe": func(m *mail.Message) {
			m.Unsubscribe = "https://listinglift.app/api/watch/unsubscribe?token=v1.abc-_~%2B"
		},
		// `make dev` serves on localhost over http.
		"unsubscribe localhost": func(m *mail.Message) { m.Unsubscribe = "http://localhost:8080/api/watch/unsubscribe?token=t" },
		"unsubscribe loopback":  func(m *mail.Message) { m.Unsubscribe = "http://127.0.0.1:8080/api/watch/unsubscribe?token=t" },
	} {
		m := message()
		change(&m)
		if err := m.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

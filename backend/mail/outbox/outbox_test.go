package outbox_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	listingmail "github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/mail/outbox"
)

func newOutbox(t *testing.T, now func() time.Time) *outbox.Outbox {
	t.Helper()
	o, err := outbox.New(outbox.Options{Dir: filepath.Join(t.TempDir(), "outbox"), From: "reports@listinglift.local",
		FromName: "ListingLift Berichte", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// emls lists the .eml files of dir, sorted by name, and fails on any other
// file (a temporary file left behind).
func emls(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".eml") {
			t.Errorf("unexpected file %s in the outbox", e.Name())
			continue
		}
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

func readMessage(t *testing.T, path string) (*mail.Message, []byte) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s does not parse as RFC 5322: %v", path, err)
	}
	return msg, raw
}

func TestPremiumMessage(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 30, 45, 123, time.FixedZone("CET", 3600))
	o := newOutbox(t, func() time.Time { return at })
	pdf := make([]byte, 70_000)
	_, _ = rand.Read(pdf)
	m := listingmail.Message{
		To: "host@example.com", ToName: "José Müller-Ørsted 山田",
		Subject: "Votre rapport ListingLift est prêt — Café «Sol» à Séville ☀ (score 82/100, 5 actions prioritaires)",
		Text:    "Bonjour José,\n\nVotre rapport est prêt : score 82/100.\nLigne très longue " + strings.Repeat("é", 120) + "\n",
		HTML:    `<p>Bonjour José,</p><p>Votre rapport est prêt&nbsp;: <b>82/100</b>. <a href="https://app.example/api/pdf/opt_1?t=abc=&x=1">PDF</a></p>`,
		Attachments: []listingmail.Attachment{
			{Filename: "rapport-listinglift-été.pdf", ContentType: "application/pdf", Data: pdf},
			{Filename: "notes.txt", Data: []byte("no type given")},
		},
	}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	names := emls(t, o.Dir())
	if len(names) != 1 {
		t.Fatalf("outbox holds %v, want one .eml", names)
	}
	if want := "20260301T113045.000000123Z-"; !strings.HasPrefix(names[0], want) {
		t.Errorf("file name %s, want it to start with the UTC time %s", names[0], want)
	}
	msg, raw := readMessage(t, filepath.Join(o.Dir(), names[0]))

	// Lines: CRLF only, none over RFC 5322's 998 characters, and the header
	// block plain ASCII.
	if bytes.Contains(bytes.ReplaceAll(raw, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("a line ends in a bare LF")
	}
	for i, line := range bytes.Split(raw, []byte("\r\n")) {
		if len(line) > 998 {
			t.Errorf("line %d has %d characters", i+1, len(line))
		}
	}
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for _, c := range head {
		if c >= 0x80 {
			t.Fatalf("the header has a non-ASCII byte:\n%s", head)
		}
	}

	h := msg.Header
	dec := new(mime.WordDecoder)
	if subj, err := dec.DecodeHeader(h.Get("Subject")); err != nil || subj != m.Subject {
		t.Errorf("Subject decodes to %q (%v), want %q", subj, err, m.Subject)
	}
	if from, err := mail.ParseAddress(h.Get("From")); err != nil || from.Address != "reports@listinglift.local" || from.Name != "ListingLift Berichte" {
		t.Errorf("From %q → %+v, %v", h.Get("From"), from, err)
	}
	if to, err := mail.ParseAddress(h.Get("To")); err != nil || to.Address != m.To || to.Name != m.ToName {
		t.Errorf("To %q → %+v, %v", h.Get("To"), to, err)
	}
	if d, err := h.Date(); err != nil || !d.Equal(at.Truncate(time.Second)) {
		t.Errorf("Date %q → %v, %v", h.Get("Date"), d, err)
	}
	if id := h.Get("Message-ID"); !regexp.MustCompile(`^<[^<>@\s]+@[^<>@\s]+>$`).MatchString(id) {
		t.Errorf("Message-ID %q", id)
	}
	if v := h.Get("MIME-Version"); v != "1.0" {
		t.Errorf("MIME-Version %q", v)
	}

	// multipart/mixed: [multipart/alternative [text, html], pdf, txt]
	mixed := multipartReader(t, h.Get("Content-Type"), "multipart/mixed", msg.Body)
	alt, err := mixed.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	altReader := multipartReader(t, alt.Header.Get("Content-Type"), "multipart/alternative", alt)
	for _, want := range []struct{ mediaType, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		p, err := altReader.NextPart() // decodes quoted-printable
		if err != nil {
			t.Fatal(err)
		}
		mt, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		body, _ := io.ReadAll(p)
		if mt != want.mediaType || params["charset"] != "utf-8" {
			t.Errorf("body part %s %v, want %s; charset=utf-8", mt, params, want.mediaType)
		}
		if got := strings.ReplaceAll(string(body), "\r\n", "\n"); got != want.body {
			t.Errorf("%s body = %q, want %q", mt, got, want.body)
		}
	}
	if _, err := altReader.NextPart(); err != io.EOF {
		t.Errorf("a third alternative: %v", err)
	}
	for _, want := range m.Attachments {
		p, err := mixed.NextPart()
		if err != nil {
			t.Fatal(err)
		}
		wantType := want.ContentType
		if wantType == "" {
			wantType = "application/octet-stream"
		}
		if ct := p.Header.Get("Content-Type"); ct != wantType {
			t.Errorf("attachment type %q, want %q", ct, wantType)
		}
		if p.FileName() != want.Filename {
			t.Errorf("attachment name %q, want %q", p.FileName(), want.Filename)
		}
		if disp, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition")); disp != "attachment" {
			t.Errorf("disposition %q", disp)
		}
		if cte := p.Header.Get("Content-Transfer-Encoding"); cte != "base64" {
			t.Errorf("transfer encoding %q", cte)
		}
		data, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, p))
		if err != nil || !bytes.Equal(data, want.Data) {
			t.Errorf("attachment %s does not decode to the same bytes (%d vs %d, %v)", want.Filename, len(data), len(want.Data), err)
		}
	}
	if _, err := mixed.NextPart(); err != io.EOF {
		t.Errorf("an extra part: %v", err)
	}
}

func multipartReader(t *testing.T, contentType, want string, body io.Reader) *multipart.Reader {
	t.Helper()
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != want || params["boundary"] == "" {
		t.Fatalf("Content-Type %q, want %s with a boundary (%v)", contentType, want, err)
	}
	return multipart.NewReader(body, params["boundary"])
}

// A message with one body and no attachment is a single text part.
func TestSingleBody(t *testing.T) {
	for _, tc := range []struct{ text, html, mediaType, body string }{
		{"just text ünïcode", "", "text/plain", "just text ünïcode"},
		{"", "<p>just html</p>", "text/html", "<p>just html</p>"},
	} {
		o := newOutbox(t, nil)
		m := listingmail.Message{To: "host@example.com", Subject: "Plain ASCII subject", Text: tc.text, HTML: tc.html}
		if err := o.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		names := emls(t, o.Dir())
		msg, _ := readMessage(t, filepath.Join(o.Dir(), names[0]))
		if msg.Header.Get("Subject") != "Plain ASCII subject" {
			t.Errorf("an ASCII subject was encoded: %q", msg.Header.Get("Subject"))
		}
		if to := msg.Header.Get("To"); to != "<host@example.com>" {
			t.Errorf("To %q", to)
		}
		mt, _, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
		if mt != tc.mediaType || msg.Header.Get("Content-Transfer-Encoding") != "quoted-printable" {
			t.Errorf("Content-Type %q, encoding %q", msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"))
		}
		// A multipart.Part would decode quoted-printable; the top-level body
		// is decoded by hand.
		body, _ := io.ReadAll(quotedprintable.NewReader(msg.Body))
		if string(body) != tc.body {
			t.Errorf("body %q, want %q", body, tc.body)
		}
	}
}

// File names sort in the order the messages were written and never
// collide, even for messages written at the same clock reading.
func TestFileNamesSortAndAreUnique(t *testing.T) {
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	now := func() time.Time { return clock }
	o := newOutbox(t, now)
	var subjects []string
	for i, step := range []time.Duration{0, time.Nanosecond, time.Millisecond, 0, 0, time.Second, 10 * time.Hour} {
		clock = clock.Add(step)
		subject := "message " + string(rune('a'+i))
		subjects = append(subjects, subject)
		if err := o.Send(context.Background(), listingmail.Message{To: "h@example.com", Subject: subject, Text: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	names := emls(t, o.Dir())
	if len(names) != len(subjects) {
		t.Fatalf("%d files for %d messages", len(names), len(subjects))
	}
	re := regexp.MustCompile(`^\d{8}T\d{6}\.\d{9}Z-[0-9a-f]{8}\.eml$`)
	var got []string
	for _, n := range names {
		if !re.MatchString(n) {
			t.Errorf("file name %q", n)
		}
		msg, _ := readMessage(t, filepath.Join(o.Dir(), n))
		got = append(got, msg.Header.Get("Subject"))
	}
	if !slices.Equal(got, subjects) {
		t.Errorf("sorted files hold %v, want %v", got, subjects)
	}
}

func TestRefusesBadMessages(t *testing.T) {
	o := newOutbox(t, nil)
	err := o.Send(context.Background(), listingmail.Message{To: "x@example.com", Subject: "a\r\nBcc: y@example.com", Text: "x"})
	if domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("header injection: %v", err)
	}
	if names := emls(t, o.Dir()); len(names) != 0 {
		t.Errorf("files written: %v", names)
	}
}

func TestLogsEachMessage(t *testing.T) {
	var buf bytes.Buffer
	o, err := outbox.New(outbox.Options{Dir: t.TempDir(), From: "reports@listinglift.local",
		Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Send(context.Background(), listingmail.Message{To: "h@example.com", Subject: "Logged", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"subject":"Logged"`) || !strings.Contains(buf.String(), ".eml") {
		t.Errorf("log: %s", buf.String())
	}
}

func TestNewChecksOptions(t *testing.T) {
	if _, err := outbox.New(outbox.Options{From: "a@example.com"}); err == nil {
		t.Error("no folder accepted")
	}
	if _, err := outbox.New(outbox.Options{Dir: t.TempDir(), From: "not an address"}); err == nil {
		t.Error("bad from accepted")
	}
}

// A message with an unsubscribe address is written with the two headers a
// mail program needs for its one-click "Unsubscribe" button (RFC 2369,
// RFC 8058), read back as a mail program reads them; one without has
// neither.
func TestUnsubscribeHeaders(t *testing.T) {
	const u = "https://listinglift.app/api/watch/unsubscribe?token=v1.b3JkXzE.c2ln-_&x=1"
	o := newOutbox(t, nil)
	for _, m := range []listingmail.Message{
		{To: "host@example.com", Subject: "What changed on your listing this week", Text: "x", HTML: "<p>x</p>", Unsubscribe: u},
		{To: "host@example.com", Subject: "Your report", Text: "x"},
	} {
		if err := o.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	names := emls(t, o.Dir())
	if len(names) != 2 {
		t.Fatalf("outbox holds %v", names)
	}
	msg, raw := readMessage(t, filepath.Join(o.Dir(), names[0]))
	if got := msg.Header.Get("List-Unsubscribe"); got != "<"+u+">" {
		t.Errorf("List-Unsubscribe %q, want <%s>", got, u)
	}
	if got := msg.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", got)
	}
	// Each once, in the header block, not folded.
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	if n := bytes.Count(head, []byte("\r\nList-Unsubscribe: <"+u+">\r\n")); n != 1 {
		t.Errorf("the header line is there %d times:\n%s", n, head)
	}
	if n := bytes.Count(head, []byte("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n")); n != 1 {
		t.Errorf("the one-click line is there %d times:\n%s", n, head)
	}
	// The body still parses below the added headers.
	mt, _, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if mt != "multipart/alternative" {
		t.Errorf("Content-Type %q", msg.Header.Get("Content-Type"))
	}

	plain, _ := readMessage(t, filepath.Join(o.Dir(), names[1]))
	for _, k := range []string{"List-Unsubscribe", "List-Unsubscribe-Post"} {
		if v, ok := plain.Header[k]; ok {
			t.Errorf("a message without an unsubscribe address has %s: %q", k, v)
		}
	}
}

// An unsubscribe address that would break the header, or that a mail
// program must not POST to, writes no file.
func TestRefusesBadUnsubscribe(t *testing.T) {
	o := newOutbox(t, nil)
	for _, u := range []string{"https://x.example/u\r\nBcc: y@example.com", "http://listinglift.app/u", "mailto:stop@listinglift.app"} {
		err := o.Send(context.Background(), listingmail.Message{To: "x@example.com", Subject: "s", Text: "x", Unsubscribe: u})
		if domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("%q: %v, want refused", u, err)
		}
	}
	if names := emls(t, o.Dir()); len(names) != 0 {
		t.Errorf("files written: %v", names)
	}
}

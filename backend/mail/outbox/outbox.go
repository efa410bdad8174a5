// Package outbox is the local mail.Sender: each message becomes an RFC 5322
// .eml file in a folder, the way `make dev` and the browser tests "send"
// mail. Any mail program opens the files.
//
// A message is multipart/alternative (text and HTML; a single part when it
// has one body), inside multipart/mixed with the attachments (base64) when
// it has any. Bodies are UTF-8, quoted-printable; the subject and display
// names are RFC 2047 encoded when they are not ASCII, attachment names RFC
// 2231 encoded. A message with an unsubscribe address carries
// List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058), as
// SendGrid sends them. File names are the UTC time to the nanosecond and a random
// suffix (20260301T120000.000000001Z-1a2b3c4d.eml), so they sort by the
// time written and do not collide (one Outbox never uses a time twice: a
// clock that has not moved on gives the last time plus a nanosecond). Each is
// written to a temporary file and renamed, so a watcher never sees half a
// message.
package outbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/atomicfile"
	listingmail "github.com/listinglift/listinglift/backend/mail"
)

// Options configure an Outbox.
type Options struct {
	Dir      string // the folder (created 0700 when missing)
	From     string // sender address
	FromName string
	Now      func() time.Time // nil: time.Now
	Logger   *slog.Logger     // nil: no log line per message
}

// Outbox writes messages into a folder.
type Outbox struct {
	dir    string
	from   mail.Address
	now    func() time.Time
	logger *slog.Logger

	mu   sync.Mutex
	last time.Time // the time of the last file name
}

var _ listingmail.Sender = (*Outbox)(nil)

// New returns an Outbox writing into opts.Dir.
func New(opts Options) (*Outbox, error) {
	if opts.Dir == "" {
		return nil, errors.New("outbox: no folder given")
	}
	if a, err := mail.ParseAddress(opts.From); err != nil || a.Address != opts.From {
		return nil, fmt.Errorf("outbox: from %q is not a plain e-mail address", opts.From)
	}
	if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	o := &Outbox{dir: opts.Dir, from: mail.Address{Name: opts.FromName, Address: opts.From}, now: opts.Now, logger: opts.Logger}
	if o.now == nil {
		o.now = time.Now
	}
	return o, nil
}

// Dir is the folder messages are written to.
func (o *Outbox) Dir() string { return o.dir }

// Send writes m as a new .eml file.
func (o *Outbox) Send(ctx context.Context, m listingmail.Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	now := o.stamp()
	suffix := randomHex(4)
	var buf bytes.Buffer
	if err := o.write(&buf, m, now, suffix); err != nil {
		return fmt.Errorf("outbox: compose: %w", err)
	}
	name := now.Format("20060102T150405.000000000Z") + "-" + suffix + ".eml"
	path := filepath.Join(o.dir, name)
	// The temporary name never ends in .eml: a watcher sees whole files only.
	if err := atomicfile.Write(path, buf.Bytes(), ".writing-*.tmp"); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if o.logger != nil {
		o.logger.InfoContext(ctx, "mail written to the outbox", "file", path, "subject", m.Subject,
			"attachments", len(m.Attachments))
	}
	return nil
}

// stamp is the time for the next file name: now, or a nanosecond after the
// last one when the clock has not moved on (coarse clocks, fast senders), so
// one Outbox's files sort in the order they were sent.
func (o *Outbox) stamp() time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := o.now().UTC()
	if !now.After(o.last) {
		now = o.last.Add(time.Nanosecond)
	}
	o.last = now
	return now
}

// write composes the message.
func (o *Outbox) write(w io.Writer, m listingmail.Message, now time.Time, suffix string) error {
	header := [][2]string{
		{"From", o.from.String()},
		{"To", (&mail.Address{Name: m.ToName, Address: m.To}).String()},
		// Encoded words of at most 75 characters, one per folded line.
		{"Subject", strings.ReplaceAll(mime.QEncoding.Encode("utf-8", m.Subject), "?= =?", "?=\r\n =?")},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", fmt.Sprintf("<%s.%s@outbox.listinglift.local>", now.Format("20060102150405.000000000"), suffix)},
		{"MIME-Version", "1.0"},
	}
	if m.Unsubscribe != "" {
		// Check has made sure it is ASCII on one line.
		header = append(header,
			[2]string{listingmail.HeaderUnsubscribe, listingmail.UnsubscribeHeader(m.Unsubscribe)},
			[2]string{listingmail.HeaderUnsubscribePost, listingmail.OneClick})
	}
	var top entity
	if len(m.Attachments) > 0 {
		top = mixed(m)
	} else {
		top = bodies(m)
	}
	for _, kv := range header {
		if _, err := fmt.Fprintf(w, "%s: %s\r\n", kv[0], kv[1]); err != nil {
			return err
		}
	}
	for _, k := range []string{"Content-Type", "Content-Transfer-Encoding"} {
		if v := top.header.Get(k); v != "" {
			if _, err := fmt.Fprintf(w, "%s: %s\r\n", k, v); err != nil {
				return err
			}
		}
	}
	if _, err := io.WriteString(w, "\r\n"); err != nil {
		return err
	}
	return top.write(w)
}

// entity is a MIME entity: its header and a function writing its content.
type entity struct {
	header textproto.MIMEHeader
	write  func(io.Writer) error
}

// textPart is a UTF-8 text body, quoted-printable.
func textPart(mediaType, text string) entity {
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", mediaType+"; charset=utf-8")
	h.Set("Content-Transfer-Encoding", "quoted-printable")
	return entity{h, func(w io.Writer) error {
		qp := quotedprintable.NewWriter(w)
		if _, err := io.WriteString(qp, text); err != nil {
			return err
		}
		return qp.Close()
	}}
}

// alternative is the text and HTML bodies, plainest first (RFC 2046).
func alternative(m listingmail.Message) entity {
	boundary := newBoundary()
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": boundary}))
	return entity{h, func(w io.Writer) error {
		mw := multipart.NewWriter(w)
		if err := mw.SetBoundary(boundary); err != nil {
			return err
		}
		for _, body := range [][2]string{{"text/plain", m.Text}, {"text/html", m.HTML}} {
			if err := writePart(mw, textPart(body[0], body[1])); err != nil {
				return err
			}
		}
		return mw.Close()
	}}
}

// mixed is the bodies followed by the attachments.
func mixed(m listingmail.Message) entity {
	boundary := newBoundary()
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": boundary}))
	return entity{h, func(w io.Writer) error {
		mw := multipart.NewWriter(w)
		if err := mw.SetBoundary(boundary); err != nil {
			return err
		}
		if err := writePart(mw, bodies(m)); err != nil {
			return err
		}
		for _, at := range m.Attachments {
			if err := writePart(mw, attachment(at)); err != nil {
				return err
			}
		}
		return mw.Close()
	}}
}

// attachment is a file, base64 in lines of 76 characters.
func attachment(at listingmail.Attachment) entity {
	ct := at.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", ct)
	h.Set("Content-Transfer-Encoding", "base64")
	// RFC 2231 encoding for names that are not ASCII.
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": at.Filename}))
	return entity{h, func(w io.Writer) error {
		enc := base64.StdEncoding.EncodeToString(at.Data)
		for len(enc) > 76 {
			if _, err := io.WriteString(w, enc[:76]+"\r\n"); err != nil {
				return err
			}
			enc = enc[76:]
		}
		_, err := io.WriteString(w, enc+"\r\n")
		return err
	}}
}

func writePart(mw *multipart.Writer, e entity) error {
	pw, err := mw.CreatePart(e.header)
	if err != nil {
		return err
	}
	return e.write(pw)
}

// bodies is the text and HTML alternative, or the one body there is.
func bodies(m listingmail.Message) entity {
	switch {
	case m.Text != "" && m.HTML != "":
		return alternative(m)
	case m.Text != "":
		return textPart("text/plain", m.Text)
	default:
		return textPart("text/html", m.HTML)
	}
}

func newBoundary() string { return "listinglift-" + randomHex(12) }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

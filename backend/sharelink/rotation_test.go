package sharelink_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/sharelink"
)

// Rotating LINK_SECRET ends no live link at once: with the old secret as
// LINK_SECRET_PREVIOUS, share links and PDF links signed before the
// rotation still open, new ones are signed with the new secret (the old
// one alone no longer opens them), and once LINK_SECRET_PREVIOUS is
// removed the old links stop.
func TestLinkSecretRotation(t *testing.T) {
	old, cur := bytes.Repeat([]byte("o"), 32), bytes.Repeat([]byte("n"), 32)
	now := func() time.Time { return time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC) }

	before := sharelink.Signer{Secret: old, Now: now}
	sh := before.New()
	oldShare := before.Token("order-1", sh)
	oldPDF, _ := blob.Signer{Secret: old, Now: now}.Sign("order-1", "uid-1")

	rotated := sharelink.Signer{Secret: cur, Previous: old, Now: now}
	rotatedPDF := blob.Signer{Secret: cur, Previous: old, Now: now}
	if id, sid, err := rotated.Verify(oldShare); err != nil || id != "order-1" || sid != sh.ID {
		t.Errorf("a share link from before the rotation: %q %q %v; want it to open", id, sid, err)
	}
	if uid, err := rotatedPDF.Verify(oldPDF, "order-1"); err != nil || uid != "uid-1" {
		t.Errorf("a PDF link from before the rotation: %q %v; want it to open", uid, err)
	}
	newShare := rotated.Token("order-1", sh)
	newPDF, _ := rotatedPDF.Sign("order-1", "uid-1")
	if newShare == oldShare || newPDF == oldPDF {
		t.Error("links made after the rotation are still signed with the previous secret")
	}
	if _, _, err := before.Verify(newShare); err == nil {
		t.Error("the previous secret alone opens a share link made after the rotation")
	}
	if _, err := (blob.Signer{Secret: old, Now: now}).Verify(newPDF, "order-1"); err == nil {
		t.Error("the previous secret alone opens a PDF link made after the rotation")
	}

	done := sharelink.Signer{Secret: cur, Now: now}
	if _, _, err := done.Verify(oldShare); err == nil {
		t.Error("with LINK_SECRET_PREVIOUS removed, an old share link still opens")
	}
	if _, err := (blob.Signer{Secret: cur, Now: now}).Verify(oldPDF, "order-1"); err == nil {
		t.Error("with LINK_SECRET_PREVIOUS removed, an old PDF link still opens")
	}
	// A previous secret too short to sign is no key at all.
	if _, _, err := (sharelink.Signer{Secret: cur, Previous: []byte("short"), Now: now}).Verify(oldShare); err == nil {
		t.Error("a short previous secret opened a link")
	}
}

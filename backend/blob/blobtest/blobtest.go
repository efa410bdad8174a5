// Package blobtest is the contract every blob.Store adapter passes: Run it
// from the adapter's tests with a function that makes an empty store.
package blobtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
)

// BadKeys are keys every adapter refuses, on Put and on Get.
var BadKeys = []string{
	"",
	"/reports/a.pdf",
	"../a.pdf",
	"reports/../../etc/passwd",
	"reports/..",
	"reports/a..pdf", // any ".." at all
	"reports//a.pdf",
	"reports/",
	"./a.pdf",
	"reports/./a.pdf",
	"reports\\a.pdf",
	"reports/a b.pdf",
	"reports/ü.pdf",
	"reports/a.pdf~type",
	"reports/a?.pdf",
	"reports/%2e%2e/a.pdf",
	"reports/a.pdf\x00",
	"reports/a.pdf\n",
	strings.Repeat("a", blob.MaxKeyLen+1),
}

// Run runs the contract against stores made by newStore, one per subtest;
// each must start empty (or at least without the keys used here).
func Run(t *testing.T, newStore func(t *testing.T) blob.Store) {
	ctx := context.Background()

	t.Run("RoundTrip", func(t *testing.T) {
		s := newStore(t)
		data := []byte("%PDF-1.7\n%âãÏÓ\nhello\n%%EOF\n")
		put(t, s, "reports/opt_1.pdf", data, "application/pdf")
		expect(t, s, "reports/opt_1.pdf", data, "application/pdf")
	})

	t.Run("Overwrite", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "reports/opt_2.pdf", []byte("first version, the longer of the two"), "application/pdf")
		put(t, s, "reports/opt_2.pdf", []byte("second"), "text/plain; charset=utf-8")
		expect(t, s, "reports/opt_2.pdf", []byte("second"), "text/plain; charset=utf-8")
	})

	t.Run("ContentTypeKept", func(t *testing.T) {
		s := newStore(t)
		for key, ct := range map[string]string{
			"a/pdf.pdf":   "application/pdf",
			"a/text.txt":  "text/plain; charset=utf-8",
			"a/page.html": "text/html; charset=utf-8",
			"a/image":     "image/png", // no extension: the type comes from Put, not the name
			"a/data.pdf":  "application/octet-stream",
		} {
			put(t, s, key, []byte("content of "+key), ct)
		}
		expect(t, s, "a/image", []byte("content of a/image"), "image/png")
		expect(t, s, "a/text.txt", []byte("content of a/text.txt"), "text/plain; charset=utf-8")
		expect(t, s, "a/page.html", []byte("content of a/page.html"), "text/html; charset=utf-8")
		// The name says PDF, the type given said otherwise: the type given wins.
		expect(t, s, "a/data.pdf", []byte("content of a/data.pdf"), "application/octet-stream")
		expect(t, s, "a/pdf.pdf", []byte("content of a/pdf.pdf"), "application/pdf")
	})

	t.Run("EmptyContentTypeIsOctetStream", func(t *testing.T) {
		s := newStore(t)
		data := []byte("<html><body>looks like HTML</body></html>")
		put(t, s, "x/untyped", data, "")
		expect(t, s, "x/untyped", data, blob.DefaultContentType)
	})

	t.Run("EmptyObject", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "x/empty", nil, "application/pdf")
		expect(t, s, "x/empty", []byte{}, "application/pdf")
	})

	t.Run("MissingKeyNotFound", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "reports/present.pdf", []byte("x"), "application/pdf")
		for _, key := range []string{"reports/absent.pdf", "reports/present", "reports/present.pdf.bak",
			"reports", "other/present.pdf", "reports/present.pdf/child"} {
			data, ct, err := s.Get(ctx, key)
			if !errors.Is(err, domain.ErrNotFound) || domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("Get(%q) = %q, %q, %v; want an error wrapping domain.ErrNotFound", key, data, ct, err)
			}
		}
	})

	t.Run("Delete", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "reports/gone.pdf", []byte("doomed"), "application/pdf")
		put(t, s, "reports/kept.pdf", []byte("kept"), "application/pdf")
		cases := []struct {
			name, key string
		}{
			{"present object", "reports/gone.pdf"},
			{"deleted again (a retry)", "reports/gone.pdf"},
			{"never stored", "reports/never.pdf"},
			{"a prefix of objects, not an object", "reports"},
			{"below an object", "reports/kept.pdf/child"},
		}
		for _, tc := range cases {
			if err := s.Delete(ctx, tc.key); err != nil {
				t.Errorf("%s: Delete(%q) = %v, want nil", tc.name, tc.key, err)
			}
		}
		if data, ct, err := s.Get(ctx, "reports/gone.pdf"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Get after Delete = %q, %q, %v; want not found", data, ct, err)
		}
		expect(t, s, "reports/kept.pdf", []byte("kept"), "application/pdf")
		// The key is free again, with the new content type.
		put(t, s, "reports/gone.pdf", []byte("again"), "text/plain")
		expect(t, s, "reports/gone.pdf", []byte("again"), "text/plain")
	})

	t.Run("BadKeysRefused", func(t *testing.T) {
		s := newStore(t)
		for _, key := range BadKeys {
			if err := s.Delete(ctx, key); domain.ErrorCode(err) != domain.CodeInvalid {
				t.Errorf("Delete(%q) = %v, want a domain.CodeInvalid error", key, err)
			}
			if err := s.Put(ctx, key, []byte("x"), "text/plain"); domain.ErrorCode(err) != domain.CodeInvalid {
				t.Errorf("Put(%q) = %v, want a domain.CodeInvalid error", key, err)
			}
			if _, _, err := s.Get(ctx, key); domain.ErrorCode(err) != domain.CodeInvalid {
				t.Errorf("Get(%q) = %v, want a domain.CodeInvalid error", key, err)
			}
		}
		// Nothing was written under a cleaned-up form of a refused key.
		for _, key := range []string{"reports/a.pdf", "a.pdf", "etc/passwd"} {
			if _, _, err := s.Get(ctx, key); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("Get(%q) after refused puts = %v, want not found", key, err)
			}
		}
	})

	t.Run("GoodKeys", func(t *testing.T) {
		s := newStore(t)
		// The longest key, in segments of 100 bytes (file systems limit a
		// name to 255).
		longest := strings.Repeat(strings.Repeat("k", 99)+"/", blob.MaxKeyLen/100) + strings.Repeat("k", blob.MaxKeyLen%100)
		for _, key := range []string{"single", "reports/opt_AbC-09.pdf", "a/b/c/d/e.f.g", "-x_/.y", longest} {
			data := []byte("value of " + key)
			put(t, s, key, data, "text/plain")
			expect(t, s, key, data, "text/plain")
		}
	})

	t.Run("OneMegabyte", func(t *testing.T) {
		s := newStore(t)
		data := make([]byte, 1<<20)
		_, _ = rand.Read(data)
		put(t, s, "reports/big.pdf", data, "application/pdf")
		expect(t, s, "reports/big.pdf", data, "application/pdf")
		// And one byte over a 256 KiB multiple (upload chunk boundaries).
		data = append(data, 0x42)
		put(t, s, "reports/big.pdf", data, "application/pdf")
		expect(t, s, "reports/big.pdf", data, "application/pdf")
	})

	t.Run("ConcurrentPutsLeaveOneWholeObject", func(t *testing.T) {
		s := newStore(t)
		const n = 6
		payloads := make([][]byte, n)
		for i := range payloads {
			payloads[i] = bytes.Repeat([]byte{byte('a' + i)}, 64<<10+i)
		}
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { errs[i] = s.Put(ctx, "reports/race.pdf", payloads[i], "application/pdf") })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("put %d: %v", i, err)
			}
		}
		got, _, err := s.Get(ctx, "reports/race.pdf")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range payloads {
			if bytes.Equal(got, p) {
				return
			}
		}
		t.Errorf("after concurrent puts the object (%d bytes) is none of the payloads", len(got))
	})

	t.Run("CanceledPutKeepsOldObject", func(t *testing.T) {
		s := newStore(t)
		put(t, s, "reports/keep.pdf", []byte("old"), "application/pdf")
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if err := s.Put(cctx, "reports/keep.pdf", []byte("new"), "application/pdf"); err == nil {
			t.Error("Put with a canceled context succeeded")
		}
		expect(t, s, "reports/keep.pdf", []byte("old"), "application/pdf")
	})
}

func put(t *testing.T, s blob.Store, key string, data []byte, ct string) {
	t.Helper()
	if err := s.Put(context.Background(), key, data, ct); err != nil {
		t.Fatalf("Put(%q): %v", key, err)
	}
}

func expect(t *testing.T, s blob.Store, key string, want []byte, wantCT string) {
	t.Helper()
	got, ct, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Get(%q) = %s, want %s", key, preview(got), preview(want))
	}
	if ct != wantCT {
		t.Errorf("Get(%q) content type = %q, want %q", key, ct, wantCT)
	}
}

func preview(b []byte) string {
	if len(b) <= 64 {
		return fmt.Sprintf("%q", b)
	}
	return fmt.Sprintf("%q… (%d bytes)", b[:64], len(b))
}

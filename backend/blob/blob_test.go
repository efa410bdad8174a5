package blob_test

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/blobtest"
	"github.com/listinglift/listinglift/backend/domain"
)

func TestCheckKey(t *testing.T) {
	for _, key := range []string{"a", blob.ReportKey("opt_7f3K-x"), "reports/2026/03/a.b.pdf", "-_.x/y", strings.Repeat("k", blob.MaxKeyLen)} {
		if err := blob.CheckKey(key); err != nil {
			t.Errorf("CheckKey(%q) = %v", key, err)
		}
	}
	for _, key := range blobtest.BadKeys {
		err := blob.CheckKey(key)
		if domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("CheckKey(%q) = %v, want a domain.CodeInvalid error", key, err)
		}
	}
}

func TestReportKey(t *testing.T) {
	if got := blob.ReportKey("opt_1"); got != "reports/opt_1.pdf" {
		t.Errorf("ReportKey = %q", got)
	}
}

func FuzzCheckKey(f *testing.F) {
	for _, k := range append([]string{"reports/a.pdf", "a/b"}, blobtest.BadKeys...) {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		if blob.CheckKey(key) != nil {
			return
		}
		// An accepted key is a clean relative path of allowed bytes.
		if strings.HasPrefix(key, "/") || strings.Contains(key, "..") || strings.Contains(key, "//") ||
			strings.HasSuffix(key, "/") || key == "." || strings.HasPrefix(key, "./") || strings.Contains(key, "/./") || strings.HasSuffix(key, "/.") {
			t.Fatalf("accepted %q", key)
		}
		for _, c := range []byte(key) {
			if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-", rune(c)) {
				t.Fatalf("accepted %q with byte %q", key, c)
			}
		}
	})
}

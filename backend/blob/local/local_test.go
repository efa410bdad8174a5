package local_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/blobtest"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
)

func newStore(t *testing.T) *local.Store {
	t.Helper()
	s, err := local.New(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) blob.Store { return newStore(t) })
}

// The PDF is a plain file at DIR/<key>, private to this user, and no
// temporary files are left behind.
func TestFilesOnDisk(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	data := []byte("%PDF-1.7 report")
	key := blob.ReportKey("opt_123")
	for range 2 { // the second write replaces the first
		if err := s.Put(ctx, key, data, "application/pdf"); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(s.Dir(), "reports", "opt_123.pdf")
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("file %s = %q, %v", path, got, err)
	}
	var files []string
	err := filepath.WalkDir(s.Dir(), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700 | fs.ModeDir
		} else {
			rel, _ := filepath.Rel(s.Dir(), p)
			files = append(files, filepath.ToSlash(rel))
		}
		if fi.Mode() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(files, " ") != "reports/opt_123.pdf reports/opt_123.pdf~type" {
		t.Errorf("files %q, want the object and its type only", files)
	}
}

// A file dropped in by hand (no type file) is served as octet-stream.
func TestFileWithoutType(t *testing.T) {
	s := newStore(t)
	if err := os.WriteFile(filepath.Join(s.Dir(), "manual.pdf"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	data, ct, err := s.Get(context.Background(), "manual.pdf")
	if err != nil || string(data) != "x" || ct != blob.DefaultContentType {
		t.Errorf("Get = %q, %q, %v", data, ct, err)
	}
}

// A key cannot be an object and a folder of objects at once.
func TestObjectAndFolderClash(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	if err := s.Put(ctx, "reports/a.pdf", []byte("x"), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "reports", []byte("x"), "application/pdf"); err == nil {
		t.Error("Put over a folder of objects succeeded")
	}
	if err := s.Put(ctx, "reports/a.pdf/b", []byte("x"), "application/pdf"); err == nil {
		t.Error("Put under an object succeeded")
	}
	if _, _, err := s.Get(ctx, "reports/a.pdf"); err != nil {
		t.Errorf("the object is gone after the refused puts: %v", err)
	}
}

// Path never leaves the folder: it refuses what CheckKey refuses.
func TestPathStaysInside(t *testing.T) {
	s := newStore(t)
	for _, key := range blobtest.BadKeys {
		if p, err := s.Path(key); err == nil {
			t.Errorf("Path(%q) = %s", key, p)
		}
	}
	p, err := s.Path("reports/x.pdf")
	if err != nil || p != filepath.Join(s.Dir(), "reports", "x.pdf") {
		t.Errorf("Path = %s, %v", p, err)
	}
}

func TestNewNeedsAFolder(t *testing.T) {
	if _, err := local.New(""); err == nil {
		t.Error("New(\"\") succeeded")
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := local.New(filepath.Join(file, "sub")); err == nil {
		t.Error("New under a file succeeded")
	}
}

func TestMissingIsNotFound(t *testing.T) {
	_, _, err := newStore(t).Get(context.Background(), "reports/none.pdf")
	if !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("Get = %v", err)
	}
}

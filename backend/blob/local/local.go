// Package local is the blob.Store of `make dev` and the tests: objects are
// files in a folder, so a report's PDF can be opened straight from disk at
// DIR/reports/<id>.pdf.
//
// Each object is two files: the data at DIR/<key> and its content type at
// DIR/<key>~type. Keys never contain "~" (blob.CheckKey), so the two never
// collide with another key, nor with the "~tmp" files writes go through.
// Both are written to a temporary file in the same folder, synced and
// renamed into place, so a reader sees the old object or the new one, never a
// part. (The data and its type are two renames: a reader racing an overwrite
// that changes the type can pair new data with the old type for that
// instant.) Folders are made 0700 and files 0600: the PDFs are customers'.
//
// Because keys are paths, a key cannot be both an object and a folder of
// others ("reports" and "reports/a.pdf"); Put refuses the second.
package local

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/listinglift/listinglift/backend/atomicfile"
	"github.com/listinglift/listinglift/backend/blob"
)

// typeSuffix names the file beside each object that holds its content type.
const typeSuffix = "~type"

// Store keeps objects under one folder.
type Store struct {
	dir string
}

var _ blob.Store = (*Store)(nil)

// New returns a Store keeping objects under dir, creating it (0700) when
// missing.
func New(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("blob/local: no folder given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("blob/local: %w", err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("blob/local: %w", err)
	}
	return &Store{dir: abs}, nil
}

// Dir is the folder the objects are kept in.
func (s *Store) Dir() string { return s.dir }

// Path is the file that holds key's data (after blob.CheckKey).
func (s *Store) Path(key string) (string, error) {
	if err := blob.CheckKey(key); err != nil {
		return "", err
	}
	return filepath.Join(s.dir, filepath.FromSlash(key)), nil
}

// Put writes the object atomically (see the package comment).
func (s *Store) Put(ctx context.Context, key string, data []byte, contentType string) error {
	path, err := s.Path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if contentType == "" {
		contentType = blob.DefaultContentType
	}
	if strings.ContainsAny(contentType, "\r\n") {
		return fmt.Errorf("blob/local: content type %q has a line break", contentType)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("blob/local: put %s: %w", key, err)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("blob/local: put %s: objects are kept under this key as a folder", key)
	}
	if err := atomicfile.Write(path, data, "."+filepath.Base(path)+"~tmp*"); err != nil {
		return fmt.Errorf("blob/local: put %s: %w", key, err)
	}
	if err := atomicfile.Write(path+typeSuffix, []byte(contentType), "."+filepath.Base(path)+"~tmp*"); err != nil {
		return fmt.Errorf("blob/local: put %s: content type: %w", key, err)
	}
	return nil
}

// Get reads the object. A key with no object (or naming a folder) gives an
// error wrapping domain.ErrNotFound. An object whose type file is missing
// (a file put there by hand) has blob.DefaultContentType.
func (s *Store) Get(ctx context.Context, key string) ([]byte, string, error) {
	path, err := s.Path(key)
	if err != nil {
		return nil, "", err
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		if missing(err) {
			return nil, "", blob.NotFound(key)
		}
		return nil, "", fmt.Errorf("blob/local: get %s: %w", key, err)
	}
	contentType := blob.DefaultContentType
	switch t, err := os.ReadFile(path + typeSuffix); {
	case err == nil:
		contentType = string(t)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, "", fmt.Errorf("blob/local: get %s: content type: %w", key, err)
	}
	return data, contentType, nil
}

// Delete removes the object's data and then its type file; either already
// gone is fine. A key naming a folder of other objects is no object: that
// folder is left alone.
func (s *Store) Delete(ctx context.Context, key string) error {
	path, err := s.Path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if fi, err := os.Lstat(path); err == nil && fi.IsDir() {
		return nil
	}
	for _, p := range []string{path, path + typeSuffix} {
		if err := os.Remove(p); err != nil && !missing(err) {
			return fmt.Errorf("blob/local: delete %s: %w", key, err)
		}
	}
	return nil
}

// missing reports errors that mean "no object here": no such file, a folder
// in its place, or a file where the key needs a folder ("a.pdf/b").
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.ENOTDIR)
}

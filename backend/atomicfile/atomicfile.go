// Package atomicfile writes files so that a reader sees the old content or
// the new, never half a file: the data goes to a temporary file in the same
// folder, is synced, and is renamed over the target.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with data, mode 0600. tmpPattern names the temporary
// file (os.CreateTemp's pattern): callers that watch the folder for a
// suffix (".eml") choose one that does not match it.
func Write(path string, data []byte, tmpPattern string) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), tmpPattern)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	// CreateTemp makes the file 0600 already; say so in case a umask or a
	// future change does otherwise.
	if err = f.Chmod(0o600); err != nil {
		return err
	}
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.pdf")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(path, []byte(data), ".tmp-*"); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Errorf("read %q %v, want %q", got, err, data)
		}
	}
	info, _ := os.Stat(path)
	if info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := Write(filepath.Join(dir, "missing", "x"), []byte("x"), ".tmp-*"); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
}

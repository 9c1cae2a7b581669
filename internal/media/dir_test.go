package media

import (
	"os"
	"path/filepath"
	"testing"
)

// A folder that is gone, is a file, or cannot be written is not ready.
func TestDirPing(t *testing.T) {
	dir := t.TempDir()
	if err := Dir(dir).Ping(t.Context()); err != nil {
		t.Errorf("a writable directory: %v", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the check left %v behind", left)
	}
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{"missing": filepath.Join(dir, "gone"), "a file": file} {
		if err := Dir(path).Ping(t.Context()); err == nil {
			t.Errorf("%s directory passed", name)
		}
	}
	if os.Geteuid() != 0 { // root writes anywhere
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o555); err != nil {
			t.Fatal(err)
		}
		if err := Dir(locked).Ping(t.Context()); err == nil {
			t.Error("a read-only directory passed")
		}
	}
}

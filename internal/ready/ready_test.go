package ready

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRunKeepsOrderAndBoundsAHangingCheck(t *testing.T) {
	down := errors.New("connection refused")
	release := make(chan struct{})
	defer close(release)
	checks := []Check{
		{"database", func(context.Context) error { return nil }},
		{"redis", func(context.Context) error { return down }},
		// A check that ignores its context must not hold the answer.
		{"storage", func(context.Context) error { <-release; return nil }},
	}
	start := time.Now()
	got := Run(t.Context(), checks, 50*time.Millisecond)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Run waited %s for a hanging check", took)
	}
	if len(got) != 3 || got[0].Name != "database" || got[1].Name != "redis" || got[2].Name != "storage" {
		t.Fatalf("results %+v, want the checks' order", got)
	}
	if got[0].Err != nil || !errors.Is(got[1].Err, down) || !errors.Is(got[2].Err, context.DeadlineExceeded) {
		t.Errorf("results %+v: want database ok, redis down, storage timed out", got)
	}
}

func TestDir(t *testing.T) {
	dir := t.TempDir()
	if err := Dir("uploads", dir).Probe(t.Context()); err != nil {
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
		if err := Dir("uploads", path).Probe(t.Context()); err == nil {
			t.Errorf("%s directory passed", name)
		}
	}
	if os.Geteuid() != 0 { // root writes anywhere
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o555); err != nil {
			t.Fatal(err)
		}
		if err := Dir("uploads", locked).Probe(t.Context()); err == nil {
			t.Error("a read-only directory passed")
		}
	}
}

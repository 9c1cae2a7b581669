package ready

import (
	"context"
	"errors"
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

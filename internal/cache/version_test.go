package cache_test

import (
	"context"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/cache"
	"github.com/haat-shop/haat/internal/redistest"
)

// An instance watching learns of another's change as it is made, without
// reading the version itself.
func TestRedisVersionTellsEveryWatcher(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	a, b := cache.NewRedisVersion(rdb, prefix), cache.NewRedisVersion(rdb, prefix)
	ctx, stop := context.WithCancel(t.Context())
	seen := make(chan int64, 10)
	watching := make(chan error, 1)
	go func() { watching <- b.Watch(ctx, func(v int64) { seen <- v }) }()
	defer func() {
		stop()
		if err := <-watching; err != nil {
			t.Error(err)
		}
	}()
	// The first is the version as it was once b subscribed.
	before := next(t, seen)
	raised, err := a.Raise(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if raised <= before {
		t.Fatalf("raised to %d from %d", raised, before)
	}
	if got := next(t, seen); got != raised {
		t.Fatalf("the watcher was told %d, want %d", got, raised)
	}
}

func next(t *testing.T, seen <-chan int64) int64 {
	t.Helper()
	select {
	case v := <-seen:
		return v
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher was told nothing")
		return 0
	}
}

// Instances keep the highest version they saw, so a Redis that lost its
// data must not start again below it.
func TestRedisVersionMovesOnAfterRedisLostIt(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	v := cache.NewRedisVersion(rdb, prefix)
	var last int64
	for range 3 {
		n, err := v.Raise(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if n <= last {
			t.Fatalf("raised to %d after %d", n, last)
		}
		last = n
	}
	if err := rdb.Del(t.Context(), prefix+"catalogue-version").Err(); err != nil {
		t.Fatal(err)
	}
	if n, err := v.Read(t.Context()); err != nil || n <= last {
		t.Fatalf("after Redis lost the version it reads %d (%v), want more than %d", n, err, last)
	}
}

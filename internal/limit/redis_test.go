package limit_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/haat-shop/haat/internal/limit"
	"github.com/haat-shop/haat/internal/redistest"
)

// Two instances count into one window, and an instance started afresh
// finds the counts as they were.
func TestRedisIsSharedAndOutlivesAnInstance(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	log := slog.New(slog.DiscardHandler)
	a := limit.NewRedis(rdb, prefix, 3, time.Minute, log)
	b := limit.NewRedis(rdb, prefix, 3, time.Minute, log)
	for i, l := range []*limit.Redis{a, b, a} {
		if ok, _ := l.Allow("k"); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	ok, wait := b.Allow("k")
	if ok || wait <= 0 || wait > time.Minute {
		t.Fatalf("fourth attempt, on the other instance: ok %v wait %v; want refused for at most a minute", ok, wait)
	}
	restarted := limit.NewRedis(rdb, prefix, 3, time.Minute, log)
	if ok, _ := restarted.Allow("k"); ok {
		t.Fatal("a restarted instance forgot the attempts")
	}
	if ok, _ := restarted.Allow("other"); !ok {
		t.Fatal("another key was limited")
	}

	// Five counted; two taken back leave three, the limit.
	a.Undo("k")
	b.Undo("k")
	if ok, _ := a.Allow("k"); ok {
		t.Fatal("allowed past the limit after two of five attempts were taken back")
	}
	a.Undo("k")
	a.Undo("k")
	if ok, _ := b.Allow("k"); !ok {
		t.Fatal("not allowed after attempts were taken back below the limit")
	}
	b.Reset("k")
	for i := range 3 {
		if ok, _ := a.Allow("k"); !ok {
			t.Fatalf("attempt %d after Reset refused", i+1)
		}
	}
	a.Undo("never-seen")
	if n, err := rdb.Get(t.Context(), prefix+"never-seen").Int(); err != redis.Nil {
		t.Fatalf("taking back an attempt never made left a count of %d (%v)", n, err)
	}
}

func TestRedisWindowEnds(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	l := limit.NewRedis(rdb, prefix, 1, 50*time.Millisecond, slog.New(slog.DiscardHandler))
	l.Allow("k")
	if ok, _ := l.Allow("k"); ok {
		t.Fatal("second attempt allowed")
	}
	// Redis treats a key past its expiry as gone whenever it is read next.
	time.Sleep(60 * time.Millisecond)
	if ok, _ := l.Allow("k"); !ok {
		t.Fatal("not allowed once the window ended")
	}
}

// Without Redis the limits still hold, in this instance, and the outage
// is logged once.
func TestRedisDownCountsInProcess(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1})
	defer rdb.Close()
	var logs bytes.Buffer
	l := limit.NewRedis(rdb, "down:", 2, time.Minute, slog.New(slog.NewTextHandler(&logs, nil)))
	l.Allow("k")
	l.Allow("k")
	l.Undo("k")
	if ok, _ := l.Allow("k"); !ok {
		t.Fatal("an attempt taken back while Redis is down still counted")
	}
	if ok, _ := l.Allow("k"); ok {
		t.Fatal("third attempt allowed while Redis is down")
	}
	if n := strings.Count(logs.String(), "Redis does not answer"); n != 1 {
		t.Fatalf("the outage was logged %d times, want once:\n%s", n, logs.String())
	}
}

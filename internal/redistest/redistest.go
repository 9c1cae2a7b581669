// Package redistest connects tests to the Redis named by
// HAAT_TEST_REDIS_URL, each test under a key prefix of its own that is
// cleared afterwards, so tests running at once never see each other's keys.
package redistest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/redis/go-redis/v9"
)

// Client returns a client of the test Redis and a fresh key prefix, and
// skips the test when HAAT_TEST_REDIS_URL is not set.
func Client(t testing.TB) (*redis.Client, string) {
	t.Helper()
	url := os.Getenv("HAAT_TEST_REDIS_URL")
	if url == "" {
		t.Skip("HAAT_TEST_REDIS_URL is not set")
	}
	opts, err := redis.ParseURL(url)
	if err != nil {
		t.Fatalf("parse HAAT_TEST_REDIS_URL: %v", err)
	}
	rdb := redis.NewClient(opts)
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("HAAT_TEST_REDIS_URL does not answer: %v", err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "test-" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		defer rdb.Close()
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val())
		}
	})
	return rdb, prefix
}

package main

import (
	"testing"

	"github.com/haat-shop/haat/internal/redistest"
)

// /readyz asks Redis only when the shop shares through it, and fails once
// Redis stops answering.
func TestRedisReadyCheck(t *testing.T) {
	if checks := (shared{}).readyChecks(); len(checks) != 0 {
		t.Errorf("without Redis: %d checks, want none", len(checks))
	}
	rdb, prefix := redistest.Client(t)
	checks := shared{rdb: rdb, prefix: prefix}.readyChecks()
	if len(checks) != 1 || checks[0].Name != "redis" {
		t.Fatalf("with Redis: %+v, want one check named redis", checks)
	}
	if err := checks[0].Probe(t.Context()); err != nil {
		t.Errorf("Redis answers, yet the check fails: %v", err)
	}
	rdb.Close()
	if err := checks[0].Probe(t.Context()); err == nil {
		t.Error("the check passes with the Redis client closed")
	}
}

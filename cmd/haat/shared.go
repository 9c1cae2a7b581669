package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/haat-shop/haat/internal/cache"
	"github.com/haat-shop/haat/internal/limit"
	"github.com/haat-shop/haat/internal/ready"
	"github.com/haat-shop/haat/internal/store"
)

// shared is what the instances of one shop share besides the database:
// Redis when HAAT_REDIS_URL is set. Without it rdb is nil and each instance
// keeps these things in its own process.
type shared struct {
	rdb    *redis.Client
	prefix string
}

// sharedFromEnv connects to HAAT_REDIS_URL, if set, and checks it answers.
func sharedFromEnv(ctx context.Context, log *slog.Logger) (shared, error) {
	raw := env("HAAT_REDIS_URL", "")
	if raw == "" {
		return shared{}, nil
	}
	opts, err := redis.ParseURL(raw)
	if err != nil {
		return shared{}, fmt.Errorf("HAAT_REDIS_URL: %w", err)
	}
	quickFailure(opts, raw)
	redis.SetLogger(redisLog{log})
	rdb := redis.NewClient(opts)
	ping, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ping).Err(); err != nil {
		rdb.Close()
		return shared{}, fmt.Errorf("Redis at HAAT_REDIS_URL does not answer: %w", err)
	}
	return shared{rdb: rdb, prefix: env("HAAT_REDIS_PREFIX", "haat:")}, nil
}

// quickFailure sets the timeouts the URL leaves unset. Redis answers in
// well under a millisecond; one that has not answered in a second is taken
// for down, so a sign-in then waits about a second for it, not go-redis's
// default of many retries of five seconds each.
func quickFailure(opts *redis.Options, raw string) {
	u, err := url.Parse(raw)
	if err != nil {
		return
	}
	q := u.Query()
	for param, set := range map[string]func(){
		"dial_timeout":  func() { opts.DialTimeout = time.Second },
		"read_timeout":  func() { opts.ReadTimeout = time.Second },
		"write_timeout": func() { opts.WriteTimeout = time.Second },
		"max_retries":   func() { opts.MaxRetries = 1 },
	} {
		if !q.Has(param) {
			set()
		}
	}
	opts.DialerRetries = 1
}

// redisLog sends go-redis's own messages, such as each failed dial, to the
// debug log: an outage is logged once by the code that meets it.
type redisLog struct{ log *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.DebugContext(ctx, fmt.Sprintf(format, v...), "from", "go-redis")
}

// readyChecks are what /readyz asks of the shared engines: Redis answers.
func (s shared) readyChecks() []ready.Check {
	if s.rdb == nil {
		return nil
	}
	return []ready.Check{{Name: "redis", Probe: func(ctx context.Context) error { return s.rdb.Ping(ctx).Err() }}}
}

// limiters makes the attempt limits: in Redis, shared by every instance,
// or in this process.
func (s shared) limiters(log *slog.Logger) limit.Maker {
	if s.rdb == nil {
		return limit.InMemory
	}
	return limit.InRedis(s.rdb, s.prefix+"limit:", log)
}

// shareCatalogue makes db learn of other instances' catalogue changes
// through Redis, told of each at once, until ctx ends. Without Redis, db
// keeps PostgreSQL's shared version.
func (s shared) shareCatalogue(ctx context.Context, db *store.DB, log *slog.Logger) {
	if s.rdb == nil {
		return
	}
	v := cache.NewRedisVersion(s.rdb, s.prefix)
	db.ShareCatalogueVersion(v)
	go func() {
		if err := v.Watch(ctx, db.SawCatalogueVersion); err != nil && ctx.Err() == nil {
			log.Error("catalogue changes are not pushed from Redis: other instances' changes are seen within a second instead", "err", err)
		}
	}()
}

func (s shared) close() {
	if s.rdb != nil {
		_ = s.rdb.Close()
	}
}

// what names the shared engine for the start-up log.
func (s shared) what() string {
	if s.rdb == nil {
		return "none"
	}
	return "redis"
}

package limit

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is a Limiter kept in Redis, so every instance of the shop counts
// into one window per key and a restart forgets nothing. Should Redis not
// answer, it counts in this process meanwhile: sign-ins go on, each
// instance still limited, rather than every customer being locked out or
// every guesser let through.
type Redis struct {
	rdb    redis.Cmdable
	prefix string
	max    int
	window time.Duration
	local  *Memory
	log    *slog.Logger
	// down is set while Redis fails, so an outage is logged once.
	down atomic.Bool
}

// NewRedis allows max events per key in each window, counted under prefix
// in rdb. The prefix must be its own: keys of limiters with other maxima or
// windows under it would share their counts.
func NewRedis(rdb redis.Cmdable, prefix string, max int, per time.Duration, log *slog.Logger) *Redis {
	return &Redis{rdb: rdb, prefix: prefix, max: max, window: per, local: NewMemory(max, per), log: log}
}

// InRedis makes Redis limiters under prefix, each under a prefix of its
// own name.
func InRedis(rdb redis.Cmdable, prefix string, log *slog.Logger) Maker {
	return func(name string, max int, per time.Duration) Limiter {
		return NewRedis(rdb, prefix+name+":", max, per, log)
	}
}

// count adds one to a key's count and returns it with the time left in its
// window, which the first event of a window starts.
var count = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
	redis.call('PEXPIRE', KEYS[1], ARGV[1])
	ttl = tonumber(ARGV[1])
end
return {n, ttl}`)

// uncount takes one off a key's count, never below nothing, keeping its
// window.
var uncount = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`)

// Allow implements Limiter.
func (l *Redis) Allow(key string) (bool, time.Duration) {
	ctx := context.Background()
	res, err := count.Run(ctx, l.rdb, []string{l.prefix + key}, l.window.Milliseconds()).Int64Slice()
	if l.failed(err) {
		return l.local.Allow(key)
	}
	if res[0] > int64(l.max) {
		return false, time.Duration(res[1]) * time.Millisecond
	}
	return true, 0
}

// Undo implements Limiter.
func (l *Redis) Undo(key string) {
	err := uncount.Run(context.Background(), l.rdb, []string{l.prefix + key}).Err()
	if l.failed(err) {
		l.local.Undo(key)
	}
}

// Reset implements Limiter.
func (l *Redis) Reset(key string) {
	err := l.rdb.Del(context.Background(), l.prefix+key).Err()
	if l.failed(err) {
		l.local.Reset(key)
	}
}

// failed tells whether Redis failed, logging when it starts and stops
// failing.
func (l *Redis) failed(err error) bool {
	if err != nil {
		if !l.down.Swap(true) {
			l.log.Error("Redis does not answer: attempt limits are counted in this instance until it does", "err", err)
		}
		return true
	}
	if l.down.Swap(false) {
		l.log.Info("Redis answers again: attempt limits are shared again")
	}
	return false
}

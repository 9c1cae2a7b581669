package cache

import (
	"context"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// RedisVersion is a catalogue version kept in Redis for every instance of
// the shop (a store.SharedVersion): each change raises it and publishes the
// new version, so every instance watching drops its stale answers at once.
type RedisVersion struct {
	rdb          redis.UniversalClient
	key, channel string
}

// NewRedisVersion keeps the version under prefix in rdb.
func NewRedisVersion(rdb redis.UniversalClient, prefix string) RedisVersion {
	return RedisVersion{rdb: rdb, key: prefix + "catalogue-version", channel: prefix + "catalogue-changed"}
}

// A missing version starts from Redis's clock in microseconds, not from
// nothing: instances keep the highest version they saw, and a Redis that
// lost its data must still move them on. The count would outrun the clock
// only past a million changes a second.
const startVersion = `
if redis.call('EXISTS', KEYS[1]) == 0 then
	local t = redis.call('TIME')
	redis.call('SET', KEYS[1], t[1] .. string.format('%06d', t[2]))
end
`

var (
	raise = redis.NewScript(startVersion + `
local v = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], v)
return v`)
	read = redis.NewScript(startVersion + `
return tonumber(redis.call('GET', KEYS[1]))`)
)

// Raise implements store.SharedVersion.
func (v RedisVersion) Raise(ctx context.Context) (int64, error) {
	return raise.Run(ctx, v.rdb, []string{v.key}, v.channel).Int64()
}

// Read implements store.SharedVersion.
func (v RedisVersion) Read(ctx context.Context) (int64, error) {
	return read.Run(ctx, v.rdb, []string{v.key}).Int64()
}

// Watch calls saw with every version published until ctx ends, and first,
// once subscribed, with the version as it is then, so nothing published
// before is missed. go-redis subscribes again after a lost connection; what
// is published meanwhile is missed, and found by the store's reads every
// second instead. It returns an error when it cannot subscribe.
func (v RedisVersion) Watch(ctx context.Context, saw func(int64)) error {
	sub := v.rdb.Subscribe(ctx, v.channel)
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil {
		return fmt.Errorf("subscribe to catalogue changes: %w", err)
	}
	now, err := v.Read(ctx)
	if err != nil {
		return fmt.Errorf("read catalogue version: %w", err)
	}
	saw(now)
	messages := sub.Channel()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-messages:
			if !ok {
				return nil
			}
			if n, err := strconv.ParseInt(m.Payload, 10, 64); err == nil {
				saw(n)
			}
		}
	}
}

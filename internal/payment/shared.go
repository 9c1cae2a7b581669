package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/haat-shop/haat/internal/shop"
)

// NewSharedSimulator returns a simulator signing with secret that keeps its
// orders in Redis under prefix, so that an order created through one
// instance of the shop can be paid through another.
func NewSharedSimulator(secret string, rdb redis.Cmdable, prefix string) *Simulator {
	s := NewSimulator(secret)
	s.book = redisBook{rdb: rdb, prefix: prefix}
	return s
}

// SharedSimulatorSecret returns the simulator's secret kept in Redis under
// prefix, made by whichever instance asks first, so every instance signs
// and checks payments alike without one being configured.
func SharedSimulatorSecret(ctx context.Context, rdb redis.Cmdable, prefix string) (string, error) {
	key := prefix + "simulator:secret"
	if err := rdb.SetNX(ctx, key, RandomSecret(), 0).Err(); err != nil {
		return "", fmt.Errorf("share the simulator's secret: %w", err)
	}
	secret, err := rdb.Get(ctx, key).Result()
	if err != nil {
		return "", fmt.Errorf("read the simulator's secret: %w", err)
	}
	return secret, nil
}

// simulatorOrderLife is how long Redis keeps a simulator order or refund:
// far longer than any payment hold or refund retry, and not for ever in a
// shop that tries things out for months.
const simulatorOrderLife = 7 * 24 * time.Hour

// redisBook keeps the simulator's orders and refunds in Redis.
type redisBook struct {
	rdb    redis.Cmdable
	prefix string
}

// createOrder stores order KEYS[2] unless receipt KEYS[1] has one, and
// returns the receipt's order.
var createOrder = redis.NewScript(`
local id = redis.call('GET', KEYS[1])
if id then return id end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return ARGV[1]`)

func (r redisBook) create(ctx context.Context, id string, amount shop.Paise, receipt string) (string, error) {
	got, err := createOrder.Run(ctx, r.rdb, []string{r.prefix + "simulator:receipt:" + receipt, r.orderKey(id)},
		id, int64(amount), simulatorOrderLife.Milliseconds()).Text()
	if err != nil {
		return "", fmt.Errorf("create simulator order: %w", err)
	}
	return got, nil
}

func (r redisBook) amount(ctx context.Context, id string) (shop.Paise, error) {
	v, err := r.rdb.Get(ctx, r.orderKey(id)).Result()
	if errors.Is(err, redis.Nil) {
		return 0, ErrUnknownOrder
	}
	if err != nil {
		return 0, fmt.Errorf("read simulator order: %w", err)
	}
	amount, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("read simulator order %s: %w", id, err)
	}
	return shop.Paise(amount), nil
}

func (r redisBook) orderKey(id string) string { return r.prefix + "simulator:order:" + id }

func (r redisBook) refund(ctx context.Context, f RefundEntity) (RefundEntity, error) {
	key := r.prefix + "simulator:refund:" + f.Receipt
	data, err := json.Marshal(f)
	if err != nil {
		return RefundEntity{}, fmt.Errorf("encode simulator refund: %w", err)
	}
	if err := r.rdb.SetNX(ctx, key, data, simulatorOrderLife).Err(); err != nil {
		return RefundEntity{}, fmt.Errorf("keep simulator refund: %w", err)
	}
	kept, err := r.rdb.Get(ctx, key).Bytes()
	if err != nil {
		return RefundEntity{}, fmt.Errorf("read simulator refund: %w", err)
	}
	var made RefundEntity
	if err := json.Unmarshal(kept, &made); err != nil {
		return RefundEntity{}, fmt.Errorf("read simulator refund: %w", err)
	}
	return made, nil
}

package metrics

import (
	"sync"
	"sync/atomic"
)

// cowMap is a map read without a lock and copied on each write: for keys
// that are few and all seen soon after start (routes, statuses), so a read
// on the hot path is one atomic load and one map lookup.
type cowMap[K comparable, V any] struct {
	m  atomic.Pointer[map[K]V]
	mu sync.Mutex // serialises writers
}

// get returns the value of k, made by build and kept on k's first use.
func (c *cowMap[K, V]) get(k K, build func() V) V {
	if m := c.m.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	if old != nil {
		if v, ok := (*old)[k]; ok {
			return v
		}
	}
	next := build()
	grown := map[K]V{k: next}
	if old != nil {
		for key, v := range *old {
			grown[key] = v
		}
	}
	c.m.Store(&grown)
	return next
}

// Package cache keeps ready-made answers to the catalogue's public reads, so
// a busy shop answers them without asking the database each time. It sits
// behind an interface; instances that share Redis learn of each other's
// changes at once through RedisVersion.
package cache

import (
	"sync"
	"time"
)

// Entry is a cached answer: its body as sent, and gzipped.
type Entry struct {
	Body []byte
	Gzip []byte
}

// Cache stores entries by key for a while.
type Cache interface {
	Get(key string) (Entry, bool)
	Set(key string, e Entry)
}

// Memory is a Cache in this process. Entries live for ttl, which bounds how
// stale one instance can be about another's writes; at most max are kept.
type Memory struct {
	ttl time.Duration
	max int
	now func() time.Time

	mu      sync.RWMutex
	entries map[string]item
}

type item struct {
	Entry
	expires time.Time
}

// NewMemory returns an empty cache.
func NewMemory(ttl time.Duration, max int) *Memory {
	return &Memory{ttl: ttl, max: max, now: time.Now, entries: map[string]item{}}
}

// Get implements Cache.
func (m *Memory) Get(key string) (Entry, bool) {
	m.mu.RLock()
	it, ok := m.entries[key]
	m.mu.RUnlock()
	if !ok || m.now().After(it.expires) {
		return Entry{}, false
	}
	return it.Entry, true
}

// Set implements Cache. When full it first drops expired entries, then,
// if still full, all of them: simple, and the next reads refill it.
func (m *Memory) Set(key string, e Entry) {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.entries) >= m.max {
		for k, it := range m.entries {
			if now.After(it.expires) {
				delete(m.entries, k)
			}
		}
		if len(m.entries) >= m.max {
			m.entries = map[string]item{}
		}
	}
	m.entries[key] = item{Entry: e, expires: now.Add(m.ttl)}
}

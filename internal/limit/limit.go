// Package limit counts attempts per key in fixed windows, to slow down
// password guessing and code spraying: in this process (Memory), or in
// Redis (Redis) so that every instance of the shop shares the counts.
package limit

import (
	"sync"
	"time"
)

// Limiter allows at most a fixed number of events per key in each window.
type Limiter interface {
	// Allow records an event for key and tells whether it is within the
	// limit, and if not how long until the window ends.
	Allow(key string) (ok bool, retryAfter time.Duration)
	// Undo takes back one event of key, for an attempt that turned out not
	// to count (a right password, or one the server was too busy to check).
	Undo(key string)
	// Reset forgets key, as after a successful sign-in.
	Reset(key string)
}

// Maker makes a limiter of max events per window; name tells it apart from
// the others, so each may keep its counts apart.
type Maker func(name string, max int, per time.Duration) Limiter

// InMemory makes Memory limiters.
func InMemory(_ string, max int, per time.Duration) Limiter { return NewMemory(max, per) }

// Memory is a Limiter held in this process.
type Memory struct {
	max    int
	window time.Duration
	now    func() time.Time

	mu      sync.Mutex
	windows map[string]*window
	swept   time.Time
}

type window struct {
	start time.Time
	count int
}

// NewMemory allows max events per key in each window.
func NewMemory(max int, per time.Duration) *Memory {
	return &Memory{max: max, window: per, now: time.Now, windows: map[string]*window{}}
}

// Allow implements Limiter.
func (m *Memory) Allow(key string) (bool, time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.sweep(now)
	w := m.windows[key]
	if w == nil || now.Sub(w.start) >= m.window {
		w = &window{start: now}
		m.windows[key] = w
	}
	w.count++
	if w.count > m.max {
		return false, w.start.Add(m.window).Sub(now)
	}
	return true, 0
}

// Undo implements Limiter.
func (m *Memory) Undo(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if w := m.windows[key]; w != nil && w.count > 0 {
		w.count--
	}
}

// Reset implements Limiter.
func (m *Memory) Reset(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.windows, key)
}

// sweep drops ended windows now and then so the map does not grow forever.
func (m *Memory) sweep(now time.Time) {
	if now.Sub(m.swept) < m.window {
		return
	}
	m.swept = now
	for k, w := range m.windows {
		if now.Sub(w.start) >= m.window {
			delete(m.windows, k)
		}
	}
}

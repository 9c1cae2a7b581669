package cache

import (
	"fmt"
	"testing"
	"time"
)

func TestMemory(t *testing.T) {
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	m := NewMemory(time.Second, 3)
	m.now = func() time.Time { return now }
	m.Set("a", Entry{Body: []byte("A")})
	if e, ok := m.Get("a"); !ok || string(e.Body) != "A" {
		t.Fatal("a fresh entry is missing")
	}
	if _, ok := m.Get("b"); ok {
		t.Fatal("found an entry never set")
	}
	now = now.Add(1001 * time.Millisecond)
	if _, ok := m.Get("a"); ok {
		t.Fatal("an expired entry was returned")
	}
	for i := 0; i < 10; i++ {
		m.Set(fmt.Sprint(i), Entry{})
	}
	if len(m.entries) > 3 {
		t.Errorf("%d entries kept, max 3", len(m.entries))
	}
	if _, ok := m.Get("9"); !ok {
		t.Error("the newest entry is missing")
	}
}

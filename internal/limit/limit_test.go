package limit

import (
	"testing"
	"time"
)

func TestMemoryWindow(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	m := NewMemory(3, time.Minute)
	m.now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		if ok, _ := m.Allow("a"); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	ok, wait := m.Allow("a")
	if ok || wait != time.Minute {
		t.Fatalf("fourth attempt: ok %v wait %v; want refused for a minute", ok, wait)
	}
	if ok, _ := m.Allow("b"); !ok {
		t.Fatal("another key was limited")
	}
	now = now.Add(61 * time.Second)
	if ok, _ := m.Allow("a"); !ok {
		t.Fatal("not allowed after the window")
	}
	m.Allow("a")
	m.Allow("a")
	if ok, _ := m.Allow("a"); ok {
		t.Fatal("fourth attempt of the new window allowed")
	}
	m.Undo("a")
	m.Undo("a")
	if ok, _ := m.Allow("a"); !ok {
		t.Fatal("not allowed after two attempts were taken back")
	}
	m.Undo("never-seen")
	m.Reset("a")
	if ok, _ := m.Allow("a"); !ok {
		t.Fatal("not allowed after Reset")
	}
}

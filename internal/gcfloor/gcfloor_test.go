package gcfloor_test

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/gcfloor"
)

const mb = 1 << 20

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		live, roots, floor uint64
		want               int
	}{
		{0, 0, 16 * mb, 400},
		{2 * mb, 0, 16 * mb, 400},       // 700 would lift Go's own minimum to 28 MB
		{4 * mb, 0, 16 * mb, 300},       // 4 + 3 × 4 = 16
		{3 * mb, 1 * mb, 16 * mb, 325},  // 3 + 3.25 × (3 + 1) = 16
		{6 * mb, 0, 16 * mb, 166},       // 6 + 1.66 × 6 ≈ 16
		{6 * mb, 2 * mb, 16 * mb, 125},  // 6 + 1.25 × (6 + 2) = 16
		{7 * mb, 2 * mb, 16 * mb, 100},  // Go's default passes the floor
		{8 * mb, 0, 16 * mb, 100},       // Go's default reaches the floor
		{64 * mb, 1 * mb, 16 * mb, 100}, // and passes it
		{2 * mb, 0, 4 * mb, 100},        // a floor at Go's own minimum changes nothing
		{2 * mb, 0, 1 * mb, 100},
	} {
		if got := gcfloor.Percent(c.live, c.roots, c.floor); got != c.want {
			t.Errorf("Percent(%d MB live, %d MB roots, %d MB) = %d, want %d", c.live/mb, c.roots/mb, c.floor/mb, got, c.want)
		}
	}
}

func TestAnOperatorsSettingStands(t *testing.T) {
	t.Setenv("GOGC", "100")
	before := gogc()
	if gcfloor.Keep(16 * mb) {
		t.Fatal("Keep took over with GOGC set")
	}
	runtime.GC()
	runtime.GC()
	if got := gogc(); got != before {
		t.Errorf("GOGC %d after Keep refused, was %d", got, before)
	}
}

func TestTheFloorFollowsTheLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	if !gcfloor.Keep(16 * mb) {
		t.Fatal("Keep refused with neither GOGC nor GOMEMLIMIT set")
	}
	if got := gogc(); got != 400 {
		t.Fatalf("GOGC %d with a small heap, want 400", got)
	}
	held := make([][]byte, 12)
	for i := range held {
		held[i] = make([]byte, mb)
	}
	waitFor(t, 100, "12 MB live")
	runtime.KeepAlive(held)
	held = nil
	waitFor(t, 400, "the 12 MB freed")
}

// waitFor collects until the keeper, which runs after a collection, has
// set GOGC to want.
func waitFor(t *testing.T, want int, when string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for got := gogc(); got != want; got = gogc() {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC %d with %s, want %d", got, when, want)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

// Package gcfloor gives the garbage collector a floor under its heap goal.
//
// Go collects when the heap has grown by GOGC percent (100) of what the
// last collection kept, and never below 4 MB. The shop keeps a few
// megabytes live and every answer leaves a few kilobytes behind, so under
// load it collected sixty times a second, a tenth of its processor time.
// With a floor the collector waits until the heap reaches it: about a
// dozen collections a second at that load, for at most the floor's size
// in memory. Above the floor Go's own rule applies unchanged.
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// goMinimum is the runtime's own floor at GOGC=100; it scales with GOGC.
const goMinimum = 4 << 20

var once sync.Once

// Keep holds the heap goal at least floor bytes for as long as the
// process runs; a later call keeps the first floor. An operator who set
// GOGC or GOMEMLIMIT chose the collector's pace: then it changes nothing
// and reports false.
func Keep(floor uint64) bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	once.Do(func() {
		f := &keeper{floor: floor, heap: []metrics.Sample{
			{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}}
		f.adjust()
		f.arm()
	})
	return true
}

type keeper struct {
	floor uint64
	heap  []metrics.Sample // live heap, stacks, globals
}

// arm runs adjust after the next collection: the object it watches is
// unreachable at once, so that collection frees it and queues the cleanup,
// which arms the one after. It is 16 bytes because the tiny allocator,
// whose blocks may outlive their objects, takes only smaller ones.
func (f *keeper) arm() {
	runtime.AddCleanup(new([16]byte), func(f *keeper) {
		f.adjust()
		f.arm()
	}, f)
}

func (f *keeper) adjust() {
	metrics.Read(f.heap)
	live := f.heap[0].Value.Uint64()
	roots := f.heap[1].Value.Uint64() + f.heap[2].Value.Uint64()
	debug.SetGCPercent(Percent(live, roots, f.floor))
}

// Percent is the GOGC that makes the next goal the floor while the live
// heap is under about half of it, and Go's default (100) once it is not.
// Go's goal is the live heap plus GOGC percent of the live heap and the
// roots (stacks and globals) it scans. Its own minimum grows with GOGC,
// so the percent stops where that minimum reaches the floor.
func Percent(live, roots, floor uint64) int {
	most := int(floor * 100 / goMinimum)
	if most <= 100 {
		return 100
	}
	if live+roots == 0 {
		return most
	}
	p := int((floor - min(live, floor)) * 100 / (live + roots))
	return max(100, min(p, most))
}

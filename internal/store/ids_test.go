package store_test

import (
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/store"
)

// An id made later sorts after one made earlier, so new rows land at the
// end of their indexes (checkout on SQLite places about half as many
// orders again a second so: BenchmarkPlaceCOD). Random ids would pass each
// pair by chance half the time, and all twenty about once in a million runs.
func TestIDsSortInTheOrderTheyWereMade(t *testing.T) {
	for range 20 {
		earlier := store.NewID()
		time.Sleep(2 * time.Millisecond)
		later := store.NewID()
		if !store.ValidID(earlier) || !store.ValidID(later) {
			t.Fatalf("ids %q and %q are not of the shape ValidID accepts", earlier, later)
		}
		if later <= earlier {
			t.Fatalf("id %q, made 2 ms after %q, sorts before it", later, earlier)
		}
	}
}

// Ids made in the same millisecond share their first half; the random
// second half keeps them apart.
func TestIDsMadeAtOnceDiffer(t *testing.T) {
	seen := map[string]bool{}
	for range 100_000 {
		id := store.NewID()
		if seen[id] {
			t.Fatalf("id %q made twice", id)
		}
		seen[id] = true
	}
}

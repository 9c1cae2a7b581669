package store_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// Wrong guesses sent together must not slip past the limit between one
// guess reading the count and another raising it.
func TestConcurrentWrongCodesAreCountedAtomically(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		if err := db.SaveOTP(ctx, "raced@example.in", "register", "right-hash", now, 10*time.Minute, time.Minute); err != nil {
			t.Fatal(err)
		}
		const guesses, maxTries = 40, 5
		warmPool(t, db, guesses)
		verdicts := make(chan error, guesses)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range guesses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				verdicts <- db.CheckOTP(ctx, "raced@example.in", "register", "wrong-hash", now, maxTries)
			}()
		}
		close(start)
		wg.Wait()
		close(verdicts)
		checked, refused := 0, 0
		for err := range verdicts {
			switch {
			case errors.Is(err, store.ErrOTPWrong):
				checked++
			case errors.Is(err, store.ErrOTPTooMany):
				refused++
			default:
				t.Errorf("a guess answered %v", err)
			}
		}
		if checked != maxTries || refused != guesses-maxTries {
			t.Errorf("%d of %d concurrent wrong guesses were checked (%d refused); want exactly %d", checked, guesses, refused, maxTries)
		}
		if err := db.CheckOTP(ctx, "raced@example.in", "register", "right-hash", now, maxTries); !errors.Is(err, store.ErrOTPTooMany) {
			t.Errorf("the right code after the burst: %v, want too many tries", err)
		}
	})
}

// warmPool opens connections for n statements at once, so that a burst
// that follows runs together instead of queueing behind new connections.
func warmPool(t *testing.T, db *store.DB, n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := db.CheckOTP(ctx, "warm@example.in", "register", "x", time.Now(), 5); !errors.Is(err, store.ErrOTPExpired) {
				t.Errorf("warm-up: %v", err)
			}
		}()
	}
	wg.Wait()
}

package auth

import (
	"errors"
	"sync/atomic"
)

// HashSlots is how many passwords may be hashed at once: each argon2id
// hash holds argonMemory KiB while it runs, and together they should fit
// in about 100 MB (five of 19 MiB).
const HashSlots = (100 << 20) / (argonMemory << 10)

// ErrBusy says every hashing slot is taken.
var ErrBusy = errors.New("every password hashing slot is taken")

// Hasher hashes and checks passwords, at most a fixed number at once. A
// burst of sign-ins would otherwise hold argonMemory each and grow the
// server without bound; a call past the limit fails with ErrBusy at once
// rather than waiting, so the client can be told to come back.
type Hasher struct {
	slots   chan struct{}
	checked atomic.Int64
}

// NewHasher runs at most slots hashes at once.
func NewHasher(slots int) *Hasher {
	return &Hasher{slots: make(chan struct{}, slots)}
}

// Hash is HashPassword in a slot.
func (h *Hasher) Hash(password string) (string, error) {
	if !h.acquire() {
		return "", ErrBusy
	}
	defer h.release()
	return HashPassword(password)
}

// Check is CheckPassword in a slot.
func (h *Hasher) Check(encoded, password string) (bool, error) {
	if !h.acquire() {
		return false, ErrBusy
	}
	defer h.release()
	h.checked.Add(1)
	return CheckPassword(encoded, password)
}

// Checked is how many passwords have been checked, which shows whether
// the attempt limits stop guesses before the costly part.
func (h *Hasher) Checked() int64 { return h.checked.Load() }

func (h *Hasher) acquire() bool {
	select {
	case h.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

func (h *Hasher) release() { <-h.slots }

package auth

import (
	"sync/atomic"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// hashBudget is the memory password hashing may add to the server: with
// the server's own 40 MB and the collector's headroom over it, a burst of
// sign-ins then stays well under 150 MB.
const hashBudget = 50 << 20

// HashSlots is how many passwords may be hashed at once. Each argon2id
// hash holds argonMemory KiB while it runs, and that memory is garbage
// once it ends; Go's collector lets garbage grow as large as the live heap
// before collecting, so a running hash costs twice its memory. Measured
// under a burst of 250 sign-ins: two slots peaked at 129–145 MB, one at
// 89–106 MB, and one at 74 MB since a collection follows each hash
// (idKey). One core hashing also leaves the other to serve the shop.
const HashSlots = hashBudget / (2 * argonMemory << 10)

// HashQueue is how many more may wait for a slot: customers signing in
// together then wait a moment instead of being turned away, and a waiting
// request holds no hash memory.
const HashQueue = 8

// ErrBusy says every hashing slot and every place in the queue is taken:
// the client may try again in a moment.
var ErrBusy = &shop.Error{Code: shop.TooMany, Message: "The server is busy. Please try again in a moment.", RetryAfter: time.Second}

// Hasher hashes and checks passwords, at most a fixed number at once. A
// burst of sign-ins would otherwise hold argonMemory each and grow the
// server without bound; a call that finds the slots and the short queue
// full fails with ErrBusy at once, so the client can be told to come back.
type Hasher struct {
	admitted chan struct{} // running or waiting
	running  chan struct{}
	runs     atomic.Int64
}

// NewHasher runs at most slots hashes at once, with queue more waiting.
func NewHasher(slots, queue int) *Hasher {
	return &Hasher{admitted: make(chan struct{}, slots+queue), running: make(chan struct{}, slots)}
}

// Hash is HashPassword in a slot.
func (h *Hasher) Hash(password string) (string, error) {
	if !h.acquire() {
		return "", ErrBusy
	}
	defer h.release()
	h.runs.Add(1)
	return HashPassword(password)
}

// HashInTurn is Hash that waits for a place and a slot however long that
// takes, for a caller that cannot come back, such as a password reset
// whose one-time code is already used. Only running hashes hold memory.
func (h *Hasher) HashInTurn(password string) (string, error) {
	h.admitted <- struct{}{}
	h.running <- struct{}{}
	defer h.release()
	h.runs.Add(1)
	return HashPassword(password)
}

// Check is CheckPassword in a slot.
func (h *Hasher) Check(encoded, password string) (bool, error) {
	if !h.acquire() {
		return false, ErrBusy
	}
	defer h.release()
	h.runs.Add(1)
	return CheckPassword(encoded, password)
}

// Runs is how many passwords have been hashed or checked, which shows
// whether the attempt limits stop requests before the costly part.
func (h *Hasher) Runs() int64 { return h.runs.Load() }

// acquire takes a place, or fails at once when there is none, and then
// waits for a slot: at most the queue's length of hashes, each quick.
func (h *Hasher) acquire() bool {
	select {
	case h.admitted <- struct{}{}:
	default:
		return false
	}
	h.running <- struct{}{}
	return true
}

func (h *Hasher) release() {
	<-h.running
	<-h.admitted
}

// Package auth hashes passwords and, later, issues sessions and one-time codes.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Parameters of argon2id, the second recommended option of RFC 9106
// scaled for a small shop machine: 19 MiB, 2 passes, 1 lane.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

var errMalformedHash = errors.New("malformed password hash")

// HashPassword returns an encoded argon2id hash of password with a new salt.
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("read salt: %w", err)
	}
	key := idKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// idKey is argon2.IDKey between two collections that also give free
// memory back to the system. A hash's memory is live while it runs, so a
// collection that starts then (its allocation alone may start one) sets the
// collector's next goal at twice the heap with it: the server would grow by
// twice argonMemory of garbage before collecting again. Collecting when the
// hash is done puts the goal back where the shop's heap sets it, and gives
// the hash's pages back. Collecting before it makes room for the hash in
// what the collector had let pile up (see internal/gcfloor), so the
// server's peak is its live heap and one hash, not its floor and one hash.
// Each costs a millisecond or two against the hash's tens.
func idKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	debug.FreeOSMemory()
	key := argon2.IDKey(password, salt, time, memory, threads, keyLen)
	debug.FreeOSMemory()
	return key
}

// CheckPassword tells whether password matches an encoded hash, in constant time.
func CheckPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errMalformedHash
	}
	var version int
	var memory uint32
	var iterations uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errMalformedHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &iterations, &threads); err != nil {
		return false, errMalformedHash
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, errMalformedHash
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil {
		return false, errMalformedHash
	}
	got := idKey([]byte(password), salt, iterations, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// Session lifetimes of SPEC.md §4: five days, or thirty with "stay logged in".
const (
	SessionTTL     = 5 * 24 * time.Hour
	LongSessionTTL = 30 * 24 * time.Hour
)

// CookieName is the name of the session cookie.
const CookieName = "haat_session"

// NewSessionToken returns a random token for the cookie and the hash that
// the database keeps, so a leaked database holds no usable session.
func NewSessionToken() (token, hash string) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, HashToken(token)
}

// HashToken is the stored form of a session token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// SessionLifetime is how long a new session lasts.
func SessionLifetime(stayLoggedIn bool) time.Duration {
	if stayLoggedIn {
		return LongSessionTTL
	}
	return SessionTTL
}

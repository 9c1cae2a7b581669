package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"time"
)

// Rules for one-time codes, sent by e-mail (and by SMS to sign in).
const (
	OTPLength        = 6
	OTPTTL           = 10 * time.Minute // a code dies this long after it is sent
	OTPMaxTries      = 5                // wrong tries before a code dies
	OTPResendWait    = 60 * time.Second // between two codes to one address
	VerifiedSignupIn = 30 * time.Minute // a verified e-mail must sign up within this
)

// The purposes of a code: SPEC.md §7's reqType, and signing in.
const (
	OTPRegister      = "register"
	OTPResetPassword = "resetPassword"
	OTPLogin         = "login"
)

// NewOTP returns a random code of six digits.
func NewOTP() string {
	return randomFrom("0123456789", OTPLength)
}

// HashOTP is the stored form of a code. The address and purpose are mixed
// in so a stored hash is good for nothing else.
func HashOTP(email, purpose, code string) string {
	sum := sha256.Sum256([]byte(email + "\x00" + purpose + "\x00" + code))
	return hex.EncodeToString(sum[:])
}

// ValidOTP tells whether s is six digits.
func ValidOTP(s string) bool {
	if len(s) != OTPLength {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

const (
	lowers  = "abcdefghijkmnopqrstuvwxyz"
	uppers  = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	digits  = "23456789"
	symbols = "!@#$%^&*-_=+?"
)

// NewPassword returns a random password of n characters (n ≥ 4) with at
// least one lowercase letter, uppercase letter, digit and symbol. Letters
// easily mistaken for each other (l, I, O, 0, 1) are left out, since the
// customer types it from an e-mail.
func NewPassword(n int) string {
	b := []byte(randomFrom(lowers, 1) + randomFrom(uppers, 1) + randomFrom(digits, 1) + randomFrom(symbols, 1) +
		randomFrom(lowers+uppers+digits+symbols, n-4))
	for i := len(b) - 1; i > 0; i-- {
		j := randomInt(i + 1)
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func randomFrom(pool string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = pool[randomInt(len(pool))]
	}
	return string(b)
}

func randomInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return int(v.Int64())
}

package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// tooSoon refuses a new code asked for while the resend wait has wait
// left; the client is told to come back once it is over.
func tooSoon(wait time.Duration) error {
	return &shop.Error{Code: shop.TooMany,
		Message:    fmt.Sprintf("Please wait %d seconds before requesting a new OTP", int(wait.Round(time.Second).Seconds())),
		RetryAfter: wait.Truncate(time.Second) + time.Second}
}

// Why a code was not accepted.
var (
	ErrOTPWrong   = &shop.Error{Code: shop.Invalid, Message: "OTP verification failed"}
	ErrOTPExpired = &shop.Error{Code: shop.Invalid, Message: "OTP verification failed: the code has expired or was not requested. Please request a new one"}
	ErrOTPTooMany = &shop.Error{Code: shop.Invalid, Message: "OTP verification failed: too many wrong tries. Please request a new one"}
)

// SaveOTP stores the hash of a new code for (email, purpose), replacing any
// earlier one, unless the last was sent less than resendWait ago; letters,
// the code's mail, are queued with it.
func (db *DB) SaveOTP(ctx context.Context, email, purpose, codeHash string, now time.Time, ttl, resendWait time.Duration, letters ...mail.Letter) error {
	return db.inTx(ctx, func(x q) error {
		var sent int64
		err := x.queryRow(ctx, `SELECT sent_at FROM otp_codes WHERE email = ? AND req_type = ?`, email, purpose).Scan(&sent)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read code: %w", err)
		}
		if err == nil {
			if wait := fromMillis(sent).Add(resendWait).Sub(now); wait > 0 {
				return tooSoon(wait)
			}
		}
		_, err = x.exec(ctx, `INSERT INTO otp_codes (email, req_type, code_hash, attempts, sent_at, expires_at, verified_at)
			VALUES (?, ?, ?, 0, ?, ?, NULL)
			ON CONFLICT (email, req_type) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0,
				sent_at = excluded.sent_at, expires_at = excluded.expires_at, verified_at = NULL`,
			email, purpose, codeHash, millis(now), millis(now.Add(ttl)))
		if err != nil {
			return fmt.Errorf("save code: %w", err)
		}
		return queueMail(ctx, x, letters...)
	})
}

// CheckOTP compares codeHash with the live code of (email, purpose). Every
// try uses up one of maxTries; a right one is marked verified, after which
// it cannot be used again. The try is counted by one conditional UPDATE
// before the comparison, so tries sent together cannot all read the same
// count and slip past the limit.
func (db *DB) CheckOTP(ctx context.Context, email, purpose, codeHash string, now time.Time, maxTries int) error {
	var stored string
	err := db.w().queryRow(ctx, `UPDATE otp_codes SET attempts = attempts + 1
		WHERE email = ? AND req_type = ? AND verified_at IS NULL AND expires_at > ? AND attempts < ?
		RETURNING code_hash`, email, purpose, millis(now), maxTries).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return db.whyNoTry(ctx, email, purpose, now, maxTries)
	}
	if err != nil {
		return fmt.Errorf("count code try: %w", err)
	}
	if subtle.ConstantTimeCompare([]byte(stored), []byte(codeHash)) != 1 {
		return ErrOTPWrong
	}
	res, err := db.w().exec(ctx, `UPDATE otp_codes SET verified_at = ?
		WHERE email = ? AND req_type = ? AND code_hash = ? AND verified_at IS NULL`, millis(now), email, purpose, stored)
	if err != nil {
		return fmt.Errorf("mark code verified: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("mark code verified: %w", err)
	}
	if n == 0 {
		// The same right code, sent twice at once, verifies once.
		return ErrOTPExpired
	}
	return nil
}

// whyNoTry tells why a code could not be tried: it is used up by wrong
// tries, or else gone (expired, used, or never sent).
func (db *DB) whyNoTry(ctx context.Context, email, purpose string, now time.Time, maxTries int) error {
	var n int
	err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM otp_codes WHERE email = ? AND req_type = ?
		AND verified_at IS NULL AND expires_at > ? AND attempts >= ?`, email, purpose, millis(now), maxTries).Scan(&n)
	if err != nil {
		return fmt.Errorf("read code: %w", err)
	}
	if n > 0 {
		return ErrOTPTooMany
	}
	return ErrOTPExpired
}

// VerifiedSince tells whether email was verified for purpose after since.
func (db *DB) VerifiedSince(ctx context.Context, email, purpose string, since time.Time) (bool, error) {
	var n int
	err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM otp_codes WHERE email = ? AND req_type = ? AND verified_at > ?`,
		email, purpose, millis(since)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("read verification: %w", err)
	}
	return n > 0, nil
}

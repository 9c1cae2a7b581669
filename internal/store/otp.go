package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// TooSoonError says a new code was asked for before the resend wait ended.
type TooSoonError struct{ Wait time.Duration }

func (e *TooSoonError) Error() string {
	return fmt.Sprintf("Please wait %d seconds before requesting a new OTP", int(e.Wait.Round(time.Second).Seconds()))
}

// Why a code was not accepted.
var (
	ErrOTPWrong   = errors.New("OTP verification failed")
	ErrOTPExpired = errors.New("OTP verification failed: the code has expired or was not requested. Please request a new one")
	ErrOTPTooMany = errors.New("OTP verification failed: too many wrong tries. Please request a new one")
)

// SaveOTP stores the hash of a new code for (email, purpose), replacing any
// earlier one, unless the last was sent less than resendWait ago.
func (db *DB) SaveOTP(ctx context.Context, email, purpose, codeHash string, now time.Time, ttl, resendWait time.Duration) error {
	return db.inTx(ctx, func(x q) error {
		var sent int64
		err := x.queryRow(ctx, `SELECT sent_at FROM otp_codes WHERE email = ? AND req_type = ?`, email, purpose).Scan(&sent)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read code: %w", err)
		}
		if err == nil {
			if wait := fromMillis(sent).Add(resendWait).Sub(now); wait > 0 {
				return &TooSoonError{Wait: wait}
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
		return nil
	})
}

// CheckOTP compares codeHash with the live code of (email, purpose). A wrong
// code uses up one of maxTries; a right one is marked verified, after which
// it cannot be used again.
func (db *DB) CheckOTP(ctx context.Context, email, purpose, codeHash string, now time.Time, maxTries int) error {
	// The verdict is kept apart from the transaction's error so that a
	// wrong try is committed, not rolled back.
	var verdict error
	err := db.inTx(ctx, func(x q) error {
		var stored string
		var attempts int
		var expires int64
		var verified sql.NullInt64
		err := x.queryRow(ctx, `SELECT code_hash, attempts, expires_at, verified_at FROM otp_codes
			WHERE email = ? AND req_type = ?`, email, purpose).Scan(&stored, &attempts, &expires, &verified)
		if errors.Is(err, sql.ErrNoRows) {
			verdict = ErrOTPExpired
			return nil
		}
		if err != nil {
			return fmt.Errorf("read code: %w", err)
		}
		switch {
		case verified.Valid || !now.Before(fromMillis(expires)):
			verdict = ErrOTPExpired
			return nil
		case attempts >= maxTries:
			verdict = ErrOTPTooMany
			return nil
		case subtle.ConstantTimeCompare([]byte(stored), []byte(codeHash)) != 1:
			if _, err := x.exec(ctx, `UPDATE otp_codes SET attempts = attempts + 1 WHERE email = ? AND req_type = ?`,
				email, purpose); err != nil {
				return fmt.Errorf("count wrong code: %w", err)
			}
			verdict = ErrOTPWrong
			return nil
		}
		if _, err := x.exec(ctx, `UPDATE otp_codes SET verified_at = ? WHERE email = ? AND req_type = ?`,
			millis(now), email, purpose); err != nil {
			return fmt.Errorf("mark code verified: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return verdict
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

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// userColumns are read by scanUser, in this order.
const userColumns = `u.id, u.name, u.email, u.email_verified, u.mobile_no, u.role, u.last_login_at, u.previous_login_at, u.created_at`

func scanUser(row interface{ Scan(...any) error }, extra ...any) (shop.User, error) {
	var u shop.User
	var role string
	var last, previous sql.NullInt64
	var created int64
	dest := append([]any{&u.ID, &u.Name, &u.Email, &u.EmailVerified, &u.MobileNo, &role, &last, &previous, &created}, extra...)
	if err := row.Scan(dest...); err != nil {
		return u, err
	}
	u.Role = shop.Role(role)
	u.LastLoginAt = optionalTime(last)
	u.PreviousLoginAt = optionalTime(previous)
	u.CreatedAt = fromMillis(created)
	return u, nil
}

func optionalTime(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromMillis(v.Int64)
	return &t
}

// CreateSession stores a session for userID under the hash of its token.
func (db *DB) CreateSession(ctx context.Context, userID, tokenHash string, expires time.Time) error {
	_, err := db.q().exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash, userID, millis(time.Now()), millis(expires))
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of a live session and when it expires, or
// ErrNotFound for an unknown or expired one.
func (db *DB) SessionUser(ctx context.Context, tokenHash string, now time.Time) (shop.User, time.Time, error) {
	var expires int64
	row := db.q().queryRow(ctx, `SELECT `+userColumns+`, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, millis(now))
	u, err := scanUser(row, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, time.Time{}, ErrNotFound
	}
	if err != nil {
		return shop.User{}, time.Time{}, fmt.Errorf("read session: %w", err)
	}
	return u, fromMillis(expires), nil
}

// DeleteSession ends one session.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.q().exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteUserSessions ends every session of a user, as a password change or
// reset must.
func (db *DB) DeleteUserSessions(ctx context.Context, userID string) error {
	if _, err := db.q().exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("delete sessions of user: %w", err)
	}
	return nil
}

// UserByLogin finds a user by e-mail or mobile number and returns the
// password hash beside it.
func (db *DB) UserByLogin(ctx context.Context, loginID string) (shop.User, string, error) {
	var hash string
	row := db.q().queryRow(ctx, `SELECT `+userColumns+`, u.password_hash FROM users u WHERE u.email = ? OR u.mobile_no = ?`,
		loginID, loginID)
	u, err := scanUser(row, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, "", ErrNotFound
	}
	if err != nil {
		return shop.User{}, "", fmt.Errorf("find user: %w", err)
	}
	return u, hash, nil
}

// RecordLogin moves the user's last sign-in to previous and sets a new one.
func (db *DB) RecordLogin(ctx context.Context, userID string, at time.Time) (shop.User, error) {
	var u shop.User
	err := db.inTx(ctx, func(x q) error {
		if _, err := x.exec(ctx, `UPDATE users SET previous_login_at = last_login_at, last_login_at = ? WHERE id = ?`,
			millis(at), userID); err != nil {
			return fmt.Errorf("record sign-in: %w", err)
		}
		var err error
		u, err = scanUser(x.queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = ?`, userID))
		if err != nil {
			return fmt.Errorf("read user: %w", err)
		}
		return nil
	})
	return u, err
}

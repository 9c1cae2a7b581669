package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

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
// shop.ErrNotSignedIn for an unknown or expired one.
func (db *DB) SessionUser(ctx context.Context, tokenHash string, now time.Time) (shop.User, time.Time, error) {
	var expires int64
	row := db.q().queryRow(ctx, `SELECT `+userColumns+`, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, millis(now))
	u, err := scanUser(row, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, time.Time{}, shop.ErrNotSignedIn
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

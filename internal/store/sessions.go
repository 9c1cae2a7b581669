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
	_, err := db.w().exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash, userID, millis(time.Now()), millis(expires))
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of a live session and when it expires. A
// session ended early by a change of password or e-mail (endSessions) gives
// the refusal that says why (shop.SessionEnd's Err); an unknown or expired
// one, shop.ErrNotSignedIn.
func (db *DB) SessionUser(ctx context.Context, tokenHash string, now time.Time) (shop.User, time.Time, error) {
	var expires int64
	row := db.q().queryRow(ctx, `SELECT `+userColumns+`, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, millis(now))
	u, err := scanUser(row, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, time.Time{}, db.whyEnded(ctx, tokenHash, now)
	}
	if err != nil {
		return shop.User{}, time.Time{}, fmt.Errorf("read session: %w", err)
	}
	return u, fromMillis(expires), nil
}

// DeleteSession ends one session.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.w().exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// whyEnded is the refusal for a session that is not live: why it was ended
// early, or shop.ErrNotSignedIn.
func (db *DB) whyEnded(ctx context.Context, tokenHash string, now time.Time) error {
	var reason string
	err := db.q().queryRow(ctx, `SELECT reason FROM ended_sessions WHERE token_hash = ? AND expires_at > ?`,
		tokenHash, millis(now)).Scan(&reason)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.ErrNotSignedIn
	}
	if err != nil {
		return fmt.Errorf("read ended session: %w", err)
	}
	return shop.SessionEnd(reason).Err()
}

// endSessions ends every session of a user in x's transaction, as a change
// of password or e-mail must, remembering why until each would have
// expired. The reasons of sessions that have expired meanwhile are
// forgotten here, so the table holds only those that can still be asked.
func endSessions(ctx context.Context, x q, userID string, why shop.SessionEnd) error {
	now := millis(time.Now())
	if _, err := x.exec(ctx, `DELETE FROM ended_sessions WHERE expires_at <= ?`, now); err != nil {
		return fmt.Errorf("forget old ended sessions: %w", err)
	}
	if _, err := x.exec(ctx, `INSERT INTO ended_sessions (token_hash, reason, expires_at)
		SELECT token_hash, ?, expires_at FROM sessions WHERE user_id = ? AND expires_at > ?`, string(why), userID, now); err != nil {
		return fmt.Errorf("remember ended sessions: %w", err)
	}
	if _, err := x.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// ErrEmailTaken and ErrMobileTaken say which unique field a new user clashes on.
var (
	ErrEmailTaken  = errors.New("An account with this email already exists")
	ErrMobileTaken = errors.New("An account with this mobile number already exists")
)

// InsertUser stores a new account with an already hashed password.
func (db *DB) InsertUser(ctx context.Context, u shop.NewUser, passwordHash string, emailVerified bool) (shop.User, error) {
	now := time.Now().UTC()
	user := shop.User{ID: NewID(), Name: u.Name, Email: u.Email, EmailVerified: emailVerified,
		MobileNo: u.MobileNo, Role: u.Role, CreatedAt: now}
	if user.Role == "" {
		user.Role = shop.RoleCustomer
	}
	err := db.inTx(ctx, func(x q) error {
		var n int
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ?`, u.Email).Scan(&n); err != nil {
			return fmt.Errorf("check email: %w", err)
		}
		if n > 0 {
			return ErrEmailTaken
		}
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE mobile_no = ?`, u.MobileNo).Scan(&n); err != nil {
			return fmt.Errorf("check mobile: %w", err)
		}
		if n > 0 {
			return ErrMobileTaken
		}
		_, err := x.exec(ctx, `INSERT INTO users (id, name, email, email_verified, mobile_no, password_hash, role,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			user.ID, user.Name, user.Email, emailVerified, user.MobileNo, passwordHash, string(user.Role),
			millis(now), millis(now))
		if err != nil {
			return uniqueViolation(err)
		}
		return nil
	})
	return user, err
}

// uniqueViolation maps a unique-constraint error that raced past the checks
// above to the error naming its field.
func uniqueViolation(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "email"):
		return ErrEmailTaken
	case strings.Contains(msg, "mobile_no"):
		return ErrMobileTaken
	}
	return fmt.Errorf("insert user: %w", err)
}

// PasswordHash returns the password hash and role of the user with email.
func (db *DB) PasswordHash(ctx context.Context, email string) (string, shop.Role, error) {
	var hash, role string
	err := db.q().queryRow(ctx, `SELECT password_hash, role FROM users WHERE email = ?`, email).Scan(&hash, &role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	if err != nil {
		return "", "", fmt.Errorf("read user %s: %w", email, err)
	}
	return hash, shop.Role(role), nil
}

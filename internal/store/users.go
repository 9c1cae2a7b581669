package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// ErrEmailTaken and ErrMobileTaken say which unique field a new user clashes on.
var (
	ErrEmailTaken  = &shop.Error{Code: shop.Conflict, Message: "An account with this email already exists"}
	ErrMobileTaken = &shop.Error{Code: shop.Conflict, Message: "An account with this mobile number already exists"}
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
		if err := taken(ctx, x, user.ID, u.Email, u.MobileNo); err != nil {
			return err
		}
		_, err := x.exec(ctx, `INSERT INTO users (id, name, email, email_verified, mobile_no, password_hash, role,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			user.ID, user.Name, user.Email, emailVerified, user.MobileNo, passwordHash, string(user.Role),
			millis(now), millis(now))
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		return nil
	})
	return user, db.whichTaken(ctx, err, user.ID, u.Email, u.MobileNo)
}

// whichTaken names the field of a unique violation in err: a sign-up or a
// change that raced another past taken, whose row then holds the e-mail
// or mobile number. Any other err passes as it is.
func (db *DB) whichTaken(ctx context.Context, err error, id, email, mobile string) error {
	if !isUniqueViolation(err) {
		return err
	}
	if clash := taken(ctx, db.q(), id, email, mobile); clash != nil {
		return clash
	}
	return err
}

// PasswordHash returns the password hash and role of the user with email.
func (db *DB) PasswordHash(ctx context.Context, email string) (string, shop.Role, error) {
	var hash, role string
	err := db.q().queryRow(ctx, `SELECT password_hash, role FROM users WHERE email = ?`, email).Scan(&hash, &role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", shop.ErrUserNotFound
	}
	if err != nil {
		return "", "", fmt.Errorf("read user %s: %w", email, err)
	}
	return hash, shop.Role(role), nil
}

// ErrLastAdmin keeps the shop from losing its last admin.
var ErrLastAdmin = &shop.Error{Code: shop.Conflict, Message: "The last admin cannot be removed or demoted"}

// User returns the user with id, or shop.ErrUserNotFound.
func (db *DB) User(ctx context.Context, id string) (shop.User, error) {
	if !ValidID(id) {
		return shop.User{}, shop.ErrUserNotFound
	}
	u, err := scanUser(db.q().queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, shop.ErrUserNotFound
	}
	if err != nil {
		return shop.User{}, fmt.Errorf("read user: %w", err)
	}
	return u, nil
}

// UserByEmail returns the user with email, or shop.ErrUserNotFound.
func (db *DB) UserByEmail(ctx context.Context, email string) (shop.User, error) {
	u, err := scanUser(db.q().queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.email = ?`, email))
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, shop.ErrUserNotFound
	}
	if err != nil {
		return shop.User{}, fmt.Errorf("read user: %w", err)
	}
	return u, nil
}

// UserPage is one page of the admin's user list.
type UserPage struct {
	Users []shop.User
	Pages int
	Page  int
}

// Users returns a page of the users, newest first; with a search, those
// whose name, e-mail or mobile number contain it.
func (db *DB) Users(ctx context.Context, search string, page int) (UserPage, error) {
	page = max(page, 1)
	where := ``
	var args []any
	if k := shop.NormalizeKeyword(search); k != "" {
		pattern := "%" + escapeLike(k) + "%"
		where = ` WHERE LOWER(u.name) LIKE ? ESCAPE '\' OR u.email LIKE ? ESCAPE '\' OR u.mobile_no LIKE ? ESCAPE '\'`
		args = []any{pattern, pattern, pattern}
	}
	total, err := db.countBig(ctx, "users u", where, args)
	if err != nil {
		return UserPage{}, err
	}
	offset, limit, backwards := pageWindow(page, shop.PageSize, total)
	walk := ` ORDER BY u.created_at DESC, u.id DESC`
	if backwards {
		walk = ` ORDER BY u.created_at, u.id`
	}
	users := []shop.User{}
	err = db.each(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id IN (SELECT u.id FROM users u`+where+walk+
		` LIMIT ? OFFSET ?) ORDER BY u.created_at DESC, u.id DESC`, append(args, limit, offset), func(rows *sql.Rows) error {
		u, err := scanUser(rows)
		users = append(users, u)
		return err
	})
	if err != nil {
		return UserPage{}, fmt.Errorf("list users: %w", err)
	}
	return UserPage{Users: users, Pages: shop.PageCount(total), Page: page}, nil
}

// MarkEmailVerified locks the e-mail of its user, if there is one.
func (db *DB) MarkEmailVerified(ctx context.Context, email string) error {
	if _, err := db.w().exec(ctx, `UPDATE users SET email_verified = ?, updated_at = ? WHERE email = ?`,
		true, millis(time.Now()), email); err != nil {
		return fmt.Errorf("mark email verified: %w", err)
	}
	return nil
}

// UserChange is a change to an account. Empty PasswordHash keeps the
// password; empty Role keeps the role.
type UserChange struct {
	Name         string
	Email        string
	MobileNo     string
	Role         shop.Role
	PasswordHash string
	// ByShop marks a change the shop makes (an admin's): the account holder
	// is mailed what changed, the e-mail at both the old and the new address
	// (mail.EmailChanged) and a new password (mail.PasswordChanged), and
	// signed-out devices are told the shop did it.
	ByShop bool
}

// UpdateUser applies c to the user with id in one transaction. A new e-mail
// is unverified; a new e-mail or password ends every session of the user,
// which the returned bool reports. The last admin keeps the role.
func (db *DB) UpdateUser(ctx context.Context, id string, c UserChange) (shop.User, bool, error) {
	var updated shop.User
	var revoked bool
	err := db.inTx(ctx, func(x q) error {
		old, err := scanUser(x.queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = ?`+db.forUpdate(), id))
		if errors.Is(err, sql.ErrNoRows) {
			return shop.ErrUserNotFound
		}
		if err != nil {
			return fmt.Errorf("read user: %w", err)
		}
		revoked = false
		role := c.Role
		if role == "" {
			role = old.Role
		}
		if old.Role == shop.RoleAdmin && role != shop.RoleAdmin {
			if err := db.keepAnAdmin(ctx, x); err != nil {
				return err
			}
		}
		if err := taken(ctx, x, id, c.Email, c.MobileNo); err != nil {
			return err
		}
		verified := old.EmailVerified && old.Email == c.Email
		now := millis(time.Now())
		if _, err := x.exec(ctx, `UPDATE users SET name = ?, email = ?, email_verified = ?, mobile_no = ?, role = ?, updated_at = ?
			WHERE id = ?`, c.Name, c.Email, verified, c.MobileNo, string(role), now, id); err != nil {
			return fmt.Errorf("update user: %w", err)
		}
		if c.PasswordHash != "" {
			if _, err := x.exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, c.PasswordHash, id); err != nil {
				return fmt.Errorf("set password: %w", err)
			}
		}
		if why := shop.SessionEndFor(c.ByShop, c.PasswordHash != "", c.Email != old.Email); why != "" {
			revoked = true
			if err := endSessions(ctx, x, id, why); err != nil {
				return err
			}
		}
		if c.ByShop && c.Email != old.Email {
			if err := queueMail(ctx, x, mail.EmailChanged(c.Name, old.Email, c.Email)...); err != nil {
				return err
			}
		}
		if c.ByShop && c.PasswordHash != "" {
			if err := queueMail(ctx, x, mail.PasswordChanged(c.Email, c.Name, true)); err != nil {
				return err
			}
		}
		updated, err = scanUser(x.queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = ?`, id))
		if err != nil {
			return err
		}
		before, after := userSnapshot(old), userSnapshot(updated)
		if c.PasswordHash != "" {
			before["password"], after["password"] = "kept", "replaced"
		}
		action := shop.AuditUserUpdated
		if old.Role != updated.Role {
			action = shop.AuditUserRole
		}
		return auditChange(ctx, x, action, "user", id, updated.Email, before, after)
	})
	return updated, revoked, db.whichTaken(ctx, err, id, c.Email, c.MobileNo)
}

// SetPassword replaces a user's password after a reset and ends all their
// sessions; letters, such as the mail that tells the new password, are
// queued with it.
func (db *DB) SetPassword(ctx context.Context, id, passwordHash string, letters ...mail.Letter) error {
	return db.inTx(ctx, func(x q) error {
		if _, err := x.exec(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`,
			passwordHash, millis(time.Now()), id); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := endSessions(ctx, x, id, shop.EndedPasswordReset); err != nil {
			return err
		}
		return queueMail(ctx, x, letters...)
	})
}

// DeleteUser removes a user, their sessions with them. Their orders stay,
// holding their own copy of the name and e-mail.
func (db *DB) DeleteUser(ctx context.Context, id string) error {
	return db.inTx(ctx, func(x q) error {
		old, err := scanUser(x.queryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = ?`+db.forUpdate(), id))
		if errors.Is(err, sql.ErrNoRows) {
			return shop.ErrUserNotFound
		}
		if err != nil {
			return fmt.Errorf("read user: %w", err)
		}
		if old.Role == shop.RoleAdmin {
			if err := db.keepAnAdmin(ctx, x); err != nil {
				return err
			}
		}
		if _, err := x.exec(ctx, `DELETE FROM users WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete user: %w", err)
		}
		return audit(ctx, x, shop.AuditUserDeleted, "user", id, old.Email, userSnapshot(old), map[string]any{})
	})
}

// keepAnAdmin refuses when removing one admin would leave none. On
// PostgreSQL the admins' rows are locked so that two admins removing each
// other at once cannot both pass; SQLite's write lock already serialises.
func (db *DB) keepAnAdmin(ctx context.Context, x q) error {
	rows, err := x.query(ctx, `SELECT id FROM users WHERE role = ?`+db.forUpdate(), string(shop.RoleAdmin))
	if err != nil {
		return fmt.Errorf("count admins: %w", err)
	}
	n := 0
	for rows.Next() {
		n++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("count admins: %w", err)
	}
	if n <= 1 {
		return ErrLastAdmin
	}
	return nil
}

// taken checks that email and mobile belong to no user but id.
func taken(ctx context.Context, x q, id, email, mobile string) error {
	var n int
	if err := x.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ? AND id <> ?`, email, id).Scan(&n); err != nil {
		return fmt.Errorf("check email: %w", err)
	}
	if n > 0 {
		return ErrEmailTaken
	}
	if err := x.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE mobile_no = ? AND id <> ?`, mobile, id).Scan(&n); err != nil {
		return fmt.Errorf("check mobile: %w", err)
	}
	if n > 0 {
		return ErrMobileTaken
	}
	return nil
}

// forUpdate locks the selected rows on PostgreSQL; SQLite has no such
// clause and needs none, its transactions taking the write lock up front.
func (db *DB) forUpdate() string {
	if db.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

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

// UserByLogin finds a user by e-mail or mobile number and returns the
// password hash beside it.
func (db *DB) UserByLogin(ctx context.Context, loginID string) (shop.User, string, error) {
	var hash string
	row := db.q().queryRow(ctx, `SELECT `+userColumns+`, u.password_hash FROM users u WHERE u.email = ? OR u.mobile_no = ?`,
		loginID, loginID)
	u, err := scanUser(row, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return shop.User{}, "", shop.ErrUserNotFound
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

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// The address book: addresses a customer keeps with the account, checked
// by the handlers with shop.CheckAddress before they get here. Every method
// takes the owner's id and finds only the owner's addresses: another's is
// shop.ErrAddressNotFound, as one that does not exist.

// addressColumns are read by scanAddress, in this order.
const addressColumns = `id, shipping_name, shipping_email, shipping_phone, address, city, district, state, pin_code,
	landmark, shipping_note, is_default`

func scanAddress(row interface{ Scan(...any) error }) (shop.SavedAddress, error) {
	var s shop.SavedAddress
	a := &s.ShippingAddress
	err := row.Scan(&s.ID, &a.ShippingName, &a.ShippingEmail, &a.ShippingPhoneNumber, &a.Address, &a.City, &a.District,
		&a.State, &a.PinCode, &a.Landmark, &a.ShippingNote, &s.IsDefault)
	return s, err
}

// Addresses lists a user's addresses: the default first, then the most
// recently saved or changed.
func (db *DB) Addresses(ctx context.Context, userID string) ([]shop.SavedAddress, error) {
	out := []shop.SavedAddress{}
	err := db.each(ctx, `SELECT `+addressColumns+` FROM addresses WHERE user_id = ?
		ORDER BY is_default DESC, updated_at DESC, id`, []any{userID}, func(rows *sql.Rows) error {
		a, err := scanAddress(rows)
		out = append(out, a)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list addresses: %w", err)
	}
	return out, nil
}

// AddAddress saves a new address for a user at now, the default when
// makeDefault or when it is the first (shop.NewAddressIsDefault), refusing
// it once the book is full (shop.CheckRoomForAddress).
func (db *DB) AddAddress(ctx context.Context, userID string, a shop.ShippingAddress, makeDefault bool, now time.Time) (shop.SavedAddress, error) {
	saved := shop.SavedAddress{ID: NewID(), ShippingAddress: a}
	err := db.inTx(ctx, func(x q) error {
		// On PostgreSQL the owner's row is locked, so two addresses saved at
		// once are counted one after the other and cannot both fill the last
		// place; SQLite's write lock already serialises.
		var owner string
		err := x.queryRow(ctx, `SELECT id FROM users WHERE id = ?`+db.forUpdate(), userID).Scan(&owner)
		if errors.Is(err, sql.ErrNoRows) {
			return shop.ErrUserNotFound
		}
		if err != nil {
			return fmt.Errorf("read address owner: %w", err)
		}
		var n int
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM addresses WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return fmt.Errorf("count addresses: %w", err)
		}
		if err := shop.CheckRoomForAddress(n); err != nil {
			return err
		}
		saved.IsDefault = shop.NewAddressIsDefault(n, makeDefault)
		if saved.IsDefault {
			if err := clearDefault(ctx, x, userID, ""); err != nil {
				return err
			}
		}
		_, err = x.exec(ctx, `INSERT INTO addresses (id, user_id, shipping_name, shipping_email, shipping_phone, address, city,
			district, state, pin_code, landmark, shipping_note, is_default, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			saved.ID, userID, a.ShippingName, a.ShippingEmail, a.ShippingPhoneNumber, a.Address, a.City, a.District, a.State,
			a.PinCode, a.Landmark, a.ShippingNote, saved.IsDefault, millis(now), millis(now))
		if err != nil {
			return fmt.Errorf("save address: %w", err)
		}
		return nil
	})
	return saved, err
}

// UpdateAddress replaces a user's address id with a, changed at now.
// makeDefault moves the default to it; without it the default stays where
// it is (unmarking the default leaves it the default: a book with addresses
// keeps one).
func (db *DB) UpdateAddress(ctx context.Context, userID, id string, a shop.ShippingAddress, makeDefault bool, now time.Time) (shop.SavedAddress, error) {
	var saved shop.SavedAddress
	if !ValidID(id) {
		return saved, shop.ErrAddressNotFound
	}
	err := db.inTx(ctx, func(x q) error {
		if makeDefault {
			if err := clearDefault(ctx, x, userID, id); err != nil {
				return err
			}
		}
		res, err := x.exec(ctx, `UPDATE addresses SET shipping_name = ?, shipping_email = ?, shipping_phone = ?, address = ?,
			city = ?, district = ?, state = ?, pin_code = ?, landmark = ?, shipping_note = ?, is_default = (is_default OR ?),
			updated_at = ? WHERE id = ? AND user_id = ?`,
			a.ShippingName, a.ShippingEmail, a.ShippingPhoneNumber, a.Address, a.City, a.District, a.State, a.PinCode,
			a.Landmark, a.ShippingNote, makeDefault, millis(now), id, userID)
		if err != nil {
			return fmt.Errorf("update address: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("update address: %w", err)
		}
		if n == 0 {
			return shop.ErrAddressNotFound
		}
		saved, err = scanAddress(x.queryRow(ctx, `SELECT `+addressColumns+` FROM addresses WHERE id = ?`, id))
		return err
	})
	return saved, err
}

// DeleteAddress forgets a user's address id. When it was the default, the
// address saved or changed most recently becomes the default.
func (db *DB) DeleteAddress(ctx context.Context, userID, id string) error {
	if !ValidID(id) {
		return shop.ErrAddressNotFound
	}
	return db.inTx(ctx, func(x q) error {
		var wasDefault bool
		err := x.queryRow(ctx, `DELETE FROM addresses WHERE id = ? AND user_id = ? RETURNING is_default`, id, userID).Scan(&wasDefault)
		if errors.Is(err, sql.ErrNoRows) {
			return shop.ErrAddressNotFound
		}
		if err != nil {
			return fmt.Errorf("delete address: %w", err)
		}
		if !wasDefault {
			return nil
		}
		if _, err := x.exec(ctx, `UPDATE addresses SET is_default = ? WHERE id = (SELECT id FROM addresses WHERE user_id = ?
			ORDER BY updated_at DESC, id LIMIT 1)`, true, userID); err != nil {
			return fmt.Errorf("pass on the default address: %w", err)
		}
		return nil
	})
}

// clearDefault unmarks the user's default address, unless it is keepID.
func clearDefault(ctx context.Context, x q, userID, keepID string) error {
	if _, err := x.exec(ctx, `UPDATE addresses SET is_default = ? WHERE user_id = ? AND is_default AND id <> ?`,
		false, userID, keepID); err != nil {
		return fmt.Errorf("unmark the default address: %w", err)
	}
	return nil
}

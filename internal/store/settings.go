package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// settingsRead is the settings as read at a catalogue version: they change
// only with it, so the hot paths that need them (search's synonyms, product
// pages) read the row once per change, not once per request.
type settingsRead struct {
	version  int64
	settings shop.Settings
}

// Settings reads the owner's settings; a shop that never saved any has
// shop.DefaultSettings.
func (db *DB) Settings(ctx context.Context) (shop.Settings, error) {
	version := db.CatalogueVersion()
	if read := db.settings.Load(); read != nil && read.version == version {
		return read.settings, nil
	}
	s, err := readSettings(ctx, db.q())
	if err != nil {
		return s, err
	}
	db.settings.Store(&settingsRead{version: version, settings: s})
	return s, nil
}

// readSettings reads the settings through x, such as a transaction that
// must see them as it changes what they govern.
func readSettings(ctx context.Context, x q) (shop.Settings, error) {
	s := shop.DefaultSettings()
	var doc string
	err := x.queryRow(ctx, `SELECT document FROM settings WHERE id = 1`).Scan(&doc)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return s, fmt.Errorf("read settings: %w", err)
	default:
		// Fields added to shop.Settings since the document was saved keep
		// their defaults.
		if err := json.Unmarshal([]byte(doc), &s); err != nil {
			return s, fmt.Errorf("decode settings: %w", err)
		}
	}
	return s, nil
}

// SaveSettings replaces the owner's settings, checked by the caller, and
// writes what changed to the audit log. They are part of what the
// storefront shows, so the catalogue version moves.
func (db *DB) SaveSettings(ctx context.Context, s shop.Settings, now time.Time) error {
	doc, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode settings: %w", err)
	}
	return db.changed(db.inTx(ctx, func(x q) error {
		before, err := readSettings(ctx, x)
		if err != nil {
			return err
		}
		_, err = x.exec(ctx, `INSERT INTO settings (id, document, updated_at) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at`,
			string(doc), millis(now))
		if err != nil {
			return fmt.Errorf("save settings: %w", err)
		}
		return auditChange(ctx, x, shop.AuditSettings, "settings", "1", "Store Settings", settingsSnapshot(before), settingsSnapshot(s))
	}))
}

// settingsSnapshot is what the audit log compares of the settings: each
// of its fields, as the API names them.
func settingsSnapshot(s shop.Settings) map[string]any {
	doc, _ := json.Marshal(s)
	out := map[string]any{}
	_ = json.Unmarshal(doc, &out)
	return out
}

// SeedSeller makes seller the settings' seller when the owner has set none
// yet, so that a shop configured through HAAT_SELLER_* starts invoicing;
// once the Store Settings screen has a seller, that one stays.
func (db *DB) SeedSeller(ctx context.Context, seller shop.Seller, now time.Time) error {
	s, err := db.Settings(ctx)
	if err != nil {
		return err
	}
	if s.Seller.LegalName != "" || s.Seller.GSTIN != "" {
		return nil
	}
	s.Seller = seller
	s.Normalize()
	if err := s.Check(); err != nil {
		return fmt.Errorf("HAAT_SELLER_*: %w", err)
	}
	return db.SaveSettings(ctx, s, now)
}

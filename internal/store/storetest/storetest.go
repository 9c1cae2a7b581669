// Package storetest opens fresh databases for tests: SQLite always, and
// PostgreSQL too when HAAT_TEST_POSTGRES_URL is set, so one test body runs
// against both.
package storetest

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// Run calls body once for each database, each in a subtest named after it
// with a fresh, migrated, empty database.
func Run(t *testing.T, body func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		db, err := store.Open(context.Background(), "", t.TempDir())
		if err != nil {
			t.Fatalf("open sqlite: %v", err)
		}
		t.Cleanup(func() { db.Close() })
		body(t, db)
	})
	base := os.Getenv("HAAT_TEST_POSTGRES_URL")
	if base == "" {
		return
	}
	t.Run("postgres", func(t *testing.T) {
		body(t, openPostgres(t, base))
	})
}

// openPostgres gives the test a schema of its own, dropped afterwards, so
// tests neither see nor disturb each other's rows.
func openPostgres(t *testing.T, base string) *store.DB {
	t.Helper()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	defer admin.Close()
	schema := "t_" + store.NewID()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse HAAT_TEST_POSTGRES_URL: %v", err)
	}
	query := u.Query()
	query.Set("search_path", schema)
	u.RawQuery = query.Encode()
	db, err := store.Open(context.Background(), u.String(), t.TempDir())
	if err != nil {
		t.Fatalf("open postgres schema %s: %v", schema, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// MustInsertProduct stores p, failing the test on error, and returns its id.
func MustInsertProduct(t *testing.T, db *store.DB, p shop.Product) string {
	t.Helper()
	id, err := db.InsertProduct(context.Background(), p)
	if err != nil {
		t.Fatalf("insert product %q: %v", p.Name, err)
	}
	return id
}

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
		body(t, open(t, ""))
	})
	base := os.Getenv("HAAT_TEST_POSTGRES_URL")
	if base == "" {
		return
	}
	t.Run("postgres", func(t *testing.T) {
		body(t, openPostgres(t, base))
	})
}

// Named is a fresh database with the name of its kind.
type Named struct {
	Name string
	DB   *store.DB
}

// Each opens a fresh database of every kind Run uses, for fuzz targets:
// they cannot run subtests, so each input is checked on every database.
func Each(tb testing.TB) []Named {
	tb.Helper()
	dbs := []Named{{"sqlite", open(tb, "")}}
	if base := os.Getenv("HAAT_TEST_POSTGRES_URL"); base != "" {
		dbs = append(dbs, Named{"postgres", openPostgres(tb, base)})
	}
	return dbs
}

// openPostgres gives the test a schema of its own, dropped afterwards, so
// tests neither see nor disturb each other's rows.
func openPostgres(t testing.TB, base string) *store.DB {
	t.Helper()
	return open(t, postgresSchema(t, base))
}

// Instances opens two handles on one fresh PostgreSQL schema, as two haat
// instances sharing a database would, and skips the test when
// HAAT_TEST_POSTGRES_URL is not set.
func Instances(t *testing.T) (a, b *store.DB) {
	t.Helper()
	url := PostgresURL(t)
	return open(t, url), open(t, url)
}

// PostgresURL is the URL of a fresh PostgreSQL schema, dropped after the
// test, for a test that opens it its own way (haat serve, pg_dump); it
// skips the test when HAAT_TEST_POSTGRES_URL is not set.
func PostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("HAAT_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("HAAT_TEST_POSTGRES_URL is not set")
	}
	return postgresSchema(t, base)
}

// postgresSchema creates a schema, dropped after the test, and returns the
// URL of base with that schema as its search path.
func postgresSchema(t testing.TB, base string) string {
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
	return u.String()
}

func open(t testing.TB, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), url, t.TempDir())
	if err != nil {
		t.Fatalf("open database %q: %v", url, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// MustInsertProduct stores p, failing the test on error, and returns its id.
func MustInsertProduct(t testing.TB, db *store.DB, p shop.Product) string {
	t.Helper()
	id, err := db.InsertProduct(context.Background(), p)
	if err != nil {
		t.Fatalf("insert product %q: %v", p.Name, err)
	}
	return id
}

package store

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// sqliteDB is a new SQLite database in the test's folder, closed when the
// test ends.
func sqliteDB(t *testing.T) *DB {
	t.Helper()
	db, err := openSQLite(filepath.Join(t.TempDir(), "haat.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Every connection of the pool gets the settings openSQLite names: each
// pool connection is opened with them, not set once on the first.
func TestSQLiteSettingsOnEveryConnection(t *testing.T) {
	db := sqliteDB(t)
	ctx := context.Background()
	want := map[string]string{"foreign_keys": "1", "journal_mode": "wal", "synchronous": "1",
		"wal_autocheckpoint": "8000", "temp_store": "2"}
	var conns []*sql.Conn
	for range 3 {
		c, err := db.sql.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for i, c := range conns {
		for pragma, value := range want {
			var got string
			if err := c.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil || got != value {
				t.Errorf("connection %d: PRAGMA %s = %q (%v), want %q", i, pragma, got, err, value)
			}
		}
	}
}

func TestPostgresURL(t *testing.T) {
	const ours = "max_parallel_workers_per_gather=0&plan_cache_mode=force_custom_plan"
	for raw, want := range map[string]struct {
		url   string
		conns int
	}{
		"postgres://haat@db/haat?sslmode=disable":                  {"postgres://haat@db/haat?" + ours + "&sslmode=disable", 20},
		"postgres://haat@db/haat?pool_max_conns=8&sslmode=disable": {"postgres://haat@db/haat?" + ours + "&sslmode=disable", 8},
		"postgresql://haat:p%40ss@db:5433/haat?pool_max_conns=1":   {"postgresql://haat:p%40ss@db:5433/haat?" + ours, 1},
		"postgres://db/haat?max_parallel_workers_per_gather=2&plan_cache_mode=auto": {
			"postgres://db/haat?max_parallel_workers_per_gather=2&plan_cache_mode=auto", 20},
	} {
		url, conns, err := postgresURL(raw)
		if err != nil || url != want.url || conns != want.conns {
			t.Errorf("postgresURL(%q) = %q, %d, %v; want %q, %d", raw, url, conns, err, want.url, want.conns)
		}
	}
	for _, raw := range []string{"postgres://db/haat?pool_max_conns=0", "postgres://db/haat?pool_max_conns=many"} {
		if _, _, err := postgresURL(raw); err == nil {
			t.Errorf("postgresURL(%q) took it", raw)
		}
	}
}

// What is committed reaches the database file within seconds, though the
// log is far below the size at which a commit would copy it back itself:
// the checkpointer copied it, beside the writer.
func TestTheLogIsCopiedBackInTheBackground(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.w().exec(ctx, `CREATE TABLE labels (label TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.w().exec(ctx, `INSERT INTO labels (label) VALUES ('committed')`); err != nil {
		t.Fatal(err)
	}
	inFile := func() bool {
		// A copy of the database file alone, without its log.
		raw, err := os.ReadFile(filepath.Join(dir, DatabaseFile))
		if err != nil {
			t.Fatal(err)
		}
		copied := filepath.Join(t.TempDir(), "copy.db")
		if err := os.WriteFile(copied, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		file, err := sql.Open("sqlite", copied)
		if err != nil {
			t.Fatal(err)
		}
		defer file.Close()
		var n int
		// A copy taken while a checkpoint writes may be torn: not yet.
		return file.QueryRow(`SELECT COUNT(*) FROM labels`).Scan(&n) == nil && n == 1
	}
	deadline := time.Now().Add(10 * checkpointEvery)
	for !inFile() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s the committed row was only in the log", 10*checkpointEvery)
		}
		time.Sleep(checkpointEvery / 4)
	}
}

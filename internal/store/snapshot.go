package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// DatabaseFile is the name of the SQLite database in a data directory.
const DatabaseFile = "haat.db"

// SnapshotSQLite writes a consistent copy of the SQLite database in dataDir
// to dest, an empty or missing file, while a shop may be serving from it:
// VACUUM INTO reads the database in one transaction, so the copy holds
// every transaction committed before it began and nothing of one after,
// and in WAL mode it holds up no checkout. Unlike Open it neither creates
// the database nor migrates it: a backup changes nothing.
func SnapshotSQLite(ctx context.Context, dataDir, dest string) error {
	path := filepath.Join(dataDir, DatabaseFile)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("no SQLite database to back up: %w", err)
	}
	db, err := openSQLite(path)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.q().exec(ctx, `VACUUM INTO ?`, dest); err != nil {
		return fmt.Errorf("copy the database: %w", err)
	}
	return nil
}

// CheckSQLite runs SQLite's own check of the database file at path, such as
// a copy just taken or restored, and tells what is wrong with it. It opens
// the file read-only, as it is.
func CheckSQLite(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&verdict); err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	if verdict != "ok" {
		return errors.New("check " + path + ": " + verdict)
	}
	return nil
}

// PostgresTables names the schema the tables of the shop whose PostgreSQL
// database is at url are in, and those tables, the migrations' own
// included: what a backup must hold. Like SnapshotSQLite, it neither
// creates nor migrates anything.
func PostgresTables(ctx context.Context, url string) (schema string, tables []string, err error) {
	db, err := connect(url, "")
	if err != nil {
		return "", nil, err
	}
	defer db.Close()
	if db.dialect != Postgres {
		return "", nil, errors.New("list tables: not a PostgreSQL database")
	}
	if err := db.sql.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return "", nil, fmt.Errorf("read the schema: %w", err)
	}
	err = db.each(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'
		ORDER BY table_name`, []any{schema}, func(rows *sql.Rows) error {
		var t string
		if err := rows.Scan(&t); err != nil {
			return err
		}
		tables = append(tables, t)
		return nil
	})
	if err != nil {
		return "", nil, fmt.Errorf("list the tables: %w", err)
	}
	if len(tables) == 0 {
		return "", nil, fmt.Errorf("schema %s of the database holds no tables: no shop to back up", schema)
	}
	return schema, tables, nil
}

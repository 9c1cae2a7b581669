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

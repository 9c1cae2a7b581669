package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"

	"github.com/haat-shop/haat/internal/backup"
	"github.com/haat-shop/haat/internal/store"
)

// postgresDatabase is the PostgreSQL database at dbURL as a backup takes
// it: dumped by pg_dump in its custom format, and the dump listed by
// pg_restore to check that it holds the rows of every table of the shop's
// schema, which checked then names. PostgreSQL's own tools do it, as they
// alone know the server's every kind of object; they must be as new as the
// server, which they check themselves.
func postgresDatabase(ctx context.Context, dbURL string, checked *string) (backup.Database, error) {
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			return backup.Database{}, fmt.Errorf("this shop's database is PostgreSQL, which haat backs up with pg_dump and pg_restore, "+
				"PostgreSQL's client tools; %s is not installed here. Install them, of the server's version or newer "+
				"(Debian and Ubuntu: apt install postgresql-client), and run haat backup again", tool)
		}
	}
	schema, tables, err := store.PostgresTables(ctx, dbURL)
	if err != nil {
		return backup.Database{}, err
	}
	conn, dumpSchema, password := pgTarget(dbURL)
	return backup.Database{Kind: backup.KindPostgres, Copy: func(ctx context.Context, path string) error {
		args := []string{"--format=custom", "--no-owner", "--file", path}
		if dumpSchema != "" {
			args = append(args, "--schema="+dumpSchema)
		}
		if _, err := pgTool(ctx, password, "pg_dump", append(args, conn)...); err != nil {
			return err
		}
		listing, err := pgTool(ctx, "", "pg_restore", "--list", path)
		if err != nil {
			return err
		}
		if missing := backup.MissingTables(listing, schema, tables); len(missing) > 0 {
			return fmt.Errorf("the dump pg_dump wrote leaves out the rows of %d of the shop's %d tables in schema %s: %s; nothing was backed up",
				len(missing), len(tables), schema, strings.Join(missing, ", "))
		}
		*checked = fmt.Sprintf(", pg_dump's custom format, checked to hold all %d tables of schema %s", len(tables), schema)
		return nil
	}}, nil
}

// pgRestore restores the dump into the database at dbURL, all of it or,
// when anything fails (such as a table already there), nothing.
func pgRestore(ctx context.Context, dbURL, dump string) error {
	if _, err := exec.LookPath("pg_restore"); err != nil {
		return errors.New("pg_restore, PostgreSQL's client tool, is not installed here: install it (Debian and Ubuntu: apt install postgresql-client)")
	}
	conn, _, password := pgTarget(dbURL)
	_, err := pgTool(ctx, password, "pg_restore", "--no-owner", "--exit-on-error", "--single-transaction", "--dbname", conn, dump)
	return err
}

// pgTool runs one of PostgreSQL's tools, the password (if any) in its
// environment rather than on its command line, and returns what it wrote,
// or an error with what it said.
func pgTool(ctx context.Context, password, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = os.Environ()
	if password != "" {
		cmd.Env = append(cmd.Env, "PGPASSWORD="+password)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// pgTarget is the database URL as PostgreSQL's tools take it, without its
// password (which the process list would show; it is returned apart) and
// without the parameters only haat's driver reads, and the schema its
// search_path names, if any.
func pgTarget(dbURL string) (conn, schema, password string) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL, "", ""
	}
	if u.User != nil {
		password, _ = u.User.Password()
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	schema, _, _ = strings.Cut(q.Get("search_path"), ",")
	kept := url.Values{}
	if mode := q.Get("sslmode"); mode != "" {
		kept.Set("sslmode", mode)
	}
	u.RawQuery = kept.Encode()
	return u.String(), strings.TrimSpace(schema), password
}

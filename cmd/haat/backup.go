package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/backup"
)

func backupCmd(ctx context.Context, args []string, out io.Writer) error {
	d, to, err := parseFileCommand("backup", "Writes a backup of a SQLite shop, which may be serving, to one file: a consistent copy of the database and the uploaded pictures (a gzipped tar). On PostgreSQL it says how to back up with pg_dump instead.",
		"to", "the backup file to write, such as /var/backups/haat-$(date +%F).tar.gz (required)", args, out)
	if err != nil {
		return err
	}
	if d.db != "" {
		return postgresBackup(d)
	}
	start := time.Now()
	sum, err := backup.Take(ctx, d.data, filepath.Join(d.data, "uploads"), to)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	pictures := fmt.Sprintf("%d pictures (%s)", sum.Pictures, megabytes(sum.PictureBytes))
	switch {
	case env("HAAT_S3_BUCKET", "") != "":
		pictures = "no pictures: they are in the S3 bucket " + env("HAAT_S3_BUCKET", "") + ", which its provider's versioning or replication keeps"
	case !sum.Uploads:
		pictures = "no pictures (the data directory has no uploads folder)"
	}
	fmt.Fprintf(out, "backed up the database (%s) and %s to %s in %s\n", megabytes(sum.DatabaseBytes), pictures, to, time.Since(start).Round(time.Millisecond))
	return nil
}

func restoreCmd(ctx context.Context, args []string, out io.Writer) error {
	d, from, err := parseFileCommand("restore", "Unpacks a backup made by haat backup into a new or empty data directory; it never writes over a shop's data. Then start the shop with haat serve --data on that directory.",
		"from", "the backup file to restore (required)", args, out)
	if err != nil {
		return err
	}
	if d.db != "" {
		return errors.New("haat restore unpacks a SQLite shop's backup; a PostgreSQL database is restored with pg_restore (README.md, Backups)")
	}
	sum, err := backup.Restore(ctx, from, d.data)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(out, "restored the database (%s) and %d pictures (%s) into %s; start the shop with: haat serve --data %s\n",
		megabytes(sum.DatabaseBytes), sum.Pictures, megabytes(sum.PictureBytes), d.data, d.data)
	return nil
}

// parseFileCommand reads the flags of backup and restore: the database's,
// and the file each needs, under the flag named flag.
func parseFileCommand(name, summary, flag, usage string, args []string, out io.Writer) (d dbFlags, file string, err error) {
	fs := newFlagSet(name, summary, out)
	d.register(fs)
	fs.StringVar(&file, flag, "", usage)
	if err := fs.Parse(args); err != nil {
		return d, "", err
	}
	if file == "" {
		fs.Usage()
		return d, "", fmt.Errorf("%s needs --%s FILE", name, flag)
	}
	return d, file, nil
}

// postgresBackup refuses to back up a shop on PostgreSQL, saying how to
// instead: with pg_dump, which must be as new as the server (haat cannot
// vouch for the one on this machine), and whose URL would show its password
// to anyone listing processes; a managed PostgreSQL has snapshots and
// point-in-time recovery that a dump from haat would only repeat worse. The
// pictures are named too, so the recipe leaves nothing out.
func postgresBackup(d dbFlags) error {
	conn, schema := pgDumpTarget(d.db)
	dump := "pg_dump --format=custom --no-owner --file haat-$(date +%F).pgdump"
	if schema != "" {
		dump += " --schema=" + schema
	}
	uploads, err := filepath.Abs(filepath.Join(d.data, "uploads"))
	if err != nil {
		return err
	}
	return fmt.Errorf(`haat backup copies a SQLite shop; this one is on PostgreSQL, whose own tools back it up.
Back up both parts, the database and the pictures:
  %s '%s'
  tar -czf haat-uploads-$(date +%%F).tar.gz -C %s .
(pg_dump takes the password from ~/.pgpass or PGPASSWORD; it must be at least the server's version.)
README.md, Backups, shows how to schedule and restore them`, dump, conn, uploads)
}

// pgDumpTarget is the database URL as pg_dump takes it, without its
// password (which would show in the process list) and without the
// parameters only haat's driver reads, and the schema its search_path
// names, if any.
func pgDumpTarget(dbURL string) (conn, schema string) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return "postgres://…", ""
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	schema, _, _ = strings.Cut(q.Get("search_path"), ",")
	kept := url.Values{}
	if mode := q.Get("sslmode"); mode != "" {
		kept.Set("sslmode", mode)
	}
	u.RawQuery = kept.Encode()
	return u.String(), strings.TrimSpace(schema)
}

// megabytes writes a size for people.
func megabytes(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/haat-shop/haat/internal/backup"
)

func backupCmd(ctx context.Context, args []string, out io.Writer) error {
	d, to, err := parseFileCommand("backup", "Writes a backup of a shop, which may be serving, to one file (a gzipped tar): a consistent copy of the database and the uploaded pictures. A SQLite database is copied with VACUUM INTO; a PostgreSQL one with pg_dump, which must be installed, and the dump is checked to hold every table.",
		"to", "the backup file to write, such as /var/backups/haat-$(date +%F).tar.gz (required)", args, out)
	if err != nil {
		return err
	}
	start := time.Now()
	db, checked := backup.SQLite(d.data), ""
	if d.db != "" {
		if db, err = postgresDatabase(ctx, d.db, &checked); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	sum, err := backup.Take(ctx, db, filepath.Join(d.data, "uploads"), to)
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
	fmt.Fprintf(out, "backed up the database (%s%s) and %s to %s in %s\n", megabytes(sum.DatabaseBytes), checked, pictures, to, time.Since(start).Round(time.Millisecond))
	return nil
}

func restoreCmd(ctx context.Context, args []string, out io.Writer) error {
	d, from, err := parseFileCommand("restore", "Unpacks a backup made by haat backup into a new or empty data directory; it never writes over a shop's data. A PostgreSQL shop's backup is restored, with pg_restore, into the empty database --db names. Then start the shop with haat serve --data on that directory.",
		"from", "the backup file to restore (required)", args, out)
	if err != nil {
		return err
	}
	var load func(context.Context, string) error
	into := ""
	if d.db != "" {
		load = func(ctx context.Context, dump string) error { return pgRestore(ctx, d.db, dump) }
		conn, _, _ := pgTarget(d.db)
		into = " into " + conn
	}
	sum, err := backup.Restore(ctx, from, d.data, load)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	serve := "haat serve --data " + d.data
	if d.db != "" {
		serve += " --db '<the same URL>'"
	}
	fmt.Fprintf(out, "restored the database (%s)%s and %d pictures (%s) into %s; start the shop with: %s\n",
		megabytes(sum.DatabaseBytes), into, sum.Pictures, megabytes(sum.PictureBytes), d.data, serve)
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

// megabytes writes a size for people.
func megabytes(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

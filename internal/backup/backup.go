// Package backup packs a shop's data into one file and unpacks it into a
// new data directory. The file is a gzipped tar holding, in order:
//
//	haat-backup.json  what the archive is: its format, its database's kind and when it was taken
//	haat.db           a consistent copy of a SQLite shop's database (VACUUM INTO)
//	haat.pgdump       or a PostgreSQL shop's, as pg_dump wrote it (custom format)
//	uploads/…         the uploaded pictures, when they are kept on disk
//
// The database is copied first and the pictures after it, so every picture
// the copy names was written before it was taken; a picture uploaded
// meanwhile may come along unused.
package backup

import (
	"archive/tar"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/store"
)

const (
	manifestName = "haat-backup.json"
	uploadsName  = "uploads"
	// format is the archive layout's version; Restore refuses others.
	format = 1
)

// manifest opens every archive, so a restore knows it reads one of ours.
// An archive without a database kind is a SQLite shop's, as the first ones
// all were.
type manifest struct {
	Format   int       `json:"format"`
	Database string    `json:"database,omitempty"`
	Taken    time.Time `json:"taken"`
	Uploads  bool      `json:"uploads"`
}

// The kinds of database an archive holds.
const (
	KindSQLite   = "sqlite"
	KindPostgres = "postgresql"
)

// databaseFiles names the database's file in an archive, by kind.
var databaseFiles = map[string]string{KindSQLite: store.DatabaseFile, KindPostgres: "haat.pgdump"}

// Database is how a shop's database goes into an archive: Copy writes a
// consistent copy of it, checked, to the file at path.
type Database struct {
	Kind string
	Copy func(ctx context.Context, path string) error
}

// SQLite is the database of the SQLite shop in dataDir, which may be
// serving: copied with VACUUM INTO, then checked.
func SQLite(dataDir string) Database {
	return Database{Kind: KindSQLite, Copy: func(ctx context.Context, path string) error {
		if err := store.SnapshotSQLite(ctx, dataDir, path); err != nil {
			return err
		}
		if err := store.CheckSQLite(ctx, path); err != nil {
			return fmt.Errorf("the database copy is damaged: %w", err)
		}
		return nil
	}}
}

// Summary is what an archive holds.
type Summary struct {
	// Database is the kind of database, DatabaseBytes the size of its copy.
	Database      string
	DatabaseBytes int64
	// Pictures counts the files under uploads/; PictureBytes their size.
	Pictures     int
	PictureBytes int64
	// Uploads tells whether the archive holds an uploads folder at all.
	Uploads bool
}

// Take backs up a shop, which may be serving, into the file to: its
// database db and, when uploads is not empty and names a folder that
// exists, the pictures there. The file appears whole or not at all: it is
// written beside its name and renamed into place.
func Take(ctx context.Context, db Database, uploads, to string) (Summary, error) {
	dir := filepath.Dir(to)
	snapshot, err := os.CreateTemp(dir, ".haat-backup-*."+db.Kind)
	if err != nil {
		return Summary{}, fmt.Errorf("copy the database beside %s: %w", to, err)
	}
	snapshot.Close()
	defer os.Remove(snapshot.Name())
	if err := db.Copy(ctx, snapshot.Name()); err != nil {
		return Summary{}, err
	}
	if uploads != "" {
		if _, err := os.Stat(uploads); errors.Is(err, fs.ErrNotExist) {
			uploads = ""
		}
	}

	out, err := os.CreateTemp(dir, ".haat-backup-*.tar.gz")
	if err != nil {
		return Summary{}, fmt.Errorf("create the backup file: %w", err)
	}
	defer os.Remove(out.Name()) // after the rename, a no-op
	sum, err := write(out, db.Kind, snapshot.Name(), uploads, time.Now())
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Summary{}, fmt.Errorf("write %s: %w", to, err)
	}
	if err := os.Rename(out.Name(), to); err != nil {
		return Summary{}, fmt.Errorf("put the backup in place: %w", err)
	}
	return sum, nil
}

// write packs the copy at db of a database of kind and the files under
// uploads, if set, into w.
func write(w io.Writer, kind, db, uploads string, now time.Time) (Summary, error) {
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	sum := Summary{Database: kind, Uploads: uploads != ""}
	m, err := json.Marshal(manifest{Format: format, Database: kind, Taken: now.UTC(), Uploads: sum.Uploads})
	if err != nil {
		return sum, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: manifestName, Mode: 0o644, Size: int64(len(m)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
		return sum, err
	}
	if _, err := tw.Write(m); err != nil {
		return sum, err
	}
	if sum.DatabaseBytes, err = addFile(tw, db, databaseFiles[kind]); err != nil {
		return sum, err
	}
	if uploads != "" {
		err := filepath.WalkDir(uploads, func(path string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && path != uploads { // deleted since its folder was read
				return nil
			}
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(uploads, path)
			if err != nil {
				return err
			}
			name := filepath.ToSlash(filepath.Join(uploadsName, rel))
			switch {
			case d.IsDir():
				return tw.WriteHeader(&tar.Header{Name: name + "/", Mode: 0o755, ModTime: now, Typeflag: tar.TypeDir})
			case !d.Type().IsRegular(): // nothing the shop writes: a link would lead out of the folder
				return nil
			}
			n, err := addFile(tw, path, name)
			if errors.Is(err, fs.ErrNotExist) { // deleted since the folder was read
				return nil
			}
			sum.Pictures++
			sum.PictureBytes += n
			return err
		})
		if err != nil {
			return sum, fmt.Errorf("pack the pictures: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return sum, err
	}
	return sum, gz.Close()
}

// addFile packs the file at path under name and returns its size.
func addFile(tw *tar.Writer, path, name string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: info.Size(), ModTime: info.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return 0, err
	}
	// A file cut short while it is read fails here rather than leave a
	// hole in the archive.
	if _, err := io.CopyN(tw, f, info.Size()); err != nil {
		return 0, fmt.Errorf("copy %s: %w", path, err)
	}
	return info.Size(), nil
}

// ErrNotEmpty refuses to restore over a data directory with anything in it.
var ErrNotEmpty = errors.New("not empty")

// Restore unpacks the archive at from into dataDir, which must be empty or
// not exist yet: a restore never mixes one shop's data with another's. A
// SQLite shop's database is unpacked there and checked, and load must be
// nil; a PostgreSQL shop's dump is handed to load, which restores it into
// the database, and is not kept. When anything fails, what was unpacked is
// removed again.
func Restore(ctx context.Context, from, dataDir string, load func(ctx context.Context, dump string) error) (sum Summary, err error) {
	f, err := os.Open(from)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	created, err := emptyDir(dataDir)
	if err != nil {
		return sum, err
	}
	defer func() {
		if err != nil {
			removeRestored(dataDir, created)
		}
	}()
	if sum, err = unpack(f, dataDir, load != nil); err != nil {
		return sum, fmt.Errorf("unpack %s: %w", from, err)
	}
	if load == nil {
		if err := store.CheckSQLite(ctx, filepath.Join(dataDir, store.DatabaseFile)); err != nil {
			return sum, fmt.Errorf("the restored database is damaged: %w", err)
		}
		return sum, nil
	}
	dump := filepath.Join(dataDir, databaseFiles[KindPostgres])
	defer os.Remove(dump)
	if err := load(ctx, dump); err != nil {
		return sum, fmt.Errorf("restore the database: %w", err)
	}
	return sum, nil
}

// ErrWrongDatabase refuses an archive of one kind of database restored as
// the other.
var ErrWrongDatabase = errors.New("wrong database")

// emptyDir makes sure dir is an empty directory, creating it when missing
// (created tells so).
func emptyDir(dir string) (created bool, err error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true, os.MkdirAll(dir, 0o755)
	case err != nil:
		return false, err
	case len(entries) > 0:
		return false, fmt.Errorf("data directory %s is %w (it holds %s): restore only into a new or empty directory, so nothing of another shop is mixed in; move the old one aside first", dir, ErrNotEmpty, entries[0].Name())
	}
	return false, nil
}

// removeRestored removes what a failed restore left in dir, which was
// empty.
func removeRestored(dir string, created bool) {
	if created {
		_ = os.RemoveAll(dir)
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		_ = os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// unpack writes the archive's files into dir, refusing anything a backup
// does not hold: another name, a link, a path leading out of dir; and an
// archive of a PostgreSQL shop unless toPostgres, of a SQLite shop if it is.
func unpack(r io.Reader, dir string, toPostgres bool) (Summary, error) {
	var sum Summary
	gz, err := gzip.NewReader(r)
	if err != nil {
		return sum, fmt.Errorf("not a haat backup (gzip: %w)", err)
	}
	tr := tar.NewReader(gz)
	var m manifest
	first := true
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sum, err
		}
		if first {
			if h.Name != manifestName || json.NewDecoder(tr).Decode(&m) != nil {
				return sum, errors.New("not a haat backup: it does not begin with " + manifestName)
			}
			if m.Format != format {
				return sum, fmt.Errorf("a backup of format %d, which this haat does not read (it reads %d)", m.Format, format)
			}
			m.Database = cmp.Or(m.Database, KindSQLite)
			switch {
			case databaseFiles[m.Database] == "":
				return sum, fmt.Errorf("a backup of a %s database, which this haat does not know", m.Database)
			case m.Database == KindPostgres && !toPostgres:
				return sum, fmt.Errorf("%w: this is a PostgreSQL shop's backup; restore it with --db naming an empty PostgreSQL database", ErrWrongDatabase)
			case m.Database == KindSQLite && toPostgres:
				return sum, fmt.Errorf("%w: this is a SQLite shop's backup; restore it without --db, into a data directory", ErrWrongDatabase)
			}
			sum.Database = m.Database
			first = false
			continue
		}
		n, err := unpackEntry(tr, h, dir, databaseFiles[m.Database])
		if err != nil {
			return sum, err
		}
		switch {
		case h.Name == databaseFiles[m.Database]:
			sum.DatabaseBytes = n
		case h.Typeflag == tar.TypeReg:
			sum.Pictures++
			sum.PictureBytes += n
		}
	}
	if first {
		return sum, errors.New("not a haat backup: it is empty")
	}
	sum.Uploads = m.Uploads
	if sum.DatabaseBytes == 0 {
		return sum, errors.New("the backup holds no database")
	}
	return sum, nil
}

// unpackEntry writes one entry of the archive, whose database is the file
// database, into dir and returns its size.
func unpackEntry(tr *tar.Reader, h *tar.Header, dir, database string) (int64, error) {
	name := strings.TrimSuffix(h.Name, "/")
	inUploads := strings.HasPrefix(name, uploadsName+"/") || name == uploadsName
	switch {
	case !filepath.IsLocal(name) || name != filepath.ToSlash(filepath.Clean(name)):
		return 0, fmt.Errorf("refused %q: a path that is not plainly inside the data directory", h.Name)
	case h.Typeflag == tar.TypeDir && inUploads:
		return 0, os.MkdirAll(filepath.Join(dir, name), 0o755)
	case h.Typeflag != tar.TypeReg || !inUploads && name != database:
		return 0, fmt.Errorf("refused %q: a backup holds only %s and %s/", h.Name, database, uploadsName)
	}
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	// The database holds password hashes and sessions: for the shop's user
	// alone. O_EXCL: an archive naming a file twice is refused, not obeyed
	// twice.
	mode := os.FileMode(0o644)
	if name == database {
		mode = 0o600
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, tr)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// MissingTables names the tables of schema whose rows the dump that
// pg_restore --list listed as listing does not hold: each table's rows are
// a line such as "3345; 0 16390 TABLE DATA public products haat".
func MissingTables(listing, schema string, tables []string) []string {
	held := map[string]bool{}
	for _, line := range strings.Split(listing, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), ";") { // a comment
			continue
		}
		if _, entry, ok := strings.Cut(line, " TABLE DATA "); ok {
			if f := strings.Fields(entry); len(f) >= 2 && f[0] == schema {
				held[f[1]] = true
			}
		}
	}
	var missing []string
	for _, t := range tables {
		if !held[t] {
			missing = append(missing, t)
		}
	}
	return missing
}

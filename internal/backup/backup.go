// Package backup packs a SQLite shop's data into one file and unpacks it
// into a new data directory. The file is a gzipped tar holding, in order:
//
//	haat-backup.json  what the archive is: its format and when it was taken
//	haat.db           a consistent copy of the database (VACUUM INTO)
//	uploads/…         the uploaded pictures, when they are kept on disk
//
// The database is copied first and the pictures after it, so every picture
// the copy names was written before it was taken; a picture uploaded
// meanwhile may come along unused.
package backup

import (
	"archive/tar"
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
type manifest struct {
	Format  int       `json:"format"`
	Taken   time.Time `json:"taken"`
	Uploads bool      `json:"uploads"`
}

// Summary is what an archive holds.
type Summary struct {
	DatabaseBytes int64
	// Pictures counts the files under uploads/; PictureBytes their size.
	Pictures     int
	PictureBytes int64
	// Uploads tells whether the archive holds an uploads folder at all.
	Uploads bool
}

// Take backs up the shop in dataDir, which may be serving, into the file
// to: its database and, when uploads is not empty and names a folder that
// exists, the pictures there. The file appears whole or not at all: it is
// written beside its name and renamed into place.
func Take(ctx context.Context, dataDir, uploads, to string) (Summary, error) {
	dir := filepath.Dir(to)
	snapshot, err := os.CreateTemp(dir, ".haat-backup-*.db")
	if err != nil {
		return Summary{}, fmt.Errorf("copy the database beside %s: %w", to, err)
	}
	snapshot.Close()
	defer os.Remove(snapshot.Name())
	if err := store.SnapshotSQLite(ctx, dataDir, snapshot.Name()); err != nil {
		return Summary{}, err
	}
	if err := store.CheckSQLite(ctx, snapshot.Name()); err != nil {
		return Summary{}, fmt.Errorf("the database copy is damaged: %w", err)
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
	sum, err := write(out, snapshot.Name(), uploads, time.Now())
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

// write packs the database copy at db and the files under uploads, if
// set, into w.
func write(w io.Writer, db, uploads string, now time.Time) (Summary, error) {
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	sum := Summary{Uploads: uploads != ""}
	m, err := json.Marshal(manifest{Format: format, Taken: now.UTC(), Uploads: sum.Uploads})
	if err != nil {
		return sum, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: manifestName, Mode: 0o644, Size: int64(len(m)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
		return sum, err
	}
	if _, err := tw.Write(m); err != nil {
		return sum, err
	}
	if sum.DatabaseBytes, err = addFile(tw, db, store.DatabaseFile); err != nil {
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
// not exist yet: a restore never mixes one shop's data with another's. The
// database is checked once unpacked; when anything fails, what was
// unpacked is removed again.
func Restore(ctx context.Context, from, dataDir string) (sum Summary, err error) {
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
	if sum, err = unpack(f, dataDir); err != nil {
		return sum, fmt.Errorf("unpack %s: %w", from, err)
	}
	if err := store.CheckSQLite(ctx, filepath.Join(dataDir, store.DatabaseFile)); err != nil {
		return sum, fmt.Errorf("the restored database is damaged: %w", err)
	}
	return sum, nil
}

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
// does not hold: another name, a link, a path leading out of dir.
func unpack(r io.Reader, dir string) (Summary, error) {
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
			first = false
			continue
		}
		n, err := unpackEntry(tr, h, dir)
		if err != nil {
			return sum, err
		}
		switch {
		case h.Name == store.DatabaseFile:
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

// unpackEntry writes one entry of the archive into dir and returns its size.
func unpackEntry(tr *tar.Reader, h *tar.Header, dir string) (int64, error) {
	name := strings.TrimSuffix(h.Name, "/")
	inUploads := strings.HasPrefix(name, uploadsName+"/") || name == uploadsName
	switch {
	case !filepath.IsLocal(name) || name != filepath.ToSlash(filepath.Clean(name)):
		return 0, fmt.Errorf("refused %q: a path that is not plainly inside the data directory", h.Name)
	case h.Typeflag == tar.TypeDir && inUploads:
		return 0, os.MkdirAll(filepath.Join(dir, name), 0o755)
	case h.Typeflag != tar.TypeReg || !inUploads && name != store.DatabaseFile:
		return 0, fmt.Errorf("refused %q: a backup holds only %s and %s/", h.Name, store.DatabaseFile, uploadsName)
	}
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	// The database holds password hashes and sessions: for the shop's user
	// alone. O_EXCL: an archive naming a file twice is refused, not obeyed
	// twice.
	mode := os.FileMode(0o644)
	if name == store.DatabaseFile {
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

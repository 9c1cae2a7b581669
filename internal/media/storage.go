package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// Storage keeps the files of the shop's pictures by name, a slash-separated
// path below URLPrefix such as 0123…cdef.jpg, 0123…cdef.w320.jpg or
// demo/kurta-black-front.png: in a local folder (Dir) or an S3-compatible
// bucket (Bucket), which instances on several machines share.
type Storage interface {
	// Put stores data under name, replacing any file of that name.
	Put(ctx context.Context, name string, data []byte) error
	// Open returns the file name for reading, or ErrNotFound.
	Open(ctx context.Context, name string) (File, error)
	// Delete removes the file name, or returns ErrNotFound.
	Delete(ctx context.Context, name string) error
	// Ping tells whether new pictures can be stored now, for /readyz.
	Ping(ctx context.Context) error
}

// File is a stored file opened for serving (http.ServeContent).
type File struct {
	io.ReadSeekCloser
	ModTime time.Time
	// Name is the name of the file Store.Open found, whose extension tells
	// its type: a copy is a JPEG whatever its original.
	Name string
}

// Dir is a Storage in a local folder, the default: one machine's disk.
type Dir string

// path is where name is kept: below the folder whatever name holds.
func (d Dir) path(name string) string {
	return filepath.Join(string(d), filepath.FromSlash(filepath.Clean("/"+name)))
}

// Put implements Storage.
func (d Dir) Put(_ context.Context, name string, data []byte) error {
	path := d.path(name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create uploads folder: %w", err)
	}
	return os.WriteFile(path, data, 0o644)
}

// Open implements Storage. Folders are not files.
func (d Dir) Open(_ context.Context, name string) (File, error) {
	f, err := http.Dir(string(d)).Open("/" + name)
	if errors.Is(err, fs.ErrNotExist) {
		return File{}, ErrNotFound
	}
	if err != nil {
		return File{}, fmt.Errorf("open %s: %w", name, err)
	}
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		f.Close()
		return File{}, ErrNotFound
	}
	return File{ReadSeekCloser: f, ModTime: info.ModTime()}, nil
}

// Ping implements Storage: it creates a file in the folder and removes it,
// so a folder that is gone, read-only or full fails.
func (d Dir) Ping(context.Context) error {
	f, err := os.CreateTemp(string(d), ".ready-*")
	if err != nil {
		return fmt.Errorf("write in %s: %w", string(d), err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// Delete implements Storage.
func (d Dir) Delete(_ context.Context, name string) error {
	err := os.Remove(d.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	return nil
}

// Package media stores uploaded product images: it accepts JPEG, PNG and
// WebP judged by their bytes, never by their name, and stores them under
// new random names so no upload can overwrite or address another file.
package media

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
)

// MaxBytes is the largest image accepted.
const MaxBytes = 5 << 20

// URLPrefix is where stored images are served.
const URLPrefix = "/uploads/"

// Why an upload or deletion was refused.
var (
	ErrTooLarge = errors.New("The image is larger than 5 MB")
	ErrNotImage = errors.New("Only JPEG, PNG and WebP images can be uploaded")
	ErrBadName  = errors.New("That is not the name of an uploaded image")
	ErrNotFound = errors.New("No such image")
)

var extensions = map[string]string{"image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp"}

// storedName is the shape of every name Save makes.
var storedName = regexp.MustCompile(`^[0-9a-f]{32}\.(jpg|png|webp)$`)

// Store keeps images in one folder.
type Store struct {
	Dir string
}

// Save reads one image from r and stores it, returning its URL path.
func (s Store) Save(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return "", fmt.Errorf("read upload: %w", err)
	}
	if len(data) > MaxBytes {
		return "", ErrTooLarge
	}
	ext, ok := extensions[http.DetectContentType(data)]
	if !ok {
		return "", ErrNotImage
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	name := hex.EncodeToString(b[:]) + ext
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return "", fmt.Errorf("create uploads folder: %w", err)
	}
	path := filepath.Join(s.Dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("store image: %w", err)
	}
	if err := MakeCopies(path); err != nil {
		// The bytes looked like an image but do not decode: refuse it.
		for _, w := range Widths {
			_ = os.Remove(filepath.Join(s.Dir, CopyName(name, w)))
		}
		_ = os.Remove(path)
		return "", ErrNotImage
	}
	return URLPrefix + name, nil
}

// Delete removes an image that Save stored. Any other name, and above all
// one with a path in it, is refused before the file system is touched.
func (s Store) Delete(name string) error {
	if !storedName.MatchString(name) {
		return ErrBadName
	}
	err := os.Remove(filepath.Join(s.Dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete image: %w", err)
	}
	for _, w := range Widths {
		_ = os.Remove(filepath.Join(s.Dir, CopyName(name, w)))
	}
	return nil
}

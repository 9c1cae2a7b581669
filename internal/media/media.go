// Package media stores uploaded product images: it accepts JPEG, PNG and
// WebP judged by their bytes, never by their name, and stores them under
// new random names so no upload can overwrite or address another file.
package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"

	"github.com/haat-shop/haat/internal/shop"
)

// MaxBytes is the largest image accepted.
const MaxBytes = 5 << 20

// MaxSide and MaxPixels bound the pixels of an image. A few hundred bytes
// of PNG can declare billions of pixels, and decoding allocates them all,
// so the size in bytes says nothing of the memory an image costs.
const (
	MaxSide   = 8000
	MaxPixels = 40_000_000
)

// URLPrefix is where stored images are served.
const URLPrefix = "/uploads/"

// Why an upload or deletion was refused.
var (
	ErrTooLarge      = &shop.Error{Code: shop.TooLarge, Message: "The image is larger than 5 MB"}
	ErrTooManyPixels = shop.Errorf(shop.Invalid, "The image has too many pixels: at most %d pixels a side and %d megapixels", MaxSide, MaxPixels/1_000_000)
	ErrNotImage      = &shop.Error{Code: shop.Invalid, Message: "Only JPEG, PNG and WebP images can be uploaded"}
	ErrBadName       = &shop.Error{Code: shop.Invalid, Message: "That is not the name of an uploaded image"}
	ErrNotFound      = &shop.Error{Code: shop.NotFound, Message: "No such image"}
	// ErrBusy and ErrTooSlow are the server's own limits, not the client's
	// slowness: a 408 would blame the client, and some resend one by
	// themselves, which would only repeat the work.
	ErrBusy    = &shop.Error{Code: shop.Unavailable, Message: "The server is busy with other images. Please try again in a moment."}
	ErrTooSlow = &shop.Error{Code: shop.Unavailable, Message: "The picture took too long to process. Please try a smaller picture."}
)

var extensions = map[string]string{"image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp"}

// storedName is the shape of every name Save makes.
var storedName = regexp.MustCompile(`^[0-9a-f]{32}\.(jpg|png|webp)$`)

// Store keeps images in one folder.
type Store struct {
	Dir string
	// work holds a token for each image being decoded and resized, so a
	// burst of uploads cannot take all the memory and cores at once.
	work chan struct{}
}

// NewStore returns a Store in dir that works on at most concurrent images
// at a time.
func NewStore(dir string, concurrent int) Store {
	return Store{Dir: dir, work: make(chan struct{}, max(concurrent, 1))}
}

// Save reads one image from r and stores it, returning its URL path. It
// waits for a free slot while ctx lives and stops its work when ctx ends.
func (s Store) Save(ctx context.Context, r io.Reader) (string, error) {
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
	if err := checkPixels(data); err != nil {
		return "", err
	}
	if err := s.take(ctx); err != nil {
		return "", err
	}
	defer func() { <-s.work }()
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
	if err := MakeCopies(ctx, path); err != nil {
		for _, w := range Widths {
			_ = os.Remove(filepath.Join(s.Dir, CopyName(name, w)))
		}
		_ = os.Remove(path)
		if ctx.Err() != nil {
			return "", fmt.Errorf("make copies of %s: %w: %w", name, ErrTooSlow, ctx.Err())
		}
		// The bytes looked like an image but do not decode: refuse it.
		return "", ErrNotImage
	}
	return URLPrefix + name, nil
}

// take waits for a free slot while ctx lives. A free slot is taken even
// when ctx has ended, so that ErrBusy means other images held every slot,
// and a request out of time says so itself.
func (s Store) take(ctx context.Context) error {
	select {
	case s.work <- struct{}{}:
		return nil
	default:
	}
	select {
	case s.work <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("wait for a free slot: %w: %w", ErrBusy, ctx.Err())
	}
}

// checkPixels reads only the header of an image for its size and the
// memory its decoding takes, refusing one too large before a single pixel
// is allocated.
func checkPixels(data []byte) error {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return ErrNotImage
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width*cfg.Height > MaxPixels {
		return ErrTooManyPixels
	}
	cost, err := decodeCost(data, cfg, format)
	if err != nil {
		return ErrNotImage
	}
	if cost > DecodeBudget {
		return ErrTooMuchMemory
	}
	return nil
}

// Delete removes an image that Save stored. Any other name, and above all
// one with a path in it, is refused before the file system is touched.
func (s Store) Delete(name string) error {
	if err := CheckName(name); err != nil {
		return err
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

// CheckName tells whether name is one Save could have made.
func CheckName(name string) error {
	if !storedName.MatchString(name) {
		return ErrBadName
	}
	return nil
}

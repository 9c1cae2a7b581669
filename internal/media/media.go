// Package media stores uploaded product images: it accepts JPEG, PNG and
// WebP judged by their bytes, never by their name, and stores them under
// new random names so no upload can overwrite or address another file, in
// a local folder or an S3-compatible bucket.
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
	"io/fs"
	"net/http"
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

// Store keeps the shop's pictures, each with its resized copies, in a
// Storage: a local folder or an S3 bucket.
type Store struct {
	files Storage
	// work holds a token for each image being decoded and resized, so a
	// burst of uploads cannot take all the memory and cores at once.
	work chan struct{}
}

// NewStore returns a Store keeping pictures in files that works on at most
// concurrent images at a time.
func NewStore(files Storage, concurrent int) Store {
	return Store{files: files, work: make(chan struct{}, max(concurrent, 1))}
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
	var b [16]byte
	_, _ = rand.Read(b[:])
	name := hex.EncodeToString(b[:]) + ext
	if err := s.keep(ctx, name, data); err != nil {
		return "", err
	}
	return URLPrefix + name, nil
}

// Add stores a picture of the shop's own, such as a demo picture, under
// name (a path below URLPrefix) with its copies.
func (s Store) Add(ctx context.Context, name string, data []byte) error {
	if !fs.ValidPath(name) || name == "." {
		return fmt.Errorf("store picture %q: %w", name, ErrBadName)
	}
	if err := checkPixels(data); err != nil {
		return fmt.Errorf("store picture %s: %w", name, err)
	}
	return s.keep(ctx, name, data)
}

// keep makes the copies of an image, in a free slot, and stores them and
// then the image, so that an image stored has its copies. Should a file
// not be stored, the others are removed.
func (s Store) keep(ctx context.Context, name string, data []byte) error {
	copies, err := s.copies(ctx, data)
	if err != nil {
		if errors.Is(err, ErrBusy) {
			return err
		}
		if ctx.Err() != nil {
			return fmt.Errorf("make copies of %s: %w: %w", name, ErrTooSlow, ctx.Err())
		}
		// The bytes looked like an image but do not decode: refuse it.
		return ErrNotImage
	}
	var stored []string
	put := func(n string, b []byte) error {
		if err := s.files.Put(ctx, n, b); err != nil {
			for _, done := range stored {
				_ = s.files.Delete(context.WithoutCancel(ctx), done)
			}
			return fmt.Errorf("store %s: %w", n, err)
		}
		stored = append(stored, n)
		return nil
	}
	for _, w := range Widths {
		if c, ok := copies[w]; ok {
			if err := put(CopyName(name, w), c); err != nil {
				return err
			}
		}
	}
	return put(name, data)
}

// copies makes the copies of an image once a slot is free.
func (s Store) copies(ctx context.Context, data []byte) (map[int][]byte, error) {
	if err := s.take(ctx); err != nil {
		return nil, err
	}
	defer func() { <-s.work }()
	return resized(ctx, data)
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

// Open returns the stored picture at name (a path below URLPrefix), or
// with a width its copy of that width; an image narrower than the width has
// no copy, and the original is it. It returns ErrNotFound when there is
// no such picture.
func (s Store) Open(ctx context.Context, name string, width int) (File, error) {
	if !fs.ValidPath(name) || name == "." {
		return File{}, ErrNotFound
	}
	if width > 0 {
		f, err := s.files.Open(ctx, CopyName(name, width))
		f.Name = CopyName(name, width)
		if !errors.Is(err, ErrNotFound) {
			return f, err
		}
	}
	f, err := s.files.Open(ctx, name)
	f.Name = name
	return f, err
}

// Delete removes an image that Save stored, with its copies. Any other
// name, and above all one with a path in it, is refused before the storage
// is touched.
func (s Store) Delete(ctx context.Context, name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if err := s.files.Delete(ctx, name); err != nil {
		return err
	}
	for _, w := range Widths {
		if err := s.files.Delete(ctx, CopyName(name, w)); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
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

package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"runtime"
	"testing"

	"github.com/haat-shop/haat/internal/media/mediatest"
)

// widePNG is a real image one pixel wider than allowed.
func widePNG(t *testing.T) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, MaxSide+1, 2))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestImageBombsAreRefusedWithoutDecoding(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"PNG 50000×50000", mediatest.PNGBomb(50000, 50000), ErrTooManyPixels},
		{"PNG 8001 wide", widePNG(t), ErrTooManyPixels},
		{"PNG 8000×5001 (over 40 MP)", mediatest.PNGBomb(MaxSide, 5001), ErrTooManyPixels},
		{"JPEG 50000×50000", mediatest.JPEGBomb(50000, 50000), ErrTooManyPixels},
		{"WebP 16384×16384", mediatest.WebPBomb(16384, 16384), ErrTooManyPixels},
		// Within 40 megapixels, but 8 bytes a pixel: 308 MB.
		{"16-bit PNG 7000×5500", mediatest.PNG16Bomb(7000, 5500), ErrTooMuchMemory},
		// Within 40 megapixels, but every coefficient kept: 578 MB.
		{"progressive JPEG 7000×5500", mediatest.ProgressiveJPEGBomb(7000, 5500), ErrTooMuchMemory},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			s := NewStore(Dir(dir), 2)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := s.Save(context.Background(), bytes.NewReader(tc.data))
			runtime.ReadMemStats(&after)
			if !errors.Is(err, tc.want) {
				t.Errorf("Save = %v, want %v", err, tc.want)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
				t.Errorf("refusing it allocated %d MB", grew>>20)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("files left: %v", left)
			}
		})
	}
}

func TestImageWorkStopsWithItsRequest(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(Dir(dir), 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Save(ctx, bytes.NewReader(pngBytes(t))); !errors.Is(err, context.Canceled) {
		t.Errorf("Save with a cancelled request = %v, want context.Canceled", err)
	}
	if copies, err := resized(ctx, pngBytes(t)); !errors.Is(err, context.Canceled) || copies != nil {
		t.Errorf("resizing for a cancelled request = %d copies, %v; want none, context.Canceled", len(copies), err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
}

func TestImageWorkWaitsForAFreeSlot(t *testing.T) {
	s := NewStore(Dir(t.TempDir()), 1)
	s.work <- struct{}{} // another upload holds the only slot
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := s.Save(ctx, bytes.NewReader(pngBytes(t)))
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, ErrBusy) {
		t.Errorf("Save past capacity after its request ended = %v, want ErrBusy", err)
	}
	<-s.work
	if _, err := s.Save(context.Background(), bytes.NewReader(pngBytes(t))); err != nil {
		t.Errorf("Save with the slot free: %v", err)
	}
}

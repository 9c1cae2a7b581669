package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// pngBomb is a valid PNG that declares width×height RGBA pixels but holds
// only a few bytes of compressed data: decoding it would allocate them all.
func pngBomb(width, height uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(kind), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], width)
	binary.BigEndian.PutUint32(ihdr[4:], height)
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	chunk("IHDR", ihdr)
	// An empty zlib stream: the pixels are never there.
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// jpegBomb is the start of a baseline JPEG whose frame declares
// width×height, up to the start of its scan: enough for a decoder to size
// its buffers.
func jpegBomb(width, height uint16) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08}
	b = binary.BigEndian.AppendUint16(b, height)
	b = binary.BigEndian.AppendUint16(b, width)
	b = append(b, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
	return append(b, 0xff, 0xda, 0x00, 0x0c)
}

// webpBomb is a lossless WebP whose header declares width×height, the
// most its 14-bit fields hold being 16384×16384.
func webpBomb(width, height uint32) []byte {
	vp8l := binary.LittleEndian.AppendUint32([]byte{0x2f}, (width-1)|(height-1)<<14)
	body := append([]byte("WEBPVP8L"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8l)))...)
	body = append(append(body, vp8l...), 0) // padded to an even length
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}

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
	}{
		{"PNG 50000×50000", pngBomb(50000, 50000)},
		{"PNG 8001 wide", widePNG(t)},
		{"PNG 8000×5001 (over 40 MP)", pngBomb(MaxSide, 5001)},
		{"JPEG 50000×50000", jpegBomb(50000, 50000)},
		{"WebP 16384×16384", webpBomb(16384, 16384)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewStore(t.TempDir(), 2)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := s.Save(context.Background(), bytes.NewReader(tc.data))
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooManyPixels) {
				t.Fatalf("Save = %v, want ErrTooManyPixels", err)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
				t.Errorf("refusing it allocated %d MB", grew>>20)
			}
			if left, _ := os.ReadDir(s.Dir); len(left) != 0 {
				t.Errorf("files left: %v", left)
			}
		})
	}
}

func TestImageWorkStopsWithItsRequest(t *testing.T) {
	s := NewStore(t.TempDir(), 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Save(ctx, bytes.NewReader(pngBytes(t))); !errors.Is(err, context.Canceled) {
		t.Errorf("Save with a cancelled request = %v, want context.Canceled", err)
	}
	path := filepath.Join(t.TempDir(), "a.png")
	if err := os.WriteFile(path, pngBytes(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := MakeCopies(ctx, path); !errors.Is(err, context.Canceled) {
		t.Errorf("MakeCopies with a cancelled request = %v, want context.Canceled", err)
	}
	if copies, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.w*.jpg")); len(copies) != 0 {
		t.Errorf("copies made for a cancelled request: %v", copies)
	}
	if left, _ := os.ReadDir(s.Dir); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
}

func TestImageWorkWaitsForAFreeSlot(t *testing.T) {
	s := NewStore(t.TempDir(), 1)
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

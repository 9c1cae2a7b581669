package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 800, 600))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 700, 700)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSaveAndDelete(t *testing.T) {
	s := NewStore(t.TempDir(), 2)
	for _, tc := range []struct {
		data []byte
		ext  string
	}{{pngBytes(t), ".png"}, {jpegBytes(t), ".jpg"}} {
		url, err := s.Save(context.Background(), bytes.NewReader(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(url, URLPrefix)
		if !strings.HasSuffix(name, tc.ext) || !storedName.MatchString(name) {
			t.Errorf("stored as %q", url)
		}
		got, _ := os.ReadFile(filepath.Join(s.Dir, name))
		if !bytes.Equal(got, tc.data) {
			t.Error("stored bytes differ")
		}
		for _, w := range Widths {
			copyPath := filepath.Join(s.Dir, CopyName(name, w))
			f, err := os.Open(copyPath)
			if err != nil {
				t.Fatalf("copy %d of %s: %v", w, name, err)
			}
			cfg, _, err := image.DecodeConfig(f)
			f.Close()
			if err != nil || cfg.Width != w {
				t.Errorf("copy %d of %s is %d wide: %v", w, name, cfg.Width, err)
			}
		}
		if err := s.Delete(name); err != nil {
			t.Fatal(err)
		}
		if left, _ := filepath.Glob(filepath.Join(s.Dir, "*")); len(left) != 0 {
			t.Errorf("files left after delete: %v", left)
		}
		if err := s.Delete(name); !errors.Is(err, ErrNotFound) {
			t.Errorf("second delete: %v", err)
		}
	}
	if _, err := s.Save(context.Background(), bytes.NewReader(append([]byte("\x89PNG\r\n\x1a\n"), "garbage after a PNG signature"...))); !errors.Is(err, ErrNotImage) {
		t.Errorf("a broken PNG: %v", err)
	}
	if _, err := s.Save(context.Background(), strings.NewReader("just text pretending to be a png")); !errors.Is(err, ErrNotImage) {
		t.Errorf("text: %v", err)
	}
	big := append(pngBytes(t), make([]byte, MaxBytes)...)
	if _, err := s.Save(context.Background(), bytes.NewReader(big)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("6 MB: %v", err)
	}
	outside := filepath.Join(filepath.Dir(s.Dir), "keep.txt")
	os.WriteFile(outside, []byte("x"), 0o644)
	for _, bad := range []string{"../keep.txt", "..", "a/b.png", "keep.txt", "0123456789abcdef0123456789abcdef.gif"} {
		if err := s.Delete(bad); !errors.Is(err, ErrBadName) {
			t.Errorf("Delete(%q) = %v, want ErrBadName", bad, err)
		}
	}
	if _, err := os.Stat(outside); err != nil {
		t.Error("a file outside the folder was deleted")
	}
}

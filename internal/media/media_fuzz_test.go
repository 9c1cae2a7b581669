package media

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/media/mediatest"
)

// tinyWebP is a 1×1 lossless WebP.
const tinyWebP = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

// FuzzSave: an upload is kept only when it is a JPEG, PNG or WebP that
// decodes, stored byte for byte under the extension of its real format;
// anything refused leaves no file behind.
func FuzzSave(f *testing.F) {
	small := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	small.Set(1, 1, color.NRGBA{200, 10, 10, 128})
	var pngBuf, jpegBuf bytes.Buffer
	if err := png.Encode(&pngBuf, small); err != nil {
		f.Fatal(err)
	}
	if err := jpeg.Encode(&jpegBuf, small, nil); err != nil {
		f.Fatal(err)
	}
	webp, err := base64.StdEncoding.DecodeString(tinyWebP)
	if err != nil {
		f.Fatal(err)
	}
	pngBytes, jpegBytes := pngBuf.Bytes(), jpegBuf.Bytes()
	for _, seed := range [][]byte{
		pngBytes, jpegBytes, webp, nil, []byte("\x00"),
		pngBytes[:len(pngBytes)/2], jpegBytes[:20], webp[:16],
		[]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
		[]byte("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
		[]byte("<html><script>alert(1)</script>"),
		append([]byte("\x89PNG\r\n\x1a\n"), []byte("<script>alert(1)</script>")...),
		append(append([]byte{}, jpegBytes...), []byte("<?php system($_GET['c']); ?>")...),
		[]byte("%PDF-1.4\n"), []byte("BM\x00\x00"), []byte("RIFF\x00\x00\x00\x00WAVEfmt "),
		[]byte("\xff\xd8\xff"), []byte("\x89PNG\r\n\x1a\n"),
		// Headers whose decoding cost is read from their markers and chunks.
		mediatest.ProgressiveJPEGBomb(64, 48), mediatest.PNG16Bomb(64, 48),
		mediatest.PNGHeader(64, 48, 8, mediatest.PNGGray, true),
		mediatest.JPEGHeader(mediatest.Baseline, 64, 48, mediatest.Component{ID: 'C', HV: 0x22}, mediatest.Component{ID: 'M', HV: 0x11},
			mediatest.Component{ID: 'Y', HV: 0x11}, mediatest.Component{ID: 'K', HV: 0x22}),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		s := NewStore(Dir(dir), 1)
		url, err := s.Save(t.Context(), bytes.NewReader(data))
		files, _ := os.ReadDir(dir)
		if err != nil {
			if len(files) > 0 {
				t.Fatalf("refused (%v) but left %d files behind", err, len(files))
			}
			return
		}
		name := strings.TrimPrefix(url, URLPrefix)
		if !storedName.MatchString(name) {
			t.Fatalf("stored as %q", url)
		}
		stored, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(stored, data) {
			t.Fatalf("stored bytes differ from the upload (%v)", err)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("kept %q, which does not decode: %v", url, err)
		}
		if want := map[string]string{"jpeg": ".jpg", "png": ".png", "webp": ".webp"}[format]; want == "" || filepath.Ext(name) != want {
			t.Fatalf("kept a %s image as %q", format, name)
		}
		if cfg.Width < 1 || cfg.Height < 1 {
			t.Fatalf("kept an image of %d×%d", cfg.Width, cfg.Height)
		}
	})
}

package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/s3test"
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

// storages are the Storages a Store is tested on: a local folder, and an
// S3 bucket of a real S3-compatible server when HAAT_TEST_S3_SERVER names
// one.
func storages(t *testing.T) map[string]func(t *testing.T) Storage {
	return map[string]func(t *testing.T) Storage{
		"folder": func(t *testing.T) Storage { return Dir(t.TempDir()) },
		"bucket": func(t *testing.T) Storage {
			srv := s3test.ForTest(t)
			b, err := NewBucket(t.Context(), BucketConfig{Endpoint: srv.Endpoint, Region: srv.Region, Bucket: srv.Bucket,
				AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
			if err != nil {
				t.Fatal(err)
			}
			return b
		},
	}
}

// opened reads the stored file name whole, or returns the error opening it.
func opened(t *testing.T, files Storage, name string) ([]byte, error) {
	t.Helper()
	f, err := files.Open(t.Context(), name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return data, nil
}

func TestSaveAndDelete(t *testing.T) {
	for kind, open := range storages(t) {
		t.Run(kind, func(t *testing.T) {
			files := open(t)
			s := NewStore(files, 2)
			for _, tc := range []struct {
				data []byte
				ext  string
			}{{pngBytes(t), ".png"}, {jpegBytes(t), ".jpg"}} {
				url, err := s.Save(t.Context(), bytes.NewReader(tc.data))
				if err != nil {
					t.Fatal(err)
				}
				name := strings.TrimPrefix(url, URLPrefix)
				if !strings.HasSuffix(name, tc.ext) || !storedName.MatchString(name) {
					t.Errorf("stored as %q", url)
				}
				if got, err := opened(t, files, name); err != nil || !bytes.Equal(got, tc.data) {
					t.Errorf("stored bytes differ (%v)", err)
				}
				for _, w := range Widths {
					copied, err := opened(t, files, CopyName(name, w))
					if err != nil {
						t.Fatalf("copy %d of %s: %v", w, name, err)
					}
					cfg, _, err := image.DecodeConfig(bytes.NewReader(copied))
					if err != nil || cfg.Width != w {
						t.Errorf("copy %d of %s is %d wide: %v", w, name, cfg.Width, err)
					}
				}
				if err := s.Delete(t.Context(), name); err != nil {
					t.Fatal(err)
				}
				for _, n := range []string{name, CopyName(name, Widths[0]), CopyName(name, Widths[1])} {
					if _, err := opened(t, files, n); !errors.Is(err, ErrNotFound) {
						t.Errorf("%s after delete: %v, want ErrNotFound", n, err)
					}
				}
				if err := s.Delete(t.Context(), name); !errors.Is(err, ErrNotFound) {
					t.Errorf("second delete: %v", err)
				}
			}
			if _, err := s.Save(t.Context(), bytes.NewReader(append([]byte("\x89PNG\r\n\x1a\n"), "garbage after a PNG signature"...))); !errors.Is(err, ErrNotImage) {
				t.Errorf("a broken PNG: %v", err)
			}
			if _, err := s.Save(t.Context(), strings.NewReader("just text pretending to be a png")); !errors.Is(err, ErrNotImage) {
				t.Errorf("text: %v", err)
			}
			big := append(pngBytes(t), make([]byte, MaxBytes)...)
			if _, err := s.Save(t.Context(), bytes.NewReader(big)); !errors.Is(err, ErrTooLarge) {
				t.Errorf("6 MB: %v", err)
			}
			for _, bad := range []string{"../keep.txt", "..", "a/b.png", "keep.txt", "0123456789abcdef0123456789abcdef.gif"} {
				if err := s.Delete(t.Context(), bad); !errors.Is(err, ErrBadName) {
					t.Errorf("Delete(%q) = %v, want ErrBadName", bad, err)
				}
			}
		})
	}
}

// Nothing outside the folder can be named, deleted or served.
func TestFolderKeepsToItself(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "uploads")
	outside := filepath.Join(parent, "keep.txt")
	if err := os.WriteFile(outside, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := NewStore(Dir(dir), 1)
	if err := s.Delete(t.Context(), "../keep.txt"); !errors.Is(err, ErrBadName) {
		t.Errorf("Delete(../keep.txt) = %v, want ErrBadName", err)
	}
	for _, name := range []string{"../keep.txt", "..", "/keep.txt", ""} {
		if _, err := s.Open(t.Context(), name, 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("Open(%q) = %v, want ErrNotFound", name, err)
		}
	}
	if err := s.Add(t.Context(), "../keep.txt", pngBytes(t)); !errors.Is(err, ErrBadName) {
		t.Errorf("Add(../keep.txt) = %v, want ErrBadName", err)
	}
	if got, _ := os.ReadFile(outside); string(got) != "x" {
		t.Error("a file outside the folder was changed")
	}
}

// A picture of the shop's own is kept under its name with its copies, and
// opening a width picks the copy, or the original where there is none; a
// folder is no picture.
func TestAddAndOpen(t *testing.T) {
	for kind, open := range storages(t) {
		t.Run(kind, func(t *testing.T) {
			s := NewStore(open(t), 1)
			small := image.NewRGBA(image.Rect(0, 0, 500, 500))
			var b bytes.Buffer
			if err := png.Encode(&b, small); err != nil {
				t.Fatal(err)
			}
			if err := s.Add(t.Context(), "demo/tee.png", b.Bytes()); err != nil {
				t.Fatal(err)
			}
			for width, want := range map[int]int{0: 500, 320: 320, 640: 500} {
				f, err := s.Open(t.Context(), "demo/tee.png", width)
				if err != nil {
					t.Fatalf("open at %d: %v", width, err)
				}
				if name := map[int]string{0: "demo/tee.png", 320: "demo/tee.w320.jpg", 640: "demo/tee.png"}[width]; f.Name != name {
					t.Errorf("opened at %d: %s, want %s", width, f.Name, name)
				}
				cfg, _, err := image.DecodeConfig(f)
				f.Close()
				if err != nil || cfg.Width != want {
					t.Errorf("opened at %d: %d wide (%v), want %d", width, cfg.Width, err, want)
				}
			}
			for _, name := range []string{"demo", "demo/", "demo/missing.png"} {
				if _, err := s.Open(t.Context(), name, 0); !errors.Is(err, ErrNotFound) {
					t.Errorf("Open(%q) = %v, want ErrNotFound", name, err)
				}
			}
		})
	}
}

// A stored file serves as a file should: its length, a range of it, and
// not modified since it was stored.
func TestStoredFilesServe(t *testing.T) {
	for kind, open := range storages(t) {
		t.Run(kind, func(t *testing.T) {
			files := open(t)
			data := bytes.Repeat([]byte("0123456789"), 1000)
			if err := files.Put(t.Context(), "demo/data.png", data); err != nil {
				t.Fatal(err)
			}
			serve := func(header ...string) *httptest.ResponseRecorder {
				f, err := files.Open(t.Context(), "demo/data.png")
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				r := httptest.NewRequest("GET", "/uploads/demo/data.png", nil)
				for i := 0; i+1 < len(header); i += 2 {
					r.Header.Set(header[i], header[i+1])
				}
				w := httptest.NewRecorder()
				http.ServeContent(w, r, "data.png", f.ModTime, f)
				return w
			}
			if w := serve(); w.Code != 200 || !bytes.Equal(w.Body.Bytes(), data) || w.Header().Get("Content-Type") != "image/png" {
				t.Errorf("whole: %d, %d bytes, %q", w.Code, w.Body.Len(), w.Header().Get("Content-Type"))
			}
			if w := serve("Range", "bytes=9990-"); w.Code != 206 || w.Body.String() != "0123456789" {
				t.Errorf("range: %d %q", w.Code, w.Body.String())
			}
			last := serve().Header().Get("Last-Modified")
			if w := serve("If-Modified-Since", last); last == "" || w.Code != 304 {
				t.Errorf("not modified since %q: %d", last, w.Code)
			}
		})
	}
}

package api_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/media/mediatest"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func multipartImage(t *testing.T, field, filename string, data []byte) (*bytes.Buffer, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, err := mw.CreateFormFile(field, filename)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	return &b, mw.FormDataContentType()
}

func (c *client) upload(t *testing.T, field, filename string, data []byte, wantStatus int) map[string]string {
	t.Helper()
	body, ct := multipartImage(t, field, filename, data)
	req, _ := http.NewRequest("POST", c.h.URL+"/api/upload", body)
	req.Header.Set("Content-Type", ct)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("upload %s: %d, want %d: %s", filename, resp.StatusCode, wantStatus, raw)
	}
	out := map[string]string{}
	_ = json.Unmarshal(raw, &out)
	return out
}

func TestUploads(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var pngBuf, jpgBuf bytes.Buffer
		png.Encode(&pngBuf, image.NewRGBA(image.Rect(0, 0, 8, 8)))
		jpeg.Encode(&jpgBuf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
		var got map[string]string // the PNG's upload
		s := newStory(t)

		s.step("a PNG is stored and served for good", func(t *testing.T) {
			got = admin.upload(t, "image", "tee.png", pngBuf.Bytes(), 201)
			if !strings.HasPrefix(got["imageUrl"], "/uploads/") || !strings.HasSuffix(got["imageUrl"], ".png") || got["message"] == "" {
				t.Fatalf("png upload: %v", got)
			}
			img := h.get(t, got["imageUrl"])
			served, _ := io.ReadAll(img.Body)
			if img.StatusCode != 200 || !bytes.Equal(served, pngBuf.Bytes()) || !strings.Contains(img.Header.Get("Cache-Control"), "immutable") {
				t.Errorf("uploaded image served %d, %d bytes, cache %q", img.StatusCode, len(served), img.Header.Get("Cache-Control"))
			}
		})
		s.step("the content decides the type, not the name", func(t *testing.T) {
			jpg := admin.upload(t, "image", "photo.png", jpgBuf.Bytes(), 201)
			if !strings.HasSuffix(jpg["imageUrl"], ".jpg") {
				t.Errorf("a JPEG named .png was stored as %q; the content decides", jpg["imageUrl"])
			}
		})
		s.step("an upload that is no picture is refused", func(t *testing.T) {
			for _, tc := range []struct {
				name, field, filename string
				data                  []byte
				status                int
			}{
				{"a script named .png", "image", "evil.png", []byte("<script>alert(1)</script> not an image"), 400},
				{"a file over 5 MiB", "image", "big.png", append(pngBuf.Bytes(), make([]byte, 5<<20)...), 413},
				{"a file in another field", "file", "tee.png", pngBuf.Bytes(), 400},
			} {
				t.Run(tc.name, func(t *testing.T) {
					admin.upload(t, tc.field, tc.filename, tc.data, tc.status)
				})
			}
		})
		s.step("a picture a past order shows is kept", func(t *testing.T) {
			ordered := admin.upload(t, "image", "ordered.png", pngBuf.Bytes(), 201)["imageUrl"]
			id := storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Ordered Tee", Price: 50000, CreatedAt: time.Now(),
				Variants: []shop.Variant{{VariantName: "red", Images: []string{ordered}, Sizes: []shop.Size{{Size: "M", Stock: 2}}}}})
			var p productJSON
			h.getJSON(t, "/api/products/"+id, 200, &p)
			admin.do(t, "POST", "/api/orders", orderBody(shop.COD, 50000, map[string]any{"_id": id, "qty": 1,
				"variant": map[string]any{"size": map[string]any{"_id": p.Variants[0].Sizes[0].ID}}}), 201, nil)
			admin.do(t, "DELETE", "/api/upload/delete/"+strings.TrimPrefix(ordered, "/uploads/"), nil, 409, nil)
			if r := h.get(t, ordered); r.StatusCode != 200 {
				t.Errorf("an ordered image is gone: %d", r.StatusCode)
			}
		})
		s.step("a name outside the folder is refused, an unknown one is not found", func(t *testing.T) {
			admin.do(t, "DELETE", "/api/upload/delete/..%2f..%2fhaat.db", nil, 400, &message{})
			admin.do(t, "DELETE", "/api/upload/delete/"+strings.Repeat("a", 32)+".png", nil, 404, nil)
		})
		s.step("a deleted picture is served no more", func(t *testing.T) {
			name := strings.TrimPrefix(got["imageUrl"], "/uploads/")
			file := filepath.Join(h.uploads, filepath.FromSlash(name))
			if _, err := os.Stat(file); err != nil {
				t.Fatalf("the uploaded picture is not where the shop keeps pictures: %v", err)
			}
			admin.do(t, "DELETE", "/api/upload/delete/"+name, nil, 200, nil)
			if _, err := os.Stat(file); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("file still there after its deletion: %v", err)
			}
			if r := h.get(t, got["imageUrl"]); r.StatusCode != 404 {
				t.Errorf("deleted image still served: %d", r.StatusCode)
			}
		})
	})
}

func TestUploadRefusesTooManyPixels(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var wide bytes.Buffer
		if err := png.Encode(&wide, image.NewGray(image.Rect(0, 0, 8001, 2))); err != nil {
			t.Fatal(err)
		}
		got := admin.upload(t, "image", "wide.png", wide.Bytes(), 400)
		if !strings.Contains(got["message"], "8000 pixels a side") {
			t.Errorf("message %q does not give the limit", got["message"])
		}
		// 65 bytes declaring 2.5 billion pixels: refused from the header.
		admin.upload(t, "image", "bomb.png", mediatest.PNGBomb(50000, 50000), 400)
		admin.upload(t, "image", "bomb.jpg", mediatest.JPEGBomb(50000, 50000), 400)
		// Within 40 megapixels, but costly to decode: 8 bytes a pixel, and
		// every coefficient of a progressive JPEG kept.
		for name, bomb := range map[string][]byte{
			"deep.png":        mediatest.PNG16Bomb(7000, 5500),
			"progressive.jpg": mediatest.ProgressiveJPEGBomb(7000, 5500),
		} {
			got := admin.upload(t, "image", name, bomb, 400)
			if !strings.Contains(got["message"], "too much memory") {
				t.Errorf("%s: message %q does not say why", name, got["message"])
			}
		}
	})
}

func TestPictureInUseIsKept(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var pic bytes.Buffer
		if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
			t.Fatal(err)
		}
		used := admin.upload(t, "image", "used.png", pic.Bytes(), 201)["imageUrl"]
		for _, name := range []string{"Black Polo", "Navy Henley"} {
			storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: name, Price: 50000, CreatedAt: time.Now(),
				Variants: []shop.Variant{{VariantName: "black", Images: []string{"/uploads/demo/tee.png", used}, Sizes: []shop.Size{{Size: "M", Stock: 2}}}}})
		}
		var m message
		admin.do(t, "DELETE", "/api/upload/delete/"+strings.TrimPrefix(used, "/uploads/"), nil, 409, &m)
		if !strings.Contains(m.Message, "Black Polo") || !strings.Contains(m.Message, "Navy Henley") {
			t.Errorf("message %q does not name the products", m.Message)
		}
		if r := h.get(t, used); r.StatusCode != 200 {
			t.Errorf("a picture in use was deleted: %d", r.StatusCode)
		}
		unused := admin.upload(t, "image", "unused.png", pic.Bytes(), 201)["imageUrl"]
		admin.do(t, "DELETE", "/api/upload/delete/"+strings.TrimPrefix(unused, "/uploads/"), nil, 200, nil)
	})
}

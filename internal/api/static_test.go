package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestAppServing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		t.Run("the app's routes answer with its page, never cached", func(t *testing.T) {
			for _, path := range []string{"/", "/product/abc", "/search/polo", "/search/a.b", "/page/2", "/index.html"} {
				resp := h.get(t, path)
				body, _ := io.ReadAll(resp.Body)
				if resp.StatusCode != 200 || !strings.Contains(string(body), `<div id="root"></div>`) ||
					!strings.Contains(string(body), "<title>Haat – ") || resp.Header.Get("Cache-Control") != "no-cache" {
					t.Errorf("GET %s: %d, cache %q, body %.40q; want index.html, no-cache", path, resp.StatusCode, resp.Header.Get("Cache-Control"), body)
				}
			}
		})
		t.Run("a page refuses a write as every error is refused: JSON, with what it allows", func(t *testing.T) {
			var body struct{ Message string }
			resp := h.client(t).do(t, http.MethodPost, "/product/abc", map[string]string{}, http.StatusMethodNotAllowed, &body)
			if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || body.Message == "" ||
				resp.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("POST to a page: %q %q, Allow %q", resp.Header.Get("Content-Type"), body.Message, resp.Header.Get("Allow"))
			}
		})
		t.Run("a built asset is cached for good", func(t *testing.T) {
			asset := h.get(t, "/assets/index-abc123.js")
			if asset.StatusCode != 200 || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") ||
				!strings.Contains(asset.Header.Get("Content-Type"), "javascript") {
				t.Errorf("asset: %d %q %q", asset.StatusCode, asset.Header.Get("Cache-Control"), asset.Header.Get("Content-Type"))
			}
		})
		t.Run("an asset no build wrote is not found", func(t *testing.T) {
			if r := h.get(t, "/assets/index-old999.js"); r.StatusCode != 404 {
				t.Errorf("missing asset: %d, want 404", r.StatusCode)
			}
		})
		t.Run("the manifest is served as one", func(t *testing.T) {
			if r := h.get(t, "/manifest.webmanifest"); r.Header.Get("Content-Type") != "application/manifest+json" {
				t.Errorf("manifest served as %q", r.Header.Get("Content-Type"))
			}
		})
		t.Run("the favicon is never cached", func(t *testing.T) {
			if r := h.get(t, "/favicon.svg"); r.StatusCode != 200 || r.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("favicon: %d %q", r.StatusCode, r.Header.Get("Cache-Control"))
			}
		})
		t.Run("an uploaded picture is cached for a year", func(t *testing.T) {
			img := h.get(t, "/uploads/demo/tee.png")
			if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/png" || !strings.Contains(img.Header.Get("Cache-Control"), "max-age=31536000") {
				t.Errorf("upload: %d %q %q", img.StatusCode, img.Header.Get("Content-Type"), img.Header.Get("Cache-Control"))
			}
		})
		t.Run("upload folders and missing uploads are not found", func(t *testing.T) {
			for _, path := range []string{"/uploads/", "/uploads/demo/", "/uploads/missing.png"} {
				if r := h.get(t, path); r.StatusCode != 404 {
					t.Errorf("GET %s: %d, want 404", path, r.StatusCode)
				}
			}
		})
		t.Run("nothing outside the uploads folder is served", func(t *testing.T) {
			for _, path := range []string{"/uploads/../secret.txt", "/uploads/..%2fsecret.txt", "/uploads/%2e%2e/secret.txt"} {
				r := h.get(t, path)
				body, _ := io.ReadAll(r.Body)
				if strings.Contains(string(body), "top secret") {
					t.Errorf("GET %s served a file outside the uploads folder", path)
				}
			}
		})
	})
}

package api_test

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/jpeg" // decodes the copies
	"image/png"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// imagesIn collects every list named "images" in a JSON answer.
func imagesIn(t *testing.T, raw []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	var found []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if list, ok := e.([]any); ok && k == "images" {
					for _, s := range list {
						found = append(found, s.(string))
					}
				}
				if one, ok := e.(string); ok && k == "image" {
					found = append(found, one)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return found
}

// With a media URL, every answer that shows pictures, and the page heads,
// point at it; the product editor keeps the paths a product stores, and the
// shop still serves the pictures itself, as the CDN's origin.
func TestMediaURLPointsPicturesAtTheCDN(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		const cdn = "https://media.example.in"
		h := newHarness(t, db, func(o *api.Options) { o.MediaURL = cdn + "/" })
		id := seedCatalogue(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var p productJSON
		h.getJSON(t, "/api/products/"+id, 200, &p)
		var order struct {
			Data struct {
				ID string `json:"_id"`
			} `json:"data"`
		}
		admin.do(t, "POST", "/api/orders", orderBody(shop.COD, shop.Paise(p.Price*100), map[string]any{"_id": id, "qty": 1,
			"variant": map[string]any{"size": map[string]any{"_id": p.Variants[0].Sizes[1].ID}}}), 201, &order)

		for _, path := range []string{"/api/products", "/api/products?keyword=tee", "/api/products/suggest?q=tee", "/api/products/" + id, "/api/products/top", "/api/products/all",
			"/api/products/category/polo", "/api/products/admin", "/api/orders/" + order.Data.ID, "/api/orders/myorders", "/api/orders"} {
			resp, err := admin.http.Do(admin.request(t, "GET", path, nil))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			images := imagesIn(t, raw)
			if resp.StatusCode != 200 || len(images) == 0 {
				t.Fatalf("GET %s: %d with %d pictures: %s", path, resp.StatusCode, len(images), raw)
			}
			for _, img := range images {
				if img != cdn+"/uploads/demo/tee.png" {
					t.Errorf("GET %s shows a picture at %q, want %s/uploads/demo/tee.png", path, img, cdn)
				}
			}
		}

		var edited productJSON
		admin.do(t, "GET", "/api/products/admin/"+id, nil, 200, &edited)
		if got := edited.Variants[0].Images; len(got) != 1 || got[0] != "/uploads/demo/tee.png" {
			t.Errorf("the product editor got %q, want the stored path", got)
		}

		page := h.get(t, "/product/"+id)
		html, _ := io.ReadAll(page.Body)
		for _, want := range []string{
			`<meta property="og:image" content="` + cdn + `/uploads/demo/tee.png" />`,
			`href="` + cdn + `/uploads/demo/tee.png" as="image"`,
			cdn + `/uploads/demo/tee.png?w=320 320w`,
		} {
			if !strings.Contains(string(html), want) {
				t.Errorf("the product page's head lacks %s:\n%s", want, html)
			}
		}
		home, _ := io.ReadAll(h.get(t, "/").Body)
		carried, _ := json.Marshal(firstScreenIn(t, string(home)))
		if images := imagesIn(t, carried); len(images) == 0 || slices.ContainsFunc(images, func(img string) bool { return img != cdn+"/uploads/demo/tee.png" }) {
			t.Errorf("the home page carries pictures at %q, want %s/uploads/demo/tee.png", images, cdn)
		}
		if !strings.Contains(string(home), `href="`+cdn+`/uploads/demo/tee.png" as="image"`) {
			t.Errorf("the home page's head does not hint its picture at the CDN:\n%s", home)
		}
		csp := page.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "img-src 'self' data: blob: "+cdn+";") {
			t.Errorf("the content policy does not let pictures come from %s: %s", cdn, csp)
		}
		if r := h.get(t, "/uploads/demo/tee.png"); r.StatusCode != 200 {
			t.Errorf("the shop, the CDN's origin, answers its picture with %d", r.StatusCode)
		}
	})
}

// A picture's copies are JPEGs whatever the original, and say so; a width
// the shop does not make gets the original.
func TestPictureCopiesAreServedAsJPEG(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var pic bytes.Buffer
		if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 700, 700))); err != nil {
			t.Fatal(err)
		}
		url := admin.upload(t, "image", "tee.png", pic.Bytes(), 201)["imageUrl"]
		for query, want := range map[string]struct {
			format string
			width  int
		}{"?w=320": {"jpeg", 320}, "?w=640": {"jpeg", 640}, "?w=500": {"png", 700}, "": {"png", 700}} {
			r := h.get(t, url+query)
			cfg, format, err := image.DecodeConfig(r.Body)
			if err != nil || format != want.format || cfg.Width != want.width || r.Header.Get("Content-Type") != "image/"+want.format {
				t.Errorf("GET %s%s: a %d wide %s sent as %q (%v), want a %d wide %s", url, query, cfg.Width, format,
					r.Header.Get("Content-Type"), err, want.width, want.format)
			}
		}
	})
}

package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
	"github.com/haat-shop/haat/web"
)

// signIn adds a user with role and returns a client signed in as them.
func (h *harness) signIn(t testing.TB, role shop.Role, email, mobile string) *client {
	addUser(t, h.db, strings.ToUpper(email[:1])+email[1:strings.Index(email, "@")], email, mobile, "haat-demo", role)
	c := h.client(t)
	c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": email, "password": "haat-demo"}, 200, nil)
	return c
}

func TestReviews(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedCatalogue(t, db) // Tee 01 has one review rated 2
		guest := h.client(t)
		a := h.signIn(t, shop.RoleCustomer, "anu@example.in", "9100000001")
		b := h.signIn(t, shop.RoleManufacturer, "bala@example.in", "9100000002")

		guest.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 5, "comment": "Great"}, 401, nil)
		var m message
		for _, bad := range []map[string]any{
			{"rating": 0, "comment": "x"}, {"rating": 6, "comment": "x"}, {"rating": 4, "comment": "  "},
			{"rating": 4, "comment": strings.Repeat("é", 251)},
		} {
			a.do(t, "POST", "/api/products/"+id+"/reviews", bad, 400, nil)
		}
		a.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 4.5, "comment": "x"}, 400, nil)
		a.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 5, "comment": strings.Repeat("é", 250)}, 201, &m)
		if m.Message != "Review Submitted!" {
			t.Errorf("review: %q", m.Message)
		}
		a.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 1, "comment": "again"}, 409, &m)
		if m.Message != "Product already reviewed" {
			t.Errorf("second review: %q", m.Message)
		}
		h.clock.advance(time.Second)
		b.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 4, "comment": "Good"}, 201, nil)
		a.do(t, "POST", "/api/products/"+store.NewID()+"/reviews", map[string]any{"rating": 4, "comment": "Good"}, 404, nil)

		var p productJSON
		h.getJSON(t, "/api/products/"+id, 200, &p)
		if p.NumReviews != 3 || p.Rating != 3.67 || len(p.Reviews) != 3 || p.Reviews[0].Name != "Bala" {
			t.Errorf("after reviews 2, 5, 4: rating %v over %d, reviews %+v; want 3.67 over 3", p.Rating, p.NumReviews, p.Reviews)
		}
	})
}

type variantIn struct {
	ID          string           `json:"_id,omitempty"`
	VariantName string           `json:"variantName"`
	Images      []string         `json:"images"`
	Sizes       []map[string]any `json:"sizes"`
}

func TestProductAdmin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")

		var draft productJSON
		admin.do(t, "POST", "/api/products", nil, 201, &draft)
		var page pageJSON
		h.getJSON(t, "/api/products", 200, &page)
		if len(page.Products) != 0 {
			t.Error("an empty draft shows in the storefront")
		}
		h.getJSON(t, "/api/products/"+draft.ID, 404, &message{})
		admin.do(t, "GET", "/api/products/"+draft.ID, nil, 200, nil)
		admin.do(t, "GET", "/api/products/admin", nil, 200, &page)
		if len(page.Products) != 1 {
			t.Errorf("admin list: %d products", len(page.Products))
		}

		body := map[string]any{
			"name": "  Kurta Tee ", "price": -899.5, "tags": "Men, Graphic_Tee,men", "description": "Block print.",
			"variants": []variantIn{
				{VariantName: "maroon", Images: []string{"/uploads/demo/tee.png"}, Sizes: []map[string]any{{"size": "m", "stock": 4}, {"size": "l", "stock": 0}}},
				{VariantName: "teal", Images: []string{"/uploads/demo/tee.png", "/uploads/b.png"}, Sizes: []map[string]any{{"size": "xl", "stock": 2}}},
			},
		}
		body["version"] = draft.Version
		var p productJSON
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &p)
		if p.Name != "Kurta Tee" || p.Price != 899.5 || strings.Join(p.Tags, "|") != "men|graphic_tee" ||
			p.TotalInStock != 6 || len(p.Variants) != 2 || p.Variants[0].Sizes[0].Size != "M" {
			t.Fatalf("updated product: %+v", p)
		}
		h.getJSON(t, "/api/products", 200, &page)
		if len(page.Products) != 1 {
			t.Error("a complete product is not published")
		}
		var cat []productJSON
		h.getJSON(t, "/api/products/category/graphic_tee", 200, &cat)
		if len(cat) != 1 {
			t.Errorf("category: %d products", len(cat))
		}

		// Edit: keep maroon and its M size (renamed stock), drop teal and
		// size L, add navy. Kept ids must survive.
		maroon, sizeM := p.Variants[0].ID, p.Variants[0].Sizes[0].ID
		body["variants"] = []variantIn{
			{VariantName: "navy", Images: []string{"/uploads/n.png"}, Sizes: []map[string]any{{"size": "S", "stock": 1}}},
			{ID: maroon, VariantName: "maroon", Images: []string{"/uploads/m2.png"}, Sizes: []map[string]any{
				{"_id": sizeM, "size": "M", "stock": 9}, {"size": "XXL", "stock": 3}}},
		}
		body["version"] = p.Version
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &p)
		if len(p.Variants) != 2 || p.Variants[1].ID != maroon || p.Variants[1].Sizes[0].ID != sizeM ||
			p.Variants[1].Sizes[0].Stock != 9 || p.Variants[0].VariantName != "navy" || p.TotalInStock != 13 {
			t.Errorf("ids not kept across the edit: %+v", p.Variants)
		}

		bad := []struct {
			change func(map[string]any)
			msg    string
		}{
			{func(b map[string]any) { b["price"] = 0 }, "more than zero"},
			{func(b map[string]any) { b["name"] = " " }, "name"},
			{func(b map[string]any) { b["tags"] = "men, 100%" }, "only letters"},
			{func(b map[string]any) {
				b["variants"] = []variantIn{{VariantName: "averyveryverylongcolour", Images: []string{"/x.png"}}}
			}, "at most 20"},
			{func(b map[string]any) { b["variants"] = []variantIn{{VariantName: "red", Images: []string{}}} }, "You need to keep at least one image to update."},
			{func(b map[string]any) {
				b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "m", "stock": 1}, {"size": "M", "stock": 2}}}}
			}, "twice"},
			{func(b map[string]any) {
				b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "M", "stock": -1}}}}
			}, "whole number"},
			{func(b map[string]any) {
				b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "M", "stock": 1.5}}}}
			}, "wrong type"},
		}
		for _, c := range bad {
			in := map[string]any{"name": "Kurta Tee", "price": 899.5, "tags": "men", "description": "x", "variants": body["variants"]}
			c.change(in)
			var m message
			admin.do(t, "PUT", "/api/products/"+draft.ID, in, 400, &m)
			if !strings.Contains(m.Message, c.msg) {
				t.Errorf("%v: %q, want %q", in, m.Message, c.msg)
			}
		}
		var after productJSON
		admin.do(t, "GET", "/api/products/"+draft.ID, nil, 200, &after)
		if after.TotalInStock != 13 || after.Price != 899.5 {
			t.Errorf("refused edits changed the product: %+v", after)
		}

		var m message
		admin.do(t, "DELETE", "/api/products/"+draft.ID, nil, 200, &m)
		if m.Message != "Successfully deleted the product from your database." {
			t.Errorf("delete: %q", m.Message)
		}
		admin.do(t, "DELETE", "/api/products/"+draft.ID, nil, 404, nil)
		admin.do(t, "PUT", "/api/products/"+store.NewID(), map[string]any{"name": "x", "price": 1, "version": ""}, 404, nil)
	})
}

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

		got := admin.upload(t, "image", "tee.png", pngBuf.Bytes(), 201)
		if !strings.HasPrefix(got["imageUrl"], "/uploads/") || !strings.HasSuffix(got["imageUrl"], ".png") || got["message"] == "" {
			t.Fatalf("png upload: %v", got)
		}
		img := h.get(t, got["imageUrl"])
		served, _ := io.ReadAll(img.Body)
		if img.StatusCode != 200 || !bytes.Equal(served, pngBuf.Bytes()) || !strings.Contains(img.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("uploaded image served %d, %d bytes, cache %q", img.StatusCode, len(served), img.Header.Get("Cache-Control"))
		}
		jpg := admin.upload(t, "image", "photo.png", jpgBuf.Bytes(), 201)
		if !strings.HasSuffix(jpg["imageUrl"], ".jpg") {
			t.Errorf("a JPEG named .png was stored as %q; the content decides", jpg["imageUrl"])
		}
		admin.upload(t, "image", "evil.png", []byte("<script>alert(1)</script> not an image"), 400)
		admin.upload(t, "image", "big.png", append(pngBuf.Bytes(), make([]byte, 5<<20)...), 413)
		admin.upload(t, "file", "tee.png", pngBuf.Bytes(), 400)

		name := strings.TrimPrefix(got["imageUrl"], "/uploads/")
		var m message
		// An image a past order shows is kept.
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
		admin.do(t, "DELETE", "/api/upload/delete/..%2f..%2fhaat.db", nil, 400, &m)
		admin.do(t, "DELETE", "/api/upload/delete/"+strings.Repeat("a", 32)+".png", nil, 404, nil)
		admin.do(t, "DELETE", "/api/upload/delete/"+name, nil, 200, nil)
		if _, err := os.Stat(filepath.Join("uploads", name)); err == nil {
			t.Error("file still there")
		}
		if r := h.get(t, got["imageUrl"]); r.StatusCode != 404 {
			t.Errorf("deleted image still served: %d", r.StatusCode)
		}
	})
}

func TestCatalogueAdminRoutesRoleMatrix(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedCatalogue(t, db)
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		guest := h.client(t)
		update := map[string]any{"name": "Hacked", "price": 1, "tags": "x", "description": "",
			"variants": []variantIn{{VariantName: "red", Images: []string{"/r.png"}}}}
		routes := []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/products", nil},
			{"GET", "/api/products/admin", nil},
			{"PUT", "/api/products/" + id, update},
			{"DELETE", "/api/products/" + id, nil},
			{"DELETE", "/api/upload/delete/" + strings.Repeat("a", 32) + ".png", nil},
		}
		for _, r := range routes {
			guest.do(t, r.method, r.path, r.body, 401, nil)
			customer.do(t, r.method, r.path, r.body, 403, nil)
			maker.do(t, r.method, r.path, r.body, 403, nil)
		}
		var pngBuf bytes.Buffer
		png.Encode(&pngBuf, image.NewRGBA(image.Rect(0, 0, 8, 8)))
		guest.upload(t, "image", "a.png", pngBuf.Bytes(), 401)
		customer.upload(t, "image", "a.png", pngBuf.Bytes(), 403)
		maker.upload(t, "image", "a.png", pngBuf.Bytes(), 403)
		var p productJSON
		h.getJSON(t, "/api/products/"+id, 200, &p)
		if p.Name != "Tee 01" {
			t.Errorf("refused requests changed the product: %q", p.Name)
		}
	})
}

func TestCategoriesAndLinkPreview(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedCatalogue(t, db)
		var cats []struct {
			Name  string
			Count int
		}
		h.getJSON(t, "/api/products/categories", 200, &cats)
		if len(cats) != 3 || cats[0].Name != "men" || cats[0].Count != 14 || cats[2].Name != "polo" || cats[2].Count != 2 {
			t.Errorf("categories: %+v", cats)
		}

		storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: `Quote "Tee" <b>`, Description: `Says <script>alert(1)</script> & more`,
			Price: 129900, CreatedAt: time.Now(), Variants: []shop.Variant{{VariantName: "red", Images: []string{"/uploads/demo/q.png"}}}})
		var page pageJSON
		h.getJSON(t, "/api/products", 200, &page)
		quote := page.Products[0].ID

		resp := h.get(t, "/product/"+quote)
		body, _ := io.ReadAll(resp.Body)
		html := string(body)
		for _, want := range []string{
			`<title>Quote &#34;Tee&#34; &lt;b&gt; – Haat</title>`,
			`<meta property="og:type" content="product" />`,
			`<meta property="og:image" content="` + h.URL + `/uploads/demo/q.png" />`,
			`<meta property="product:price:amount" content="1299.00" />`,
			`<meta property="product:price:currency" content="INR" />`,
			`<meta property="og:url" content="` + h.URL + `/product/` + quote + `" />`,
			`<div id="root"></div>`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("product page lacks %s:\n%s", want, html)
			}
		}
		if strings.Contains(html, "<script>alert") || strings.Count(html, "<title>") != 1 {
			t.Errorf("the head is not escaped or has two titles:\n%s", html)
		}
		generic := h.get(t, "/product/"+store.NewID())
		gb, _ := io.ReadAll(generic.Body)
		if generic.StatusCode != 200 || !strings.Contains(string(gb), `og:type" content="website"`) {
			t.Errorf("unknown product page: %d %s", generic.StatusCode, gb)
		}
		_ = id
	})
}

// Two instances on one PostgreSQL: a product page that instance b has
// cached stops being served once instance a deletes the product, without b
// being told, instead of living on for the cache's whole lifetime.
func TestCachedProductFollowsAnotherInstancesChange(t *testing.T) {
	a, b := storetest.Instances(t)
	id := seedCatalogue(t, a)
	hb := newHarness(t, b)
	var p productJSON
	hb.getJSON(t, "/api/products/"+id, http.StatusOK, &p)
	hb.getJSON(t, "/api/products/"+id, http.StatusOK, &p)

	if err := a.DeleteProduct(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for hb.get(t, "/api/products/"+id).StatusCode != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("instance b still serves the product instance a deleted")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The home and product pages ask, in their head, for the reads and the
// picture their first screen needs, exactly as the app will ask for them, so
// the browser starts them before the app's code has loaded.
func TestPageHeadsHintTheFirstScreen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		sizes := web.Sizes()
		page := func(path string) string {
			t.Helper()
			body, _ := io.ReadAll(h.get(t, path).Body)
			return string(body)
		}
		picture := func(src, sizes string) string {
			return `<link rel="preload" href="` + src + `" as="image" imagesrcset="` + src + `?w=320 320w, ` + src + `?w=640 640w, ` +
				src + ` 800w" imagesizes="` + sizes + `" fetchpriority="high" />`
		}
		fetch := func(href string) string {
			return `<link rel="preload" href="` + href + `" as="fetch" crossorigin="use-credentials" />`
		}
		// The hints, in this order, after the app's code: on a connection that
		// takes a few requests at a time, the code (the longest wait) goes first,
		// then the list and the picture the first card shows.
		inOrder := func(name, html string, want ...string) {
			t.Helper()
			at := strings.Index(html, `<script type="module" src="/assets/index-abc123.js"></script>`)
			if at < 0 || strings.Count(html, "<script") != 1 {
				t.Fatalf("%s does not load the app's code once:\n%s", name, html)
			}
			for _, w := range append(want, "</head>") {
				i := strings.Index(html, w)
				if i < at {
					t.Errorf("%s lacks %s after what comes before it:\n%s", name, w, html)
					return
				}
				at = i
			}
		}
		inOrder("home page", page("/"), fetch("/api/products"), picture("/uploads/demo/tee.png", sizes.Grid),
			fetch("/api/products/top"), fetch("/api/products/categories"), fetch("/api/config"))

		// A newer product heads the list: the home page's picture follows it.
		id := storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Newest Tee", Price: 59900, CreatedAt: time.Now(),
			Variants: []shop.Variant{
				{VariantName: "red", Images: []string{"/uploads/demo/red.png"}},
				{VariantName: "blue", Images: []string{"/uploads/demo/blue.png", "/uploads/demo/blue-back.png"}},
			}})
		if home := page("/"); !strings.Contains(home, picture("/uploads/demo/red.png", sizes.Grid)) {
			t.Errorf("home page does not ask for the newest product's picture:\n%s", home)
		}

		inOrder("product page", page("/product/"+id), fetch("/api/products/"+id),
			picture("/uploads/demo/red.png", sizes.ProductPage), fetch("/api/config"))
		var p productJSON
		h.getJSON(t, "/api/products/"+id, http.StatusOK, &p)
		blue := page("/product/" + id + "?variant=" + p.Variants[1].ID)
		if !strings.Contains(blue, picture("/uploads/demo/blue.png", sizes.ProductPage)) || strings.Contains(blue, "red.png\" as=\"image\"") {
			t.Errorf("a link to the blue colour does not ask for its picture alone:\n%s", blue)
		}
		// Other pages ask only for the shop's settings, which their header shows.
		cart := page("/cart")
		inOrder("cart page", cart, fetch("/api/config"))
		if strings.Count(cart, `rel="preload"`) != 1 {
			t.Errorf("the cart page asks for catalogue reads:\n%s", cart)
		}
	})
}

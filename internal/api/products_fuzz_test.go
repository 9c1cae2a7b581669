package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// productShop is an admin signed in to a shop on one database, with one
// product whose whole payload each fuzz input replaces. Inputs name the
// stock version the editor loaded by a placeholder, {V}.
type productShop struct {
	name  string
	admin *client
	id    string
}

// edit sends body as the product's new payload and checks the answer: a
// refusal with a message, or the stored product, which the shop's own
// rules accept as it is.
func (s *productShop) edit(t *testing.T, body []byte) {
	sent := body
	if bytes.Contains(body, []byte("{V}")) {
		// The editor sends back the stock version it loaded, when there is one.
		var loaded struct {
			Version string `json:"version"`
		}
		s.admin.do(t, "GET", "/api/products/admin/"+s.id, nil, http.StatusOK, &loaded)
		sent = bytes.ReplaceAll(body, []byte("{V}"), []byte(loaded.Version))
	}
	req, err := http.NewRequest(http.MethodPut, s.admin.h.URL+"/api/products/"+s.id, bytes.NewReader(sent))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.admin.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge:
		var m message
		if err := json.Unmarshal(raw, &m); err != nil || m.Message == "" {
			t.Fatalf("%s: %q refused without a message: %s", s.name, body, raw)
		}
		return
	default:
		t.Fatalf("%s: %q: status %d; body %s", s.name, body, resp.StatusCode, raw)
	}
	var stored shop.Product
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatalf("%s: %q: decode %s: %v", s.name, body, raw, err)
	}
	c := shop.ProductChange{Name: stored.Name, Price: stored.Price, Tags: stored.Tags, Description: stored.Description, Variants: stored.Variants}
	if err := c.Validate(); err != nil {
		t.Fatalf("%s: %q stored a product its own rules refuse (%v): %+v", s.name, body, err, c)
	}
	normal := c
	normal.Variants = slices.Clone(c.Variants)
	for i := range normal.Variants {
		normal.Variants[i].Sizes = slices.Clone(c.Variants[i].Sizes)
	}
	normal.Normalize()
	if !reflect.DeepEqual(c, normal) {
		t.Fatalf("%s: %q stored text that is not normalised: %+v", s.name, body, c)
	}
	if tags, err := shop.ParseTags(strings.Join(c.Tags, ",")); err != nil || !reflect.DeepEqual(tags, c.Tags) {
		t.Fatalf("%s: %q stored tags %q, which read back as %q, %v", s.name, body, c.Tags, tags, err)
	}
}

// FuzzProductPayload: whatever an admin's product form sends, the server
// answers 400 with a message or stores a product within its own rules;
// never a 500.
func FuzzProductPayload(f *testing.F) {
	valid := func(change func(map[string]any)) []byte {
		body := map[string]any{"version": "{V}", "name": "Kurta Tee", "price": 899.5, "tags": "men, graphic_tee", "description": "Block print.",
			"variants": []map[string]any{{"variantName": "maroon", "images": []string{"/uploads/demo/tee.png"},
				"sizes": []map[string]any{{"size": "m", "stock": 4}, {"size": "L", "stock": 0}}}}}
		change(body)
		b, err := json.Marshal(body)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	for _, b := range [][]byte{
		valid(func(map[string]any) {}),
		valid(func(b map[string]any) { b["tags"] = []string{"Men", "खादी", "polo neck"} }),
		valid(func(b map[string]any) { b["price"] = -899.5 }),
		valid(func(b map[string]any) { b["price"] = 0.001 }),
		valid(func(b map[string]any) { b["price"] = 1e15 }),
		valid(func(b map[string]any) { b["price"] = "899.50" }),
		valid(func(b map[string]any) { b["name"] = "  \t " }),
		valid(func(b map[string]any) { b["name"] = "Tee\x00" }),
		valid(func(b map[string]any) { b["name"] = "<script>alert(1)</script>" }),
		valid(func(b map[string]any) { b["name"] = strings.Repeat("क", 121) }),
		valid(func(b map[string]any) { b["tags"] = "men, 100%" }),
		valid(func(b map[string]any) { b["tags"] = map[string]any{"a": 1} }),
		valid(func(b map[string]any) { b["description"] = strings.Repeat("d", 4001) }),
		valid(func(b map[string]any) {
			b["variants"] = []map[string]any{{"variantName": "red", "images": []string{"/x.png"},
				"sizes": []map[string]any{{"size": " m ", "stock": 1}, {"size": "M", "stock": 2}}}}
		}),
		valid(func(b map[string]any) {
			b["variants"] = []map[string]any{{"variantName": "red", "images": []string{"/x.png"},
				"sizes": []map[string]any{{"size": "M", "stock": -1}, {"size": "L", "stock": 1000001}}}}
		}),
		valid(func(b map[string]any) {
			b["variants"] = []map[string]any{{"variantName": "Red", "images": []string{"/x.png"}}, {"variantName": "red ", "images": []string{"/y.png"}}}
		}),
		valid(func(b map[string]any) {
			b["variants"] = []map[string]any{{"_id": "x", "variantName": "red", "images": []string{}}}
		}),
		[]byte(`{"name":"Tee","price":1,"variants":[{"variantName":"red","images":["/x.png"],"sizes":[{"size":"M","stock":9223372036854775808}]}]}`),
		[]byte(`{"name":"Tee","price":1e2}`), []byte(`{"name":"Tee","price":1.5e-1}`), []byte(`{"price":null,"tags":null,"variants":null}`),
		[]byte(`{"name":"Tee","price":1,"variants":[{"variantName":"red","images":["/x.png"],"sizes":[{"size":"M","stock":1.5}]}]}`),
		[]byte(`{}`), []byte(`[]`), []byte(`null`), []byte(``), []byte(`{`), []byte("\xff"), []byte(`{"name":"\ud800"}`),
		[]byte(strings.Repeat("[", 10000)),
	} {
		f.Add(b)
	}
	var shops []*productShop
	for i, d := range storetest.Each(f) {
		h := newHarness(f, d.DB)
		admin := h.signIn(f, shop.RoleAdmin, "admin@example.com", "900000000"+string(rune('1'+i)))
		var draft productJSON
		admin.do(f, "POST", "/api/products", nil, http.StatusCreated, &draft)
		shops = append(shops, &productShop{name: d.Name, admin: admin, id: draft.ID})
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, s := range shops {
			s.edit(t, body)
		}
	})
}

package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func seedCatalogue(t testing.TB, db *store.DB) (first string) {
	t.Helper()
	for i := 1; i <= 14; i++ {
		tags := []string{"men", "plain"}
		if i%5 == 0 {
			tags = []string{"men", "polo"}
		}
		p := shop.Product{Published: true,
			Name: fmt.Sprintf("Tee %02d", i), Description: "Cotton.", Price: shop.Paise(29900 + i*100050), Tags: tags,
			CreatedAt: epoch.Add(time.Duration(i) * time.Minute),
			Variants: []shop.Variant{{VariantName: "teal", Images: []string{"/uploads/demo/tee.png"},
				Sizes: []shop.Size{{Size: "M", Stock: i % 3}, {Size: "L", Stock: 1}}}},
		}
		if i <= 6 {
			p.Reviews = []shop.Review{{Name: "Meera S", Rating: 1 + i%5, Comment: "Nice fit", CreatedAt: epoch}}
		}
		id := storetest.MustInsertProduct(t, db, p)
		if i == 1 {
			first = id
		}
	}
	return first
}

// productJSON decodes a product with the field names of SPEC.md §3, so a
// renamed field fails the test.
type productJSON struct {
	ID           string   `json:"_id"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Price        float64  `json:"price"`
	Rating       float64  `json:"rating"`
	NumReviews   int      `json:"numReviews"`
	TotalInStock int      `json:"totalInStock"`
	TotalSold    int      `json:"totalSold"`
	Tags         []string `json:"tags"`
	Reviews      []struct {
		ID        string `json:"_id"`
		Name      string `json:"name"`
		Rating    int    `json:"rating"`
		Comment   string `json:"comment"`
		CreatedAt string `json:"createdAt"`
	} `json:"reviews"`
	Variants []struct {
		ID          string   `json:"_id"`
		VariantName string   `json:"variantName"`
		Images      []string `json:"images"`
		Sizes       []struct {
			ID    string `json:"_id"`
			Size  string `json:"size"`
			Stock int    `json:"stock"`
		} `json:"sizes"`
	} `json:"variants"`
	// Version is the stock version of the editor's product (admins only).
	Version string `json:"version"`
}

type pageJSON struct {
	Products []productJSON `json:"products"`
	Pages    int           `json:"pages"`
	Page     int           `json:"page"`
}

// searchJSON is GET /api/products with a keyword: the page, the number of
// matches and the words searched instead of a misspelt keyword.
type searchJSON struct {
	pageJSON
	Total     int    `json:"total"`
	Corrected string `json:"corrected"`
}

// firstNames returns the names of up to n products, in order.
func firstNames(products []productJSON, n int) []string {
	names := []string{}
	for _, p := range products[:min(n, len(products))] {
		names = append(names, p.Name)
	}
	return names
}

func TestProductListAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)

		var page pageJSON
		h.getJSON(t, "/api/products", http.StatusOK, &page)
		if len(page.Products) != 12 || page.Pages != 2 || page.Page != 1 || page.Products[0].Name != "Tee 14" {
			t.Fatalf("first page: %d products, page %d of %d, first %q", len(page.Products), page.Page, page.Pages, page.Products[0].Name)
		}
		p := page.Products[0]
		if p.ID == "" || p.Price != 14306 || p.TotalInStock != 3 || len(p.Variants) != 1 ||
			!slices.Equal(p.Variants[0].Images, []string{"/uploads/demo/tee.png"}) {
			t.Errorf("product JSON = %+v", p)
		}
		// A list's products are cards: what the grid shows, and no more.
		var cards struct {
			Products []map[string]json.RawMessage `json:"products"`
		}
		h.getJSON(t, "/api/products", http.StatusOK, &cards)
		if keys := slices.Sorted(maps.Keys(cards.Products[0])); !slices.Equal(keys,
			[]string{"_id", "mrp", "name", "numReviews", "price", "rating", "totalInStock", "variants"}) {
			t.Errorf("a listed product has %v, want a card's fields", keys)
		}
		if v := string(cards.Products[0]["variants"]); v != `[{"images":["/uploads/demo/tee.png"]}]` {
			t.Errorf("a listed product's variants = %s, want its first picture only", v)
		}

		for _, bad := range []string{"abc", "-1", "0", "1.5", ""} {
			var got pageJSON
			h.getJSON(t, "/api/products?pageNumber="+bad, http.StatusOK, &got)
			if got.Page != 1 || len(got.Products) != 12 {
				t.Errorf("pageNumber=%q: page %d with %d products, want page 1 with 12", bad, got.Page, len(got.Products))
			}
		}
		var second, past pageJSON
		h.getJSON(t, "/api/products?pageNumber=2", http.StatusOK, &second)
		if second.Page != 2 || len(second.Products) != 2 || second.Products[1].Name != "Tee 01" {
			t.Errorf("page 2: %+v", second)
		}
		h.getJSON(t, "/api/products?pageNumber=7", http.StatusOK, &past)
		if past.Page != 7 || past.Pages != 2 || past.Products == nil || len(past.Products) != 0 {
			t.Errorf("page past the end: page %d of %d, products %v; want an empty list", past.Page, past.Pages, past.Products)
		}

		// Both match in their tags and have stock: the rated one comes first.
		var search searchJSON
		h.getJSON(t, "/api/products?keyword=POLO", http.StatusOK, &search)
		if len(search.Products) != 2 || search.Pages != 1 || search.Total != 2 || search.Products[0].Name != "Tee 05" {
			t.Errorf("keyword POLO: %d products (%d in all), pages %d", len(search.Products), search.Total, search.Pages)
		}
		var typo, exact searchJSON
		h.getJSON(t, "/api/products?keyword=cottn", http.StatusOK, &typo)
		if typo.Total != 14 || len(typo.Products) != 12 || typo.Corrected != "cotton" {
			t.Errorf("keyword cottn: %d products (%d in all), corrected to %q; want 12 of 14 for cotton", len(typo.Products), typo.Total, typo.Corrected)
		}
		h.getJSON(t, "/api/products?keyword=cottn&exact=1", http.StatusOK, &exact)
		if exact.Total != 0 || len(exact.Products) != 0 || exact.Corrected != "" {
			t.Errorf("keyword cottn, exact: %d products, corrected to %q; want none as typed", exact.Total, exact.Corrected)
		}
		var literal pageJSON
		h.getJSON(t, "/api/products?keyword=%25", http.StatusOK, &literal)
		if len(literal.Products) != 0 {
			t.Errorf("keyword %% matched %d products; it must be searched literally", len(literal.Products))
		}
	})
}

func TestProductReadAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		first := seedCatalogue(t, db)

		t.Run("all lists every product, in pages", func(t *testing.T) {
			var first, second pageJSON
			h.getJSON(t, "/api/products/all", http.StatusOK, &first)
			h.getJSON(t, "/api/products/all?pageNumber=2", http.StatusOK, &second)
			if first.Pages != 2 || len(first.Products) != 12 || second.Page != 2 || len(second.Products) != 2 ||
				second.Products[1].Name != "Tee 01" {
				t.Errorf("all: %d then %d products of %d pages, want 12 and 2 ending with Tee 01", len(first.Products), len(second.Products), first.Pages)
			}
			if p := first.Products[0]; len(p.Variants) != 1 || p.Variants[0].VariantName != "teal" ||
				len(p.Variants[0].Sizes) != 2 || p.Variants[0].Sizes[0].ID == "" || p.Tags == nil || p.Reviews == nil {
				t.Errorf("all answers whole products; first = %+v", p)
			}
		})
		t.Run("top lists the five best rated", func(t *testing.T) {
			var top []productJSON
			h.getJSON(t, "/api/products/top", http.StatusOK, &top)
			if len(top) != 5 || top[0].Rating != 5 || top[0].Name != "Tee 04" {
				t.Errorf("top: %d products, first %q rated %v; want 5 starting with Tee 04 (5 stars)", len(top), top[0].Name, top[0].Rating)
			}
		})
		t.Run("a category lists its products, newest first", func(t *testing.T) {
			var polos pageJSON
			h.getJSON(t, "/api/products/category/polo", http.StatusOK, &polos)
			if len(polos.Products) != 2 || polos.Products[0].Name != "Tee 10" || polos.Products[1].Name != "Tee 05" || polos.Pages != 1 {
				t.Errorf("category polo: %+v", polos)
			}
		})
		t.Run("the filters offer the sizes and colours in the catalogue", func(t *testing.T) {
			var choices struct {
				Sizes  []string `json:"sizes"`
				Colors []string `json:"colors"`
			}
			h.getJSON(t, "/api/products/filters", http.StatusOK, &choices)
			if strings.Join(choices.Sizes, ",") != "M,L" || strings.Join(choices.Colors, ",") != "teal" {
				t.Errorf("filters = %+v, want sizes M, L and colour teal", choices)
			}
		})
		t.Run("an empty category is an empty list", func(t *testing.T) {
			var none pageJSON
			h.getJSON(t, "/api/products/category/nothing-here", http.StatusOK, &none)
			if none.Products == nil || len(none.Products) != 0 {
				t.Errorf("empty category = %v, want []", none.Products)
			}
		})
		t.Run("a product comes with its reviews", func(t *testing.T) {
			var one productJSON
			h.getJSON(t, "/api/products/"+first, http.StatusOK, &one)
			if one.ID != first || one.Name != "Tee 01" || one.NumReviews != 1 || len(one.Reviews) != 1 ||
				one.Reviews[0].Name != "Meera S" || one.Reviews[0].CreatedAt == "" {
				t.Errorf("product: %+v", one)
			}
		})
		for _, tc := range []struct{ name, id string }{
			{"an unknown id is not found", store.NewID()},
			{"a malformed id is not found", "nope"},
			{"an id with an escaped percent sign is not found", "0123456789abcdef0123456%25"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var e struct{ Message string }
				h.getJSON(t, "/api/products/"+tc.id, http.StatusNotFound, &e)
				if e.Message != "Product not found" {
					t.Errorf("product %q: message %q", tc.id, e.Message)
				}
			})
		}
	})
}

type variantIn struct {
	ID          string           `json:"_id,omitempty"`
	VariantName string           `json:"variantName"`
	Images      []string         `json:"images"`
	Sizes       []map[string]any `json:"sizes"`
}

// An admin's product from an empty draft to its deletion.
func TestProductAdmin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var draft, p productJSON // the draft as created, the product as last saved
		body := map[string]any{
			"name": "  Kurta Tee ", "price": -899.5, "tags": "Men, Graphic_Tee,men", "description": "Block print.",
			"variants": []variantIn{
				{VariantName: "maroon", Images: []string{"/uploads/demo/tee.png"}, Sizes: []map[string]any{{"size": "m", "stock": 4}, {"size": "l", "stock": 0}}},
				{VariantName: "teal", Images: []string{"/uploads/demo/tee.png", "/uploads/b.png"}, Sizes: []map[string]any{{"size": "xl", "stock": 2}}},
			},
		}
		s := newStory(t)

		s.step("a new draft is hidden from the storefront", func(t *testing.T) {
			admin.do(t, "POST", "/api/products", nil, 201, &draft)
			var page pageJSON
			h.getJSON(t, "/api/products", 200, &page)
			if len(page.Products) != 0 {
				t.Error("an empty draft shows in the storefront")
			}
			h.getJSON(t, "/api/products/"+draft.ID, 404, &message{})
		})
		s.step("the editor opens the draft with its version", func(t *testing.T) {
			var opened productJSON
			admin.do(t, "GET", "/api/products/admin/"+draft.ID, nil, 200, &opened)
			if opened.ID != draft.ID || opened.Version == "" {
				t.Errorf("the editor opened %q with version %q, want %q with a version", opened.ID, opened.Version, draft.ID)
			}
			admin.do(t, "GET", "/api/products/admin/"+store.NewID(), nil, 404, nil)
		})
		s.step("an admin sees the draft, a customer does not", func(t *testing.T) {
			admin.do(t, "GET", "/api/products/"+draft.ID, nil, 200, nil)
			customer.do(t, "GET", "/api/products/"+draft.ID, nil, 404, nil)
			var page pageJSON
			admin.do(t, "GET", "/api/products/admin", nil, 200, &page)
			if len(page.Products) != 1 {
				t.Errorf("admin list: %d products", len(page.Products))
			}
		})
		s.step("a complete edit is cleaned and published", func(t *testing.T) {
			body["version"] = draft.Version
			admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &p)
			if p.Name != "Kurta Tee" || p.Price != 899.5 || strings.Join(p.Tags, "|") != "men|graphic_tee" ||
				p.TotalInStock != 6 || len(p.Variants) != 2 || p.Variants[0].Sizes[0].Size != "M" {
				t.Fatalf("updated product: %+v", p)
			}
			var page pageJSON
			h.getJSON(t, "/api/products", 200, &page)
			if len(page.Products) != 1 {
				t.Error("a complete product is not published")
			}
			var cat pageJSON
			h.getJSON(t, "/api/products/category/graphic_tee", 200, &cat)
			if len(cat.Products) != 1 {
				t.Errorf("category: %d products", len(cat.Products))
			}
		})
		s.step("an edit keeps the ids of the colours and sizes it keeps", func(t *testing.T) {
			// Keep maroon and its M size (renamed stock), drop teal and size
			// L, add navy.
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
		})
		s.step("bad edits are refused", func(t *testing.T) {
			for _, tc := range []struct {
				name   string
				change func(map[string]any)
				msg    string
			}{
				{"a price of zero", func(b map[string]any) { b["price"] = 0 }, "more than zero"},
				{"a blank name", func(b map[string]any) { b["name"] = " " }, "name"},
				{"a tag that is not a word", func(b map[string]any) { b["tags"] = "men, 100%" }, "only letters"},
				{"a colour name over 20 characters", func(b map[string]any) {
					b["variants"] = []variantIn{{VariantName: "averyveryverylongcolour", Images: []string{"/x.png"}}}
				}, "at most 20"},
				{"a colour without images", func(b map[string]any) { b["variants"] = []variantIn{{VariantName: "red", Images: []string{}}} }, "You need to keep at least one image to update."},
				{"a size twice in one colour", func(b map[string]any) {
					b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "m", "stock": 1}, {"size": "M", "stock": 2}}}}
				}, "twice"},
				{"a negative stock", func(b map[string]any) {
					b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "M", "stock": -1}}}}
				}, "whole number"},
				{"a stock that is not whole", func(b map[string]any) {
					b["variants"] = []variantIn{{VariantName: "red", Images: []string{"/x.png"}, Sizes: []map[string]any{{"size": "M", "stock": 1.5}}}}
				}, "wrong type"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					in := map[string]any{"name": "Kurta Tee", "price": 899.5, "tags": "men", "description": "x", "variants": body["variants"]}
					tc.change(in)
					var m message
					admin.do(t, "PUT", "/api/products/"+draft.ID, in, 400, &m)
					if !strings.Contains(m.Message, tc.msg) {
						t.Errorf("%v: %q, want %q", in, m.Message, tc.msg)
					}
				})
			}
		})
		s.step("refused edits change nothing", func(t *testing.T) {
			var after productJSON
			admin.do(t, "GET", "/api/products/admin/"+draft.ID, nil, 200, &after)
			if after.TotalInStock != 13 || after.Price != 899.5 {
				t.Errorf("refused edits changed the product: %+v", after)
			}
		})
		s.step("the product is deleted, once", func(t *testing.T) {
			var m message
			admin.do(t, "DELETE", "/api/products/"+draft.ID, nil, 200, &m)
			if m.Message != "Successfully deleted the product from your database." {
				t.Errorf("delete: %q", m.Message)
			}
			admin.do(t, "DELETE", "/api/products/"+draft.ID, nil, 404, nil)
		})
		s.step("an unknown product cannot be edited", func(t *testing.T) {
			admin.do(t, "PUT", "/api/products/"+store.NewID(), map[string]any{"name": "x", "price": 1, "version": ""}, 404, nil)
		})
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
		for _, r := range []struct {
			name, method, path string
			body               any
		}{
			{"create a draft", "POST", "/api/products", nil},
			{"list for the admin", "GET", "/api/products/admin", nil},
			{"open in the editor", "GET", "/api/products/admin/" + id, nil},
			{"edit a product", "PUT", "/api/products/" + id, update},
			{"delete a product", "DELETE", "/api/products/" + id, nil},
			{"delete a picture", "DELETE", "/api/upload/delete/" + strings.Repeat("a", 32) + ".png", nil},
		} {
			t.Run(r.name, func(t *testing.T) {
				guest.do(t, r.method, r.path, r.body, 401, nil)
				customer.do(t, r.method, r.path, r.body, 403, nil)
				maker.do(t, r.method, r.path, r.body, 403, nil)
			})
		}
		t.Run("upload a picture", func(t *testing.T) {
			var pngBuf bytes.Buffer
			png.Encode(&pngBuf, image.NewRGBA(image.Rect(0, 0, 8, 8)))
			guest.upload(t, "image", "a.png", pngBuf.Bytes(), 401)
			customer.upload(t, "image", "a.png", pngBuf.Bytes(), 403)
			maker.upload(t, "image", "a.png", pngBuf.Bytes(), 403)
		})
		t.Run("refused requests change nothing", func(t *testing.T) {
			var p productJSON
			h.getJSON(t, "/api/products/"+id, 200, &p)
			if p.Name != "Tee 01" {
				t.Errorf("refused requests changed the product: %q", p.Name)
			}
		})
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

func TestWhitespaceKeywordIsNoSearch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		stockedProduct(t, db, "Plain Tee", 50000, map[string]int{"M": 1})
		stockedProduct(t, db, "Polo", 60000, map[string]int{"M": 1})
		var all, blank, polo pageJSON
		h.getJSON(t, "/api/products", 200, &all)
		h.getJSON(t, "/api/products?keyword=%20%09%C2%A0", 200, &blank)
		h.getJSON(t, "/api/products?keyword=%20polo%20", 200, &polo)
		if len(all.Products) != 2 || len(blank.Products) != 2 || len(polo.Products) != 1 {
			t.Errorf("all %d, whitespace %d, polo %d products", len(all.Products), len(blank.Products), len(polo.Products))
		}
	})
}

// editBody is the PUT the editor sends from the form f, with the stock of
// its first size set to m.
func editBody(f productJSON, name string, m int) map[string]any {
	v := f.Variants[0]
	return map[string]any{"name": name, "price": f.Price, "tags": f.Tags, "description": f.Description, "version": f.Version,
		"variants": []variantIn{{ID: v.ID, VariantName: v.VariantName, Images: v.Images,
			Sizes: []map[string]any{{"_id": v.Sizes[0].ID, "size": v.Sizes[0].Size, "stock": m}}}}}
}

// The careless admin: stock 10, the form is opened, a customer buys 4, the
// admin fixes a typo and saves the form as loaded. The save must not put
// the 4 sold units back.
func TestStaleProductSaveKeepsSales(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Cotton Tea", 49900, map[string]int{"M": 10})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var form, saved productJSON // the form as opened, the product as last saved
		s := newStory(t)

		s.step("the admin opens the form, then a customer buys 4", func(t *testing.T) {
			admin.do(t, "GET", "/api/products/admin/"+tee.productID, nil, 200, &form)
			if form.Version == "" {
				t.Error("the editor's product carries no version")
			}
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 4*49900, tee.line("M", 4)), 201, nil)
		})
		s.step("saving the form opened before the sale is refused and keeps the sales", func(t *testing.T) {
			var m message
			admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 10), 409, &m)
			if m.Message != "This product changed since you opened it. Reload to see the current stock." {
				t.Errorf("stale save: %q", m.Message)
			}
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 6 {
				t.Fatalf("stock %d after a stale save, want 6: the save undid sales", n)
			}
		})
		s.step("an old client that sends no version cannot move stock either", func(t *testing.T) {
			old := editBody(form, "Cotton Tee", 10)
			delete(old, "version")
			var m message
			admin.do(t, "PUT", "/api/products/"+tee.productID, old, 400, &m)
			if m.Message != "Reload the product and save again: this form is out of date." {
				t.Errorf("save without a version: %q", m.Message)
			}
		})
		s.step("the reloaded form shows 6 and saves", func(t *testing.T) {
			admin.do(t, "GET", "/api/products/admin/"+tee.productID, nil, 200, &form)
			if form.Variants[0].Sizes[0].Stock != 6 {
				t.Fatalf("reloaded stock %d, want 6", form.Variants[0].Sizes[0].Stock)
			}
			admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 6), 200, &saved)
			if saved.Name != "Cotton Tee" || saved.Variants[0].Sizes[0].Stock != 6 || saved.Version != form.Version {
				t.Errorf("saved: %q, stock %d, version %q (was %q)", saved.Name, saved.Variants[0].Sizes[0].Stock, saved.Version, form.Version)
			}
		})
		s.step("a restock to 20 holds", func(t *testing.T) {
			admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(saved, "Cotton Tee", 20), 200, &saved)
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 20 {
				t.Errorf("stock %d after a restock to 20", n)
			}
		})
		s.step("the restock makes the form saved before it stale", func(t *testing.T) {
			admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 6), 409, nil)
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 20 {
				t.Errorf("stock %d, want 20", n)
			}
		})
	})
}

// The MRP, the size chart and the colours' display names and swatches go
// through the editor's save to the storefront.
func TestProductMRPSwatchAndSizeChart(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var draft productJSON
		admin.do(t, "POST", "/api/products", nil, 201, &draft)
		body := map[string]any{
			"name": "Mustard Kurta Tee", "price": 899, "mrp": 1299, "sizeChart": " S: chest 38 in\nM: chest 40 in ",
			"tags": "men", "description": "Block print.", "version": draft.Version,
			"variants": []map[string]any{
				{"variantName": "Mustard", "swatch": "#E1AD01", "images": []string{"/uploads/m.png"}, "sizes": []map[string]any{{"size": "M", "stock": 4}}},
				{"variantName": "navy", "images": []string{"/uploads/n.png"}, "sizes": []map[string]any{{"size": "M", "stock": 1}}},
			},
		}
		type shown struct {
			MRP       *float64 `json:"mrp"`
			SizeChart string   `json:"sizeChart"`
			Variants  []struct {
				VariantName string `json:"variantName"`
				Swatch      string `json:"swatch"`
			} `json:"variants"`
			Version string `json:"version"`
		}
		var saved, got shown
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, &saved)
		h.getJSON(t, "/api/products/"+draft.ID, 200, &got)
		if got.MRP == nil || *got.MRP != 1299 || got.SizeChart != "S: chest 38 in\nM: chest 40 in" || len(got.Variants) != 2 ||
			got.Variants[0].VariantName != "Mustard" || got.Variants[0].Swatch != "#e1ad01" || got.Variants[1].Swatch != "#000080" {
			t.Fatalf("storefront product: %+v", got)
		}
		var page struct{ Products []shown }
		h.getJSON(t, "/api/products", 200, &page)
		if len(page.Products) != 1 || page.Products[0].MRP == nil || *page.Products[0].MRP != 1299 {
			t.Errorf("the list's product: %+v", page.Products)
		}

		var m message
		body["version"], body["mrp"] = saved.Version, 799
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 400, &m)
		if m.Message != "The MRP must be at least the price" {
			t.Errorf("an MRP below the price: %q", m.Message)
		}
		body["mrp"] = 899
		body["variants"].([]map[string]any)[0]["swatch"] = "mustard"
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 400, &m)
		if m.Message != "Variant 1 (Mustard): the swatch must be a colour such as #1f2233" {
			t.Errorf("a keyword for a swatch: %q", m.Message)
		}
		body["mrp"] = nil
		body["variants"].([]map[string]any)[0]["swatch"] = "#e1ad01"
		admin.do(t, "PUT", "/api/products/"+draft.ID, body, 200, nil)
		h.getJSON(t, "/api/products/"+draft.ID, 200, &got)
		if got.MRP != nil {
			t.Errorf("the MRP taken away is %v", *got.MRP)
		}
	})
}
func TestProductListSortAndFilterAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db) // Tee i costs Rs 299 + 1000.5 i; its M is in stock unless i%3 == 0

		for _, c := range []struct {
			path  string
			want  []string
			pages int
		}{
			{"/api/products?sort=price_asc", []string{"Tee 01", "Tee 02", "Tee 03"}, 2},
			{"/api/products?sort=price_desc", []string{"Tee 14", "Tee 13", "Tee 12"}, 2},
			{"/api/products?sort=rating", []string{"Tee 04", "Tee 03", "Tee 02"}, 2},
			{"/api/products?minPrice=5000&maxPrice=8000", []string{"Tee 07", "Tee 06", "Tee 05"}, 1},
			{"/api/products?minPrice=5301.5&maxPrice=5301.5", []string{"Tee 05"}, 1},
			{"/api/products?size=m&sort=price_asc", []string{"Tee 01", "Tee 02", "Tee 04", "Tee 05"}, 1},
			{"/api/products?color=TEAL&sort=price_desc&pageNumber=2", []string{"Tee 02", "Tee 01"}, 2},
			{"/api/products?color=red", []string{}, 1},
			{"/api/products?keyword=polo&sort=price_asc", []string{"Tee 05", "Tee 10"}, 1},
			{"/api/products/category/men?pageNumber=2", []string{"Tee 02", "Tee 01"}, 2},
			{"/api/products/category/MEN?sort=price_desc&pageNumber=2", []string{"Tee 02", "Tee 01"}, 2},
			{"/api/products/category/polo?size=M&maxPrice=6000", []string{"Tee 05"}, 1},
		} {
			var got pageJSON
			h.getJSON(t, c.path, http.StatusOK, &got)
			names := firstNames(got.Products, len(c.want))
			if strings.Join(names, ",") != strings.Join(c.want, ",") || got.Pages != c.pages {
				t.Errorf("%s: %q in %d pages, want %q first in %d", c.path, names, got.Pages, c.want, c.pages)
			}
		}
	})
}

func TestProductListRefusesBadFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		for _, base := range []string{"/api/products?keyword=tee&", "/api/products/category/men?"} {
			for _, c := range []struct{ query, says string }{
				{"sort=cheapest", "sort must be one of newest, price_asc, price_desc or rating"},
				{"minPrice=-1", "minPrice must be an amount of rupees from 0, with at most two decimals, such as 499"},
				{"maxPrice=cheap", "maxPrice must be an amount of rupees from 0, with at most two decimals, such as 499"},
				{"maxPrice=10.999", "maxPrice must be an amount of rupees from 0, with at most two decimals, such as 499"},
				{"minPrice=900&maxPrice=100", "minPrice must not be more than maxPrice"},
				{"size=" + strings.Repeat("X", 11), "size must be at most 10 characters"},
				{"color=" + strings.Repeat("r", 21), "color must be at most 20 characters"},
			} {
				var m message
				h.getJSON(t, base+c.query, http.StatusBadRequest, &m)
				if m.Message != c.says {
					t.Errorf("%s%s: %q, want %q", base, c.query, m.Message, c.says)
				}
			}
		}
	})
}

func TestAdminProductSearchAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var found, second pageJSON
		admin.do(t, "GET", "/api/products/admin?keyword=+POLO+", nil, 200, &found)
		if len(found.Products) != 2 || found.Products[0].Name != "Tee 10" || found.Pages != 1 {
			t.Errorf("search polo: %+v", found)
		}
		admin.do(t, "GET", "/api/products/admin?pageNumber=2", nil, 200, &second)
		if len(second.Products) != 2 || second.Pages != 2 || second.Products[1].Name != "Tee 01" {
			t.Errorf("page 2: %d products of %d pages", len(second.Products), second.Pages)
		}
		admin.do(t, "GET", "/api/products/admin?keyword="+strings.Repeat("k", shop.MaxKeywordLength+1), nil, 400, nil)
	})
}

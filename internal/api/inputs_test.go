package api_test

import (
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// PostgreSQL stores no NUL in text and its integers overflow: both came back
// as 500 before, on the very endpoints an outside probe reaches first.
func TestNulAndHugePageAreBadRequests(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Nul Tee", 50000, map[string]int{"M": 5})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		guest := h.client(t)
		product := map[string]any{"name": "Tee", "price": 500, "description": "Soft.", "variants": []variantIn{
			{VariantName: "red", Images: []string{"/uploads/demo/tee.png"}, Sizes: []map[string]any{{"size": "M", "stock": 1}}}}}
		order := orderBody(shop.COD, tee.price, tee.line("M", 1))
		const nul = "a\x00b"
		for _, tc := range []struct {
			name         string
			c            *client
			method, path string
			body         any
		}{
			{"sign-in e-mail", guest, "POST", "/api/users/auth", map[string]any{"loginId": "x" + nul + "@example.com", "password": "secret1"}},
			{"register name", guest, "POST", "/api/users", map[string]any{"name": nul, "email": "n@example.com", "mobileNo": "9000000009", "password": "secret1"}},
			{"code e-mail", guest, "POST", "/api/users/sendOtp", otp("x"+nul+"@example.com", "register")},
			{"profile name", customer, "PUT", "/api/users/profile", map[string]any{"name": nul, "email": "customer@example.com", "mobileNo": "9000000003"}},
			{"search keyword", guest, "GET", "/api/products?keyword=" + "%00", nil},
			{"search keyword not UTF-8", guest, "GET", "/api/products?keyword=" + "%ff%fe", nil},
			{"query key", guest, "GET", "/api/products?" + "%00=1", nil},
			{"product id", guest, "GET", "/api/products/" + "%00", nil},
			{"category", guest, "GET", "/api/products/category/" + "%00", nil},
			{"product name", admin, "PUT", "/api/products/" + tee.productID, withField(product, "name", nul)},
			{"product tags", admin, "PUT", "/api/products/" + tee.productID, withField(product, "tags", []string{nul})},
			{"review comment", customer, "POST", "/api/products/" + tee.productID + "/reviews", map[string]any{"rating": 5, "comment": nul}},
			{"shipping address", customer, "POST", "/api/orders", withField(order, "shippingAddress", withField(address, "address", "14 Residency"+nul+"Road"))},
			{"cart verification", guest, "POST", "/api/orders/cartVerification", map[string]any{"orderItems": []any{withField(tee.line("M", 1), "_id", nul)}}},
			{"a key", guest, "POST", "/api/users/auth", map[string]any{"loginId" + nul: "x@example.com", "password": "secret1"}},
			{"huge page", guest, "GET", "/api/products?pageNumber=9223372036854775807", nil},
			{"huge search page", guest, "GET", "/api/products?keyword=tee&pageNumber=9223372036854775807", nil},
			{"huge admin page", admin, "GET", "/api/products/admin?pageNumber=9223372036854775807", nil},
			{"page past int64", guest, "GET", "/api/products?pageNumber=99999999999999999999", nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var m message
				tc.c.do(t, tc.method, tc.path, tc.body, 400, &m)
				if m.Message == "" {
					t.Error("no message")
				}
			})
		}
		// A header is text too: an order's Idempotency-Key that is not
		// printable ASCII is refused, not sent to the database.
		for _, tc := range []struct{ name, key string }{
			{"Idempotency-Key of Latin-1 bytes, invalid UTF-8", "retry-\xff\xfe"},
			{"Idempotency-Key with a tab", "retry\tkey"},
			{"Idempotency-Key in Devanagari", "कुंजी"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				req := customer.request(t, "POST", "/api/orders", order)
				req.Header.Set("Idempotency-Key", tc.key)
				var m message
				if code := customer.send(t, req, &m); code != 400 || m.Message == "" {
					t.Errorf("Idempotency-Key %q: %d %q, want 400 with a message", tc.key, code, m.Message)
				}
			})
		}
		t.Run("refused requests change nothing", func(t *testing.T) {
			p, err := db.Product(t.Context(), tee.productID)
			if err != nil || p.Name != "Nul Tee" || p.NumReviews != 0 {
				t.Errorf("a refused request changed the product: %+v, %v", p, err)
			}
		})
	})
}

// Every text the shop stores has a maximum the server keeps: one oversize
// value per kind of field is refused with a message naming the field and
// its limit, and nothing is stored.
func TestOversizeTextIsRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Long Tee", 50000, map[string]int{"M": 5})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		long := func(n int) string { return strings.Repeat("a", n) }
		longEmail := long(250) + "@example.com"
		images := func(paths ...string) map[string]any {
			return map[string]any{"name": "Tee", "price": 500, "variants": []variantIn{
				{VariantName: "red", Images: paths, Sizes: []map[string]any{{"size": "M", "stock": 1}}}}}
		}
		product := images("/uploads/demo/tee.png")
		var manyImages []string
		for range 11 {
			manyImages = append(manyImages, "/uploads/demo/tee.png")
		}
		var manyVariants []variantIn
		for i := range 21 {
			manyVariants = append(manyVariants, variantIn{VariantName: "c" + strings.Repeat("x", i), Images: []string{"/uploads/demo/tee.png"}})
		}
		var manyTags []string
		for i := range 21 {
			manyTags = append(manyTags, "t"+strings.Repeat("x", i))
		}
		order := orderBody(shop.COD, tee.price, tee.line("M", 1))
		shipping := func(field, value string) map[string]any {
			return withField(order, "shippingAddress", withField(address, field, value))
		}
		for _, tc := range []struct {
			name         string
			c            *client
			method, path string
			body         any
			want         string // in the message
		}{
			{"shipping address", customer, "POST", "/api/orders", shipping("address", "14 Residency Road "+long(900_000)), "200"},
			{"shipping city", customer, "POST", "/api/orders", shipping("city", long(51)), "50"},
			{"shipping landmark", customer, "POST", "/api/orders", shipping("landmark", long(51)), "50"},
			{"shipping note", customer, "POST", "/api/orders", shipping("shippingNote", long(151)), "150"},
			{"shipping name", customer, "POST", "/api/orders", shipping("shippingName", long(51)), "50"},
			{"shipping e-mail", customer, "POST", "/api/orders", shipping("shippingEmail", longEmail), "254"},
			{"shipping state", customer, "POST", "/api/orders", shipping("state", long(5000)), "state"},
			{"shipping district", customer, "POST", "/api/orders", shipping("district", long(5000)), "district"},
			{"code e-mail", h.client(t), "POST", "/api/users/sendOtp", otp(longEmail, "register"), "valid email"},
			{"profile name", customer, "PUT", "/api/users/profile", map[string]any{"name": long(51), "email": "customer@example.com", "mobileNo": "9000000003"}, "50"},
			{"user by admin", admin, "PUT", "/api/users/" + customerID(t, customer), map[string]any{"name": "C", "email": longEmail, "mobileNo": "9000000003", "role": "customer"}, "254"},
			{"product name", admin, "PUT", "/api/products/" + tee.productID, withField(product, "name", long(121)), "120"},
			{"description", admin, "PUT", "/api/products/" + tee.productID, withField(product, "description", long(4001)), "4000"},
			{"a tag", admin, "PUT", "/api/products/" + tee.productID, withField(product, "tags", long(31)), "30"},
			{"many tags", admin, "PUT", "/api/products/" + tee.productID, withField(product, "tags", manyTags), "20"},
			{"variant name", admin, "PUT", "/api/products/" + tee.productID, withField(product, "variants", []variantIn{{VariantName: long(21), Images: []string{"/uploads/demo/tee.png"}}}), "20"},
			{"many variants", admin, "PUT", "/api/products/" + tee.productID, withField(product, "variants", manyVariants), "20"},
			{"image path", admin, "PUT", "/api/products/" + tee.productID, images("/uploads/" + long(300) + ".png"), "200"},
			{"many images", admin, "PUT", "/api/products/" + tee.productID, images(manyImages...), "10"},
			{"size code", admin, "PUT", "/api/products/" + tee.productID, withField(product, "variants", []variantIn{{VariantName: "red", Images: []string{"/uploads/demo/tee.png"}, Sizes: []map[string]any{{"size": long(11), "stock": 1}}}}), "10"},
			{"review comment", customer, "POST", "/api/products/" + tee.productID + "/reviews", map[string]any{"rating": 5, "comment": long(251)}, "250"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var m message
				tc.c.do(t, tc.method, tc.path, tc.body, 400, &m)
				if !strings.Contains(m.Message, tc.want) {
					t.Errorf("message %q does not give %q", m.Message, tc.want)
				}
			})
		}
		t.Run("refused requests store nothing", func(t *testing.T) {
			p, err := db.Product(t.Context(), tee.productID)
			if err != nil || p.Name != "Long Tee" || p.NumReviews != 0 || p.TotalInStock != 5 {
				t.Errorf("a refused request changed the product: %+v, %v", p, err)
			}
			var u map[string]any
			customer.do(t, "GET", "/api/users/profile", nil, 200, &u)
			if u["email"] != "customer@example.com" || u["name"] != "Customer" {
				t.Errorf("a refused request changed the user: %v", u)
			}
			orders := listed(t, customer, "/api/orders/myorders")
			if len(orders) != 0 {
				t.Errorf("%d orders stored from refused requests", len(orders))
			}
		})
	})
}

func customerID(t *testing.T, c *client) string {
	var u map[string]any
	c.do(t, "GET", "/api/users/profile", nil, 200, &u)
	return u["_id"].(string)
}

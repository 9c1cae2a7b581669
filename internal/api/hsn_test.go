package api_test

import (
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A product carries its HSN code: 6109 until an admin sets another, kept by
// a save that sends none, and copied onto the order lines that sell it.
func TestProductHSN(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Coded Tee", 49900, map[string]int{"M": 10})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		hsnOf := func() string {
			var p struct {
				HSN string `json:"hsn"`
			}
			h.client(t).do(t, "GET", "/api/products/"+tee.productID, nil, 200, &p)
			return p.HSN
		}
		if got := hsnOf(); got != shop.DefaultHSN {
			t.Errorf("a new product's HSN = %q, want 6109", got)
		}
		save := func(hsn any, status int) {
			var form productJSON
			admin.do(t, "GET", "/api/products/admin/"+tee.productID, nil, 200, &form)
			body := editBody(form, "Coded Tee", 10)
			if hsn != nil {
				body["hsn"] = hsn
			}
			admin.do(t, "PUT", "/api/products/"+tee.productID, body, status, nil)
		}
		save("6205", 200)
		save(nil, 200)
		if got := hsnOf(); got != "6205" {
			t.Errorf("HSN after saves = %q, want 6205", got)
		}
		save("62A5", 400)
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var res onlinePlaced
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &res)
		o, err := db.Order(t.Context(), res.Data.ID)
		if err != nil {
			t.Fatal(err)
		}
		if o.Items[0].HSN != "6205" {
			t.Errorf("the order line's HSN = %q, want 6205", o.Items[0].HSN)
		}
	})
}

package api_test

import (
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

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

		var form productJSON
		admin.do(t, "GET", "/api/products/"+tee.productID, nil, 200, &form)
		if form.Version == "" {
			t.Error("the editor's product carries no version")
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 4*49900, tee.line("M", 4)), 201, nil)

		var m message
		admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 10), 409, &m)
		if m.Message != "This product changed since you opened it. Reload to see the current stock." {
			t.Errorf("stale save: %q", m.Message)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 6 {
			t.Fatalf("stock %d after a stale save, want 6: the save undid sales", n)
		}

		// An old client that sends no version cannot move stock either.
		old := editBody(form, "Cotton Tee", 10)
		delete(old, "version")
		admin.do(t, "PUT", "/api/products/"+tee.productID, old, 400, &m)
		if m.Message != "Reload the product and save again: this form is out of date." {
			t.Errorf("save without a version: %q", m.Message)
		}

		// Reloaded, the form shows 6 and saves; then a restock to 20 holds.
		admin.do(t, "GET", "/api/products/"+tee.productID, nil, 200, &form)
		if form.Variants[0].Sizes[0].Stock != 6 {
			t.Fatalf("reloaded stock %d, want 6", form.Variants[0].Sizes[0].Stock)
		}
		var saved productJSON
		admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 6), 200, &saved)
		if saved.Name != "Cotton Tee" || saved.Variants[0].Sizes[0].Stock != 6 || saved.Version != form.Version {
			t.Errorf("saved: %q, stock %d, version %q (was %q)", saved.Name, saved.Variants[0].Sizes[0].Stock, saved.Version, form.Version)
		}
		admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(saved, "Cotton Tee", 20), 200, &saved)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 20 {
			t.Errorf("stock %d after a restock to 20", n)
		}
		// The restock changed the version: the form saved before it is stale now.
		admin.do(t, "PUT", "/api/products/"+tee.productID, editBody(form, "Cotton Tee", 6), 409, nil)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 20 {
			t.Errorf("stock %d, want 20", n)
		}
	})
}

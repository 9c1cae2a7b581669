package api_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestStoreSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "chitra@example.in", "9000000003")
		s := newStory(t)

		s.step("only an admin reads or changes them", func(t *testing.T) {
			h.client(t).do(t, "GET", "/api/settings", nil, 401, nil)
			customer.do(t, "GET", "/api/settings", nil, 403, nil)
			customer.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": "Free returns forever"}, 403, nil)
		})
		s.step("a new shop has the defaults", func(t *testing.T) {
			var got shop.Settings
			admin.do(t, "GET", "/api/settings", nil, 200, &got)
			if !reflect.DeepEqual(got, shop.DefaultSettings()) {
				t.Errorf("got %+v", got)
			}
		})
		s.step("a save is trimmed, kept and read back", func(t *testing.T) {
			var got shop.Settings
			admin.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": "  Returns within 10 days. "}, 200, &got)
			admin.do(t, "GET", "/api/settings", nil, 200, &got)
			if got.ReturnsNote != "Returns within 10 days." {
				t.Errorf("returnsNote = %q", got.ReturnsNote)
			}
		})
		s.step("a save that names no field keeps every field", func(t *testing.T) {
			var got shop.Settings
			admin.do(t, "PUT", "/api/settings", map[string]any{}, 200, &got)
			if got.ReturnsNote != "Returns within 10 days." {
				t.Errorf("returnsNote = %q", got.ReturnsNote)
			}
		})
		s.step("a bad save says why and changes nothing", func(t *testing.T) {
			var m message
			admin.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": strings.Repeat("a", 301)}, 400, &m)
			if m.Message != "The returns note can be at most 300 characters" {
				t.Errorf("message = %q", m.Message)
			}
			admin.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": 7}, 400, nil)
			var got shop.Settings
			admin.do(t, "GET", "/api/settings", nil, 200, &got)
			if got.ReturnsNote != "Returns within 10 days." {
				t.Errorf("returnsNote = %q after refused saves", got.ReturnsNote)
			}
		})
		s.step("the seller's GSTIN is checked with a clear message", func(t *testing.T) {
			var m message
			seller := map[string]any{"legalName": "Haat Apparel Pvt Ltd", "tradeName": "Haat", "gstin": "27AAPFU0939F1ZV",
				"address": "12 Linking Road, Mumbai 400050", "state": "Karnataka", "invoicePrefix": "HT"}
			admin.do(t, "PUT", "/api/settings", map[string]any{"seller": seller}, 400, &m)
			if m.Message != "A GSTIN registered in Karnataka starts with 29, not 27" {
				t.Errorf("message = %q", m.Message)
			}
			seller["state"] = "Maharashtra"
			seller["gstin"] = " 27aapfu0939f1zv "
			var got shop.Settings
			admin.do(t, "PUT", "/api/settings", map[string]any{"seller": seller, "unservedPins": []string{"79", " 560038", "79"},
				"codBlockedPins": []string{"1100"}}, 200, &got)
			if got.Seller.GSTIN != "27AAPFU0939F1ZV" || !got.Seller.Invoices() {
				t.Errorf("seller = %+v", got.Seller)
			}
			if !reflect.DeepEqual(got.UnservedPins, []string{"79", "560038"}) || !reflect.DeepEqual(got.CODBlockedPins, []string{"1100"}) {
				t.Errorf("pins = %v, %v", got.UnservedPins, got.CODBlockedPins)
			}
			if got.ReturnsNote != "Returns within 10 days." {
				t.Errorf("the seller's save changed the returns note to %q", got.ReturnsNote)
			}
		})
	})
}

// A product's page carries the shop's returns note, and the shop's size
// chart when the product has none of its own; a saved setting shows at once.
func TestProductPageShowsShopSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
		plain := stockedProduct(t, db, "Plain Tee", 49900, map[string]int{"M": 3})
		charted := storetest.MustInsertProduct(t, db, shop.Product{Name: "Charted Tee", Price: 49900, Published: true,
			SizeChart: "M: chest 40 in", Variants: []shop.Variant{{VariantName: "Navy", Images: []string{"/uploads/n.png"}}}})
		type page struct {
			ReturnsNote string `json:"returnsNote"`
			SizeChart   string `json:"sizeChart"`
		}
		var got page
		h.getJSON(t, "/api/products/"+plain.productID, 200, &got)
		if got != (page{ReturnsNote: shop.DefaultSettings().ReturnsNote}) {
			t.Errorf("before any settings: %+v", got)
		}
		admin.do(t, "PUT", "/api/settings", map[string]any{"returnsNote": "Returns within 10 days.", "sizeChart": "S: chest 38 in\nM: chest 40 in"}, 200, nil)
		h.getJSON(t, "/api/products/"+plain.productID, 200, &got)
		if got != (page{ReturnsNote: "Returns within 10 days.", SizeChart: "S: chest 38 in\nM: chest 40 in"}) {
			t.Errorf("a product without a chart: %+v", got)
		}
		h.getJSON(t, "/api/products/"+charted, 200, &got)
		if got.SizeChart != "M: chest 40 in" || got.ReturnsNote != "Returns within 10 days." {
			t.Errorf("a product with its own chart: %+v", got)
		}
		var own page
		admin.do(t, "GET", "/api/products/admin/"+plain.productID, nil, 200, &own)
		if own.SizeChart != "" {
			t.Errorf("the editor opens the shop's chart as the product's: %q", own.SizeChart)
		}
	})
}

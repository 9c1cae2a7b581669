package api_test

import (
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// noOrderLimits lets one customer place as many orders as a test needs.
func noOrderLimits(o *api.Options) { o.OrderLimits = &shop.OrderLimits{} }

// One new account placing COD order after COD order is stopped at the
// default of three open ones; a delivered order frees a place.
func TestOpenCODOrderLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Black Polo", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		var first placed
		c.do(t, "POST", "/api/orders", body, 201, &first)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		var m message
		c.do(t, "POST", "/api/orders", body, 409, &m)
		want := "You already have 3 cash-on-delivery orders on the way. Please wait for one to be delivered before placing another."
		if m.Message != want {
			t.Errorf("fourth COD order: %q, want %q", m.Message, want)
		}
		other.do(t, "POST", "/api/orders", body, 201, nil) // another customer is not held back
		// Paying online is not a COD order.
		h.placeOnline(t, c, tee, "M", 1)

		admin.do(t, "PUT", "/api/orders/"+first.Data.ID+"/pay", map[string]any{}, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+first.Data.ID+"/deliver", nil, 200, nil)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		c.do(t, "POST", "/api/orders", body, 409, nil)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 100-6 {
			t.Errorf("stock %d, want %d: only placed orders take stock", n, 100-6)
		}
	})
}

// The burst of the probe: one customer fires twenty COD orders at once;
// exactly three are placed, on both databases.
func TestConcurrentCODOrdersStopAtTheLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Burst Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		codes := c.burst(t, 20, "POST", "/api/orders", body)
		if codes[201] != 3 || codes[409] != 17 {
			t.Errorf("statuses %v, want 3×201 and 17×409", codes)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 97 {
			t.Errorf("stock %d, want 97", n)
		}
	})
}

// Units of one size are capped per customer across open orders, and lines
// of the same size are added up before the per-line cap.
func TestUnitsPerSizeLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		polo := stockedProduct(t, db, "Black Polo", 10000, map[string]int{"M": 100, "L": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var m message

		c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, 20*10000, polo.line("M", 10), polo.line("M", 10)), 400, &m)
		if m.Message != "Maximum Available Stock Quantity Reached" {
			t.Errorf("two lines of 10 of one size: %q", m.Message)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 6*10000, polo.line("M", 6)), 201, nil)
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 9*10000, polo.line("L", 4), polo.line("M", 5)), 409, &m)
		want := "You can have at most 10 of Black Polo (olive), size M, across your open orders. You already have 6."
		if m.Message != want {
			t.Errorf("over the units limit: %q, want %q", m.Message, want)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 8*10000, polo.line("L", 4), polo.line("M", 4)), 201, nil)
		if n := stockOf(t, db, polo.productID, polo.sizes["M"]); n != 90 {
			t.Errorf("stock of M %d, want 90", n)
		}
	})
}

// With both limits set to 0 a customer may order as often as stock allows.
func TestOrderLimitsOff(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits)
		tee := stockedProduct(t, db, "Free Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		for range 5 {
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 5*49900, tee.line("M", 5)), 201, nil)
		}
		var m message
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 11*49900, tee.line("M", 6), tee.line("M", 5)), 400, &m)
		if m.Message != "Maximum Available Stock Quantity Reached" {
			t.Errorf("lines of one size are still merged: %q", m.Message)
		}
	})
}

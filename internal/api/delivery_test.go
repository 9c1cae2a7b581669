package api_test

import (
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestDeliveryAndPinCodes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "asha@example.in", "9000000001")
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		tee := stockedProduct(t, db, "Delivered Tee", 49900, map[string]int{"M": 10})
		s := newStory(t)

		s.step("a pin code in another state is refused, for orders and the address book", func(t *testing.T) {
			var m message
			body := orderBody(shop.COD, tee.price, tee.line("M", 1))
			body["shippingAddress"] = withField(address, "pinCode", "400001")
			c.do(t, "POST", "/api/orders", body, 400, &m)
			if m.Message != "Pin code 400001 is not in Karnataka" {
				t.Errorf("order: %q", m.Message)
			}
			c.do(t, "POST", "/api/users/addresses", withField(address, "pinCode", "110001"), 400, &m)
			if m.Message != "Pin code 110001 is not in Karnataka" {
				t.Errorf("address book: %q", m.Message)
			}
		})
		admin.do(t, "PUT", "/api/settings", map[string]any{"unservedPins": []string{"560001", "7"}, "codBlockedPins": []string{"560025"}}, 200, nil)

		s.step("the Check delivery answer for a served, an unserved and a COD-blocked pin", func(t *testing.T) {
			for _, tc := range []struct {
				pin, state       string
				serviceable, cod bool
				message          string
			}{
				{"560038", "Karnataka", true, true, "Delivery available to 560038, with cash on delivery."},
				{"560025", "Karnataka", true, false, "Delivery available to 560025. Cash on delivery is not available there: please pay online."},
				{"560001", "Karnataka", false, false, "Sorry, we do not deliver to 560001 yet."},
			} {
				var d shop.Delivery
				h.client(t).do(t, "GET", "/api/delivery/"+tc.pin, nil, 200, &d)
				want := shop.Delivery{PinCode: tc.pin, State: tc.state, Serviceable: tc.serviceable, COD: tc.cod, Message: tc.message}
				if d != want {
					t.Errorf("delivery to %s = %+v, want %+v", tc.pin, d, want)
				}
			}
			h.client(t).do(t, "GET", "/api/delivery/5600", nil, 400, nil)
		})
		s.step("checkout refuses an unserved pin, and COD to a COD-blocked one", func(t *testing.T) {
			var m message
			body := orderBody(shop.COD, tee.price, tee.line("M", 1))
			body["shippingAddress"] = withField(address, "pinCode", "560001")
			c.do(t, "POST", "/api/orders", body, 400, &m)
			if m.Message != "Sorry, we do not deliver to 560001 yet." {
				t.Errorf("unserved: %q", m.Message)
			}
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 400, &m) // 560025
			if m.Message != "Delivery available to 560025. Cash on delivery is not available there: please pay online." {
				t.Errorf("COD-blocked: %q", m.Message)
			}
			h.placeOnline(t, c, tee, "M", 1)
		})
	})
}

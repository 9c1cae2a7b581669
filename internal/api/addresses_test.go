package api_test

import (
	"fmt"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type savedAddress struct {
	ID string `json:"_id"`
	shop.ShippingAddress
	IsDefault bool `json:"isDefault"`
}

func addressIn(city string) map[string]any {
	return map[string]any{"shippingName": " Chitra ", "shippingEmail": "Chitra@Example.in", "shippingPhoneNumber": "9000000003",
		"address": "14 Residency Road", "city": city, "district": "Bengaluru Urban", "state": "Karnataka", "pinCode": "560025",
		"landmark": "Near Richmond Circle", "shippingNote": "Ring twice"}
}

func TestAddressBook(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		chitra := h.signIn(t, shop.RoleCustomer, "chitra@example.in", "9000000003")
		ravi := h.signIn(t, shop.RoleCustomer, "ravi@example.in", "9000000004")
		var home, office savedAddress
		s := newStory(t)

		s.step("a guest has no address book", func(t *testing.T) {
			h.client(t).do(t, "GET", "/api/users/addresses", nil, 401, nil)
			h.client(t).do(t, "POST", "/api/users/addresses", addressIn("Bengaluru"), 401, nil)
		})
		s.step("an address is checked as a shipping address is", func(t *testing.T) {
			for _, tc := range []struct {
				field string
				value any
				want  string
			}{
				{"pinCode", "5600", "Pin code must be 6 digits"},
				{"city", "Goa", "City must be at least 4 characters"},
				{"district", "Pune", "Please choose a district of Karnataka from the list"},
				{"state", "Atlantis", "Please choose a state from the list"},
			} {
				var m message
				chitra.do(t, "POST", "/api/users/addresses", withField(addressIn("Bengaluru"), tc.field, tc.value), 400, &m)
				if m.Message != tc.want {
					t.Errorf("%s %v: %q, want %q", tc.field, tc.value, m.Message, tc.want)
				}
			}
		})
		s.step("the first address saved is trimmed and becomes the default", func(t *testing.T) {
			chitra.do(t, "POST", "/api/users/addresses", addressIn("Bengaluru"), 201, &home)
			if !home.IsDefault || home.ShippingName != "Chitra" || home.ShippingEmail != "chitra@example.in" || home.ID == "" {
				t.Errorf("saved %+v", home)
			}
		})
		s.step("a second is not the default until marked", func(t *testing.T) {
			chitra.do(t, "POST", "/api/users/addresses", addressIn("Mysuru"), 201, &office)
			if office.IsDefault {
				t.Errorf("second address is the default: %+v", office)
			}
			var changed savedAddress
			chitra.do(t, "PUT", "/api/users/addresses/"+office.ID, withField(addressIn("Mysuru City"), "isDefault", true), 200, &changed)
			var list []savedAddress
			chitra.do(t, "GET", "/api/users/addresses", nil, 200, &list)
			if len(list) != 2 || list[0].ID != office.ID || !list[0].IsDefault || list[0].City != "Mysuru City" || list[1].IsDefault {
				t.Errorf("book %+v: want the changed office first, as the only default", list)
			}
		})
		s.step("another customer neither sees nor touches them", func(t *testing.T) {
			var list []savedAddress
			ravi.do(t, "GET", "/api/users/addresses", nil, 200, &list)
			if len(list) != 0 {
				t.Errorf("another's book lists %+v", list)
			}
			ravi.do(t, "PUT", "/api/users/addresses/"+home.ID, addressIn("Taken"), 404, nil)
			ravi.do(t, "DELETE", "/api/users/addresses/"+home.ID, nil, 404, nil)
			chitra.do(t, "DELETE", "/api/users/addresses/not-an-id", nil, 404, nil)
		})
		s.step("deleting the default passes it on", func(t *testing.T) {
			chitra.do(t, "DELETE", "/api/users/addresses/"+office.ID, nil, 200, nil)
			var list []savedAddress
			chitra.do(t, "GET", "/api/users/addresses", nil, 200, &list)
			if len(list) != 1 || list[0].ID != home.ID || !list[0].IsDefault {
				t.Errorf("book %+v: want home, now the default", list)
			}
		})
		s.step("a full book takes no more", func(t *testing.T) {
			for i := 1; i < shop.MaxSavedAddresses; i++ {
				chitra.do(t, "POST", "/api/users/addresses", addressIn(fmt.Sprintf("City %02d", i)), 201, nil)
			}
			var m message
			chitra.do(t, "POST", "/api/users/addresses", addressIn("One Too Many"), 409, &m)
			if m.Message != shop.ErrAddressBookFull.Message {
				t.Errorf("a full book: %q", m.Message)
			}
			// Changing one still works.
			chitra.do(t, "PUT", "/api/users/addresses/"+home.ID, addressIn("Bengaluru"), 200, nil)
		})
	})
}

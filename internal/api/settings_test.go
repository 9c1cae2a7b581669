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
	})
}

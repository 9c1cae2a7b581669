package api_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A signed-in shopper's catalogue reads, pages and files cost no session
// lookup: with the cache warm they send the database nothing at all. The
// routes that need the user still find them, and one that finds the
// session expired clears the cookie.
func TestSessionReadOnlyWhereNeeded(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedSyncedCatalogue(t, db)
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		guest := h.client(t)
		public := []string{
			"/api/products", "/api/products/" + id, "/api/products/top", "/api/products/categories",
			"/api/config", "/", "/product/" + id, "/assets/index-abc123.js", "/uploads/demo/tee.png",
		}
		s := newStory(t)

		s.step("a signed-in shopper warms the public reads", func(t *testing.T) {
			for _, path := range public {
				if status, _ := customer.fetch(t, path); status != http.StatusOK {
					t.Fatalf("GET %s: status %d", path, status)
				}
			}
		})
		s.step("warm public reads send no query and set no cookie", func(t *testing.T) {
			for _, path := range public {
				var set []*http.Cookie
				if n := queriesFor(db, func() { _, set = customer.fetch(t, path) }); n != 0 || set != nil {
					t.Errorf("GET %s with a session cookie, cache warm: %d queries, cookies set %v; want none", path, n, set)
				}
			}
		})
		s.step("routes that need the user find them and refuse a guest", func(t *testing.T) {
			for _, path := range []string{"/api/users/profile", "/api/orders/myorders"} {
				if status, _ := customer.fetch(t, path); status != http.StatusOK {
					t.Errorf("GET %s as the customer: status %d", path, status)
				}
				if status, _ := guest.fetch(t, path); status != http.StatusUnauthorized {
					t.Errorf("GET %s as a guest: status %d", path, status)
				}
			}
		})
		s.step("with the session expired a catalogue read sets no cookie", func(t *testing.T) {
			h.clock.advance(5*24*time.Hour + time.Minute)
			if status, set := customer.fetch(t, "/api/products"); status != http.StatusOK || set != nil {
				t.Errorf("a catalogue read with an expired session: status %d, cookies set %v", status, set)
			}
		})
		s.step("with the session expired the profile clears the cookie", func(t *testing.T) {
			status, set := customer.fetch(t, "/api/users/profile")
			if status != http.StatusUnauthorized || len(set) != 1 || set[0].MaxAge >= 0 {
				t.Errorf("the profile with an expired session: status %d, cookies set %v; want 401 and the cookie cleared", status, set)
			}
		})
	})
}

// Logout revokes the session whether or not it is still valid, and clears
// the cookie.
func TestLogoutEndsTheSession(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		resp := customer.do(t, "POST", "/api/users/logout", nil, 200, nil)
		cleared := false
		for _, ck := range resp.Cookies() {
			cleared = cleared || ck.Name == auth.CookieName && ck.MaxAge < 0
		}
		if !cleared {
			t.Error("logout left the cookie")
		}
		customer.do(t, "GET", "/api/users/profile", nil, 401, nil)
		h.client(t).do(t, "POST", "/api/users/logout", nil, 200, nil)
	})
}

// A signed-in shopper's cached read of the product list costs what a
// guest's does: neither reads the session. Both report their queries a
// read (0 once the cache is warm).
func BenchmarkCachedProductList(b *testing.B) {
	for _, d := range storetest.Each(b) {
		h := newHarness(b, d.DB)
		seedSyncedCatalogue(b, d.DB)
		customer := h.signIn(b, shop.RoleCustomer, "customer@example.com", "9000000003")
		u, err := url.Parse(h.URL)
		if err != nil {
			b.Fatal(err)
		}
		cookies := customer.http.Jar.Cookies(u)
		if len(cookies) == 0 {
			b.Fatal("the customer has no session cookie")
		}
		for _, who := range []struct {
			name    string
			cookies []*http.Cookie
		}{{"guest", nil}, {"customer", cookies}} {
			b.Run(d.Name+"/"+who.name, func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, "/api/products", nil)
				req.Header.Set("Accept-Encoding", "gzip")
				for _, ck := range who.cookies {
					req.AddCookie(ck)
				}
				read := func() {
					rec := httptest.NewRecorder()
					h.Config.Handler.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("status %d", rec.Code)
					}
				}
				read()
				before := d.DB.QueryCount()
				for b.Loop() {
					read()
				}
				b.ReportMetric(float64(d.DB.QueryCount()-before)/float64(b.N), "queries/op")
			})
		}
	}
}

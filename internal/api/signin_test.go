package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestLoginLogout(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		u := addUser(t, db, "Chitra Customer", "customer@example.com", "9000000003", "haat-demo", shop.RoleCustomer)
		c := h.client(t)
		var info map[string]any // the first sign-in's answer
		var cookie *http.Cookie // and its session cookie
		s := newStory(t)

		s.step("signing in by e-mail answers the user and sets a 5-day session cookie", func(t *testing.T) {
			resp := c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "Customer@Example.com ", "password": "haat-demo"}, 200, &info)
			for _, k := range []string{"_id", "name", "email", "mobileNo", "role", "loginExpire", "previousSession"} {
				if _, ok := info[k]; !ok {
					t.Errorf("login response lacks %q: %v", k, info)
				}
			}
			if info["_id"] != u.ID || info["role"] != "customer" || info["previousSession"] != nil {
				t.Errorf("first login: %v", info)
			}
			for _, ck := range resp.Cookies() {
				if ck.Name == auth.CookieName {
					cookie = ck
				}
			}
			if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.MaxAge < 4*86400 || cookie.MaxAge > 5*86400 {
				t.Fatalf("session cookie = %+v; want HttpOnly, Lax, 5 days", cookie)
			}
		})
		s.step("the answer carries no secret", func(t *testing.T) {
			raw, _ := json.Marshal(info)
			if strings.Contains(string(raw), cookie.Value) || strings.Contains(string(raw), "haat-demo") || strings.Contains(string(raw), "argon") {
				t.Errorf("a secret is in the login response: %s", raw)
			}
		})
		s.step("the session is stored", func(t *testing.T) {
			if _, _, err := db.SessionUser(t.Context(), auth.HashToken(cookie.Value), time.Now()); err != nil {
				t.Fatalf("session not stored: %v", err)
			}
		})
		s.step("signing in by mobile to stay signed in lasts 30 days and shows the previous sign-in", func(t *testing.T) {
			var info map[string]any
			resp := h.client(t).do(t, "POST", "/api/users/auth", map[string]any{"loginId": "9000000003", "password": "haat-demo", "loggedIn": true}, 200, &info)
			if info["previousSession"] == nil {
				t.Errorf("second login has no previousSession: %v", info)
			}
			for _, ck := range resp.Cookies() {
				if ck.Name == auth.CookieName && ck.MaxAge < 29*86400 {
					t.Errorf("stay-logged-in cookie lasts %d s, want 30 days", ck.MaxAge)
				}
			}
		})
		s.step("a wrong password and an unknown user get the same answer", func(t *testing.T) {
			var wrong, unknown message
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": "nope-nope"}, 401, &wrong)
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ghost@example.com", "password": "nope-nope"}, 401, &unknown)
			if wrong.Message != unknown.Message || wrong.Message == "" {
				t.Errorf("wrong password says %q, unknown user %q; want the same", wrong.Message, unknown.Message)
			}
		})
		s.step("empty credentials are a bad request", func(t *testing.T) {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "", "password": ""}, 400, nil)
		})
		s.step("logout ends the session", func(t *testing.T) {
			c.do(t, "POST", "/api/users/logout", nil, 200, nil)
			if _, _, err := db.SessionUser(t.Context(), auth.HashToken(cookie.Value), time.Now()); err == nil {
				t.Error("the session survived logout")
			}
		})
	})
}

func TestLoginRateLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		addUser(t, db, "Asha", "asha@example.com", "9000000011", "right-pass", shop.RoleCustomer)
		c := h.client(t)
		// Successful sign-ins do not count: many people share one address.
		for i := 0; i < 15; i++ {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "right-pass"}, 200, nil)
		}
		for i := 0; i < 10; i++ {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "wrong"}, 401, nil)
		}
		var m message
		resp := c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "right-pass"}, 429, &m)
		if resp.Header.Get("Retry-After") == "" || !strings.Contains(m.Message, "Too many attempts") {
			t.Errorf("429 without Retry-After or message: %q", m.Message)
		}
	})
}

func TestSessionExpires(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.signUp(t, "Short Stay", "short@example.in", "9833333333", "pass-word")
		h.clock.advance(5*24*time.Hour + time.Minute)
		c.do(t, "GET", "/api/users/profile", nil, 401, nil)
	})
}

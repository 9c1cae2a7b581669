package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// client is a browser-like client of the harness with its own cookie jar.
type client struct {
	h    *harness
	http *http.Client
}

func (h *harness) client(t testing.TB) *client {
	jar, _ := cookiejar.New(nil)
	return &client{h: h, http: &http.Client{Jar: jar}}
}

// request builds a JSON request.
func (c *client) request(t testing.TB, method, path string, body any) *http.Request {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Error(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.h.URL+path, rd)
	if err != nil {
		t.Error(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// send sends req from any goroutine and decodes the answer into out, if
// not nil; it returns the status.
func (c *client) send(t *testing.T, req *http.Request, out any) int {
	resp, err := c.http.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// do sends a JSON request and decodes the JSON answer into out (if not nil).
func (c *client) do(t testing.TB, method, path string, body any, wantStatus int, out any) *http.Response {
	t.Helper()
	resp, err := c.http.Do(c.request(t, method, path, body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("%s %s: status %d, want %d; body %s", method, path, resp.StatusCode, wantStatus, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", method, path, raw, err)
		}
	}
	return resp
}

type message struct {
	Message string `json:"message"`
}

func addUser(t testing.TB, db *store.DB, name, email, mobile, password string, role shop.Role) shop.User {
	t.Helper()
	hash, err := auth.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.InsertUser(t.Context(), shop.NewUser{Name: name, Email: email, MobileNo: mobile, Role: role}, hash, true)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestLoginLogout(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		u := addUser(t, db, "Chitra Customer", "customer@example.com", "9000000003", "haat-demo", shop.RoleCustomer)
		c := h.client(t)

		var info map[string]any
		resp := c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "Customer@Example.com ", "password": "haat-demo"}, 200, &info)
		for _, k := range []string{"_id", "name", "email", "mobileNo", "role", "loginExpire", "previousSession"} {
			if _, ok := info[k]; !ok {
				t.Errorf("login response lacks %q: %v", k, info)
			}
		}
		if info["_id"] != u.ID || info["role"] != "customer" || info["previousSession"] != nil {
			t.Errorf("first login: %v", info)
		}
		var cookie *http.Cookie
		for _, ck := range resp.Cookies() {
			if ck.Name == auth.CookieName {
				cookie = ck
			}
		}
		if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.MaxAge < 4*86400 || cookie.MaxAge > 5*86400 {
			t.Fatalf("session cookie = %+v; want HttpOnly, Lax, 5 days", cookie)
		}
		raw, _ := json.Marshal(info)
		if strings.Contains(string(raw), cookie.Value) || strings.Contains(string(raw), "haat-demo") || strings.Contains(string(raw), "argon") {
			t.Errorf("a secret is in the login response: %s", raw)
		}
		if _, _, err := db.SessionUser(t.Context(), auth.HashToken(cookie.Value), time.Now()); err != nil {
			t.Fatalf("session not stored: %v", err)
		}

		// By mobile, staying logged in: 30 days, and the previous sign-in shows.
		c2 := h.client(t)
		resp = c2.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "9000000003", "password": "haat-demo", "loggedIn": true}, 200, &info)
		if info["previousSession"] == nil {
			t.Errorf("second login has no previousSession: %v", info)
		}
		for _, ck := range resp.Cookies() {
			if ck.Name == auth.CookieName && ck.MaxAge < 29*86400 {
				t.Errorf("stay-logged-in cookie lasts %d s, want 30 days", ck.MaxAge)
			}
		}

		var wrong, unknown message
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": "nope-nope"}, 401, &wrong)
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ghost@example.com", "password": "nope-nope"}, 401, &unknown)
		if wrong.Message != unknown.Message || wrong.Message == "" {
			t.Errorf("wrong password says %q, unknown user %q; want the same", wrong.Message, unknown.Message)
		}
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "", "password": ""}, 400, nil)

		c.do(t, "POST", "/api/users/logout", nil, 200, nil)
		if _, _, err := db.SessionUser(t.Context(), auth.HashToken(cookie.Value), time.Now()); err == nil {
			t.Error("the session survived logout")
		}
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

func TestCrossSiteWriteRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		req, _ := http.NewRequest("POST", h.URL+"/api/users/logout", nil)
		req.Header.Set("Origin", "https://evil.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("cross-site POST: %d, want 403", resp.StatusCode)
		}
	})
}

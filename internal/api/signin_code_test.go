package api_test

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func loginCode(loginID string) map[string]any { return map[string]any{"loginId": loginID} }

func withCode(loginID, code string) map[string]any {
	return map[string]any{"loginId": loginID, "code": code, "loggedIn": true}
}

// otherThan is a six-digit code that is not code.
func otherThan(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestSignInWithACode(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, withTexts)
		u := addUser(t, db, "Ravi Kumar", "ravi@example.in", "9811111111", "haat-demo", shop.RoleCustomer)
		c := h.client(t)
		var known map[string]any // the answer to a code asked for by e-mail
		s := newStory(t)

		s.step("a code asked for by e-mail is mailed to the account, and not texted", func(t *testing.T) {
			c.do(t, "POST", "/api/users/sendLoginCode", loginCode(" Ravi@Example.in "), 200, &known)
			if known["success"] != true || !strings.Contains(known["message"].(string), "ravi@example.in") {
				t.Errorf("answer %v", known)
			}
			if n := mailsTo(h.sent(t), "ravi@example.in", "one-time code"); n != 1 {
				t.Errorf("%d codes mailed, want 1", n)
			}
			if texts := h.texted(t); len(texts) != 0 {
				t.Errorf("texted %q for a code asked for by e-mail", texts)
			}
		})
		s.step("the code signs in, answering as a password does", func(t *testing.T) {
			code := h.lastCode(t, "ravi@example.in")
			var byCode, byPassword map[string]any
			resp := c.do(t, "POST", "/api/users/authCode", withCode("ravi@example.in", code), 200, &byCode)
			h.client(t).do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ravi@example.in", "password": "haat-demo"}, 200, &byPassword)
			if keys := slices.Sorted(maps.Keys(byCode)); !slices.Equal(keys, slices.Sorted(maps.Keys(byPassword))) || byCode["_id"] != u.ID {
				t.Errorf("by code %v, by password %v", byCode, byPassword)
			}
			var cookie *http.Cookie
			for _, ck := range resp.Cookies() {
				if ck.Name == auth.CookieName {
					cookie = ck
				}
			}
			if cookie == nil || cookie.MaxAge < 6*86400 {
				t.Errorf("stay logged in: cookie %+v", cookie)
			}
			c.do(t, "GET", "/api/users/profile", nil, 200, nil)
			var m message
			h.client(t).do(t, "POST", "/api/users/authCode", withCode("ravi@example.in", code), 400, &m)
			if !strings.Contains(m.Message, "expired or was not requested") {
				t.Errorf("a code used twice: %q", m.Message)
			}
		})
		s.step("asked for by mobile number, the code is texted too, and either signs in", func(t *testing.T) {
			h.clock.advance(auth.OTPResendWait)
			var byMobile map[string]any
			h.client(t).do(t, "POST", "/api/users/sendLoginCode", loginCode("9811111111"), 200, &byMobile)
			if !strings.Contains(byMobile["message"].(string), "by SMS") {
				t.Errorf("answer %v does not say the code is texted", byMobile)
			}
			code := h.lastCode(t, "ravi@example.in")
			if texts := h.texted(t); !slices.Equal(texts, []string{"9811111111 " + code}) {
				t.Errorf("texted %q, want the mailed code %s", texts, code)
			}
			h.client(t).do(t, "POST", "/api/users/authCode", withCode("9811111111", code), 200, nil)
		})
		s.step("an unknown name is answered as a known one and sent nothing", func(t *testing.T) {
			h.clock.advance(auth.OTPResendWait)
			sentBefore, textedBefore := len(h.sent(t)), len(h.texted(t))
			var unknown map[string]any
			h.client(t).do(t, "POST", "/api/users/sendLoginCode", loginCode("nobody@example.in"), 200, &unknown)
			if strings.Replace(unknown["message"].(string), "nobody@", "ravi@", 1) != known["message"] || unknown["success"] != true {
				t.Errorf("unknown %v, known %v", unknown, known)
			}
			h.client(t).do(t, "POST", "/api/users/sendLoginCode", loginCode("9899999999"), 200, nil)
			if len(h.sent(t)) != sentBefore || len(h.texted(t)) != textedBefore {
				t.Error("a code was sent for a name no account has")
			}
			// The wait before another code, a wrong code and too many tries read the same.
			c.do(t, "POST", "/api/users/sendLoginCode", loginCode("ravi@example.in"), 200, nil)
			var waitKnown, waitUnknown message
			c.do(t, "POST", "/api/users/sendLoginCode", loginCode("ravi@example.in"), 429, &waitKnown)
			c.do(t, "POST", "/api/users/sendLoginCode", loginCode("nobody@example.in"), 429, &waitUnknown)
			if waitKnown != waitUnknown {
				t.Errorf("waits %q and %q", waitKnown.Message, waitUnknown.Message)
			}
			wrong := otherThan(h.lastCode(t, "ravi@example.in"))
			for i := 0; i < auth.OTPMaxTries+1; i++ {
				var k, n message
				c.do(t, "POST", "/api/users/authCode", withCode("ravi@example.in", wrong), 400, &k)
				c.do(t, "POST", "/api/users/authCode", withCode("nobody@example.in", wrong), 400, &n)
				if k != n {
					t.Errorf("try %d: known %q, unknown %q", i+1, k.Message, n.Message)
				}
			}
		})
		s.step("five wrong tries use a code up", func(t *testing.T) {
			var m message
			c.do(t, "POST", "/api/users/authCode", withCode("ravi@example.in", h.lastCode(t, "ravi@example.in")), 400, &m)
			if m.Message != store.ErrOTPTooMany.Message {
				t.Errorf("the right code after %d wrong tries: %q", auth.OTPMaxTries, m.Message)
			}
		})
		s.step("a code is six digits, and both fields are needed", func(t *testing.T) {
			for _, tc := range []struct {
				loginID, code, want string
			}{
				{"ravi@example.in", "12345", "Please enter a valid 6-digit OTP"},
				{"ravi@example.in", "", "Please fill all the fields"},
				{" ", "123456", "Please fill all the fields"},
			} {
				var m message
				c.do(t, "POST", "/api/users/authCode", withCode(tc.loginID, tc.code), 400, &m)
				if m.Message != tc.want {
					t.Errorf("%q %q: %q, want %q", tc.loginID, tc.code, m.Message, tc.want)
				}
			}
			var m message
			c.do(t, "POST", "/api/users/sendLoginCode", loginCode("  "), 400, &m)
			if m.Message != "Please enter your email address or mobile number" {
				t.Errorf("no name: %q", m.Message)
			}
		})
	})
}

// Sign-in codes share an account's budget of codes, whichever of its names
// asks; a shop that cannot text sends them by e-mail only.
func TestSignInCodesAreLimitedPerAccount(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		addUser(t, db, "Ravi Kumar", "ravi@example.in", "9811111111", "haat-demo", shop.RoleCustomer)
		for i, name := range []string{"ravi@example.in", "9811111111", "ravi@example.in", "9811111111", "ravi@example.in"} {
			var m message
			h.client(t).do(t, "POST", "/api/users/sendLoginCode", loginCode(name), 200, &m)
			if strings.Contains(m.Message, "SMS") {
				t.Errorf("code %d: a shop that cannot text says %q", i+1, m.Message)
			}
			h.clock.advance(auth.OTPResendWait)
		}
		var m message
		h.client(t).do(t, "POST", "/api/users/sendLoginCode", loginCode("9811111111"), 429, &m)
		if !strings.HasPrefix(m.Message, "Too many attempts") {
			t.Errorf("a sixth code in the hour: %q", m.Message)
		}
		if n := mailsTo(h.sent(t), "ravi@example.in", "one-time code"); n != 5 || len(h.texted(t)) != 0 {
			t.Errorf("%d codes mailed and %d texted, want 5 and none", n, len(h.texted(t)))
		}
	})
}

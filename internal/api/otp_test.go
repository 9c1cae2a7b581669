package api_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// lastCode is the code in the newest mail to email.
func (h *harness) lastCode(t *testing.T, email string) string {
	t.Helper()
	sent := h.sent(t)
	for i := len(sent) - 1; i >= 0; i-- {
		if sent[i].To == email {
			if code := sixDigits.FindString(sent[i].Text); code != "" {
				return code
			}
		}
	}
	t.Fatalf("no code mailed to %s", email)
	return ""
}

func otp(email, reqType string) map[string]any {
	return map[string]any{"email": email, "reqType": reqType}
}

func verify(email, reqType, code string) map[string]any {
	return map[string]any{"email": email, "reqType": reqType, "otp": code}
}

func TestOTPExpiryTriesAndSignupWindow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.client(t)
		s := newStory(t)

		s.step("a code is refused after 10 minutes", func(t *testing.T) {
			c.do(t, "POST", "/api/users/sendOtp", otp("late@example.in", "register"), 200, nil)
			code := h.lastCode(t, "late@example.in")
			h.clock.advance(10*time.Minute + time.Second)
			var m message
			c.do(t, "POST", "/api/users/verifyOtp", verify("late@example.in", "register", code), 400, &m)
			if !strings.Contains(m.Message, "expired") {
				t.Errorf("expired code: %q", m.Message)
			}
		})
		s.step("five wrong tries use a code up", func(t *testing.T) {
			c.do(t, "POST", "/api/users/sendOtp", otp("late@example.in", "register"), 200, nil)
			code := h.lastCode(t, "late@example.in")
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			for i := 0; i < 5; i++ {
				c.do(t, "POST", "/api/users/verifyOtp", verify("late@example.in", "register", wrong), 400, nil)
			}
			var m message
			c.do(t, "POST", "/api/users/verifyOtp", verify("late@example.in", "register", code), 400, &m)
			if !strings.Contains(m.Message, "too many") {
				t.Errorf("right code after 5 wrong tries: %q", m.Message)
			}
		})
		s.step("a verified address must sign up within 30 minutes", func(t *testing.T) {
			h.clock.advance(time.Minute)
			c.do(t, "POST", "/api/users/sendOtp", otp("late@example.in", "register"), 200, nil)
			c.do(t, "POST", "/api/users/verifyOtp", verify("late@example.in", "register", h.lastCode(t, "late@example.in")), 200, nil)
			h.clock.advance(31 * time.Minute)
			var m message
			c.do(t, "POST", "/api/users", map[string]any{"name": "Late", "email": "late@example.in", "mobileNo": "9876500000", "password": "secret1"}, 400, &m)
			if !strings.Contains(m.Message, "verify") {
				t.Errorf("sign-up 31 minutes after verifying: %q", m.Message)
			}
		})
	})
}

func TestPasswordReset(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		old := h.signUp(t, "Ravi Kumar", "ravi@example.in", "9811111111", "old-pass")
		c := h.client(t)

		var known, unknown map[string]any
		c.do(t, "POST", "/api/users/sendOtp", otp("ravi@example.in", "resetPassword"), 200, &known)
		c.do(t, "POST", "/api/users/sendOtp", otp("nobody@example.in", "resetPassword"), 200, &unknown)
		if strings.Replace(known["message"].(string), "ravi@", "", 1) != strings.Replace(unknown["message"].(string), "nobody@", "", 1) {
			t.Errorf("known %v and unknown %v addresses get different answers", known, unknown)
		}
		for _, m := range h.sent(t) {
			if m.To == "nobody@example.in" {
				t.Error("a code was mailed to an address with no account")
			}
		}
		var m message
		c.do(t, "POST", "/api/users/verifyOtp", verify("ravi@example.in", "resetPassword", h.lastCode(t, "ravi@example.in")), 200, &m)
		if m.Message != "Please check your email for the new password." {
			t.Errorf("reset: %q", m.Message)
		}
		sent := h.sent(t)
		last := sent[len(sent)-1]
		newPass := regexp.MustCompile(`(?m)^\s+(\S{10})$`).FindStringSubmatch(last.Text)
		if last.To != "ravi@example.in" || newPass == nil {
			t.Fatalf("new password mail: %+v", last)
		}
		old.do(t, "GET", "/api/users/profile", nil, 401, nil)
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ravi@example.in", "password": "old-pass"}, 401, nil)
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ravi@example.in", "password": newPass[1]}, 200, nil)
		if strings.Contains(h.logs.String(), newPass[1]) {
			t.Error("the new password is in the log")
		}
	})
}

func TestACodeIsMailedAsSoonAsItIsQueued(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// The harness's sender polls once an hour: only the commit that
		// queued the code can wake it in time.
		h := newHarness(t, db)
		h.client(t).do(t, "POST", "/api/users/sendOtp", otp("quick@example.in", "register"), 200, nil)
		for deadline := time.Now().Add(10 * time.Second); mailsTo(h.mail.Sent(), "quick@example.in", "one-time code") == 0; {
			if time.Now().After(deadline) {
				t.Fatal("the code was not mailed within 10 s of being queued")
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

// The reset's other path: the customer chooses the new password, sent with
// the code; the mail then only says it changed.
func TestPasswordResetWithAChosenPassword(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		old := h.signUp(t, "Ravi Kumar", "ravi@example.in", "9811111111", "old-pass")
		c := h.client(t)
		c.do(t, "POST", "/api/users/sendOtp", otp("ravi@example.in", "resetPassword"), 200, nil)
		code := h.lastCode(t, "ravi@example.in")
		sentBefore := len(h.sent(t))

		var m message
		c.do(t, "POST", "/api/users/verifyOtp", withField(verify("ravi@example.in", "resetPassword", code), "password", "short"), 400, &m)
		if m.Message != "Your password must contains atleast 6 characters" {
			t.Errorf("a short password: %q", m.Message)
		}
		// A refused password leaves the code for another try.
		c.do(t, "POST", "/api/users/verifyOtp", withField(verify("ravi@example.in", "resetPassword", code), "password", "new-pass-7"), 200, &m)
		if m.Message != "Your new password is set. Please sign in with it." {
			t.Errorf("reset: %q", m.Message)
		}
		sent := h.sent(t)[sentBefore:]
		if len(sent) != 1 || sent[0].Subject != "Haat: your password was changed" || strings.Contains(sent[0].Text, "new-pass-7") {
			t.Errorf("mailed %+v, want a notice of the change without the password", sent)
		}
		var ended map[string]any
		old.do(t, "GET", "/api/users/profile", nil, 401, &ended)
		if ended["reason"] != "passwordReset" {
			t.Errorf("the old session is told %v", ended)
		}
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ravi@example.in", "password": "old-pass"}, 401, nil)
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "ravi@example.in", "password": "new-pass-7"}, 200, nil)
	})
}

package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/limit"
	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/redistest"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// burst sends n copies of one request at once and counts the answers by status.
func (c *client) burst(t *testing.T, n int, method, path string, body any) map[int]int {
	start := make(chan struct{})
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := c.request(t, method, path, body)
			<-start
			statuses <- c.send(t, req, nil)
		}()
	}
	close(start)
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	return count
}

func TestPasswordBurstChecksAtMostTheLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		addUser(t, db, "Asha", "asha@example.com", "9000000011", "right-pass", shop.RoleCustomer)
		const n, allowed = 250, 10
		got := h.client(t).burst(t, n, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "wrong"})
		checked := int(hasher.Runs())
		if checked > allowed || got[http.StatusUnauthorized] != checked || got[http.StatusTooManyRequests] != n-checked {
			t.Errorf("%d wrong passwords at once: %d checked, answers %v; want at most %d checked (each a 401), the rest 429",
				n, checked, got, allowed)
		}
	})
}

func TestFailedLoginsOnMadeUpAccountsDoNotLockOutTheAdmin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		addUser(t, db, "Admin", "admin@example.com", "9000000001", "admin-pass", shop.RoleAdmin)
		c := h.client(t)
		for i := range 12 {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": fmt.Sprintf("nobody%d@example.com", i), "password": "guess"}, 401, nil)
		}
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "admin@example.com", "password": "admin-pass"}, 200, nil)
	})
}

func TestSixthCodeOfTheHourFromOneAddress(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.client(t)
		for i := range 6 {
			c.do(t, "POST", "/api/users/sendOtp", otp(fmt.Sprintf("colleague%d@example.in", i), "register"), 200, nil)
		}
	})
}

// sendOTPFrom asks for a code for email as if through a proxy that wrote
// forwardedFor, and returns the status.
func (c *client) sendOTPFrom(t *testing.T, email, forwardedFor string) int {
	req := c.request(t, "POST", "/api/users/sendOtp", otp(email, "register"))
	req.Header.Set("X-Forwarded-For", forwardedFor)
	return c.send(t, req, nil)
}

// codesPerAddress is the per-address limit of code requests in an hour.
const codesPerAddress = 30

// useUpCodes asks for an address's whole hour of codes, each for a new
// e-mail, the i-th with the X-Forwarded-For from(i).
func (c *client) useUpCodes(t *testing.T, from func(i int) string) {
	t.Helper()
	for i := range codesPerAddress {
		if got := c.sendOTPFrom(t, fmt.Sprintf("a%d@example.in", i), from(i)); got != 200 {
			t.Fatalf("code %d, from %s: %d", i+1, from(i), got)
		}
	}
}

func TestClientsBehindATrustedProxyAreLimitedApart(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, throughProxy(t))
		c := h.client(t)
		// The client writes the left part of the header itself: it changes nothing.
		c.useUpCodes(t, func(i int) string { return fmt.Sprintf("10.9.9.%d, 203.0.113.1", i) })
		if got := c.sendOTPFrom(t, "a-last@example.in", "10.9.9.250, 203.0.113.1"); got != http.StatusTooManyRequests {
			t.Errorf("code %d for the first client: %d, want 429", codesPerAddress+1, got)
		}
		if got := c.sendOTPFrom(t, "b@example.in", "203.0.113.2"); got != 200 {
			t.Errorf("first code for a second client behind the same proxy: %d, want 200", got)
		}
	})
}

func TestForgedForwardedForIsIgnored(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.client(t)
		c.useUpCodes(t, func(i int) string { return fmt.Sprintf("203.0.113.%d", i) })
		if got := c.sendOTPFrom(t, "a-last@example.in", "198.51.100.77"); got != http.StatusTooManyRequests {
			t.Errorf("code %d under a new forged X-Forwarded-For from an untrusted peer: %d, want 429", codesPerAddress+1, got)
		}
	})
}

func TestRepeatedSignUpWithATakenAddressHashesNothing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		c := h.signUp(t, "Priya Nair", "priya@example.in", "9876543210", "chai-time")
		before := hasher.Runs()
		for range 20 {
			var m message
			c.do(t, "POST", "/api/users", map[string]any{"name": "Priya", "email": "priya@example.in", "mobileNo": "9876543211", "password": "chai-time"}, 409, &m)
			if m.Message != store.ErrEmailTaken.Error() {
				t.Fatalf("sign-up again: %q", m.Message)
			}
		}
		if n := hasher.Runs() - before; n != 0 {
			t.Errorf("20 sign-ups with a taken address hashed %d passwords, want 0", n)
		}
	})
}

// throughProxy serves the shop behind a trusted proxy on this machine,
// so tests can say which client each request comes from.
func throughProxy(t testing.TB) func(*api.Options) {
	trusted, err := proxy.Parse("127.0.0.1, ::1")
	if err != nil {
		t.Fatal(err)
	}
	return func(o *api.Options) { o.TrustedProxies = trusted }
}

func TestOneIPv6NetworkIsOneAddress(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, throughProxy(t))
		c := h.client(t)
		// One customer line is given a /64: each request from a new address in it.
		c.useUpCodes(t, func(i int) string { return fmt.Sprintf("2001:db8:1:2:%x::1", i+1) })
		if got := c.sendOTPFrom(t, "a-last@example.in", "2001:db8:1:2:ffff:ffff:ffff:ffff"); got != http.StatusTooManyRequests {
			t.Errorf("code %d from yet another address of the same /64: %d, want 429", codesPerAddress+1, got)
		}
		if got := c.sendOTPFrom(t, "b@example.in", "2001:db8:1:3::1"); got != 200 {
			t.Errorf("first code from the next /64: %d, want 200", got)
		}
	})
}

func TestSignUpWithATakenMobileHashesNothing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		h.signUp(t, "Priya Nair", "priya@example.in", "9876543210", "chai-time")
		c := h.client(t)
		c.do(t, "POST", "/api/users/sendOtp", otp("ravi@example.in", "register"), 200, nil)
		c.do(t, "POST", "/api/users/verifyOtp", verify("ravi@example.in", "register", h.lastCode(t, "ravi@example.in")), 200, nil)
		before := hasher.Runs()
		for range 20 {
			var m message
			c.do(t, "POST", "/api/users", map[string]any{"name": "Ravi", "email": "ravi@example.in", "mobileNo": "9876543210", "password": "chai-time"}, 409, &m)
			if m.Message != store.ErrMobileTaken.Error() {
				t.Fatalf("sign-up with a taken mobile number: %q", m.Message)
			}
		}
		if n := hasher.Runs() - before; n != 0 {
			t.Errorf("20 sign-ups with a taken mobile number hashed %d passwords, want 0", n)
		}
	})
}

// signUpsPerAddress is the per-address limit of sign-ups in an hour.
const signUpsPerAddress = 30

func TestSignUpsCountAgainstTheAddress(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, throughProxy(t), func(o *api.Options) { o.Passwords = hasher })
		c := h.client(t)
		signUp := func(i int) int {
			email := fmt.Sprintf("c%d@example.in", i)
			// Each code is asked for from its own address, so only sign-ups add up on the one below.
			if got := c.sendOTPFrom(t, email, fmt.Sprintf("203.0.113.%d", i)); got != 200 {
				t.Fatalf("code for %s: %d", email, got)
			}
			c.do(t, "POST", "/api/users/verifyOtp", verify(email, "register", h.lastCode(t, email)), 200, nil)
			req := c.request(t, "POST", "/api/users", map[string]any{"name": "Colleague", "email": email, "mobileNo": fmt.Sprintf("98765%05d", i), "password": "chai-time"})
			req.Header.Set("X-Forwarded-For", "198.51.100.9")
			return c.send(t, req, nil)
		}
		for i := range signUpsPerAddress {
			if got := signUp(i); got != http.StatusCreated {
				t.Fatalf("sign-up %d from one address: %d", i+1, got)
			}
		}
		before := hasher.Runs()
		if got := signUp(signUpsPerAddress); got != http.StatusTooManyRequests {
			t.Errorf("sign-up %d from one address: %d, want 429", signUpsPerAddress+1, got)
		}
		if n := hasher.Runs() - before; n != 0 {
			t.Errorf("the refused sign-up hashed %d passwords, want 0", n)
		}
	})
}

// passwordChangesPerAccount is the per-account limit of password changes in 15 minutes.
const passwordChangesPerAccount = 10

func TestPasswordChangesArePerAccountLimited(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		c := h.signUp(t, "Priya Nair", "priya@example.in", "9876543210", "chai-time")
		profile := func(password string) map[string]any {
			return map[string]any{"name": "Priya Nair", "email": "priya@example.in", "mobileNo": "9876543210", "password": password}
		}
		password := "chai-time"
		for i := range passwordChangesPerAccount {
			// A changed password ends the session, so sign in with the new one each time.
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "priya@example.in", "password": password}, 200, nil)
			password = fmt.Sprintf("chai-time-%d", i)
			c.do(t, "PUT", "/api/users/profile", profile(password), 200, nil)
		}
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "priya@example.in", "password": password}, 200, nil)
		before := hasher.Runs()
		var m message
		resp := c.do(t, "PUT", "/api/users/profile", profile("one-more-time"), http.StatusTooManyRequests, &m)
		if resp.Header.Get("Retry-After") == "" || !strings.Contains(m.Message, "Too many attempts") {
			t.Errorf("429 without Retry-After or message: %q", m.Message)
		}
		if n := hasher.Runs() - before; n != 0 {
			t.Errorf("the refused password change hashed %d passwords, want 0", n)
		}
		// Other changes to the profile are not limited.
		c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Priya N", "email": "priya@example.in", "mobileNo": "9876543210"}, 200, nil)
	})
}

func TestEmailAndMobileShareOneGuessBudget(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		addUser(t, db, "Asha", "asha@example.com", "9000000011", "right-pass", shop.RoleCustomer)
		c := h.client(t)
		for range 6 {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "wrong"}, 401, nil)
		}
		for range 4 {
			c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "9000000011", "password": "wrong"}, 401, nil)
		}
		var m message
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "9000000011", "password": "wrong"}, http.StatusTooManyRequests, &m)
		if n := hasher.Runs(); n > 10 {
			t.Errorf("6 guesses by e-mail and 5 by mobile number checked %d passwords, want at most 10", n)
		}
		// The budget is the account's, whichever way it is named.
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "asha@example.com", "password": "right-pass"}, http.StatusTooManyRequests, nil)
	})
}

func TestSignUpBurstWithOneVerifiedAddressHashesAtMostTheLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		hasher := auth.NewHasher(auth.HashSlots, auth.HashQueue)
		h := newHarness(t, db, func(o *api.Options) { o.Passwords = hasher })
		c := h.client(t)
		c.do(t, "POST", "/api/users/sendOtp", otp("ravi@example.in", "register"), 200, nil)
		c.do(t, "POST", "/api/users/verifyOtp", verify("ravi@example.in", "register", h.lastCode(t, "ravi@example.in")), 200, nil)
		const perEmail = 5
		got := c.burst(t, 60, "POST", "/api/users", map[string]any{"name": "Ravi", "email": "ravi@example.in", "mobileNo": "9876543210", "password": "chai-time"})
		if n := hasher.Runs(); n > perEmail {
			t.Errorf("60 sign-ups at once with one verified address hashed %d passwords (answers %v), want at most %d", n, got, perEmail)
		}
	})
}

// Two instances sharing Redis share the account's budget: ten wrong
// passwords sent to them in turn lock the account on both, and a restarted
// instance still finds it locked.
func TestWrongPasswordsOnTwoInstancesLockTheAccount(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	a, b := storetest.Instances(t)
	shared := func(o *api.Options) { o.Limiters = limit.InRedis(rdb, prefix, o.Logger) }
	one, two := newHarness(t, a, shared), newHarness(t, b, shared)
	addUser(t, a, "Asha", "asha@example.com", "9000000011", "right-pass", shop.RoleCustomer)
	wrong := map[string]any{"loginId": "asha@example.com", "password": "wrong"}
	for i := range 10 {
		h := []*harness{one, two}[i%2]
		h.client(t).do(t, "POST", "/api/users/auth", wrong, http.StatusUnauthorized, nil)
	}
	right := map[string]any{"loginId": "asha@example.com", "password": "right-pass"}
	for _, h := range []*harness{one, two, newHarness(t, b, shared)} {
		h.client(t).do(t, "POST", "/api/users/auth", right, http.StatusTooManyRequests, nil)
	}
}

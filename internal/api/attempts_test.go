package api_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/proxy"
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

func TestClientsBehindATrustedProxyAreLimitedApart(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		trusted, err := proxy.Parse("127.0.0.1, ::1")
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, db, func(o *api.Options) { o.TrustedProxies = trusted })
		c := h.client(t)
		for i := range codesPerAddress {
			// The client writes the left part of the header itself: it changes nothing.
			if got := c.sendOTPFrom(t, fmt.Sprintf("a%d@example.in", i), fmt.Sprintf("10.9.9.%d, 203.0.113.1", i)); got != 200 {
				t.Fatalf("code %d for the first client: %d", i+1, got)
			}
		}
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
		for i := range codesPerAddress {
			if got := c.sendOTPFrom(t, fmt.Sprintf("a%d@example.in", i), fmt.Sprintf("203.0.113.%d", i)); got != 200 {
				t.Fatalf("code %d: %d", i+1, got)
			}
		}
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

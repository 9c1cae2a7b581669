package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// signUp registers a customer through the OTP flow and returns its client.
func (h *harness) signUp(t *testing.T, name, email, mobile, password string) *client {
	c := h.client(t)
	c.do(t, "POST", "/api/users/sendOtp", otp(email, "register"), 200, nil)
	c.do(t, "POST", "/api/users/verifyOtp", verify(email, "register", h.lastCode(t, email)), 200, nil)
	c.do(t, "POST", "/api/users", map[string]any{"name": name, "email": email, "mobileNo": mobile, "password": password}, 201, nil)
	return c
}

// A customer's sign-up: the e-mail is verified with a code first.
func TestRegisterWithOTP(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.client(t)
		reg := map[string]any{"name": "Priya Nair", "email": "priya@example.in", "mobileNo": "9876543210", "password": "chai-time"}
		var code string // the code mailed to priya@example.in
		s := newStory(t)

		s.step("a sign-up without a verified e-mail is refused", func(t *testing.T) {
			var m message
			c.do(t, "POST", "/api/users", reg, 400, &m)
			if !strings.Contains(m.Message, "verify your email") {
				t.Errorf("unverified sign-up: %q", m.Message)
			}
		})
		s.step("a code needs an e-mail address", func(t *testing.T) {
			var m message
			c.do(t, "POST", "/api/users/sendOtp", otp("", "register"), 400, &m)
			if m.Message != "Please enter your email address to verify" {
				t.Errorf("empty e-mail: %q", m.Message)
			}
		})
		s.step("a code is mailed, and not again within a minute", func(t *testing.T) {
			c.do(t, "POST", "/api/users/sendOtp", otp("priya@example.in", "register"), 200, nil)
			code = h.lastCode(t, "priya@example.in")
			var m message
			c.do(t, "POST", "/api/users/sendOtp", otp("priya@example.in", "register"), 429, &m)
			if !strings.Contains(m.Message, "wait") {
				t.Errorf("resend within a minute: %q", m.Message)
			}
		})
		s.step("a short code is refused", func(t *testing.T) {
			var m message
			c.do(t, "POST", "/api/users/verifyOtp", verify("priya@example.in", "register", "12345"), 400, &m)
			if m.Message != "Please enter a valid 6-digit OTP" {
				t.Errorf("short code: %q", m.Message)
			}
		})
		s.step("a wrong code is refused", func(t *testing.T) {
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			var m message
			c.do(t, "POST", "/api/users/verifyOtp", verify("priya@example.in", "register", wrong), 400, &m)
			if m.Message != "OTP verification failed" {
				t.Errorf("wrong code: %q", m.Message)
			}
		})
		s.step("the right code verifies the e-mail, once", func(t *testing.T) {
			var m message
			c.do(t, "POST", "/api/users/verifyOtp", verify("priya@example.in", "register", code), 200, &m)
			if m.Message != "Email verified successfully!" {
				t.Errorf("right code: %q", m.Message)
			}
			c.do(t, "POST", "/api/users/verifyOtp", verify("priya@example.in", "register", code), 400, &m)
			if !strings.HasPrefix(m.Message, "OTP verification failed") {
				t.Errorf("reused code: %q", m.Message)
			}
		})
		s.step("a sign-up with a bad field is refused", func(t *testing.T) {
			for _, bad := range []struct {
				name, field, value, msg string
			}{
				{"a name over 50 characters", "name", strings.Repeat("n", 51), "at most 50"},
				{"a password under 6 characters", "password", "12345", "Your password must contains atleast 6 characters"},
				{"a password over 25 characters", "password", strings.Repeat("p", 26), "Password should not be more than 25 characters"},
				{"a short mobile number", "mobileNo", "98765", "Please re-check your mobile number"},
				{"no e-mail", "email", "", "Please fill all the fields"},
			} {
				t.Run(bad.name, func(t *testing.T) {
					var m message
					c.do(t, "POST", "/api/users", withField(reg, bad.field, bad.value), 400, &m)
					if !strings.Contains(m.Message, bad.msg) {
						t.Errorf("%s=%q: %q, want %q", bad.field, bad.value, m.Message, bad.msg)
					}
				})
			}
		})
		s.step("the verified address signs up as a signed-in customer", func(t *testing.T) {
			var info map[string]any
			c.do(t, "POST", "/api/users", reg, 201, &info)
			if info["role"] != "customer" || info["email"] != "priya@example.in" {
				t.Errorf("registered: %v", info)
			}
			c.do(t, "GET", "/api/users/profile", nil, 200, &info)
			if info["name"] != "Priya Nair" || info["emailVerified"] != true {
				t.Errorf("profile after sign-up: %v", info)
			}
		})
		c2 := h.client(t)
		s.step("a registered e-mail gets no code", func(t *testing.T) {
			var m message
			c2.do(t, "POST", "/api/users/sendOtp", otp("priya@example.in", "register"), 409, &m)
			if !strings.Contains(m.Message, "email") {
				t.Errorf("duplicate e-mail: %q", m.Message)
			}
		})
		s.step("another e-mail with a registered mobile cannot sign up", func(t *testing.T) {
			c2.do(t, "POST", "/api/users/sendOtp", otp("other@example.in", "register"), 200, nil)
			c2.do(t, "POST", "/api/users/verifyOtp", verify("other@example.in", "register", h.lastCode(t, "other@example.in")), 200, nil)
			var m message
			c2.do(t, "POST", "/api/users", withField(reg, "email", "other@example.in"), 409, &m)
			if !strings.Contains(m.Message, "mobile") {
				t.Errorf("duplicate mobile: %q", m.Message)
			}
		})
	})
}

func TestProfileUpdate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		c := h.signUp(t, "Meera Shah", "meera@example.in", "9822222222", "first-pass")
		var info map[string]any
		c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Meera S Shah", "email": "meera@example.in", "mobileNo": "9822222223"}, 200, &info)
		if info["name"] != "Meera S Shah" || info["mobileNo"] != "9822222223" || info["loginExpire"] == nil {
			t.Errorf("updated profile: %v", info)
		}
		c.do(t, "GET", "/api/users/profile", nil, 200, nil) // the session lives on

		var m message
		c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Meera", "email": "new@example.in", "mobileNo": "9822222223"}, 400, &m)
		if !strings.Contains(m.Message, "cannot be changed") {
			t.Errorf("changing a verified e-mail: %q", m.Message)
		}
		c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Meera", "email": "meera@example.in", "mobileNo": "98222", "password": ""}, 400, &m)
		if m.Message != "Please re-check your mobile number" {
			t.Errorf("short mobile: %q", m.Message)
		}

		other := h.client(t)
		other.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "9822222223", "password": "first-pass"}, 200, nil)
		var out map[string]any
		c.do(t, "PUT", "/api/users/profile", map[string]any{"name": "Meera", "email": "meera@example.in", "mobileNo": "9822222223", "password": "second-pass"}, 200, &out)
		if out["loggedOut"] != true || out["message"] != "Profile Updated Successfully. Please login again with your updated login details" {
			t.Errorf("password change: %v", out)
		}
		c.do(t, "GET", "/api/users/profile", nil, 401, nil)
		other.do(t, "GET", "/api/users/profile", nil, 401, nil)
		c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "meera@example.in", "password": "second-pass"}, 200, nil)
	})
}

// An admin's rights over users, and the rules that keep the shop an admin.
func TestAdminUserRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := addUser(t, db, "Asha Admin", "admin@example.com", "9000000001", "haat-demo", shop.RoleAdmin)
		cust := addUser(t, db, "Chitra", "customer@example.com", "9000000003", "haat-demo", shop.RoleCustomer)
		a := h.client(t)
		a.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "admin@example.com", "password": "haat-demo"}, 200, nil)
		b := h.client(t) // Chitra, once she is an admin too
		edit := map[string]any{"name": "Chitra M", "email": "customer@example.com", "mobileNo": "9000000003", "role": "manufacturer", "password": ""}
		self := map[string]any{"name": "Asha Admin", "email": "admin@example.com", "mobileNo": "9000000001", "role": "customer"}
		s := newStory(t)

		s.step("the user list carries no password or hash", func(t *testing.T) {
			var list struct {
				Users []map[string]any `json:"users"`
				Pages int              `json:"pages"`
			}
			a.do(t, "GET", "/api/users", nil, 200, &list)
			if len(list.Users) != 2 || list.Pages != 1 {
				t.Fatalf("users: %v", list)
			}
			for _, u := range list.Users {
				for k := range u {
					if strings.Contains(strings.ToLower(k), "password") || strings.Contains(strings.ToLower(k), "hash") {
						t.Errorf("user list carries %q", k)
					}
				}
			}
		})
		s.step("an admin reads a user, an unknown one is not found", func(t *testing.T) {
			var got map[string]any
			a.do(t, "GET", "/api/users/"+cust.ID, nil, 200, &got)
			if got["email"] != "customer@example.com" {
				t.Errorf("user: %v", got)
			}
			a.do(t, "GET", "/api/users/"+store.NewID(), nil, 404, nil)
		})
		s.step("an admin changes a user's role and name", func(t *testing.T) {
			var got map[string]any
			a.do(t, "PUT", "/api/users/"+cust.ID, edit, 200, &got)
			if got["role"] != "manufacturer" || got["name"] != "Chitra M" {
				t.Errorf("role change: %v", got)
			}
		})
		s.step("an edit with a bad field is refused", func(t *testing.T) {
			for _, tc := range []struct {
				name string
				body map[string]any
				want string // the message, if checked
			}{
				{"an unknown role", withField(edit, "role", "superuser"), ""},
				{"a password under 6 characters", withField(withField(edit, "role", "customer"), "password", "123"),
					"Your password must contains atleast 6 characters"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					var m message
					a.do(t, "PUT", "/api/users/"+cust.ID, tc.body, 400, &m)
					if tc.want != "" && m.Message != tc.want {
						t.Errorf("%s: %q, want %q", tc.name, m.Message, tc.want)
					}
				})
			}
		})
		s.step("an admin cannot demote themself", func(t *testing.T) {
			var m message
			a.do(t, "PUT", "/api/users/"+admin.ID, self, 400, &m)
			if m.Message != shop.ErrSelfDemote.Error() {
				t.Errorf("self demotion: %q", m.Message)
			}
		})
		s.step("an admin cannot delete themself", func(t *testing.T) {
			var m message
			a.do(t, "DELETE", "/api/users/"+admin.ID, nil, 400, &m)
			if m.Message != shop.ErrSelfDelete.Error() {
				t.Errorf("self deletion: %q", m.Message)
			}
		})
		s.step("a second admin may demote the first", func(t *testing.T) {
			promote := map[string]any{"name": "Chitra M", "email": "customer@example.com", "mobileNo": "9000000003", "role": "admin"}
			a.do(t, "PUT", "/api/users/"+cust.ID, promote, 200, nil)
			b.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": "haat-demo"}, 200, nil)
			b.do(t, "PUT", "/api/users/"+admin.ID, self, 200, nil)
			a.do(t, "GET", "/api/users", nil, 403, nil) // a is a customer now
		})
		s.step("the last admin can be neither demoted nor deleted", func(t *testing.T) {
			if _, _, err := db.UpdateUser(t.Context(), cust.ID, store.UserChange{Name: "C", Email: "customer@example.com", MobileNo: "9000000003", Role: shop.RoleCustomer}); err == nil {
				t.Error("the last admin was demoted")
			}
			if err := db.DeleteUser(t.Context(), cust.ID); err == nil {
				t.Error("the last admin was deleted")
			}
		})
		s.step("a deleted user goes with their sessions", func(t *testing.T) {
			var m message
			b.do(t, "DELETE", "/api/users/"+admin.ID, nil, 200, &m)
			if m.Message != "Successfully deleted the user from database." {
				t.Errorf("delete: %q", m.Message)
			}
			b.do(t, "DELETE", "/api/users/"+admin.ID, nil, 404, nil)
			a.do(t, "GET", "/api/users/profile", nil, 401, nil)
		})
	})
}

// Every admin route, tried by a guest, a customer and a manufacturer.
func TestAdminRoutesRoleMatrix(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		target := addUser(t, db, "Target", "target@example.com", "9000000009", "haat-demo", shop.RoleCustomer)
		addUser(t, db, "Chitra", "customer@example.com", "9000000003", "haat-demo", shop.RoleCustomer)
		addUser(t, db, "Manoj", "maker@example.com", "9000000002", "haat-demo", shop.RoleManufacturer)
		guest := h.client(t)
		customer := h.client(t)
		customer.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": "haat-demo"}, 200, nil)
		maker := h.client(t)
		maker.do(t, "POST", "/api/users/auth", map[string]any{"loginId": "maker@example.com", "password": "haat-demo"}, 200, nil)
		for _, r := range []struct {
			name, method, path string
			body               any
		}{
			{"list users", "GET", "/api/users", nil},
			{"read a user", "GET", "/api/users/" + target.ID, nil},
			{"edit a user", "PUT", "/api/users/" + target.ID, map[string]any{"name": "X", "email": "target@example.com", "mobileNo": "9000000009", "role": "admin"}},
			{"delete a user", "DELETE", "/api/users/" + target.ID, nil},
		} {
			t.Run(r.name, func(t *testing.T) {
				guest.do(t, r.method, r.path, r.body, http.StatusUnauthorized, nil)
				customer.do(t, r.method, r.path, r.body, http.StatusForbidden, nil)
				maker.do(t, r.method, r.path, r.body, http.StatusForbidden, nil)
			})
		}
		t.Run("refused requests change nothing", func(t *testing.T) {
			if u, err := db.User(t.Context(), target.ID); err != nil || u.Role != shop.RoleCustomer || u.Name != "Target" {
				t.Errorf("refused requests changed the user: %+v %v", u, err)
			}
		})
	})
}

func TestAdminChangingAnEmailTellsBothAddresses(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var u map[string]any
		customer.do(t, "GET", "/api/users/profile", nil, 200, &u)
		id := u["_id"].(string)
		sentBefore := len(h.sent(t))

		edit := map[string]any{"name": "Customer", "email": "new@example.com", "mobileNo": "9000000003", "role": "customer", "password": ""}
		var got map[string]any
		admin.do(t, "PUT", "/api/users/"+id, edit, 200, &got)
		if got["emailVerified"] != false {
			t.Errorf("a changed e-mail stays verified: %v", got)
		}
		customer.do(t, "GET", "/api/users/profile", nil, 401, nil)
		sent := h.sent(t)[sentBefore:]
		to := map[string]bool{}
		for _, m := range sent {
			to[m.To] = true
			if !strings.Contains(m.Text, "new@example.com") || !strings.Contains(m.Text, "shop") {
				t.Errorf("mail to %s does not say what changed: %q", m.To, m.Text)
			}
		}
		if len(sent) != 2 || !to["customer@example.com"] || !to["new@example.com"] {
			t.Errorf("mails sent to %v, want the old and the new address", to)
		}

		// Saving the same address again tells no one.
		admin.do(t, "PUT", "/api/users/"+id, edit, 200, nil)
		if n := len(h.sent(t)) - sentBefore; n != 2 {
			t.Errorf("%d mails after a save that kept the address", n)
		}
	})
}

// An admin's new password for a customer is mailed to them, and their
// devices, signed out, are told why on their next signed-in request.
func TestAdminSettingAPasswordTellsTheCustomer(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customer := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var u map[string]any
		customer.do(t, "GET", "/api/users/profile", nil, 200, &u)
		sentBefore := len(h.sent(t))

		edit := map[string]any{"name": "Customer", "email": "customer@example.com", "mobileNo": "9000000003", "role": "customer",
			"password": "shop-made-1"}
		admin.do(t, "PUT", "/api/users/"+u["_id"].(string), edit, 200, nil)
		sent := h.sent(t)[sentBefore:]
		if len(sent) != 1 || sent[0].To != "customer@example.com" || sent[0].Subject != "Haat: your password was changed" ||
			!strings.Contains(sent[0].Text, "The shop changed the password") || strings.Contains(sent[0].Text, "shop-made-1") {
			t.Errorf("mailed %+v, want the customer told of the change, without the password", sent)
		}

		// A route that only looks for a session leaves the reason for later.
		customer.do(t, "GET", "/api/products/"+store.NewID(), nil, 404, nil)
		var ended map[string]any
		customer.do(t, "GET", "/api/users/profile", nil, 401, &ended)
		if ended["message"] != "Your password was changed by the shop. Please sign in again." || ended["reason"] != "passwordChangedByShop" {
			t.Errorf("the ended session is told %v", ended)
		}
		var plain message
		customer.do(t, "GET", "/api/users/profile", nil, 401, &plain)
		if plain.Message != shop.ErrNotSignedIn.Message {
			t.Errorf("told once, the cookie is cleared: the next answer is %q", plain.Message)
		}
		h.client(t).do(t, "POST", "/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": "shop-made-1"}, 200, nil)
	})
}

func TestUserListPagesAndSearch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		for i := 0; i < 13; i++ {
			addUser(t, db, fmt.Sprintf("Shopper %02d", i), fmt.Sprintf("s%02d@example.com", i), fmt.Sprintf("98000000%02d", i), "haat-demo", shop.RoleCustomer)
		}
		type page struct {
			Users []struct {
				Email string `json:"email"`
			} `json:"users"`
			Pages int `json:"pages"`
			Page  int `json:"page"`
		}
		var first, second, found page
		admin.do(t, "GET", "/api/users", nil, 200, &first)
		admin.do(t, "GET", "/api/users?pageNumber=2", nil, 200, &second)
		if len(first.Users) != 12 || len(second.Users) != 2 || second.Pages != 2 || second.Page != 2 {
			t.Errorf("pages of 14 users: %d and %d of %d", len(first.Users), len(second.Users), second.Pages)
		}
		admin.do(t, "GET", "/api/users?keyword=S07%40", nil, 200, &found)
		if len(found.Users) != 1 || found.Users[0].Email != "s07@example.com" || found.Pages != 1 {
			t.Errorf("search s07@: %+v", found)
		}
		admin.do(t, "GET", "/api/users?keyword="+strings.Repeat("k", shop.MaxKeywordLength+1), nil, 400, nil)
		admin.do(t, "GET", "/api/users?pageNumber=100001", nil, 400, nil)
		h.signIn(t, shop.RoleCustomer, "c@example.com", "9000000003").do(t, "GET", "/api/users", nil, 403, nil)
	})
}

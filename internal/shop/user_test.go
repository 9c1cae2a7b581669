package shop

import (
	"strings"
	"testing"
)

func TestNewUserValidate(t *testing.T) {
	ok := NewUser{Name: "Asha", Email: "asha@example.in", MobileNo: "9876543210", Password: "secret"}
	for _, tc := range []struct {
		name   string
		change func(*NewUser)
		want   string
	}{
		{"every field right", func(*NewUser) {}, ""},
		{"no name", func(u *NewUser) { u.Name = "" }, "Please fill all the fields"},
		{"no e-mail", func(u *NewUser) { u.Email = "" }, "Please fill all the fields"},
		{"no mobile", func(u *NewUser) { u.MobileNo = "" }, "Please fill all the fields"},
		{"no password", func(u *NewUser) { u.Password = "" }, "Please fill all the fields"},
		{"a name of 50 characters", func(u *NewUser) { u.Name = strings.Repeat("आ", 50) }, ""},
		{"a name of 51 characters", func(u *NewUser) { u.Name = strings.Repeat("a", 51) }, "Name must be at most 50 characters"},
		{"an e-mail past 254 characters", func(u *NewUser) { u.Email = strings.Repeat("a", 250) + "@example.in" },
			"The e-mail address must be at most 254 characters"},
		{"an e-mail without a dot in its domain", func(u *NewUser) { u.Email = "asha@example" }, "Please enter a valid email address"},
		{"an e-mail with a display name", func(u *NewUser) { u.Email = "Asha <asha@example.in>" }, "Please enter a valid email address"},
		{"a mobile of 9 digits", func(u *NewUser) { u.MobileNo = "987654321" }, "Please re-check your mobile number"},
		{"a mobile with a letter", func(u *NewUser) { u.MobileNo = "98765432a0" }, "Please re-check your mobile number"},
		{"a password of 5 characters", func(u *NewUser) { u.Password = "12345" }, "Your password must contains atleast 6 characters"},
		{"a password of 25 characters", func(u *NewUser) { u.Password = strings.Repeat("x", 25) }, ""},
		{"a password of 26 characters", func(u *NewUser) { u.Password = strings.Repeat("x", 26) },
			"Password should not be more than 25 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := ok
			tc.change(&u)
			refused(t, u.Validate(), tc.want, Invalid)
		})
	}
}

func TestNewUserNormalize(t *testing.T) {
	u := NewUser{Name: "  Asha Rao ", Email: " Asha@Example.IN ", MobileNo: " 9876543210 "}
	u.Normalize()
	if u != (NewUser{Name: "Asha Rao", Email: "asha@example.in", MobileNo: "9876543210"}) {
		t.Errorf("Normalize = %+v", u)
	}
}

func TestProfileUpdate(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    ProfileUpdate
		want string
	}{
		{"no new password", ProfileUpdate{Name: "Asha", Email: "asha@example.in", MobileNo: "9876543210"}, ""},
		{"a new password", ProfileUpdate{Name: "Asha", Email: "asha@example.in", MobileNo: "9876543210", Password: "secret"}, ""},
		{"a new password too short", ProfileUpdate{Name: "Asha", Email: "asha@example.in", MobileNo: "9876543210", Password: "12345"},
			"Your password must contains atleast 6 characters"},
		{"no name", ProfileUpdate{Email: "asha@example.in", MobileNo: "9876543210"}, "Please fill all the fields"},
		{"a wrong mobile", ProfileUpdate{Name: "Asha", Email: "asha@example.in", MobileNo: "98765"}, "Please re-check your mobile number"},
		{"untrimmed, unchanged case", ProfileUpdate{Name: " Asha ", Email: " ASHA@example.in ", MobileNo: " 9876543210 "}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.p
			p.Normalize()
			if got := errText(p.Validate()); got != tc.want {
				t.Errorf("Validate = %q, want %q", got, tc.want)
			}
			if strings.TrimSpace(p.Name) != p.Name || strings.ToLower(p.Email) != p.Email || strings.TrimSpace(p.MobileNo) != p.MobileNo {
				t.Errorf("Normalize left %+v", p)
			}
			if p.Password != tc.p.Password {
				t.Errorf("Normalize changed the password")
			}
		})
	}
}

func TestValidEmail(t *testing.T) {
	for _, tc := range []struct {
		name  string
		email string
		want  bool
	}{
		{"a plain address", "asha@example.in", true},
		{"a subdomain", "asha.rao@mail.example.co.in", true},
		{"no dot in the domain", "asha@localhost", false},
		{"no @", "asha.example.in", false},
		{"a display name", "Asha <asha@example.in>", false},
		{"two dots in a row", "a..b@example.com", false},
		{"a space", "asha rao@example.in", false},
		{"empty", "", false},
		{"past 254 characters", strings.Repeat("a", 250) + "@example.in", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ValidEmail(tc.email); got != tc.want {
				t.Errorf("ValidEmail(%q) = %v, want %v", tc.email, got, tc.want)
			}
		})
	}
}

func TestValidMobile(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mobile string
		want   bool
	}{
		{"ten digits", "9876543210", true},
		{"nine digits", "987654321", false},
		{"eleven digits", "98765432100", false},
		{"a letter", "98765432a0", false},
		{"a country code", "+919876543", false},
		{"Devanagari digits", "९८७६५४३२१०", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ValidMobile(tc.mobile); got != tc.want {
				t.Errorf("ValidMobile(%q) = %v, want %v", tc.mobile, got, tc.want)
			}
		})
	}
}

func TestParseRole(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want Role
		ok   bool
	}{
		{"customer", "customer", RoleCustomer, true},
		{"admin", "admin", RoleAdmin, true},
		{"manufacturer", "manufacturer", RoleManufacturer, true},
		{"another word", "superuser", "", false},
		{"another case", "Admin", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRole(tc.in)
			if got != tc.want || (err == nil) != tc.ok {
				t.Errorf("ParseRole(%q) = %q, %v", tc.in, got, err)
			}
			if err != nil && CodeOf(err) != Invalid {
				t.Errorf("%v is not Invalid", err)
			}
		})
	}
}

func TestCheckAdminChange(t *testing.T) {
	for _, tc := range []struct {
		name             string
		actor, target    string
		oldRole, newRole Role
		deleting         bool
		want             error
	}{
		{"an admin edits another user's role", "a1", "u1", RoleCustomer, RoleAdmin, false, nil},
		{"an admin deletes another admin", "a1", "a2", RoleAdmin, RoleAdmin, true, nil},
		{"an admin edits their own details", "a1", "a1", RoleAdmin, RoleAdmin, false, nil},
		{"an admin demotes themself", "a1", "a1", RoleAdmin, RoleCustomer, false, ErrSelfDemote},
		{"an admin deletes themself", "a1", "a1", RoleAdmin, RoleAdmin, true, ErrSelfDelete},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CheckAdminChange(tc.actor, tc.target, tc.oldRole, tc.newRole, tc.deleting); got != tc.want {
				t.Errorf("CheckAdminChange = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCheckEmailChange(t *testing.T) {
	for _, tc := range []struct {
		name  string
		u     User
		email string
		want  error
	}{
		{"a verified address kept", User{Email: "asha@example.in", EmailVerified: true}, "asha@example.in", nil},
		{"a verified address changed", User{Email: "asha@example.in", EmailVerified: true}, "rao@example.in", ErrEmailLocked},
		{"an unverified address changed", User{Email: "asha@example.in"}, "rao@example.in", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.u.CheckEmailChange(tc.email); got != tc.want {
				t.Errorf("CheckEmailChange = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestAccountRefusalCodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *Error
		code Code
	}{
		{"user not found", ErrUserNotFound, NotFound},
		{"not signed in", ErrNotSignedIn, Unauthorized},
		{"another role's action", ErrForbidden, Forbidden},
		{"e-mail not verified", ErrEmailNotVerified, Invalid},
		{"e-mail locked", ErrEmailLocked, Invalid},
		{"self-demotion", ErrSelfDemote, Invalid},
		{"self-deletion", ErrSelfDelete, Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err.Code != tc.code || tc.err.Message == "" {
				t.Errorf("%+v, want code %d and a message", tc.err, tc.code)
			}
		})
	}
}

func TestSessionEndFor(t *testing.T) {
	for _, tc := range []struct {
		name                          string
		byShop, newPassword, newEmail bool
		want                          SessionEnd
	}{
		{"the shop changes only the name", true, false, false, ""},
		{"the customer changes only the name", false, false, false, ""},
		{"the shop sets a password", true, true, false, EndedPasswordByShop},
		{"the shop sets a password and an e-mail", true, true, true, EndedPasswordByShop},
		{"the shop sets an e-mail", true, false, true, EndedEmailByShop},
		{"the customer sets a password", false, true, false, EndedAccountChanged},
		{"the customer sets an e-mail", false, false, true, EndedAccountChanged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SessionEndFor(tc.byShop, tc.newPassword, tc.newEmail); got != tc.want {
				t.Errorf("SessionEndFor = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSessionEndErr(t *testing.T) {
	for _, tc := range []struct {
		name    string
		end     SessionEnd
		message string
		reason  any
	}{
		{"a password set by the shop", EndedPasswordByShop, "Your password was changed by the shop. Please sign in again.", "passwordChangedByShop"},
		{"a reset", EndedPasswordReset, "Your password was reset. Please sign in with your new password.", "passwordReset"},
		{"a reason this version does not know", SessionEnd("retired"), ErrNotSignedIn.Message, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := tc.end.Err()
			if e.Code != Unauthorized || e.Message != tc.message || e.Fields["reason"] != tc.reason {
				t.Errorf("%+v, want 401 %q with reason %v", e, tc.message, tc.reason)
			}
		})
	}
}

package shop

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Role is what a user may do in the shop.
type Role string

// The roles of SPEC.md §6.
const (
	RoleCustomer     Role = "customer"
	RoleAdmin        Role = "admin"
	RoleManufacturer Role = "manufacturer"
)

// Limits of SPEC.md §5 and §9 for accounts.
const (
	MaxNameLength     = 50
	MinPasswordLength = 6
	MaxPasswordLength = 25
	MobileLength      = 10
)

// ParseRole checks that s names a role.
func ParseRole(s string) (Role, error) {
	switch r := Role(s); r {
	case RoleCustomer, RoleAdmin, RoleManufacturer:
		return r, nil
	}
	return "", invalid("role must be customer, admin or manufacturer")
}

// User is an account of the shop.
type User struct {
	ID              string     `json:"_id"`
	Name            string     `json:"name"`
	Email           string     `json:"email"`
	EmailVerified   bool       `json:"emailVerified"`
	MobileNo        string     `json:"mobileNo"`
	Role            Role       `json:"role"`
	LastLoginAt     *time.Time `json:"lastLoginAt,omitempty"`
	PreviousLoginAt *time.Time `json:"previousLoginAt,omitempty"`
	CreatedAt       time.Time  `json:"createdAt"`
}

// NewUser is the input of a new account, checked by Validate.
type NewUser struct {
	Name     string
	Email    string
	MobileNo string
	Password string
	Role     Role
}

// Normalize trims the fields and lowercases the e-mail.
func (u *NewUser) Normalize() {
	u.Name = strings.TrimSpace(u.Name)
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	u.MobileNo = strings.TrimSpace(u.MobileNo)
}

// Validate applies the sign-up rules of SPEC.md §5, with its messages.
func (u NewUser) Validate() error {
	if u.Name == "" || u.Email == "" || u.MobileNo == "" || u.Password == "" {
		return invalid("Please fill all the fields")
	}
	if utf8.RuneCountInString(u.Name) > MaxNameLength {
		return invalid("Name must be at most %d characters", MaxNameLength)
	}
	if utf8.RuneCountInString(u.Email) > MaxEmailLength {
		return invalid("The e-mail address must be at most %d characters", MaxEmailLength)
	}
	if !ValidEmail(u.Email) {
		return invalid("Please enter a valid email address")
	}
	if !ValidMobile(u.MobileNo) {
		return invalid("Please re-check your mobile number")
	}
	return ValidatePassword(u.Password)
}

// ValidatePassword applies the password length rule of SPEC.md §5.
func ValidatePassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < MinPasswordLength {
		return invalid("Your password must contains atleast 6 characters")
	}
	if n > MaxPasswordLength {
		return invalid("Password should not be more than 25 characters")
	}
	return nil
}

// ValidEmail accepts a plain address: a dot-atom, @, and a dot-atom domain
// with a dot in it (RFC 5322 without quoting, comments or [literals]; the
// rule of SPEC.md §5, "contains @ and a dot", made strict). Beside ASCII's
// atext, letters, marks and digits of any script are allowed (RFC 6531), but
// no space of any kind. web/src/lib/validation.ts holds the same grammar and
// testdata/validation.json pins the two together.
func ValidEmail(s string) bool {
	if utf8.RuneCountInString(s) > MaxEmailLength {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	return ok && dotAtom(local) && dotAtom(domain) && strings.Contains(domain, ".")
}

// dotAtom tells whether s is atext runs joined by single dots.
func dotAtom(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for _, r := range part {
			if !atext(r) {
				return false
			}
		}
	}
	return true
}

func atext(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r)
	}
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r)
}

// ValidMobile accepts exactly ten digits.
func ValidMobile(s string) bool {
	if len(s) != MobileLength {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Refusals about accounts and who may do what.
var (
	ErrUserNotFound = &Error{Code: NotFound, Message: "User not found"}
	// ErrNotSignedIn answers a guest, or a session that has ended, asking
	// for what needs an account.
	ErrNotSignedIn = &Error{Code: Unauthorized, Message: "Not authorized, please log in"}
	// ErrForbidden answers a user whose role does not allow the action.
	ErrForbidden        = &Error{Code: Forbidden, Message: "Not authorized for this action"}
	ErrEmailNotVerified = &Error{Code: Invalid, Message: "Please verify your email address with the OTP first"}
	ErrEmailLocked      = &Error{Code: Invalid, Message: "Your email address is verified and cannot be changed"}
)

// CheckEmailChange refuses to change a verified e-mail address: it is
// locked once verified (SPEC.md §4).
func (u User) CheckEmailChange(email string) error {
	if u.EmailVerified && email != u.Email {
		return ErrEmailLocked
	}
	return nil
}

// ErrSelfDemote and ErrSelfDelete stop an admin from locking themself out.
var (
	ErrSelfDemote = &Error{Code: Invalid, Message: "You cannot change your own role"}
	ErrSelfDelete = &Error{Code: Invalid, Message: "You cannot delete your own account"}
)

// CheckAdminChange applies the rules an admin's change to a user must keep
// (SPEC.md §6): an admin neither demotes nor deletes themself.
func CheckAdminChange(actorID, targetID string, oldRole, newRole Role, deleting bool) error {
	if actorID != targetID {
		return nil
	}
	if deleting {
		return ErrSelfDelete
	}
	if oldRole != newRole {
		return ErrSelfDemote
	}
	return nil
}

// ProfileUpdate is a change a user makes to their own details; an empty
// Password keeps the old one.
type ProfileUpdate struct {
	Name     string
	Email    string
	MobileNo string
	Password string
}

// Normalize trims the fields and lowercases the e-mail, as for sign-up.
func (p *ProfileUpdate) Normalize() {
	u := NewUser{Name: p.Name, Email: p.Email, MobileNo: p.MobileNo}
	u.Normalize()
	p.Name, p.Email, p.MobileNo = u.Name, u.Email, u.MobileNo
}

// Validate applies the profile rules of SPEC.md §5: the sign-up rules with
// the password optional.
func (p ProfileUpdate) Validate() error {
	u := NewUser{Name: p.Name, Email: p.Email, MobileNo: p.MobileNo, Password: p.Password}
	if p.Password == "" {
		u.Password = "unchanged"
	}
	return u.Validate()
}

// SessionEnd says why a session was ended before its time. The next request
// with it is told, so the app can say why the customer must sign in again.
type SessionEnd string

// The reasons a session is ended early.
const (
	EndedPasswordByShop SessionEnd = "passwordChangedByShop"
	EndedEmailByShop    SessionEnd = "emailChangedByShop"
	EndedPasswordReset  SessionEnd = "passwordReset"
	// EndedAccountChanged: the customer changed their own password or
	// e-mail, on another device.
	EndedAccountChanged SessionEnd = "accountChanged"
)

var sessionEndMessages = map[SessionEnd]string{
	EndedPasswordByShop: "Your password was changed by the shop. Please sign in again.",
	EndedEmailByShop:    "Your e-mail address was changed by the shop. Please sign in again with the new address.",
	EndedPasswordReset:  "Your password was reset. Please sign in with your new password.",
	EndedAccountChanged: "Your password or e-mail address was changed. Please sign in again.",
}

// Err is the answer to a request whose session ended for e: not signed in,
// with the reason beside the message. An unknown reason reads as any ended
// session does.
func (e SessionEnd) Err() *Error {
	msg, ok := sessionEndMessages[e]
	if !ok {
		return ErrNotSignedIn
	}
	return &Error{Code: Unauthorized, Message: msg, Fields: map[string]any{"reason": string(e)}}
}

// SessionEndFor is why a change to an account ends its sessions: a change
// of password or of e-mail ends them, and the shop's change says it was the
// shop's. It returns "" when the change ends none.
func SessionEndFor(byShop, newPassword, newEmail bool) SessionEnd {
	switch {
	case !newPassword && !newEmail:
		return ""
	case !byShop:
		return EndedAccountChanged
	case newPassword:
		return EndedPasswordByShop
	}
	return EndedEmailByShop
}

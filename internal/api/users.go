package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// accountFields are what every account form sends.
type accountFields struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	MobileNo string `json:"mobileNo"`
	Password string `json:"password"`
}

// change checks the fields by the profile rules (password optional) and
// makes the store change, hashing a new password.
func (s *Server) change(f accountFields, role shop.Role) (store.UserChange, error) {
	p := shop.ProfileUpdate{Name: f.Name, Email: f.Email, MobileNo: f.MobileNo, Password: f.Password}
	p.Normalize()
	if err := p.Validate(); err != nil {
		return store.UserChange{}, err
	}
	c := store.UserChange{Name: p.Name, Email: p.Email, MobileNo: p.MobileNo, Role: role}
	if p.Password != "" {
		hash, err := s.passwords.Hash(p.Password)
		if err != nil {
			return c, err
		}
		c.PasswordHash = hash
	}
	return c, nil
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var in accountFields
	if !s.decode(w, r, &in) {
		return
	}
	u := shop.NewUser{Name: in.Name, Email: in.Email, MobileNo: in.MobileNo, Password: in.Password, Role: shop.RoleCustomer}
	u.Normalize()
	if err := u.Validate(); err != nil {
		s.fail(w, r, err)
		return
	}
	verified, err := s.db.VerifiedSince(r.Context(), u.Email, auth.OTPRegister, s.now().Add(-auth.VerifiedSignupIn))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !verified {
		s.fail(w, r, shop.ErrEmailNotVerified)
		return
	}
	// A taken address or mobile number is refused before the costly hash,
	// and every sign-up that gets to it is counted, so sign-ups sent again
	// and again with one verified address cannot keep the hashing busy.
	if err := s.signUpTaken(r.Context(), u); err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.take(w, r, s.signUpAttempts, u.Email) {
		return
	}
	hash, err := s.passwords.Hash(u.Password)
	if errors.Is(err, auth.ErrBusy) {
		s.giveBack(r, s.signUpAttempts, u.Email)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	user, err := s.db.InsertUser(r.Context(), u, hash, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	expires, err := s.startSession(w, r, user.ID, false)
	if err == nil {
		user, err = s.db.RecordLogin(r.Context(), user.ID, s.now())
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, newUserInfo(user, expires))
}

// signUpTaken tells whether u's e-mail or mobile number already has an
// account, with the errors the store would give on inserting it.
func (s *Server) signUpTaken(ctx context.Context, u shop.NewUser) error {
	if _, err := s.db.UserByEmail(ctx, u.Email); err == nil {
		return store.ErrEmailTaken
	} else if !errors.Is(err, shop.ErrUserNotFound) {
		return err
	}
	// A valid e-mail address has an @ and a mobile number has not, so this
	// finds an account by its mobile number only.
	if _, _, err := s.db.UserByLogin(ctx, u.MobileNo); err == nil {
		return store.ErrMobileTaken
	} else if !errors.Is(err, shop.ErrUserNotFound) {
		return err
	}
	return nil
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request, sess *session) {
	s.writeJSON(w, r, http.StatusOK, newUserInfo(sess.user, sess.expires))
}

const reloginMessage = "Profile Updated Successfully. Please login again with your updated login details"

func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request, sess *session) {
	var in accountFields
	if !s.decode(w, r, &in) {
		return
	}
	// A new password is hashed: counted first, so a signed-in client
	// cannot keep the hashing busy by changing it again and again.
	newPassword := in.Password != ""
	if newPassword && !s.take(w, r, s.passwordAttempts, sess.user.ID) {
		return
	}
	change, err := s.change(in, sess.user.Role)
	if err != nil {
		if newPassword {
			// Refused before hashing, or the hashing was busy.
			s.giveBack(r, s.passwordAttempts, sess.user.ID)
		}
		s.fail(w, r, err)
		return
	}
	if err := sess.user.CheckEmailChange(change.Email); err != nil {
		s.fail(w, r, err)
		return
	}
	user, revoked, err := s.db.UpdateUser(r.Context(), sess.user.ID, change)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if revoked {
		s.clearSessionCookie(w, r)
		s.writeJSON(w, r, http.StatusOK, map[string]any{"loggedOut": true, "message": reloginMessage})
		return
	}
	s.writeJSON(w, r, http.StatusOK, newUserInfo(user, sess.expires))
}

// account is who a user is, as both the browser's userInfo and the admin
// screens show it.
type account struct {
	ID            string    `json:"_id"`
	Name          string    `json:"name"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
	MobileNo      string    `json:"mobileNo"`
	Role          shop.Role `json:"role"`
}

func accountOf(u shop.User) account {
	return account{ID: u.ID, Name: u.Name, Email: u.Email, EmailVerified: u.EmailVerified, MobileNo: u.MobileNo, Role: u.Role}
}

// userInfo is what the browser keeps as userInfo (SPEC.md §3): display data
// only, never a credential.
type userInfo struct {
	account
	LoginExpire     time.Time  `json:"loginExpire"`
	PreviousSession *time.Time `json:"previousSession"`
}

func newUserInfo(u shop.User, expires time.Time) userInfo {
	return userInfo{account: accountOf(u), LoginExpire: expires, PreviousSession: u.PreviousLoginAt}
}

// adminUser is a user as the admin screens show it.
type adminUser struct {
	account
	LastLoginAt *time.Time `json:"lastLoginAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

func newAdminUser(u shop.User) adminUser {
	return adminUser{account: accountOf(u), LastLoginAt: u.LastLoginAt, CreatedAt: u.CreatedAt}
}

// userPage is a page of GET /api/users.
type userPage struct {
	Users []adminUser `json:"users"`
	Pages int         `json:"pages"`
	Page  int         `json:"page"`
}

func (s *Server) listUsers(w http.ResponseWriter, r *http.Request, _ *session) {
	page, keyword, err := pageAndKeyword(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	found, err := s.db.Users(r.Context(), keyword, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := userPage{Users: make([]adminUser, len(found.Users)), Pages: found.Pages, Page: found.Page}
	for i, u := range found.Users {
		out.Users[i] = newAdminUser(u)
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request, _ *session) {
	u, err := s.db.User(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newAdminUser(u))
}

func (s *Server) updateUser(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		accountFields
		Role string `json:"role"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	id := r.PathValue("id")
	target, err := s.db.User(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	role, err := shop.ParseRole(in.Role)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	change, err := s.change(in.accountFields, role)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	change.ByShop = true
	if err := shop.CheckAdminChange(sess.user.ID, id, target.Role, role, false); err != nil {
		s.fail(w, r, err)
		return
	}
	u, revoked, err := s.db.UpdateUser(r.Context(), id, change)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if revoked && id == sess.user.ID {
		s.clearSessionCookie(w, r)
	}
	s.writeJSON(w, r, http.StatusOK, newAdminUser(u))
}

func (s *Server) deleteUser(w http.ResponseWriter, r *http.Request, sess *session) {
	id := r.PathValue("id")
	target, err := s.db.User(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := shop.CheckAdminChange(sess.user.ID, id, target.Role, target.Role, true); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.db.DeleteUser(r.Context(), id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Successfully deleted the user from database."})
}

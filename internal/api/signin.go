package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
)

// Why a sign-in was refused. A wrong password and an unknown account read
// the same, so the answer does not tell who has an account.
var (
	errLoginEmpty = &shop.Error{Code: shop.Invalid, Message: "Please fill all the fields"}
	errBadLogin   = &shop.Error{Code: shop.Unauthorized, Message: "Invalid email/mobile number or password"}
)

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var in struct {
		LoginID  string `json:"loginId"`
		Password string `json:"password"`
		LoggedIn bool   `json:"loggedIn"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	loginID := strings.ToLower(strings.TrimSpace(in.LoginID))
	if loginID == "" || in.Password == "" {
		s.fail(w, r, errLoginEmpty)
		return
	}
	// Names typed and account ids are kept apart as keys, so no name typed
	// can stand for another account.
	account := "typed:" + loginID
	if !s.take(w, r, s.loginAttempts, account) {
		return
	}
	u, hash, err := s.db.UserByLogin(r.Context(), loginID)
	known := err == nil
	if err != nil && !errors.Is(err, shop.ErrUserNotFound) {
		s.giveBack(r, s.loginAttempts, account)
		s.fail(w, r, err)
		return
	}
	if known {
		if !s.moveTo(w, r, s.loginAttempts, account, "id:"+u.ID) {
			return
		}
		account = "id:" + u.ID
	} else {
		// Spend the time a real check takes, so timing does not tell
		// whether the account exists.
		hash = dummyHash
	}
	ok, err := s.passwords.Check(hash, in.Password)
	if errors.Is(err, auth.ErrBusy) {
		s.giveBack(r, s.loginAttempts, account)
		s.fail(w, r, err)
		return
	}
	if err != nil || !ok || !known {
		s.fail(w, r, errBadLogin)
		return
	}
	s.succeeded(r, s.loginAttempts, account)
	expires, err := s.startSession(w, r, u.ID, in.LoggedIn)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err = s.db.RecordLogin(r.Context(), u.ID, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newUserInfo(u, expires))
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Logged out successfully"})
}

package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
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
	loginID := readLoginID(in.LoginID)
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
	s.signInAs(w, r, u, in.LoggedIn)
}

// signInAs starts a session for u and answers with the user's info, as
// every way of signing in does.
func (s *Server) signInAs(w http.ResponseWriter, r *http.Request, u shop.User, stayLoggedIn bool) {
	expires, err := s.startSession(w, r, u.ID, stayLoggedIn)
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

// errNoLoginID asks for the name to send a sign-in code to.
var errNoLoginID = &shop.Error{Code: shop.Invalid, Message: "Please enter your email address or mobile number"}

// readLoginID is the e-mail address or mobile number typed to sign in,
// as accounts hold it.
func readLoginID(typed string) string { return strings.ToLower(strings.TrimSpace(typed)) }

// codeKey is what a sign-in code for loginID is kept under: the e-mail of
// the account found by either of its names, so an account has one live code
// whichever it was asked with; or, when no account has it, the name typed,
// so that a code is made and kept all the same and the answers (a wait
// before the next code, a wrong code, too many tries) read as for an
// account.
func (s *Server) codeKey(r *http.Request, loginID string) (u shop.User, key string, known bool, err error) {
	u, _, err = s.db.UserByLogin(r.Context(), loginID)
	if errors.Is(err, shop.ErrUserNotFound) {
		return u, loginID, false, nil
	}
	return u, u.Email, err == nil, err
}

// sendLoginCode sends a code to sign in with: to the account's e-mail, and
// by SMS to its mobile number when that was typed and the shop can text.
// An unknown name is answered as a known one and sent nothing.
func (s *Server) sendLoginCode(w http.ResponseWriter, r *http.Request) {
	var in struct {
		LoginID string `json:"loginId"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	loginID := readLoginID(in.LoginID)
	if loginID == "" {
		s.fail(w, r, errNoLoginID)
		return
	}
	// Counted as the e-mail codes are: against the name typed, then against
	// the account's e-mail, which has one budget for all its codes.
	typed := "typed:" + loginID
	if !s.take(w, r, s.otpAttempts, typed) {
		return
	}
	u, key, known, err := s.codeKey(r, loginID)
	if err != nil {
		s.giveBack(r, s.otpAttempts, typed)
		s.fail(w, r, err)
		return
	}
	if known && !s.moveTo(w, r, s.otpAttempts, typed, u.Email) {
		return
	}
	byText := s.texts && shop.ValidMobile(loginID)
	code := auth.NewOTP()
	var letters []mail.Letter
	if known {
		letters = append(letters, mail.LoginCode(u.Email, code, auth.OTPTTL))
		if byText {
			letters = append(letters, mail.LoginCodeText(u.MobileNo, code, auth.OTPTTL))
		}
	}
	err = s.db.SaveOTP(r.Context(), key, auth.OTPLogin, auth.HashOTP(key, auth.OTPLogin, code), s.now(),
		auth.OTPTTL, auth.OTPResendWait, letters...)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The answer depends on what was typed, never on whether an account has it.
	message := "If an account has " + loginID + ", we have sent a 6-digit code to its e-mail address."
	if byText {
		message = "If an account has " + loginID + ", we have sent a 6-digit code to it by SMS and to the account's e-mail address."
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": message})
}

// loginWithCode signs in with a code from sendLoginCode, answering as
// login does. Tries are counted and limited as for every code.
func (s *Server) loginWithCode(w http.ResponseWriter, r *http.Request) {
	var in struct {
		LoginID  string `json:"loginId"`
		Code     string `json:"code"`
		LoggedIn bool   `json:"loggedIn"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	loginID := readLoginID(in.LoginID)
	switch {
	case loginID == "" || in.Code == "":
		s.fail(w, r, errLoginEmpty)
		return
	case !auth.ValidOTP(in.Code):
		s.fail(w, r, errOTPShape)
		return
	}
	u, key, known, err := s.codeKey(r, loginID)
	if err == nil {
		err = s.db.CheckOTP(r.Context(), key, auth.OTPLogin, auth.HashOTP(key, auth.OTPLogin, in.Code), s.now(), auth.OTPMaxTries)
	}
	if err == nil && !known {
		// The code kept for a name no account has was never sent: one
		// guessed right is wrong all the same.
		err = store.ErrOTPWrong
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.signInAs(w, r, u, in.LoggedIn)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Logged out successfully"})
}

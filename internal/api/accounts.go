package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

type otpRequest struct {
	Email   string `json:"email"`
	OTP     string `json:"otp"`
	ReqType string `json:"reqType"`
}

// read decodes and checks an OTP request, answering 400 itself if needed.
func (s *Server) readOTPRequest(w http.ResponseWriter, r *http.Request) (otpRequest, bool) {
	var in otpRequest
	if !s.decode(w, r, &in) {
		return in, false
	}
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	switch {
	case in.Email == "":
		s.writeError(w, r, http.StatusBadRequest, "Please enter your email address to verify")
	case !shop.ValidEmail(in.Email):
		s.writeError(w, r, http.StatusBadRequest, "Please enter a valid email address")
	case in.ReqType != auth.OTPRegister && in.ReqType != auth.OTPResetPassword:
		s.writeError(w, r, http.StatusBadRequest, "reqType must be register or resetPassword")
	default:
		return in, true
	}
	return in, false
}

func (s *Server) sendOTP(w http.ResponseWriter, r *http.Request) {
	in, ok := s.readOTPRequest(w, r)
	if !ok || !s.take(w, r, s.otpAttempts, in.Email) {
		return
	}
	user, err := s.db.UserByEmail(r.Context(), in.Email)
	known := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	if in.ReqType == auth.OTPRegister && known && user.EmailVerified {
		s.writeError(w, r, http.StatusConflict, store.ErrEmailTaken.Error())
		return
	}
	code := auth.NewOTP()
	err = s.db.SaveOTP(r.Context(), in.Email, in.ReqType, auth.HashOTP(in.Email, in.ReqType, code), s.now(), auth.OTPTTL, auth.OTPResendWait)
	var tooSoon *store.TooSoonError
	if errors.As(err, &tooSoon) {
		w.Header().Set("Retry-After", fmt.Sprint(int(tooSoon.Wait.Seconds())+1))
		s.writeError(w, r, http.StatusTooManyRequests, tooSoon.Error())
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// A reset for an unknown address answers exactly as for a known one,
	// but mails nothing: the answer must not tell who has an account.
	if in.ReqType == auth.OTPRegister || known {
		if err := s.mail.Send(r.Context(), otpMail(s.site.Brand.Name, in.Email, in.ReqType, code)); err != nil {
			s.log.Error("send OTP mail", "err", err)
			s.writeError(w, r, http.StatusBadGateway, "Failed to send OTP")
			return
		}
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "OTP sent to " + in.Email})
}

func otpMail(brand, email, purpose, code string) mail.Message {
	what := "verify your e-mail address"
	if purpose == auth.OTPResetPassword {
		what = "reset your password"
	}
	return mail.Message{
		To:      email,
		Subject: fmt.Sprintf("%s: your one-time code %s", brand, code),
		Text: fmt.Sprintf("Your %s one-time code to %s is:\n\n    %s\n\nIt is valid for %d minutes. If you did not ask for it, ignore this e-mail.\n",
			brand, what, code, int(auth.OTPTTL.Minutes())),
	}
}

func (s *Server) verifyOTP(w http.ResponseWriter, r *http.Request) {
	in, ok := s.readOTPRequest(w, r)
	if !ok {
		return
	}
	if !auth.ValidOTP(in.OTP) {
		s.writeError(w, r, http.StatusBadRequest, "Please enter a valid 6-digit OTP")
		return
	}
	err := s.db.CheckOTP(r.Context(), in.Email, in.ReqType, auth.HashOTP(in.Email, in.ReqType, in.OTP), s.now(), auth.OTPMaxTries)
	if errors.Is(err, store.ErrOTPWrong) || errors.Is(err, store.ErrOTPExpired) || errors.Is(err, store.ErrOTPTooMany) {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if in.ReqType == auth.OTPRegister {
		// An existing account whose address was not yet verified (one an
		// admin made, say) is verified and locked now.
		if err := s.db.MarkEmailVerified(r.Context(), in.Email); err != nil {
			s.fail(w, r, err)
			return
		}
		s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "Email verified successfully!"})
		return
	}
	if err := s.resetPassword(r.Context(), in.Email); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "Please check your email for the new password."})
}

// resetPassword gives the account of email a new random password, mails
// it, and ends every session. An unknown address does nothing.
func (s *Server) resetPassword(ctx context.Context, email string) error {
	user, err := s.db.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	password := auth.NewPassword(10)
	// The code is used up by now, so this hash waits its turn rather than
	// turning the customer away; a code verifies once, so these cannot pile up.
	hash, err := s.passwords.HashInTurn(password)
	if err != nil {
		return err
	}
	if err := s.db.SetPassword(ctx, user.ID, hash); err != nil {
		return err
	}
	return s.mail.Send(ctx, mail.Message{
		To:      email,
		Subject: s.site.Brand.Name + ": your new password",
		Text: fmt.Sprintf("Hello %s,\n\nYour password was reset. Your new password is:\n\n    %s\n\n"+
			"Sign in with it and change it on your profile page. Every device that was signed in has been signed out.\n",
			user.Name, password),
	})
}

// accountFields are what every account form sends.
type accountFields struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	MobileNo string `json:"mobileNo"`
	Password string `json:"password"`
}

// change checks the fields by the profile rules (password optional) and
// makes the store change, hashing a new password; it answers 400 itself
// and returns false when a rule is broken.
func (s *Server) change(w http.ResponseWriter, r *http.Request, f accountFields, role shop.Role) (store.UserChange, bool) {
	p := shop.ProfileUpdate{Name: f.Name, Email: f.Email, MobileNo: f.MobileNo, Password: f.Password}
	p.Normalize()
	if err := p.Validate(); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return store.UserChange{}, false
	}
	c := store.UserChange{Name: p.Name, Email: p.Email, MobileNo: p.MobileNo, Role: role}
	if p.Password != "" {
		hash, err := s.passwords.Hash(p.Password)
		if err != nil {
			s.hashFailed(w, r, err)
			return c, false
		}
		c.PasswordHash = hash
	}
	return c, true
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var in accountFields
	if !s.decode(w, r, &in) {
		return
	}
	u := shop.NewUser{Name: in.Name, Email: in.Email, MobileNo: in.MobileNo, Password: in.Password, Role: shop.RoleCustomer}
	u.Normalize()
	if err := u.Validate(); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	verified, err := s.db.VerifiedSince(r.Context(), u.Email, auth.OTPRegister, s.now().Add(-auth.VerifiedSignupIn))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !verified {
		s.writeError(w, r, http.StatusBadRequest, "Please verify your email address with the OTP first")
		return
	}
	// A taken address or mobile number is refused before the costly hash,
	// and every sign-up that gets to it is counted, so sign-ups sent again
	// and again with one verified address cannot keep the hashing busy.
	if err := s.signUpTaken(r.Context(), u); errors.Is(err, store.ErrEmailTaken) || errors.Is(err, store.ErrMobileTaken) {
		s.writeError(w, r, http.StatusConflict, err.Error())
		return
	} else if err != nil {
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
		s.hashFailed(w, r, err)
		return
	}
	user, err := s.db.InsertUser(r.Context(), u, hash, true)
	if errors.Is(err, store.ErrEmailTaken) || errors.Is(err, store.ErrMobileTaken) {
		s.writeError(w, r, http.StatusConflict, err.Error())
		return
	}
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
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	// A valid e-mail address has an @ and a mobile number has not, so this
	// finds an account by its mobile number only.
	if _, _, err := s.db.UserByLogin(ctx, u.MobileNo); err == nil {
		return store.ErrMobileTaken
	} else if !errors.Is(err, store.ErrNotFound) {
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
	change, ok := s.change(w, r, in, sess.user.Role)
	if !ok {
		if newPassword {
			// Refused before hashing, or the hashing was busy.
			s.giveBack(r, s.passwordAttempts, sess.user.ID)
		}
		return
	}
	if sess.user.EmailVerified && change.Email != sess.user.Email {
		s.writeError(w, r, http.StatusBadRequest, "Your email address is verified and cannot be changed")
		return
	}
	user, revoked, err := s.db.UpdateUser(r.Context(), sess.user.ID, change)
	if !s.userChangeFailed(w, r, err) {
		return
	}
	if revoked {
		s.clearSessionCookie(w, r)
		s.writeJSON(w, r, http.StatusOK, map[string]any{"loggedOut": true, "message": reloginMessage})
		return
	}
	s.writeJSON(w, r, http.StatusOK, newUserInfo(user, sess.expires))
}

// userChangeFailed answers for a failed account change and returns false;
// it returns true when err is nil and the handler should go on.
func (s *Server) userChangeFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case err == nil:
		return true
	case errors.Is(err, store.ErrEmailTaken), errors.Is(err, store.ErrMobileTaken), errors.Is(err, store.ErrLastAdmin):
		s.writeError(w, r, http.StatusConflict, err.Error())
	case errors.Is(err, store.ErrNotFound):
		s.writeError(w, r, http.StatusNotFound, "User not found")
	default:
		s.fail(w, r, err)
	}
	return false
}

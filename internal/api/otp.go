package api

import (
	"context"
	"errors"
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
	// Password, with a resetPassword code, is the new password the customer
	// chose; without it the shop makes one and mails it (SPEC.md §7).
	Password string `json:"password"`
}

// Why an OTP request was refused.
var (
	errOTPNoEmail  = &shop.Error{Code: shop.Invalid, Message: "Please enter your email address to verify"}
	errOTPBadEmail = &shop.Error{Code: shop.Invalid, Message: "Please enter a valid email address"}
	errOTPReqType  = &shop.Error{Code: shop.Invalid, Message: "reqType must be register or resetPassword"}
	errOTPShape    = &shop.Error{Code: shop.Invalid, Message: "Please enter a valid 6-digit OTP"}
)

// readOTPRequest decodes and checks an OTP request, answering 400 itself
// if needed.
func (s *Server) readOTPRequest(w http.ResponseWriter, r *http.Request) (otpRequest, bool) {
	var in otpRequest
	if !s.decode(w, r, &in) {
		return in, false
	}
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	switch {
	case in.Email == "":
		s.fail(w, r, errOTPNoEmail)
	case !shop.ValidEmail(in.Email):
		s.fail(w, r, errOTPBadEmail)
	case in.ReqType != auth.OTPRegister && in.ReqType != auth.OTPResetPassword:
		s.fail(w, r, errOTPReqType)
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
	if err != nil && !errors.Is(err, shop.ErrUserNotFound) {
		s.fail(w, r, err)
		return
	}
	if in.ReqType == auth.OTPRegister && known && user.EmailVerified {
		s.fail(w, r, store.ErrEmailTaken)
		return
	}
	code := auth.NewOTP()
	var letters []mail.Letter
	// A reset for an unknown address answers exactly as for a known one,
	// but mails nothing: the answer must not tell who has an account.
	if in.ReqType == auth.OTPRegister || known {
		letters = append(letters, mail.OneTimeCode(in.Email, code, in.ReqType == auth.OTPResetPassword, auth.OTPTTL))
	}
	err = s.db.SaveOTP(r.Context(), in.Email, in.ReqType, auth.HashOTP(in.Email, in.ReqType, code), s.now(),
		auth.OTPTTL, auth.OTPResendWait, letters...)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The answer does not wait for the mail server: the code's mail is
	// queued with it and sent in the background.
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "OTP sent to " + in.Email})
}

func (s *Server) verifyOTP(w http.ResponseWriter, r *http.Request) {
	in, ok := s.readOTPRequest(w, r)
	if !ok {
		return
	}
	if !auth.ValidOTP(in.OTP) {
		s.fail(w, r, errOTPShape)
		return
	}
	choosing := in.ReqType == auth.OTPResetPassword && in.Password != ""
	if choosing {
		// Checked before the code, which a refused password must not use up.
		if err := shop.ValidatePassword(in.Password); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	err := s.db.CheckOTP(r.Context(), in.Email, in.ReqType, auth.HashOTP(in.Email, in.ReqType, in.OTP), s.now(), auth.OTPMaxTries)
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
	message := "Please check your email for the new password."
	if choosing {
		message = "Your new password is set. Please sign in with it."
	}
	if err := s.resetPassword(r.Context(), in.Email, in.Password); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": message})
}

// resetPassword gives the account of email the password chosen, or else a
// new random one, queues the mail that tells of it (the one made, or that
// it was changed), and ends every session. An unknown address does
// nothing.
func (s *Server) resetPassword(ctx context.Context, email, chosen string) error {
	user, err := s.db.UserByEmail(ctx, email)
	if errors.Is(err, shop.ErrUserNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	password, letter := chosen, mail.PasswordChanged(email, user.Name, false)
	if chosen == "" {
		password = auth.NewPassword(10)
		letter = mail.NewPassword(email, user.Name, password)
	}
	// The code is used up by now, so this hash waits its turn rather than
	// turning the customer away; a code verifies once, so these cannot pile up.
	hash, err := s.passwords.HashInTurn(password)
	if err != nil {
		return err
	}
	return s.db.SetPassword(ctx, user.ID, hash, letter)
}

package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// adminUser is a user as the admin screens show it.
type adminUser struct {
	ID            string     `json:"_id"`
	Name          string     `json:"name"`
	Email         string     `json:"email"`
	EmailVerified bool       `json:"emailVerified"`
	MobileNo      string     `json:"mobileNo"`
	Role          shop.Role  `json:"role"`
	LastLoginAt   *time.Time `json:"lastLoginAt"`
	CreatedAt     time.Time  `json:"createdAt"`
}

func newAdminUser(u shop.User) adminUser {
	return adminUser{ID: u.ID, Name: u.Name, Email: u.Email, EmailVerified: u.EmailVerified, MobileNo: u.MobileNo,
		Role: u.Role, LastLoginAt: u.LastLoginAt, CreatedAt: u.CreatedAt}
}

func (s *Server) listUsers(w http.ResponseWriter, r *http.Request, _ *session) {
	users, err := s.db.Users(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]adminUser, len(users))
	for i, u := range users {
		out[i] = newAdminUser(u)
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request, _ *session) {
	u, err := s.db.User(r.Context(), r.PathValue("id"))
	if !s.userChangeFailed(w, r, err) {
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
	if !s.userChangeFailed(w, r, err) {
		return
	}
	role, err := shop.ParseRole(in.Role)
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	change, ok := s.change(w, r, in.accountFields, role)
	if !ok {
		return
	}
	if err := shop.CheckAdminChange(sess.user.ID, id, target.Role, role, false); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	u, revoked, err := s.db.UpdateUser(r.Context(), id, change)
	if !s.userChangeFailed(w, r, err) {
		return
	}
	if revoked && id == sess.user.ID {
		s.clearSessionCookie(w, r)
	}
	if u.Email != target.Email {
		s.tellEmailChanged(r.Context(), u.Name, target.Email, u.Email)
	}
	s.writeJSON(w, r, http.StatusOK, newAdminUser(u))
}

// tellEmailChanged writes to the old and the new address of an account
// whose e-mail the shop changed, so neither owner learns of it only when a
// sign-in fails, and a change the owner did not ask for is seen at once.
func (s *Server) tellEmailChanged(ctx context.Context, name, oldEmail, newEmail string) {
	text := fmt.Sprintf("Hello %s,\n\nThe e-mail address of your %s account was changed by the shop from %s to %s. "+
		"Every device that was signed in has been signed out; sign in with the new address and verify it.\n\n"+
		"If you did not ask for this, reply to this message or contact the shop.\n", name, s.site.Brand.Name, oldEmail, newEmail)
	for _, to := range []string{oldEmail, newEmail} {
		err := s.mail.Send(ctx, mail.Message{To: to, Subject: s.site.Brand.Name + ": your e-mail address was changed", Text: text})
		if err != nil {
			s.log.Error("send e-mail change notice", "err", err)
		}
	}
}

func (s *Server) deleteUser(w http.ResponseWriter, r *http.Request, sess *session) {
	id := r.PathValue("id")
	target, err := s.db.User(r.Context(), id)
	if !s.userChangeFailed(w, r, err) {
		return
	}
	if err := shop.CheckAdminChange(sess.user.ID, id, target.Role, target.Role, true); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if !s.userChangeFailed(w, r, s.db.DeleteUser(r.Context(), id)) {
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Successfully deleted the user from database."})
}

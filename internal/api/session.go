package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// session is the signed-in user of a request and when their session ends.
type session struct {
	user    shop.User
	expires time.Time
}

// readSession reads the session of the request's cookie from the
// database. Only the routes that need to know who is asking call it, so
// catalogue reads, pictures and the app's files cost a signed-in shopper
// no lookup. It returns nil for a guest, and clears a stale cookie so the
// browser stops sending it. A session ended early by a change of password
// or e-mail gives ended, the refusal that says why; its cookie is kept
// until a route that needs the session answers with it (signedIn), so the
// reason reaches the app. ok is false when it has answered the request
// with an error.
func (s *Server) readSession(w http.ResponseWriter, r *http.Request) (sess *session, ended error, ok bool) {
	c, err := r.Cookie(auth.CookieName)
	if err != nil || c.Value == "" {
		return nil, nil, true
	}
	u, expires, err := s.db.SessionUser(r.Context(), auth.HashToken(c.Value), s.now())
	switch {
	case errors.Is(err, shop.ErrNotSignedIn):
		s.clearSessionCookie(w, r)
		return nil, nil, true
	case shop.CodeOf(err) == shop.Unauthorized:
		return nil, err, true
	case err != nil:
		s.fail(w, r, err)
		return nil, nil, false
	}
	return &session{user: u, expires: expires}, nil, true
}

// signedIn wraps a handler that needs a signed-in user: guests get 401,
// and a session ended early is told why. Staff's changes are written to
// the audit log by the store, on the routes they share with customers
// (cancelling an order) as on their own.
func (s *Server) signedIn(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sess, ended, ok := s.readSession(w, r)
		switch {
		case !ok:
		case ended != nil:
			s.clearSessionCookie(w, r)
			s.fail(w, r, ended)
		case sess == nil:
			s.fail(w, r, shop.ErrNotSignedIn)
		case sess.user.Role == shop.RoleAdmin || sess.user.Role == shop.RoleManufacturer:
			actor := shop.Actor{ID: sess.user.ID, Name: sess.user.Name, Role: sess.user.Role, Address: s.proxies.ClientIP(r)}
			h(w, r.WithContext(store.WithActor(r.Context(), actor)), sess)
		default:
			h(w, r, sess)
		}
	}
}

// role wraps a handler for the given roles: guests get 401, others 403.
func (s *Server) role(h func(http.ResponseWriter, *http.Request, *session), roles ...shop.Role) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, sess *session) {
		for _, allowed := range roles {
			if sess.user.Role == allowed {
				h(w, r, sess)
				return
			}
		}
		s.fail(w, r, shop.ErrForbidden)
	})
}

// admin wraps a handler for admins only.
func (s *Server) admin(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return s.role(h, shop.RoleAdmin)
}

// asAdmin answers the request with h when it comes from an admin, and
// reports whether it was answered (by h, or with an error reading the
// session). For a route that reads the session only in one case.
func (s *Server) asAdmin(w http.ResponseWriter, r *http.Request, h func(http.ResponseWriter, *http.Request, *session)) bool {
	sess, _, ok := s.readSession(w, r)
	switch {
	case !ok:
		return true
	case sess == nil || sess.user.Role != shop.RoleAdmin:
		return false
	}
	h(w, r, sess)
	return true
}

// startSession signs the user in: a new session row and its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, userID string, stayLoggedIn bool) (time.Time, error) {
	token, hash := auth.NewSessionToken()
	expires := s.now().Add(auth.SessionLifetime(stayLoggedIn)).UTC()
	if err := s.db.CreateSession(r.Context(), userID, hash, expires); err != nil {
		return time.Time{}, err
	}
	http.SetCookie(w, &http.Cookie{
		Name: auth.CookieName, Value: token, Path: "/", Expires: expires, MaxAge: int(expires.Sub(s.now()).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.proxies.IsHTTPS(r),
	})
	return expires, nil
}

// endSession revokes the session of the request's cookie, if it sent one,
// and clears the cookie. It needs the token, not its user, so it deletes by
// the token's hash without reading the session first; a stale session's
// row goes too.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(auth.CookieName); err == nil && c.Value != "" {
		if err := s.db.DeleteSession(r.Context(), auth.HashToken(c.Value)); err != nil {
			return err
		}
	}
	s.clearSessionCookie(w, r)
	return nil
}

func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: auth.CookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.proxies.IsHTTPS(r)})
}

// actor names the signed-in user in an order's history: their name, and
// their role when they act for the shop.
func (sess *session) actor() string {
	if sess.user.Role == shop.RoleAdmin {
		return sess.user.Name + " (admin)"
	}
	return sess.user.Name
}

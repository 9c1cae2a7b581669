package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
)

type ctxKey int

const (
	userKey ctxKey = iota
	sessionKey
)

// session is the signed-in user of a request and the hash of its token.
type session struct {
	user      shop.User
	tokenHash string
	expires   time.Time
}

// withSession finds the session of an API request's cookie, if any, so
// handlers and role checks can read it from the context.
func (s *Server) withSession(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(auth.CookieName)
		if err != nil || c.Value == "" {
			h.ServeHTTP(w, r)
			return
		}
		hash := auth.HashToken(c.Value)
		u, expires, err := s.db.SessionUser(r.Context(), hash, s.now())
		switch {
		case errors.Is(err, shop.ErrNotSignedIn):
			// A stale cookie: drop it so the browser stops sending it.
			s.clearSessionCookie(w, r)
		case err != nil:
			s.fail(w, r, err)
			return
		default:
			r = r.WithContext(context.WithValue(r.Context(), sessionKey, &session{user: u, tokenHash: hash, expires: expires}))
		}
		h.ServeHTTP(w, r)
	})
}

func currentSession(r *http.Request) *session {
	sess, _ := r.Context().Value(sessionKey).(*session)
	return sess
}

// signedIn wraps a handler that needs a signed-in user: guests get 401.
func (s *Server) signedIn(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sess := currentSession(r)
		if sess == nil {
			s.fail(w, r, shop.ErrNotSignedIn)
			return
		}
		h(w, r, sess)
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

func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: auth.CookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.proxies.IsHTTPS(r)})
}

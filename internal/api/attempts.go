package api

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/limit"
)

// dummyHash is checked against when no account matches, so a sign-in for
// an unknown user takes as long as one for a known user.
var dummyHash, _ = auth.HashPassword("no account has this password")

// attemptKeys are the keys an attempt counts against: the account (or
// e-mail) and the client address.
func attemptKeys(r *http.Request, action, account string) []string {
	return []string{action + ":account:" + account, action + ":ip:" + clientIP(r)}
}

// allowAttempt counts an attempt against both keys and answers 429 when
// either is over its limit.
func (s *Server) allowAttempt(w http.ResponseWriter, r *http.Request, l limit.Limiter, action, account string) bool {
	for _, key := range attemptKeys(r, action, account) {
		if ok, wait := l.Allow(key); !ok {
			s.tooManyAttempts(w, r, wait)
			return false
		}
	}
	return true
}

// notBlocked answers 429 when either key has used up its failures, without
// counting this attempt: only failures count, so people signing in from
// one shared address (an office, a college) do not lock each other out.
func (s *Server) notBlocked(w http.ResponseWriter, r *http.Request, l limit.Limiter, action, account string) bool {
	for _, key := range attemptKeys(r, action, account) {
		if blocked, wait := l.Blocked(key); blocked {
			s.tooManyAttempts(w, r, wait)
			return false
		}
	}
	return true
}

// failedAttempt counts a failure against both keys.
func (s *Server) failedAttempt(r *http.Request, l limit.Limiter, action, account string) {
	for _, key := range attemptKeys(r, action, account) {
		l.Allow(key)
	}
}

func (s *Server) tooManyAttempts(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.writeError(w, r, http.StatusTooManyRequests, fmt.Sprintf("Too many attempts. Please try again in %d seconds.", secs))
}

// clientIP is the address the connection came from. Proxy headers are not
// trusted here: a client could forge them to escape its limit.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

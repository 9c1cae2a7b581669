package api

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/limit"
)

// dummyHash is checked against when no account matches, so a sign-in for
// an unknown user takes as long as one for a known user.
var dummyHash, _ = auth.HashPassword("no account has this password")

// allowAttempt counts an attempt against both the account (or e-mail) and
// the client address, and answers 429 when either is over its limit.
func (s *Server) allowAttempt(w http.ResponseWriter, r *http.Request, l limit.Limiter, action, account string) bool {
	for _, key := range []string{action + ":account:" + account, action + ":ip:" + clientIP(r)} {
		if ok, wait := l.Allow(key); !ok {
			secs := int(math.Ceil(wait.Seconds()))
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			s.writeError(w, r, http.StatusTooManyRequests,
				fmt.Sprintf("Too many attempts. Please try again in %d seconds.", secs))
			return false
		}
	}
	return true
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

package api

import (
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/limit"
	"github.com/haat-shop/haat/internal/shop"
)

// dummyHash is checked against when no account matches, so a sign-in for
// an unknown user takes as long as one for a known user.
var dummyHash, _ = auth.HashPassword("no account has this password")

// attempts limits one action per account (or e-mail) and per client
// address. An account's limit is strict: it is the one guessers aim at.
// An address's is wide, because behind an office NAT or a college proxy
// many people share one, and a guesser spraying made-up accounts from it
// must not lock them all out.
type attempts struct {
	action           string
	account, address limit.Limiter
}

func newAttempts(limiter limit.Maker) (login, otp attempts) {
	// Ten failed sign-ins per account in 15 minutes stop guessing without
	// locking out a customer who mistypes a few times; a hundred per address
	// leave room for ten such customers behind one address at once.
	login = newAttempt(limiter, "login", 10, 100, 15*time.Minute)
	// Codes cost an e-mail each: five an hour per address mailed to; thirty
	// an hour per client address, a busy office's sign-ups and resets.
	otp = newAttempt(limiter, "otp", 5, 30, time.Hour)
	return login, otp
}

// newPasswordAttempts limits the other actions that hash a password, so
// that no client can keep the few hashing slots busy for everyone else.
func newPasswordAttempts(limiter limit.Maker) (signUp, passwordChange attempts) {
	// Every sign-up needs a code, so an address gets as many as codes:
	// thirty an hour; five per e-mail leave room for a few that fail.
	signUp = newAttempt(limiter, "signup", 5, 30, time.Hour)
	// Nobody changes their password ten times in 15 minutes; an address's
	// hundred leave room for many people behind one.
	passwordChange = newAttempt(limiter, "password", 10, 100, 15*time.Minute)
	return signUp, passwordChange
}

func newAttempt(limiter limit.Maker, action string, perAccount, perAddress int, per time.Duration) attempts {
	return attempts{action, limiter(action+"-account", perAccount, per), limiter(action+"-address", perAddress, per)}
}

func (a attempts) keys(s *Server, r *http.Request, account string) (accountKey, addressKey string) {
	return a.action + ":" + account, a.action + ":" + clientNetwork(s.proxies.ClientIP(r))
}

// clientNetwork is what limits per address count by: an IPv4 address, or
// an IPv6 address's /64. One customer line is given a whole /64 and could
// otherwise take a fresh address for every attempt.
func clientNetwork(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil || !addr.Unmap().Is6() {
		return ip
	}
	network, err := addr.Prefix(64)
	if err != nil {
		return ip
	}
	return network.String()
}

// take counts an attempt against the account and the client's address
// before its costly part (a password hash, an e-mail), so a burst sent at
// once cannot all get through, and answers 429 when either is used up.
func (s *Server) take(w http.ResponseWriter, r *http.Request, a attempts, account string) bool {
	accountKey, addressKey := a.keys(s, r, account)
	if ok, wait := a.account.Allow(accountKey); !ok {
		s.fail(w, r, tooManyAttempts(wait))
		return false
	}
	if ok, wait := a.address.Allow(addressKey); !ok {
		a.account.Undo(accountKey)
		s.fail(w, r, tooManyAttempts(wait))
		return false
	}
	return true
}

// moveTo moves an attempt taken for the account named from to the one
// named to, counting it there, and answers 429 when that is used up. A
// sign-in counts against the name typed until the account is found, and
// then against the account itself, which has one budget whichever of its
// names (e-mail, mobile number) is typed.
func (s *Server) moveTo(w http.ResponseWriter, r *http.Request, a attempts, from, to string) bool {
	fromKey, addressKey := a.keys(s, r, from)
	toKey, _ := a.keys(s, r, to)
	a.account.Undo(fromKey)
	if ok, wait := a.account.Allow(toKey); !ok {
		a.address.Undo(addressKey)
		s.fail(w, r, tooManyAttempts(wait))
		return false
	}
	return true
}

// giveBack takes back an attempt that turned out not to count.
func (s *Server) giveBack(r *http.Request, a attempts, account string) {
	accountKey, addressKey := a.keys(s, r, account)
	a.account.Undo(accountKey)
	a.address.Undo(addressKey)
}

// succeeded forgets the account's failures after a right password, and
// takes back the attempt from the address: only failures count there.
func (s *Server) succeeded(r *http.Request, a attempts, account string) {
	accountKey, addressKey := a.keys(s, r, account)
	a.account.Reset(accountKey)
	a.address.Undo(addressKey)
}

// tooManyAttempts refuses an attempt past a limit, until wait has passed.
func tooManyAttempts(wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	return &shop.Error{Code: shop.TooMany, Message: fmt.Sprintf("Too many attempts. Please try again in %d seconds.", secs), RetryAfter: wait}
}

package shop

import (
	"errors"
	"fmt"
	"time"
)

// Code says what kind of refusal an Error is. internal/api maps each code
// to one HTTP status; nothing else in the shop knows about HTTP.
type Code int

// The codes, in the order a request meets them.
const (
	// Internal is our own fault: its details go to the log, never to the user.
	Internal Code = iota
	Invalid
	Unauthorized
	Forbidden
	NotFound
	Conflict
	TooMany
	// Unavailable: the shop cannot do this now (a payment method switched off).
	Unavailable
	// Upstream: a service we depend on (the payment gateway, the mail server) failed.
	Upstream
	// TooLarge and Unsupported refuse a request body by its size or kind.
	TooLarge
	Unsupported
	// NotAllowed refuses a request of a method its address does not take
	// (a POST to a page).
	NotAllowed
)

// Error is a refusal the user sees: its kind and the message shown. Rules
// return it (often wrapped with context); handlers answer it through one
// function, so the same refusal reads the same everywhere.
type Error struct {
	Code    Code
	Message string
	// Fields go into the answer beside the message, such as the prices
	// the server expected for a refused order.
	Fields map[string]any
	// RetryAfter tells a TooMany refusal's client when to try again.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Message }

// Errorf builds a refusal with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorOf finds the refusal in err's chain: nil when err is our own fault.
func ErrorOf(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// CodeOf is the code of the refusal in err's chain, Internal when there is none.
func CodeOf(err error) Code {
	if e := ErrorOf(err); e != nil {
		return e.Code
	}
	return Internal
}

// invalid refuses a bad input with a formatted message.
func invalid(format string, args ...any) error { return Errorf(Invalid, format, args...) }

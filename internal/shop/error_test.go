package shop

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorOf(t *testing.T) {
	refusal := &Error{Code: Conflict, Message: "This order is already paid"}
	for _, tc := range []struct {
		name string
		err  error
		want *Error
		code Code
	}{
		{"a refusal", refusal, refusal, Conflict},
		{"a refusal wrapped with context", fmt.Errorf("mark order o1 paid: %w", refusal), refusal, Conflict},
		{"a refusal joined with its cause", fmt.Errorf("%w: %w", refusal, errors.New("dial tcp: refused")), refusal, Conflict},
		{"our own fault", errors.New("disk full"), nil, Internal},
		{"nothing", nil, nil, Internal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ErrorOf(tc.err); got != tc.want {
				t.Errorf("ErrorOf = %v, want %v", got, tc.want)
			}
			if got := CodeOf(tc.err); got != tc.code {
				t.Errorf("CodeOf = %d, want %d", got, tc.code)
			}
		})
	}
}

func TestErrorf(t *testing.T) {
	e := Errorf(TooMany, "Please wait %d seconds", 30)
	if e.Code != TooMany || e.Error() != "Please wait 30 seconds" || e.Message != e.Error() {
		t.Errorf("Errorf = %+v", e)
	}
}

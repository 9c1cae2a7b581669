package shop

import (
	"strings"
	"testing"
)

func TestCaptureMismatch(t *testing.T) {
	const total = Paise(18507)
	for _, tc := range []struct {
		c    Capture
		want []string // in the reason; none means the capture pays the order
	}{
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "captured"}, nil},
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "paid"}, nil},
		{Capture{PaymentID: "pay_1", Amount: 1, Currency: "USD", Status: "captured"}, []string{"pay_1", `"USD"`, "0.01", "185.07"}},
		{Capture{PaymentID: "pay_1", Amount: total + 1, Currency: "INR", Status: "captured"}, []string{"185.08"}},
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "inr", Status: "captured"}, []string{`"inr"`}},
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "failed"}, []string{`"failed"`}},
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "authorized"}, []string{`"authorized"`}},
		{Capture{PaymentID: "pay_1", Amount: total, Currency: "INR"}, []string{`""`}},
	} {
		got := tc.c.Mismatch(total)
		if (got == "") != (tc.want == nil) {
			t.Errorf("%+v: reason %q", tc.c, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%+v: reason %q lacks %s", tc.c, got, w)
			}
		}
	}
}

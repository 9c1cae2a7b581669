package shop

import (
	"strings"
	"testing"
)

func TestCaptureMismatch(t *testing.T) {
	const total = Paise(18507)
	for _, tc := range []struct {
		name string
		c    Capture
		want []string // in the reason; none means the capture pays the order
	}{
		{"captured in rupees to the paisa", Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "captured"}, nil},
		{"an order paid event", Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "paid"}, nil},
		{"another currency and amount", Capture{PaymentID: "pay_1", Amount: 1, Currency: "USD", Status: "captured"},
			[]string{"pay_1", `"USD"`, "0.01", "185.07"}},
		{"a paisa more", Capture{PaymentID: "pay_1", Amount: total + 1, Currency: "INR", Status: "captured"}, []string{"185.08"}},
		{"the currency in lower case", Capture{PaymentID: "pay_1", Amount: total, Currency: "inr", Status: "captured"}, []string{`"inr"`}},
		{"a failed payment", Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "failed"}, []string{`"failed"`}},
		{"authorized, not captured", Capture{PaymentID: "pay_1", Amount: total, Currency: "INR", Status: "authorized"}, []string{`"authorized"`}},
		{"no status", Capture{PaymentID: "pay_1", Amount: total, Currency: "INR"}, []string{`""`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.c.Mismatch(total)
			if (got == "") != (tc.want == nil) {
				t.Errorf("reason %q", got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("reason %q lacks %s", got, w)
				}
			}
		})
	}
}

package shop

import (
	"fmt"
	"strings"
)

// Currency is the only currency the shop sells in.
const Currency = "INR"

// LatePaymentReason is the flag on a payment that arrived after its order
// expired.
const LatePaymentReason = "The payment arrived after the order expired: refund it, or restore the order, from the payment provider's dashboard."

// ErrPaymentMismatch says a payment report did not match its order, so the
// order was not marked paid and the report was flagged for an admin.
var ErrPaymentMismatch = &Error{Code: Conflict, Message: "The payment does not match the order"}

// Capture is what a payment provider reports was paid for one of its
// orders.
type Capture struct {
	PaymentID string
	Amount    Paise
	Currency  string
	// Status is the payment's ("captured") or, for an order event without
	// a payment, the order's ("paid").
	Status string
}

// Mismatch says why c does not pay an order of total, or "" when it does:
// the money must be captured, in rupees, to the paisa.
func (c Capture) Mismatch(total Paise) string {
	var why []string
	if c.Status != "captured" && c.Status != "paid" {
		why = append(why, fmt.Sprintf("its status is %q, not captured", c.Status))
	}
	if c.Currency != Currency {
		why = append(why, fmt.Sprintf("its currency is %q, not %s", c.Currency, Currency))
	}
	if c.Amount != total {
		why = append(why, fmt.Sprintf("its amount is %s, not the order's %s", c.Amount.Rupees(), total.Rupees()))
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprintf("Payment %s was not accepted: %s. Check it in the payment provider's dashboard.", c.PaymentID, strings.Join(why, "; "))
}

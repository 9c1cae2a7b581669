package gst

import (
	"cmp"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// Kind is a kind of tax document; each has its own series of numbers.
type Kind string

// The tax documents the shop issues.
const (
	Invoice    Kind = "invoice"
	CreditNote Kind = "credit-note"
)

// Document is a tax invoice or a credit note as issued: the seller's
// details and the tax breakup as they stood then, with the order it is for.
type Document struct {
	Kind     Kind        `json:"kind"`
	Number   string      `json:"number"`
	IssuedAt time.Time   `json:"issuedAt"`
	Seller   shop.Seller `json:"seller"`
	Order    shop.Order  `json:"order"`
	Breakup  Breakup     `json:"breakup"`
	// Invoice is the number of the invoice a credit note is against, and
	// InvoiceDate when it was issued.
	Invoice     string    `json:"invoice,omitempty"`
	InvoiceDate time.Time `json:"invoiceDate,omitzero"`
	// Reason says why a credit note was issued: cancelled, refunded, returned.
	Reason string `json:"reason,omitempty"`
}

// FinancialYear names the Indian financial year (April to March) of t in
// India by the last two digits of its years: 2627 for April 2026 to March
// 2027.
func FinancialYear(t time.Time) string {
	t = t.In(shop.IST)
	start := t.Year()
	if t.Month() < time.April {
		start--
	}
	return fmt.Sprintf("%02d%02d", start%100, (start+1)%100)
}

// MaxNumberLength is the longest number GST allows an invoice or a credit
// note (Rule 46 of the CGST Rules).
const MaxNumberLength = 16

// Number is the seq-th document of kind in financial year fy: HT/2627/000123
// for an invoice, HT/C2627/00007 for a credit note. A number longer than
// MaxNumberLength is refused: a prefix of at most shop.MaxInvoicePrefix
// leaves room for 999,999 invoices and 99,999 credit notes a year.
func Number(kind Kind, prefix, fy string, seq int64) (string, error) {
	n := fmt.Sprintf("%s/%s/%06d", prefix, fy, seq)
	if kind == CreditNote {
		n = fmt.Sprintf("%s/C%s/%05d", prefix, fy, seq)
	}
	if len(n) > MaxNumberLength {
		return "", fmt.Errorf("%s number %s is longer than GST's %d characters: the series of financial year %s has no numbers left",
			kind, n, MaxNumberLength, fy)
	}
	return n, nil
}

// SaleOf is the sale of order o by seller.
func SaleOf(o shop.Order, seller shop.Seller) Sale {
	s := Sale{Prices: o.Prices, SellerState: seller.State, ShipTo: o.Shipping.State}
	for _, it := range o.Items {
		s.Lines = append(s.Lines, Line{HSN: cmp.Or(it.HSN, shop.DefaultHSN), Qty: it.Qty, UnitPrice: it.Price,
			Description: fmt.Sprintf("%s, %s, size %s", it.Name, it.VariantColor, it.Size)})
	}
	return s
}

// InvoiceDue tells whether order o moving to state after issues its
// invoice: an online order is invoiced when paid, an order paid on
// delivery when delivered.
func InvoiceDue(o shop.Order, after shop.State) bool {
	if o.PaymentMethod == shop.Razorpay {
		return !o.IsPaid && after.IsPaid
	}
	return !o.IsDelivered && after.IsDelivered
}

// Package gst works out the GST in an order: the taxable value, rate and
// tax of each line, to the paisa, from tax-inclusive prices. It performs no
// I/O; the rules are written for an accountant in README.md ("GST").
package gst

import (
	"fmt"

	"github.com/haat-shop/haat/internal/shop"
)

// Apparel rates from 22 September 2025, in percent, and the sale value of
// a piece (net of tax, after discounts) up to which the lower one applies.
const (
	LowRate       = 5
	HighRate      = 18
	MaxLowRateFor = shop.Paise(250000) // ₹2,500
)

// ChargesDescription names the line of shipping and fees on an invoice.
const ChargesDescription = "Shipping and fees"

// Line is one line of a sale: Qty pieces at a tax-inclusive UnitPrice.
type Line struct {
	HSN         string     `json:"hsn"`
	Description string     `json:"description"`
	Qty         int        `json:"qty"`
	UnitPrice   shop.Paise `json:"unitPrice"`
}

// Sale is what GST is worked out on: an order's lines and prices, the
// seller's state and the state the goods are shipped to.
type Sale struct {
	Lines       []Line
	Prices      shop.Prices
	SellerState string
	ShipTo      string
}

// TaxLine is a line of an invoice or credit note: its value before the
// discount and its share of the discount (tax included), the taxable value
// and the tax by type.
type TaxLine struct {
	// Line is, on a credit note, the number (from 1) of the invoice's line
	// it takes back.
	Line        int        `json:"line,omitempty"`
	HSN         string     `json:"hsn"`
	Description string     `json:"description"`
	Qty         int        `json:"qty"`
	Value       shop.Paise `json:"value"`
	Discount    shop.Paise `json:"discount"`
	Taxable     shop.Paise `json:"taxable"`
	Rate        int        `json:"rate"`
	IGST        shop.Paise `json:"igst"`
	CGST        shop.Paise `json:"cgst"`
	SGST        shop.Paise `json:"sgst"`
}

// Tax is the line's tax of every type.
func (l TaxLine) Tax() shop.Paise { return l.IGST + l.CGST + l.SGST }

// Net is what the line costs the customer: its taxable value and tax.
func (l TaxLine) Net() shop.Paise { return l.Taxable + l.Tax() }

// isCharges tells the line of shipping and fees from a line of goods.
func (l TaxLine) isCharges() bool { return l.Description == ChargesDescription }

// Breakup is the GST of a sale: its lines (the goods, then one line of
// shipping and fees when there are any) and their sums.
type Breakup struct {
	PlaceOfSupply string    `json:"placeOfSupply"`
	StateCode     string    `json:"stateCode"`
	Interstate    bool      `json:"interstate"`
	Lines         []TaxLine `json:"lines"`
	Totals        TaxLine   `json:"totals"`
}

// Total is what the invoice adds up to: the order's total.
func (b Breakup) Total() shop.Paise { return b.Totals.Net() }

// sum adds up b's lines into its totals.
func (b *Breakup) sum() {
	b.Totals = TaxLine{}
	for _, t := range b.Lines {
		b.Totals = b.Totals.plus(t)
	}
	b.Totals.Qty = 0 // pieces and a line of fees do not add up
}

// Compute works out the GST of s. The order's discount is shared across
// the lines in proportion to their value; each line's rate is found per
// piece from its value after discount; shipping and fees are taxed at the
// rate of the line of highest value (the principal supply).
func Compute(s Sale) (Breakup, error) {
	code := shop.GSTStateCode(s.ShipTo)
	if code == "" {
		return Breakup{}, fmt.Errorf("place of supply %q is not a state or union territory", s.ShipTo)
	}
	if shop.GSTStateCode(s.SellerState) == "" {
		return Breakup{}, fmt.Errorf("seller's state %q is not a state or union territory", s.SellerState)
	}
	b := Breakup{PlaceOfSupply: s.ShipTo, StateCode: code, Interstate: s.ShipTo != s.SellerState}
	values := make([]shop.Paise, len(s.Lines))
	var items shop.Paise
	for i, l := range s.Lines {
		if l.Qty < 1 || l.UnitPrice < 0 {
			return Breakup{}, fmt.Errorf("line %d: %d pieces at %d paise", i, l.Qty, l.UnitPrice)
		}
		values[i] = l.UnitPrice * shop.Paise(l.Qty)
		items += values[i]
	}
	if items != s.Prices.Items {
		return Breakup{}, fmt.Errorf("lines add up to %d paise, the order's items to %d", items, s.Prices.Items)
	}
	if s.Prices.Discount > items {
		return Breakup{}, fmt.Errorf("discount %d paise is more than the items, %d", s.Prices.Discount, items)
	}
	shares := Share(s.Prices.Discount, values)
	principal := -1
	for i, l := range s.Lines {
		net := values[i] - shares[i]
		t := b.taxLine(l.HSN, l.Description, l.Qty, net, RateOf(net, l.Qty))
		t.Value, t.Discount = values[i], shares[i]
		b.Lines = append(b.Lines, t)
		if principal < 0 || net > b.Lines[principal].Value-b.Lines[principal].Discount {
			principal = i
		}
	}
	charges := s.Prices.Shipping + s.Prices.SecureFee + s.Prices.PreOrderFee
	if charges > 0 && principal >= 0 {
		p := b.Lines[principal]
		t := b.taxLine(p.HSN, ChargesDescription, 1, charges, p.Rate)
		t.Value = charges
		b.Lines = append(b.Lines, t)
	}
	b.sum()
	if b.Total() != s.Prices.Total {
		return Breakup{}, fmt.Errorf("invoice adds up to %d paise, the order to %d", b.Total(), s.Prices.Total)
	}
	return b, nil
}

// taxLine splits net, tax included, into its taxable value and tax at
// rate, the tax as IGST or as CGST and SGST.
func (b Breakup) taxLine(hsn, description string, qty int, net shop.Paise, rate int) TaxLine {
	t := TaxLine{HSN: hsn, Description: description, Qty: qty, Taxable: divideRound(int64(net)*100, int64(100+rate)), Rate: rate}
	b.setTax(&t, net-t.Taxable)
	return t
}

// setTax puts tax on t as IGST, or as CGST and SGST half each.
func (b Breakup) setTax(t *TaxLine, tax shop.Paise) {
	if b.Interstate {
		t.IGST = tax
		return
	}
	// A lone odd paisa always goes to CGST.
	t.SGST = tax / 2
	t.CGST = tax - t.SGST
}

// RateOf is the rate of qty pieces worth net in all, tax included: the low
// rate while a piece's value at that rate, net of tax, is at most
// MaxLowRateFor (that is, a piece costs at most ₹2,625 with tax).
func RateOf(net shop.Paise, qty int) int {
	if int64(net)*100 <= int64(100+LowRate)*int64(MaxLowRateFor)*int64(qty) {
		return LowRate
	}
	return HighRate
}

// Share divides amount across values in proportion to them, to the paisa:
// each gets its share rounded down, and the paise left over go one each to
// the largest remainders (the earlier line first on a tie).
func Share(amount shop.Paise, values []shop.Paise) []shop.Paise {
	shares := make([]shop.Paise, len(values))
	var total shop.Paise
	for _, v := range values {
		total += v
	}
	if total == 0 || amount == 0 {
		return shares
	}
	rest := amount
	remainders := make([]int64, len(values))
	for i, v := range values {
		whole := int64(amount) * int64(v)
		shares[i] = shop.Paise(whole / int64(total))
		remainders[i] = whole % int64(total)
		rest -= shares[i]
	}
	for ; rest > 0; rest-- {
		best := -1
		for i, r := range remainders {
			if r >= 0 && (best < 0 || r > remainders[best]) {
				best = i
			}
		}
		shares[best]++
		remainders[best] = -1
	}
	return shares
}

// divideRound is a/b rounded half up, for a >= 0, b > 0.
func divideRound(a, b int64) shop.Paise {
	return shop.Paise((2*a + b) / (2 * b))
}

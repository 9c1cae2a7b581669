package gst

import (
	"errors"
	"fmt"

	"github.com/haat-shop/haat/internal/shop"
)

// Refund is what a credit note takes back of an invoice: Units of each of
// the invoice's lines of goods, in their order, and Amount in all, tax
// included: what the customer gets back.
type Refund struct {
	Units  []int
	Amount shop.Paise
}

// ErrCreditedInFull refuses a credit note against an invoice that earlier
// ones have taken back whole.
var ErrCreditedInFull = errors.New("the invoice is credited in full already")

// Rest is what the credit notes credited leave of invoice inv: every unit
// not yet taken back and the amount not yet credited.
func Rest(inv Breakup, credited []Breakup) Refund {
	done := creditedSoFar(inv, credited)
	r := Refund{Amount: inv.Total()}
	for i, l := range inv.Lines {
		r.Amount -= done[i].Net()
		if !l.isCharges() {
			r.Units = append(r.Units, l.Qty-done[i].Qty)
		}
	}
	return r
}

// Credit works out the credit note that takes r back of invoice inv, after
// the credit notes credited, with the invoice's place of supply and kind of
// tax. A line of goods gives back its units' share of the line as issued:
// its taxable value, value and discount are each the line's, times the
// units credited so far over the line's units, rounded half up, less what
// earlier credit notes took; the tax is the value less the taxable value,
// split as on the invoice. So the credit notes of a line never add up to
// more than the line, and the last of its units takes what is left. The
// line of shipping and fees gives back the part of r.Amount the goods do
// not, shared out of it the same way by value, so the credit note's total
// is r.Amount exactly.
func Credit(inv Breakup, credited []Breakup, r Refund) (Breakup, error) {
	done := creditedSoFar(inv, credited)
	b := Breakup{PlaceOfSupply: inv.PlaceOfSupply, StateCode: inv.StateCode, Interstate: inv.Interstate}
	var goods shop.Paise
	charges, lines := -1, 0
	for i, l := range inv.Lines {
		if l.isCharges() {
			charges = i
			continue
		}
		lines++
		n := 0
		if i < len(r.Units) {
			n = r.Units[i]
		}
		if n == 0 {
			continue
		}
		if n < 0 || done[i].Qty+n > l.Qty {
			return Breakup{}, fmt.Errorf("line %d: %d more units back, %d of its %d credited already", i+1, n, done[i].Qty, l.Qty)
		}
		t := b.upTo(l, int64(done[i].Qty+n), int64(l.Qty)).minus(done[i])
		t.Line, t.Qty = i+1, n
		goods += t.Net()
		b.Lines = append(b.Lines, t)
	}
	if len(r.Units) > lines {
		return Breakup{}, fmt.Errorf("%d lines of goods taken back, the invoice has %d", len(r.Units), lines)
	}
	rest := r.Amount - goods
	switch {
	case rest < 0:
		return Breakup{}, fmt.Errorf("%d paise to credit, less than the goods taken back: %d", r.Amount, goods)
	case rest > 0 && charges < 0:
		return Breakup{}, fmt.Errorf("%d paise to credit, more than the goods taken back (%d), on an invoice without shipping and fees", r.Amount, goods)
	case rest > 0:
		l, before := inv.Lines[charges], done[charges].Net()
		if before+rest > l.Net() {
			return Breakup{}, fmt.Errorf("%d paise of shipping and fees to credit, %d of %d left", rest, l.Net()-before, l.Net())
		}
		t := b.upTo(l, int64(before+rest), int64(l.Net())).minus(done[charges])
		t.Line, t.Qty = charges+1, l.Qty
		b.Lines = append(b.Lines, t)
	}
	if len(b.Lines) == 0 {
		if Rest(inv, credited).Amount == 0 {
			return Breakup{}, ErrCreditedInFull
		}
		return Breakup{}, errors.New("a credit note of nothing")
	}
	b.sum()
	return b, nil
}

// upTo is the part num/den of invoice line l, each amount rounded half up.
func (b Breakup) upTo(l TaxLine, num, den int64) TaxLine {
	t := TaxLine{HSN: l.HSN, Description: l.Description, Rate: l.Rate,
		Taxable: prorate(l.Taxable, num, den), Discount: prorate(l.Discount, num, den)}
	net := prorate(l.Net(), num, den)
	t.Value = net + t.Discount
	b.setTax(&t, net-t.Taxable)
	return t
}

// plus is l with the units and amounts of d added.
func (l TaxLine) plus(d TaxLine) TaxLine {
	l.Qty += d.Qty
	l.Value += d.Value
	l.Discount += d.Discount
	l.Taxable += d.Taxable
	l.IGST += d.IGST
	l.CGST += d.CGST
	l.SGST += d.SGST
	return l
}

// minus is l less the amounts of d.
func (l TaxLine) minus(d TaxLine) TaxLine {
	l.Value -= d.Value
	l.Discount -= d.Discount
	l.Taxable -= d.Taxable
	l.IGST -= d.IGST
	l.CGST -= d.CGST
	l.SGST -= d.SGST
	return l
}

// creditedSoFar adds up, by line of invoice inv, what credit notes
// credited took back of it.
func creditedSoFar(inv Breakup, credited []Breakup) []TaxLine {
	done := make([]TaxLine, len(inv.Lines))
	for _, c := range credited {
		for j, l := range c.Lines {
			n := l.Line
			if n == 0 {
				// Credit notes issued before they named their lines
				// repeated the whole invoice, line by line.
				n = j + 1
			}
			if n < 1 || n > len(done) {
				continue
			}
			done[n-1] = done[n-1].plus(l)
		}
	}
	return done
}

// prorate is amount × num / den rounded half up, for amount, num >= 0 and
// den > 0.
func prorate(amount shop.Paise, num, den int64) shop.Paise {
	return divideRound(int64(amount)*num, den)
}

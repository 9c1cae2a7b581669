package gst

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/haat-shop/haat/internal/shop"
)

// Amounts are what the summary adds up for a group of lines.
type Amounts struct {
	Qty                       int
	Taxable, IGST, CGST, SGST shop.Paise
	Invoices, CreditNotes     int
}

// add counts line l of a document, its amounts taken away for a credit
// note (sign -1).
func (a *Amounts) add(l TaxLine, sign shop.Paise) {
	if l.Description != ChargesDescription { // shipping and fees are no pieces
		a.Qty += int(sign) * l.Qty
	}
	a.Taxable += sign * l.Taxable
	a.IGST += sign * l.IGST
	a.CGST += sign * l.CGST
	a.SGST += sign * l.SGST
}

// RateRow is the summary of one rate and place of supply.
type RateRow struct {
	Rate          int
	PlaceOfSupply string
	StateCode     string
	Amounts
}

// HSNRow is the summary of one HSN code at one rate.
type HSNRow struct {
	HSN  string
	Rate int
	Amounts
}

// Summary is a month's GST: by rate and place of supply, and by HSN code,
// credit notes taken away from the invoices.
type Summary struct {
	Rates  []RateRow
	HSN    []HSNRow
	Totals Amounts
}

// Summarise adds up the documents of a month.
func Summarise(docs []Document) Summary {
	type rateKey struct {
		rate  int
		place string
	}
	type hsnKey struct {
		hsn  string
		rate int
	}
	rates := map[rateKey]*RateRow{}
	hsns := map[hsnKey]*HSNRow{}
	var s Summary
	for _, d := range docs {
		sign := shop.Paise(1)
		if d.Kind == CreditNote {
			sign = -1
			s.Totals.CreditNotes++
		} else {
			s.Totals.Invoices++
		}
		counted := map[rateKey]bool{}
		for _, l := range d.Breakup.Lines {
			rk := rateKey{l.Rate, d.Breakup.PlaceOfSupply}
			r, ok := rates[rk]
			if !ok {
				r = &RateRow{Rate: l.Rate, PlaceOfSupply: d.Breakup.PlaceOfSupply, StateCode: d.Breakup.StateCode}
				rates[rk] = r
			}
			r.add(l, sign)
			if !counted[rk] {
				counted[rk] = true
				if d.Kind == CreditNote {
					r.CreditNotes++
				} else {
					r.Invoices++
				}
			}
			hk := hsnKey{l.HSN, l.Rate}
			h, ok := hsns[hk]
			if !ok {
				h = &HSNRow{HSN: l.HSN, Rate: l.Rate}
				hsns[hk] = h
			}
			h.add(l, sign)
			s.Totals.add(l, sign)
		}
	}
	for _, r := range rates {
		s.Rates = append(s.Rates, *r)
	}
	slices.SortFunc(s.Rates, func(a, b RateRow) int {
		return cmp.Or(cmp.Compare(a.Rate, b.Rate), cmp.Compare(a.StateCode, b.StateCode))
	})
	for _, h := range hsns {
		s.HSN = append(s.HSN, *h)
	}
	slices.SortFunc(s.HSN, func(a, b HSNRow) int { return cmp.Or(cmp.Compare(a.HSN, b.HSN), cmp.Compare(a.Rate, b.Rate)) })
	return s
}

// WriteCSV writes the summary for an accountant: the rate-wise table with
// its total, a blank line, then the HSN summary. Amounts are rupees with
// two decimals.
func (s Summary) WriteCSV(w io.Writer, month string) error {
	c := csv.NewWriter(w)
	money := func(a Amounts) []string {
		return []string{a.Taxable.Rupees(), a.IGST.Rupees(), a.CGST.Rupees(), a.SGST.Rupees()}
	}
	rows := [][]string{{"GST summary " + month + ", credit notes subtracted"},
		{"rate_percent", "place_of_supply", "state_code", "taxable_value", "igst", "cgst", "sgst", "invoices", "credit_notes"}}
	for _, r := range s.Rates {
		row := append([]string{strconv.Itoa(r.Rate), r.PlaceOfSupply, r.StateCode}, money(r.Amounts)...)
		rows = append(rows, append(row, strconv.Itoa(r.Invoices), strconv.Itoa(r.CreditNotes)))
	}
	total := append([]string{"Total", "", ""}, money(s.Totals)...)
	rows = append(rows, append(total, strconv.Itoa(s.Totals.Invoices), strconv.Itoa(s.Totals.CreditNotes)), []string{},
		[]string{"HSN summary " + month},
		[]string{"hsn", "rate_percent", "quantity", "taxable_value", "igst", "cgst", "sgst", "total_value"})
	for _, h := range s.HSN {
		a := h.Amounts
		row := append([]string{h.HSN, strconv.Itoa(h.Rate), strconv.Itoa(a.Qty)}, money(a)...)
		rows = append(rows, append(row, (a.Taxable+a.IGST+a.CGST+a.SGST).Rupees()))
	}
	for _, r := range rows {
		if err := c.Write(r); err != nil {
			return fmt.Errorf("write GST summary: %w", err)
		}
	}
	c.Flush()
	return c.Error()
}

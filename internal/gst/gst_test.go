package gst_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

type vectorLine struct {
	Line      int    `json:"line"`
	HSN       string `json:"hsn"`
	Taxable   int64  `json:"taxable"`
	Rate      int    `json:"rate"`
	IGST      int64  `json:"igst"`
	CGST      int64  `json:"cgst"`
	SGST      int64  `json:"sgst"`
	Qty       int    `json:"qty"`
	UnitPrice int64  `json:"unitPrice"`
}

type vector struct {
	Name        string       `json:"name"`
	SellerState string       `json:"sellerState"`
	ShipTo      string       `json:"shipTo"`
	Lines       []vectorLine `json:"lines"`
	Prices      struct {
		Items       int64 `json:"itemsPrice"`
		Shipping    int64 `json:"shippingPrice"`
		SecureFee   int64 `json:"secureTransactionFee"`
		Discount    int64 `json:"discount"`
		PreOrderFee int64 `json:"preOrderFee"`
		Total       int64 `json:"totalPrice"`
	} `json:"prices"`
	Expected struct {
		Lines  []vectorLine `json:"lines"`
		Totals vectorLine   `json:"totals"`
	} `json:"expected"`
}

// creditVector is a series of credit notes against the invoice of the
// vector named Invoice.
type creditVector struct {
	Name    string `json:"name"`
	Invoice string `json:"invoice"`
	Credits []struct {
		Units    []int `json:"units"`
		Amount   int64 `json:"amount"`
		Rest     bool  `json:"rest"`
		Expected struct {
			Lines  []vectorLine `json:"lines"`
			Totals vectorLine   `json:"totals"`
		} `json:"expected"`
	} `json:"credits"`
}

type vectorFile struct {
	Vectors []vector       `json:"vectors"`
	Credits []creditVector `json:"credits"`
}

func loadFile(t *testing.T) vectorFile {
	t.Helper()
	b, err := os.ReadFile("../../testdata/gst.json")
	if err != nil {
		t.Fatal(err)
	}
	var file vectorFile
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) < 30 {
		t.Fatalf("%d vectors, want at least 30", len(file.Vectors))
	}
	return file
}

func loadVectors(t *testing.T) []vector { return loadFile(t).Vectors }

func (v vector) sale() gst.Sale {
	sale := gst.Sale{SellerState: v.SellerState, ShipTo: v.ShipTo, Prices: shop.Prices{
		Items: shop.Paise(v.Prices.Items), Shipping: shop.Paise(v.Prices.Shipping),
		SecureFee: shop.Paise(v.Prices.SecureFee), Discount: shop.Paise(v.Prices.Discount),
		PreOrderFee: shop.Paise(v.Prices.PreOrderFee), Total: shop.Paise(v.Prices.Total)}}
	for _, l := range v.Lines {
		sale.Lines = append(sale.Lines, gst.Line{HSN: l.HSN, Qty: l.Qty, UnitPrice: shop.Paise(l.UnitPrice)})
	}
	return sale
}

// vectorLineOf is what a vector says of line l.
func vectorLineOf(l gst.TaxLine, withQty bool) vectorLine {
	v := vectorLine{Line: l.Line, HSN: l.HSN, Taxable: int64(l.Taxable), Rate: l.Rate, IGST: int64(l.IGST),
		CGST: int64(l.CGST), SGST: int64(l.SGST)}
	if withQty {
		v.Qty = l.Qty
	}
	return v
}

func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			b, err := gst.Compute(v.sale())
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Lines) != len(v.Expected.Lines) {
				t.Fatalf("%d lines, want %d", len(b.Lines), len(v.Expected.Lines))
			}
			for i, want := range v.Expected.Lines {
				if have := vectorLineOf(b.Lines[i], false); have != want {
					t.Errorf("line %d = %+v, want %+v", i, have, want)
				}
			}
			tot := b.Totals
			have := vectorLine{Taxable: int64(tot.Taxable), IGST: int64(tot.IGST), CGST: int64(tot.CGST), SGST: int64(tot.SGST)}
			if have != v.Expected.Totals {
				t.Errorf("totals = %+v, want %+v", have, v.Expected.Totals)
			}
			if b.Total() != shop.Paise(v.Prices.Total) {
				t.Errorf("invoice total %d, order total %d", b.Total(), v.Prices.Total)
			}
			if b.Interstate != (v.SellerState != v.ShipTo) {
				t.Errorf("interstate = %v", b.Interstate)
			}
		})
	}
}

func TestComputeRefusesWhatIsNotAnOrder(t *testing.T) {
	ok := gst.Sale{SellerState: "Karnataka", ShipTo: "Karnataka",
		Lines:  []gst.Line{{HSN: "6109", Qty: 1, UnitPrice: 49900}},
		Prices: shop.PriceItems(49900, shop.COD)}
	if _, err := gst.Compute(ok); err != nil {
		t.Fatalf("a plain order: %v", err)
	}
	for name, change := range map[string]func(*gst.Sale){
		"unknown place of supply": func(s *gst.Sale) { s.ShipTo = "Atlantis" },
		"unknown seller state":    func(s *gst.Sale) { s.SellerState = "" },
		"lines not the items":     func(s *gst.Sale) { s.Prices.Items++ },
		"total not the sum":       func(s *gst.Sale) { s.Prices.Total++ },
	} {
		s := ok
		change(&s)
		if _, err := gst.Compute(s); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestShareAddsUp(t *testing.T) {
	for _, c := range []struct {
		amount shop.Paise
		values []shop.Paise
		want   []shop.Paise
	}{
		{10, []shop.Paise{1, 1, 1}, []shop.Paise{4, 3, 3}},
		{0, []shop.Paise{5, 7}, []shop.Paise{0, 0}},
		{7, []shop.Paise{0, 10}, []shop.Paise{0, 7}},
		{100, []shop.Paise{1, 2, 3, 4}, []shop.Paise{10, 20, 30, 40}},
	} {
		got := gst.Share(c.amount, c.values)
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Share(%d, %v) = %v, want %v", c.amount, c.values, got, c.want)
				break
			}
		}
	}
}

func TestCreditVectors(t *testing.T) {
	file := loadFile(t)
	invoices := map[string]vector{}
	for _, v := range file.Vectors {
		invoices[v.Name] = v
	}
	if len(file.Credits) < 10 {
		t.Fatalf("%d series of credit notes, want at least 10", len(file.Credits))
	}
	for _, cv := range file.Credits {
		t.Run(cv.Name, func(t *testing.T) {
			v, ok := invoices[cv.Invoice]
			if !ok {
				t.Fatalf("no vector %q", cv.Invoice)
			}
			inv, err := gst.Compute(v.sale())
			if err != nil {
				t.Fatal(err)
			}
			var credited []gst.Breakup
			for n, c := range cv.Credits {
				r := gst.Refund{Units: c.Units, Amount: shop.Paise(c.Amount)}
				if c.Rest {
					r = gst.Rest(inv, credited)
				}
				b, err := gst.Credit(inv, credited, r)
				if err != nil {
					t.Fatalf("credit note %d: %v", n+1, err)
				}
				if len(b.Lines) != len(c.Expected.Lines) {
					t.Fatalf("credit note %d: %d lines, want %d", n+1, len(b.Lines), len(c.Expected.Lines))
				}
				for i, want := range c.Expected.Lines {
					if have := vectorLineOf(b.Lines[i], true); have != want {
						t.Errorf("credit note %d, line %d = %+v, want %+v", n+1, i, have, want)
					}
				}
				if have := vectorLineOf(b.Totals, false); have != c.Expected.Totals {
					t.Errorf("credit note %d: totals %+v, want %+v", n+1, have, c.Expected.Totals)
				}
				if b.Total() != r.Amount {
					t.Errorf("credit note %d adds up to %d, the refund is %d", n+1, b.Total(), r.Amount)
				}
				if b.PlaceOfSupply != inv.PlaceOfSupply || b.StateCode != inv.StateCode || b.Interstate != inv.Interstate {
					t.Errorf("credit note %d supplied to %s (%s), the invoice to %s (%s)", n+1, b.PlaceOfSupply, b.StateCode,
						inv.PlaceOfSupply, inv.StateCode)
				}
				credited = append(credited, b)
			}
			if !cv.Credits[len(cv.Credits)-1].Rest {
				return
			}
			// Credited in full, the credit notes add up to the invoice, line
			// by line and tax by tax, and nothing more can be credited.
			sums := make([]gst.TaxLine, len(inv.Lines))
			for _, b := range credited {
				for _, l := range b.Lines {
					s := &sums[l.Line-1]
					s.Qty += l.Qty
					s.Value, s.Discount, s.Taxable = s.Value+l.Value, s.Discount+l.Discount, s.Taxable+l.Taxable
					s.IGST, s.CGST, s.SGST = s.IGST+l.IGST, s.CGST+l.CGST, s.SGST+l.SGST
				}
			}
			for i, l := range inv.Lines {
				s := sums[i]
				if s.Value != l.Value || s.Discount != l.Discount || s.Taxable != l.Taxable || s.IGST != l.IGST ||
					s.CGST != l.CGST || s.SGST != l.SGST {
					t.Errorf("line %d credited %+v, invoiced %+v", i+1, s, l)
				}
				if l.Description != gst.ChargesDescription && s.Qty != l.Qty {
					t.Errorf("line %d: %d units credited of %d", i+1, s.Qty, l.Qty)
				}
			}
			if _, err := gst.Credit(inv, credited, gst.Rest(inv, credited)); err != gst.ErrCreditedInFull {
				t.Errorf("a credit note after the invoice is credited in full: %v", err)
			}
		})
	}
}

func TestCreditRefusesMoreThanTheInvoice(t *testing.T) {
	// Two tees at ₹799 and a jacket at ₹3,499, COD to the seller's state
	// (no shipping and fees), and the same paid online (a line of fees).
	lines := []gst.Line{{HSN: "6109", Qty: 2, UnitPrice: 79900}, {HSN: "6201", Qty: 1, UnitPrice: 349900}}
	cod, err := gst.Compute(gst.Sale{Lines: lines, Prices: shop.PriceItems(509700, shop.COD), SellerState: "Karnataka", ShipTo: "Karnataka"})
	if err != nil {
		t.Fatal(err)
	}
	online, err := gst.Compute(gst.Sale{Lines: lines, Prices: shop.PriceItems(509700, shop.Razorpay), SellerState: "Karnataka", ShipTo: "Kerala"})
	if err != nil {
		t.Fatal(err)
	}
	oneTee, err := gst.Credit(cod, nil, gst.Refund{Units: []int{1}, Amount: 79900})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		inv      gst.Breakup
		credited []gst.Breakup
		r        gst.Refund
	}{
		"more units than sold":             {cod, nil, gst.Refund{Units: []int{3}, Amount: 3 * 79900}},
		"more units than are left":         {cod, []gst.Breakup{oneTee}, gst.Refund{Units: []int{2}, Amount: 2 * 79900}},
		"fewer units than none":            {cod, nil, gst.Refund{Units: []int{-1}, Amount: 0}},
		"a line the invoice lacks":         {cod, nil, gst.Refund{Units: []int{0, 0, 1}, Amount: 100}},
		"less money than the goods":        {cod, nil, gst.Refund{Units: []int{1}, Amount: 79899}},
		"more money, no shipping and fees": {cod, nil, gst.Refund{Units: []int{1}, Amount: 79901}},
		"more than the fees left":          {online, nil, gst.Refund{Units: []int{1}, Amount: online.Total()}},
		"nothing":                          {cod, nil, gst.Refund{}},
	} {
		if b, err := gst.Credit(c.inv, c.credited, c.r); err == nil {
			t.Errorf("%s: credit note %+v", name, b)
		}
	}
}

func TestFinancialYear(t *testing.T) {
	for _, c := range []struct {
		at   string
		want string
	}{
		{"2026-03-31T23:59:59+05:30", "2526"},
		{"2026-04-01T00:00:00+05:30", "2627"},
		{"2026-03-31T18:29:59Z", "2526"}, // 23:59:59 in India
		{"2026-03-31T18:30:00Z", "2627"}, // midnight in India, still 31 March in London
		{"2027-03-31T23:59:59+05:30", "2627"},
		{"2000-01-15T12:00:00+05:30", "9900"},
		{"2099-12-31T12:00:00+05:30", "9900"},
	} {
		at, err := time.Parse(time.RFC3339, c.at)
		if err != nil {
			t.Fatal(err)
		}
		if got := gst.FinancialYear(at); got != c.want {
			t.Errorf("FinancialYear(%s) = %s, want %s", c.at, got, c.want)
		}
	}
}

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		kind   gst.Kind
		prefix string
		seq    int64
		want   string
	}{
		{gst.Invoice, "HT", 123, "HT/2627/000123"},
		{gst.Invoice, "HAAT", 999999, "HAAT/2627/999999"},
		{gst.Invoice, "HAAT", 1000000, ""},
		{gst.Invoice, "HT", 1000000, "HT/2627/1000000"},
		{gst.CreditNote, "HT", 7, "HT/C2627/00007"},
		{gst.CreditNote, "HAAT", 99999, "HAAT/C2627/99999"},
		{gst.CreditNote, "HAAT", 100000, ""},
	} {
		got, err := gst.Number(c.kind, c.prefix, "2627", c.seq)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("Number(%s, %s, %d) = %q, %v; want %q", c.kind, c.prefix, c.seq, got, err, c.want)
		}
		if err != nil && !strings.Contains(err.Error(), "longer than GST's 16 characters") {
			t.Errorf("the refusal does not say why: %v", err)
		}
	}
}

package gst_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

type vectorLine struct {
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

func loadVectors(t *testing.T) []vector {
	t.Helper()
	b, err := os.ReadFile("../../testdata/gst.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []vector `json:"vectors"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) < 30 {
		t.Fatalf("%d vectors, want at least 30", len(file.Vectors))
	}
	return file.Vectors
}

func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			sale := gst.Sale{SellerState: v.SellerState, ShipTo: v.ShipTo, Prices: shop.Prices{
				Items: shop.Paise(v.Prices.Items), Shipping: shop.Paise(v.Prices.Shipping),
				SecureFee: shop.Paise(v.Prices.SecureFee), Discount: shop.Paise(v.Prices.Discount),
				PreOrderFee: shop.Paise(v.Prices.PreOrderFee), Total: shop.Paise(v.Prices.Total)}}
			for _, l := range v.Lines {
				sale.Lines = append(sale.Lines, gst.Line{HSN: l.HSN, Qty: l.Qty, UnitPrice: shop.Paise(l.UnitPrice)})
			}
			b, err := gst.Compute(sale)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Lines) != len(v.Expected.Lines) {
				t.Fatalf("%d lines, want %d", len(b.Lines), len(v.Expected.Lines))
			}
			for i, want := range v.Expected.Lines {
				got := b.Lines[i]
				have := vectorLine{HSN: got.HSN, Taxable: int64(got.Taxable), Rate: got.Rate, IGST: int64(got.IGST),
					CGST: int64(got.CGST), SGST: int64(got.SGST)}
				if have != want {
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

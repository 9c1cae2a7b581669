package shop

import (
	"encoding/json"
	"os"
	"testing"
)

type pricingVector struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Lines []struct {
		Price Paise `json:"price"`
		Qty   int64 `json:"qty"`
	} `json:"lines"`
	PaymentMethod PaymentMethod `json:"paymentMethod"`
	ActionItem    string        `json:"actionItem"`
	Expected      struct {
		ItemsPrice, ShippingPrice, SecureTransactionFee, Discount, PreOrderFee, TotalPrice string
		OnlineAllowed, CodAllowed                                                          bool
	} `json:"expected"`
}

func TestPricingVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/pricing.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []pricingVector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) < 40 {
		t.Fatalf("only %d vectors", len(file.Vectors))
	}
	for _, v := range file.Vectors {
		var items Paise
		for _, l := range v.Lines {
			items += l.Price * Paise(l.Qty)
		}
		var p Prices
		if v.Kind == "buyingItem" {
			p = PriceBuyingItem(items, v.PaymentMethod, v.ActionItem == "preOrder")
		} else {
			p = PriceItems(items, v.PaymentMethod)
		}
		e := v.Expected
		got := [6]string{p.Items.Rupees(), p.Shipping.Rupees(), p.SecureFee.Rupees(), p.Discount.Rupees(), p.PreOrderFee.Rupees(), p.Total.Rupees()}
		want := [6]string{e.ItemsPrice, e.ShippingPrice, e.SecureTransactionFee, e.Discount, e.PreOrderFee, e.TotalPrice}
		if got != want {
			t.Errorf("%s: got %v, want %v", v.Name, got, want)
		}
		if ok := p.MethodAllowed(Razorpay) == nil; ok != e.OnlineAllowed {
			t.Errorf("%s: online allowed %v, want %v", v.Name, ok, e.OnlineAllowed)
		}
		if ok := p.MethodAllowed(COD) == nil; ok != e.CodAllowed {
			t.Errorf("%s: COD allowed %v, want %v", v.Name, ok, e.CodAllowed)
		}
	}
}

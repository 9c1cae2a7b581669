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
		t.Run(v.Name, func(t *testing.T) {
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
				t.Errorf("got %v, want %v", got, want)
			}
			if ok := p.MethodAllowed(Razorpay) == nil; ok != e.OnlineAllowed {
				t.Errorf("online allowed %v, want %v", ok, e.OnlineAllowed)
			}
			if ok := p.MethodAllowed(COD) == nil; ok != e.CodAllowed {
				t.Errorf("COD allowed %v, want %v", ok, e.CodAllowed)
			}
		})
	}
}

func TestParsePaymentMethod(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want PaymentMethod
		ok   bool
	}{
		{"online", "Razorpay", Razorpay, true},
		{"cash on delivery", "COD", COD, true},
		{"another name", "Cash", "", false},
		{"another case", "cod", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePaymentMethod(tc.in)
			if got != tc.want || (err == nil) != tc.ok || (err != nil && CodeOf(err) != Invalid) {
				t.Errorf("ParsePaymentMethod(%q) = %q, %v", tc.in, got, err)
			}
		})
	}
}

func TestMethodAllowed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		p      Prices
		method PaymentMethod
		ok     bool
	}{
		{"COD of ₹10,000", Prices{Total: MaxCODTotal}, COD, true},
		{"COD of a paisa more", Prices{Total: MaxCODTotal + 1}, COD, false},
		{"online of ₹50,000 and its fee", Prices{Total: MaxOnlineTotal + 150000, SecureFee: 150000}, Razorpay, true},
		{"online of a paisa more than ₹50,000 besides its fee", Prices{Total: MaxOnlineTotal + 150001, SecureFee: 150000}, Razorpay, false},
		{"another method", Prices{Total: 100}, PaymentMethod("Cash"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.MethodAllowed(tc.method)
			if (err == nil) != tc.ok || (err != nil && CodeOf(err) != Invalid) {
				t.Errorf("MethodAllowed = %v", err)
			}
		})
	}
}

package shop

import (
	"reflect"
	"testing"
	"time"
)

// offers sells two sizes of a polo (M with 3 in stock, L sold out) and one
// of a tee.
var offers = map[string]SizeOffer{
	"m":  {ProductID: "polo", ProductName: "Black Polo", VariantID: "black", VariantName: "black", SizeID: "m", Size: "M", Image: "/uploads/polo.png", Stock: 3, Price: 29900},
	"l":  {ProductID: "polo", ProductName: "Black Polo", VariantID: "black", VariantName: "black", SizeID: "l", Size: "L", Image: "/uploads/polo.png", Stock: 0, Price: 29900},
	"tl": {ProductID: "tee", ProductName: "Chikan Tee", VariantID: "white", VariantName: "white", SizeID: "tl", Size: "L", Image: "/uploads/tee.png", Stock: 9, Price: 45000},
}

func TestQuoteOrder(t *testing.T) {
	polo := func(size string, qty int) OrderLine { return OrderLine{ProductID: "polo", SizeID: size, Qty: qty} }
	tee := OrderLine{ProductID: "tee", SizeID: "tl", Qty: 1}
	prePolo := OrderLine{ProductID: "polo", SizeID: "l", Qty: 1, PreOrder: true}
	poloM := func(qty int) OrderItem {
		return OrderItem{ProductID: "polo", VariantID: "black", SizeID: "m", Name: "Black Polo", VariantColor: "black", Size: "M",
			Image: "/uploads/polo.png", Qty: qty, Price: 29900}
	}
	teeL := OrderItem{ProductID: "tee", VariantID: "white", SizeID: "tl", Name: "Chikan Tee", VariantColor: "white", Size: "L",
		Image: "/uploads/tee.png", Qty: 1, Price: 45000}
	prePoloL := OrderItem{ProductID: "polo", VariantID: "black", SizeID: "l", Name: "Black Polo", VariantColor: "black", Size: "L",
		Image: "/uploads/polo.png", Qty: 1, Price: 29900, PreOrder: true}
	for _, tc := range []struct {
		name   string
		lines  []OrderLine
		method PaymentMethod
		items  []OrderItem
		prices Prices
		want   string // the refusal
	}{
		{name: "a cart paid on delivery, under free shipping", lines: []OrderLine{polo("m", 1)}, method: COD,
			items: []OrderItem{poloM(1)}, prices: Prices{Items: 29900, Shipping: 5000, Total: 34900}},
		{name: "a cart of two products paid online", lines: []OrderLine{polo("m", 2), tee}, method: Razorpay,
			items:  []OrderItem{poloM(2), teeL},
			prices: Prices{Items: 104800, SecureFee: 3144, Discount: 10480, Total: 97464}},
		{name: "lines of one size merged", lines: []OrderLine{polo("m", 1), tee, polo("m", 2)}, method: COD,
			items: []OrderItem{poloM(3), teeL}, prices: Prices{Items: 134700, Total: 134700}},
		{name: "a size of more than its stock is priced; the stock is taken later", lines: []OrderLine{polo("m", 5)}, method: COD,
			items: []OrderItem{poloM(5)}, prices: Prices{Items: 149500, Total: 149500}},
		{name: "a pre-order paid on delivery pays its fee", lines: []OrderLine{prePolo}, method: COD,
			items: []OrderItem{prePoloL}, prices: Prices{Items: 29900, Shipping: 5000, PreOrderFee: 1495, Total: 36395}},
		{name: "a pre-order paid online pays no fee", lines: []OrderLine{prePolo}, method: Razorpay,
			items: []OrderItem{prePoloL}, prices: Prices{Items: 29900, SecureFee: 897, Discount: 2990, Total: 27807}},
		{name: "a pre-order of more than the stock left", lines: []OrderLine{{ProductID: "polo", SizeID: "m", Qty: 4, PreOrder: true}},
			method: COD, items: []OrderItem{{ProductID: "polo", VariantID: "black", SizeID: "m", Name: "Black Polo", VariantColor: "black",
				Size: "M", Image: "/uploads/polo.png", Qty: 4, Price: 29900, PreOrder: true}},
			prices: Prices{Items: 119600, PreOrderFee: 5980, Total: 125580}},

		{name: "no lines", method: COD, want: "Your order has no items"},
		{name: "merged lines past the cap", lines: []OrderLine{polo("m", 6), polo("m", 5)}, method: COD,
			want: "At most 10 units of a size can be ordered at once."},
		{name: "a size the shop does not sell", lines: []OrderLine{polo("xl", 1)}, method: COD, want: StockIssueMessage},
		{name: "a size of another product", lines: []OrderLine{{ProductID: "polo", SizeID: "tl", Qty: 1}}, method: COD,
			want: StockIssueMessage},
		{name: "a pre-order of a size in stock", lines: []OrderLine{{ProductID: "polo", SizeID: "m", Qty: 3, PreOrder: true}},
			method: COD, want: "size M of Black Polo is in stock, order it instead of pre-ordering"},
		{name: "a pre-order with another line", lines: []OrderLine{tee, prePolo}, method: COD,
			want: "A pre-order is placed for one item on its own"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := QuoteOrder(tc.lines, offers, tc.method)
			if got := errText(err); got != tc.want {
				t.Fatalf("QuoteOrder refused %q, want %q", got, tc.want)
			}
			if err != nil {
				if CodeOf(err) == Internal {
					t.Errorf("%v is not a refusal", err)
				}
				return
			}
			if q.Method != tc.method || !reflect.DeepEqual(q.Items, tc.items) || q.Prices != tc.prices {
				t.Errorf("QuoteOrder = %+v\nwant items %+v\nprices %+v", q, tc.items, tc.prices)
			}
		})
	}
}

func TestQuoteCheck(t *testing.T) {
	cart := Quote{Method: COD, Prices: PriceItems(29900, COD)}
	changed := func(change func(*Prices)) Prices {
		p := cart.Prices
		change(&p)
		return p
	}
	for _, tc := range []struct {
		name     string
		q        Quote
		client   Prices
		code     Code
		want     string
		expected bool // the refusal carries the quote's prices
	}{
		{name: "the totals the customer saw", q: cart, client: cart.Prices},
		{name: "another items price", q: cart, client: changed(func(p *Prices) { p.Items-- }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "another shipping price", q: cart, client: changed(func(p *Prices) { p.Shipping = 0 }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "another secure fee", q: cart, client: changed(func(p *Prices) { p.SecureFee = 1 }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "another discount", q: cart, client: changed(func(p *Prices) { p.Discount = 1 }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "another pre-order fee", q: cart, client: changed(func(p *Prices) { p.PreOrderFee = 1 }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "another total", q: cart, client: changed(func(p *Prices) { p.Total++ }), code: Conflict,
			want: PriceMismatchMessage, expected: true},
		{name: "COD of exactly ₹10,000", q: Quote{Method: COD, Prices: PriceItems(MaxCODTotal, COD)},
			client: PriceItems(MaxCODTotal, COD)},
		{name: "COD above ₹10,000", q: Quote{Method: COD, Prices: PriceItems(MaxCODTotal+1, COD)},
			client: PriceItems(MaxCODTotal+1, COD), code: Invalid,
			want: "Cash on delivery is available for orders of less than 10,000."},
		{name: "online above ₹50,000", q: Quote{Method: Razorpay, Prices: PriceItems(6000000, Razorpay)},
			client: PriceItems(6000000, Razorpay), code: Invalid, want: "Online payment is available for orders up to ₹50,000 (without the secure transaction fee)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.q.Check(tc.client)
			if got := errText(err); got != tc.want {
				t.Fatalf("Check = %q, want %q", got, tc.want)
			}
			if err == nil {
				return
			}
			e := ErrorOf(err)
			if e.Code != tc.code {
				t.Errorf("code %d, want %d", e.Code, tc.code)
			}
			if got, ok := e.Fields["expected"]; ok != tc.expected || (ok && got != tc.q.Prices) {
				t.Errorf("expected = %v, want the quote's prices %v: %v", got, tc.q.Prices, tc.expected)
			}
		})
	}
}

func TestPaymentDue(t *testing.T) {
	for _, tc := range []struct {
		name   string
		method PaymentMethod
		want   *time.Time
	}{
		{"online: held for the hold", Razorpay, after(30 * time.Minute)},
		{"cash on delivery: never due", COD, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Quote{Method: tc.method}.PaymentDue(placedAt, 30*time.Minute)
			if !sameTime(got, tc.want) {
				t.Errorf("PaymentDue = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCartLineIssue(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    OrderLine
		want string
	}{
		{"a size in stock", OrderLine{ProductID: "polo", SizeID: "m", Qty: 3}, ""},
		{"more than is left", OrderLine{ProductID: "polo", SizeID: "m", Qty: 4}, "Only 3 left in stock."},
		{"a sold-out size", OrderLine{ProductID: "polo", SizeID: "l", Qty: 1}, "This size is out of stock."},
		{"a sold-out size pre-ordered", OrderLine{ProductID: "polo", SizeID: "l", Qty: 1, PreOrder: true}, ""},
		{"a size no longer sold", OrderLine{ProductID: "polo", SizeID: "xl", Qty: 1}, LineUnavailable},
		{"a size of another product", OrderLine{ProductID: "polo", SizeID: "tl", Qty: 1}, LineUnavailable},
		{"none of a size", OrderLine{ProductID: "tee", SizeID: "tl", Qty: 0}, "Use the Delete Button"},
		{"more than the cap", OrderLine{ProductID: "tee", SizeID: "tl", Qty: 11}, "At most 10 units of a size can be ordered at once."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CartLineIssue(tc.l, offers); got != tc.want {
				t.Errorf("CartLineIssue = %q, want %q", got, tc.want)
			}
		})
	}
}

package api_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

var address = map[string]any{
	"shippingName": "Chitra Customer", "shippingEmail": "customer@example.com", "shippingPhoneNumber": "9000000003",
	"address": "14 Residency Road, Shanthala Nagar", "city": "Bengaluru", "district": "Bengaluru Urban",
	"state": "Karnataka", "pinCode": "560025", "landmark": "Near Richmond Circle", "shippingNote": "Ring twice",
}

// shopFixture is a product with sizes of known stock and price.
type shopFixture struct {
	productID string
	sizes     map[string]string // size code → id
	price     shop.Paise
}

func stockedProduct(t testing.TB, db *store.DB, name string, price shop.Paise, stock map[string]int) shopFixture {
	t.Helper()
	var sizes []shop.Size
	for _, code := range []string{"S", "M", "L", "XL"} {
		if n, ok := stock[code]; ok {
			sizes = append(sizes, shop.Size{Size: code, Stock: n})
		}
	}
	id := storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: name, Price: price, CreatedAt: time.Now(),
		Variants: []shop.Variant{{VariantName: "olive", Images: []string{"/uploads/demo/tee.png"}, Sizes: sizes}}})
	p, err := db.Product(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	f := shopFixture{productID: id, sizes: map[string]string{}, price: price}
	for _, s := range p.Variants[0].Sizes {
		f.sizes[s.Size] = s.ID
	}
	return f
}

// line is a cart line as the browser sends it.
func (f shopFixture) line(size string, qty int) map[string]any {
	return map[string]any{"_id": f.productID, "keyId": f.productID + f.sizes[size], "qty": qty,
		"variant": map[string]any{"size": map[string]any{"_id": f.sizes[size]}}}
}

// orderBody prices the lines as the browser would, with two-decimal strings.
func orderBody(method shop.PaymentMethod, items shop.Paise, lines ...map[string]any) map[string]any {
	p := shop.PriceItems(items, method)
	return map[string]any{"orderItems": lines, "shippingAddress": address, "paymentMethod": string(method),
		"itemsPrice": p.Items.Rupees(), "shippingPrice": p.Shipping.Rupees(), "secureTransactionFee": p.SecureFee.Rupees(),
		"discount": p.Discount.Rupees(), "totalPrice": p.Total.Rupees(), "preOrderFee": "0.00"}
}

func stockOf(t *testing.T, db *store.DB, productID, sizeID string) int {
	t.Helper()
	p, err := db.Product(t.Context(), productID)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range p.Variants {
		for _, s := range v.Sizes {
			if s.ID == sizeID {
				return s.Stock
			}
		}
	}
	t.Fatalf("size %s not found", sizeID)
	return 0
}

type placed struct {
	Data struct {
		ID         string  `json:"_id"`
		OrderID    string  `json:"orderId"`
		TotalPrice float64 `json:"totalPrice"`
	} `json:"data"`
}

func TestPlaceCODOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Chikan Tee", 34950, map[string]int{"M": 5, "L": 2})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		h.mail.Sent() // nothing yet

		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 3*34950, tee.line("M", 2), tee.line("L", 1)), 201, &res)
		if res.Data.ID == "" || res.Data.OrderID != "100001" || res.Data.TotalPrice != 1048.5 {
			t.Fatalf("placed: %+v (want order 100001, total 1048.50 with free shipping)", res.Data)
		}
		if stockOf(t, db, tee.productID, tee.sizes["M"]) != 3 || stockOf(t, db, tee.productID, tee.sizes["L"]) != 1 {
			t.Error("stock not taken")
		}
		var p productJSON
		h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
		if p.TotalSold != 3 {
			t.Errorf("totalSold = %d, want 3", p.TotalSold)
		}

		var o map[string]any
		c.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 200, &o)
		items := o["orderItems"].([]any)
		first := items[0].(map[string]any)
		if o["orderId"] != "100001" || o["isPaid"] != false || o["isDelivered"] != false || o["paymentMethod"] != "COD" ||
			len(items) != 2 || first["name"] != "Chikan Tee" || first["variantColor"] != "olive" || first["size"] != "M" ||
			first["qty"] != 2.0 || first["price"] != 349.5 || o["user"].(map[string]any)["email"] != "customer@example.com" ||
			o["shippingAddress"].(map[string]any)["pinCode"] != "560025" || o["totalPrice"] != 1048.5 {
			t.Errorf("order: %v", o)
		}
		other.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 404, nil)
		admin.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 200, nil)
		h.client(t).do(t, "GET", "/api/orders/"+res.Data.ID, nil, 401, nil)

		var mine []map[string]any
		c.do(t, "GET", "/api/orders/myorders", nil, 200, &mine)
		var theirs []map[string]any
		other.do(t, "GET", "/api/orders/myorders", nil, 200, &theirs)
		if len(mine) != 1 || len(theirs) != 0 {
			t.Errorf("my orders: %d, another customer's: %d", len(mine), len(theirs))
		}
		var all []map[string]any
		admin.do(t, "GET", "/api/orders", nil, 200, &all)
		c.do(t, "GET", "/api/orders", nil, 403, nil)
		if len(all) != 1 {
			t.Errorf("all orders: %d", len(all))
		}

		sent := h.mail.Sent()
		last := sent[len(sent)-1]
		if last.To != "customer@example.com" || !strings.Contains(last.Subject, "100001") ||
			!strings.Contains(last.Text, "Chikan Tee") || !strings.Contains(last.Text, "₹1048.50") ||
			!strings.Contains(last.Text, "/order/"+res.Data.ID) || !strings.Contains(last.Text, "560025") {
			t.Errorf("confirmation mail: %+v", last)
		}
	})
}

func TestOrderRefusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Basic Tee", 29900, map[string]int{"M": 3, "L": 1})
		dear := stockedProduct(t, db, "Silk Tee", 600000, map[string]int{"M": 20})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var m struct {
			Message  string
			Expected map[string]any
		}

		tampered := orderBody(shop.COD, 29900, tee.line("M", 1))
		tampered["itemsPrice"], tampered["totalPrice"] = "1.00", "51.00"
		c.do(t, "POST", "/api/orders", tampered, 409, &m)
		if m.Message != shop.PriceMismatchMessage || m.Expected["totalPrice"] != 349.0 {
			t.Errorf("tampered totals: %+v", m)
		}

		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 2*600000, dear.line("M", 2)), 400, &m)
		if !strings.Contains(m.Message, "10,000") {
			t.Errorf("COD over 10000: %q", m.Message)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, 10*600000, dear.line("M", 10)), 400, &m)
		if !strings.Contains(m.Message, "50,000") {
			t.Errorf("online over 50000: %q", m.Message)
		}

		// The second line cannot be served: nothing at all changes.
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 29900*3, tee.line("M", 1), tee.line("L", 2)), 409, &m)
		if m.Message != "One of your order items having stock issue, please revisit your cart again." {
			t.Errorf("stock issue: %q", m.Message)
		}
		for _, bad := range []map[string]any{
			orderBody(shop.COD, 29900*11, tee.line("M", 11)),
			orderBody(shop.COD, 0),
			func() map[string]any {
				b := orderBody(shop.COD, 29900, tee.line("M", 1))
				b["paymentMethod"] = "Cash"
				return b
			}(),
			func() map[string]any {
				b := orderBody(shop.COD, 29900, tee.line("M", 1))
				a := map[string]any{}
				for k, v := range address {
					a[k] = v
				}
				a["pinCode"] = "56002"
				b["shippingAddress"] = a
				return b
			}(),
		} {
			c.do(t, "POST", "/api/orders", bad, 400, nil)
		}
		unknown := orderBody(shop.COD, 29900, map[string]any{"_id": tee.productID, "qty": 1,
			"variant": map[string]any{"size": map[string]any{"_id": store.NewID()}}})
		c.do(t, "POST", "/api/orders", unknown, 409, nil)

		if stockOf(t, db, tee.productID, tee.sizes["M"]) != 3 || stockOf(t, db, tee.productID, tee.sizes["L"]) != 1 ||
			stockOf(t, db, dear.productID, dear.sizes["M"]) != 20 {
			t.Error("a refused order changed stock")
		}
		var mine []map[string]any
		c.do(t, "GET", "/api/orders/myorders", nil, 200, &mine)
		if len(mine) != 0 {
			t.Errorf("refused orders were created: %d", len(mine))
		}
		h.client(t).do(t, "POST", "/api/orders", orderBody(shop.COD, 29900, tee.line("M", 1)), 401, nil)
	})
}

// Fifty orders race for a size with seven in stock: exactly seven win. They
// come from one customer, so the limits per customer are off.
func TestConcurrentOrdersNeverOversell(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits)
		tee := stockedProduct(t, db, "Hot Tee", 49900, map[string]int{"M": 7})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		codes := c.burst(t, 50, "POST", "/api/orders", body)
		if codes[201] != 7 || codes[409] != 43 {
			t.Errorf("statuses %v, want 7×201 and 43×409", codes)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 0 {
			t.Errorf("stock after the race: %d, want 0", n)
		}
		var mine []map[string]any
		c.do(t, "GET", "/api/orders/myorders", nil, 200, &mine)
		if len(mine) != 7 {
			t.Errorf("%d orders, want 7", len(mine))
		}
	})
}

func TestIdempotentRetry(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Retry Tee", 49900, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		var wg sync.WaitGroup
		ids := make([]string, 6)
		codes := make([]int, 6)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := c.request(t, "POST", "/api/orders", body)
				req.Header.Set("Idempotency-Key", "checkout-abc-1")
				var res placed
				codes[i] = c.send(t, req, &res)
				ids[i] = res.Data.ID
			}()
		}
		wg.Wait()
		created := 0
		for i := range ids {
			if ids[i] == "" || ids[i] != ids[0] {
				t.Errorf("retries answered with different orders: %v (%v)", ids, codes)
				break
			}
			if codes[i] == 201 {
				created++
			}
		}
		if created != 1 {
			t.Errorf("%d responses said created, want 1: %v", created, codes)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 9 {
			t.Errorf("stock %d after one order retried, want 9", n)
		}
		req := c.request(t, "POST", "/api/orders", body)
		req.Header.Set("Idempotency-Key", "checkout-abc-2")
		if code := c.send(t, req, nil); code != 201 {
			t.Errorf("a new key: %d, want 201", code)
		}
	})
}

func TestPayAndDeliverRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Rule Tee", 49900, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &res)
		id := res.Data.ID

		for _, who := range []*client{c, maker} {
			who.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 403, nil)
			who.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 403, nil)
		}
		h.client(t).do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 401, nil)

		var m message
		admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 409, &m)
		if m.Message != shop.ErrNotPaid.Error() {
			t.Errorf("deliver unpaid: %q", m.Message)
		}
		var o map[string]any
		admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{"id": "cash", "status": "received"}, 200, &o)
		if o["isPaid"] != true || o["paidAt"] == nil {
			t.Errorf("paid: %v", o)
		}
		admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 409, nil)
		admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, &o)
		if o["isDelivered"] != true || o["deliveredDate"] == nil {
			t.Errorf("delivered: %v", o)
		}
		admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 409, nil)
		admin.do(t, "PUT", "/api/orders/"+store.NewID()+"/pay", map[string]any{}, 404, nil)
		c.do(t, "GET", "/api/orders/"+id, nil, 200, &o)
		if o["isPaid"] != true || o["isDelivered"] != true {
			t.Errorf("customer sees %v", o)
		}
	})
}

func TestCartVerification(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Check Tee", 49900, map[string]int{"S": 0, "M": 2, "L": 9})
		c := h.client(t)
		var res struct {
			Success bool
			Message string
			Issues  []struct{ KeyID, Reason string }
		}
		key := func(size string) string { return tee.productID + tee.sizes[size] }
		c.do(t, "POST", "/api/orders/cartVerification", map[string]any{"cartItems": []map[string]any{
			{"keyId": key("L"), "qty": 9}, {"keyId": key("M"), "qty": 1},
		}}, 200, &res)
		if !res.Success || len(res.Issues) != 0 {
			t.Errorf("good cart: %+v", res)
		}
		gone := fmt.Sprintf("%s%s", store.NewID(), store.NewID())
		c.do(t, "POST", "/api/orders/cartVerification", map[string]any{"cartItems": []map[string]any{
			{"keyId": key("S"), "qty": 1}, {"keyId": key("M"), "qty": 3}, {"keyId": gone, "qty": 1}, {"keyId": key("L"), "qty": 11},
		}}, 200, &res)
		if res.Success || len(res.Issues) != 4 || !strings.Contains(res.Issues[1].Reason, "Only 2 left") ||
			res.Issues[2].KeyID != gone || res.Message != "There's some issue with the stock status with the items in your cart." {
			t.Errorf("bad cart: %+v", res)
		}
	})
}

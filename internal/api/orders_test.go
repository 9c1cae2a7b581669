package api_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/api"
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

// preOrder is an order pre-ordering one of size, priced as the browser
// would.
func (f shopFixture) preOrder(size string, method shop.PaymentMethod) map[string]any {
	l := f.line(size, 1)
	l["actionItem"] = "preOrder"
	p := shop.PriceBuyingItem(f.price, method, true)
	return map[string]any{"orderItems": []map[string]any{l}, "shippingAddress": address, "paymentMethod": string(method),
		"itemsPrice": p.Items.Rupees(), "shippingPrice": p.Shipping.Rupees(), "secureTransactionFee": p.SecureFee.Rupees(),
		"discount": p.Discount.Rupees(), "preOrderFee": p.PreOrderFee.Rupees(), "totalPrice": p.Total.Rupees()}
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

// A customer's COD order, from the order to the mail that confirms it.
func TestPlaceCODOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Chikan Tee", 34950, map[string]int{"M": 5, "L": 2})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var res placed
		s := newStory(t)

		s.step("no mail goes out before the order", func(t *testing.T) {
			if n := len(h.sent(t)); n != 0 {
				t.Fatalf("%d mails before the order", n)
			}
		})
		s.step("the order is placed and takes its stock", func(t *testing.T) {
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
		})
		s.step("the order holds its lines, address and customer", func(t *testing.T) {
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
		})
		s.step("only its customer and an admin may read it", func(t *testing.T) {
			other.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 404, nil)
			admin.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 200, nil)
			h.client(t).do(t, "GET", "/api/orders/"+res.Data.ID, nil, 401, nil)
		})
		s.step("it is in its customer's orders and in the admin's list", func(t *testing.T) {
			mine := listed(t, c, "/api/orders/myorders")
			theirs := listed(t, other, "/api/orders/myorders")
			if len(mine) != 1 || len(theirs) != 0 {
				t.Errorf("my orders: %d, another customer's: %d", len(mine), len(theirs))
			}
			all := listed(t, admin, "/api/orders")
			c.do(t, "GET", "/api/orders", nil, 403, nil)
			if len(all) != 1 {
				t.Errorf("all orders: %d", len(all))
			}
		})
		s.step("a mail confirms the order to the customer", func(t *testing.T) {
			sent := h.sent(t)
			last := sent[len(sent)-1]
			if last.To != "customer@example.com" || !strings.Contains(last.Subject, "100001") ||
				!strings.Contains(last.Text, "Chikan Tee") || !strings.Contains(last.Text, "₹1,048.50") ||
				!strings.Contains(last.Text, "/order/"+res.Data.ID) || !strings.Contains(last.Text, "560025") {
				t.Errorf("confirmation mail: %+v", last)
			}
		})
	})
}

func TestOrderRefusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Basic Tee", 29900, map[string]int{"M": 3, "L": 1})
		dear := stockedProduct(t, db, "Silk Tee", 600000, map[string]int{"M": 20})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		type refusal struct {
			Message  string
			Expected map[string]any
		}
		tampered := orderBody(shop.COD, 29900, tee.line("M", 1))
		tampered["itemsPrice"], tampered["totalPrice"] = "1.00", "51.00"
		unknownSize := orderBody(shop.COD, 29900, map[string]any{"_id": tee.productID, "qty": 1,
			"variant": map[string]any{"size": map[string]any{"_id": store.NewID()}}})

		for _, tc := range []struct {
			name   string
			body   map[string]any
			status int
			check  func(t *testing.T, m refusal) // nil: the status says it all
		}{
			{"tampered totals are answered with the right ones", tampered, 409, func(t *testing.T, m refusal) {
				if m.Message != shop.PriceMismatchMessage || m.Expected["totalPrice"] != 349.0 {
					t.Errorf("tampered totals: %+v", m)
				}
			}},
			{"cash on delivery over ₹10,000", orderBody(shop.COD, 2*600000, dear.line("M", 2)), 400, func(t *testing.T, m refusal) {
				if !strings.Contains(m.Message, "10,000") {
					t.Errorf("COD over 10000: %q", m.Message)
				}
			}},
			{"online over ₹50,000", orderBody(shop.Razorpay, 10*600000, dear.line("M", 10)), 400, func(t *testing.T, m refusal) {
				if !strings.Contains(m.Message, "50,000") {
					t.Errorf("online over 50000: %q", m.Message)
				}
			}},
			// The first line could be served, the second cannot.
			{"a line out of stock", orderBody(shop.COD, 29900*3, tee.line("M", 1), tee.line("L", 2)), 409, func(t *testing.T, m refusal) {
				if m.Message != "One of your order items having stock issue, please revisit your cart again." {
					t.Errorf("stock issue: %q", m.Message)
				}
			}},
			{"more than 10 of a size", orderBody(shop.COD, 29900*11, tee.line("M", 11)), 400, nil},
			{"no lines", orderBody(shop.COD, 0), 400, nil},
			{"an unknown payment method", withField(orderBody(shop.COD, 29900, tee.line("M", 1)), "paymentMethod", "Cash"), 400, nil},
			{"a pin code of five digits", withField(orderBody(shop.COD, 29900, tee.line("M", 1)), "shippingAddress",
				withField(address, "pinCode", "56002")), 400, nil},
			{"a size that does not exist", unknownSize, 409, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var m refusal
				c.do(t, "POST", "/api/orders", tc.body, tc.status, &m)
				if tc.check != nil {
					tc.check(t, m)
				}
			})
		}
		t.Run("a guest must sign in", func(t *testing.T) {
			h.client(t).do(t, "POST", "/api/orders", orderBody(shop.COD, 29900, tee.line("M", 1)), 401, nil)
		})
		t.Run("refused orders take no stock and are not stored", func(t *testing.T) {
			if stockOf(t, db, tee.productID, tee.sizes["M"]) != 3 || stockOf(t, db, tee.productID, tee.sizes["L"]) != 1 ||
				stockOf(t, db, dear.productID, dear.sizes["M"]) != 20 {
				t.Error("a refused order changed stock")
			}
			mine := listed(t, c, "/api/orders/myorders")
			if len(mine) != 0 {
				t.Errorf("refused orders were created: %d", len(mine))
			}
		})
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
		mine := listed(t, c, "/api/orders/myorders")
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
		s := newStory(t)

		s.step("six tries at once with one key place one order", func(t *testing.T) {
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
		})
		s.step("a new key places a new order", func(t *testing.T) {
			req := c.request(t, "POST", "/api/orders", body)
			req.Header.Set("Idempotency-Key", "checkout-abc-2")
			if code := c.send(t, req, nil); code != 201 {
				t.Errorf("a new key: %d, want 201", code)
			}
		})
	})
}

// Only an admin marks an order paid and then delivered, each once.
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
		s := newStory(t)

		s.step("no one but an admin may mark it paid or delivered", func(t *testing.T) {
			for _, who := range []struct {
				name string
				c    *client
			}{{"its customer", c}, {"a manufacturer", maker}} {
				t.Run(who.name, func(t *testing.T) {
					who.c.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 403, nil)
					who.c.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 403, nil)
				})
			}
			t.Run("a guest", func(t *testing.T) {
				h.client(t).do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 401, nil)
			})
		})
		s.step("an unpaid order cannot be delivered", func(t *testing.T) {
			var m message
			admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 409, &m)
			if m.Message != shop.ErrNotPaid.Error() {
				t.Errorf("deliver unpaid: %q", m.Message)
			}
		})
		s.step("an admin marks it paid, once", func(t *testing.T) {
			var o map[string]any
			admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{"id": "cash", "status": "received"}, 200, &o)
			if o["isPaid"] != true || o["paidAt"] == nil {
				t.Errorf("paid: %v", o)
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 409, nil)
		})
		s.step("an admin marks it delivered, once", func(t *testing.T) {
			var o map[string]any
			admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, &o)
			if o["isDelivered"] != true || o["deliveredDate"] == nil {
				t.Errorf("delivered: %v", o)
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 409, nil)
		})
		s.step("an unknown order cannot be marked paid", func(t *testing.T) {
			admin.do(t, "PUT", "/api/orders/"+store.NewID()+"/pay", map[string]any{}, 404, nil)
		})
		s.step("the customer sees it paid and delivered", func(t *testing.T) {
			var o map[string]any
			c.do(t, "GET", "/api/orders/"+id, nil, 200, &o)
			if o["isPaid"] != true || o["isDelivered"] != true {
				t.Errorf("customer sees %v", o)
			}
		})
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
			Issues  []struct {
				KeyID, Reason string
				SoldOut       bool
			}
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
		// Sold out: the size with no stock and the one that is gone; not a line over the stock or the cap.
		for i, want := range []bool{true, false, true, false} {
			if res.Issues[i].SoldOut != want {
				t.Errorf("issue %d (%s): soldOut %v, want %v", i, res.Issues[i].Reason, res.Issues[i].SoldOut, want)
			}
		}
	})
}

func TestOrderAddressStateAndDistrictComeFromTheTable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Map Tee", 50000, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		place := func(state, district string, want int, pin ...string) {
			t.Helper()
			a := withField(withField(address, "state", state), "district", district)
			if len(pin) > 0 {
				a["pinCode"] = pin[0]
			}
			var m message
			c.do(t, "POST", "/api/orders", withField(orderBody(shop.COD, tee.price, tee.line("M", 1)), "shippingAddress", a), want, &m)
			if want == 400 && !strings.Contains(m.Message, "district") && !strings.Contains(m.Message, "state") {
				t.Errorf("%s/%s: message %q", state, district, m.Message)
			}
		}
		place("Atlantis", "Nowhere", 400)
		place("Karnataka", "Mumbai", 400)
		place("karnataka", "bengaluru urban", 400)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 5 {
			t.Fatalf("refused orders took stock: %d left", n)
		}
		place("Karnataka", "Bengaluru Urban", 201)
		place("Maharashtra", "Mumbai City", 201, "400001")
		place("Dadra and Nagar Haveli and Daman and Diu", "Diu", 201, "362520")
	})
}

// Carts holding the same sizes in opposite orders, [M, L] and [L, M], race:
// 50 clients place 4 orders each. Every order is placed or refused for
// stock, none fails, and stock adds up afterwards. On PostgreSQL this
// deadlocked (180 of 200 orders answered 500) until stock was taken in one
// order.
func TestOppositeCartsDoNotDeadlock(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits)
		const stock, clients, each = 150, 50, 4
		tee := stockedProduct(t, db, "Pair Tee", 20000, map[string]int{"M": stock, "L": stock})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		carts := []map[string]any{
			orderBody(shop.COD, 2*20000, tee.line("M", 1), tee.line("L", 1)),
			orderBody(shop.COD, 2*20000, tee.line("L", 1), tee.line("M", 1)),
		}
		placed := 0
		s := newStory(t)

		s.step("every order is placed or refused for stock", func(t *testing.T) {
			start := time.Now()
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes := map[int]int{}
			others := []string{}
			for i := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for j := range each {
						var m message
						code := c.send(t, c.request(t, "POST", "/api/orders", carts[(i+j)%2]), &m)
						mu.Lock()
						codes[code]++
						if code == 409 && m.Message != shop.StockIssueMessage {
							others = append(others, m.Message)
						}
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			t.Logf("%d orders in %v: %v", clients*each, time.Since(start).Round(time.Millisecond), codes)
			placed = codes[201]
			if placed+codes[409] != clients*each || placed != stock || len(others) > 0 {
				t.Errorf("statuses %v (other refusals %q), want %d×201 and the rest 409 for stock", codes, others, stock)
			}
		})
		s.step("stock, sales and the order list add up", func(t *testing.T) {
			m, l := stockOf(t, db, tee.productID, tee.sizes["M"]), stockOf(t, db, tee.productID, tee.sizes["L"])
			if m != stock-placed || l != stock-placed {
				t.Errorf("stock M %d, L %d after %d orders of one each; want %d", m, l, placed, stock-placed)
			}
			var p productJSON
			h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
			var mine orderList
			c.do(t, "GET", "/api/orders/myorders", nil, 200, &mine)
			if p.TotalSold != 2*placed || mine.Total != placed {
				t.Errorf("totalSold %d and %d orders, want %d and %d", p.TotalSold, mine.Total, 2*placed, placed)
			}
		})
	})
}

// noOrderLimits lets one customer place as many orders as a test needs.
func noOrderLimits(o *api.Options) { o.OrderLimits = &shop.OrderLimits{} }

// One new account placing COD order after COD order is stopped at the
// default of three open ones; a delivered order frees a place.
func TestOpenCODOrderLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Black Polo", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		var first placed
		c.do(t, "POST", "/api/orders", body, 201, &first)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		var m message
		c.do(t, "POST", "/api/orders", body, 409, &m)
		want := "You already have 3 cash-on-delivery orders on the way. Please wait for one to be delivered before placing another."
		if m.Message != want {
			t.Errorf("fourth COD order: %q, want %q", m.Message, want)
		}
		other.do(t, "POST", "/api/orders", body, 201, nil) // another customer is not held back
		// Paying online is not a COD order.
		h.placeOnline(t, c, tee, "M", 1)

		admin.do(t, "PUT", "/api/orders/"+first.Data.ID+"/pay", map[string]any{}, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+first.Data.ID+"/deliver", nil, 200, nil)
		c.do(t, "POST", "/api/orders", body, 201, nil)
		c.do(t, "POST", "/api/orders", body, 409, nil)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 100-6 {
			t.Errorf("stock %d, want %d: only placed orders take stock", n, 100-6)
		}
	})
}

// The burst of the probe: one customer fires twenty COD orders at once;
// exactly three are placed, on both databases.
func TestConcurrentCODOrdersStopAtTheLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Burst Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		body := orderBody(shop.COD, 49900, tee.line("M", 1))

		codes := c.burst(t, 20, "POST", "/api/orders", body)
		if codes[201] != 3 || codes[409] != 17 {
			t.Errorf("statuses %v, want 3×201 and 17×409", codes)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 97 {
			t.Errorf("stock %d, want 97", n)
		}
	})
}

// Units of one size are capped per customer across open orders, and lines
// of the same size are added up before the per-line cap.
func TestUnitsPerSizeLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		polo := stockedProduct(t, db, "Black Polo", 10000, map[string]int{"M": 100, "L": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var m message

		c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, 20*10000, polo.line("M", 10), polo.line("M", 10)), 400, &m)
		if m.Message != "At most 10 units of a size can be ordered at once." {
			t.Errorf("two lines of 10 of one size: %q", m.Message)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 6*10000, polo.line("M", 6)), 201, nil)
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 9*10000, polo.line("L", 4), polo.line("M", 5)), 409, &m)
		want := "You can have at most 10 of Black Polo (olive), size M, across your open orders. You already have 6."
		if m.Message != want {
			t.Errorf("over the units limit: %q, want %q", m.Message, want)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 8*10000, polo.line("L", 4), polo.line("M", 4)), 201, nil)
		if n := stockOf(t, db, polo.productID, polo.sizes["M"]); n != 90 {
			t.Errorf("stock of M %d, want 90", n)
		}
	})
}

// With both limits set to 0 a customer may order as often as stock allows.
func TestOrderLimitsOff(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits)
		tee := stockedProduct(t, db, "Free Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		for range 5 {
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 5*49900, tee.line("M", 5)), 201, nil)
		}
		var m message
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 11*49900, tee.line("M", 6), tee.line("M", 5)), 400, &m)
		if m.Message != "At most 10 units of a size can be ordered at once." {
			t.Errorf("lines of one size are still merged: %q", m.Message)
		}
	})
}

// The manufacturer's list holds only pre-orders to make: COD ones and paid
// online ones. An online pre-order awaiting payment is not there yet, an
// expired one never is, and an expired one cannot be marked manufactured.
func TestPreOrderListLeavesOutUnpaidAndCancelled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Made Tee", 100000, map[string]int{"S": 0})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		list := func(t *testing.T) map[string]bool {
			var list struct{ Orders []map[string]any }
			maker.do(t, "GET", "/api/orders/preorder", nil, 200, &list)
			ids := map[string]bool{}
			for _, o := range list.Orders {
				ids[o["_id"].(string)] = true
			}
			return ids
		}
		var cod placed
		var unpaid, paid onlinePlaced
		s := newStory(t)

		s.step("a COD pre-order the customer has not confirmed is not one to make yet", func(t *testing.T) {
			c.do(t, "POST", "/api/orders", tee.preOrder("S", shop.COD), 201, &cod)
			if got := list(t); len(got) != 0 {
				t.Errorf("list before the confirmation: %v; want none", got)
			}
			var m message
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": cod.Data.ID}, 409, &m)
			if m.Message != "This pre-order is waiting for the customer's confirmation: make it once it is confirmed." {
				t.Errorf("marking an unconfirmed pre-order: %q", m.Message)
			}
			c.do(t, "PUT", "/api/orders/"+cod.Data.ID+"/confirm", nil, 200, nil)
		})
		s.step("before payment only the COD pre-order is listed", func(t *testing.T) {
			c.do(t, "POST", "/api/orders", tee.preOrder("S", shop.Razorpay), 201, &unpaid)
			c.do(t, "POST", "/api/orders", tee.preOrder("S", shop.Razorpay), 201, &paid)
			if got := list(t); !got[cod.Data.ID] || got[unpaid.Data.ID] || got[paid.Data.ID] || len(got) != 1 {
				t.Errorf("list before payment: %v; want only the COD pre-order %s", got, cod.Data.ID)
			}
		})
		s.step("a pre-order awaiting payment cannot be marked made", func(t *testing.T) {
			var m message
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": unpaid.Data.ID}, 409, &m)
			if m.Message != "This pre-order is waiting for its payment: make it once it is paid." {
				t.Errorf("marking an unpaid pre-order: %q", m.Message)
			}
		})
		s.step("a paid pre-order joins the list", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(paid, "pay_PAIDPREORDER01", sign(paid.RazorpayOrderID, "pay_PAIDPREORDER01")), 200, nil)
			if got := list(t); !got[cod.Data.ID] || !got[paid.Data.ID] || got[unpaid.Data.ID] || len(got) != 2 {
				t.Errorf("list after one payment: %v; want the COD and the paid pre-order", got)
			}
		})
		s.step("an expired pre-order stays out of the list", func(t *testing.T) {
			h.clock.advance(30*time.Minute + time.Second)
			if _, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil {
				t.Fatal(err)
			}
			if got := list(t); got[unpaid.Data.ID] || len(got) != 2 {
				t.Errorf("list after expiry: %v; the expired pre-order must stay out", got)
			}
		})
		s.step("an expired pre-order cannot be marked made", func(t *testing.T) {
			var m message
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": unpaid.Data.ID}, 409, &m)
			if m.Message != "This order was cancelled: there is nothing to make." {
				t.Errorf("marking a cancelled pre-order: %q", m.Message)
			}
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+unpaid.Data.ID, nil, 200, &ord)
			if ord["mfgDate"] != nil || ord["status"] != shop.StatusExpired {
				t.Errorf("the cancelled order changed: %v", ord)
			}
		})
		s.step("the paid pre-order can be marked made", func(t *testing.T) {
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": paid.Data.ID}, 200, nil)
		})
	})
}

// A pre-order of a size out of stock, from its price to the date it was
// made.
func TestPreOrders(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Made Tee", 100000, map[string]int{"S": 0, "M": 3})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var res placed
		var mark struct {
			Data struct {
				MfgDate string `json:"mfgDate"`
				OrderID string `json:"orderId"`
			} `json:"data"`
		}
		var first string // the date it was first marked made
		s := newStory(t)

		s.step("a COD pre-order costs a 5% fee and takes no stock", func(t *testing.T) {
			c.do(t, "POST", "/api/orders", tee.preOrder("S", shop.COD), 201, &res)
			if res.Data.TotalPrice != 1050 {
				t.Errorf("COD pre-order total %v, want 1050 (1000 + 5%% fee)", res.Data.TotalPrice)
			}
			if stockOf(t, db, tee.productID, tee.sizes["S"]) != 0 {
				t.Error("a pre-order took stock")
			}
			// The customer's first COD order: it is made once confirmed.
			c.do(t, "PUT", "/api/orders/"+res.Data.ID+"/confirm", nil, 200, nil)
		})
		s.step("a size in stock is ordered, not pre-ordered", func(t *testing.T) {
			two := tee.preOrder("S", shop.COD)
			two["orderItems"] = []map[string]any{two["orderItems"].([]map[string]any)[0], tee.line("M", 1)}
			for _, tc := range []struct {
				name string
				body map[string]any
			}{
				{"a pre-order of it", tee.preOrder("M", shop.COD)},
				{"it beside a pre-order", two},
			} {
				t.Run(tc.name, func(t *testing.T) {
					c.do(t, "POST", "/api/orders", tc.body, 400, nil)
				})
			}
		})
		s.step("customers and guests may neither see nor mark pre-orders", func(t *testing.T) {
			c.do(t, "GET", "/api/orders/preorder", nil, 403, nil)
			h.client(t).do(t, "GET", "/api/orders/preorder", nil, 401, nil)
			c.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": res.Data.ID}, 403, nil)
		})
		s.step("manufacturers and admins see it, not yet made", func(t *testing.T) {
			var page struct {
				Orders             []map[string]any
				Page, Pages, Total int
			}
			maker.do(t, "GET", "/api/orders/preorder?pageNumber=1", nil, 200, &page)
			admin.do(t, "GET", "/api/orders/preorder", nil, 200, nil)
			list := page.Orders
			if len(list) != 1 || list[0]["_id"] != res.Data.ID || list[0]["mfgDate"] != nil || list[0]["isPreOrder"] != true ||
				list[0]["preOrderFee"] != 50.0 || page.Page != 1 || page.Pages != 1 || page.Total != 1 {
				t.Fatalf("pre-order list: %+v", page)
			}
		})
		s.step("marking it made dates it in Indian time", func(t *testing.T) {
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": res.Data.ID}, 200, &mark)
			// Indian time, so its first ten characters are the Indian date.
			if mark.Data.OrderID != res.Data.ID || !strings.HasSuffix(mark.Data.MfgDate, "+05:30") {
				t.Fatalf("mark: %+v", mark)
			}
			first = mark.Data.MfgDate
		})
		s.step("marking it again keeps the first date", func(t *testing.T) {
			h.clock.advance(48 * time.Hour)
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": res.Data.ID}, 200, &mark)
			if mark.Data.MfgDate != first {
				t.Errorf("a second mark changed the date: %s → %s", first, mark.Data.MfgDate)
			}
		})
		s.step("the customer sees the date on the order and its line", func(t *testing.T) {
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+res.Data.ID, nil, 200, &ord)
			item := ord["orderItems"].([]any)[0].(map[string]any)
			if ord["mfgDate"] != first || item["mfgDate"] != first || item["preOrder"] != true {
				t.Errorf("customer's order: %v", ord)
			}
		})
		s.step("an unknown order cannot be marked made", func(t *testing.T) {
			maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": store.NewID()}, 404, nil)
		})
	})
}

func TestCheckoutAndCodesDoNotWaitForTheMailServer(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Chikan Tee", 34950, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		// A request that waited for the mail server would outlast this.
		c.http.Timeout = 10 * time.Second

		t.Run("the mail server hangs", func(t *testing.T) {
			release := h.mail.hang()
			defer release()
			var res placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 34950, tee.line("M", 1)), 201, &res)
			c.do(t, "POST", "/api/users/sendOtp", otp("hang@example.in", "register"), 200, nil)
			release()
			sent := h.sent(t)
			if mailsTo(sent, "customer@example.com", "order "+res.Data.OrderID+" placed") != 1 ||
				mailsTo(sent, "hang@example.in", "one-time code") != 1 {
				t.Errorf("once the mail server answers, the confirmation and the code go out once each: %+v", sent)
			}
		})

		t.Run("the mail server fails, then recovers", func(t *testing.T) {
			// A customer of its own, so that its mails are told apart from the
			// ones above by their address, not by when they were written.
			c := h.signIn(t, shop.RoleCustomer, "recover@example.com", "9000000005")
			c.http.Timeout = 10 * time.Second
			h.mail.fail(errors.New("451 4.3.0 mail server busy"))
			var res placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 34950, tee.line("M", 1)), 201, &res)
			c.do(t, "POST", "/api/users/sendOtp", otp("down@example.in", "register"), 200, nil)
			confirmation := "order " + res.Data.OrderID + " placed"
			if sent := h.sent(t); mailsTo(sent, "recover@example.com", confirmation)+mailsTo(sent, "down@example.in", "code") != 0 {
				t.Fatalf("mail went out through a failing server: %+v", sent)
			}
			outbox, err := db.Outbox(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			failed := 0
			for _, m := range outbox {
				if m.To != "recover@example.com" && m.To != "down@example.in" {
					continue
				}
				failed++
				if m.Sent || m.Attempts != 1 || !strings.Contains(m.LastError, "mail server busy") {
					t.Errorf("a failed mail is kept with its try and why it failed: %+v", m)
				}
			}
			if failed != 2 {
				t.Errorf("the outbox holds %d mails to recover@example.com and down@example.in, want the confirmation and the code: %+v", failed, outbox)
			}

			h.mail.fail(nil)
			if sent := h.sent(t); mailsTo(sent, "recover@example.com", confirmation) != 0 {
				t.Error("a failed mail was tried again before its wait was over")
			}
			h.clock.advance(30 * time.Second)
			sent := h.sent(t)
			if mailsTo(sent, "recover@example.com", confirmation) != 1 || mailsTo(sent, "down@example.in", "one-time code") != 1 {
				t.Errorf("once the mail server recovers, the confirmation and the code go out once each: %+v", sent)
			}
		})
	})
}

func TestAConfirmationQueuedBeforeACrashIsSentAfterIt(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Chikan Tee", 34950, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		// The process dies after the order commits and before its sender
		// gets to the mail.
		h.stopSender()
		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 34950, tee.line("M", 1)), 201, &res)
		h.Close()
		if n := len(h.mail.Sent()); n != 0 {
			t.Fatalf("%d mails sent by a stopped sender", n)
		}

		restarted := newHarness(t, db)
		if sent := restarted.sent(t); mailsTo(sent, "customer@example.com", "order "+res.Data.OrderID+" placed") != 1 {
			t.Errorf("the restarted shop sent %+v, want the confirmation once", sent)
		}
	})
}

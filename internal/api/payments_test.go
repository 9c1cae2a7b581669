package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type onlinePlaced struct {
	Data struct {
		ID      string `json:"_id"`
		OrderID string `json:"orderId"`
	} `json:"data"`
	Key             string `json:"key"`
	RazorpayOrderID string `json:"razorpayOrderId"`
}

func (h *harness) placeOnline(t *testing.T, c *client, f shopFixture, size string, qty int) onlinePlaced {
	t.Helper()
	var res onlinePlaced
	c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, f.price*shop.Paise(qty), f.line(size, qty)), 201, &res)
	if res.Key != payment.SimulatorKeyID || !strings.HasPrefix(res.RazorpayOrderID, "order_") {
		t.Fatalf("online order answer: %+v", res)
	}
	return res
}

func verifyBody(o onlinePlaced, paymentID, signature string) map[string]any {
	return map[string]any{"razorpay_order_id": o.RazorpayOrderID, "razorpay_payment_id": paymentID,
		"razorpay_signature": signature, "orderId": o.Data.ID}
}

func sign(orderID, paymentID string) string {
	return payment.Sign(simSecret, payment.PaymentMessage(orderID, paymentID))
}

// An online order is paid only by its customer's verified payment, once.
func TestVerifyPayment(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Online Tee", 79900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		o := h.placeOnline(t, c, tee, "M", 2)
		second := h.placeOnline(t, other, tee, "M", 1)
		good := verifyBody(o, "pay_AAAAAAAAAAAAAA", sign(o.RazorpayOrderID, "pay_AAAAAAAAAAAAAA"))
		s := newStory(t)

		s.step("an unpaid online order holds its stock", func(t *testing.T) {
			if stockOf(t, db, tee.productID, tee.sizes["M"]) != 2 {
				t.Fatal("an unpaid online order does not hold its stock")
			}
		})
		s.step("forged verifications are refused", func(t *testing.T) {
			for _, tc := range []struct {
				name string
				body map[string]any
			}{
				{"a tampered payment id", verifyBody(o, "pay_AAAAAAAAAAAAAA", sign(o.RazorpayOrderID, "pay_BBBBBBBBBBBBBB"))},
				{"a signature for another order", verifyBody(o, "pay_AAAAAAAAAAAAAA", sign(second.RazorpayOrderID, "pay_AAAAAAAAAAAAAA"))},
				{"another order's Razorpay id, signed correctly", withField(
					verifyBody(o, "pay_AAAAAAAAAAAAAA", sign(second.RazorpayOrderID, "pay_AAAAAAAAAAAAAA")),
					"razorpay_order_id", second.RazorpayOrderID)},
				{"a signature with another secret", verifyBody(o, "pay_AAAAAAAAAAAAAA",
					payment.Sign("another secret", payment.PaymentMessage(o.RazorpayOrderID, "pay_AAAAAAAAAAAAAA")))},
			} {
				t.Run(tc.name, func(t *testing.T) {
					var m message
					c.do(t, "POST", "/api/orders/verifyPayment", tc.body, 400, &m)
					if m.Message != "Payment verification failed." {
						t.Errorf("bad verification: %q", m.Message)
					}
				})
			}
		})
		s.step("another customer cannot verify it, even with a valid signature", func(t *testing.T) {
			other.do(t, "POST", "/api/orders/verifyPayment", good, 400, nil)
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			if ord["isPaid"] != false {
				t.Fatal("a refused verification marked the order paid")
			}
		})
		s.step("the right signature pays it, and a replay pays it once", func(t *testing.T) {
			var ok map[string]any
			c.do(t, "POST", "/api/orders/verifyPayment", good, 200, &ok)
			if ok["success"] != true || ok["message"] != "Payment Successful!" {
				t.Errorf("verification: %v", ok)
			}
			c.do(t, "POST", "/api/orders/verifyPayment", good, 200, &ok) // replay: still one payment
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			if ord["isPaid"] != true || ord["paidAt"] == nil || ord["paymentDueAt"] != nil {
				t.Errorf("paid order: %v", ord)
			}
			if stockOf(t, db, tee.productID, tee.sizes["M"]) != 2 {
				t.Error("paying changed the stock")
			}
		})
		s.step("a paid order takes no second payment and does not expire", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/"+o.Data.ID+"/payment", nil, 409, nil)
			h.clock.advance(time.Hour)
			if n, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil || n != 1 {
				t.Errorf("expired %d orders, %v; want only the unpaid one", n, err)
			}
			if stockOf(t, db, tee.productID, tee.sizes["M"]) != 3 {
				t.Error("stock after the unpaid order expired")
			}
		})
	})
}

func (h *harness) postWebhook(t *testing.T, body []byte, signature string) int {
	req, _ := http.NewRequest("POST", h.URL+"/api/payments/razorpay/webhook", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Razorpay-Signature", signature)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// captured is Razorpay's payment.captured event for amount paise in INR.
func captured(orderID, paymentID string, amount shop.Paise) []byte {
	return paymentEvent(orderID, paymentID, int64(amount), "INR", "captured")
}

func paymentEvent(orderID, paymentID string, amount int64, currency, status string) []byte {
	b, _ := json.Marshal(map[string]any{"entity": "event", "event": "payment.captured", "payload": map[string]any{
		"payment": map[string]any{"entity": map[string]any{"id": paymentID, "order_id": orderID, "amount": amount,
			"currency": currency, "status": status}}}})
	return b
}

// onlineTotal is what qty of f costs paid online.
func onlineTotal(f shopFixture, qty int) shop.Paise {
	return shop.PriceItems(f.price*shop.Paise(qty), shop.Razorpay).Total
}

// Razorpay's signed webhook pays an order, once; anything else it sends is
// acknowledged.
func TestWebhook(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Hook Tee", 49900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		o := h.placeOnline(t, c, tee, "M", 1)
		body := captured(o.RazorpayOrderID, "pay_HOOKHOOKHOOK01", onlineTotal(tee, 1))
		s := newStory(t)

		s.step("a badly signed webhook is refused and pays nothing", func(t *testing.T) {
			if code := h.postWebhook(t, body, payment.Sign("wrong", body)); code != 400 {
				t.Errorf("bad signature: %d", code)
			}
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			if ord["isPaid"] != false {
				t.Fatal("a badly signed webhook paid the order")
			}
		})
		s.step("a signed webhook pays the order, and its replay is acknowledged", func(t *testing.T) {
			if code := h.postWebhook(t, body, payment.Sign(simSecret, body)); code != 200 {
				t.Errorf("valid webhook: %d", code)
			}
			if code := h.postWebhook(t, body, payment.Sign(simSecret, body)); code != 200 {
				t.Errorf("replayed webhook: %d", code)
			}
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			if ord["isPaid"] != true {
				t.Error("the webhook did not mark the order paid")
			}
		})
		s.step("events that pay nothing are acknowledged", func(t *testing.T) {
			for _, tc := range []struct {
				name  string
				event []byte
			}{
				{"an unknown event", []byte(`{"entity":"event","event":"refund.created","payload":{}}`)},
				{"a payment for an unknown order", captured("order_NOSUCHORDER001", "pay_X", 100)},
			} {
				t.Run(tc.name, func(t *testing.T) {
					if code := h.postWebhook(t, tc.event, payment.Sign(simSecret, tc.event)); code != 200 {
						t.Errorf("%s: %d", tc.name, code)
					}
				})
			}
		})
		s.step("order.paid, which carries the order entity, pays its order", func(t *testing.T) {
			o2 := h.placeOnline(t, c, tee, "M", 1)
			paid, _ := json.Marshal(map[string]any{"event": "order.paid", "payload": map[string]any{
				"order": map[string]any{"entity": map[string]any{"id": o2.RazorpayOrderID}},
				"payment": map[string]any{"entity": map[string]any{"id": "pay_ORDERPAID0001", "order_id": o2.RazorpayOrderID,
					"amount": int64(onlineTotal(tee, 1)), "currency": "INR", "status": "captured"}}}})
			h.postWebhook(t, paid, payment.Sign(simSecret, paid))
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o2.Data.ID, nil, 200, &ord)
			if ord["isPaid"] != true {
				t.Error("order.paid did not mark the order paid")
			}
		})
	})
}

func TestSimulatorWidgetPaysAndSendsTheWebhook(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Sim Tee", 49900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var cfg shop.SiteInfo
		h.getJSON(t, "/api/config", 200, &cfg)
		if cfg.Payment.CheckoutScript != payment.SimulatorScript || !cfg.Payment.Simulator || !cfg.Payment.Online {
			t.Errorf("config payment: %+v", cfg.Payment)
		}
		js := h.get(t, payment.SimulatorScript)
		src, _ := io.ReadAll(js.Body)
		if js.StatusCode != 200 || !strings.Contains(string(src), "window.Razorpay") || !strings.Contains(string(src), "payment.failed") ||
			!strings.Contains(string(src), "Test mode: payments are simulated, no money moves.") {
			t.Errorf("checkout script: %d", js.StatusCode)
		}
		o := h.placeOnline(t, c, tee, "M", 1)
		var p struct {
			OrderID   string `json:"razorpay_order_id"`
			PaymentID string `json:"razorpay_payment_id"`
			Signature string `json:"razorpay_signature"`
		}
		c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": o.RazorpayOrderID, "method": "upi"}, 200, &p)
		if p.OrderID != o.RazorpayOrderID || p.Signature != sign(p.OrderID, p.PaymentID) {
			t.Errorf("simulated payment: %+v", p)
		}
		// The customer closed the tab: the webhook alone marked it paid.
		var ord map[string]any
		c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
		if ord["isPaid"] != true {
			t.Error("the simulator's webhook did not mark the order paid")
		}
		c.do(t, "POST", "/api/orders/verifyPayment", map[string]any{"razorpay_order_id": p.OrderID, "razorpay_payment_id": p.PaymentID,
			"razorpay_signature": p.Signature, "orderId": o.Data.ID}, 200, nil)
	})
}

// A signed event pays an order only for the order's total, in rupees, once
// captured: anything else is recorded and flagged for an admin, not paid.
func TestWebhookChecksAmountCurrencyAndStatus(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Checked Tee", 19900, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		total := int64(onlineTotal(tee, 1))
		for _, tc := range []struct {
			name, currency, status, reason string
			amount                         int64
		}{
			{"one paisa", "INR", "captured", "amount is 0.01,", 1},
			{"a paisa short", "INR", "captured", shop.Paise(total - 1).Rupees(), total - 1},
			{"dollars", "USD", "captured", "USD", total},
			{"failed", "INR", "failed", "failed", total},
			{"authorized, not captured", "INR", "authorized", "authorized", total},
		} {
			t.Run(tc.name, func(t *testing.T) {
				o := h.placeOnline(t, c, tee, "M", 1)
				body := paymentEvent(o.RazorpayOrderID, "pay_ODD"+o.Data.OrderID, tc.amount, tc.currency, tc.status)
				if code := h.postWebhook(t, body, payment.Sign(simSecret, body)); code != 200 {
					t.Errorf("flagged event answered %d; Razorpay would send it again", code)
				}
				var ord map[string]any
				admin.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
				reason, _ := ord["paymentFlagReason"].(string)
				if ord["isPaid"] != false || ord["paymentFlagged"] != true || !strings.Contains(reason, tc.reason) {
					t.Fatalf("after a %s event: paid %v, flagged %v, reason %q", tc.name, ord["isPaid"], ord["paymentFlagged"], reason)
				}
				// The real payment still pays it, and the flag stays for the admin.
				good := captured(o.RazorpayOrderID, "pay_GOOD"+o.Data.OrderID, shop.Paise(total))
				h.postWebhook(t, good, payment.Sign(simSecret, good))
				admin.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
				if ord["isPaid"] != true || ord["paymentFlagged"] != true {
					t.Errorf("after the right payment: paid %v, flagged %v", ord["isPaid"], ord["paymentFlagged"])
				}
			})
		}
	})
}

func TestSimulatorPaysOnlyTheOwnersOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Victim Tee", 49900, map[string]int{"M": 5})
		owner := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		o := h.placeOnline(t, owner, tee, "M", 1)
		pay := map[string]any{"order_id": o.RazorpayOrderID, "method": "upi"}

		h.client(t).do(t, "POST", "/api/payments/simulator/pay", pay, 401, nil)
		other.do(t, "POST", "/api/payments/simulator/pay", pay, 404, nil)
		admin.do(t, "POST", "/api/payments/simulator/pay", pay, 404, nil)
		var ord map[string]any
		owner.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
		if ord["isPaid"] != false {
			t.Fatal("someone else's simulated payment paid the order")
		}
		owner.do(t, "POST", "/api/payments/simulator/pay", pay, 200, nil)
		owner.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
		if ord["isPaid"] != true {
			t.Error("the owner's simulated payment did not pay the order")
		}
	})
}

// Without Razorpay keys and without asking for the simulator, the shop
// takes no online payment: no simulator, online orders refused, COD open.
func TestOnlinePaymentOffWithoutAGateway(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.Gateway = nil })
		tee := stockedProduct(t, db, "Offline Tee", 49900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var cfg shop.SiteInfo
		h.getJSON(t, "/api/config", 200, &cfg)
		if cfg.Payment.Online || cfg.Payment.Simulator || cfg.Payment.CheckoutScript != "" {
			t.Errorf("config payment: %+v", cfg.Payment)
		}
		if js := h.get(t, payment.SimulatorScript); js.StatusCode != 404 {
			t.Errorf("simulator script: %d", js.StatusCode)
		}
		c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": "order_ANYTHING00001", "method": "upi"}, 404, nil)

		var m message
		c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, tee.price, tee.line("M", 1)), 400, &m)
		if m.Message != "Online payment is not available in this shop right now. Please choose Cash on Delivery." {
			t.Errorf("online order refused with %q", m.Message)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 5 {
			t.Errorf("a refused online order took stock: %d left", n)
		}
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, nil)
		body := captured("order_ANYTHING00001", "pay_ANYTHING00001", 100)
		if code := h.postWebhook(t, body, payment.Sign(simSecret, body)); code != 400 {
			t.Errorf("webhook without a gateway: %d", code)
		}
	})
}

// An online order unpaid after its hold is cancelled and gives its stock
// back, once; a payment arriving after that is flagged, not taken.
func TestExpiryReturnsStockAndFlagsLatePayment(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Held Tee", 49900, map[string]int{"M": 4})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		o := h.placeOnline(t, c, tee, "M", 3)
		s := newStory(t)

		s.step("the unpaid order holds its stock", func(t *testing.T) {
			var p productJSON
			h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
			if stockOf(t, db, tee.productID, tee.sizes["M"]) != 1 || p.TotalSold != 3 {
				t.Fatal("the order did not hold its stock")
			}
		})
		s.step("while it is held the customer may pay again", func(t *testing.T) {
			var again map[string]any
			c.do(t, "POST", "/api/orders/"+o.Data.ID+"/payment", nil, 200, &again)
			if again["razorpayOrderId"] != o.RazorpayOrderID {
				t.Errorf("pay again: %v", again)
			}
		})
		s.step("after the hold it is cancelled", func(t *testing.T) {
			h.clock.advance(30*time.Minute + time.Second)
			var ord map[string]any
			c.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			if ord["status"] != shop.StatusExpired {
				t.Errorf("status after the hold: %v", ord["status"])
			}
		})
		s.step("expiring it twice returns its stock once", func(t *testing.T) {
			for i := 0; i < 2; i++ {
				if _, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil {
					t.Fatal(err)
				}
			}
			var p productJSON
			h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 4 || p.TotalSold != 0 {
				t.Errorf("stock %d, sold %d after expiry; want 4 and 0, returned once", n, p.TotalSold)
			}
		})
		s.step("an expired order can be paid neither by the customer nor by an admin", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/"+o.Data.ID+"/payment", nil, 409, &message{})
			admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/pay", map[string]any{}, 409, nil)
		})
		s.step("a payment that arrives late is flagged and takes no stock", func(t *testing.T) {
			// The customer paid at the last moment; the payment arrives late.
			var m message
			c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_LATELATELATE01", sign(o.RazorpayOrderID, "pay_LATELATELATE01")), 409, &m)
			if !strings.Contains(m.Message, "after the order expired") {
				t.Errorf("late payment: %q", m.Message)
			}
			var ord map[string]any
			admin.do(t, "GET", "/api/orders/"+o.Data.ID, nil, 200, &ord)
			reason, _ := ord["paymentFlagReason"].(string)
			if ord["status"] != shop.StatusExpired || ord["isPaid"] != false || ord["paymentFlagged"] != true ||
				!strings.Contains(reason, "after the order expired") {
				t.Errorf("late-paid order: %v", ord)
			}
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 4 {
				t.Errorf("a late payment took stock again: %d", n)
			}
		})
	})
}

// An expiry and a payment race: whichever wins, the stock comes back
// exactly once or not at all, and the payment is never lost.
func TestExpiryRacingPayment(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits) // one customer races many orders
		tee := stockedProduct(t, db, "Race Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var orders []onlinePlaced
		for i := 0; i < 8; i++ {
			orders = append(orders, h.placeOnline(t, c, tee, "M", 2))
		}
		h.clock.advance(31 * time.Minute)
		held := 0 // units the paid orders keep
		s := newStory(t)

		s.step("each order's expiry races its payment without an error", func(t *testing.T) {
			var wg sync.WaitGroup
			for i, o := range orders {
				wg.Add(2)
				go func() {
					defer wg.Done()
					if _, err := db.ExpireOrder(t.Context(), o.Data.ID, h.clock.now()); err != nil {
						t.Error(err)
					}
				}()
				go func() {
					defer wg.Done()
					_, err := db.RecordOnlinePayment(t.Context(), o.RazorpayOrderID, "pay_RACE0000000"+string(rune('A'+i)), nil, h.clock.now())
					if err != nil && err != shop.ErrPaidAfterExpiry {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		})
		s.step("each order is paid and placed, or cancelled and flagged", func(t *testing.T) {
			for _, o := range orders {
				got, err := db.Order(t.Context(), o.Data.ID)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case got.IsPaid && got.Status == shop.StatusPlaced:
					held += 2
				case !got.IsPaid && got.Status == shop.StatusExpired && got.PaymentFlagged:
				default:
					t.Errorf("order in an impossible state: paid %v, status %s, flagged %v", got.IsPaid, got.Status, got.PaymentFlagged)
				}
			}
		})
		s.step("only the paid orders keep their stock", func(t *testing.T) {
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 100-held {
				t.Errorf("stock %d, want %d (100 less the paid orders' 2 each)", n, 100-held)
			}
		})
	})
}

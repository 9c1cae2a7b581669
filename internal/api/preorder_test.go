package api_test

import (
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// The manufacturer's list holds only pre-orders to make: COD ones and paid
// online ones. An online pre-order awaiting payment is not there yet, an
// expired one never is, and an expired one cannot be marked manufactured.
func TestPreOrderListLeavesOutUnpaidAndCancelled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Made Tee", 100000, map[string]int{"S": 0})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		maker := h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002")
		pre := func(method shop.PaymentMethod) map[string]any {
			l := tee.line("S", 1)
			l["actionItem"] = "preOrder"
			p := shop.PriceBuyingItem(tee.price, method, true)
			return map[string]any{"orderItems": []map[string]any{l}, "shippingAddress": address, "paymentMethod": string(method),
				"itemsPrice": p.Items.Rupees(), "shippingPrice": p.Shipping.Rupees(), "secureTransactionFee": p.SecureFee.Rupees(),
				"discount": p.Discount.Rupees(), "preOrderFee": p.PreOrderFee.Rupees(), "totalPrice": p.Total.Rupees()}
		}
		list := func() map[string]bool {
			var orders []map[string]any
			maker.do(t, "GET", "/api/orders/preorder", nil, 200, &orders)
			ids := map[string]bool{}
			for _, o := range orders {
				ids[o["_id"].(string)] = true
			}
			return ids
		}

		var cod placed
		c.do(t, "POST", "/api/orders", pre(shop.COD), 201, &cod)
		var unpaid, paid onlinePlaced
		c.do(t, "POST", "/api/orders", pre(shop.Razorpay), 201, &unpaid)
		c.do(t, "POST", "/api/orders", pre(shop.Razorpay), 201, &paid)
		if got := list(); !got[cod.Data.ID] || got[unpaid.Data.ID] || got[paid.Data.ID] || len(got) != 1 {
			t.Errorf("list before payment: %v; want only the COD pre-order %s", got, cod.Data.ID)
		}

		var m message
		maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": unpaid.Data.ID}, 409, &m)
		if m.Message != "This pre-order is waiting for its payment: make it once it is paid." {
			t.Errorf("marking an unpaid pre-order: %q", m.Message)
		}
		c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(paid, "pay_PAIDPREORDER01", sign(paid.RazorpayOrderID, "pay_PAIDPREORDER01")), 200, nil)
		if got := list(); !got[cod.Data.ID] || !got[paid.Data.ID] || got[unpaid.Data.ID] || len(got) != 2 {
			t.Errorf("list after one payment: %v; want the COD and the paid pre-order", got)
		}

		h.clock.advance(30*time.Minute + time.Second)
		if _, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil {
			t.Fatal(err)
		}
		if got := list(); got[unpaid.Data.ID] || len(got) != 2 {
			t.Errorf("list after expiry: %v; the expired pre-order must stay out", got)
		}
		maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": unpaid.Data.ID}, 409, &m)
		if m.Message != "This order was cancelled: there is nothing to make." {
			t.Errorf("marking a cancelled pre-order: %q", m.Message)
		}
		var ord map[string]any
		c.do(t, "GET", "/api/orders/"+unpaid.Data.ID, nil, 200, &ord)
		if ord["mfgDate"] != nil || ord["status"] != shop.StatusCancelled {
			t.Errorf("the cancelled order changed: %v", ord)
		}
		maker.do(t, "PUT", "/api/orders/preorder", map[string]any{"orderId": paid.Data.ID}, 200, nil)
	})
}

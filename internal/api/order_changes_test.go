package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/payment/razorpaytest"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// orderView is what these tests read of an order.
type orderView struct {
	ID       string `json:"_id"`
	Status   string `json:"status"`
	IsPaid   bool   `json:"isPaid"`
	History  []shop.HistoryEntry
	Shipment *shop.Shipment `json:"shipment"`
	Refunds  []struct {
		ID        string  `json:"id"`
		Amount    float64 `json:"amount"`
		Status    string  `json:"status"`
		Reference string  `json:"reference"`
		Method    string  `json:"method"`
		Retried   bool    `json:"retried"`
	} `json:"refunds"`
	Returns []shop.Return `json:"returns"`
}

func (h *harness) order(t *testing.T, c *client, id string) orderView {
	t.Helper()
	var o orderView
	c.do(t, "GET", "/api/orders/"+id, nil, 200, &o)
	return o
}

var confirmLink = regexp.MustCompile(`/confirm-order/([A-Za-z0-9_-]+)`)

var ship = map[string]any{"courier": "Delhivery", "trackingNumber": "DL1234567", "trackingUrl": "https://www.delhivery.com/track/package/DL1234567"}

// A first-time COD customer confirms from the mailed link; the admin ships
// with tracking, and the customer sees it.
func TestCODConfirmationAndShipping(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) {
			o.CODConfirmation = &shop.CODConfirmation{Above: shop.DefaultCODConfirmation().Above, Within: 36 * time.Hour}
		})
		tee := stockedProduct(t, db, "Confirm Tee", 49900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &res)
		id := res.Data.ID
		var token string
		s := newStory(t)

		s.step("a first COD order waits for its confirmation, mailed with a link", func(t *testing.T) {
			if o := h.order(t, c, id); o.Status != shop.StatusAwaitingConfirmation || len(o.History) != 1 || o.History[0].By != "Customer" {
				t.Errorf("new COD order: %+v", o)
			}
			sent := h.sent(t)
			m := confirmLink.FindStringSubmatch(sent[len(sent)-1].Text)
			if m == nil || !strings.Contains(sent[len(sent)-1].Subject, "please confirm") {
				t.Fatalf("no confirmation link in %+v", sent[len(sent)-1])
			}
			token = m[1]
			// HAAT_COD_CONFIRM_WITHIN is 36 hours here.
			due := h.clock.now().Add(36 * time.Hour).In(shop.IST).Format("02/01/2006 at 3:04 pm")
			if !strings.Contains(sent[len(sent)-1].Text, "An order not confirmed by "+due+" is cancelled.") {
				t.Errorf("the mail does not say the confirmation is due %s:\n%s", due, sent[len(sent)-1].Text)
			}
		})
		s.step("it cannot ship before it is confirmed", func(t *testing.T) {
			var m message
			admin.do(t, "PUT", "/api/orders/"+id+"/ship", ship, 409, &m)
			if m.Message != shop.ErrNotConfirmed.Message {
				t.Errorf("ship unconfirmed: %q", m.Message)
			}
		})
		s.step("nobody else confirms it", func(t *testing.T) {
			other.do(t, "PUT", "/api/orders/"+id+"/confirm", nil, 404, nil)
			h.client(t).do(t, "PUT", "/api/orders/"+id+"/confirm", nil, 401, nil)
			resp := noRedirects(t, h.URL+"/confirm-order/not-a-token")
			if resp.StatusCode != 404 {
				t.Errorf("a made-up link: %d", resp.StatusCode)
			}
		})
		s.step("the link confirms it once and opens the order", func(t *testing.T) {
			resp := noRedirects(t, h.URL+"/confirm-order/"+token)
			if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/order/"+id+"?confirmed=1" {
				t.Errorf("link: %d %s", resp.StatusCode, resp.Header.Get("Location"))
			}
			if o := h.order(t, c, id); o.Status != shop.StatusPlaced || len(o.History) != 2 {
				t.Errorf("confirmed: %+v", o)
			}
			if resp := noRedirects(t, h.URL+"/confirm-order/"+token); resp.StatusCode != 404 {
				t.Errorf("the link used again: %d", resp.StatusCode)
			}
			c.do(t, "PUT", "/api/orders/"+id+"/confirm", nil, 409, nil)
			if mailsTo(h.sent(t), "customer@example.com", "confirmed") != 1 {
				t.Error("no confirmed mail")
			}
		})
		s.step("only an admin ships, with a courier and a tracking number", func(t *testing.T) {
			c.do(t, "PUT", "/api/orders/"+id+"/ship", ship, 403, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/ship", withField(ship, "courier", " "), 400, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/ship", withField(ship, "trackingUrl", "javascript:alert(1)"), 400, nil)
			var o orderView
			admin.do(t, "PUT", "/api/orders/"+id+"/ship", ship, 200, &o)
			if o.Status != shop.StatusShipped || o.Shipment == nil || o.Shipment.TrackingNumber != "DL1234567" || o.Shipment.ShippedAt == nil {
				t.Errorf("shipped: %+v", o)
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/ship", ship, 409, nil)
		})
		s.step("the customer sees the courier and is mailed the tracking link", func(t *testing.T) {
			o := h.order(t, c, id)
			if o.Shipment == nil || o.Shipment.Courier != "Delhivery" || o.History[len(o.History)-1].By != "Admin (admin)" {
				t.Errorf("customer sees %+v", o)
			}
			found := false
			for _, m := range h.sent(t) {
				found = found || (strings.Contains(m.Subject, "shipped") && strings.Contains(m.Text, ship["trackingUrl"].(string)))
			}
			if !found {
				t.Error("no shipped mail with the tracking link")
			}
		})
		s.step("a shipped order is the customer's no more to cancel; COD is paid, then delivered", func(t *testing.T) {
			c.do(t, "PUT", "/api/orders/"+id+"/cancel", map[string]any{"reason": "too late"}, 409, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 200, nil)
			var o orderView
			admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, &o)
			if o.Status != shop.StatusDelivered {
				t.Errorf("delivered: %+v", o)
			}
			if mailsTo(h.sent(t), "customer@example.com", "delivered") != 1 {
				t.Error("no delivered mail")
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/cancel", map[string]any{"reason": "x"}, 409, nil)
		})
		s.step("the next small COD order of a customer with a delivered order is placed at once", func(t *testing.T) {
			var next placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &next)
			if o := h.order(t, c, next.Data.ID); o.Status != shop.StatusPlaced {
				t.Errorf("second COD order: %s", o.Status)
			}
		})
	})
}

func noRedirects(t *testing.T, url string) *http.Response {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// An unconfirmed COD order is cancelled when its day ends, and its stock
// comes back once.
func TestUnconfirmedCODOrderExpires(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Expiring Tee", 49900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 2*49900, tee.line("M", 2)), 201, &res)
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 3 {
			t.Fatalf("stock held: %d", n)
		}
		h.clock.advance(24*time.Hour - time.Second)
		if n, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil || n != 0 {
			t.Fatalf("expired within the day: %d, %v", n, err)
		}
		h.clock.advance(2 * time.Second)
		for range 2 {
			if _, err := db.ExpireDueOrders(t.Context(), h.clock.now()); err != nil {
				t.Fatal(err)
			}
		}
		o := h.order(t, c, res.Data.ID)
		if o.Status != shop.StatusCancelled || o.History[len(o.History)-1].By != shop.BySystem {
			t.Errorf("after the day: %+v", o)
		}
		if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 5 {
			t.Errorf("stock after expiry: %d, want 5", n)
		}
		c.do(t, "PUT", "/api/orders/"+res.Data.ID+"/confirm", nil, 409, nil)
		if mailsTo(h.sent(t), "customer@example.com", "cancelled") != 1 {
			t.Error("no cancellation mail")
		}
	})
}

// A customer cancels a paid online order: the stock comes back once and
// the payment is refunded through the gateway, whose webhook completes it.
func TestCancelPaidOnlineOrderRefunds(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Refund Tee", 79900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		o := h.placeOnline(t, c, tee, "M", 2)
		c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": o.RazorpayOrderID, "method": "upi"}, 200, nil)
		s := newStory(t)

		s.step("a reason is needed, and only its customer or an admin cancels", func(t *testing.T) {
			c.do(t, "PUT", "/api/orders/"+o.Data.ID+"/cancel", map[string]any{"reason": "  "}, 400, nil)
			other.do(t, "PUT", "/api/orders/"+o.Data.ID+"/cancel", map[string]any{"reason": "mine now"}, 404, nil)
		})
		s.step("the customer cancels and sees the refund completed", func(t *testing.T) {
			var got orderView
			c.do(t, "PUT", "/api/orders/"+o.Data.ID+"/cancel", map[string]any{"reason": "Ordered the wrong size"}, 200, &got)
			if got.Status != shop.StatusCancelled || len(got.Refunds) != 1 {
				t.Fatalf("cancelled: %+v", got)
			}
			f := got.Refunds[0]
			if f.Status != shop.RefundProcessed || !strings.HasPrefix(f.Reference, "rfnd_") || f.Method != shop.RefundGateway ||
				f.Amount != float64(onlineTotal(tee, 2))/100 {
				t.Errorf("refund: %+v", f)
			}
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 5 {
				t.Errorf("stock after cancelling: %d", n)
			}
		})
		s.step("cancelling again changes nothing", func(t *testing.T) {
			c.do(t, "PUT", "/api/orders/"+o.Data.ID+"/cancel", map[string]any{"reason": "again"}, 409, nil)
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 5 {
				t.Errorf("stock after a second cancel: %d", n)
			}
			if got := h.order(t, c, o.Data.ID); len(got.Refunds) != 1 {
				t.Errorf("refunds: %+v", got.Refunds)
			}
		})
		s.step("the customer is told who cancelled, why, and of the refund", func(t *testing.T) {
			sent := h.sent(t)
			if mailsTo(sent, "customer@example.com", "cancelled") != 1 || mailsTo(sent, "customer@example.com", "refund started") != 1 ||
				mailsTo(sent, "customer@example.com", "refunded") != 1 {
				t.Errorf("mails: %+v", sent)
			}
		})
	})
}

// The gateway's word on a refund is taken once, and a failure is shown.
func TestRefundFailedWebhook(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Failing Tee", 79900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		o := h.placeOnline(t, c, tee, "M", 1)
		c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_FAILREFUND0001", sign(o.RazorpayOrderID, "pay_FAILREFUND0001")), 200, nil)
		// The simulator processes the refund at once; a refund.failed
		// arriving after that must not undo it.
		var got orderView
		admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/cancel", map[string]any{"reason": "Out of stock at the warehouse"}, 200, &got)
		if len(got.Refunds) != 1 || got.Refunds[0].Status != shop.RefundProcessed {
			t.Fatalf("refund: %+v", got.Refunds)
		}
		h.settleRefund(t, "refund.failed", got.Refunds[0].Reference, got.Refunds[0].ID)
		if after := h.order(t, c, o.Data.ID); after.Refunds[0].Status != shop.RefundProcessed {
			t.Errorf("a failure after the refund was processed changed it: %+v", after.Refunds)
		}
	})
}

// settleRefund posts Razorpay's signed webhook event ("refund.processed"
// or "refund.failed") for the gateway's refund reference, made for our
// refund receipt.
func (h *harness) settleRefund(t *testing.T, event, reference, receipt string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"entity": "event", "event": event, "payload": map[string]any{"refund": map[string]any{
		"entity": map[string]any{"id": reference, "receipt": receipt, "amount": 100, "status": strings.TrimPrefix(event, "refund.")}}}})
	if err != nil {
		t.Fatal(err)
	}
	if status := h.postWebhook(t, body, payment.Sign(simSecret, body)); status != 200 {
		t.Fatalf("%s webhook: %d", event, status)
	}
}

// An admin shipping and a customer cancelling at once: one wins, and the
// stock comes back only if the cancellation did, once.
func TestCancelRacingShip(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.CODConfirmation = &shop.CODConfirmation{} })
		tee := stockedProduct(t, db, "Race Tee", 49900, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		for round := range 3 {
			var res placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &res)
			before := stockOf(t, db, tee.productID, tee.sizes["M"])
			var wg sync.WaitGroup
			var shipped, cancelled int
			wg.Add(2)
			go func() {
				defer wg.Done()
				shipped = admin.send(t, admin.request(t, "PUT", "/api/orders/"+res.Data.ID+"/ship", ship), nil)
			}()
			go func() {
				defer wg.Done()
				cancelled = c.send(t, c.request(t, "PUT", "/api/orders/"+res.Data.ID+"/cancel", map[string]any{"reason": "changed my mind"}), nil)
			}()
			wg.Wait()
			o := h.order(t, c, res.Data.ID)
			after := stockOf(t, db, tee.productID, tee.sizes["M"])
			switch {
			case shipped == 200 && cancelled == 409 && o.Status == shop.StatusShipped && after == before:
			case cancelled == 200 && shipped == 409 && o.Status == shop.StatusCancelled && after == before+1:
			default:
				t.Errorf("round %d: ship %d, cancel %d, status %s, stock %d → %d", round, shipped, cancelled, o.Status, before, after)
			}
		}
	})
}

// A delivered order is returned within the window and refunded by hand
// (cash on delivery); a return is approved before its parcel is received.
func TestReturnAndManualRefund(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.CODConfirmation = &shop.CODConfirmation{} })
		tee := stockedProduct(t, db, "Return Tee", 50000, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var res placed
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, 2*50000, tee.line("M", 2)), 201, &res)
		id := res.Data.ID
		one := map[string]any{"items": []map[string]any{{"product": tee.productID, "size": "M", "qty": 1}}, "reason": "size"}
		s := newStory(t)

		s.step("an undelivered order cannot be returned", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/"+id+"/return", one, 409, nil)
		})
		admin.do(t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, nil)
		s.step("what was not bought, or too many, cannot be returned", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/"+id+"/return", withField(one, "items", []map[string]any{{"product": tee.productID, "size": "L", "qty": 1}}), 400, nil)
			c.do(t, "POST", "/api/orders/"+id+"/return", withField(one, "items", []map[string]any{{"product": tee.productID, "size": "M", "qty": 3}}), 400, nil)
			c.do(t, "POST", "/api/orders/"+id+"/return", withField(one, "reason", "bored"), 400, nil)
		})
		s.step("the customer asks to return one unit; the admin cannot receive it unapproved", func(t *testing.T) {
			var o orderView
			c.do(t, "POST", "/api/orders/"+id+"/return", one, 200, &o)
			if o.Status != shop.StatusReturnRequested || len(o.Returns) != 1 || o.Returns[0].Items[0].Qty != 1 {
				t.Errorf("return asked: %+v", o)
			}
			c.do(t, "POST", "/api/orders/"+id+"/return", one, 409, nil)
			c.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "approve"}, 403, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "received"}, 409, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "maybe"}, 400, nil)
		})
		s.step("approved and received, its unit is back on sale once and its refund waits for the admin", func(t *testing.T) {
			admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "approve", "note": "Pickup on Monday"}, 200, nil)
			var o orderView
			admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "received"}, 200, &o)
			admin.do(t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "received"}, 409, nil)
			if n := stockOf(t, db, tee.productID, tee.sizes["M"]); n != 4 {
				t.Errorf("stock after the return: %d, want 4", n)
			}
			if o.Status != shop.StatusReturned || len(o.Refunds) != 1 || o.Refunds[0].Method != shop.RefundManual ||
				o.Refunds[0].Status != shop.RefundPending || o.Refunds[0].Amount != 500 {
				t.Fatalf("returned: %+v", o)
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/refunds/"+o.Refunds[0].ID, map[string]any{"reference": ""}, 400, nil)
			admin.do(t, "PUT", "/api/orders/"+id+"/refunds/"+o.Refunds[0].ID, map[string]any{"reference": "UPI 412345678901"}, 200, &o)
			if o.Refunds[0].Status != shop.RefundProcessed || o.Refunds[0].Reference != "UPI 412345678901" {
				t.Errorf("refund entered: %+v", o.Refunds)
			}
			admin.do(t, "PUT", "/api/orders/"+id+"/refunds/"+o.Refunds[0].ID, map[string]any{"reference": "again"}, 404, nil)
			sent := h.sent(t)
			if mailsTo(sent, "customer@example.com", "return approved") != 1 || mailsTo(sent, "customer@example.com", "refunded") != 1 {
				t.Errorf("mails: %+v", sent)
			}
		})
	})
}

// A return is asked for within the window, and the admin may reject it
// with a note.
func TestReturnWindowAndRejection(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.CODConfirmation = &shop.CODConfirmation{}; o.ReturnWindow = 48 * time.Hour })
		tee := stockedProduct(t, db, "Window Tee", 50000, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		one := map[string]any{"items": []map[string]any{{"product": tee.productID, "size": "M", "qty": 1}}, "reason": "quality"}
		deliveredOrder := func() string {
			var res placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 50000, tee.line("M", 1)), 201, &res)
			admin.do(t, "PUT", "/api/orders/"+res.Data.ID+"/pay", map[string]any{}, 200, nil)
			admin.do(t, "PUT", "/api/orders/"+res.Data.ID+"/deliver", map[string]any{}, 200, nil)
			return res.Data.ID
		}
		late, onTime := deliveredOrder(), deliveredOrder()
		h.clock.advance(48*time.Hour + time.Second)
		var m message
		c.do(t, "POST", "/api/orders/"+late+"/return", one, 409, &m)
		if m.Message != shop.ErrReturnClosed.Message {
			t.Errorf("late return: %q", m.Message)
		}
		h.clock.advance(-time.Hour)
		c.do(t, "POST", "/api/orders/"+onTime+"/return", one, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+onTime+"/return", map[string]any{"decision": "reject"}, 400, nil)
		var o orderView
		admin.do(t, "PUT", "/api/orders/"+onTime+"/return", map[string]any{"decision": "reject", "note": "The tag was removed"}, 200, &o)
		if o.Status != shop.StatusDelivered || o.Returns[0].Status != shop.ReturnRejected || o.Returns[0].Note != "The tag was removed" {
			t.Errorf("rejected: %+v", o)
		}
		if mailsTo(h.sent(t), "customer@example.com", "return not accepted") != 1 {
			t.Error("no rejection mail")
		}
	})
}

// An online order is announced once it is paid, not when it is placed.
func TestOnlineOrderMailedOncePaid(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Mail Tee", 79900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		o := h.placeOnline(t, c, tee, "M", 1)
		if n := mailsTo(h.sent(t), "customer@example.com", o.Data.OrderID+" placed"); n != 0 {
			t.Fatalf("%d placed mails before the payment", n)
		}
		c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": o.RazorpayOrderID, "method": "upi"}, 200, nil)
		c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, "pay_MAILONCE00001", sign(o.RazorpayOrderID, "pay_MAILONCE00001")), 200, nil)
		if n := mailsTo(h.sent(t), "customer@example.com", o.Data.OrderID+" placed"); n != 1 {
			t.Errorf("%d placed mails after the payment, want 1", n)
		}
	})
}

// withRazorpay serves the shop with a stand-in of Razorpay's API as its
// gateway, whose answers it waits for 100 ms, and hands over its refund job.
func withRazorpay(rp *razorpaytest.Server, jobs *api.Jobs) func(*api.Options) {
	return func(o *api.Options) {
		o.Gateway = payment.NewRazorpay(payment.RazorpayConfig{KeyID: "rzp_test_standin", KeySecret: simSecret, WebhookSecret: simSecret,
			APIBase: rp.URL, HTTP: &http.Client{Timeout: 100 * time.Millisecond}})
		o.Jobs = jobs
	}
}

// paidThroughRazorpay places an online order of one unit of f through the
// stand-in and pays it with paymentID.
func paidThroughRazorpay(t *testing.T, c *client, f shopFixture, paymentID string) string {
	t.Helper()
	var o onlinePlaced
	c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, f.price, f.line("M", 1)), 201, &o)
	c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(o, paymentID, sign(o.RazorpayOrderID, paymentID)), 200, nil)
	return o.Data.ID
}

// A refund whose first sending may have reached Razorpay unseen (every
// answer lost, or the sender's process ended after asking) is looked up
// before it is asked for again, by the next run of the refund job: the
// payment is refunded once, even where Razorpay does not honour the
// idempotency key. Until its lease ends no other run takes it.
func TestRefundRetriedAfterATimeout(t *testing.T) {
	cases := []struct {
		name string
		// firstSend sends the refund of order id the first time, leaving it
		// pending, and says how long until the job may try again.
		firstSend func(t *testing.T, h *harness, rp *razorpaytest.Server, c *client, id string) time.Duration
	}{
		{"every answer of the first sending lost", func(t *testing.T, h *harness, rp *razorpaytest.Server, c *client, id string) time.Duration {
			rp.LoseAnswers(-1)
			defer rp.LoseAnswers(0)
			var o orderView
			c.do(t, "PUT", "/api/orders/"+id+"/cancel", map[string]any{"reason": "Ordered the wrong size"}, 200, &o)
			if o.Status != shop.StatusCancelled || len(o.Refunds) != 1 || o.Refunds[0].Status != shop.RefundPending {
				t.Fatalf("cancelled with the gateway silent: %+v", o)
			}
			return time.Minute
		}},
		{"the sender's process ended after Razorpay made the refund", func(t *testing.T, h *harness, rp *razorpaytest.Server, _ *client, id string) time.Duration {
			o, err := h.db.CancelOrder(t.Context(), id, shop.Act{At: h.clock.now(), By: "Customer", Note: "Ordered the wrong size"})
			if err != nil {
				t.Fatal(err)
			}
			f, ok, err := h.db.ClaimRefund(t.Context(), id, h.clock.now(), 2*time.Minute)
			if err != nil || !ok {
				t.Fatalf("claim: %v, %v", ok, err)
			}
			g := payment.NewRazorpay(payment.RazorpayConfig{KeyID: "k", KeySecret: "s", APIBase: rp.URL})
			if _, err := g.Refund(t.Context(), payment.RefundRequest{PaymentID: f.PaymentID, Amount: o.Refunds[0].Amount, Receipt: f.ID}); err != nil {
				t.Fatal(err)
			}
			return 2 * time.Minute // its claim's lease
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, db *store.DB) {
				rp := razorpaytest.New(t, false)
				jobs := &api.Jobs{}
				h := newHarness(t, db, withRazorpay(rp, jobs))
				tee := stockedProduct(t, db, "Timeout Tee", 79900, map[string]int{"M": 5})
				c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
				id := paidThroughRazorpay(t, c, tee, "pay_TIMEOUT000001")
				wait := tc.firstSend(t, h, rp, c, id)
				if made := rp.Refunds(); len(made) != 1 {
					t.Fatalf("%d refunds made by the first sending", len(made))
				}
				posts, _ := rp.Calls()
				h.clock.advance(wait - time.Second)
				if err := jobs.RetryRefunds(t.Context()); err != nil {
					t.Fatal(err)
				}
				if again, _ := rp.Calls(); again != posts || h.order(t, c, id).Refunds[0].Status != shop.RefundPending {
					t.Fatalf("the job took the refund before it was due: %d posts", again-posts)
				}
				h.clock.advance(time.Second)
				for range 2 {
					if err := jobs.RetryRefunds(t.Context()); err != nil {
						t.Fatal(err)
					}
				}
				made := rp.Refunds()
				o := h.order(t, c, id)
				if len(made) != 1 || len(o.Refunds) != 1 || o.Refunds[0].Status != shop.RefundProcessing || o.Refunds[0].Reference != made[0].ID {
					t.Fatalf("refunds made %+v; the order's %+v", made, o.Refunds)
				}
				if made[0].Amount != int64(onlineTotal(tee, 1)) || made[0].Receipt != o.Refunds[0].ID {
					t.Errorf("refund made: %+v", made[0])
				}
				h.settleRefund(t, "refund.processed", made[0].ID, o.Refunds[0].ID)
				if o := h.order(t, c, id); o.Refunds[0].Status != shop.RefundProcessed {
					t.Errorf("after the webhook: %+v", o.Refunds)
				}
			})
		})
	}
}

// A refund that fails at Razorpay shows on the order and counts as needing
// action until an admin tries it again: a new refund, which the webhook
// completes.
func TestFailedRefundTriedAgain(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		rp := razorpaytest.New(t, true)
		h := newHarness(t, db, withRazorpay(rp, &api.Jobs{}))
		tee := stockedProduct(t, db, "Retry Tee", 79900, map[string]int{"M": 5})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		id := paidThroughRazorpay(t, c, tee, "pay_RETRYREFUND01")
		needs := func(t *testing.T) int {
			var list struct {
				NeedsAction shop.OrdersToAct `json:"needsAction"`
				Orders      []orderView      `json:"orders"`
			}
			admin.do(t, "GET", "/api/orders?status="+shop.StatusRefundFailed, nil, 200, &list)
			var dashboard summaryJSON
			admin.do(t, "GET", "/api/reports/summary", nil, 200, &dashboard)
			onDashboard := -1
			for _, a := range dashboard.NeedsAction {
				if a.Key == shop.ActionRefundsFailed {
					onDashboard = a.Count
				}
			}
			if len(list.Orders) != list.NeedsAction.RefundFailed || onDashboard != list.NeedsAction.RefundFailed {
				t.Errorf("%d orders listed, %d counted, %d on the dashboard", len(list.Orders), list.NeedsAction.RefundFailed, onDashboard)
			}
			return list.NeedsAction.RefundFailed
		}
		var failed orderView
		s := newStory(t)

		s.step("the refund is taken by the gateway, then fails: the order shows it", func(t *testing.T) {
			var o orderView
			c.do(t, "PUT", "/api/orders/"+id+"/cancel", map[string]any{"reason": "No longer needed"}, 200, &o)
			if len(o.Refunds) != 1 || o.Refunds[0].Status != shop.RefundProcessing {
				t.Fatalf("sent: %+v", o.Refunds)
			}
			h.settleRefund(t, "refund.failed", o.Refunds[0].Reference, o.Refunds[0].ID)
			failed = h.order(t, c, id)
			if failed.Refunds[0].Status != shop.RefundFailed || failed.Refunds[0].Retried ||
				!strings.Contains(failed.History[len(failed.History)-1].Note, "failed") {
				t.Errorf("after refund.failed: %+v", failed)
			}
			if n := needs(t); n != 1 {
				t.Errorf("%d failed refunds need action, want 1", n)
			}
		})
		s.step("only an admin tries it again, and only a failed refund", func(t *testing.T) {
			c.do(t, "POST", "/api/orders/"+id+"/refunds/"+failed.Refunds[0].ID+"/retry", nil, 403, nil)
			admin.do(t, "POST", "/api/orders/"+id+"/refunds/nope/retry", nil, 404, nil)
		})
		s.step("tried again, it is a new refund sent at once; the failed one stays", func(t *testing.T) {
			h.clock.advance(time.Hour)
			var o orderView
			admin.do(t, "POST", "/api/orders/"+id+"/refunds/"+failed.Refunds[0].ID+"/retry", nil, 200, &o)
			if len(o.Refunds) != 2 || !o.Refunds[0].Retried || o.Refunds[0].Status != shop.RefundFailed ||
				o.Refunds[1].Status != shop.RefundProcessing || o.Refunds[1].Amount != o.Refunds[0].Amount {
				t.Fatalf("tried again: %+v", o.Refunds)
			}
			made := rp.Refunds()
			if len(made) != 2 || made[1].Receipt != o.Refunds[1].ID || made[1].Key == made[0].Key {
				t.Errorf("refunds made: %+v", made)
			}
			if o.History[len(o.History)-1].By != "Admin (admin)" {
				t.Errorf("history: %+v", o.History)
			}
			var m message
			admin.do(t, "POST", "/api/orders/"+id+"/refunds/"+failed.Refunds[0].ID+"/retry", nil, 409, &m)
			if m.Message != shop.ErrRefundNotRetryable.Message {
				t.Errorf("tried again twice: %q", m.Message)
			}
			if n := needs(t); n != 0 {
				t.Errorf("%d failed refunds need action after the retry", n)
			}
			h.settleRefund(t, "refund.processed", o.Refunds[1].Reference, o.Refunds[1].ID)
			if o := h.order(t, c, id); o.Refunds[1].Status != shop.RefundProcessed {
				t.Errorf("after the webhook: %+v", o.Refunds)
			}
			if mailsTo(h.sent(t), "customer@example.com", "refunded") != 1 {
				t.Error("no refunded mail")
			}
		})
	})
}

// Every allowed and refused change of an order through the API, on both
// databases: who asks, the answer (status and message), the order's
// status after it, and the stock it moves. A change that returns stock is
// asked twice: the second is refused and moves none.
func TestOrderTransitions(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Transition Tee", 49900, map[string]int{"M": 1000})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		customers := 0
		// st builds orders in each state, each of a new customer (whose
		// first COD order waits for its confirmation).
		type st struct {
			t     *testing.T
			c     *client
			email string
		}
		var (
			awaitingConfirmation = func(s st) string {
				var res placed
				s.c.do(s.t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), 201, &res)
				return res.Data.ID
			}
			confirmed = func(s st) string {
				id := awaitingConfirmation(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/confirm", nil, 200, nil)
				return id
			}
			awaitingPayment = func(s st) string { return h.placeOnline(s.t, s.c, tee, "M", 1).Data.ID }
			paidOnline      = func(s st) string {
				o := h.placeOnline(s.t, s.c, tee, "M", 1)
				s.c.do(s.t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": o.RazorpayOrderID, "method": "upi"}, 200, nil)
				return o.Data.ID
			}
			shipped = func(s st) string {
				id := confirmed(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/ship", ship, 200, nil)
				return id
			}
			delivered = func(s st) string {
				id := shipped(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/pay", map[string]any{}, 200, nil)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, nil)
				return id
			}
			cancelled = func(s st) string {
				id := confirmed(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/cancel", map[string]any{"reason": "Out of area"}, 200, nil)
				return id
			}
			expired = func(s st) string {
				id := awaitingPayment(s)
				h.clock.advance(30*time.Minute + time.Second)
				if _, err := db.ExpireDueOrders(s.t.Context(), h.clock.now()); err != nil {
					s.t.Fatal(err)
				}
				return id
			}
			one           = map[string]any{"items": []map[string]any{{"product": tee.productID, "size": "M", "qty": 1}}, "reason": "size"}
			askedToReturn = func(s st) string {
				id := delivered(s)
				s.c.do(s.t, "POST", "/api/orders/"+id+"/return", one, 200, nil)
				return id
			}
			returnApproved = func(s st) string {
				id := askedToReturn(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "approve"}, 200, nil)
				return id
			}
			// deliveredAgo is an order delivered d ago; sessions of 5 days
			// having ended since, everyone signs in again.
			deliveredAgo = func(d time.Duration) func(s st) string {
				return func(s st) string {
					id := delivered(s)
					h.clock.advance(d)
					admin.do(s.t, "POST", "/api/users/auth", map[string]any{"loginId": "admin@example.com", "password": "haat-demo"}, 200, nil)
					s.c.do(s.t, "POST", "/api/users/auth", map[string]any{"loginId": s.email, "password": "haat-demo"}, 200, nil)
					return id
				}
			}
			paidOnlineReturnApproved = func(s st) string {
				id := paidOnline(s)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/ship", ship, 200, nil)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/deliver", map[string]any{}, 200, nil)
				s.c.do(s.t, "POST", "/api/orders/"+id+"/return", one, 200, nil)
				admin.do(s.t, "PUT", "/api/orders/"+id+"/return", map[string]any{"decision": "approve", "note": "Pickup tomorrow"}, 200, nil)
				return id
			}
		)
		cancel := map[string]any{"reason": "Changed my mind"}
		for _, tc := range []struct {
			name   string
			setup  func(st) string
			admin  bool
			method string
			// path follows /api/orders/{id}.
			path        string
			body        any
			wantCode    int
			wantMessage string
			wantStatus  string
			// wantStock is how the stock of the ordered size moves.
			wantStock int
			// wantRefund is the status of the order's last refund, "" for none.
			wantRefund string
		}{
			{name: "an admin confirms a COD order after a phone call", setup: awaitingConfirmation, admin: true, method: "PUT", path: "/confirm",
				wantCode: 200, wantStatus: shop.StatusPlaced},
			{name: "the customer confirms their COD order", setup: awaitingConfirmation, method: "PUT", path: "/confirm",
				wantCode: 200, wantStatus: shop.StatusPlaced},
			{name: "a confirmed order is not confirmed again", setup: confirmed, method: "PUT", path: "/confirm",
				wantCode: 409, wantMessage: shop.ErrNoConfirmation.Message, wantStatus: shop.StatusPlaced},
			{name: "an unconfirmed COD order does not ship", setup: awaitingConfirmation, admin: true, method: "PUT", path: "/ship", body: ship,
				wantCode: 409, wantMessage: shop.ErrNotConfirmed.Message, wantStatus: shop.StatusAwaitingConfirmation},
			{name: "an unpaid online order does not ship", setup: awaitingPayment, admin: true, method: "PUT", path: "/ship", body: ship,
				wantCode: 409, wantMessage: shop.ErrUnpaidShipment.Message, wantStatus: shop.StatusAwaitingPayment},
			{name: "a cancelled order does not ship", setup: cancelled, admin: true, method: "PUT", path: "/ship", body: ship,
				wantCode: 409, wantMessage: shop.ErrCancelled.Message, wantStatus: shop.StatusCancelled},
			{name: "a paid online order ships", setup: paidOnline, admin: true, method: "PUT", path: "/ship", body: ship,
				wantCode: 200, wantStatus: shop.StatusShipped},
			{name: "a shipped order does not ship again", setup: shipped, admin: true, method: "PUT", path: "/ship", body: ship,
				wantCode: 409, wantMessage: shop.ErrAlreadyShipped.Message, wantStatus: shop.StatusShipped},
			{name: "an admin cancels a shipped order: its stock comes back once", setup: shipped, admin: true, method: "PUT", path: "/cancel",
				body: cancel, wantCode: 200, wantStatus: shop.StatusCancelled, wantStock: 1},
			{name: "an admin does not cancel a delivered order", setup: delivered, admin: true, method: "PUT", path: "/cancel", body: cancel,
				wantCode: 409, wantMessage: shop.ErrAlreadyDelivered.Message, wantStatus: shop.StatusDelivered},
			{name: "the customer cancels an order awaiting confirmation: its stock comes back once", setup: awaitingConfirmation, method: "PUT",
				path: "/cancel", body: cancel, wantCode: 200, wantStatus: shop.StatusCancelled, wantStock: 1},
			{name: "the customer cancels an order awaiting payment: its stock comes back once", setup: awaitingPayment, method: "PUT",
				path: "/cancel", body: cancel, wantCode: 200, wantStatus: shop.StatusCancelled, wantStock: 1},
			{name: "the customer cancels a paid online order: stock back once and refunded", setup: paidOnline, method: "PUT", path: "/cancel",
				body: cancel, wantCode: 200, wantStatus: shop.StatusCancelled, wantStock: 1, wantRefund: shop.RefundProcessed},
			{name: "the customer does not cancel a shipped order", setup: shipped, method: "PUT", path: "/cancel", body: cancel,
				wantCode: 409, wantMessage: shop.ErrShippedNoCancel.Message, wantStatus: shop.StatusShipped},
			{name: "an expired order is not cancelled", setup: expired, method: "PUT", path: "/cancel", body: cancel,
				wantCode: 409, wantMessage: shop.ErrCancelled.Message, wantStatus: shop.StatusExpired},
			{name: "a return is not approved twice", setup: returnApproved, admin: true, method: "PUT", path: "/return",
				body: map[string]any{"decision": "approve"}, wantCode: 409, wantMessage: shop.ErrNoReturn.Message, wantStatus: shop.StatusReturnRequested},
			{name: "an approved return is not rejected", setup: returnApproved, admin: true, method: "PUT", path: "/return",
				body: map[string]any{"decision": "reject", "note": "Too late"}, wantCode: 409, wantMessage: shop.ErrNoReturn.Message,
				wantStatus: shop.StatusReturnRequested},
			{name: "a return is asked for on the last day of HAAT_RETURN_DAYS", setup: deliveredAgo(shop.DefaultReturnWindow - time.Minute), method: "POST",
				path: "/return", body: one, wantCode: 200, wantStatus: shop.StatusReturnRequested},
			{name: "a return is not asked for after HAAT_RETURN_DAYS", setup: deliveredAgo(shop.DefaultReturnWindow + time.Second), method: "POST",
				path: "/return", body: one, wantCode: 409, wantMessage: shop.ErrReturnClosed.Message, wantStatus: shop.StatusDelivered},
			{name: "a paid online order's return received: stock back once, refunded through the simulator and its webhook",
				setup: paidOnlineReturnApproved, admin: true, method: "PUT", path: "/return", body: map[string]any{"decision": "received"},
				wantCode: 200, wantStatus: shop.StatusReturned, wantStock: 1, wantRefund: shop.RefundProcessed},
		} {
			t.Run(tc.name, func(t *testing.T) {
				customers++
				email := fmt.Sprintf("customer%d@example.com", customers)
				c := h.signIn(t, shop.RoleCustomer, email, fmt.Sprintf("91000%05d", customers))
				id := tc.setup(st{t: t, c: c, email: email})
				by := c
				if tc.admin {
					by = admin
				}
				before := stockOf(t, db, tee.productID, tee.sizes["M"])
				var m message
				by.do(t, tc.method, "/api/orders/"+id+tc.path, tc.body, tc.wantCode, &m)
				if tc.wantMessage != "" && m.Message != tc.wantMessage {
					t.Errorf("message %q, want %q", m.Message, tc.wantMessage)
				}
				if tc.wantStock != 0 {
					by.do(t, tc.method, "/api/orders/"+id+tc.path, tc.body, 409, nil)
				}
				o := h.order(t, admin, id)
				if o.Status != tc.wantStatus {
					t.Errorf("status %s, want %s", o.Status, tc.wantStatus)
				}
				if moved := stockOf(t, db, tee.productID, tee.sizes["M"]) - before; moved != tc.wantStock {
					t.Errorf("stock moved by %d, want %d", moved, tc.wantStock)
				}
				refund := ""
				if len(o.Refunds) > 0 {
					refund = o.Refunds[len(o.Refunds)-1].Status
				}
				if refund != tc.wantRefund {
					t.Errorf("refund %q, want %q (%+v)", refund, tc.wantRefund, o.Refunds)
				}
			})
		}
	})
}

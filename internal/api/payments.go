package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

const (
	paymentFailed     = "Payment verification failed."
	onlineUnavailable = "Online payment is not available in this shop right now. Please choose Cash on Delivery."
	gatewayDown       = "The payment gateway could not be reached. Please try again, or choose cash on delivery."
	razorpayProvider  = "razorpay"
	webhookSignatureH = "X-Razorpay-Signature"
)

// openPayment makes sure an online order has a gateway order and returns
// what the checkout widget is opened with.
func (s *Server) openPayment(r *http.Request, o shop.Order) (map[string]any, error) {
	id := o.RazorpayOrderID
	if id == "" {
		var err error
		id, err = s.gateway.CreateOrder(r.Context(), o.Prices.Total, orderNumber(o))
		if err != nil {
			return nil, err
		}
		if err := s.db.RecordProviderOrder(r.Context(), o.ID, razorpayProvider, id, o.Prices.Total, s.now()); err != nil {
			return nil, err
		}
	}
	return map[string]any{"key": s.gateway.KeyID(), "razorpayOrderId": id, "amount": int64(o.Prices.Total), "currency": "INR"}, nil
}

// refuseOffline answers for a shop without a gateway that an online payment
// cannot be taken, and reports whether it did.
func (s *Server) refuseOffline(w http.ResponseWriter, r *http.Request, method shop.PaymentMethod) bool {
	if method != shop.Razorpay || s.gateway != nil {
		return false
	}
	s.writeError(w, r, http.StatusBadRequest, onlineUnavailable)
	return true
}

// payAgain lets the owner retry paying an unpaid online order from its page.
func (s *Server) payAgain(w http.ResponseWriter, r *http.Request, sess *session) {
	o, ok := s.ownOrder(w, r, sess)
	if !ok {
		return
	}
	switch {
	case s.refuseOffline(w, r, o.PaymentMethod):
		return
	case o.PaymentMethod != shop.Razorpay:
		s.writeError(w, r, http.StatusBadRequest, "This order is paid on delivery")
		return
	case o.Status == shop.StatusCancelled:
		s.writeError(w, r, http.StatusConflict, "This order expired before it was paid. Please order again.")
		return
	case o.IsPaid:
		s.writeError(w, r, http.StatusConflict, shop.ErrAlreadyPaid.Error())
		return
	}
	widget, err := s.openPayment(r, o)
	if err != nil {
		s.log.Error("open payment", "order", o.ID, "err", err)
		s.writeError(w, r, http.StatusBadGateway, gatewayDown)
		return
	}
	s.writeJSON(w, r, http.StatusOK, widget)
}

// ownOrder loads the order in the path for its owner, expiring it first if
// its hold has ended; anyone else gets 404.
func (s *Server) ownOrder(w http.ResponseWriter, r *http.Request, sess *session) (shop.Order, bool) {
	o, err := s.loadOrder(r, r.PathValue("id"))
	if err == nil && o.UserID != sess.user.ID {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "Order not found")
		return o, false
	}
	if err != nil {
		s.fail(w, r, err)
		return o, false
	}
	return o, true
}

// loadOrder reads an order, first expiring it if its payment hold is over,
// so nobody sees or pays an order that should already have expired.
func (s *Server) loadOrder(r *http.Request, id string) (shop.Order, error) {
	o, err := s.db.Order(r.Context(), id)
	if err != nil || o.PaymentDueAt == nil || o.IsPaid || o.Status != shop.StatusPlaced || o.PaymentDueAt.After(s.now()) {
		return o, err
	}
	if _, err := s.db.ExpireOrder(r.Context(), id, s.now()); err != nil {
		return o, err
	}
	return s.db.Order(r.Context(), id)
}

func (s *Server) verifyPayment(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		OrderID   string `json:"razorpay_order_id"`
		PaymentID string `json:"razorpay_payment_id"`
		Signature string `json:"razorpay_signature"`
		Order     string `json:"orderId"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	o, err := s.db.Order(r.Context(), in.Order)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	owner, err := s.db.PaymentOrderOf(r.Context(), in.OrderID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	if o.ID == "" || o.UserID != sess.user.ID || owner != o.ID || s.gateway == nil ||
		!s.gateway.PaymentSignatureValid(in.OrderID, in.PaymentID, in.Signature) {
		s.writeError(w, r, http.StatusBadRequest, paymentFailed)
		return
	}
	_, err = s.db.RecordOnlinePayment(r.Context(), in.OrderID, in.PaymentID, nil, s.now())
	switch {
	case errors.Is(err, shop.ErrPaidAfterExpiry):
		s.log.Warn("payment after expiry, flagged for an admin", "order", o.ID)
		s.writeError(w, r, http.StatusConflict, err.Error())
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "Payment Successful!"})
	}
}

// webhook takes Razorpay's payment.captured and order.paid events, so an
// order is marked paid even when the customer closed the tab after paying.
func (s *Server) webhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, "unreadable body")
		return
	}
	if s.gateway == nil || !s.gateway.WebhookSignatureValid(body, r.Header.Get(webhookSignatureH)) {
		s.writeError(w, r, http.StatusBadRequest, "invalid signature")
		return
	}
	var ev payment.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		s.writeError(w, r, http.StatusBadRequest, "invalid event")
		return
	}
	orderID, paid, ok := ev.Paid()
	if !ok {
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ignored"})
		return
	}
	_, err = s.db.RecordOnlinePayment(r.Context(), orderID, paid.PaymentID, &paid, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.log.Warn("webhook for an unknown order", "event", ev.Event)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "unknown order"})
	case errors.Is(err, shop.ErrPaidAfterExpiry):
		s.log.Warn("payment after expiry, flagged for an admin", "provider_order", orderID)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "flagged"})
	case errors.Is(err, shop.ErrPaymentMismatch):
		s.log.Warn("payment not matching its order, flagged for an admin", "provider_order", orderID, "payment", paid.PaymentID,
			"amount_paise", int64(paid.Amount), "currency", paid.Currency, "status", paid.Status)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "flagged"})
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
	}
}

// simulatorPay plays the customer paying in the simulator's widget: it
// signs the payment as Razorpay would, sends the webhook Razorpay would
// send, and returns what the widget hands the shop's handler. Only the
// order's owner pays with it; for anyone else the order does not exist.
func (s *Server) simulatorPay(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		OrderID string `json:"order_id"`
		Method  string `json:"method"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	orderID, err := s.db.PaymentOrderOf(r.Context(), in.OrderID)
	var o shop.Order
	if err == nil {
		o, err = s.db.Order(r.Context(), orderID)
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && o.UserID != sess.user.ID) {
		s.writeError(w, r, http.StatusNotFound, "Order not found")
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.simulator.Pay(r.Context(), in.OrderID, in.Method)
	if errors.Is(err, payment.ErrUnknownOrder) {
		s.writeError(w, r, http.StatusNotFound, "Order not found")
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	hook := httptest.NewRequestWithContext(r.Context(), http.MethodPost, "/api/payments/razorpay/webhook", bytes.NewReader(p.Webhook))
	hook.Header.Set(webhookSignatureH, p.WebhookSignature)
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, hook)
	if rec.Code != http.StatusOK {
		s.log.Error("simulated webhook refused", "status", rec.Code, "body", rec.Body.String())
	}
	s.writeJSON(w, r, http.StatusOK, p)
}

func (s *Server) simulatorScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", cacheRevalidate)
	_, _ = w.Write(payment.SimulatorCheckoutJS)
}

package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/haat-shop/haat/internal/metrics"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
)

const (
	razorpayProvider  = "razorpay"
	webhookSignatureH = "X-Razorpay-Signature"
)

// Why a payment was refused.
var (
	errPaymentFailed     = &shop.Error{Code: shop.Invalid, Message: "Payment verification failed."}
	errOnlineUnavailable = &shop.Error{Code: shop.Invalid, Message: "Online payment is not available in this shop right now. Please choose Cash on Delivery."}
	errGatewayDown       = &shop.Error{Code: shop.Upstream, Message: "The payment gateway could not be reached. Please try again, or choose cash on delivery."}
	// The webhook's refusals are read by the provider, not by a person.
	errWebhookUnread    = &shop.Error{Code: shop.Invalid, Message: "unreadable body"}
	errWebhookSignature = &shop.Error{Code: shop.Invalid, Message: "invalid signature"}
	errWebhookEvent     = &shop.Error{Code: shop.Invalid, Message: "invalid event"}
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

// online refuses an online payment in a shop that takes none.
func (s *Server) online(method shop.PaymentMethod) error {
	if method == shop.Razorpay && s.gateway == nil {
		return errOnlineUnavailable
	}
	return nil
}

// payAgain lets the owner retry paying an unpaid online order from its
// page; for anyone else the order does not exist. An order whose payment
// is overdue expires first.
func (s *Server) payAgain(w http.ResponseWriter, r *http.Request, sess *session) {
	o, err := s.db.OrderAt(r.Context(), r.PathValue("id"), s.now())
	if err == nil && o.UserID != sess.user.ID {
		err = shop.ErrOrderNotFound
	}
	if err == nil {
		err = s.online(o.PaymentMethod)
	}
	if err == nil {
		err = o.CanStartPayment()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	widget, err := s.openPayment(r, o)
	if err != nil {
		s.log.ErrorContext(r.Context(), "open payment", "order", o.ID, "err", err)
		s.fail(w, r, errGatewayDown)
		return
	}
	s.writeJSON(w, r, http.StatusOK, widget)
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
	if err != nil && !errors.Is(err, shop.ErrOrderNotFound) {
		s.fail(w, r, err)
		return
	}
	owner, err := s.db.PaymentOrderOf(r.Context(), in.OrderID)
	if err != nil && !errors.Is(err, shop.ErrOrderNotFound) {
		s.fail(w, r, err)
		return
	}
	if o.ID == "" || o.UserID != sess.user.ID || owner != o.ID || s.gateway == nil ||
		!s.gateway.PaymentSignatureValid(in.OrderID, in.PaymentID, in.Signature) {
		s.metrics.Payment(metrics.PaymentFailed)
		s.fail(w, r, errPaymentFailed)
		return
	}
	_, err = s.db.RecordOnlinePayment(r.Context(), in.OrderID, in.PaymentID, nil, s.now())
	if errors.Is(err, shop.ErrPaidAfterExpiry) {
		s.metrics.Payment(metrics.PaymentFlagged)
		s.log.WarnContext(r.Context(), "payment after expiry, flagged for an admin", "order", o.ID)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.metrics.Payment(metrics.PaymentVerified)
	s.writeJSON(w, r, http.StatusOK, map[string]any{"success": true, "message": "Payment Successful!"})
}

// webhook takes Razorpay's payment.captured and order.paid events, so an
// order is marked paid even when the customer closed the tab after paying.
func (s *Server) webhook(w http.ResponseWriter, r *http.Request) {
	event, outcome := s.takeWebhook(w, r)
	s.metrics.Webhook(event, outcome)
}

// takeWebhook answers a webhook and says which event it was ("" when the
// body could not be trusted) and how it went, for the metrics.
func (s *Server) takeWebhook(w http.ResponseWriter, r *http.Request) (event, outcome string) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		s.fail(w, r, errWebhookUnread)
		return "", metrics.WebhookRefused
	}
	if s.gateway == nil || !s.gateway.WebhookSignatureValid(body, r.Header.Get(webhookSignatureH)) {
		s.fail(w, r, errWebhookSignature)
		return "", metrics.WebhookRefused
	}
	var ev payment.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		s.fail(w, r, errWebhookEvent)
		return "", metrics.WebhookRefused
	}
	if f, ok := ev.Refunded(); ok {
		if err := s.db.SettleRefund(r.Context(), f.Ours(), f.ID, f.Status, s.now()); err != nil {
			s.fail(w, r, err)
			return ev.Event, metrics.WebhookError
		}
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
		return ev.Event, metrics.WebhookRefund
	}
	orderID, paid, ok := ev.Paid()
	if !ok {
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ignored"})
		return ev.Event, metrics.WebhookIgnored
	}
	_, err = s.db.RecordOnlinePayment(r.Context(), orderID, paid.PaymentID, &paid, s.now())
	switch {
	case errors.Is(err, shop.ErrOrderNotFound):
		s.log.WarnContext(r.Context(), "webhook for an unknown order", "event", ev.Event)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "unknown order"})
		return ev.Event, metrics.WebhookUnknownOrder
	case errors.Is(err, shop.ErrPaidAfterExpiry):
		s.log.WarnContext(r.Context(), "payment after expiry, flagged for an admin", "provider_order", orderID)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "flagged"})
		return ev.Event, metrics.WebhookFlagged
	case errors.Is(err, shop.ErrPaymentMismatch):
		s.log.WarnContext(r.Context(), "payment not matching its order, flagged for an admin", "provider_order", orderID, "payment", paid.PaymentID,
			"amount_paise", int64(paid.Amount), "currency", paid.Currency, "status", paid.Status)
		s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "flagged"})
		return ev.Event, metrics.WebhookFlagged
	case err != nil:
		s.fail(w, r, err)
		return ev.Event, metrics.WebhookError
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
	return ev.Event, metrics.WebhookPaid
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
	if err == nil && o.UserID != sess.user.ID {
		err = shop.ErrOrderNotFound
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.simulator.Pay(r.Context(), in.OrderID, in.Method)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.deliverSimulated(r.Context(), p.Webhook, p.WebhookSignature)
	s.writeJSON(w, r, http.StatusOK, p)
}

// deliverSimulated sends the shop the webhook the simulator made, as
// Razorpay would send it.
func (s *Server) deliverSimulated(ctx context.Context, body []byte, signature string) {
	hook := httptest.NewRequestWithContext(ctx, http.MethodPost, "/api/payments/razorpay/webhook", bytes.NewReader(body))
	hook.Header.Set(webhookSignatureH, signature)
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, hook)
	if rec.Code != http.StatusOK {
		s.log.ErrorContext(ctx, "simulated webhook refused", "status", rec.Code, "body", rec.Body.String())
	}
}

func (s *Server) simulatorScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", cacheRevalidate)
	_, _ = w.Write(payment.SimulatorCheckoutJS)
}

package payment

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// SimulatorKeyID is the public key of the offline simulator.
const SimulatorKeyID = "rzp_test_haatsimulator"

// SimulatorScript is where the server serves the simulator's checkout widget.
const SimulatorScript = "/api/payments/simulator/checkout.js"

// Simulator stands in for Razorpay offline. It signs exactly as Razorpay
// does, with one secret for payments and webhooks, so a test that knows the
// secret can act as the gateway.
type Simulator struct {
	signer
	book simulatorBook
}

// simulatorBook keeps the simulator's orders (their amounts, one per
// receipt) and refunds (one per receipt, as Razorpay's idempotency key
// makes them).
type simulatorBook interface {
	// create returns the order of receipt, made with id and amount if there
	// was none.
	create(ctx context.Context, id string, amount shop.Paise, receipt string) (string, error)
	// amount returns the amount of order id, or ErrUnknownOrder.
	amount(ctx context.Context, id string) (shop.Paise, error)
	// refund returns the refund of f's receipt, keeping f if there was none.
	refund(ctx context.Context, f RefundEntity) (RefundEntity, error)
}

// ErrUnknownOrder is the answer to paying an order the simulator never made.
var ErrUnknownOrder = &shop.Error{Code: shop.NotFound, Message: "No such simulator order"}

// NewSimulator returns a simulator signing with secret that keeps its
// orders in this process.
func NewSimulator(secret string) *Simulator {
	return &Simulator{signer: signer{keySecret: secret, webhookSecret: secret},
		book: &memoryBook{orders: map[string]simOrder{}, refunds: map[string]RefundEntity{}}}
}

// KeyID implements Gateway.
func (s *Simulator) KeyID() string { return SimulatorKeyID }

// CheckoutScript implements Gateway.
func (s *Simulator) CheckoutScript() string { return SimulatorScript }

// CreateOrder implements Gateway; one receipt gets one order, as with the
// real gateway's lookup before a retry.
func (s *Simulator) CreateOrder(ctx context.Context, amount shop.Paise, receipt string) (string, error) {
	return s.book.create(ctx, NewID("order"), amount, receipt)
}

// memoryBook keeps the simulator's orders and refunds in this process.
type memoryBook struct {
	mu      sync.Mutex
	orders  map[string]simOrder
	refunds map[string]RefundEntity
}

type simOrder struct {
	amount  shop.Paise
	receipt string
}

func (m *memoryBook) create(_ context.Context, id string, amount shop.Paise, receipt string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, o := range m.orders {
		if o.receipt == receipt {
			return id, nil
		}
	}
	m.orders[id] = simOrder{amount: amount, receipt: receipt}
	return id, nil
}

func (m *memoryBook) amount(_ context.Context, id string) (shop.Paise, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	o, ok := m.orders[id]
	if !ok {
		return 0, ErrUnknownOrder
	}
	return o.amount, nil
}

func (m *memoryBook) refund(_ context.Context, f RefundEntity) (RefundEntity, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if had, ok := m.refunds[f.Receipt]; ok {
		return had, nil
	}
	m.refunds[f.Receipt] = f
	return f, nil
}

// SimulatedPayment is what the widget hands the shop's handler after a
// successful payment, and the webhook that follows it.
type SimulatedPayment struct {
	OrderID   string `json:"razorpay_order_id"`
	PaymentID string `json:"razorpay_payment_id"`
	Signature string `json:"razorpay_signature"`
	// Webhook is the payment.captured event body and its signature.
	Webhook          []byte `json:"-"`
	WebhookSignature string `json:"-"`
}

// Pay simulates the customer paying a simulator order by method.
func (s *Simulator) Pay(ctx context.Context, providerOrderID, method string) (SimulatedPayment, error) {
	amount, err := s.book.amount(ctx, providerOrderID)
	if err != nil {
		return SimulatedPayment{}, fmt.Errorf("pay simulator order %s: %w", providerOrderID, err)
	}
	p := SimulatedPayment{OrderID: providerOrderID, PaymentID: NewID("pay")}
	p.Signature = Sign(s.keySecret, PaymentMessage(p.OrderID, p.PaymentID))
	p.Webhook, _ = json.Marshal(WebhookEvent{
		Entity: "event", Event: "payment.captured", CreatedAt: time.Now().Unix(),
		Payload: WebhookPayload{Payment: &WebhookEntity{Entity: PaymentEntity{
			ID: p.PaymentID, OrderID: providerOrderID, Amount: int64(amount), Currency: shop.Currency, Status: "captured", Method: method,
		}}},
	})
	p.WebhookSignature = Sign(s.webhookSecret, p.Webhook)
	return p, nil
}

// Refund implements Gateway as Razorpay does with the idempotency key: one
// receipt is refunded once, and asked again with another amount or
// payment, refused. The refund is made at once, and settled when
// RefundSettled's webhook is delivered.
func (s *Simulator) Refund(ctx context.Context, req RefundRequest) (RefundEntity, error) {
	f := RefundEntity{ID: NewID("rfnd"), PaymentID: req.PaymentID, Amount: int64(req.Amount), Receipt: req.Receipt,
		Notes: Notes{RefundNote: req.Receipt}, Status: "pending"}
	made, err := s.book.refund(ctx, f)
	if err != nil {
		return RefundEntity{}, fmt.Errorf("simulate refund of %s: %w", req.PaymentID, err)
	}
	if made.PaymentID != f.PaymentID || made.Amount != f.Amount {
		return RefundEntity{}, fmt.Errorf("%w: a different refund was asked for with receipt %s", ErrRefused, req.Receipt)
	}
	return made, nil
}

// RefundSettled is the webhook Razorpay sends once refund f has gone
// through (status "processed") or not ("failed"), and its signature.
func (s *Simulator) RefundSettled(f RefundEntity, status string) (body []byte, signature string) {
	f.Status = status
	body, _ = json.Marshal(WebhookEvent{Entity: "event", Event: "refund." + status, CreatedAt: time.Now().Unix(),
		Payload: WebhookPayload{Refund: &RefundWrapper{Entity: f}}})
	return body, Sign(s.webhookSecret, body)
}

// RefundWrapper wraps a refund in a webhook.
type RefundWrapper struct {
	Entity RefundEntity `json:"entity"`
}

// Refunded reads a refund.processed or refund.failed event: the refund and
// its new status. ok is false for any other event.
func (e WebhookEvent) Refunded() (RefundEntity, bool) {
	if (e.Event != "refund.processed" && e.Event != "refund.failed") || e.Payload.Refund == nil {
		return RefundEntity{}, false
	}
	f := e.Payload.Refund.Entity
	f.Status = strings.TrimPrefix(e.Event, "refund.")
	return f, true
}

// WebhookEvent is the body of a Razorpay webhook.
type WebhookEvent struct {
	Entity    string         `json:"entity"`
	Event     string         `json:"event"`
	CreatedAt int64          `json:"created_at"`
	Payload   WebhookPayload `json:"payload"`
}

// WebhookPayload holds the entities an event is about.
type WebhookPayload struct {
	Payment *WebhookEntity `json:"payment,omitempty"`
	Refund  *RefundWrapper `json:"refund,omitempty"`
	Order   *struct {
		Entity OrderEntity `json:"entity"`
	} `json:"order,omitempty"`
}

// OrderEntity is a Razorpay order.
type OrderEntity struct {
	ID         string `json:"id"`
	AmountPaid int64  `json:"amount_paid"`
	Currency   string `json:"currency"`
	Status     string `json:"status"`
}

// Paid reads a payment.captured or order.paid event: the provider's order
// and what it says was paid. ok is false for any other event. The payment
// entity is preferred; order.paid without one is read from the order.
func (e WebhookEvent) Paid() (providerOrderID string, c shop.Capture, ok bool) {
	if e.Event != "payment.captured" && e.Event != "order.paid" {
		return "", c, false
	}
	if p := e.Payload.Payment; p != nil {
		id := p.Entity.OrderID
		if id == "" && e.Payload.Order != nil {
			id = e.Payload.Order.Entity.ID
		}
		return id, shop.Capture{PaymentID: p.Entity.ID, Amount: shop.Paise(p.Entity.Amount),
			Currency: p.Entity.Currency, Status: p.Entity.Status}, true
	}
	if o := e.Payload.Order; o != nil {
		return o.Entity.ID, shop.Capture{Amount: shop.Paise(o.Entity.AmountPaid), Currency: o.Entity.Currency, Status: o.Entity.Status}, true
	}
	return "", c, true
}

// WebhookEntity wraps a payment.
type WebhookEntity struct {
	Entity PaymentEntity `json:"entity"`
}

// PaymentEntity is a Razorpay payment.
type PaymentEntity struct {
	ID       string `json:"id"`
	OrderID  string `json:"order_id"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
	Method   string `json:"method"`
}

// SimulatorCheckoutJS is the simulator's checkout widget script.
//
//go:embed checkout.js
var SimulatorCheckoutJS []byte

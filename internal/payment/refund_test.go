package payment

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// refundStandIn is Razorpay's Refunds API for one payment: the first
// refund request is made and then left unanswered past the client's
// timeout, as a response lost on the way back would be.
type refundStandIn struct {
	mu      sync.Mutex
	refunds []RefundEntity
	lists   int
	release chan struct{}
}

func (s *refundStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/payments/pay_REFUND0000001/refund":
		var in struct {
			Amount  int64  `json:"amount"`
			Receipt string `json:"receipt"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		f := RefundEntity{ID: NewID("rfnd"), PaymentID: "pay_REFUND0000001", Amount: in.Amount, Receipt: in.Receipt, Status: "pending"}
		s.refunds = append(s.refunds, f)
		first := len(s.refunds) == 1
		s.mu.Unlock()
		if first {
			<-s.release // the answer never arrives in time
			return
		}
		_ = json.NewEncoder(w).Encode(f)
		return
	case r.Method == http.MethodGet && r.URL.Path == "/v1/payments/pay_REFUND0000001/refunds":
		s.lists++
		_ = json.NewEncoder(w).Encode(map[string]any{"items": s.refunds})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
	s.mu.Unlock()
}

// A refund whose answer timed out is looked up by its receipt before it is
// asked for again: the payment is refunded once.
func TestRazorpayRefundRetriedAfterATimeout(t *testing.T) {
	s := &refundStandIn{release: make(chan struct{})}
	srv := httptest.NewServer(s)
	defer srv.Close()
	defer close(s.release)
	g := NewRazorpay(RazorpayConfig{KeyID: "k", KeySecret: "s", APIBase: srv.URL, HTTP: &http.Client{Timeout: 100 * time.Millisecond}})
	f, err := g.Refund(context.Background(), "pay_REFUND0000001", 46500, "refund-1")
	if err != nil {
		t.Fatalf("refund: %v", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.refunds) != 1 || s.lists != 1 || f.ID != s.refunds[0].ID || f.Amount != 46500 || f.Receipt != "refund-1" {
		t.Errorf("got %+v; %d refunds made, %d lookups; want the one refund, found by its receipt", f, len(s.refunds), s.lists)
	}
}

// The simulator refunds a receipt once, and its webhook reads back as the
// refund processed.
func TestSimulatorRefund(t *testing.T) {
	s := NewSimulator("secret")
	f, err := s.Refund(context.Background(), "pay_X", 1000, "r1")
	again, _ := s.Refund(context.Background(), "pay_X", 1000, "r1")
	if err != nil || f.ID != again.ID {
		t.Fatalf("refunds %+v and %+v, %v: want one", f, again, err)
	}
	body, sig := s.RefundProcessed(f)
	if !s.WebhookSignatureValid(body, sig) {
		t.Error("the refund webhook is not signed")
	}
	var ev WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	got, ok := ev.Refunded()
	if !ok || got.ID != f.ID || got.Receipt != "r1" || got.Status != "processed" {
		t.Errorf("webhook reads %+v, %v", got, ok)
	}
	if _, ok := (WebhookEvent{Event: "payment.captured"}).Refunded(); ok {
		t.Error("a payment event read as a refund")
	}
}

package payment

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/redistest"
)

// razorpayFormula is the check of Razorpay's documentation, written out
// here on its own so the package's Sign is tested against it.
func razorpayFormula(secret, orderID, paymentID string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(orderID + "|" + paymentID))
	return hex.EncodeToString(m.Sum(nil))
}

func TestSignaturesFollowRazorpaysFormula(t *testing.T) {
	g := NewRazorpay(RazorpayConfig{KeyID: "rzp_test_x", KeySecret: "key-secret", WebhookSecret: "hook-secret"})
	sig := razorpayFormula("key-secret", "order_ABC", "pay_XYZ")
	if !g.PaymentSignatureValid("order_ABC", "pay_XYZ", sig) {
		t.Error("a valid signature was refused")
	}
	for _, c := range [][3]string{
		{"order_ABC", "pay_XYZ2", sig},                                                   // tampered payment id
		{"order_OTHER", "pay_XYZ", sig},                                                  // another order
		{"order_ABC", "pay_XYZ", sig[:len(sig)-1]},                                       // cut
		{"order_ABC", "pay_XYZ", razorpayFormula("hook-secret", "order_ABC", "pay_XYZ")}, // wrong secret
		{"order_ABC", "pay_XYZ", ""},
	} {
		if g.PaymentSignatureValid(c[0], c[1], c[2]) {
			t.Errorf("accepted %v", c)
		}
	}
	body := []byte(`{"event":"payment.captured"}`)
	m := hmac.New(sha256.New, []byte("hook-secret"))
	m.Write(body)
	if !g.WebhookSignatureValid(body, hex.EncodeToString(m.Sum(nil))) || g.WebhookSignatureValid(append(body, ' '), hex.EncodeToString(m.Sum(nil))) {
		t.Error("webhook signature check is wrong")
	}
	if NewRazorpay(RazorpayConfig{}).PaymentSignatureValid("o", "p", Sign("", PaymentMessage("o", "p"))) {
		t.Error("an empty secret validated a signature")
	}
}

func TestSimulatorSignsLikeRazorpay(t *testing.T) {
	simulatorSignsLikeRazorpay(t, NewSimulator("sim-secret"))
}

// With Redis, an order created through one instance is paid through another.
func TestSharedSimulatorSignsLikeRazorpay(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	simulatorSignsLikeRazorpay(t, NewSharedSimulator("sim-secret", rdb, prefix), NewSharedSimulator("sim-secret", rdb, prefix))
}

// simulatorSignsLikeRazorpay creates an order through the first simulator
// and pays it through the last.
func simulatorSignsLikeRazorpay(t *testing.T, sims ...*Simulator) {
	s, payer := sims[0], sims[len(sims)-1]
	id, err := s.CreateOrder(context.Background(), 104850, "100001")
	if err != nil || !regexp.MustCompile(`^order_[0-9A-Za-z]{14}$`).MatchString(id) {
		t.Fatalf("order id %q, %v", id, err)
	}
	again, _ := payer.CreateOrder(context.Background(), 104850, "100001")
	if again != id {
		t.Error("one receipt made two simulator orders")
	}
	p, err := payer.Pay(t.Context(), id, "upi")
	if err != nil || !regexp.MustCompile(`^pay_[0-9A-Za-z]{14}$`).MatchString(p.PaymentID) {
		t.Fatalf("payment %+v, %v", p, err)
	}
	if p.Signature != razorpayFormula("sim-secret", id, p.PaymentID) || !s.PaymentSignatureValid(id, p.PaymentID, p.Signature) {
		t.Error("the simulator's signature is not Razorpay's")
	}
	var ev WebhookEvent
	if err := json.Unmarshal(p.Webhook, &ev); err != nil || ev.Event != "payment.captured" || ev.Payload.Payment.Entity.OrderID != id ||
		ev.Payload.Payment.Entity.Amount != 104850 || !s.WebhookSignatureValid(p.Webhook, p.WebhookSignature) {
		t.Errorf("webhook %s: %v", p.Webhook, err)
	}
	if _, err := payer.Pay(t.Context(), "order_unknown", "upi"); !errors.Is(err, ErrUnknownOrder) {
		t.Errorf("paying an unknown order: %v, want ErrUnknownOrder", err)
	}
}

// Instances that share Redis and have no secret configured agree on one.
func TestSharedSimulatorSecret(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	a, err := SharedSimulatorSecret(t.Context(), rdb, prefix)
	if err != nil || len(a) < 32 {
		t.Fatalf("secret %q, %v", a, err)
	}
	if b, err := SharedSimulatorSecret(t.Context(), rdb, prefix); err != nil || b != a {
		t.Fatalf("the second instance's secret is %q (%v), the first's %q", b, err, a)
	}
}

// standIn answers as Razorpay's Orders API does, failing the first create
// calls with the given statuses after it has created the order.
type standIn struct {
	mu       sync.Mutex
	orders   []razorpayOrder
	creates  int
	failWith []int
	auth     bool
	body     map[string]any
}

func (s *standIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	user, pass, ok := r.BasicAuth()
	s.auth = ok && user == "rzp_test_x" && pass == "key-secret"
	if !s.auth {
		w.WriteHeader(401)
		w.Write([]byte(`{"error":{"code":"BAD_REQUEST_ERROR","description":"Authentication failed"}}`))
		return
	}
	switch {
	case r.Method == "POST" && r.URL.Path == "/v1/orders":
		json.NewDecoder(r.Body).Decode(&s.body)
		o := razorpayOrder{ID: NewID("order"), Receipt: s.body["receipt"].(string), Status: "created"}
		s.orders = append(s.orders, o)
		s.creates++
		if len(s.failWith) > 0 {
			code := s.failWith[0]
			s.failWith = s.failWith[1:]
			w.WriteHeader(code)
			return
		}
		json.NewEncoder(w).Encode(o)
	case r.Method == "GET" && r.URL.Path == "/v1/orders":
		var items []razorpayOrder
		for _, o := range s.orders {
			if o.Receipt == r.URL.Query().Get("receipt") {
				items = append(items, o)
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"entity": "collection", "count": len(items), "items": items})
	default:
		w.WriteHeader(404)
	}
}

func TestRazorpayCreateOrder(t *testing.T) {
	s := &standIn{}
	srv := httptest.NewServer(s)
	defer srv.Close()
	g := NewRazorpay(RazorpayConfig{KeyID: "rzp_test_x", KeySecret: "key-secret", APIBase: srv.URL})
	id, err := g.CreateOrder(context.Background(), 104850, "100001")
	if err != nil || id == "" || !s.auth {
		t.Fatalf("create: %q %v (auth %v)", id, err, s.auth)
	}
	if s.body["amount"] != 104850.0 || s.body["currency"] != "INR" || s.body["receipt"] != "100001" {
		t.Errorf("sent %v; want amount in paise, INR and our receipt", s.body)
	}

	// Razorpay made the order but answered 502: the retry finds it by
	// receipt instead of making a second one.
	s.failWith = []int{502}
	id2, err := g.CreateOrder(context.Background(), 5000, "100002")
	if err != nil || s.creates != 2 || id2 != s.orders[1].ID {
		t.Errorf("after a 502: id %q, %v, %d orders created; want the first one, once", id2, err, s.creates)
	}

	bad := NewRazorpay(RazorpayConfig{KeyID: "rzp_test_x", KeySecret: "wrong", APIBase: srv.URL})
	if _, err := bad.CreateOrder(context.Background(), 5000, "100003"); err == nil {
		t.Error("wrong key: no error")
	}
	if s.creates != 2 {
		t.Error("a refused call was retried into an order")
	}
}

func TestRazorpayTimeout(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(300 * time.Millisecond)
	}))
	defer slow.Close()
	g := NewRazorpay(RazorpayConfig{KeyID: "k", KeySecret: "s", APIBase: slow.URL, HTTP: &http.Client{Timeout: 50 * time.Millisecond}})
	if _, err := g.CreateOrder(context.Background(), 100, "1"); err == nil {
		t.Error("a gateway that never answers gave no error")
	}
}

// Package razorpaytest stands in for Razorpay's Orders and Refunds APIs in
// tests, with the shapes Razorpay answers in, and can lose its answers on
// the way back (LoseAnswers) as a network that times out would: the
// request is taken, and what it asked for is made, but the client never
// hears so.
package razorpaytest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Refund is a refund the stand-in made.
type Refund struct {
	ID        string            `json:"id"`
	PaymentID string            `json:"payment_id"`
	Amount    int64             `json:"amount"`
	Receipt   string            `json:"receipt"`
	Notes     map[string]string `json:"notes"`
	Status    string            `json:"status"`
	// Key is the X-Refund-Idempotency header it was asked for with.
	Key string `json:"-"`
}

// Server is the stand-in. Its zero settings honour Razorpay's refund
// idempotency header; Idempotent false plays an account where it is not
// honoured, so that only a lookup prevents a second refund.
type Server struct {
	*httptest.Server
	mu         sync.Mutex
	idempotent bool
	lose       int
	orders     map[string]string // receipt → order id
	refunds    []Refund
	posts      int
	lookups    int
	made       int
}

// New starts a stand-in, closed when t ends; idempotent says whether it
// honours X-Refund-Idempotency.
func New(t testing.TB, idempotent bool) *Server {
	s := &Server{idempotent: idempotent, orders: map[string]string{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// LoseAnswers makes the next n requests (every one, for n < 0, until
// called again with 0) wait until their client gives up instead of
// answering; what they ask for is done all the same.
func (s *Server) LoseAnswers(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lose = n
}

// Refunds returns the refunds made so far.
func (s *Server) Refunds() []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Refund(nil), s.refunds...)
}

// Calls returns how many refunds were asked for and how many times a
// payment's refunds were listed.
func (s *Server) Calls() (posts, lookups int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.posts, s.lookups
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	answer := s.route(r)
	lost := s.lose != 0
	if s.lose > 0 {
		s.lose--
	}
	s.mu.Unlock()
	if lost {
		<-r.Context().Done() // the answer is lost: the client timed out
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(answer.status)
	_ = json.NewEncoder(w).Encode(answer.body)
}

type answer struct {
	status int
	body   any
}

func refused(description string) answer {
	return answer{http.StatusBadRequest, map[string]any{"error": map[string]string{"code": "BAD_REQUEST_ERROR", "description": description}}}
}

// route does what r asks, with s.mu held.
func (s *Server) route(r *http.Request) answer {
	path := r.URL.Path
	switch {
	case r.Method == http.MethodPost && path == "/v1/orders":
		var in struct {
			Amount  int64  `json:"amount"`
			Receipt string `json:"receipt"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		id, ok := s.orders[in.Receipt]
		if !ok {
			id = s.newID("order")
			s.orders[in.Receipt] = id
		}
		return answer{http.StatusOK, map[string]any{"id": id, "entity": "order", "amount": in.Amount, "receipt": in.Receipt, "status": "created"}}
	case r.Method == http.MethodGet && path == "/v1/orders":
		items := []map[string]any{}
		if id, ok := s.orders[r.URL.Query().Get("receipt")]; ok {
			items = append(items, map[string]any{"id": id, "receipt": r.URL.Query().Get("receipt"), "status": "created"})
		}
		return answer{http.StatusOK, map[string]any{"entity": "collection", "count": len(items), "items": items}}
	case r.Method == http.MethodPost && strings.HasPrefix(path, "/v1/payments/") && strings.HasSuffix(path, "/refund"):
		return s.refund(r, strings.TrimSuffix(strings.TrimPrefix(path, "/v1/payments/"), "/refund"))
	case r.Method == http.MethodGet && strings.HasPrefix(path, "/v1/payments/") && strings.HasSuffix(path, "/refunds"):
		s.lookups++
		payment := strings.TrimSuffix(strings.TrimPrefix(path, "/v1/payments/"), "/refunds")
		items := []map[string]any{}
		for _, f := range s.refunds {
			if f.PaymentID == payment {
				items = append(items, entity(f))
			}
		}
		return answer{http.StatusOK, map[string]any{"entity": "collection", "count": len(items), "items": items}}
	}
	return answer{http.StatusNotFound, map[string]any{"error": map[string]string{"code": "BAD_REQUEST_ERROR", "description": "The requested URL was not found on the server."}}}
}

func (s *Server) refund(r *http.Request, payment string) answer {
	s.posts++
	var in struct {
		Amount  int64             `json:"amount"`
		Receipt string            `json:"receipt"`
		Notes   map[string]string `json:"notes"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Amount < 100 {
		return refused("The amount must be at least INR 1.00")
	}
	key := r.Header.Get("X-Refund-Idempotency")
	if s.idempotent && key != "" {
		for _, f := range s.refunds {
			if f.Key != key {
				continue
			}
			if f.PaymentID != payment || f.Amount != in.Amount || f.Receipt != in.Receipt {
				return refused("Different request with the same idempotency key has already been processed.")
			}
			return answer{http.StatusOK, entity(f)}
		}
	}
	f := Refund{ID: s.newID("rfnd"), PaymentID: payment, Amount: in.Amount, Receipt: in.Receipt, Notes: in.Notes, Status: "pending", Key: key}
	s.refunds = append(s.refunds, f)
	return answer{http.StatusOK, entity(f)}
}

// entity is f as Razorpay writes a refund: no notes as [], no receipt as
// null.
func entity(f Refund) map[string]any {
	out := map[string]any{"id": f.ID, "entity": "refund", "amount": f.Amount, "currency": "INR", "payment_id": f.PaymentID,
		"notes": []any{}, "receipt": nil, "status": f.Status, "speed_requested": "normal"}
	if len(f.Notes) > 0 {
		out["notes"] = f.Notes
	}
	if f.Receipt != "" {
		out["receipt"] = f.Receipt
	}
	return out
}

// newID is an id of Razorpay's shape, with s.mu held: a prefix, an
// underscore and 14 letters and digits.
func (s *Server) newID(prefix string) string {
	s.made++
	return fmt.Sprintf("%s_%014d", prefix, s.made)
}

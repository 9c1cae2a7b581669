package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// Every refusal is answered by its code's status with its message and
// fields; anything else is our fault, logged and answered without details.
func TestFail(t *testing.T) {
	for _, tc := range []struct {
		name       string
		err        error
		status     int
		body       map[string]any
		retryAfter string
		logged     bool
	}{
		{name: "invalid", err: &shop.Error{Code: shop.Invalid, Message: "Pin code must be 6 digits"}, status: 400,
			body: map[string]any{"message": "Pin code must be 6 digits"}},
		{name: "unauthorized", err: shop.ErrNotSignedIn, status: 401, body: map[string]any{"message": shop.ErrNotSignedIn.Message}},
		{name: "forbidden", err: shop.ErrForbidden, status: 403, body: map[string]any{"message": shop.ErrForbidden.Message}},
		{name: "not found, wrapped with context", err: fmt.Errorf("read order o1: %w", shop.ErrOrderNotFound), status: 404,
			body: map[string]any{"message": "Order not found"}},
		{name: "a conflict with the expected prices", err: &shop.Error{Code: shop.Conflict, Message: shop.PriceMismatchMessage,
			Fields: map[string]any{"expected": shop.Prices{Items: 29900, Shipping: 5000, Total: 34900}}}, status: 409,
			body: map[string]any{"message": shop.PriceMismatchMessage, "expected": map[string]any{"itemsPrice": 299.0,
				"shippingPrice": 50.0, "secureTransactionFee": 0.0, "discount": 0.0, "preOrderFee": 0.0, "totalPrice": 349.0}}},
		{name: "too many, with a wait in part seconds", err: &shop.Error{Code: shop.TooMany, Message: "Wait", RetryAfter: 2100 * time.Millisecond},
			status: 429, body: map[string]any{"message": "Wait"}, retryAfter: "3"},
		{name: "unavailable", err: &shop.Error{Code: shop.Unavailable, Message: "busy"}, status: 503, body: map[string]any{"message": "busy"}},
		{name: "upstream, with its cause", err: fmt.Errorf("%w: %w", errGatewayDown, errors.New("dial tcp: refused")), status: 502,
			body: map[string]any{"message": errGatewayDown.Message}},
		{name: "too large", err: errBodyTooLarge, status: 413, body: map[string]any{"message": errBodyTooLarge.Message}},
		{name: "unsupported", err: errNotJSON, status: 415, body: map[string]any{"message": errNotJSON.Message}},
		{name: "not allowed", err: errPageMethod, status: 405, body: map[string]any{"message": errPageMethod.Message}},
		{name: "our own fault", err: errors.New("disk full"), status: 500,
			body: map[string]any{"message": "Something went wrong on our side. Please try again."}, logged: true},
		{name: "a refusal of no known code", err: &shop.Error{Code: shop.Internal, Message: "secret detail"}, status: 500,
			body: map[string]any{"message": "Something went wrong on our side. Please try again."}, logged: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			s := &Server{log: slog.New(slog.NewTextHandler(&logs, nil))}
			w := httptest.NewRecorder()
			s.fail(w, httptest.NewRequest(http.MethodGet, "/api/orders/o1", nil), tc.err)
			var body map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if w.Code != tc.status || fmt.Sprint(body) != fmt.Sprint(tc.body) {
				t.Errorf("answer %d %v, want %d %v", w.Code, body, tc.status, tc.body)
			}
			if got := w.Header().Get("Retry-After"); got != tc.retryAfter {
				t.Errorf("Retry-After %q, want %q", got, tc.retryAfter)
			}
			if logged := strings.Contains(logs.String(), tc.err.Error()); logged != tc.logged {
				t.Errorf("logged %v, want %v: %s", logged, tc.logged, logs.String())
			}
		})
	}
}

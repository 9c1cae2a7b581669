package payment

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/payment/razorpaytest"
	"github.com/haat-shop/haat/internal/redistest"
)

// A refund is made once at Razorpay however its answers are lost, within
// one call or across calls, whether or not Razorpay honours the
// idempotency key; a refusal makes nothing and is not tried again.
func TestRazorpayRefundMadeOnce(t *testing.T) {
	const receipt = "0123456789abcdef01234567"
	req := RefundRequest{PaymentID: "pay_REFUND0000001", Amount: 46500, Receipt: receipt}
	tried := req
	tried.Tried = true
	cases := []struct {
		name       string
		idempotent bool
		// calls are made in turn, each after losing that many answers
		// (-1: all of them).
		calls []RefundRequest
		lose  []int
		// wantRefunds made at the stand-in, wantPosts asked for there;
		// wantErr of the last call.
		wantRefunds, wantPosts int
		wantErr                error
	}{
		{name: "the first answer lost: found by its receipt within the call", calls: []RefundRequest{req}, lose: []int{1},
			wantRefunds: 1, wantPosts: 1},
		{name: "every answer of a call lost, then a later call looks first", calls: []RefundRequest{req, tried}, lose: []int{-1, 0},
			wantRefunds: 1, wantPosts: 1},
		{name: "the same where Razorpay honours the idempotency key", idempotent: true, calls: []RefundRequest{req, tried},
			lose: []int{-1, 0}, wantRefunds: 1, wantPosts: 1},
		{name: "a later call whose lookup is lost asks for nothing", calls: []RefundRequest{tried}, lose: []int{-1},
			wantRefunds: 0, wantPosts: 0, wantErr: errMaybeSent},
		{name: "a refusal makes nothing and is tried once", calls: []RefundRequest{{PaymentID: req.PaymentID, Amount: 50, Receipt: receipt}},
			lose: []int{0}, wantRefunds: 0, wantPosts: 1, wantErr: ErrRefused},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := razorpaytest.New(t, c.idempotent)
			g := NewRazorpay(RazorpayConfig{KeyID: "k", KeySecret: "s", APIBase: s.URL, HTTP: &http.Client{Timeout: 100 * time.Millisecond}})
			var f RefundEntity
			var err error
			for i, call := range c.calls {
				s.LoseAnswers(c.lose[i])
				f, err = g.Refund(context.Background(), call)
			}
			if !errors.Is(err, c.wantErr) || (c.wantErr == nil) != (err == nil) {
				t.Fatalf("last call: %v, want %v", err, c.wantErr)
			}
			made := s.Refunds()
			posts, _ := s.Calls()
			if len(made) != c.wantRefunds || posts != c.wantPosts {
				t.Fatalf("%d refunds made, %d asked for; want %d and %d", len(made), posts, c.wantRefunds, c.wantPosts)
			}
			if c.wantRefunds == 0 {
				return
			}
			if f.ID != made[0].ID || f.Amount != 46500 || f.Ours() != receipt {
				t.Errorf("answered %+v, made %+v", f, made[0])
			}
			if m := made[0]; m.Key != receipt || m.Receipt != receipt || m.Notes[RefundNote] != receipt {
				t.Errorf("asked without our id as key, receipt and note: %+v", m)
			}
		})
	}
}

// Razorpay writes no notes as [] and a dashboard's as any value; a refund
// made without a receipt is still known by its note.
func TestRefundEntityReadsRazorpaysShapes(t *testing.T) {
	for _, c := range []struct{ body, ours string }{
		{`{"id":"rfnd_1","receipt":"r1","notes":[]}`, "r1"},
		{`{"id":"rfnd_1","receipt":null,"notes":{"haat_refund":"r2","count":3}}`, "r2"},
		{`{"id":"rfnd_1","receipt":null,"notes":null}`, ""},
	} {
		var f RefundEntity
		if err := json.Unmarshal([]byte(c.body), &f); err != nil || f.Ours() != c.ours {
			t.Errorf("%s: ours %q, %v; want %q", c.body, f.Ours(), err, c.ours)
		}
	}
}

func TestSimulatorRefund(t *testing.T) {
	simulatorRefund(t, NewSimulator("secret"))
}

// With Redis, a refund asked for through one instance and again through
// another is made once.
func TestSharedSimulatorRefund(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	simulatorRefund(t, NewSharedSimulator("secret", rdb, prefix), NewSharedSimulator("secret", rdb, prefix))
}

// simulatorRefund refunds a receipt through the first simulator and again
// through the last: once, as Razorpay's idempotency key makes it; another
// amount for the receipt is refused; its webhooks read back settled.
func simulatorRefund(t *testing.T, sims ...*Simulator) {
	s, again := sims[0], sims[len(sims)-1]
	req := RefundRequest{PaymentID: "pay_X", Amount: 1000, Receipt: "r1"}
	f, err := s.Refund(t.Context(), req)
	req.Tried = true
	second, err2 := again.Refund(t.Context(), req)
	if err != nil || err2 != nil || f.ID != second.ID || f.Ours() != "r1" {
		t.Fatalf("refunds %+v and %+v, %v, %v: want one", f, second, err, err2)
	}
	req.Amount = 2000
	if _, err := again.Refund(t.Context(), req); !errors.Is(err, ErrRefused) {
		t.Errorf("another amount for one receipt: %v", err)
	}
	for _, status := range []string{"processed", "failed"} {
		body, sig := s.RefundSettled(f, status)
		if !s.WebhookSignatureValid(body, sig) {
			t.Error("the refund webhook is not signed")
		}
		var ev WebhookEvent
		if err := json.Unmarshal(body, &ev); err != nil {
			t.Fatal(err)
		}
		got, ok := ev.Refunded()
		if !ok || got.ID != f.ID || got.Ours() != "r1" || got.Status != status || ev.Event != "refund."+status {
			t.Errorf("webhook reads %+v, %v", got, ok)
		}
	}
	if _, ok := (WebhookEvent{Event: "payment.captured"}).Refunded(); ok {
		t.Error("a payment event read as a refund")
	}
}

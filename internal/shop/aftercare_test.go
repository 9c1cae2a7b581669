package shop

import (
	"slices"
	"testing"
	"time"
)

func TestReturnsEverything(t *testing.T) {
	two := []OrderItem{{ProductID: "p", Size: "M", Qty: 2}, {ProductID: "p", Size: "L", Qty: 1}}
	for _, tc := range []struct {
		name  string
		ret   *Return
		want  bool
		units []int
	}{
		{"no return", nil, false, []int{0, 0}},
		{"every unit", &Return{Items: []ReturnItem{{ProductID: "p", Size: "M", Qty: 2}, {ProductID: "p", Size: "L", Qty: 1}}}, true, []int{2, 1}},
		{"one unit of two", &Return{Items: []ReturnItem{{ProductID: "p", Size: "M", Qty: 1}, {ProductID: "p", Size: "L", Qty: 1}}}, false, []int{1, 1}},
		{"one line of two", &Return{Items: []ReturnItem{{ProductID: "p", Size: "L", Qty: 1}}}, false, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Order{Items: two, Return: tc.ret}
			if got := o.ReturnsEverything(); got != tc.want {
				t.Errorf("ReturnsEverything() = %v, want %v", got, tc.want)
			}
			if got := o.UnitsBack(); !slices.Equal(got, tc.units) {
				t.Errorf("UnitsBack() = %v, want %v", got, tc.units)
			}
		})
	}
}

func TestRefundRetry(t *testing.T) {
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, IST)
	failed := Refund{ID: "r1", Method: RefundGateway, Amount: 46500, Status: RefundFailed, PaymentID: "pay_1", Reference: "rfnd_1", Attempts: 2}
	for _, tc := range []struct {
		name       string
		f          func(Refund) Refund
		wantFailed bool
		wantErr    error
	}{
		{"a failed gateway refund", func(f Refund) Refund { return f }, true, nil},
		{"one tried again already", func(f Refund) Refund { f.ReplacedBy = "r2"; return f }, false, ErrRefundNotRetryable},
		{"one the gateway is working on", func(f Refund) Refund { f.Status = RefundProcessing; return f }, false, ErrRefundNotRetryable},
		{"one processed", func(f Refund) Refund { f.Status = RefundProcessed; return f }, false, ErrRefundNotRetryable},
		{"one waiting to be sent", func(f Refund) Refund { f.Status = RefundPending; return f }, false, ErrRefundNotRetryable},
		{"one made by hand", func(f Refund) Refund { f.Method = RefundManual; return f }, true, ErrRefundNotRetryable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.f(failed)
			if f.Failed() != tc.wantFailed {
				t.Errorf("Failed() = %v, want %v", f.Failed(), tc.wantFailed)
			}
			got, err := f.Retry("r9", at)
			if err != tc.wantErr {
				t.Fatalf("Retry: %v, want %v", err, tc.wantErr)
			}
			want := Refund{ID: "r9", Method: RefundGateway, Amount: 46500, Status: RefundPending, PaymentID: "pay_1", CreatedAt: at}
			if err == nil && got != want {
				t.Errorf("Retry = %+v, want %+v", got, want)
			}
		})
	}
}

package store_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// cancelledPaidOrder is a paid online order, cancelled: its refund is
// recorded, pending, before anyone asks the gateway.
func cancelledPaidOrder(t *testing.T, db *store.DB, placed time.Time) shop.Order {
	t.Helper()
	ctx := context.Background()
	o, _ := placeOrder(t, db, shop.Razorpay, placed)
	if err := db.RecordProviderOrder(ctx, o.ID, "razorpay", "order_"+o.ID, o.Prices.Total, placed); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordOnlinePayment(ctx, "order_"+o.ID, "pay_"+o.ID, nil, placed.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	cancelled, err := db.CancelOrder(ctx, o.ID, shop.Act{At: placed.Add(time.Hour), By: "Asha", Note: "Wrong size"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cancelled.Refunds) != 1 || cancelled.Refunds[0].Status != shop.RefundPending || cancelled.Refunds[0].Attempts != 0 ||
		cancelled.Refunds[0].Amount != o.Prices.Total || cancelled.Refunds[0].PaymentID != "pay_"+o.ID {
		t.Fatalf("recorded refund: %+v", cancelled.Refunds)
	}
	return cancelled
}

// A refund is claimed by one sender at a time, each claim counted before
// the gateway is asked; a claim that ran out is taken over, and only the
// latest claim reschedules it. Once the gateway has it, the webhook settles
// it once.
func TestRefundClaimedByOneSender(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now().Truncate(time.Millisecond)
		o := cancelledPaidOrder(t, db, placed)
		now, lease := placed.Add(2*time.Hour), 2*time.Minute
		var claimed atomic.Int32
		var first shop.Refund
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f, ok, err := db.ClaimRefund(ctx, "", now, lease)
				if err != nil {
					t.Error(err)
				}
				if ok {
					claimed.Add(1)
					first = f
				}
			}()
		}
		wg.Wait()
		if claimed.Load() != 1 || first.ID != o.Refunds[0].ID || first.Attempts != 1 {
			t.Fatalf("%d claims; the claimed refund %+v", claimed.Load(), first)
		}
		if _, ok, _ := db.ClaimRefund(ctx, o.ID, now.Add(lease-time.Millisecond), lease); ok {
			t.Fatal("claimed again within the lease")
		}
		// The first sender's process ended with the gateway maybe asked.
		second, ok, err := db.ClaimRefund(ctx, o.ID, now.Add(lease), lease)
		if err != nil || !ok || second.Attempts != 2 {
			t.Fatalf("taken over after the lease: %+v, %v, %v", second, ok, err)
		}
		if err := db.RefundNotSent(ctx, first, "timeout", now.Add(lease)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.ClaimRefund(ctx, o.ID, now.Add(lease+time.Minute), lease); ok {
			t.Fatal("the first sender's stale claim cut the second's short")
		}
		later := now.Add(lease + time.Hour)
		if err := db.RefundNotSent(ctx, second, "timeout", later); err != nil {
			t.Fatal(err)
		}
		third, ok, err := db.ClaimRefund(ctx, o.ID, later, lease)
		if err != nil || !ok || third.Attempts != 3 {
			t.Fatalf("claimed when rescheduled: %+v, %v, %v", third, ok, err)
		}
		if err := db.RefundSent(ctx, third.ID, "rfnd_TAKEN", later); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.ClaimRefund(ctx, "", later.Add(time.Hour), lease); ok {
			t.Fatal("a refund the gateway has was claimed")
		}
		after, err := db.Order(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if f := after.Refunds[0]; f.Status != shop.RefundProcessing || f.Reference != "rfnd_TAKEN" {
			t.Fatalf("sent refund: %+v", f)
		}
		for range 2 { // the webhook may come twice
			if err := db.SettleRefund(ctx, third.ID, "rfnd_TAKEN", shop.RefundProcessed, later.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		after, _ = db.Order(ctx, o.ID)
		settled := 0
		for _, e := range after.History {
			if e.By == shop.ByGateway && e.Status == shop.StatusCancelled {
				settled++
			}
		}
		if after.Refunds[0].Status != shop.RefundProcessed || settled != 1 {
			t.Errorf("settled: %+v, %d history entries", after.Refunds[0], settled)
		}
		if err := db.RefundSent(ctx, third.ID, "rfnd_LATE", later.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if after, _ = db.Order(ctx, o.ID); after.Refunds[0].Status != shop.RefundProcessed || after.Refunds[0].Reference != "rfnd_TAKEN" {
			t.Errorf("a late answer undid the webhook: %+v", after.Refunds[0])
		}
	})
}

// A refund the gateway refused, or failed, waits for an admin, counted as
// needing action; tried again, it is a new refund of the same amount, once.
func TestFailedRefundTriedAgain(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now().Truncate(time.Millisecond)
		refused, failed := cancelledPaidOrder(t, db, placed), cancelledPaidOrder(t, db, placed)
		now := placed.Add(2 * time.Hour)
		f, ok, err := db.ClaimRefund(ctx, refused.ID, now, time.Minute)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		if err := db.RefundRefused(ctx, f, "refused by the payment gateway: The payment has been fully refunded already", now); err != nil {
			t.Fatal(err)
		}
		if err := db.SettleRefund(ctx, failed.Refunds[0].ID, "rfnd_FAILED", shop.RefundFailed, now); err != nil {
			t.Fatal(err)
		}
		o, err := db.Order(ctx, refused.ID)
		if err != nil {
			t.Fatal(err)
		}
		note := o.History[len(o.History)-1].Note
		if o.Refunds[0].Status != shop.RefundFailed || !strings.Contains(note, "failed: refused by the payment gateway: The payment") {
			t.Errorf("refused: %+v, %q", o.Refunds[0], note)
		}
		needs := func(want int) {
			t.Helper()
			n, err := db.OrdersNeedingAction(ctx)
			if err != nil {
				t.Fatal(err)
			}
			page, err := db.ListOrders(ctx, shop.OrderFilter{Status: shop.StatusRefundFailed, Page: 1})
			if err != nil {
				t.Fatal(err)
			}
			if n.RefundFailed != want || page.Total != want {
				t.Errorf("%d orders counted and %d listed with a failed refund, want %d", n.RefundFailed, page.Total, want)
			}
		}
		needs(2)
		if _, err := db.RetryRefund(ctx, refused.ID, failed.Refunds[0].ID, "Admin (admin)", now); !errors.Is(err, store.ErrNoSuchRefund) {
			t.Errorf("another order's refund: %v", err)
		}
		o, err = db.RetryRefund(ctx, refused.ID, f.ID, "Admin (admin)", now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Refunds) != 2 || o.Refunds[0].ReplacedBy != o.Refunds[1].ID || o.Refunds[1].Status != shop.RefundPending ||
			o.Refunds[1].Amount != f.Amount || o.Refunds[1].PaymentID != f.PaymentID || o.Refunds[1].Attempts != 0 {
			t.Fatalf("tried again: %+v", o.Refunds)
		}
		needs(1)
		for _, id := range []string{f.ID, o.Refunds[1].ID} {
			if _, err := db.RetryRefund(ctx, refused.ID, id, "Admin (admin)", now); !errors.Is(err, shop.ErrRefundNotRetryable) {
				t.Errorf("tried again refund %s: %v", id, err)
			}
		}
		again, ok, err := db.ClaimRefund(ctx, "", now.Add(time.Minute), time.Minute)
		if err != nil || !ok || again.ID != o.Refunds[1].ID {
			t.Errorf("the new refund is sent: %+v, %v, %v", again, ok, err)
		}
	})
}

// Cancelling returns the order's stock once, however many cancel at once.
func TestCancelReturnsStockOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now().Truncate(time.Millisecond)
		o, _ := placeOrder(t, db, shop.COD, placed)
		productID := o.Items[0].ProductID
		var wg sync.WaitGroup
		var ok atomic.Int32
		for i := range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := db.CancelOrder(ctx, o.ID, shop.Act{At: placed.Add(time.Duration(i+1) * time.Minute), By: "Asha", Note: "no"})
				switch {
				case err == nil:
					ok.Add(1)
				case !errors.Is(err, shop.ErrCancelled):
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || stockLeft(t, db, productID) != 5 {
			t.Errorf("%d cancellations, stock %d; want one and 5", ok.Load(), stockLeft(t, db, productID))
		}
	})
}

package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A refund is recorded with its cancellation, before the gateway is asked;
// a send that fails leaves it for the retry, and two senders at once (a
// request and the retry job, or two instances) ask the gateway once.
func TestRefundSentOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now().Truncate(time.Millisecond)
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
		if len(cancelled.Refunds) != 1 || cancelled.Refunds[0].Status != shop.RefundPending ||
			cancelled.Refunds[0].Amount != o.Prices.Total || cancelled.Refunds[0].PaymentID != "pay_"+o.ID {
			t.Fatalf("recorded refund: %+v", cancelled.Refunds)
		}
		down := errors.New("gateway down")
		if n, err := db.SendRefunds(ctx, o.ID, placed, func(shop.Refund) (string, error) { return "", down }); err != nil || n != 0 {
			t.Fatalf("a failed send: %d, %v", n, err)
		}
		var asked atomic.Int32
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := db.SendRefunds(ctx, "", placed, func(f shop.Refund) (string, error) {
					asked.Add(1)
					return "rfnd_" + f.ID[:8], nil
				}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if asked.Load() != 1 {
			t.Errorf("the gateway was asked %d times", asked.Load())
		}
		after, err := db.Order(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		f := after.Refunds[0]
		if f.Status != shop.RefundProcessing || f.Reference == "" {
			t.Fatalf("sent refund: %+v", f)
		}
		for range 2 { // the webhook may come twice
			if err := db.SettleRefund(ctx, f.ID, f.Reference, shop.RefundProcessed, placed.Add(2*time.Hour)); err != nil {
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

package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// dueOrders places n unpaid online orders of one unit, each of a product
// of its own with stock 5 (placeOrder), whose hold has ended by the time
// returned.
func dueOrders(t *testing.T, db *store.DB, n int) (orders []shop.Order, due time.Time) {
	t.Helper()
	placed := time.Now()
	for range n {
		o, _ := placeOrder(t, db, shop.Razorpay, placed)
		orders = append(orders, o)
	}
	return orders, placed.Add(30*time.Minute + time.Second)
}

// stockReturned checks that every order's product has its stock of 5 back.
func stockReturned(t *testing.T, db *store.DB, orders []shop.Order) {
	t.Helper()
	for _, o := range orders {
		p, err := db.AnyProduct(context.Background(), o.Items[0].ProductID)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Variants[0].Sizes[0].Stock; got != 5 {
			t.Errorf("order %s: stock %d after it expired, want 5", o.ID, got)
		}
	}
}

// Two instances expiring at once cancel every due order once between them,
// and the stock comes back once.
func TestTwoExpiryJobsExpireEachOrderOnce(t *testing.T) {
	a, b := storetest.Instances(t)
	const n = 20
	orders, due := dueOrders(t, a, n)
	var counts [2]int
	var errs [2]error
	var wg sync.WaitGroup
	for i, db := range []*store.DB{a, b} {
		wg.Go(func() { counts[i], errs[i] = db.ExpireDueOrders(context.Background(), due) })
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if counts[0]+counts[1] != n {
		t.Errorf("the two instances expired %d and %d orders, want %d between them", counts[0], counts[1], n)
	}
	stockReturned(t, a, orders)
}

// An instance's expiry job passes over an order another instance holds,
// instead of waiting for it, and expires the rest; the held one is left
// for later.
func TestExpiryJobPassesOverAnOrderAnotherInstanceHolds(t *testing.T) {
	a, b := storetest.Instances(t)
	orders, due := dueOrders(t, a, 3)
	held := orders[1].ID
	locked, release, holding := make(chan int), make(chan struct{}), make(chan error, 1)
	go func() {
		holding <- a.HoldLock(context.Background(), `SELECT id FROM orders WHERE id = ? FOR UPDATE`, []any{held}, locked, release)
	}()
	select {
	case <-locked:
	case err := <-holding:
		t.Fatal(err)
	}
	// Waiting for the held order would take until release: far past this.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	n, err := b.ExpireDueOrders(ctx, due)
	cancel()
	close(release)
	if err := <-holding; err != nil {
		t.Fatal(err)
	}
	if err != nil || n != 2 {
		t.Fatalf("with one order held elsewhere the job expired %d (%v), want the other 2", n, err)
	}
	if n, err := b.ExpireDueOrders(context.Background(), due); err != nil || n != 1 {
		t.Fatalf("once let go, the held order was expired %d times (%v), want once", n, err)
	}
	stockReturned(t, a, orders)
}

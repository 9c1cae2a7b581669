package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// dueOrders places n unpaid online orders of one unit each on a size with
// stock 100, whose hold has ended by the time returned, and returns the
// product, the orders and that time.
func dueOrders(t *testing.T, db *store.DB, n int) (productID string, orders []string, due time.Time) {
	t.Helper()
	ctx := context.Background()
	user, productID, size := customerAndSize(t, db, "Held Tee", 100)
	now := time.Now()
	hold := now.Add(30 * time.Minute)
	for i := range n {
		o, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: shop.Razorpay, IdempotencyKey: fmt.Sprint(i), Now: now,
			PaymentDue: &hold, Lines: []shop.OrderLine{{ProductID: productID, SizeID: size, Qty: 1}}, Shipping: shipping})
		if err != nil {
			t.Fatal(err)
		}
		orders = append(orders, o.ID)
	}
	return productID, orders, hold.Add(time.Second)
}

func stockOf(t *testing.T, db *store.DB, productID string) int {
	t.Helper()
	p, err := db.AnyProduct(context.Background(), productID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Variants[0].Sizes[0].Stock
}

// Two instances expiring at once cancel every due order once between them,
// and the stock comes back once.
func TestTwoExpiryJobsExpireEachOrderOnce(t *testing.T) {
	a, b := storetest.Instances(t)
	const n = 20
	product, _, due := dueOrders(t, a, n)
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
	if got := stockOf(t, a, product); got != 100 {
		t.Errorf("stock %d after every order expired, want 100", got)
	}
}

// An instance's expiry job passes over an order another instance holds,
// instead of waiting for it, and expires the rest; the held one is left
// for later.
func TestExpiryJobPassesOverAnOrderAnotherInstanceHolds(t *testing.T) {
	a, b := storetest.Instances(t)
	product, orders, due := dueOrders(t, a, 3)
	held := orders[1]
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
	if got := stockOf(t, a, product); got != 100 {
		t.Errorf("stock %d after every order expired, want 100", got)
	}
}

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

// Copies of a customer's last order under the limit (a double click, a
// retry after a lost answer) arrive together while the customer's orders
// are being counted. Each copy finds the one order placed, on PostgreSQL
// too, where they really run at once: none is refused for the limit its own
// twin reached.
func TestCopiesOfAnOrderAtTheLimitFindTheirTwin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		if db.Dialect() == store.SQLite {
			t.Skip("SQLite runs one writing transaction at a time: twins cannot overlap")
		}
		ctx := context.Background()
		id := storetest.MustInsertProduct(t, db, shop.Product{Name: "Twin Tee", Price: 49900, Published: true, CreatedAt: time.Now(),
			Variants: []shop.Variant{{VariantName: "red", Sizes: []shop.Size{{Size: "M", Stock: 100}}}}})
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		user, err := db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: "asha@example.com", MobileNo: "9000000011",
			Role: shop.RoleCustomer}, "hash", true)
		if err != nil {
			t.Fatal(err)
		}
		order := func(key string) store.NewOrder {
			return store.NewOrder{User: user, Method: shop.COD, IdempotencyKey: key, Now: time.Now(),
				Limits: shop.OrderLimits{MaxOpenCOD: 3}, Prices: shop.PriceItems(49900, shop.COD),
				Lines: []shop.OrderLine{{ProductID: id, SizeID: p.Variants[0].Sizes[0].ID, Qty: 1}},
				Shipping: shop.ShippingAddress{ShippingName: "Asha", ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011",
					Address: "12 MG Road", City: "Pune", District: "Pune", State: "Maharashtra", PinCode: "411001"}}
		}
		for _, key := range []string{"first", "second"} {
			if _, _, err := db.PlaceOrder(ctx, order(key)); err != nil {
				t.Fatal(err)
			}
		}

		// The customer's row is held while six copies of the third order
		// come in; it is let go once all six wait for it.
		locked, release, held := make(chan int), make(chan struct{}), make(chan error, 1)
		go func() {
			held <- db.HoldLock(ctx, `SELECT id FROM users WHERE id = ? FOR UPDATE`, []any{user.ID}, locked, release)
		}()
		var holder int
		select {
		case holder = <-locked:
		case err := <-held:
			t.Fatal(err)
		}
		const copies = 6
		ids, errs := make([]string, copies), make([]error, copies)
		var wg sync.WaitGroup
		for i := range copies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, _, err := db.PlaceOrder(ctx, order("third"))
				ids[i], errs[i] = o.ID, err
			}()
		}
		for {
			n, err := db.WaitingOn(ctx, holder)
			if err != nil {
				t.Fatal(err)
			}
			if n == copies {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		close(release)
		wg.Wait()
		if err := <-held; err != nil {
			t.Fatal(err)
		}
		for i := range copies {
			if errs[i] != nil || ids[i] != ids[0] {
				t.Fatalf("copies of one order answered %v, errors %v", ids, errs)
			}
		}
	})
}

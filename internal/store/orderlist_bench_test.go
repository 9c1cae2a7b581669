package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// BenchmarkAdminOrderList reads the first and the last page of the admin's
// order list and of the manufacturer's pre-order list among 100,000 orders
// (1,000 of them pre-orders), on SQLite and (with HAAT_TEST_POSTGRES_URL)
// PostgreSQL, and reports the median time of a read (p50-ms) beside the
// mean.
func BenchmarkAdminOrderList(b *testing.B) {
	const orders = 100_000
	for _, named := range storetest.Each(b) {
		if err := named.DB.SeedOrders(ctx, orders, time.Date(2026, 1, 1, 0, 0, 0, 0, shop.IST)); err != nil {
			b.Fatal(err)
		}
		db := named.DB
		list := func(f shop.OrderFilter) func() (store.OrderPage, error) {
			return func() (store.OrderPage, error) { return db.ListOrders(ctx, f) }
		}
		preOrders := func(page int) func() (store.OrderPage, error) {
			return func() (store.OrderPage, error) { return db.PreOrders(ctx, page) }
		}
		last := (orders + shop.OrderPageSize - 1) / shop.OrderPageSize
		lastPreOrders := (orders/100 + shop.OrderPageSize - 1) / shop.OrderPageSize
		for _, page := range []struct {
			name string
			read func() (store.OrderPage, error)
		}{
			{"first", list(shop.OrderFilter{Page: 1})},
			{"last", list(shop.OrderFilter{Page: last})},
			{"delivered-last", list(shop.OrderFilter{Page: last / 3, Status: shop.StatusDelivered})},
			{"preorders-first", preOrders(1)},
			{"preorders-last", preOrders(lastPreOrders)},
		} {
			b.Run(named.Name+"/"+page.name, func(b *testing.B) {
				var took []time.Duration
				for b.Loop() {
					start := time.Now()
					got, err := page.read()
					if err != nil || len(got.Orders) == 0 {
						b.Fatalf("%d orders, %v", len(got.Orders), err)
					}
					took = append(took, time.Since(start))
				}
				slices.Sort(took)
				b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			})
		}
	}
}

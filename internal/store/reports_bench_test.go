package store_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// benchOrders is how many orders the dashboard's benchmark reads: the
// figure issue 22 names.
const benchOrders = 100_000

// seedOrders writes n orders of one to three lines over the last year,
// straight into the tables (placing 100,000 orders one by one would take
// the benchmark's whole time): four in five COD or paid online, the rest
// unpaid or cancelled, some delivered, a few with pre-orders.
func seedOrders(b *testing.B, db *store.DB, n int, now time.Time) {
	b.Helper()
	var sizes [][2]string // product id, size id
	for i := range 50 {
		id, err := db.InsertProduct(ctx, tee(fmt.Sprintf("Report Tee %d", i), i, []string{"men"}, 40, 30, 0, 20, 10))
		if err != nil {
			b.Fatal(err)
		}
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range p.Variants[0].Sizes {
			sizes = append(sizes, [2]string{id, s.ID})
		}
	}
	const batch = 500
	err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
		for start := 0; start < n; start += batch {
			var orders, items []string
			var oargs, iargs []any
			for i := start; i < min(start+batch, n); i++ {
				id := store.NewID()
				method, paid, status := "COD", false, shop.StatusPlaced
				switch i % 10 {
				case 0, 1, 2, 3, 4:
					method, paid = "Razorpay", true
				case 5:
					method = "Razorpay"
				case 6:
					method, status = "Razorpay", shop.StatusCancelled
				}
				created := now.Add(-time.Duration(i%365)*24*time.Hour - time.Duration(i%1440)*time.Minute).UnixMilli()
				lines := 1 + i%3
				total := int64(0)
				for l := range lines {
					s := sizes[(i*7+l)%len(sizes)]
					price := int64(49900 + 10000*(l%3))
					total += price
					items = append(items, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
					iargs = append(iargs, store.NewID(), id, l, s[0], "v", s[1], "Report Tee", "black", "M", "/uploads/a.png", 1, price, i%50 == 0)
				}
				orders = append(orders, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				oargs = append(oargs, id, 200000+i, "Chitra", "c@example.com", "Chitra", "c@example.com", "9000000003", "14 Residency Road",
					"Bengaluru", "Bengaluru Urban", "Karnataka", "560025", method, total, 0, 0, 0, total, status, paid, i%4 == 0, created, created)
			}
			if err := exec(`INSERT INTO orders (id, order_no, user_name, user_email, shipping_name, shipping_email, shipping_phone,
				address, city, district, state, pin_code, payment_method, items_paise, shipping_paise, secure_fee_paise, discount_paise,
				total_paise, status, is_paid, is_delivered, created_at, paid_at) VALUES `+strings.Join(orders, ", "), oargs...); err != nil {
				return err
			}
			if err := exec(`INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name, variant_color,
				size, image, qty, price_paise, pre_order) VALUES `+strings.Join(items, ", "), iargs...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSummary100kOrders is the dashboard's answer (GET
// /api/reports/summary) over 100,000 orders, for 30 and 90 days, on SQLite
// and, with HAAT_TEST_POSTGRES_URL, on PostgreSQL.
func BenchmarkSummary100kOrders(b *testing.B) {
	now := time.Now()
	for _, d := range storetest.Each(b) {
		seedOrders(b, d.DB, benchOrders, now)
		for _, days := range []int{30, 90} {
			b.Run(fmt.Sprintf("%s/days=%d", d.Name, days), func(b *testing.B) {
				for b.Loop() {
					s, err := d.DB.Summary(ctx, days, now)
					if err != nil {
						b.Fatal(err)
					}
					if s.Orders == 0 {
						b.Fatal("no orders in the window")
					}
				}
			})
		}
	}
}

package store_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/auth"
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
// unpaid or cancelled, a few with pre-orders, each in the stage issue 19
// gives it as a shop that ships its orders would have it.
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
			var orders, items, refunds []string
			var oargs, iargs, rargs []any
			for i := start; i < min(start+batch, n); i++ {
				id := store.NewID()
				// Orders of the last week are still open (placed or shipped,
				// online ones awaiting payment); older ones have run their
				// course: delivered, one in twenty returned with its first line
				// refunded, pre-orders made, unpaid ones expired.
				age := i % 365
				recent := age < 7
				method, paid, status, stage := "COD", false, shop.StatusPlaced, shop.StatusPlaced
				switch i % 10 {
				case 0, 1, 2, 3, 4:
					method, paid = "Razorpay", true
				case 5:
					method, stage = "Razorpay", shop.StatusAwaitingPayment
					if !recent {
						status, stage = shop.StatusCancelled, shop.StatusExpired
					}
				case 6:
					method, status, stage = "Razorpay", shop.StatusCancelled, shop.StatusCancelled
				}
				delivered, returned := false, false
				switch {
				case stage != shop.StatusPlaced:
				case recent && i%2 == 1:
					stage = shop.StatusShipped
				case !recent && i%20 == 8: // COD
					stage, delivered, returned = shop.StatusReturned, true, true
				case !recent:
					stage, delivered = shop.StatusDelivered, true
				}
				preOrder := i%50 == 0
				var made any
				if preOrder && !recent {
					made = now.Add(-time.Duration(age) * 24 * time.Hour).UnixMilli()
				}
				created := now.Add(-time.Duration(age)*24*time.Hour - time.Duration(i%1440)*time.Minute).UnixMilli()
				lines := 1 + i%3
				total := int64(0)
				for l := range lines {
					s := sizes[(i*7+l)%len(sizes)]
					price := int64(49900 + 10000*(l%3))
					total += price
					if returned && l == 0 {
						refunds = append(refunds, "(?, ?, ?, ?, ?, ?, ?)")
						rargs = append(rargs, store.NewID(), id, shop.RefundManual, price, shop.RefundProcessed, created, created)
					}
					items = append(items, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
					iargs = append(iargs, store.NewID(), id, l, s[0], "v", s[1], "Report Tee", "black", "M", "/uploads/a.png", 1, price, preOrder, made)
				}
				orders = append(orders, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				oargs = append(oargs, id, 200000+i, "Chitra", "c@example.com", "Chitra", "c@example.com", "9000000003", "14 Residency Road",
					"Bengaluru", "Bengaluru Urban", "Karnataka", "560025", method, total, 0, 0, 0, total, status, stage, paid, delivered, created, created)
			}
			if err := exec(`INSERT INTO orders (id, order_no, user_name, user_email, shipping_name, shipping_email, shipping_phone,
				address, city, district, state, pin_code, payment_method, items_paise, shipping_paise, secure_fee_paise, discount_paise,
				total_paise, status, stage, is_paid, is_delivered, created_at, paid_at) VALUES `+strings.Join(orders, ", "), oargs...); err != nil {
				return err
			}
			if len(refunds) > 0 {
				if err := exec(`INSERT INTO refunds (id, order_id, method, amount_paise, status, created_at, updated_at) VALUES `+
					strings.Join(refunds, ", "), rargs...); err != nil {
					return err
				}
			}
			if err := exec(`INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name, variant_color,
				size, image, qty, price_paise, pre_order, mfg_date) VALUES `+strings.Join(items, ", "), iargs...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSummary100kOrders is the dashboard's answer over 100,000
// orders, for 30 and 90 days, on SQLite and, with HAAT_TEST_POSTGRES_URL,
// on PostgreSQL: the store's Summary, then GET /api/reports/summary asked
// over HTTP of the shop's handler as an admin (sessions, JSON and all),
// which is what the dashboard screen waits for.
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
		srv, admin := adminServer(b, d.DB)
		for _, days := range []int{30, 90} {
			b.Run(fmt.Sprintf("%s/http/days=%d", d.Name, days), func(b *testing.B) {
				for b.Loop() {
					resp, err := admin.Get(fmt.Sprintf("%s/api/reports/summary?days=%d", srv.URL, days))
					if err != nil {
						b.Fatal(err)
					}
					var s shop.Summary
					err = json.NewDecoder(resp.Body).Decode(&s)
					resp.Body.Close()
					if err != nil || resp.StatusCode != http.StatusOK || s.Orders == 0 {
						b.Fatalf("status %d, %d orders: %v", resp.StatusCode, s.Orders, err)
					}
				}
			})
		}
	}
}

// adminServer serves the shop on db over loopback and returns it with a
// client signed in as an admin.
func adminServer(b *testing.B, db *store.DB) (*httptest.Server, *http.Client) {
	b.Helper()
	srv := httptest.NewServer(api.New(api.Options{DB: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Brand: shop.DemoBrand(), App: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Haat</title>")}},
		UploadsDir: b.TempDir()}))
	b.Cleanup(srv.Close)
	hash, err := auth.HashPassword("a-long-password")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := db.InsertUser(ctx, shop.NewUser{Name: "Admin", Email: "admin@example.com", MobileNo: "9000000001",
		Role: shop.RoleAdmin}, hash, true); err != nil {
		b.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	admin := &http.Client{Jar: jar}
	resp, err := admin.Post(srv.URL+"/api/users/auth", "application/json",
		strings.NewReader(`{"loginId": "admin@example.com", "password": "a-long-password"}`))
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("sign-in: status %d", resp.StatusCode)
	}
	return srv, admin
}

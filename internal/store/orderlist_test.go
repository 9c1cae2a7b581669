package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// The order list's filters, on both databases: status (and to ship), the
// day placed, an order number, a customer, and a customer's own orders.
func TestListOrdersFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		day := time.Date(2026, 3, 1, 12, 0, 0, 0, shop.IST)
		cod, _ := placeOrder(t, db, shop.COD, day)
		online, _ := placeOrder(t, db, shop.Razorpay, day.AddDate(0, 0, 1))
		shipped, _ := placeOrder(t, db, shop.COD, day.AddDate(0, 0, 2))
		if _, err := db.ChangeOrder(ctx, shipped.ID, shop.Act{Transition: shop.Ship, At: day.AddDate(0, 0, 2),
			By: "Admin", Shipment: shop.Shipment{Courier: "Delhivery", TrackingNumber: "1"}}); err != nil {
			t.Fatal(err)
		}
		// The whole of 2 March in India.
		from, to := time.Date(2026, 3, 2, 0, 0, 0, 0, shop.IST), time.Date(2026, 3, 3, 0, 0, 0, 0, shop.IST)
		for _, tc := range []struct {
			name string
			f    shop.OrderFilter
			want []string
		}{
			{"all, newest first", shop.OrderFilter{}, []string{shipped.ID, online.ID, cod.ID}},
			{"shipped", shop.OrderFilter{Status: shop.StatusShipped}, []string{shipped.ID}},
			{"waiting for payment", shop.OrderFilter{Status: shop.StatusAwaitingPayment}, []string{online.ID}},
			{"to ship: placed COD, not an unpaid online order", shop.OrderFilter{Status: shop.StatusToShip}, []string{cod.ID}},
			{"one day", shop.OrderFilter{From: &from, To: &to}, []string{online.ID}},
			{"an order number", shop.OrderFilter{OrderNo: cod.OrderNo}, []string{cod.ID}},
			{"a customer's own", shop.OrderFilter{UserID: online.UserID}, []string{online.ID}},
			{"a customer by e-mail", shop.OrderFilter{Customer: online.UserEmail[:7]}, []string{online.ID}},
			{"a search with LIKE's wildcards is literal", shop.OrderFilter{Customer: "%"}, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.f.Page = 1
				page, err := db.ListOrders(ctx, tc.f)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, o := range page.Orders {
					got = append(got, o.ID)
				}
				if len(got) != len(tc.want) || page.Total != len(tc.want) {
					t.Fatalf("got %v (total %d), want %v", got, page.Total, tc.want)
				}
				for i := range got {
					if got[i] != tc.want[i] {
						t.Fatalf("got %v, want %v", got, tc.want)
					}
				}
			})
		}
		n, err := db.OrdersNeedingAction(ctx)
		if err != nil || n.ToShip != 1 || n.AwaitingConfirmation != 0 || n.ReturnRequested != 0 {
			t.Errorf("needing action: %+v, %v", n, err)
		}
	})
}

package store_test

import (
	"context"
	"fmt"
	"slices"
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

// The manufacturer's pre-order list, on both databases, a page at a time:
// only pre-orders that are COD or paid, those to make first (oldest first),
// then the made ones (the latest made first).
func TestPreOrdersPages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 3, 1, 12, 0, 0, 0, shop.IST)
		id := storetest.MustInsertProduct(t, db, shop.Product{Name: "Made Tee", Price: 49900, Published: true, CreatedAt: start,
			Variants: []shop.Variant{{VariantName: "red", Sizes: []shop.Size{{Size: "S", Stock: 0}, {Size: "M", Stock: 5}}}}})
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		user, err := db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: "maker-list@example.com", MobileNo: "9000012345",
			Role: shop.RoleCustomer}, "hash", true)
		if err != nil {
			t.Fatal(err)
		}
		place := func(method shop.PaymentMethod, size int, preOrder bool, at time.Time) shop.Order {
			t.Helper()
			prices := shop.PriceItems(49900, method)
			if preOrder {
				prices = shop.PriceBuyingItem(49900, method, true)
			}
			o, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: method, Now: at, PaymentHold: time.Hour, Prices: prices,
				Lines: []shop.OrderLine{{ProductID: id, SizeID: p.Variants[0].Sizes[size].ID, Qty: 1, PreOrder: preOrder}},
				Shipping: shop.ShippingAddress{ShippingName: "Asha", ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011",
					Address: "12 MG Road", City: "Pune", District: "Pune", State: "Maharashtra", PinCode: "411001"}})
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		const n = shop.OrderPageSize + 2
		var pre []string // oldest first
		for i := range n {
			pre = append(pre, place(shop.COD, 0, true, start.Add(time.Duration(i)*time.Minute)).ID)
		}
		place(shop.Razorpay, 0, true, start.Add(time.Hour)) // not paid: not to make yet
		// A COD pre-order the customer has not confirmed is not to make yet either.
		unconfirmed, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: shop.COD, Now: start.Add(time.Hour),
			CODConfirmation: shop.DefaultCODConfirmation(), Prices: shop.PriceBuyingItem(49900, shop.COD, true),
			Lines: []shop.OrderLine{{ProductID: id, SizeID: p.Variants[0].Sizes[0].ID, Qty: 1, PreOrder: true}},
			Shipping: shop.ShippingAddress{ShippingName: "Asha", ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011",
				Address: "12 MG Road", City: "Pune", District: "Pune", State: "Maharashtra", PinCode: "411001"}})
		if err != nil || unconfirmed.Status != shop.StatusAwaitingConfirmation {
			t.Fatalf("place an unconfirmed COD pre-order: %v (status %q)", err, unconfirmed.Status)
		}
		place(shop.COD, 1, false, start.Add(time.Hour)) // no pre-order in it
		// The 3rd oldest is made first, then the 5th.
		for i, which := range []int{2, 4} {
			if _, err := db.MarkManufactured(ctx, pre[which], "Maker", start.Add(time.Duration(2+i)*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		toMake := slices.Concat(pre[:2], pre[3:4], pre[5:])
		for _, tc := range []struct {
			name string
			page int
			want []string
		}{
			{"the first page: those to make, oldest first", 1, toMake},
			{"the second page: the made ones, the latest made first", 2, []string{pre[4], pre[2]}},
			{"past the last page", 3, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				page, err := db.PreOrders(ctx, tc.page)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, o := range page.Orders {
					got = append(got, o.ID)
				}
				if page.Total != n || page.Pages != 2 || page.Page != tc.page {
					t.Errorf("total %d, pages %d, page %d; want %d, 2, %d", page.Total, page.Pages, page.Page, n, tc.page)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("got %v, want %v", got, tc.want)
				}
			})
		}
	})
}

// Pages in a list's back half are read from its end: every page, front or
// back, full or not, holds the orders the list has there, each once.
func TestOrderPagesFrontAndBack(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		const n = 4*shop.OrderPageSize + 7
		if err := db.SeedOrders(ctx, n, time.Date(2026, 1, 1, 0, 0, 0, 0, shop.IST)); err != nil {
			t.Fatal(err)
		}
		var paged []string
		for page := 1; page <= 6; page++ {
			got, err := db.ListOrders(ctx, shop.OrderFilter{Page: page})
			if err != nil {
				t.Fatal(err)
			}
			if got.Total != n || got.Pages != 5 {
				t.Fatalf("page %d: total %d, pages %d; want %d, 5", page, got.Total, got.Pages, n)
			}
			for _, o := range got.Orders {
				paged = append(paged, o.ID)
			}
		}
		// SeedOrders makes order i at start + i seconds: newest first is i = n … 1.
		var want []string
		for i := n; i >= 1; i-- {
			want = append(want, fmt.Sprintf("o%d", i))
		}
		if !slices.Equal(paged, want) {
			t.Errorf("the pages hold %v, want %v", paged, want)
		}
	})
}

// A list of many orders keeps its count for a few seconds, and still shows
// a new order on its first page at once; a short list is counted exactly.
func TestLongOrderListsRememberTheirCount(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		if err := db.SeedOrders(ctx, 10_000, time.Date(2026, 1, 1, 0, 0, 0, 0, shop.IST)); err != nil {
			t.Fatal(err)
		}
		first, err := db.ListOrders(ctx, shop.OrderFilter{Page: 1})
		if err != nil || first.Total != 10_000 {
			t.Fatalf("total %d, %v; want 10000", first.Total, err)
		}
		placed, _ := placeOrder(t, db, shop.COD, time.Now())
		again, err := db.ListOrders(ctx, shop.OrderFilter{Page: 1})
		if err != nil {
			t.Fatal(err)
		}
		if again.Total != 10_000 || again.Orders[0].ID != placed.ID {
			t.Errorf("total %d, first %s; want the remembered 10000 and the new order %s first", again.Total, again.Orders[0].ID, placed.ID)
		}
		short, err := db.ListOrders(ctx, shop.OrderFilter{Page: 1, OrderNo: placed.OrderNo})
		if err != nil || short.Total != 1 {
			t.Errorf("the list of order %d counts %d, %v; want 1", placed.OrderNo, short.Total, err)
		}
	})
}

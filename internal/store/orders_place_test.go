package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// PlaceOrder answers the order as it wrote it, without reading it back:
// that answer must be the order Order reads, field for field, whatever the
// order's first status.
func TestPlacedOrderIsAsStored(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id := storetest.MustInsertProduct(t, db, shop.Product{Name: "Stored Tee", Price: 49900, Published: true, HSN: "6109",
			Variants: []shop.Variant{{VariantName: "Bottle green", Images: []string{"/uploads/a.png"},
				Sizes: []shop.Size{{Size: "M", Stock: 50}, {Size: "L", Stock: 0}}}}})
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		m, l := p.Variants[0].Sizes[0].ID, p.Variants[0].Sizes[1].ID
		for i, tc := range []struct {
			name   string
			method shop.PaymentMethod
			lines  []shop.OrderLine
			prices shop.Prices
			want   string
		}{
			{"COD, confirmation asked", shop.COD, []shop.OrderLine{{ProductID: id, SizeID: m, Qty: 2}},
				shop.PriceItems(2*49900, shop.COD), shop.StatusAwaitingConfirmation},
			{"online, payment awaited", shop.Razorpay, []shop.OrderLine{{ProductID: id, SizeID: m, Qty: 1}},
				shop.PriceItems(49900, shop.Razorpay), shop.StatusAwaitingPayment},
			{"a COD pre-order", shop.COD, []shop.OrderLine{{ProductID: id, SizeID: l, Qty: 1, PreOrder: true}},
				shop.PriceBuyingItem(49900, shop.COD, true), shop.StatusAwaitingConfirmation},
		} {
			t.Run(tc.name, func(t *testing.T) {
				user, err := db.InsertUser(ctx, shop.NewUser{Name: "Meera", Email: fmt.Sprintf("meera%d@example.com", i),
					MobileNo: fmt.Sprintf("900000%04d", i), Role: shop.RoleCustomer}, "hash", true)
				if err != nil {
					t.Fatal(err)
				}
				placed, created, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: tc.method, Lines: tc.lines,
					Now: time.Now(), PaymentHold: 30 * time.Minute, CODConfirmation: shop.DefaultCODConfirmation(),
					Prices: tc.prices, Shipping: shop.ShippingAddress{ShippingName: "Meera", ShippingEmail: "meera@example.com",
						ShippingPhoneNumber: "9000000012", Address: "4 Lake View", City: "Kochi", District: "Ernakulam",
						State: "Kerala", PinCode: "682001", Landmark: "Near the jetty", ShippingNote: "Call first"}})
				if err != nil || !created {
					t.Fatalf("PlaceOrder: %v (created %v)", err, created)
				}
				if placed.Status != tc.want {
					t.Errorf("status %q, want %q", placed.Status, tc.want)
				}
				stored, err := db.Order(ctx, placed.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(placed, stored) {
					t.Errorf("placed order differs from the stored one:\nplaced %+v\nstored %+v", placed, stored)
				}
			})
		}
	})
}

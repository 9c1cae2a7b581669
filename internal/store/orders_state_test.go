package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// customers numbers the customers placeOrder makes, for their e-mails and
// mobile numbers.
var customers atomic.Int64

// placeOrder places an order of one unit of a new product with stock 5,
// paid by method at placed, and returns it with the product's size id.
func placeOrder(t *testing.T, db *store.DB, method shop.PaymentMethod, placed time.Time) (shop.Order, string) {
	t.Helper()
	ctx := context.Background()
	id := storetest.MustInsertProduct(t, db, shop.Product{Name: "State Tee", Price: 49900, Published: true, CreatedAt: placed,
		Variants: []shop.Variant{{VariantName: "red", Sizes: []shop.Size{{Size: "M", Stock: 5}}}}})
	p, err := db.AnyProduct(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	n := customers.Add(1)
	user, err := db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: fmt.Sprintf("asha%d@example.com", n),
		MobileNo: fmt.Sprintf("90000%05d", n), Role: shop.RoleCustomer}, "hash", true)
	if err != nil {
		t.Fatal(err)
	}
	sizeID := p.Variants[0].Sizes[0].ID
	o, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: method, Now: placed, PaymentHold: 30 * time.Minute,
		Prices: shop.PriceItems(49900, method), Lines: []shop.OrderLine{{ProductID: id, SizeID: sizeID, Qty: 1}},
		Shipping: shop.ShippingAddress{ShippingName: "Asha", ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011",
			Address: "12 MG Road", City: "Pune", District: "Pune", State: "Maharashtra", PinCode: "411001"}})
	if err != nil {
		t.Fatal(err)
	}
	return o, sizeID
}

func stockLeft(t *testing.T, db *store.DB, productID string) int {
	t.Helper()
	p, err := db.AnyProduct(context.Background(), productID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Variants[0].Sizes[0].Stock
}

// A change is saved only over the state it was decided on: one decided
// before another change was saved writes nothing, and what it would have
// done besides (stock returned) is not done either.
func TestChangeSavedOnlyOverTheStateItWasDecidedOn(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now().Truncate(time.Millisecond)
		for _, tc := range []struct {
			name   string
			method shop.PaymentMethod
			// decide is the change decided on the order as first read; meanwhile
			// makes another change and is saved first.
			decide    func(o shop.Order) (shop.Change, error)
			meanwhile func(o shop.Order) error
			// want is the state the order must end in: the one meanwhile made.
			want func(s shop.State) bool
		}{
			{
				name:   "two admins mark one order paid",
				method: shop.COD,
				decide: func(o shop.Order) (shop.Change, error) {
					return o.Apply(shop.Act{Transition: shop.PayByAdmin, At: placed.Add(time.Minute)})
				},
				meanwhile: func(o shop.Order) error {
					_, err := db.MarkPaid(ctx, o.ID, "Admin", placed.Add(2*time.Minute))
					return err
				},
				want: func(s shop.State) bool { return s.IsPaid && s.PaidAt.Equal(placed.Add(2*time.Minute)) },
			},
			{
				name:   "an expiry decided before the payment came",
				method: shop.Razorpay,
				decide: func(o shop.Order) (shop.Change, error) {
					return o.Apply(shop.Act{Transition: shop.Expire, At: placed.Add(time.Hour)})
				},
				meanwhile: func(o shop.Order) error {
					if err := db.RecordProviderOrder(ctx, o.ID, "razorpay", "order_"+o.ID, o.Prices.Total, placed); err != nil {
						return err
					}
					_, err := db.RecordOnlinePayment(ctx, "order_"+o.ID, "pay_1", nil, placed.Add(40*time.Minute))
					return err
				},
				want: func(s shop.State) bool { return s.Status == shop.StatusPlaced && s.IsPaid },
			},
		} {
			t.Run(tc.name, func(t *testing.T) {
				o, _ := placeOrder(t, db, tc.method, placed)
				productID := o.Items[0].ProductID
				stale, err := tc.decide(o)
				if err != nil {
					t.Fatalf("the change is refused on the order as placed: %v", err)
				}
				if err := tc.meanwhile(o); err != nil {
					t.Fatal(err)
				}
				saved, err := db.SaveChange(ctx, o, shop.Act{}, stale)
				if err != nil || saved {
					t.Fatalf("a change decided on a state that moved on: saved %v, %v", saved, err)
				}
				after, err := db.Order(ctx, o.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !tc.want(after.State) {
					t.Errorf("the stale change was written: %+v", after.State)
				}
				if n := stockLeft(t, db, productID); n != 4 {
					t.Errorf("stock %d, want 4: the order still holds its unit", n)
				}
				// Decided again on the state as it is, the change is saved or refused.
				deliver := shop.Act{Transition: shop.Deliver, At: placed.Add(3 * time.Hour), By: "Admin"}
				if c, err := after.Apply(deliver); err == nil {
					if saved, err := db.SaveChange(ctx, after, deliver, c); err != nil || !saved {
						t.Errorf("a change decided on the current state: saved %v, %v", saved, err)
					}
				}
			})
		}
	})
}

// Admins pressing one button at once change the order once; every other
// press is told why not, as if it had come after.
func TestRacingAdminsChangeAnOrderOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		placed := time.Now()
		for _, tc := range []struct {
			name    string
			press   func(ctx context.Context, id, by string, at time.Time) (shop.Order, error)
			before  func(id string) error
			refusal error
		}{
			{"Payment Received", db.MarkPaid, func(string) error { return nil }, shop.ErrAlreadyPaid},
			{"Mark As Delivered", db.MarkDelivered, func(id string) error {
				_, err := db.MarkPaid(ctx, id, "Admin", placed)
				return err
			}, shop.ErrAlreadyDelivered},
		} {
			t.Run(tc.name, func(t *testing.T) {
				o, _ := placeOrder(t, db, shop.COD, placed)
				if err := tc.before(o.ID); err != nil {
					t.Fatal(err)
				}
				const admins = 6
				errs := make([]error, admins)
				var wg sync.WaitGroup
				for i := range admins {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, errs[i] = tc.press(ctx, o.ID, "Admin", placed.Add(time.Duration(i+1)*time.Minute))
					}()
				}
				wg.Wait()
				oneWon(t, errs, tc.refusal)
			})
		}
	})
}

// oneWon checks that of racers whose errors are errs exactly one won and
// every other was refused with refusal.
func oneWon(t *testing.T, errs []error, refusal error) {
	t.Helper()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, refusal):
			t.Errorf("a racer failed otherwise: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d racers won, want 1: %v", won, errs)
	}
}

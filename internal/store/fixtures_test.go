package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// shipping is a valid address for the orders of tests.
var shipping = shop.ShippingAddress{ShippingName: "Asha", ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011",
	Address: "12 MG Road", City: "Pune", District: "Pune", State: "Maharashtra", PinCode: "411001"}

// customerAndSize adds a customer and a product of one size with stock, for
// tests that place orders.
func customerAndSize(t *testing.T, db *store.DB, name string, stock int) (user shop.User, productID, sizeID string) {
	t.Helper()
	ctx := context.Background()
	productID = storetest.MustInsertProduct(t, db, shop.Product{Name: name, Price: 49900, Published: true, CreatedAt: time.Now(),
		Variants: []shop.Variant{{VariantName: "red", Sizes: []shop.Size{{Size: "M", Stock: stock}}}}})
	p, err := db.AnyProduct(ctx, productID)
	if err != nil {
		t.Fatal(err)
	}
	user, err = db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: "asha@example.com", MobileNo: "9000000011",
		Role: shop.RoleCustomer}, "hash", true)
	if err != nil {
		t.Fatal(err)
	}
	return user, productID, p.Variants[0].Sizes[0].ID
}

package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// Search ranks a product sold out below one in stock, and the better
// rated above, as soon as the sale, the cancellation or the review has
// committed: the search mirror reloads what the revision says changed.
func TestSearchRankFollowsStockAndReviews(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		older := storetest.MustInsertProduct(t, db, tee("Alpha Polo", 1, []string{"men"}, 5))
		newer := storetest.MustInsertProduct(t, db, tee("Beta Polo", 2, []string{"men"}, 1, 0))
		want := func(when string, order ...string) {
			t.Helper()
			if got := found(t, db, "polo"); !slices.Equal(got, order) {
				t.Errorf("%s polo finds %q, want %q", when, got, order)
			}
		}
		want("at first (newest first)", "Beta Polo", "Alpha Polo")

		p, err := db.AnyProduct(ctx, newer)
		if err != nil {
			t.Fatal(err)
		}
		user := customer(t, db, "meera@example.com", "9000000012")
		o, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: shop.COD, Now: time.Now(),
			Lines:       []shop.OrderLine{{ProductID: newer, SizeID: p.Variants[0].Sizes[0].ID, Qty: 1}},
			PaymentHold: 30 * time.Minute, CODConfirmation: shop.DefaultCODConfirmation(), Prices: shop.PriceItems(49900, shop.COD),
			Shipping: homeIn("Kochi")})
		if err != nil {
			t.Fatal(err)
		}
		want("once its last unit is sold", "Alpha Polo", "Beta Polo")

		if _, err := db.CancelOrder(ctx, o.ID, shop.Act{At: time.Now(), By: "Asha (admin)", Admin: true, Note: "Out of stock"}); err != nil {
			t.Fatal(err)
		}
		want("once the order is cancelled", "Beta Polo", "Alpha Polo")

		if err := db.AddReview(ctx, older, user, shop.NewReview{Rating: 5, Comment: "Lovely"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		want("once the older is reviewed", "Alpha Polo", "Beta Polo")
	})
}

// Two instances on one database: what one writes, the other's search
// shows at its next search, though its mirror was built before.
func TestSearchMirrorFollowsAnotherInstance(t *testing.T) {
	a, b := storetest.Instances(t)
	storetest.MustInsertProduct(t, a, tee("Waffle Henley", 1, []string{"men"}, 3))
	if got := found(t, b, "henley"); !slices.Equal(got, []string{"Waffle Henley"}) {
		t.Fatalf("b finds %q", got)
	}
	id := storetest.MustInsertProduct(t, a, tee("Linen Kurta", 2, []string{"ethnic"}, 3))
	if got := found(t, b, "kurta"); !slices.Equal(got, []string{"Linen Kurta"}) {
		t.Errorf("b finds %q for a product a stored since", got)
	}
	p, err := a.AnyProduct(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.UpdateProduct(ctx, id, p.StockVersion(), shop.ProductChange{Name: "Khadi Shirt", Price: 100,
		Tags: []string{"ethnic"}, Variants: []shop.Variant{{VariantName: "Indigo", Images: []string{"/uploads/a.png"},
			Sizes: []shop.Size{{Size: "M", Stock: 1}}}}}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for keyword, want := range map[string][]string{"kurta": {}, "khadi": {"Khadi Shirt"}, "indigo": {"Khadi Shirt"}} {
		if got := found(t, b, keyword); !slices.Equal(got, want) {
			t.Errorf("after a renamed it, b finds %q for %q, want %q", got, keyword, want)
		}
	}
	if err := a.DeleteProduct(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got := found(t, b, "khadi"); len(got) != 0 {
		t.Errorf("after a deleted it, b finds %q", got)
	}
	if page, err := b.ListProducts(ctx, shop.Search{Keyword: "khadj"}, shop.ProductFilter{}, 1); err != nil || page.Corrected != "" {
		t.Errorf("b corrects khadj to %q (%v), a word of a deleted product", page.Corrected, err)
	}
}

package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestReviews(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		id := seedCatalogue(t, db) // Tee 01 has one review rated 2
		guest := h.client(t)
		a := h.signIn(t, shop.RoleCustomer, "anu@example.in", "9100000001")
		b := h.signIn(t, shop.RoleManufacturer, "bala@example.in", "9100000002")

		guest.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 5, "comment": "Great"}, 401, nil)
		for _, bad := range []struct {
			name   string
			review map[string]any
		}{
			{"a rating of 0", map[string]any{"rating": 0, "comment": "x"}},
			{"a rating of 6", map[string]any{"rating": 6, "comment": "x"}},
			{"a blank comment", map[string]any{"rating": 4, "comment": "  "}},
			{"a comment over 250 characters", map[string]any{"rating": 4, "comment": strings.Repeat("é", 251)}},
			{"a rating that is not whole", map[string]any{"rating": 4.5, "comment": "x"}},
		} {
			t.Run(bad.name, func(t *testing.T) {
				a.do(t, "POST", "/api/products/"+id+"/reviews", bad.review, 400, nil)
			})
		}
		var m message
		a.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 5, "comment": strings.Repeat("é", 250)}, 201, &m)
		if m.Message != "Review Submitted!" {
			t.Errorf("review: %q", m.Message)
		}
		a.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 1, "comment": "again"}, 409, &m)
		if m.Message != "Product already reviewed" {
			t.Errorf("second review: %q", m.Message)
		}
		h.clock.advance(time.Second)
		b.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 4, "comment": "Good"}, 201, nil)
		a.do(t, "POST", "/api/products/"+store.NewID()+"/reviews", map[string]any{"rating": 4, "comment": "Good"}, 404, nil)

		var p productJSON
		h.getJSON(t, "/api/products/"+id, 200, &p)
		if p.NumReviews != 3 || p.Rating != 3.67 || len(p.Reviews) != 3 || p.Reviews[0].Name != "Bala" {
			t.Errorf("after reviews 2, 5, 4: rating %v over %d, reviews %+v; want 3.67 over 3", p.Rating, p.NumReviews, p.Reviews)
		}
	})
}

// A review says "Verified purchase" when its writer has a paid order of the
// product; an order placed but not paid, or of another product, does not count.
func TestReviewVerifiedPurchase(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Review Tee", 49900, map[string]int{"M": 10})
		other := stockedProduct(t, db, "Other Tee", 49900, map[string]int{"M": 10})
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		buyer := h.signIn(t, shop.RoleCustomer, "buyer@example.com", "9000000003")
		waiting := h.signIn(t, shop.RoleCustomer, "waiting@example.com", "9000000004")
		elsewhere := h.signIn(t, shop.RoleCustomer, "elsewhere@example.com", "9000000005")
		var res placed
		buyer.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &res)
		admin.do(t, "PUT", "/api/orders/"+res.Data.ID+"/pay", map[string]any{"id": "cash", "status": "received"}, 200, nil)
		waiting.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, nil)
		elsewhere.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, other.line("M", 1)), 201, &res)
		admin.do(t, "PUT", "/api/orders/"+res.Data.ID+"/pay", map[string]any{"id": "cash", "status": "received"}, 200, nil)

		for _, c := range []*client{buyer, waiting, elsewhere} {
			h.clock.advance(time.Second)
			c.do(t, "POST", "/api/products/"+tee.productID+"/reviews", map[string]any{"rating": 4, "comment": "Good"}, 201, nil)
		}
		var p struct {
			Reviews []struct {
				Name             string `json:"name"`
				VerifiedPurchase bool   `json:"verifiedPurchase"`
			} `json:"reviews"`
		}
		var mine struct{ Reviewed bool }
		buyer.do(t, "GET", "/api/products/"+tee.productID+"/reviews/mine", nil, 200, &mine)
		if !mine.Reviewed {
			t.Error("the buyer's review is not found as theirs")
		}
		buyer.do(t, "GET", "/api/products/"+other.productID+"/reviews/mine", nil, 200, &mine)
		if mine.Reviewed {
			t.Error("a product the buyer did not review counts as reviewed")
		}
		h.client(t).do(t, "GET", "/api/products/"+tee.productID+"/reviews/mine", nil, 401, nil)

		h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
		// Newest first: elsewhere, waiting, buyer.
		if len(p.Reviews) != 3 || !p.Reviews[2].VerifiedPurchase || p.Reviews[1].VerifiedPurchase || p.Reviews[0].VerifiedPurchase {
			t.Errorf("reviews: %+v, want only the buyer's (the oldest) verified", p.Reviews)
		}
	})
}

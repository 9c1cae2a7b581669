package api_test

import (
	"fmt"
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

// A product's answer carries its newest reviews; GET .../reviews/page/{n} pages
// through all of them, newest first, and sees a new one at once.
func TestReviewPages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := shop.Product{Name: "Much Reviewed", Price: 49900, Published: true, CreatedAt: h.clock.now().Add(-time.Hour),
			Variants: []shop.Variant{{VariantName: "red", Images: []string{"/uploads/a.png"}, Sizes: []shop.Size{{Size: "M", Stock: 5}}}}}
		for i := range shop.ReviewsShown + 1 {
			p.Reviews = append(p.Reviews, shop.Review{Name: fmt.Sprintf("Reviewer %02d", i), Rating: 4, Comment: "Fine",
				CreatedAt: h.clock.now().Add(time.Duration(i-100) * time.Minute)})
		}
		id := storetest.MustInsertProduct(t, db, p)
		type page struct {
			Reviews            []struct{ Name string }
			Page, Pages, Total int
		}
		var product productJSON
		h.getJSON(t, "/api/products/"+id, 200, &product)
		if len(product.Reviews) != shop.ReviewsShown || product.NumReviews != shop.ReviewsShown+1 {
			t.Errorf("product answer: %d of %d reviews, want %d of %d", len(product.Reviews), product.NumReviews,
				shop.ReviewsShown, shop.ReviewsShown+1)
		}
		var second page
		h.getJSON(t, "/api/products/"+id+"/reviews/page/2", 200, &second)
		if len(second.Reviews) != 1 || second.Reviews[0].Name != "Reviewer 00" || second.Page != 2 || second.Pages != 2 ||
			second.Total != shop.ReviewsShown+1 {
			t.Errorf("second page: %+v; want the oldest review alone, of 2 pages", second)
		}

		c := h.signIn(t, shop.RoleCustomer, "anu@example.in", "9100000001")
		c.do(t, "POST", "/api/products/"+id+"/reviews", map[string]any{"rating": 5, "comment": "Newest"}, 201, nil)
		var first page
		h.getJSON(t, "/api/products/"+id+"/reviews/page/1", 200, &first)
		if len(first.Reviews) != shop.ReviewsShown || first.Reviews[0].Name != "Anu" || first.Total != shop.ReviewsShown+2 {
			t.Errorf("first page after a new review: %+v", first)
		}

		for _, tc := range []struct {
			name, path, message string
			status              int
		}{
			{"an unknown product", "/api/products/" + store.NewID() + "/reviews/page/1", "Product not found", 404},
			{"a page number past the limit", "/api/products/" + id + "/reviews/page/100001", "pageNumber must be at most 100000", 400},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var m message
				h.getJSON(t, tc.path, tc.status, &m)
				if m.Message != tc.message {
					t.Errorf("message %q, want %q", m.Message, tc.message)
				}
			})
		}
	})
}

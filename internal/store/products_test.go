package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

var ctx = context.Background()

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// tee makes a published product with one variant whose sizes have the given
// stock, created at minute `age` after epoch (higher is newer).
func tee(name string, age int, tags []string, stock ...int) shop.Product {
	sizes := []shop.Size{}
	for i, n := range stock {
		sizes = append(sizes, shop.Size{Size: []string{"S", "M", "L", "XL", "XXL"}[i], Stock: n})
	}
	return shop.Product{Published: true,
		Name: name, Description: "A comfortable cotton t-shirt.", Price: 49900, Tags: tags,
		CreatedAt: epoch.Add(time.Duration(age) * time.Minute),
		Variants:  []shop.Variant{{VariantName: "black", Images: []string{"/uploads/a.png"}, Sizes: sizes}},
	}
}

func names(ps []shop.Product) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func TestListProductsPaging(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for i := 1; i <= 30; i++ {
			storetest.MustInsertProduct(t, db, tee(fmt.Sprintf("Tee %02d", i), i, []string{"men"}, 5))
		}
		draft := tee("Draft tee", 99, []string{"men"}, 5)
		draft.Published = false
		storetest.MustInsertProduct(t, db, draft)

		cases := []struct {
			page      int
			wantPage  int
			wantFirst string
			wantLen   int
		}{
			{1, 1, "Tee 30", 12},
			{2, 2, "Tee 18", 12},
			{3, 3, "Tee 06", 6},
			{4, 4, "", 0}, // past the end: empty, with the right page count
			{0, 1, "Tee 30", 12},
			{-3, 1, "Tee 30", 12},
		}
		for _, c := range cases {
			got, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, c.page)
			if err != nil {
				t.Fatal(err)
			}
			if got.Page != c.wantPage || got.Pages != 3 || len(got.Products) != c.wantLen {
				t.Errorf("page %d: got page %d of %d with %d products, want page %d of 3 with %d",
					c.page, got.Page, got.Pages, len(got.Products), c.wantPage, c.wantLen)
			}
			if c.wantLen > 0 && got.Products[0].Name != c.wantFirst {
				t.Errorf("page %d starts with %q, want %q (newest first)", c.page, got.Products[0].Name, c.wantFirst)
			}
			if slices.Contains(names(got.Products), "Draft tee") {
				t.Errorf("page %d shows a draft product", c.page)
			}
		}
	})
}

func TestListProductsKeywordIsPlainText(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for i, n := range []string{
			"100% Cotton Tee", "Under_score Tee", "O'Brien Quote Tee", "Regex (.*) Tee",
			"हिंदी टी-शर्ट", "Café Crew", "Back\\slash Tee", "Plain Tee",
		} {
			storetest.MustInsertProduct(t, db, tee(n, i, []string{"plain"}, 1))
		}
		polo := tee("Classic Collar", 20, []string{"polo", "men"}, 1)
		storetest.MustInsertProduct(t, db, polo)
		described := tee("Everyday Crew", 21, []string{"men"}, 1)
		described.Description = "Soft pique knit with a ribbed hem."
		storetest.MustInsertProduct(t, db, described)

		cases := []struct {
			keyword string
			want    []string
		}{
			{"%", []string{"100% Cotton Tee"}},
			{"_", []string{"Under_score Tee"}},
			{"'", []string{"O'Brien Quote Tee"}},
			{".*", []string{"Regex (.*) Tee"}},
			{"(", []string{"Regex (.*) Tee"}},
			{`\`, []string{"Back\\slash Tee"}},
			{"टी", []string{"हिंदी टी-शर्ट"}},
			{"CAFÉ", []string{"Café Crew"}},
			{"  POLO ", []string{"Classic Collar"}}, // a tag, trimmed, any case
			{"PIQUE", []string{"Everyday Crew"}},    // the description
			{"%%_'", []string{}},                    // nothing, not everything
			{"zzz-nothing", []string{}},
		}
		for _, c := range cases {
			got, err := db.ListProducts(ctx, shop.Search{Keyword: c.keyword}, shop.ProductFilter{}, 1)
			if err != nil {
				t.Fatalf("keyword %q: %v", c.keyword, err)
			}
			if !slices.Equal(names(got.Products), c.want) {
				t.Errorf("keyword %q found %q, want %q", c.keyword, names(got.Products), c.want)
			}
			if got.Pages != 1 {
				t.Errorf("keyword %q: pages %d, want 1", c.keyword, got.Pages)
			}
		}
	})
}

func TestCategoryAndTop(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		rated := func(name string, age int, ratings ...int) shop.Product {
			p := tee(name, age, []string{"graphic"}, 3)
			for _, r := range ratings {
				p.Reviews = append(p.Reviews, shop.Review{Name: "Ravi K", Rating: r, Comment: "ok", CreatedAt: epoch})
			}
			return p
		}
		storetest.MustInsertProduct(t, db, rated("Many fours", 1, 4, 4, 4, 4, 4, 4)) // avg 4, sum 24
		storetest.MustInsertProduct(t, db, rated("Two fives", 2, 5, 5))              // avg 5
		soldOut := rated("Sold out fives", 9, 5, 5, 5)                               // avg 5, no stock in any size
		soldOut.Variants[0].Sizes = []shop.Size{{Size: "S"}, {Size: "M"}}
		storetest.MustInsertProduct(t, db, soldOut)
		storetest.MustInsertProduct(t, db, rated("Four and a half", 3, 5, 4))      // avg 4.5
		storetest.MustInsertProduct(t, db, rated("One three", 4, 3))               // avg 3
		storetest.MustInsertProduct(t, db, rated("Unrated", 5))                    // 0
		storetest.MustInsertProduct(t, db, rated("Three and a third", 6, 3, 3, 4)) // 3.33
		storetest.MustInsertProduct(t, db, tee("Polo One", 7, []string{"polo", "men"}, 0))
		storetest.MustInsertProduct(t, db, tee("Polo Two", 8, []string{"women", "polo"}, 2))

		top, err := db.TopProducts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantTop := []string{"Two fives", "Four and a half", "Many fours", "Three and a third", "One three"}
		if !slices.Equal(names(top), wantTop) {
			t.Errorf("top = %q, want %q (by average, not sum; none sold out in every size)", names(top), wantTop)
		}
		if top[1].Rating != 4.5 || top[1].NumReviews != 2 || top[3].Rating != 3.33 {
			t.Errorf("ratings %v/%d and %v, want 4.5/2 and 3.33", top[1].Rating, top[1].NumReviews, top[3].Rating)
		}

		for _, category := range []string{"polo", "Polo", " POLO "} {
			polos, err := db.CategoryProducts(ctx, category, shop.ProductFilter{}, 1)
			if err != nil {
				t.Fatal(err)
			}
			if want := []string{"Polo Two", "Polo One"}; !slices.Equal(names(polos.Products), want) || polos.Pages != 1 {
				t.Errorf("category %q = %q in %d pages, want %q in 1", category, names(polos.Products), polos.Pages, want)
			}
		}
		none, err := db.CategoryProducts(ctx, "pol", shop.ProductFilter{}, 1)
		if err != nil || len(none.Products) != 0 {
			t.Errorf("category 'pol' = %q, %v; want no products (whole tags only)", names(none.Products), err)
		}
	})
}

func TestProductDetail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		p := shop.Product{Published: true,
			Name: "Henley", Description: "Buttons.", Price: 129950, Tags: []string{"men", "henley"}, TotalSold: 41,
			Variants: []shop.Variant{
				{VariantName: "navy", Images: []string{"/uploads/n1.png", "/uploads/n2.png"},
					Sizes: []shop.Size{{Size: "S", Stock: 3}, {Size: "M", Stock: 0}, {Size: "L", Stock: 7}}},
				{VariantName: "white", Images: []string{"/uploads/w1.png"}, Sizes: []shop.Size{{Size: "XL", Stock: 2}}},
			},
			Reviews: []shop.Review{
				{Name: "Asha P", Rating: 5, Comment: "Lovely", CreatedAt: epoch},
				{Name: "Ravi K", Rating: 2, Comment: "Shrank", CreatedAt: epoch.Add(time.Hour)},
			},
		}
		id := storetest.MustInsertProduct(t, db, p)
		got, err := db.Product(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != id || got.Name != "Henley" || got.Price != 129950 || got.TotalSold != 41 {
			t.Errorf("product = %+v", got)
		}
		if got.TotalInStock != 12 {
			t.Errorf("totalInStock = %d, want 12 (3+0+7+2)", got.TotalInStock)
		}
		if got.Rating != 3.5 || got.NumReviews != 2 || len(got.Reviews) != 2 || got.Reviews[0].Name != "Ravi K" {
			t.Errorf("rating %v over %d reviews %+v; want 3.5 over 2, newest first", got.Rating, got.NumReviews, got.Reviews)
		}
		if !slices.Equal(got.Tags, []string{"men", "henley"}) {
			t.Errorf("tags = %q", got.Tags)
		}
		if len(got.Variants) != 2 || got.Variants[0].VariantName != "navy" ||
			!slices.Equal(got.Variants[0].Images, []string{"/uploads/n1.png", "/uploads/n2.png"}) ||
			len(got.Variants[0].Sizes) != 3 || got.Variants[0].Sizes[2].Size != "L" || got.Variants[0].Sizes[2].Stock != 7 ||
			got.Variants[1].Sizes[0].ID == "" || !store.ValidID(got.Variants[1].ID) {
			t.Errorf("variants = %+v", got.Variants)
		}

		if got.MRP != nil || got.Variants[0].Swatch != "#000080" || got.SizeChart != "" {
			t.Errorf("without an MRP, a swatch or a size chart: mrp %v, swatch %q, chart %q", got.MRP, got.Variants[0].Swatch, got.SizeChart)
		}
		mrp := shop.Paise(149900)
		c := shop.ProductChange{Name: "Henley", Price: 129950, MRP: &mrp, SizeChart: "M: chest 40 in", Variants: []shop.Variant{
			{ID: got.Variants[0].ID, VariantName: "Bottle green", Swatch: "#006a4e", Images: []string{"/uploads/n1.png"}, Sizes: got.Variants[0].Sizes},
		}}
		if _, err := db.UpdateProduct(ctx, id, got.StockVersion(), c, epoch); err != nil {
			t.Fatal(err)
		}
		got, err = db.Product(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.MRP == nil || *got.MRP != mrp || got.SizeChart != "M: chest 40 in" ||
			got.Variants[0].VariantName != "Bottle green" || got.Variants[0].Swatch != "#006a4e" {
			t.Errorf("after the edit: mrp %v, chart %q, variants %+v", got.MRP, got.SizeChart, got.Variants)
		}

		draft := tee("Draft", 1, nil, 1)
		draft.Published = false
		draftID := storetest.MustInsertProduct(t, db, draft)
		for _, bad := range []string{store.NewID(), "not-an-id", "", "'; DROP TABLE products; --", draftID} {
			if _, err := db.Product(ctx, bad); !errors.Is(err, shop.ErrProductNotFound) {
				t.Errorf("Product(%q) error = %v, want shop.ErrProductNotFound", bad, err)
			}
		}
	})
}

// A product's answer, alone or in a list, carries its newest ReviewsShown
// reviews, however many it has; the rest are read a page at a time, newest
// first, on both databases.
func TestProductReviewsNewestAndPaged(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		const n = shop.ReviewsShown + 3
		many := tee("Much Reviewed", 2, []string{"men"}, 5)
		for i := range n {
			many.Reviews = append(many.Reviews, shop.Review{Name: fmt.Sprintf("Reviewer %02d", i), Rating: 1 + i%5,
				Comment: "Fine", CreatedAt: epoch.Add(time.Duration(i) * time.Hour)})
		}
		id := storetest.MustInsertProduct(t, db, many)
		few := tee("Little Reviewed", 1, []string{"men"}, 5)
		few.Reviews = []shop.Review{{Name: "Only One", Rating: 4, Comment: "Good", CreatedAt: epoch}}
		storetest.MustInsertProduct(t, db, few)
		// Reviewer 12 wrote last: the newest come first.
		newest := func(from, count int) []string {
			var out []string
			for i := from; i > from-count; i-- {
				out = append(out, fmt.Sprintf("Reviewer %02d", i))
			}
			return out
		}
		reviewers := func(rs []shop.Review) []string {
			var out []string
			for _, r := range rs {
				out = append(out, r.Name)
			}
			return out
		}

		got, err := db.Product(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if want := newest(n-1, shop.ReviewsShown); !slices.Equal(reviewers(got.Reviews), want) || got.NumReviews != n {
			t.Errorf("product answer: %v of %d reviews; want %v of %d", reviewers(got.Reviews), got.NumReviews, want, n)
		}
		list, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Products) != 2 || len(list.Products[0].Reviews) != shop.ReviewsShown || len(list.Products[1].Reviews) != 1 {
			t.Errorf("list: %d products, reviews %v", len(list.Products), list.Products)
		}

		for _, tc := range []struct {
			name string
			page int
			want []string
		}{
			{"the first page is the product's own", 1, newest(n-1, shop.ReviewsShown)},
			{"the second page holds the oldest", 2, newest(2, 3)},
			{"past the last page, none", 3, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				page, err := db.Reviews(ctx, id, tc.page)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(reviewers(page.Reviews), tc.want) || page.Total != n || page.Pages != 2 || page.Page != tc.page {
					t.Errorf("page %d: %v (total %d, pages %d); want %v (total %d, pages 2)",
						page.Page, reviewers(page.Reviews), page.Total, page.Pages, tc.want, n)
				}
			})
		}

		draft := tee("Draft", 3, nil, 1)
		draft.Published = false
		draftID := storetest.MustInsertProduct(t, db, draft)
		for _, bad := range []string{store.NewID(), "not-an-id", draftID} {
			if _, err := db.Reviews(ctx, bad, 1); !errors.Is(err, shop.ErrProductNotFound) {
				t.Errorf("Reviews(%q): %v, want shop.ErrProductNotFound", bad, err)
			}
		}
	})
}

// A page costs the same number of queries whether it holds 2 products or 12
// with many variants each: nothing is loaded per product.
func TestListProductsQueryCountIsFixed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		count := func(keyword string) (int64, int) {
			before := db.QueryCount()
			page, err := db.ListProducts(ctx, shop.Search{Keyword: keyword}, shop.ProductFilter{}, 1)
			if err != nil {
				t.Fatal(err)
			}
			return db.QueryCount() - before, len(page.Products)
		}
		storetest.MustInsertProduct(t, db, tee("Small one", 0, []string{"rare"}, 1))
		storetest.MustInsertProduct(t, db, tee("Small two", 1, []string{"rare"}, 1))
		for i := 0; i < 20; i++ {
			p := tee(fmt.Sprintf("Big %d", i), 10+i, []string{"common", "men"}, 1, 2, 3, 4, 5)
			p.Variants = append(p.Variants, p.Variants[0], p.Variants[0], p.Variants[0])
			p.Reviews = []shop.Review{{Name: "A", Rating: 4, Comment: "x"}, {Name: "B", Rating: 5, Comment: "y"}}
			storetest.MustInsertProduct(t, db, p)
		}
		// The synonyms are read once per catalogue version, not per page,
		// and the search mirror built at the first search after start.
		if _, err := db.Settings(ctx); err != nil {
			t.Fatal(err)
		}
		found(t, db, "men")
		small, n := count("small")
		if n != 2 {
			t.Fatalf("small page has %d products", n)
		}
		big, n := count("big")
		if n != 12 {
			t.Fatalf("big page has %d products", n)
		}
		if small != big || big > 8 {
			t.Errorf("queries: %d for 2 products, %d for 12 with 4 variants each; want equal and at most 8", small, big)
		}
		t.Logf("a page of products costs %d queries", big)
	})
}

package store_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// listsScale is the size of the catalogue, and of the user list, that the
// lists are timed at (issue 21: any page, first or last, p50 under 5 ms).
const listsScale = 100_000

var benchColours = []string{"black", "white", "navy", "maroon", "teal", "olive", "tan", "gray", "red", "indigo"}

// insertRows sends rows (each of the same width) as multi-row INSERTs of
// at most 1,000 rows, in the transaction of exec.
func insertRows(exec func(string, ...any) error, head string, rows [][]any) error {
	for len(rows) > 0 {
		batch := rows[:min(1000, len(rows))]
		rows = rows[len(batch):]
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(batch[0])), ", ") + ")"
		values := strings.TrimSuffix(strings.Repeat(one+", ", len(batch)), ", ")
		var args []any
		for _, r := range batch {
			args = append(args, r...)
		}
		if err := exec(head+" VALUES "+values, args...); err != nil {
			return fmt.Errorf("%s: %w", head, err)
		}
	}
	return nil
}

// generateLists fills db with n products (two colours of five sizes each, a
// quarter tagged graphic, one in fifty a draft, prices and ratings spread
// out) and n users, straight into the tables: through InsertProduct it
// would take an hour.
func generateLists(b *testing.B, db *store.DB, n int) {
	b.Helper()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
		var products, tags, variants, images, sizes, users [][]any
		for i := range n {
			id := store.NewID()
			name := fmt.Sprintf("Generated Tee %d", i)
			audience := []string{"men", "women", "kids", "unisex"}[i%4]
			reviews := i % 9
			products = append(products, []any{id, name, "A generated tee.", 29900 + (i*7919)%200000,
				reviews * (1 + i%5), reviews, i % 50, i%50 != 0,
				shop.SearchText(name, "A generated tee.", []string{audience}), start + int64(i)*1000, start})
			tags = append(tags, []any{id, 0, audience})
			if i%4 == 0 {
				tags = append(tags, []any{id, 1, "graphic"})
			}
			for v := range 2 {
				vid := store.NewID()
				variants = append(variants, []any{vid, id, v, benchColours[(i+3*v)%len(benchColours)]})
				images = append(images, []any{vid, 0, "/uploads/demo/tee.png"})
				for k, code := range []string{"S", "M", "L", "XL", "XXL"} {
					sizes = append(sizes, []any{store.NewID(), vid, k, code, (i + k + v) % 7})
				}
			}
			users = append(users, []any{store.NewID(), fmt.Sprintf("Shopper %d", i), fmt.Sprintf("shopper%d@example.com", i),
				fmt.Sprintf("9%09d", i), "hash", start + int64(i)*1000, start})
		}
		for _, t := range []struct {
			head string
			rows [][]any
		}{
			{`INSERT INTO products (id, name, description, price_paise, rating_total, num_reviews, total_sold, published,
				search_text, created_at, updated_at)`, products},
			{`INSERT INTO product_tags (product_id, position, tag)`, tags},
			{`INSERT INTO variants (id, product_id, position, variant_name)`, variants},
			{`INSERT INTO variant_images (variant_id, position, path)`, images},
			{`INSERT INTO sizes (id, variant_id, position, size, stock)`, sizes},
			{`INSERT INTO users (id, name, email, mobile_no, password_hash, created_at, updated_at)`, users},
		} {
			if err := insertRows(exec, t.head, t.rows); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		// Both planners choose by statistics, as a shop's database has them.
		err = db.ExecInTx(ctx, func(exec func(string, ...any) error) error { return exec(`ANALYZE`) })
	}
	if err != nil {
		b.Fatalf("generate %d products: %v", n, err)
	}
}

// BenchmarkLists100k times the first and the last page of every list this
// branch pages, at 100,000 products and users, on each database, and
// reports the median of the runs (p50-ms) beside Go's mean. make bench
// runs it.
func BenchmarkLists100k(b *testing.B) {
	type list struct {
		name string
		page func(page int) (pages int, err error)
	}
	for _, d := range storetest.Each(b) {
		db := d.DB
		generateLists(b, db, listsScale)
		products := func(keyword string, f shop.ProductFilter) func(int) (int, error) {
			return func(page int) (int, error) {
				p, err := db.ListProducts(ctx, shop.Search{Keyword: keyword}, f, page)
				return p.Pages, err
			}
		}
		lists := []list{
			{"home-newest", products("", shop.ProductFilter{})},
			{"home-price-asc", products("", shop.ProductFilter{Sort: shop.SortPriceAsc})},
			{"home-price-desc", products("", shop.ProductFilter{Sort: shop.SortPriceDesc})},
			{"home-rating", products("", shop.ProductFilter{Sort: shop.SortRating})},
			{"home-size-colour-price", products("", shop.ProductFilter{Size: "M", Color: "navy", MinPrice: 50000, MaxPrice: 150000})},
			{"category", func(page int) (int, error) {
				p, err := db.CategoryProducts(ctx, "graphic", shop.ProductFilter{}, page)
				return p.Pages, err
			}},
			{"category-price-asc", func(page int) (int, error) {
				p, err := db.CategoryProducts(ctx, "graphic", shop.ProductFilter{Sort: shop.SortPriceAsc}, page)
				return p.Pages, err
			}},
			{"admin-products", func(page int) (int, error) {
				p, err := db.AdminProducts(ctx, "", page)
				return p.Pages, err
			}},
			{"admin-products-search", func(page int) (int, error) {
				p, err := db.AdminProducts(ctx, "tee 99", page)
				return p.Pages, err
			}},
			{"admin-users", func(page int) (int, error) {
				p, err := db.Users(ctx, "", page)
				return p.Pages, err
			}},
			{"admin-users-search", func(page int) (int, error) {
				p, err := db.Users(ctx, "shopper9", page)
				return p.Pages, err
			}},
		}
		for _, l := range lists {
			last, err := l.page(1)
			if err != nil {
				b.Fatal(err)
			}
			for _, at := range []struct {
				name string
				page int
			}{{"first", 1}, {"last", last}} {
				b.Run(d.Name+"/"+l.name+"/"+at.name, func(b *testing.B) {
					var took []time.Duration
					for b.Loop() {
						t := time.Now()
						if _, err := l.page(at.page); err != nil {
							b.Fatal(err)
						}
						took = append(took, time.Since(t))
					}
					slices.Sort(took)
					b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(at.page), "page")
				})
			}
		}
	}
}

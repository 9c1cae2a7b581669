// Command haat-search-bench measures search where it is slowest: uncached,
// in the store, one query at a time, over a large generated catalogue
// (issue 18: 100,000 products). It seeds a fresh SQLite file, and a fresh
// PostgreSQL schema when given one, then prints p50 and p99 of searches,
// suggestions and the first and last page of the product list and of a
// search. Run it through `make bench`.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/haat-shop/haat/internal/demo"
	"github.com/haat-shop/haat/internal/loadtest"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// searches are what shoppers type, misspellings included; each measurement
// goes round them, so no answer is the same twice in a row.
var searches = []string{"polo", "black polo", "t-shirt", "tshirt", "navy xl", "henly", "cottn", "graphic tee",
	"oversized", "kids", "organic cotton", "henley", "white", "polo ox", "pique", "zzzz"}

var prefixes = []string{"po", "hen", "bla", "gra", "ov", "kid", "tee", "cot"}

func main() {
	products := flag.Int("products", 100_000, "generated products to seed besides the demo catalogue")
	duration := flag.Duration("duration", 4*time.Second, "how long each measurement runs")
	pgURL := flag.String("postgres", "", "also measure on this PostgreSQL database (a fresh schema is made and dropped)")
	flag.Parse()
	if err := measure(*products, *duration, ""); err != nil {
		fmt.Fprintln(os.Stderr, "haat-search-bench:", err)
		os.Exit(1)
	}
	if *pgURL != "" {
		if err := measure(*products, *duration, *pgURL); err != nil {
			fmt.Fprintln(os.Stderr, "haat-search-bench (postgresql):", err)
			os.Exit(1)
		}
	}
}

func measure(n int, d time.Duration, pgURL string) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "haat-search-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	name, url := "SQLite", ""
	if pgURL != "" {
		var drop func()
		if url, drop, err = loadtest.FreshSchema(pgURL, "searchbench"); err != nil {
			return err
		}
		defer drop()
		name = "PostgreSQL"
	}
	db, err := store.Open(ctx, url, dir)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if err := seed(ctx, db, append(demo.Generated(n), demo.Catalog()...), pgURL != ""); err != nil {
		return err
	}
	if pgURL != "" {
		// A running shop's autovacuum gathers the planner's statistics; a
		// schema filled a moment ago has none yet.
		if err := analyze(url); err != nil {
			return err
		}
	}
	fmt.Printf("\n== search on %s: %d generated + demo products (seeded in %s), one connection, %s per measurement ==\n",
		name, n, time.Since(start).Round(time.Second), d)

	built := time.Now()
	if err := db.WarmSearch(ctx); err != nil {
		return err
	}
	fmt.Printf("search index built in memory in %s (each instance, once, at start)\n", time.Since(built).Round(time.Millisecond))

	lastList, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1)
	if err != nil {
		return err
	}
	lastPolo, err := db.ListProducts(ctx, shop.Search{Keyword: "polo"}, shop.ProductFilter{}, 1)
	if err != nil {
		return err
	}
	for _, m := range []struct {
		name string
		do   func(i int) error
	}{
		{"search (16 queries in turn)", func(i int) error {
			_, err := db.ListProducts(ctx, shop.Search{Keyword: searches[i%len(searches)]}, shop.ProductFilter{}, 1)
			return err
		}},
		{"suggest (8 prefixes in turn)", func(i int) error {
			_, err := db.Suggest(ctx, prefixes[i%len(prefixes)])
			return err
		}},
		{"list, first page", func(int) error { _, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1); return err }},
		{fmt.Sprintf("list, last page (%d)", lastList.Pages), func(int) error {
			_, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, lastList.Pages)
			return err
		}},
		{fmt.Sprintf("search polo (%d matches), last page", lastPolo.Total), func(int) error {
			_, err := db.ListProducts(ctx, shop.Search{Keyword: "polo"}, shop.ProductFilter{}, lastPolo.Pages)
			return err
		}},
	} {
		i := 0
		r := loadtest.Run(m.name, 1, d, func() (int, error) {
			i++
			return 200, m.do(i)
		}, loadtest.Succeeded)
		fmt.Printf("%-40s %7.0f/s  p50 %6.2f ms  p99 %6.2f ms  %v\n", r.Name, r.RPS,
			loadtest.Milliseconds(r.P50), loadtest.Milliseconds(r.P99), r.Counts)
	}
	return nil
}

// seed stores the products, published, spaced an hour apart; PostgreSQL
// takes them over a few connections at once.
func seed(ctx context.Context, db *store.DB, products []shop.Product, parallel bool) error {
	workers := 1
	if parallel {
		workers = 4
	}
	start := time.Now().Add(-time.Duration(len(products)) * time.Hour)
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(products); i += workers {
				p := products[i]
				p.CreatedAt = start.Add(time.Duration(i) * time.Hour)
				p.Published = true
				if _, err := db.InsertProduct(ctx, p); err != nil {
					errs <- fmt.Errorf("seed %q: %w", p.Name, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func analyze(url string) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec(`ANALYZE`); err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	return nil
}

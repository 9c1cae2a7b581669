package store_test

import (
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// benchDB is a SQLite database with 500 products of 3 variants and 5 sizes.
func benchDB(b *testing.B) *store.DB {
	db, err := store.Open(ctx, "", b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	for i := 0; i < 500; i++ {
		p := tee(fmt.Sprintf("Bench Tee %d", i), i, []string{"men", "graphic"}, 5, 4, 3, 2, 1)
		p.Variants = append(p.Variants, p.Variants[0], p.Variants[0])
		p.Reviews = []shop.Review{{Name: "A", Rating: 4, Comment: "Good fit", CreatedAt: time.Now()}}
		if _, err := db.InsertProduct(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
	return db
}

func BenchmarkListProductsPage(b *testing.B) {
	db := benchDB(b)
	for b.Loop() {
		if _, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 3); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListProductsKeyword(b *testing.B) {
	db := benchDB(b)
	for b.Loop() {
		if _, err := db.ListProducts(ctx, shop.Search{Keyword: "tee 4"}, shop.ProductFilter{}, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeProductPage(b *testing.B) {
	db := benchDB(b)
	page, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1)
	if err != nil {
		b.Fatal(err)
	}
	enc := json.NewEncoder(io.Discard)
	for b.Loop() {
		if err := enc.Encode(page); err != nil {
			b.Fatal(err)
		}
	}
}

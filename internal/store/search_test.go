package store_test

import (
	"cmp"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// searchTable is testdata/search.json: a catalogue and the queries run on it.
type searchTable struct {
	Products []struct {
		Key, Name, Description string
		Tags                   []string
		Colours                map[string]map[string]int
		Rating, Age            int
	}
	Queries []struct {
		Q                    string
		Exact                bool
		Must, MustNot, Order []string
		Corrected            string
	}
}

func readSearchTable(t *testing.T) searchTable {
	raw, err := os.ReadFile("../../testdata/search.json")
	if err != nil {
		t.Fatal(err)
	}
	var table searchTable
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatalf("decode search.json: %v", err)
	}
	return table
}

// seedSearchTable stores the table's catalogue and returns each product's
// key by its name.
func seedSearchTable(t *testing.T, db *store.DB, table searchTable) map[string]string {
	keys := map[string]string{}
	for _, p := range table.Products {
		product := shop.Product{Published: true, Name: p.Name, Description: p.Description, Tags: p.Tags, Price: 79900,
			CreatedAt: epoch.Add(-time.Duration(p.Age) * 24 * time.Hour)}
		for _, colour := range slices.Sorted(maps.Keys(p.Colours)) {
			v := shop.Variant{VariantName: colour, Images: []string{"/uploads/a.png"}}
			for _, size := range slices.Sorted(maps.Keys(p.Colours[colour])) {
				v.Sizes = append(v.Sizes, shop.Size{Size: size, Stock: p.Colours[colour][size]})
			}
			product.Variants = append(product.Variants, v)
		}
		if p.Rating > 0 {
			product.Reviews = []shop.Review{{Name: "Asha", Rating: p.Rating, Comment: "ok"}}
		}
		storetest.MustInsertProduct(t, db, product)
		keys[p.Name] = p.Key
	}
	return keys
}

// TestSearchTable runs every query of testdata/search.json on both
// databases: the same catalogue must give the same answers.
func TestSearchTable(t *testing.T) {
	table := readSearchTable(t)
	if len(table.Queries) < 40 {
		t.Fatalf("search.json has %d queries, want at least 40", len(table.Queries))
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		keys := seedSearchTable(t, db, table)
		for _, q := range table.Queries {
			page, err := db.ListProducts(ctx, shop.Search{Keyword: q.Q, Exact: q.Exact}, shop.ProductFilter{}, 1)
			if err != nil {
				t.Fatalf("%q: %v", q.Q, err)
			}
			var got []string
			for _, p := range page.Products {
				got = append(got, keys[p.Name])
			}
			if page.Total != len(got) {
				t.Errorf("%q: total %d, but the one page holds %d", q.Q, page.Total, len(got))
			}
			for _, k := range q.Must {
				if !slices.Contains(got, k) {
					t.Errorf("%q found %q, which lacks %s", q.Q, got, k)
				}
			}
			for _, k := range q.MustNot {
				if slices.Contains(got, k) {
					t.Errorf("%q found %q, which must not hold %s", q.Q, got, k)
				}
			}
			last := -1
			for _, k := range q.Order {
				i := slices.Index(got, k)
				if i < last {
					t.Errorf("%q found %q: want %q in that order", q.Q, got, q.Order)
					break
				}
				last = i
			}
			if page.Corrected != q.Corrected {
				t.Errorf("%q: corrected to %q, want %q", q.Q, page.Corrected, q.Corrected)
			}
			searched := cmp.Or(page.Corrected, q.Q)
			if len(shop.QueryWords(shop.NormalizeKeyword(searched))) == 0 {
				continue // no word to search for: the list's own LIKE answers
			}
			inSQL, total, err := db.SearchInSQL(ctx, searched)
			if err != nil {
				t.Fatalf("%q in SQL: %v", searched, err)
			}
			if total != page.Total || !slices.Equal(names(inSQL), names(page.Products)) {
				t.Errorf("%q: the mirror finds %d, %q; SQL finds %d, %q", searched, page.Total, names(page.Products), total, names(inSQL))
			}
		}
	})
}

// found returns the names search finds for keyword.
func found(t *testing.T, db *store.DB, keyword string) []string {
	t.Helper()
	page, err := db.ListProducts(ctx, shop.Search{Keyword: keyword}, shop.ProductFilter{}, 1)
	if err != nil {
		t.Fatalf("%q: %v", keyword, err)
	}
	return names(page.Products)
}

// The index changes with the product in the same write: a renamed product
// is found by its new words only, a deleted one not at all, and products
// stored before the index (their words missing) are indexed at start.
func TestSearchIndexFollowsWrites(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		id := storetest.MustInsertProduct(t, db, tee("Waffle Henley", 1, []string{"men"}, 3))
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.UpdateProduct(ctx, id, p.StockVersion(), shop.ProductChange{Name: "Linen Kurta", Price: 100,
			Tags: []string{"ethnic"}, Variants: []shop.Variant{{VariantName: "Saffron", Images: []string{"/uploads/a.png"},
				Sizes: []shop.Size{{Size: "M", Stock: 1}}}}}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for keyword, want := range map[string][]string{
			"henley": {}, "waffle": {}, "black": {}, "kurta": {"Linen Kurta"}, "saffron": {"Linen Kurta"}, "ethnic": {"Linen Kurta"},
		} {
			if got := found(t, db, keyword); !slices.Equal(got, want) {
				t.Errorf("after the edit %q finds %q, want %q", keyword, got, want)
			}
		}
		if err := db.DeleteProduct(ctx, id); err != nil {
			t.Fatal(err)
		}
		if got := found(t, db, "kurta"); len(got) != 0 {
			t.Errorf("after the delete kurta finds %q", got)
		}

		// The index emptied behind the search mirror's back: the insert's
		// revision, read at the next search, reloads the shirt from the
		// index as it is by then, without its words.
		storetest.MustInsertProduct(t, db, tee("Oxford Shirt", 2, []string{"men"}, 3))
		err = db.ExecInTx(ctx, func(exec func(string, ...any) error) error { return exec(`DELETE FROM search_terms`) })
		if err != nil {
			t.Fatal(err)
		}
		if got := found(t, db, "oxford"); len(got) != 0 {
			t.Fatalf("with the index emptied oxford finds %q", got)
		}
		if err := db.ReindexSearch(ctx); err != nil {
			t.Fatal(err)
		}
		if got := found(t, db, "oxford"); !slices.Equal(got, []string{"Oxford Shirt"}) {
			t.Errorf("after reindexing oxford finds %q", got)
		}
	})
}

// What a shopper is offered comes from the products the shop shows: a
// deleted or unpublished product's words correct no typo, and a draft's tag
// is no suggested category.
func TestSearchOffersOnlyWhatIsShown(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		gone := storetest.MustInsertProduct(t, db, tee("Henla Tee", 1, []string{"men"}, 3))
		storetest.MustInsertProduct(t, db, tee("Waffle Henley", 2, []string{"men"}, 3))
		if err := db.DeleteProduct(ctx, gone); err != nil {
			t.Fatal(err)
		}
		draft := tee("Launch Polo", 1, []string{"secretlaunch"}, 3)
		draft.Published = false
		storetest.MustInsertProduct(t, db, draft)

		page, err := db.ListProducts(ctx, shop.Search{Keyword: "henly"}, shop.ProductFilter{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if page.Corrected != "henley" || !slices.Equal(names(page.Products), []string{"Waffle Henley"}) {
			t.Errorf("henly is corrected to %q and finds %q, want henley and the Waffle Henley", page.Corrected, names(page.Products))
		}
		page, err = db.ListProducts(ctx, shop.Search{Keyword: "lanch"}, shop.ProductFilter{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if page.Corrected != "" || len(page.Products) != 0 {
			t.Errorf("lanch is corrected to the draft's %q and finds %q", page.Corrected, names(page.Products))
		}
		for _, typed := range []string{"laun", "secr"} {
			suggestions, err := db.Suggest(ctx, typed)
			if err != nil {
				t.Fatal(err)
			}
			if len(suggestions) != 0 {
				t.Errorf("%q suggests %+v from a draft", typed, suggestions)
			}
		}
	})
}

package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type suggestionJSON struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	ID    string `json:"_id"`
	Image string `json:"image"`
}

func TestSuggest(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		var polo, tee, short, symbols []suggestionJSON
		h.getJSON(t, "/api/products/suggest?q=Po", 200, &polo)
		if len(polo) != 3 || polo[0] != (suggestionJSON{Kind: "category", Name: "polo"}) ||
			polo[1].Kind != "product" || polo[1].Name != "Tee 05" || polo[1].ID == "" || polo[1].Image != "/uploads/demo/tee.png" {
			t.Errorf("po: %+v; want the category polo, then Tee 05 and Tee 10", polo)
		}
		h.getJSON(t, "/api/products/suggest?q=tee", 200, &tee)
		if len(tee) != 6 {
			t.Errorf("tee: %d suggestions, want 6", len(tee))
		}
		h.getJSON(t, "/api/products/suggest?q=t", 200, &short)
		h.getJSON(t, "/api/products/suggest?q=%25%25", 200, &symbols)
		if len(short) != 0 || len(symbols) != 0 {
			t.Errorf("one letter: %+v; symbols: %+v; want none", short, symbols)
		}
	})
}

// Synonyms saved on the Store Settings screen change the next search, even
// one answered from the cache before.
func TestSearchSynonymsFromSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Silk Chunni", Price: 59900, CreatedAt: epoch,
			Variants: []shop.Variant{{VariantName: "red", Images: []string{"/uploads/demo/tee.png"}, Sizes: []shop.Size{{Size: "M", Stock: 1}}}}})
		var before, after searchJSON
		h.getJSON(t, "/api/products?keyword=dupatta", 200, &before)
		if before.Total != 0 {
			t.Fatalf("dupatta found %d products before the synonym", before.Total)
		}
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		admin.do(t, "PUT", "/api/settings", map[string]any{"synonyms": [][]string{{"Dupatta", "chunni"}}}, 200, nil)
		h.getJSON(t, "/api/products?keyword=dupattas", 200, &after)
		if after.Total != 1 || after.Products[0].Name != "Silk Chunni" {
			t.Errorf("dupattas after the synonym: %d products", after.Total)
		}
		admin.do(t, "PUT", "/api/settings", map[string]any{"synonyms": [][]string{{"dupatta"}}}, 400, nil)
	})
}

// A keyword search takes the list's sort and filters: best match first
// without a sort, the chosen order with one (newest too), each answer
// cached apart; the count and a typo's correction are of the filtered
// matches.
func TestSearchWithSortAndFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db) // Tee i costs Rs 299 + 1000.5 i; its M is in stock unless i%3 == 0; Tee 1-6 rated
		for _, c := range []struct {
			path      string
			want      []string
			total     int
			corrected string
		}{
			// Every tee matches "tee" in its name alike: in stock, then rated best, first.
			{"/api/products?keyword=tee", []string{"Tee 04", "Tee 03", "Tee 02"}, 14, ""},
			{"/api/products?keyword=tee&sort=newest", []string{"Tee 14", "Tee 13", "Tee 12"}, 14, ""},
			{"/api/products?keyword=tee&sort=rating", []string{"Tee 04", "Tee 03", "Tee 02"}, 14, ""},
			{"/api/products?keyword=tee&sort=price_desc&maxPrice=6000",
				[]string{"Tee 05", "Tee 04", "Tee 03", "Tee 02", "Tee 01"}, 5, ""},
			{"/api/products?keyword=tee&size=m&sort=price_asc", []string{"Tee 01", "Tee 02", "Tee 04"}, 10, ""},
			{"/api/products?keyword=tee&size=m&sort=price_asc&pageNumber=1", []string{"Tee 01", "Tee 02", "Tee 04"}, 10, ""},
			{"/api/products?keyword=polo&color=TEAL&sort=price_desc", []string{"Tee 10", "Tee 05"}, 2, ""},
			{"/api/products?keyword=polo&color=red", []string{}, 0, ""},
			{"/api/products?keyword=teee&sort=price_asc&maxPrice=3000", []string{"Tee 01", "Tee 02"}, 2, "tee"},
			{"/api/products?keyword=teee&sort=price_asc&maxPrice=3000&exact=1", []string{}, 0, ""},
		} {
			var got searchJSON
			h.getJSON(t, c.path, http.StatusOK, &got)
			names := firstNames(got.Products, len(c.want))
			if strings.Join(names, ",") != strings.Join(c.want, ",") || got.Total != c.total || got.Corrected != c.corrected {
				t.Errorf("%s: %q of %d corrected %q, want %q first of %d corrected %q",
					c.path, names, got.Total, got.Corrected, c.want, c.total, c.corrected)
			}
		}
	})
}

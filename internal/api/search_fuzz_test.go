package api_test

import (
	"encoding/json"
	"io"
	"maps"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// searchCatalogue holds names that LIKE would misread if a keyword were
// not taken literally.
var searchCatalogue = []struct{ name, tags, description string }{
	{"100% Cotton Tee", "men", "Soft."},
	{"Under_score Tee", "men,polo", "Half sleeves."},
	{`Back\slash Tee`, "women", `C:\tees`},
	{"खादी कुर्ता", "खादी", "हाथ से बुना"},
	{`Quote's "Tee"`, "kids", "It's 'quoted'."},
	{"Plain Tee", "men", "Nothing special: 50% off, a_b."},
}

// searchShop is a shop on one database with the catalogue above.
type searchShop struct {
	name     string
	h        *harness
	products map[string]shop.ProductChange
}

// teeChange is a tee that the storefront shows.
func teeChange(name, tags, description string) shop.ProductChange {
	parsed, _ := shop.ParseTags(tags)
	return shop.ProductChange{Name: name, Price: 49900, Tags: parsed, Description: description,
		Variants: []shop.Variant{{VariantName: "teal", Images: []string{"/uploads/demo/tee.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}}}}}
}

func (s *searchShop) insert(tb testing.TB, c shop.ProductChange) string {
	return storetest.MustInsertProduct(tb, s.h.db, shop.Product{Published: true, Name: c.Name, Price: c.Price, Tags: c.Tags,
		Description: c.Description, Variants: c.Variants, CreatedAt: epoch})
}

func newSearchShop(tb testing.TB, name string, db *store.DB) *searchShop {
	s := &searchShop{name: name, h: newHarness(tb, db), products: map[string]shop.ProductChange{}}
	for _, p := range searchCatalogue {
		c := teeChange(p.name, p.tags, p.description)
		s.products[s.insert(tb, c)] = c
	}
	return s
}

// storable tells whether k is a keyword the server must search: valid
// UTF-8 without NUL, which a product name can hold, and not too long.
func storable(k string) bool {
	return utf8.ValidString(k) && !strings.ContainsRune(k, 0) && utf8.RuneCountInString(k) <= shop.MaxKeywordLength
}

// search checks GET /api/products?keyword=k. A keyword of symbols only
// has no words and must find exactly the products whose name, tags or
// description contain it; one with words must find the probe product named
// with k itself, and only products of the shop. A keyword that is not text
// or too long may instead be refused with a message.
func (s *searchShop) search(t *testing.T, k string) {
	products := maps.Clone(s.products)
	probe := ""
	if storable(k) {
		c := teeChange("Probe "+k+" end", "", "")
		probe = s.insert(t, c)
		products[probe] = c
		defer func() {
			if err := s.h.db.DeleteProduct(t.Context(), probe); err != nil {
				t.Fatalf("%s: delete the probe: %v", s.name, err)
			}
		}()
	}
	resp := s.h.get(t, "/api/products?keyword="+url.QueryEscape(k))
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 400 && !storable(k) {
		var m message
		if err := json.Unmarshal(body, &m); err != nil || m.Message == "" {
			t.Fatalf("%s: keyword %q refused without a message: %s", s.name, k, body)
		}
		return
	}
	if resp.StatusCode != 200 {
		t.Fatalf("%s: keyword %q: status %d; body %s", s.name, k, resp.StatusCode, body)
	}
	var page pageJSON
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatalf("%s: keyword %q: decode %s: %v", s.name, k, body, err)
	}
	var got, want []string
	for _, p := range page.Products {
		got = append(got, p.ID)
		if _, ok := products[p.ID]; !ok {
			t.Fatalf("%s: keyword %q found %s, not a product of the shop", s.name, k, p.ID)
		}
	}
	needle := shop.NormalizeKeyword(k)
	if len(shop.QueryWords(needle)) > 0 {
		if probe != "" && !slices.Contains(got, probe) {
			t.Fatalf("%s: keyword %q does not find the product named %q", s.name, k, products[probe].Name)
		}
		return
	}
	for id, c := range products {
		if strings.Contains(shop.SearchText(c.Name, c.Description, c.Tags), needle) {
			want = append(want, id)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: keyword %q found %d products, want %d: %v, want %v", s.name, k, len(got), len(want), got, want)
	}
	if probe != "" && !slices.Contains(got, probe) {
		t.Fatalf("%s: keyword %q does not find the product named %q", s.name, k, products[probe].Name)
	}
}

// FuzzSearchKeyword: the search keyword is plain text on every database,
// whatever it holds.
func FuzzSearchKeyword(f *testing.F) {
	for _, k := range []string{
		"", " ", "\t\n", "tee", "TEE", "%", "_", "%%", "_%_", `\`, `\%`, `\_`, "100%", "50% off", "a_b", "under_score",
		"'", `"`, `'; DROP TABLE products; --`, "' OR '1'='1", "खादी", "कुर्ता", "ख", "\u0915\u094d", "ǅ", "İ", "K",
		"\x00", "tee\x00", "\xff", "te\xe0", "%\x00%", strings.Repeat("%", 200), strings.Repeat("a", 50001),
		"[a-z]", "*", "?", "$1", "\u202e", "😀", "\r\n",
	} {
		f.Add(k)
	}
	var shops []*searchShop
	for _, d := range storetest.Each(f) {
		shops = append(shops, newSearchShop(f, d.Name, d.DB))
	}
	f.Fuzz(func(t *testing.T, k string) {
		for _, s := range shops {
			s.search(t, k)
		}
	})
}

package shop_test

import (
	"slices"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
)

func TestQueryWords(t *testing.T) {
	for _, tc := range []struct {
		keyword string
		want    []string
	}{
		{"T-Shirt", []string{"tshirt"}},
		{"tshirts", []string{"tshirt"}},
		{"t shirt", []string{"tshirt"}},
		{"black t shirt", []string{"black", "tshirt"}},
		{"Polos", []string{"polo"}},
		{"dress glass bus", []string{"dress", "glass", "bus"}},
		{"polo o", []string{"polo", "o"}},
		{"O'Brien graphic_tee", []string{"obrien", "graphictee"}},
		{"100% cotton", []string{"100", "cotton"}},
		{"खादी कुर्ता", []string{"खादी", "कुर्ता"}},
		{"CAFÉ", []string{"café"}},
		{`%_'"()[]\`, nil},
		{"polo polos", []string{"polo"}},
	} {
		if got := shop.QueryWords(tc.keyword); !slices.Equal(got, tc.want) {
			t.Errorf("QueryWords(%q) = %q, want %q", tc.keyword, got, tc.want)
		}
	}
}

func TestIndexWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Black T-Shirts", []string{"black", "tshirt"}},
		{"Black T Shirt", []string{"black", "t", "shirt", "tshirt"}},
		{"Polo-Neck Tee", []string{"poloneck", "polo", "neck", "tee"}},
		{"हिंदी टी-शर्ट", []string{"हिंदी", "टीशर्ट", "टी", "शर्ट"}},
	} {
		if got := shop.IndexWords(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("IndexWords(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestSearchTermsKeepTheBestPlace(t *testing.T) {
	d := shop.SearchDocument{Name: "Navy Polo", Tags: []string{"polo", "men"}, Description: "Soft navy cotton polo.", Variants: []string{"Navy", "XL"}}
	want := map[string]int{"navy": shop.WeightName, "polo": shop.WeightName, "men": shop.WeightTags, "soft": shop.WeightDescription,
		"cotton": shop.WeightDescription, "xl": shop.WeightVariant}
	got := d.SearchTerms()
	if len(got) != len(want) {
		t.Fatalf("SearchTerms() = %v, want %v", got, want)
	}
	for w, weight := range want {
		if got[w] != weight {
			t.Errorf("%q weighs %d, want %d", w, got[w], weight)
		}
	}
}

func TestAlternatives(t *testing.T) {
	owner := [][]string{{"Kurta", "kurti"}, {"hoodie", "sweatshirt"}}
	for _, tc := range []struct {
		word string
		want []string
	}{
		{"tee", []string{"tee", "tshirt"}},
		{"tshirt", []string{"tshirt", "tee"}},
		{"kurti", []string{"kurti", "kurta"}},
		{"sweatshirt", []string{"sweatshirt", "hoodie"}},
		{"polo", []string{"polo"}},
	} {
		if got := shop.Alternatives(tc.word, owner); !slices.Equal(got, tc.want) {
			t.Errorf("Alternatives(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestWithinOneEdit(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"henly", "henley", true},
		{"cottn", "cotton", true},
		{"cotton", "cotton", true},
		{"linen", "linne", true},
		{"polo", "pole", true},
		{"henley", "hen", false},
		{"kurta", "kurti", true},
		{"kurta", "skirt", false},
		{"खादि", "खादी", true},
	} {
		if got := shop.WithinOneEdit(tc.a, tc.b); got != tc.want {
			t.Errorf("WithinOneEdit(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

package shop

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestParseProductFilter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		query string
		want  ProductFilter
		// refusal is part of the message of a refused query.
		refusal string
	}{
		{"nothing", "", ProductFilter{}, ""},
		{"every sort", "sort=price_desc", ProductFilter{Sort: SortPriceDesc}, ""},
		{"rating", "sort=rating", ProductFilter{Sort: SortRating}, ""},
		{"price low to high", "sort=+price_asc+", ProductFilter{Sort: SortPriceAsc}, ""},
		{"newest by name", "sort=newest", ProductFilter{Sort: SortNewest}, ""},
		{"an unknown sort", "sort=cheapest", ProductFilter{}, "sort must be one of"},
		{"a sort in capitals", "sort=PRICE_ASC", ProductFilter{}, "sort must be one of"},
		{"size and colour folded", "size=+xl&color=Navy+", ProductFilter{Size: "XL", Color: "navy"}, ""},
		{"a long size", "size=" + strings.Repeat("X", 11), ProductFilter{}, "size must be at most 10"},
		{"a long colour", "color=" + strings.Repeat("a", 21), ProductFilter{}, "color must be at most 20"},
		{"prices in rupees", "minPrice=499&maxPrice=999.5", ProductFilter{MinPrice: 49900, MaxPrice: 99950}, ""},
		{"one bound", "minPrice=0.01", ProductFilter{MinPrice: 1}, ""},
		{"equal bounds", "minPrice=500&maxPrice=500", ProductFilter{MinPrice: 50000, MaxPrice: 50000}, ""},
		{"a negative price", "minPrice=-1", ProductFilter{}, "minPrice must be an amount of rupees"},
		{"a word for a price", "maxPrice=cheap", ProductFilter{}, "maxPrice must be an amount of rupees"},
		{"three decimals", "maxPrice=1.005", ProductFilter{}, "maxPrice must be an amount"},
		{"an exponent", "minPrice=1e3", ProductFilter{}, "minPrice must be an amount"},
		{"a huge price", "maxPrice=99999999999999", ProductFilter{}, "maxPrice must be an amount"},
		{"bounds crossed", "minPrice=900&maxPrice=100", ProductFilter{}, "minPrice must not be more than maxPrice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseProductFilter(q)
			if tc.refusal != "" {
				var e *Error
				if !errors.As(err, &e) || e.Code != Invalid || !strings.Contains(e.Message, tc.refusal) {
					t.Fatalf("ParseProductFilter(%q) = %v; want a refusal saying %q", tc.query, err, tc.refusal)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ParseProductFilter(%q) = %+v, %v; want %+v", tc.query, got, err, tc.want)
			}
		})
	}
}

func TestProductFilterPartsTellFiltersApart(t *testing.T) {
	filters := []ProductFilter{
		{},
		{Sort: SortNewest},
		{Sort: SortRating},
		{Sort: SortNewest, Size: "M"},
		{Sort: SortNewest, Color: "m"},
		{Sort: SortNewest, MinPrice: 100},
		{Sort: SortNewest, MaxPrice: 100},
	}
	seen := map[string]ProductFilter{}
	for _, f := range filters {
		key := strings.Join(f.Parts(), "\x00")
		if other, ok := seen[key]; ok {
			t.Errorf("%+v and %+v have the same parts %q", f, other, f.Parts())
		}
		seen[key] = f
	}
}

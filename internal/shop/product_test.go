package shop

import (
	"strings"
	"testing"
)

func TestParsePage(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want int
		ok   bool
	}{
		{"none", "", 1, true},
		{"a word", "abc", 1, true},
		{"negative", "-1", 1, true},
		{"zero", "0", 1, true},
		{"a fraction", "1.5", 1, true},
		{"page 2", "2", 2, true},
		{"with a plus", "+3", 3, true},
		{"the last page asked for", "100000", 100000, true},
		{"past the last", "100001", 0, false},
		{"past an int64", "99999999999999999999", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePage(tc.in)
			if got != tc.want || (err == nil) != tc.ok {
				t.Errorf("ParsePage(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
			}
			if err != nil && CodeOf(err) != Invalid {
				t.Errorf("%v is not Invalid", err)
			}
		})
	}
}

func TestCheckKeyword(t *testing.T) {
	for _, tc := range []struct {
		name    string
		keyword string
		ok      bool
	}{
		{"a word", "polo", true},
		{"100 characters of Hindi", strings.Repeat("क", MaxKeywordLength), true},
		{"101 characters", strings.Repeat("a", MaxKeywordLength+1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckKeyword(tc.keyword)
			if (err == nil) != tc.ok || (err != nil && CodeOf(err) != Invalid) {
				t.Errorf("CheckKeyword = %v", err)
			}
		})
	}
}

func TestPrimaryImage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		variants []Variant
		want     string
	}{
		{"no variants", nil, ""},
		{"the first picture of the first colour", []Variant{{Images: []string{"/a.png", "/b.png"}}, {Images: []string{"/c.png"}}}, "/a.png"},
		{"a first colour without pictures", []Variant{{}, {Images: []string{"/c.png"}}}, "/c.png"},
		{"no pictures at all", []Variant{{}, {}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Product{Variants: tc.variants}).PrimaryImage(); got != tc.want {
				t.Errorf("PrimaryImage = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAverageRating(t *testing.T) {
	for _, tc := range []struct {
		name     string
		total, n int
		want     float64
	}{
		{"no reviews", 0, 0, 0},
		{"one review", 5, 1, 5},
		{"a half", 9, 2, 4.5},
		{"rounded down", 10, 3, 3.33},
		{"rounded up", 11, 3, 3.67},
		{"whole", 24, 6, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := AverageRating(tc.total, tc.n); got != tc.want {
				t.Errorf("AverageRating(%d, %d) = %v, want %v", tc.total, tc.n, got, tc.want)
			}
		})
	}
}

func TestPageCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		want int
	}{
		{"an empty list", 0, 1},
		{"one product", 1, 1},
		{"a full page", PageSize, 1},
		{"one more", PageSize + 1, 2},
		{"two full pages", 2 * PageSize, 2},
		{"one past two", 2*PageSize + 1, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PageCount(tc.n); got != tc.want {
				t.Errorf("PageCount(%d) = %d, want %d", tc.n, got, tc.want)
			}
		})
	}
}

func TestSearchText(t *testing.T) {
	s := SearchText("Café ÉTÉ", "Naïve", []string{"POLO", "Half Sleeve"})
	for _, tc := range []struct {
		name string
		want string
	}{
		{"the name, folded", "café été"},
		{"the tags, folded", "polo half sleeve"},
		{"the description, folded", "naïve"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(s, tc.want) {
				t.Errorf("SearchText = %q lacks %q", s, tc.want)
			}
		})
	}
	if got := NormalizeKeyword("  PoLo "); got != "polo" {
		t.Errorf("NormalizeKeyword = %q, want polo", got)
	}
}

func TestStockVersion(t *testing.T) {
	p := Product{Variants: []Variant{{Sizes: []Size{{ID: "m", Stock: 10}, {ID: "l", Stock: 2}}}, {Sizes: []Size{{ID: "s", Stock: 0}}}}}
	v := p.StockVersion()
	if v != StockVersion(map[string]int{"s": 0, "l": 2, "m": 10}) {
		t.Error("the version depends on more than the stock of each size")
	}
	for _, tc := range []struct {
		name  string
		stock map[string]int
	}{
		{"a sale", map[string]int{"m": 6, "l": 2, "s": 0}},
		{"a size added", map[string]int{"m": 10, "l": 2, "s": 0, "xl": 0}},
		{"a size removed", map[string]int{"m": 10, "l": 2}},
		{"stock swapped", map[string]int{"m": 2, "l": 10, "s": 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if StockVersion(tc.stock) == v {
				t.Errorf("%s leaves the version as it was", tc.name)
			}
		})
	}
	if ErrStaleProduct.Code != Conflict || ErrProductNotFound.Code != NotFound {
		t.Error("a stale save must be a Conflict and a missing product NotFound")
	}
}

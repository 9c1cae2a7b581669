package shop

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ProductSort is the order of a storefront product list (issue 17).
type ProductSort string

// The orders a shopper can choose. No sort is the list's own order:
// newest first, or best match first for a keyword search.
const (
	SortNewest    ProductSort = "newest"
	SortPriceAsc  ProductSort = "price_asc"
	SortPriceDesc ProductSort = "price_desc"
	SortRating    ProductSort = "rating"
)

// ProductFilter narrows and orders a storefront list: home, search and
// category pages take it from the query, and the store applies it beside
// whatever else picks the products (a keyword, a category), so each of
// those can be written without knowing about the others.
//
// Prices are the item's listed price, which is what the customer pays for
// it: the payment method's fee and discount (SPEC.md §9) are a fixed share
// of the whole order and shipping is per order, so neither changes which
// product is cheaper nor belongs to one product.
type ProductFilter struct {
	// Sort is empty for the list's own order (see ProductSort).
	Sort ProductSort
	// Size keeps products with this size in stock (in Color, when set).
	Size string
	// Color keeps products with a variant of this colour name.
	Color string
	// MinPrice and MaxPrice bound the price; MaxPrice 0 is no bound.
	MinPrice Paise
	MaxPrice Paise
}

// ParseProductFilter reads sort, size, color, minPrice and maxPrice from a
// query. Empty values are no filter; anything else that is not understood
// is refused with a message saying what would be.
func ParseProductFilter(q url.Values) (ProductFilter, error) {
	f := ProductFilter{
		Sort:  ProductSort(strings.TrimSpace(q.Get("sort"))),
		Size:  strings.ToUpper(strings.TrimSpace(q.Get("size"))),
		Color: strings.ToLower(strings.TrimSpace(q.Get("color"))),
	}
	switch f.Sort {
	case "", SortNewest, SortPriceAsc, SortPriceDesc, SortRating:
	default:
		return ProductFilter{}, invalid("sort must be one of newest, price_asc, price_desc or rating")
	}
	if utf8.RuneCountInString(f.Size) > MaxSizeCodeLength {
		return ProductFilter{}, invalid("size must be at most %d characters", MaxSizeCodeLength)
	}
	if utf8.RuneCountInString(f.Color) > MaxVariantNameLength {
		return ProductFilter{}, invalid("color must be at most %d characters", MaxVariantNameLength)
	}
	var err error
	if f.MinPrice, err = priceBound(q, "minPrice"); err != nil {
		return ProductFilter{}, err
	}
	if f.MaxPrice, err = priceBound(q, "maxPrice"); err != nil {
		return ProductFilter{}, err
	}
	if f.MaxPrice > 0 && f.MinPrice > f.MaxPrice {
		return ProductFilter{}, invalid("minPrice must not be more than maxPrice")
	}
	return f, nil
}

// priceBound reads a price bound in rupees; empty is 0, no bound.
func priceBound(q url.Values, name string) (Paise, error) {
	s := strings.TrimSpace(q.Get(name))
	if s == "" {
		return 0, nil
	}
	p, err := ParseRupees(s)
	if err != nil || p < 0 {
		return 0, invalid("%s must be an amount of rupees from 0, with at most two decimals, such as 499", name)
	}
	return p, nil
}

// Parts are the parsed values, in a fixed order, to name a cached answer.
func (f ProductFilter) Parts() []string {
	return []string{string(f.Sort), f.Size, f.Color,
		strconv.FormatInt(int64(f.MinPrice), 10), strconv.FormatInt(int64(f.MaxPrice), 10)}
}

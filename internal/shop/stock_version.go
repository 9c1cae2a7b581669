package shop

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
)

// ErrStaleProduct refuses a product save from a form loaded before the
// product's stock last moved: saving it would undo sales.
var ErrStaleProduct = &Error{Code: Conflict, Message: "This product changed since you opened it. Reload to see the current stock."}

// StockVersion names the stock of a product's sizes, by size id, as an edit
// form saw it. It changes whenever a sale, an expiry or a save moves any
// size's stock or adds or removes a size, and comes back when the stock
// does: a save quoting it changes stock that is exactly what its form
// showed.
func StockVersion(stock map[string]int) string {
	h := sha256.New()
	for _, id := range slices.Sorted(maps.Keys(stock)) {
		fmt.Fprintf(h, "%s:%d;", id, stock[id])
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// StockVersion is the version of p's stock, for its edit form.
func (p Product) StockVersion() string {
	stock := map[string]int{}
	for _, v := range p.Variants {
		for _, s := range v.Sizes {
			stock[s.ID] = s.Stock
		}
	}
	return StockVersion(stock)
}

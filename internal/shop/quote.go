package shop

import (
	"fmt"
	"time"
)

// SizeOffer is a size as the shop sells it now: what it is, its stock and
// its price. The store reads one for each size an order or a cart names.
type SizeOffer struct {
	ProductID, ProductName string
	VariantID, VariantName string
	SizeID, Size           string
	// Image is the first picture of the size's colour, which the order
	// keeps a copy of.
	Image string
	Stock int
	Price Paise
	HSN   string
}

// Quote is an order priced from the shop's current prices, before it is
// placed.
type Quote struct {
	Method PaymentMethod
	// Items are the lines as they will be bought, lines of one size merged,
	// in the order the customer listed them.
	Items  []OrderItem
	Prices Prices
}

// QuoteOrder prices lines, paid by method, from offers (by size id). It
// refuses lines past the quantity cap, a line for a size the shop does not
// sell (ErrStock), and a pre-order that is not one item on its own or is
// for a size in stock. A pre-order is priced as an item bought directly,
// with its fee; anything else as a cart (SPEC.md §9).
func QuoteOrder(lines []OrderLine, offers map[string]SizeOffer, method PaymentMethod) (Quote, error) {
	lines = mergeLines(lines)
	if err := validateLines(lines); err != nil {
		return Quote{}, err
	}
	q := Quote{Method: method}
	var total Paise
	for _, l := range lines {
		s, ok := offers[l.SizeID]
		if !ok || s.ProductID != l.ProductID {
			return Quote{}, ErrStock
		}
		if l.PreOrder && s.Stock >= l.Qty {
			return Quote{}, invalid("size %s of %s is in stock, order it instead of pre-ordering", s.Size, s.ProductName)
		}
		q.Items = append(q.Items, OrderItem{ProductID: s.ProductID, VariantID: s.VariantID, SizeID: s.SizeID,
			Name: s.ProductName, VariantColor: s.VariantName, Size: s.Size, Image: s.Image, Qty: l.Qty, Price: s.Price,
			PreOrder: l.PreOrder, HSN: s.HSN})
		total += s.Price * Paise(l.Qty)
	}
	if lines[0].PreOrder {
		q.Prices = PriceBuyingItem(total, method, true)
	} else {
		q.Prices = PriceItems(total, method)
	}
	return q, nil
}

// Check accepts the order only at the totals its customer was shown,
// client, and within the payment method's limits (SPEC.md §5). Totals that
// differ are a Conflict whose field "expected" holds the quote's prices, for
// the app to show.
func (q Quote) Check(client Prices) error {
	if client != q.Prices {
		return &Error{Code: Conflict, Message: PriceMismatchMessage, Fields: map[string]any{"expected": q.Prices}}
	}
	return q.Prices.MethodAllowed(q.Method)
}

// PaymentDue is until when an order of q placed at placed holds its stock
// unpaid: for hold, if it is paid online; an order paid on delivery is
// never due, nil.
func (q Quote) PaymentDue(placed time.Time, hold time.Duration) *time.Time {
	if q.Method != Razorpay {
		return nil
	}
	due := placed.Add(hold)
	return &due
}

// What cart verification tells the customer (SPEC.md §8).
const (
	CartIssuesMessage = "There's some issue with the stock status with the items in your cart."
	LineUnavailable   = "This product or size is no longer available."
	LineOutOfStock    = "This size is out of stock."
)

// LineSoldOut says whether a cart line's issue means none of it can be
// ordered (the size is gone or has no stock), so the cart leaves it out of
// its subtotal and holds checkout back until it is removed.
func LineSoldOut(issue string) bool {
	return issue == LineUnavailable || issue == LineOutOfStock
}

// CartLineIssue says what stands in the way of ordering a cart line from
// offers (by size id), or "" when nothing does. A pre-order waits for no
// stock.
func CartLineIssue(l OrderLine, offers map[string]SizeOffer) string {
	s, ok := offers[l.SizeID]
	if !ok || s.ProductID != l.ProductID {
		return LineUnavailable
	}
	if err := CheckLineQty(l.Qty); err != nil {
		return err.Error()
	}
	switch {
	case l.PreOrder:
		return ""
	case s.Stock == 0:
		return LineOutOfStock
	case l.Qty > s.Stock:
		return fmt.Sprintf("Only %d left in stock.", s.Stock)
	}
	return ""
}

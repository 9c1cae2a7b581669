package shop

import (
	"strconv"
	"strings"
	"time"
)

// OrderPageSize is the number of orders on one page of an order list.
const OrderPageSize = 20

// StatusToShip is the admin list's filter of the orders waiting to be
// shipped: confirmed, and paid unless paid on delivery. It is no status of
// an order's own.
const StatusToShip = "toShip"

// StatusRefundFailed is the admin list's filter of the orders with a
// refund that failed at the gateway and waits to be tried again; no status
// of an order's own either.
const StatusRefundFailed = "refundFailed"

// OrderFilter is what an order list shows: whose orders, in which status,
// placed between which days, matching which search, and which page.
type OrderFilter struct {
	// UserID limits the list to one customer's orders; "" is everyone's.
	UserID string
	// Status is one of the Status* values, StatusToShip or
	// StatusRefundFailed; "" is any.
	Status string
	// From and To bound the day an order was placed, To's day included;
	// nil leaves that side open.
	From, To *time.Time
	// OrderNo is an order number searched for, 0 for none; Customer is a
	// lower-cased part of a customer's name or e-mail address.
	OrderNo  int64
	Customer string
	Page     int
}

var listStatuses = map[string]bool{StatusAwaitingPayment: true, StatusAwaitingConfirmation: true, StatusPlaced: true,
	StatusShipped: true, StatusDelivered: true, StatusCancelled: true, StatusExpired: true, StatusReturnRequested: true,
	StatusReturned: true, StatusToShip: true, StatusRefundFailed: true}

// ParseOrderFilter reads a list's query: pageNumber, status, from and to
// (days as yyyy-mm-dd in India's time) and q (an order number, or a part of
// a customer's name or e-mail).
func ParseOrderFilter(page, status, from, to, q string) (OrderFilter, error) {
	var f OrderFilter
	var err error
	if f.Page, err = ParsePage(page); err != nil {
		return f, err
	}
	if status != "" && !listStatuses[status] {
		return f, invalid("Unknown order status %q", status)
	}
	f.Status = status
	if f.From, err = parseDay(from, "from"); err != nil {
		return f, err
	}
	if f.To, err = parseDay(to, "to"); err != nil {
		return f, err
	}
	if f.To != nil {
		end := f.To.AddDate(0, 0, 1) // the whole of the last day
		f.To = &end
	}
	q = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(q), "#"))
	if n, err := strconv.ParseInt(q, 10, 64); err == nil && n > 0 {
		f.OrderNo = n
	} else if q != "" {
		if len([]rune(q)) > MaxEmailLength {
			return f, invalid("The search must be at most %d characters", MaxEmailLength)
		}
		f.Customer = strings.ToLower(q)
	}
	return f, nil
}

func parseDay(s, name string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := time.ParseInLocation("2006-01-02", s, IST)
	if err != nil {
		return nil, invalid("%s must be a day such as 2026-03-01", name)
	}
	return &t, nil
}

// OrdersToAct counts the orders an admin must act on, for the order list's badges.
type OrdersToAct struct {
	AwaitingConfirmation int `json:"awaitingConfirmation"`
	ToShip               int `json:"toShip"`
	ReturnRequested      int `json:"returnRequested"`
	RefundFailed         int `json:"refundFailed"`
}

package store

import (
	"context"
	"fmt"

	"github.com/haat-shop/haat/internal/shop"
)

// OrderPage is one page of an order list and how many pages it has.
type OrderPage struct {
	Orders []shop.Order
	Page   int
	Pages  int
	Total  int
}

// toShip is the condition of an order waiting to be shipped: placed, and
// paid unless paid on delivery (shop's Ship rule).
const toShip = `o.stage = 'placed' AND (o.payment_method = 'COD' OR o.is_paid = ?)`

// failedRefund is the condition of a refund that failed at the gateway and
// waits for an admin to try it again (shop.Refund.Failed), as the partial
// index refunds_failed has it; refundFailed, of an order with one.
const (
	failedRefund = `f.status = 'failed' AND f.replaced_by = ''`
	refundFailed = `EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = o.id AND ` + failedRefund + `)`
	// ordersRefundFailed counts them from the index alone.
	ordersRefundFailed = `SELECT COUNT(DISTINCT f.order_id) FROM refunds f WHERE ` + failedRefund
)

// ListOrders returns the page of orders f asks for, newest first.
func (db *DB) ListOrders(ctx context.Context, f shop.OrderFilter) (OrderPage, error) {
	where, args := "1 = 1", []any{}
	add := func(cond string, a ...any) {
		where += " AND " + cond
		args = append(args, a...)
	}
	if f.UserID != "" {
		add("o.user_id = ?", f.UserID)
	}
	switch f.Status {
	case "":
	case shop.StatusToShip:
		add(toShip, true)
	case shop.StatusRefundFailed:
		add(refundFailed)
	default:
		add("o.stage = ?", f.Status)
	}
	if f.From != nil {
		add("o.created_at >= ?", millis(*f.From))
	}
	if f.To != nil {
		add("o.created_at < ?", millis(*f.To))
	}
	if f.OrderNo != 0 {
		add("o.order_no = ?", f.OrderNo)
	}
	if f.Customer != "" {
		like := "%" + escapeLike(f.Customer) + "%"
		add(`(LOWER(o.user_name) LIKE ? ESCAPE '\' OR LOWER(o.user_email) LIKE ? ESCAPE '\' OR LOWER(o.shipping_name) LIKE ? ESCAPE '\')`,
			like, like, like)
	}
	return db.orderPage(ctx, where, args, ` ORDER BY o.created_at DESC, o.order_no DESC`, f.Page)
}

// orderPage returns the page of the orders matching where (with args), in
// the order of orderBy, OrderPageSize a page.
func (db *DB) orderPage(ctx context.Context, where string, args []any, orderBy string, page int) (OrderPage, error) {
	out := OrderPage{Page: max(page, 1)}
	x := db.q()
	if err := x.queryRow(ctx, `SELECT COUNT(*) FROM orders o WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("count orders: %w", err)
	}
	out.Pages = max((out.Total+shop.OrderPageSize-1)/shop.OrderPageSize, 1)
	// The page's ids first: the skipped rows are then read from the index
	// alone, not with every column and subquery of an order.
	orders, err := ordersOf(ctx, x, `SELECT `+orderColumns+` FROM orders o WHERE o.id IN (SELECT o.id FROM orders o WHERE `+
		where+orderBy+` LIMIT ? OFFSET ?)`+orderBy,
		append(append([]any{true}, args...), shop.OrderPageSize, (out.Page-1)*shop.OrderPageSize)...)
	out.Orders = orders
	return out, err
}

// OrdersNeedingAction counts the orders an admin must act on.
func (db *DB) OrdersNeedingAction(ctx context.Context) (shop.OrdersToAct, error) {
	var n shop.OrdersToAct
	err := db.q().queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM orders WHERE stage = ?),
		(SELECT COUNT(*) FROM orders o WHERE `+toShip+`),
		(SELECT COUNT(*) FROM orders WHERE stage = ? AND return_status = ?),
		(`+ordersRefundFailed+`)`,
		shop.StatusAwaitingConfirmation, true, shop.StatusReturnRequested, shop.ReturnRequested).
		Scan(&n.AwaitingConfirmation, &n.ToShip, &n.ReturnRequested, &n.RefundFailed)
	if err != nil {
		return n, fmt.Errorf("count orders needing action: %w", err)
	}
	return n, nil
}

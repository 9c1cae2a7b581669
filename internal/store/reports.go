package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// istDay is the SQL for the IST day of an order, as shop.ISTDay counts it:
// integer division on both databases.
var istDay = `((o.created_at + ` + strconv.Itoa(shop.ISTOffsetMillis) + `) / ` + strconv.Itoa(shop.DayMillis) + `)`

// sale is the SQL condition for an order that counts as a sale: not
// cancelled, and COD or paid online. It takes three arguments (saleArgs).
const sale = `o.status = ? AND (o.payment_method = ? OR o.is_paid = ?)`

var saleArgs = []any{shop.StatusPlaced, string(shop.COD), true}

// inWindow is the SQL condition for a sale placed in the window; it takes
// the window's bounds, then saleArgs. The status is compared through an
// expression (the status joined to an empty string) so that SQLite, which
// keeps no statistics, reads the window's range of orders_sales rather than
// every order of the status through orders_payment_due.
const inWindow = `o.created_at >= ? AND o.created_at < ? AND o.status || '' = ? AND (o.payment_method = ? OR o.is_paid = ?)`

// Summary computes the dashboard for the days IST days ending with now's.
// Every figure is one aggregate query; none reads orders one by one. The
// revenue of a day is what its sales came to less what has been refunded
// of them since (every refund not failed: what the customer has back or
// is owed), so a returned order's money is not counted as earned.
func (db *DB) Summary(ctx context.Context, days int, now time.Time) (shop.Summary, error) {
	today := shop.ISTDay(now)
	first := today - int64(days) + 1
	from, to := millis(shop.DayStart(first)), millis(shop.DayStart(today+1))
	s := shop.Summary{Days: days, From: shop.DayStart(first).Format(time.DateOnly), To: shop.DayStart(today).Format(time.DateOnly)}
	window := append([]any{from, to}, saleArgs...)
	x := db.q()

	sales := map[int64]shop.DaySales{}
	err := x.each(ctx, `SELECT `+istDay+`, COUNT(*), SUM(o.total_paise) FROM orders o
		WHERE `+inWindow+` GROUP BY `+istDay, window, func(rows *sql.Rows) error {
		var d int64
		var day shop.DaySales
		if err := rows.Scan(&d, &day.Orders, &day.Revenue); err != nil {
			return err
		}
		sales[d] = day
		return nil
	})
	if err != nil {
		return s, fmt.Errorf("sales by day: %w", err)
	}
	refunded := map[int64]shop.Paise{}
	byMethod := map[shop.PaymentMethod]shop.Paise{}
	err = x.each(ctx, `SELECT `+istDay+`, o.payment_method, SUM(r.amount_paise) FROM refunds r JOIN orders o ON o.id = r.order_id
		WHERE r.status <> ? AND `+inWindow+` GROUP BY `+istDay+`, o.payment_method`, append([]any{shop.RefundFailed}, window...),
		func(rows *sql.Rows) error {
			var d int64
			var method shop.PaymentMethod
			var amount shop.Paise
			if err := rows.Scan(&d, &method, &amount); err != nil {
				return err
			}
			refunded[d] += amount
			byMethod[method] += amount
			return nil
		})
	if err != nil {
		return s, fmt.Errorf("refunds by day: %w", err)
	}
	for d := first; d <= today; d++ {
		day := sales[d]
		day.Revenue -= refunded[d]
		day.Date = shop.DayStart(d).Format(time.DateOnly)
		s.ByDay = append(s.ByDay, day)
		s.Orders += day.Orders
		s.Revenue += day.Revenue
	}
	if s.Orders > 0 {
		s.AverageOrderValue = (s.Revenue + shop.Paise(s.Orders/2)) / shop.Paise(s.Orders)
	}

	s.MethodShare = []shop.MethodShare{}
	err = x.each(ctx, `SELECT o.payment_method, COUNT(*), SUM(o.total_paise) FROM orders o
		WHERE `+inWindow+` GROUP BY o.payment_method ORDER BY o.payment_method`,
		window, func(rows *sql.Rows) error {
			var m shop.MethodShare
			if err := rows.Scan(&m.Method, &m.Orders, &m.Revenue); err != nil {
				return err
			}
			m.Revenue -= byMethod[m.Method]
			s.MethodShare = append(s.MethodShare, m)
			return nil
		})
	if err != nil {
		return s, fmt.Errorf("payment method share: %w", err)
	}

	c := &s.CODCancelled
	err = x.queryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN o.status = ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN o.stage = ? THEN 1 ELSE 0 END), 0) FROM orders o
		WHERE o.created_at >= ? AND o.created_at < ? AND o.payment_method = ?`,
		standingCancelled, shop.StatusReturned, from, to, string(shop.COD)).Scan(&c.Placed, &c.Cancelled, &c.Returned)
	if err != nil {
		return s, fmt.Errorf("cancelled and returned COD orders: %w", err)
	}
	c.Rate = shop.Rate(c.Cancelled+c.Returned, c.Placed)

	if err := lineSales(ctx, x, window, &s); err != nil {
		return s, err
	}
	if s.NeedsAction, err = needsAction(ctx, x); err != nil {
		return s, err
	}
	for _, a := range s.NeedsAction {
		if a.Key == shop.ActionPreOrders {
			s.PreOrdersWaiting = a.Count
		}
	}
	return s, nil
}

// lineSales reads the window's order lines once, summed by size, and
// ranks from them the top products and the sold-out sizes that sold most.
func lineSales(ctx context.Context, x q, window []any, s *shop.Summary) error {
	products := map[string]*shop.ProductSales{}
	bySize := map[string]int{}
	err := x.each(ctx, `SELECT i.product_id, i.size_id, MAX(i.name), SUM(i.qty), SUM(i.qty * i.price_paise)
		FROM orders o JOIN order_items i ON i.order_id = o.id WHERE `+inWindow+` GROUP BY i.product_id, i.size_id`,
		window, func(rows *sql.Rows) error {
			var id, size, name string
			var units int
			var revenue shop.Paise
			if err := rows.Scan(&id, &size, &name, &units, &revenue); err != nil {
				return err
			}
			p := products[id]
			if p == nil {
				p = &shop.ProductSales{ProductID: id, Name: name}
				products[id] = p
			}
			p.Units += units
			p.Revenue += revenue
			bySize[size] += units
			return nil
		})
	if err != nil {
		return fmt.Errorf("sales by product: %w", err)
	}
	all := make([]shop.ProductSales, 0, len(products))
	for _, p := range products {
		all = append(all, *p)
	}
	s.TopProducts = shop.RankProducts(all, shop.TopCount)

	var soldOut []shop.SoldOutSize
	err = x.each(ctx, `SELECT z.id, p.id, p.name, v.variant_name, z.size FROM sizes z JOIN variants v ON v.id = z.variant_id
		JOIN products p ON p.id = v.product_id WHERE z.stock = 0`, nil, func(rows *sql.Rows) error {
		var id string
		var z shop.SoldOutSize
		if err := rows.Scan(&id, &z.ProductID, &z.Name, &z.Colour, &z.Size); err != nil {
			return err
		}
		if z.Units = bySize[id]; z.Units > 0 {
			soldOut = append(soldOut, z)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sold-out sizes: %w", err)
	}
	s.SoldOutSizes = shop.RankSoldOut(soldOut, shop.TopCount)
	return nil
}

// needsAction counts what waits for an admin, whatever its age. Each line
// is one query, so a new state to watch is one more entry here. The
// conditions on is_delivered, pre_order and mfg_date are written out, not
// bound, so that they match the partial indexes made for them.
func needsAction(ctx context.Context, x q) ([]shop.NeedsAction, error) {
	counts := []struct {
		key   string
		query string
		args  []any
	}{
		{shop.ActionToConfirm, `SELECT COUNT(*) FROM orders WHERE stage = ?`, []any{shop.StatusAwaitingConfirmation}},
		{shop.ActionToShip, `SELECT COUNT(*) FROM orders o WHERE ` + toShip, []any{true}},
		{shop.ActionReturns, `SELECT COUNT(*) FROM orders WHERE stage = ? AND return_status = ?`,
			[]any{shop.StatusReturnRequested, shop.ReturnRequested}},
		{shop.ActionPaymentFlagged, `SELECT COUNT(*) FROM payments WHERE flagged = ?`, []any{true}},
		{shop.ActionLowStock, `SELECT COUNT(*) FROM sizes z JOIN variants v ON v.id = z.variant_id
			JOIN products p ON p.id = v.product_id WHERE p.published = ? AND z.stock <= ?`, []any{true, shop.LowStock}},
		// As the maker's list (PreOrders) has them: not while the customer
		// may still not confirm.
		{shop.ActionPreOrders, `SELECT COUNT(*) FROM order_items i CROSS JOIN orders o
			WHERE i.pre_order AND i.mfg_date IS NULL AND o.id = i.order_id AND o.stage <> ? AND ` + sale,
			append([]any{shop.StatusAwaitingConfirmation}, saleArgs...)},
		{shop.ActionRefundsFailed, ordersRefundFailed, nil},
	}
	out := make([]shop.NeedsAction, len(counts))
	for i, c := range counts {
		out[i].Key = c.key
		if err := x.queryRow(ctx, c.query, c.args...).Scan(&out[i].Count); err != nil {
			return nil, fmt.Errorf("count %s: %w", c.key, err)
		}
	}
	return out, nil
}

// EachOrderLine calls fn for every line of the orders placed in [from, to),
// oldest order first, reading them as it goes so a year of orders never
// sits in memory.
func (db *DB) EachOrderLine(ctx context.Context, from, to time.Time, fn func(shop.ExportLine) error) error {
	err := db.each(ctx, `SELECT `+orderColumns+`, i.product_id, i.name, i.variant_color, i.size, i.qty, i.price_paise, i.pre_order
		FROM orders o JOIN order_items i ON i.order_id = o.id
		WHERE o.created_at >= ? AND o.created_at < ? ORDER BY o.created_at, o.order_no, i.position`,
		[]any{true, millis(from), millis(to)}, func(rows *sql.Rows) error {
			var l shop.ExportLine
			it := &l.Item
			o, err := scanOrder(scanAlso{rows, []any{&it.ProductID, &it.Name, &it.VariantColor, &it.Size, &it.Qty, &it.Price, &it.PreOrder}})
			if err != nil {
				return err
			}
			l.Order = o
			return fn(l)
		})
	if err != nil {
		return fmt.Errorf("export order lines: %w", err)
	}
	return nil
}

// scanAlso scans a row's leading columns with the destinations its caller
// gives and the rest into extra.
type scanAlso struct {
	rows  *sql.Rows
	extra []any
}

func (s scanAlso) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.extra...)...) }

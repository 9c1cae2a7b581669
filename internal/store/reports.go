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

// Summary computes the dashboard for the days IST days ending with now's.
// Every figure is one aggregate query; none reads orders one by one.
func (db *DB) Summary(ctx context.Context, days int, now time.Time) (shop.Summary, error) {
	today := shop.ISTDay(now)
	first := today - int64(days) + 1
	from, to := millis(shop.DayStart(first)), millis(shop.DayStart(today+1))
	s := shop.Summary{Days: days, From: shop.DayStart(first).Format(time.DateOnly), To: shop.DayStart(today).Format(time.DateOnly)}
	window := append([]any{from, to}, saleArgs...)
	x := db.q()

	sales := map[int64]shop.DaySales{}
	err := x.each(ctx, `SELECT `+istDay+`, COUNT(*), SUM(o.total_paise) FROM orders o
		WHERE o.created_at >= ? AND o.created_at < ? AND `+sale+` GROUP BY `+istDay, window, func(rows *sql.Rows) error {
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
	for d := first; d <= today; d++ {
		day := sales[d]
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
		WHERE o.created_at >= ? AND o.created_at < ? AND `+sale+` GROUP BY o.payment_method ORDER BY o.payment_method`,
		window, func(rows *sql.Rows) error {
			var m shop.MethodShare
			if err := rows.Scan(&m.Method, &m.Orders, &m.Revenue); err != nil {
				return err
			}
			s.MethodShare = append(s.MethodShare, m)
			return nil
		})
	if err != nil {
		return s, fmt.Errorf("payment method share: %w", err)
	}

	c := &s.CODCancelled
	err = x.queryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN o.status = ? THEN 1 ELSE 0 END), 0) FROM orders o
		WHERE o.created_at >= ? AND o.created_at < ? AND o.payment_method = ?`,
		shop.StatusCancelled, from, to, string(shop.COD)).Scan(&c.Placed, &c.Cancelled)
	if err != nil {
		return s, fmt.Errorf("cancelled COD orders: %w", err)
	}
	c.Rate = shop.Rate(c.Cancelled, c.Placed)

	if s.TopProducts.ByUnits, err = topProducts(ctx, x, window, "units"); err != nil {
		return s, err
	}
	if s.TopProducts.ByRevenue, err = topProducts(ctx, x, window, "revenue"); err != nil {
		return s, err
	}
	if s.SoldOutSizes, err = soldOutSizes(ctx, x, window); err != nil {
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

// topProducts ranks the products sold in the window by units or revenue.
// A product's name is the latest its lines carry.
func topProducts(ctx context.Context, x q, window []any, by string) ([]shop.ProductSales, error) {
	order := "units DESC, revenue DESC"
	if by == "revenue" {
		order = "revenue DESC, units DESC"
	}
	out := []shop.ProductSales{}
	err := x.each(ctx, `SELECT i.product_id, MAX(i.name), SUM(i.qty) AS units, SUM(i.qty * i.price_paise) AS revenue
		FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.created_at >= ? AND o.created_at < ? AND `+sale+`
		GROUP BY i.product_id ORDER BY `+order+`, i.product_id LIMIT `+strconv.Itoa(shop.TopCount), window,
		func(rows *sql.Rows) error {
			var p shop.ProductSales
			if err := rows.Scan(&p.ProductID, &p.Name, &p.Units, &p.Revenue); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("top products by %s: %w", by, err)
	}
	return out, nil
}

// soldOutSizes lists the sizes with no stock left that sold in the window,
// most units first.
func soldOutSizes(ctx context.Context, x q, window []any) ([]shop.SoldOutSize, error) {
	out := []shop.SoldOutSize{}
	err := x.each(ctx, `SELECT p.id, p.name, v.variant_name, z.size, SUM(i.qty) AS units
		FROM sizes z JOIN variants v ON v.id = z.variant_id JOIN products p ON p.id = v.product_id
		JOIN order_items i ON i.size_id = z.id JOIN orders o ON o.id = i.order_id
		WHERE z.stock = 0 AND o.created_at >= ? AND o.created_at < ? AND `+sale+`
		GROUP BY p.id, p.name, v.variant_name, z.id, z.size ORDER BY units DESC, p.name, z.size LIMIT `+strconv.Itoa(shop.TopCount),
		window, func(rows *sql.Rows) error {
			var z shop.SoldOutSize
			if err := rows.Scan(&z.ProductID, &z.Name, &z.Colour, &z.Size, &z.Units); err != nil {
				return err
			}
			out = append(out, z)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("sold-out sizes: %w", err)
	}
	return out, nil
}

// needsAction counts what waits for an admin, whatever its age. Each line
// is one query, so a new state to watch is one more entry here.
func needsAction(ctx context.Context, x q) ([]shop.NeedsAction, error) {
	counts := []struct {
		key   string
		query string
		args  []any
	}{
		{shop.ActionToShip, `SELECT COUNT(*) FROM orders o WHERE ` + sale + ` AND o.is_delivered = ?`,
			append(append([]any{}, saleArgs...), false)},
		{shop.ActionPaymentFlagged, `SELECT COUNT(*) FROM payments WHERE flagged = ?`, []any{true}},
		{shop.ActionLowStock, `SELECT COUNT(*) FROM sizes z JOIN variants v ON v.id = z.variant_id
			JOIN products p ON p.id = v.product_id WHERE p.published = ? AND z.stock <= ?`, []any{true, shop.LowStock}},
		{shop.ActionPreOrders, `SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id
			WHERE i.pre_order = ? AND i.mfg_date IS NULL AND ` + sale, append([]any{true}, saleArgs...)},
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

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// NewOrder is what PlaceOrder needs to place an order.
type NewOrder struct {
	User           shop.User
	Lines          []shop.OrderLine
	Shipping       shop.ShippingAddress
	Method         shop.PaymentMethod
	IdempotencyKey string
	Now            time.Time
	// PaymentDue, for online orders, is until when their stock is held.
	PaymentDue *time.Time
	// Check sees the prices the server computed, inside the transaction and
	// before anything is written; its error aborts the order.
	Check func(shop.Prices) error
	// Limits bound the customer's open orders; they are counted inside the
	// transaction, so orders placed at once cannot slip past them together.
	Limits shop.OrderLimits
}

// sizeRow is what an order needs to know about one size.
type sizeRow struct {
	sizeID, size, variantID, variantName, productID, productName, image string
	stock                                                               int
	price                                                               shop.Paise
}

// PlaceOrder prices the lines from the database, checks them, takes their
// stock and records the order, all in one transaction: no oversell, no
// order without its stock. A repeated idempotency key returns the order
// already placed, with created false.
func (db *DB) PlaceOrder(ctx context.Context, in NewOrder) (shop.Order, bool, error) {
	var id string
	created := false
	err := db.inTx(ctx, func(x q) error {
		id, created = "", false
		if in.Limits.On() {
			// Before the key is looked up: a twin request that holds the
			// lock has then committed its order when this one reads the key,
			// and is not counted against the limit as another order.
			if err := db.lockCustomer(ctx, x, in.User.ID); err != nil {
				return err
			}
		}
		if in.IdempotencyKey != "" {
			err := x.queryRow(ctx, `SELECT id FROM orders WHERE user_id = ? AND idempotency_key = ?`,
				in.User.ID, in.IdempotencyKey).Scan(&id)
			if err == nil {
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("find earlier order: %w", err)
			}
		}
		var err error
		id, err = db.insertOrder(ctx, x, in)
		if err == nil {
			err = queueOrderPlaced(ctx, x, id)
		}
		created = err == nil
		return err
	})
	if err != nil && in.IdempotencyKey != "" && isUniqueViolation(err) {
		// A twin request won the race: answer with its order.
		err = db.q().queryRow(ctx, `SELECT id FROM orders WHERE user_id = ? AND idempotency_key = ?`,
			in.User.ID, in.IdempotencyKey).Scan(&id)
		created = false
	}
	if err != nil {
		return shop.Order{}, false, err
	}
	if created {
		_ = db.changed(nil) // stock and units sold moved
	}
	o, err := db.Order(ctx, id)
	return o, created, err
}

func isUniqueViolation(err error) bool {
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "unique") || strings.Contains(msg, "duplicate key")
}

func (db *DB) insertOrder(ctx context.Context, x q, in NewOrder) (string, error) {
	sizes, err := loadSizes(ctx, x, in.Lines)
	if err != nil {
		return "", err
	}
	var items []shop.OrderItem
	var total shop.Paise
	for _, l := range in.Lines {
		s, ok := sizes[l.SizeID]
		if !ok || s.productID != l.ProductID {
			return "", shop.ErrStock
		}
		if l.PreOrder && s.stock >= l.Qty {
			return "", fmt.Errorf("%w: size %s of %s is in stock, order it instead of pre-ordering", errBadOrder, s.size, s.productName)
		}
		items = append(items, shop.OrderItem{ProductID: s.productID, VariantID: s.variantID, SizeID: s.sizeID,
			Name: s.productName, VariantColor: s.variantName, Size: s.size, Image: s.image, Qty: l.Qty, Price: s.price,
			PreOrder: l.PreOrder})
		total += s.price * shop.Paise(l.Qty)
	}
	if err := db.checkLimits(ctx, x, in, items); err != nil {
		return "", err
	}
	prices := shop.PriceItems(total, in.Method)
	if len(in.Lines) == 1 && in.Lines[0].PreOrder {
		prices = shop.PriceBuyingItem(total, in.Method, true)
	}
	if in.Check != nil {
		if err := in.Check(prices); err != nil {
			return "", err
		}
	}
	for _, it := range shop.InLockOrder(items) {
		if it.PreOrder {
			continue // made to order: nothing to take from stock
		}
		res, err := x.exec(ctx, `UPDATE sizes SET stock = stock - ? WHERE id = ? AND stock >= ?`, it.Qty, it.SizeID, it.Qty)
		if err != nil {
			return "", fmt.Errorf("take stock: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return "", shop.ErrStock
		}
	}
	for _, it := range shop.InLockOrder(items) {
		if _, err := x.exec(ctx, `UPDATE products SET total_sold = total_sold + ? WHERE id = ?`, it.Qty, it.ProductID); err != nil {
			return "", fmt.Errorf("count sold: %w", err)
		}
	}
	var orderNo int64
	if err := x.queryRow(ctx, `UPDATE counters SET value = value + 1 WHERE name = 'order_no' RETURNING value`).Scan(&orderNo); err != nil {
		return "", fmt.Errorf("next order number: %w", err)
	}
	id := NewID()
	a := in.Shipping
	var key any
	if in.IdempotencyKey != "" {
		key = in.IdempotencyKey
	}
	_, err = x.exec(ctx, `INSERT INTO orders (id, order_no, user_id, user_name, user_email, shipping_name, shipping_email,
		shipping_phone, address, city, district, state, pin_code, landmark, shipping_note, payment_method, items_paise,
		shipping_paise, secure_fee_paise, discount_paise, pre_order_fee_paise, total_paise, payment_due_at,
		idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, orderNo, in.User.ID, in.User.Name, in.User.Email, a.ShippingName, a.ShippingEmail, a.ShippingPhoneNumber,
		a.Address, a.City, a.District, a.State, a.PinCode, a.Landmark, a.ShippingNote, string(in.Method),
		int64(prices.Items), int64(prices.Shipping), int64(prices.SecureFee), int64(prices.Discount),
		int64(prices.PreOrderFee), int64(prices.Total), optionalMillis(in.PaymentDue), key, millis(in.Now))
	if err != nil {
		return "", fmt.Errorf("insert order: %w", err)
	}
	for i, it := range items {
		_, err := x.exec(ctx, `INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name,
			variant_color, size, image, qty, price_paise, pre_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			NewID(), id, i, it.ProductID, it.VariantID, it.SizeID, it.Name, it.VariantColor, it.Size, it.Image, it.Qty,
			int64(it.Price), it.PreOrder)
		if err != nil {
			return "", fmt.Errorf("insert order item: %w", err)
		}
	}
	return id, nil
}

// lockCustomer locks the customer's row, so that on PostgreSQL their orders
// are counted one transaction at a time (SQLite's transactions already
// are). NO KEY UPDATE leaves the row free for what only refers to it, such
// as a new session of the customer's.
func (db *DB) lockCustomer(ctx context.Context, x q, userID string) error {
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR NO KEY UPDATE"
	}
	var id string
	if err := x.queryRow(ctx, `SELECT id FROM users WHERE id = ?`+lock, userID).Scan(&id); err != nil {
		return fmt.Errorf("lock customer: %w", err)
	}
	return nil
}

// checkLimits refuses an order past the customer's limits. The caller has
// locked the customer (lockCustomer).
func (db *DB) checkLimits(ctx context.Context, x q, in NewOrder, items []shop.OrderItem) error {
	if !in.Limits.On() {
		return nil
	}
	// Open: placed, not delivered, and (if online) paid or still within its
	// payment hold.
	const open = ` o.user_id = ? AND o.status = ? AND o.is_delivered = ? AND (o.is_paid = ? OR o.payment_due_at IS NULL OR o.payment_due_at > ?)`
	openArgs := []any{in.User.ID, shop.StatusPlaced, false, true, millis(in.Now)}
	if in.Method == shop.COD && in.Limits.MaxOpenCOD > 0 {
		var n int
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM orders o WHERE`+open+` AND o.payment_method = ?`,
			append(openArgs, string(shop.COD))...).Scan(&n); err != nil {
			return fmt.Errorf("count open COD orders: %w", err)
		}
		if err := in.Limits.CheckOpenCOD(in.Method, n); err != nil {
			return err
		}
	}
	if in.Limits.MaxUnitsPerSize <= 0 {
		return nil
	}
	asked := map[string]*shop.SizeOnOrder{}
	var sizes []string
	for _, it := range items {
		s, ok := asked[it.SizeID]
		if !ok {
			s = &shop.SizeOnOrder{Name: it.Name, Colour: it.VariantColor, Size: it.Size}
			asked[it.SizeID] = s
			sizes = append(sizes, it.SizeID)
		}
		s.Asked += it.Qty
	}
	args := append([]any{}, openArgs...)
	for _, id := range sizes {
		args = append(args, id)
	}
	rows, err := x.query(ctx, `SELECT i.size_id, SUM(i.qty) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE`+open+` AND i.size_id IN (`+placeholders(len(sizes))+`) GROUP BY i.size_id`, args...)
	if err != nil {
		return fmt.Errorf("count units on order: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var held int
		if err := rows.Scan(&id, &held); err != nil {
			return fmt.Errorf("read units on order: %w", err)
		}
		asked[id].Held = held
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read units on order: %w", err)
	}
	for _, id := range sizes {
		if err := in.Limits.CheckUnits(*asked[id]); err != nil {
			return err
		}
	}
	return nil
}

// errBadOrder marks an order the customer must change, as opposed to our fault.
var errBadOrder = errors.New("order refused")

// IsBadOrder tells whether err is a refusal to show the customer.
func IsBadOrder(err error) bool { return errors.Is(err, errBadOrder) }

// BadOrderMessage is the customer-facing part of a refusal.
func BadOrderMessage(err error) string {
	return strings.TrimPrefix(err.Error(), errBadOrder.Error()+": ")
}

func optionalMillis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return millis(*t)
}

// loadSizes reads the sizes of lines with their variant, product and
// first image, in one query. Sizes of drafts are left out.
func loadSizes(ctx context.Context, x q, lines []shop.OrderLine) (map[string]sizeRow, error) {
	ids := make([]any, 0, len(lines))
	for _, l := range lines {
		ids = append(ids, l.SizeID)
	}
	rows, err := x.query(ctx, `SELECT s.id, s.size, s.stock, v.id, v.variant_name, p.id, p.name, p.price_paise,
		COALESCE((SELECT i.path FROM variant_images i WHERE i.variant_id = v.id ORDER BY i.position LIMIT 1), '')
		FROM sizes s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
		WHERE p.published = ? AND s.id IN (`+placeholders(len(ids))+`)`, append([]any{true}, ids...)...)
	if err != nil {
		return nil, fmt.Errorf("read sizes: %w", err)
	}
	defer rows.Close()
	out := map[string]sizeRow{}
	for rows.Next() {
		var s sizeRow
		if err := rows.Scan(&s.sizeID, &s.size, &s.stock, &s.variantID, &s.variantName, &s.productID, &s.productName,
			&s.price, &s.image); err != nil {
			return nil, fmt.Errorf("read size: %w", err)
		}
		out[s.sizeID] = s
	}
	return out, rows.Err()
}

// StockOf returns the stock of the given sizes of published products, for
// checking a cart; unknown sizes are absent.
func (db *DB) StockOf(ctx context.Context, lines []shop.OrderLine) (map[string]int, map[string]string, error) {
	if len(lines) == 0 {
		return map[string]int{}, map[string]string{}, nil
	}
	sizes, err := loadSizes(ctx, db.q(), lines)
	if err != nil {
		return nil, nil, err
	}
	stock, product := map[string]int{}, map[string]string{}
	for id, s := range sizes {
		stock[id] = s.stock
		product[id] = s.productID
	}
	return stock, product, nil
}

const orderColumns = `o.id, o.order_no, COALESCE(o.user_id, ''), o.user_name, o.user_email, o.shipping_name, o.shipping_email,
	o.shipping_phone, o.address, o.city, o.district, o.state, o.pin_code, o.landmark, o.shipping_note, o.payment_method,
	o.items_paise, o.shipping_paise, o.secure_fee_paise, o.discount_paise, o.pre_order_fee_paise, o.total_paise,
	o.status, o.is_paid, o.paid_at, o.is_delivered, o.delivered_at, o.mfg_date, o.payment_due_at,
	COALESCE((SELECT pm.provider_order_id FROM payments pm WHERE pm.order_id = o.id ORDER BY pm.created_at DESC LIMIT 1), ''),
	EXISTS (SELECT 1 FROM payments pf WHERE pf.order_id = o.id AND pf.flagged = ?),
	COALESCE((SELECT pr.flag_reason FROM payments pr WHERE pr.order_id = o.id AND pr.flag_reason <> '' ORDER BY pr.created_at DESC LIMIT 1), ''), o.created_at`

func scanOrder(row interface{ Scan(...any) error }) (shop.Order, error) {
	var o shop.Order
	a := &o.Shipping
	var method string
	var paid, delivered, mfg, due sql.NullInt64
	var created int64
	err := row.Scan(&o.ID, &o.OrderNo, &o.UserID, &o.UserName, &o.UserEmail, &a.ShippingName, &a.ShippingEmail,
		&a.ShippingPhoneNumber, &a.Address, &a.City, &a.District, &a.State, &a.PinCode, &a.Landmark, &a.ShippingNote,
		&method, &o.Prices.Items, &o.Prices.Shipping, &o.Prices.SecureFee, &o.Prices.Discount, &o.Prices.PreOrderFee,
		&o.Prices.Total, &o.Status, &o.IsPaid, &paid, &o.IsDelivered, &delivered, &mfg, &due, &o.RazorpayOrderID, &o.PaymentFlagged, &o.PaymentFlagReason, &created)
	o.PaymentMethod = shop.PaymentMethod(method)
	o.PaidAt, o.DeliveredAt, o.MfgDate, o.PaymentDueAt = optionalTime(paid), optionalTime(delivered), optionalTime(mfg), optionalTime(due)
	o.CreatedAt = fromMillis(created)
	return o, err
}

// Order returns one order with its items, or ErrNotFound.
func (db *DB) Order(ctx context.Context, id string) (shop.Order, error) {
	return db.q().order(ctx, id)
}

// order reads one order with its items through x, or ErrNotFound.
func (x q) order(ctx context.Context, id string) (shop.Order, error) {
	if !ValidID(id) {
		return shop.Order{}, ErrNotFound
	}
	orders, err := x.orders(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = ?`, true, id)
	if err != nil {
		return shop.Order{}, err
	}
	if len(orders) == 0 {
		return shop.Order{}, ErrNotFound
	}
	return orders[0], nil
}

// OrdersOf returns a user's orders, newest first.
func (db *DB) OrdersOf(ctx context.Context, userID string) ([]shop.Order, error) {
	return db.q().orders(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.user_id = ? ORDER BY o.created_at DESC, o.order_no DESC`, true, userID)
}

// AllOrders returns every order, newest first.
func (db *DB) AllOrders(ctx context.Context) ([]shop.Order, error) {
	return db.q().orders(ctx, `SELECT `+orderColumns+` FROM orders o ORDER BY o.created_at DESC, o.order_no DESC`, true)
}

// orders runs an order query and loads all their items in one more query.
func (x q) orders(ctx context.Context, query string, args ...any) ([]shop.Order, error) {
	orders := []shop.Order{}
	err := x.each(ctx, query, args, func(rows *sql.Rows) error {
		o, err := scanOrder(rows)
		o.Items = []shop.OrderItem{}
		orders = append(orders, o)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read orders: %w", err)
	}
	if len(orders) == 0 {
		return orders, nil
	}
	ids := make([]any, len(orders))
	byID := map[string]*shop.Order{}
	for i := range orders {
		ids[i] = orders[i].ID
		byID[orders[i].ID] = &orders[i]
	}
	err = x.each(ctx, `SELECT order_id, product_id, variant_id, size_id, name, variant_color, size, image, qty, price_paise,
		pre_order, mfg_date FROM order_items WHERE order_id IN (`+placeholders(len(ids))+`) ORDER BY order_id, position`, ids,
		func(rows *sql.Rows) error {
			var it shop.OrderItem
			var orderID string
			var mfg sql.NullInt64
			if err := rows.Scan(&orderID, &it.ProductID, &it.VariantID, &it.SizeID, &it.Name, &it.VariantColor, &it.Size,
				&it.Image, &it.Qty, &it.Price, &it.PreOrder, &mfg); err != nil {
				return err
			}
			it.MfgDate = optionalTime(mfg)
			byID[orderID].Items = append(byID[orderID].Items, it)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("read order items: %w", err)
	}
	return orders, nil
}

// UpdateOrder locks an order, lets check refuse the change, then runs the
// update statement with its arguments followed by the order id.
func (db *DB) updateOrder(ctx context.Context, id string, check func(shop.Order) error, update string, args ...any) (shop.Order, error) {
	if !ValidID(id) {
		return shop.Order{}, ErrNotFound
	}
	err := db.inTx(ctx, func(x q) error {
		o, err := scanOrder(x.queryRow(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = ?`+db.forUpdateOf("o"), true, id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("read order: %w", err)
		}
		if err := check(o); err != nil {
			return err
		}
		if _, err := x.exec(ctx, update+` WHERE id = ?`, append(args, id)...); err != nil {
			return fmt.Errorf("update order: %w", err)
		}
		return nil
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, id)
}

// MarkPaid records an admin's Payment Received.
func (db *DB) MarkPaid(ctx context.Context, id string, at time.Time) (shop.Order, error) {
	return db.updateOrder(ctx, id, shop.Order.CanMarkPaid, `UPDATE orders SET is_paid = ?, paid_at = ?`, true, millis(at))
}

// MarkDelivered records an admin's Mark As Delivered.
func (db *DB) MarkDelivered(ctx context.Context, id string, at time.Time) (shop.Order, error) {
	return db.updateOrder(ctx, id, shop.Order.CanMarkDelivered, `UPDATE orders SET is_delivered = ?, delivered_at = ?`, true, millis(at))
}

// forUpdateOf locks the rows of one table of a query on PostgreSQL.
func (db *DB) forUpdateOf(table string) string {
	if db.dialect == Postgres {
		return " FOR UPDATE OF " + table
	}
	return ""
}

// ImageInOrders tells whether a past order shows the image at path, which
// must then be kept even when no product uses it any more.
func (db *DB) ImageInOrders(ctx context.Context, path string) (bool, error) {
	var n int
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM order_items WHERE image = ?`, path).Scan(&n); err != nil {
		return false, fmt.Errorf("find image in orders: %w", err)
	}
	return n > 0, nil
}

// ExpireDueOrders cancels the unpaid online orders whose hold has ended and
// returns their stock; it reports how many it cancelled. Instances running
// it at once each claim different orders (claimEach).
func (db *DB) ExpireDueOrders(ctx context.Context, now time.Time) (int, error) {
	n, err := db.claimEach(ctx, "orders", `status = ? AND is_paid = ? AND payment_due_at IS NOT NULL AND payment_due_at <= ?`,
		[]any{shop.StatusPlaced, false, millis(now)}, func(ctx context.Context, x q, id string) (bool, error) {
			return db.expireOrder(ctx, x, id, now)
		})
	if n > 0 {
		_ = db.changed(nil) // stock came back
	}
	return n, err
}

// ExpireOrder cancels one order if it is still unpaid past its hold, and
// puts its stock back, in one transaction under the order's lock: an expiry
// racing a payment either wins and returns the stock once, or finds the
// order paid and does nothing.
func (db *DB) ExpireOrder(ctx context.Context, id string, now time.Time) (bool, error) {
	expired := false
	err := db.inTx(ctx, func(x q) (err error) {
		expired, err = db.expireOrder(ctx, x, id, now)
		return err
	})
	if expired && err == nil {
		_ = db.changed(nil) // stock came back
	}
	return expired, err
}

// expireOrder is ExpireOrder's work, in x's transaction.
func (db *DB) expireOrder(ctx context.Context, x q, id string, now time.Time) (bool, error) {
	var status string
	var paid bool
	var due sql.NullInt64
	err := x.queryRow(ctx, `SELECT status, is_paid, payment_due_at FROM orders WHERE id = ?`+db.forUpdate(), id).Scan(&status, &paid, &due)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("lock order: %w", err)
	}
	if status != shop.StatusPlaced || paid || !due.Valid || due.Int64 > millis(now) {
		return false, nil
	}
	if _, err := x.exec(ctx, `UPDATE orders SET status = ? WHERE id = ?`, shop.StatusCancelled, id); err != nil {
		return false, fmt.Errorf("cancel order: %w", err)
	}
	if _, err := x.exec(ctx, `UPDATE sizes SET stock = stock + (SELECT SUM(i.qty) FROM order_items i
		WHERE i.order_id = ? AND i.size_id = sizes.id AND i.pre_order = ?)
		WHERE id IN (SELECT size_id FROM order_items WHERE order_id = ? AND pre_order = ?)`, id, false, id, false); err != nil {
		return false, fmt.Errorf("return stock: %w", err)
	}
	if _, err := x.exec(ctx, `UPDATE products SET total_sold = total_sold - (SELECT SUM(i.qty) FROM order_items i
		WHERE i.order_id = ? AND i.product_id = products.id)
		WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?)`, id, id); err != nil {
		return false, fmt.Errorf("uncount sold: %w", err)
	}
	return true, nil
}

// PreOrders returns the orders that hold pre-order items, were not
// cancelled and are COD or paid online, oldest first: the manufacturer's
// work list. An online pre-order joins it once paid.
func (db *DB) PreOrders(ctx context.Context) ([]shop.Order, error) {
	return db.q().orders(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.status = ?
		AND (o.payment_method = ? OR o.is_paid = ?)
		AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.pre_order = ?)
		ORDER BY o.created_at, o.order_no`, true, shop.StatusPlaced, string(shop.COD), true, true)
}

// MarkManufactured records that an order's pre-order items are made. The
// first mark sets the date; later ones change nothing and return it. An
// order that does not stand (shop.Order.CanMarkManufactured) is refused.
func (db *DB) MarkManufactured(ctx context.Context, id string, at time.Time) (shop.Order, error) {
	if !ValidID(id) {
		return shop.Order{}, ErrNotFound
	}
	err := db.inTx(ctx, func(x q) error {
		var n int
		if err := x.queryRow(ctx, `SELECT COUNT(*) FROM order_items WHERE order_id = ? AND pre_order = ?`, id, true).Scan(&n); err != nil {
			return fmt.Errorf("find pre-order items: %w", err)
		}
		if n == 0 {
			return ErrNotFound
		}
		o, err := scanOrder(x.queryRow(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = ?`+db.forUpdateOf("o"), true, id))
		if err != nil {
			return fmt.Errorf("read order: %w", err)
		}
		if err := o.CanMarkManufactured(); err != nil {
			return err
		}
		if _, err := x.exec(ctx, `UPDATE orders SET mfg_date = ? WHERE id = ? AND mfg_date IS NULL`, millis(at), id); err != nil {
			return fmt.Errorf("set manufacture date: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE order_items SET mfg_date = ? WHERE order_id = ? AND pre_order = ? AND mfg_date IS NULL`,
			millis(at), id, true); err != nil {
			return fmt.Errorf("set manufacture date of items: %w", err)
		}
		return nil
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, id)
}

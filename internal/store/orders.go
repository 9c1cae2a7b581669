package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

// NewOrder is what PlaceOrder needs to place an order.
type NewOrder struct {
	User     shop.User
	Lines    []shop.OrderLine
	Shipping shop.ShippingAddress
	Method   shop.PaymentMethod
	// Prices are the totals the customer was shown: the order is placed at
	// these or not at all (shop.Quote.Check).
	Prices         shop.Prices
	IdempotencyKey string
	Now            time.Time
	// PaymentHold is how long an online order holds its stock unpaid.
	PaymentHold time.Duration
	// Limits bound the customer's open orders; they are counted inside the
	// transaction, so orders placed at once cannot slip past them together.
	Limits shop.OrderLimits
	// CODConfirmation says which COD orders wait for the customer's yes.
	CODConfirmation shop.CODConfirmation
}

// PlaceOrder quotes the lines at the shop's current prices, checks the
// quote, takes the stock and records the order, all in one transaction: no
// oversell, no order without its stock. A repeated idempotency key returns
// the order already placed, with created false.
func (db *DB) PlaceOrder(ctx context.Context, in NewOrder) (shop.Order, bool, error) {
	var id string
	var placed shop.Order
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
		placed, err = db.insertOrder(ctx, x, in)
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
		return placed, true, nil
	}
	o, err := db.Order(ctx, id)
	return o, false, err
}

// insertOrder places the order of in: the shop quotes it from the sizes as
// they are now and checks it against the customer's limits and the totals
// they were shown; the store takes the stock and writes the order. It
// returns the order as written (placedOrder), not read back: checkout is
// the shop's busiest write, and on SQLite every statement in it holds up
// the next customer.
func (db *DB) insertOrder(ctx context.Context, x q, in NewOrder) (shop.Order, error) {
	offers, err := offersOf(ctx, x, in.Lines)
	if err != nil {
		return shop.Order{}, err
	}
	quote, err := shop.QuoteOrder(in.Lines, offers, in.Method)
	if err != nil {
		return shop.Order{}, err
	}
	if in.Limits.On() {
		open, err := countOpen(ctx, x, in.User.ID, quote.Items, in.Now)
		if err != nil {
			return shop.Order{}, err
		}
		if err := in.Limits.Check(quote, open); err != nil {
			return shop.Order{}, err
		}
	}
	if err := quote.Check(in.Prices); err != nil {
		return shop.Order{}, err
	}
	for _, it := range shop.InLockOrder(quote.Items) {
		if it.PreOrder {
			continue // made to order: nothing to take from stock
		}
		var left int
		err := x.queryRow(ctx, `UPDATE sizes SET stock = stock - ? WHERE id = ? AND stock >= ? RETURNING stock`, it.Qty, it.SizeID, it.Qty).Scan(&left)
		if errors.Is(err, sql.ErrNoRows) {
			return shop.Order{}, shop.ErrStock
		}
		if err != nil {
			return shop.Order{}, fmt.Errorf("take stock: %w", err)
		}
		// A size sold out may have sold its product out: search ranks it
		// anew (it reads the product again: a size sold out among others
		// in stock costs only that).
		if left == 0 {
			if err := searchChanged(x, it.ProductID); err != nil {
				return shop.Order{}, err
			}
		}
	}
	for _, it := range shop.InLockOrder(quote.Items) {
		if _, err := x.exec(ctx, `UPDATE products SET total_sold = total_sold + ? WHERE id = ?`, it.Qty, it.ProductID); err != nil {
			return shop.Order{}, fmt.Errorf("count sold: %w", err)
		}
	}
	var orderNo int64
	if err := x.queryRow(ctx, `UPDATE counters SET value = value + 1 WHERE name = 'order_no' RETURNING value`).Scan(&orderNo); err != nil {
		return shop.Order{}, fmt.Errorf("next order number: %w", err)
	}
	first, err := firstStatus(ctx, x, in, quote)
	if err != nil {
		return shop.Order{}, err
	}
	id := NewID()
	a := in.Shipping
	prices := quote.Prices
	var key any
	if in.IdempotencyKey != "" {
		key = in.IdempotencyKey
	}
	_, err = x.exec(ctx, `INSERT INTO orders (id, order_no, user_id, user_name, user_email, shipping_name, shipping_email,
		shipping_phone, address, city, district, state, pin_code, landmark, shipping_note, payment_method, items_paise,
		shipping_paise, secure_fee_paise, discount_paise, pre_order_fee_paise, total_paise, payment_due_at,
		idempotency_key, created_at, stage, confirm_token_hash, has_pre_order)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, orderNo, in.User.ID, in.User.Name, in.User.Email, a.ShippingName, a.ShippingEmail, a.ShippingPhoneNumber,
		a.Address, a.City, a.District, a.State, a.PinCode, a.Landmark, a.ShippingNote, string(quote.Method),
		int64(prices.Items), int64(prices.Shipping), int64(prices.SecureFee), int64(prices.Discount),
		int64(prices.PreOrderFee), int64(prices.Total), optionalMillis(first.due), key,
		millis(in.Now), first.status, first.tokenHash, (shop.Order{Items: quote.Items}).HasPreOrder())
	if err != nil {
		return shop.Order{}, fmt.Errorf("insert order: %w", err)
	}
	for i, it := range quote.Items {
		_, err := x.exec(ctx, `INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name,
			variant_color, size, image, qty, price_paise, pre_order, hsn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			NewID(), id, i, it.ProductID, it.VariantID, it.SizeID, it.Name, it.VariantColor, it.Size, it.Image, it.Qty,
			int64(it.Price), it.PreOrder, it.HSN)
		if err != nil {
			return shop.Order{}, fmt.Errorf("insert order item: %w", err)
		}
	}
	o := placedOrder(id, orderNo, in, quote, first)
	if err := addHistory(ctx, x, id, o.History[0]); err != nil {
		return shop.Order{}, err
	}
	if quote.Method == shop.COD {
		// An online order is announced once it is paid (PayOnline).
		return o, queueOrderPlaced(ctx, x, o, first.token)
	}
	return o, nil
}

// placedOrder is the order insertOrder writes, as Order would read it back
// (TestPlacedOrderIsAsStored holds the two together): times to the
// millisecond the database keeps, nothing paid, shipped or returned yet.
func placedOrder(id string, orderNo int64, in NewOrder, quote shop.Quote, first firstState) shop.Order {
	now := fromMillis(millis(in.Now))
	o := shop.Order{ID: id, OrderNo: orderNo, UserID: in.User.ID, UserName: in.User.Name, UserEmail: in.User.Email,
		Items: quote.Items, Shipping: in.Shipping, PaymentMethod: quote.Method, Prices: quote.Prices, CreatedAt: now,
		History: []shop.HistoryEntry{{Status: first.status, At: now, By: in.User.Name}}, Refunds: []shop.Refund{}}
	o.Status = first.status
	if first.due != nil {
		due := fromMillis(millis(*first.due))
		o.PaymentDueAt = &due
	}
	return o
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

// countOpen counts what the customer holds in open orders at now: their
// cash-on-delivery orders on the way and their units of the sizes of items.
// Open is placed, not delivered, and (if online) paid or still within its
// payment hold. The caller has locked the customer (lockCustomer).
func countOpen(ctx context.Context, x q, userID string, items []shop.OrderItem, now time.Time) (shop.OpenOrders, error) {
	const open = ` o.user_id = ? AND o.status = ? AND o.is_delivered = ? AND (o.is_paid = ? OR o.payment_due_at IS NULL OR o.payment_due_at > ?)`
	openArgs := []any{userID, standingPlaced, false, true, millis(now)}
	counted := shop.OpenOrders{Units: map[string]int{}}
	if err := x.queryRow(ctx, `SELECT COUNT(*) FROM orders o WHERE`+open+` AND o.payment_method = ?`,
		append(openArgs, string(shop.COD))...).Scan(&counted.COD); err != nil {
		return counted, fmt.Errorf("count open COD orders: %w", err)
	}
	args := append([]any{}, openArgs...)
	for _, it := range items {
		args = append(args, it.SizeID)
	}
	err := x.each(ctx, `SELECT i.size_id, SUM(i.qty) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE`+open+` AND i.size_id IN (`+placeholders(len(items))+`) GROUP BY i.size_id`, args, func(rows *sql.Rows) error {
		var id string
		var held int
		if err := rows.Scan(&id, &held); err != nil {
			return err
		}
		counted.Units[id] = held
		return nil
	})
	if err != nil {
		return counted, fmt.Errorf("count units on order: %w", err)
	}
	return counted, nil
}

func optionalMillis(t *time.Time) any {
	if t == nil {
		return nil
	}
	return millis(*t)
}

// offersOf reads the sizes lines name as the shop sells them now, with
// their variant, product and first image, in one query. Sizes of drafts are
// left out, as are unknown ones.
func offersOf(ctx context.Context, x q, lines []shop.OrderLine) (map[string]shop.SizeOffer, error) {
	out := map[string]shop.SizeOffer{}
	if len(lines) == 0 {
		return out, nil
	}
	ids := make([]any, 0, len(lines))
	for _, l := range lines {
		ids = append(ids, l.SizeID)
	}
	err := x.each(ctx, `SELECT s.id, s.size, s.stock, v.id, v.variant_name, p.id, p.name, p.price_paise, p.hsn,
		COALESCE((SELECT i.path FROM variant_images i WHERE i.variant_id = v.id ORDER BY i.position LIMIT 1), '')
		FROM sizes s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
		WHERE p.published = ? AND s.id IN (`+placeholders(len(ids))+`)`, append([]any{true}, ids...), func(rows *sql.Rows) error {
		var s shop.SizeOffer
		if err := rows.Scan(&s.SizeID, &s.Size, &s.Stock, &s.VariantID, &s.VariantName, &s.ProductID, &s.ProductName,
			&s.Price, &s.HSN, &s.Image); err != nil {
			return err
		}
		out[s.SizeID] = s
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read sizes: %w", err)
	}
	return out, nil
}

// Offers returns the sizes lines name as the shop sells them now, by size
// id, for checking a cart; unknown sizes and those of drafts are absent.
func (db *DB) Offers(ctx context.Context, lines []shop.OrderLine) (map[string]shop.SizeOffer, error) {
	return offersOf(ctx, db.q(), lines)
}

const orderColumns = `o.id, o.order_no, COALESCE(o.user_id, ''), o.user_name, o.user_email, o.shipping_name, o.shipping_email,
	o.shipping_phone, o.address, o.city, o.district, o.state, o.pin_code, o.landmark, o.shipping_note, o.payment_method,
	o.items_paise, o.shipping_paise, o.secure_fee_paise, o.discount_paise, o.pre_order_fee_paise, o.total_paise,
	o.stage, o.is_paid, o.paid_at, o.is_delivered, o.delivered_at, o.mfg_date, o.payment_due_at, o.return_status,
	o.courier, o.tracking_number, o.tracking_url, o.shipped_at, o.return_items, o.return_reason, o.return_note,
	o.return_requested_at,
	COALESCE((SELECT pm.provider_order_id FROM payments pm WHERE pm.order_id = o.id ORDER BY pm.created_at DESC LIMIT 1), ''),
	EXISTS (SELECT 1 FROM payments pf WHERE pf.order_id = o.id AND pf.flagged = ?),
	COALESCE((SELECT pr.flag_reason FROM payments pr WHERE pr.order_id = o.id AND pr.flag_reason <> '' ORDER BY pr.created_at DESC LIMIT 1), ''), o.created_at`

func scanOrder(row interface{ Scan(...any) error }) (shop.Order, error) {
	var o shop.Order
	a := &o.Shipping
	var method string
	var paid, delivered, mfg, due, shipped, returnAsked sql.NullInt64
	var created int64
	var returnItems, returnReason, returnNote string
	sh := &o.Shipment
	err := row.Scan(&o.ID, &o.OrderNo, &o.UserID, &o.UserName, &o.UserEmail, &a.ShippingName, &a.ShippingEmail,
		&a.ShippingPhoneNumber, &a.Address, &a.City, &a.District, &a.State, &a.PinCode, &a.Landmark, &a.ShippingNote,
		&method, &o.Prices.Items, &o.Prices.Shipping, &o.Prices.SecureFee, &o.Prices.Discount, &o.Prices.PreOrderFee,
		&o.Prices.Total, &o.Status, &o.IsPaid, &paid, &o.IsDelivered, &delivered, &mfg, &due, &o.ReturnStatus,
		&sh.Courier, &sh.TrackingNumber, &sh.TrackingURL, &shipped, &returnItems, &returnReason, &returnNote, &returnAsked,
		&o.RazorpayOrderID, &o.PaymentFlagged, &o.PaymentFlagReason, &created)
	if err != nil {
		return o, err
	}
	sh.ShippedAt = optionalTime(shipped)
	if o.ReturnStatus != "" {
		o.Return = &shop.Return{Reason: returnReason, Status: o.ReturnStatus, Note: returnNote}
		if returnAsked.Valid {
			o.Return.RequestedAt = fromMillis(returnAsked.Int64)
		}
		if err := json.Unmarshal([]byte(returnItems), &o.Return.Items); err != nil {
			return o, fmt.Errorf("read return of order %s: %w", o.ID, err)
		}
	}
	o.PaymentMethod = shop.PaymentMethod(method)
	o.PaidAt, o.DeliveredAt, o.MfgDate, o.PaymentDueAt = optionalTime(paid), optionalTime(delivered), optionalTime(mfg), optionalTime(due)
	o.CreatedAt = fromMillis(created)
	return o, err
}

// Order returns one order with its items, or shop.ErrOrderNotFound.
func (db *DB) Order(ctx context.Context, id string) (shop.Order, error) {
	return readOrder(ctx, db.q(), id, shop.ErrOrderNotFound)
}

// OrderAt returns one order as it stands at now: an online order whose
// payment is overdue is expired first, so nobody sees or pays an order that
// should have expired already.
func (db *DB) OrderAt(ctx context.Context, id string, now time.Time) (shop.Order, error) {
	o, err := db.Order(ctx, id)
	if err != nil || !o.HoldOverdue(now) {
		return o, err
	}
	if _, err := db.ExpireOrder(ctx, id, now); err != nil {
		return o, err
	}
	return db.Order(ctx, id)
}

// readOrder reads one order with its items through x, or returns notFound.
func readOrder(ctx context.Context, x q, id string, notFound error) (shop.Order, error) {
	if !ValidID(id) {
		return shop.Order{}, notFound
	}
	orders, err := ordersOf(ctx, x, `SELECT `+orderColumns+` FROM orders o WHERE o.id = ?`, true, id)
	if err != nil {
		return shop.Order{}, err
	}
	if len(orders) == 0 {
		return shop.Order{}, notFound
	}
	return orders[0], nil
}

// ordersOf runs an order query and loads all their items in one more query.
func ordersOf(ctx context.Context, x q, query string, args ...any) ([]shop.Order, error) {
	orders := []shop.Order{}
	err := x.each(ctx, query, args, func(rows *sql.Rows) error {
		o, err := scanOrder(rows)
		o.Items, o.History, o.Refunds = []shop.OrderItem{}, []shop.HistoryEntry{}, []shop.Refund{}
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
		pre_order, mfg_date, hsn FROM order_items WHERE order_id IN (`+placeholders(len(ids))+`) ORDER BY order_id, position`, ids,
		func(rows *sql.Rows) error {
			var it shop.OrderItem
			var orderID string
			var mfg sql.NullInt64
			if err := rows.Scan(&orderID, &it.ProductID, &it.VariantID, &it.SizeID, &it.Name, &it.VariantColor, &it.Size,
				&it.Image, &it.Qty, &it.Price, &it.PreOrder, &mfg, &it.HSN); err != nil {
				return err
			}
			it.MfgDate = optionalTime(mfg)
			byID[orderID].Items = append(byID[orderID].Items, it)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("read order items: %w", err)
	}
	err = x.each(ctx, `SELECT order_id, kind, number, issued_at FROM tax_documents WHERE order_id IN (`+placeholders(len(ids))+`)
		ORDER BY order_id, issued_at, seq`, ids, func(rows *sql.Rows) error {
		var orderID, kind string
		var ref shop.TaxDocumentRef
		var issued int64
		if err := rows.Scan(&orderID, &kind, &ref.Number, &issued); err != nil {
			return err
		}
		ref.Date = fromMillis(issued)
		o := byID[orderID]
		if kind == string(gst.Invoice) {
			o.Invoice = &ref
		} else {
			o.CreditNotes = append(o.CreditNotes, ref)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read tax documents of orders: %w", err)
	}
	if err := readAftercare(ctx, x, ids, byID); err != nil {
		return nil, err
	}
	return orders, nil
}

// changeAttempts bounds how often changeOrder reads an order again because
// another change was saved between its read and its write. Every change
// moves the order on, and few follow one another, so a third read finds a
// state that takes the change or refuses it.
const changeAttempts = 3

// changeOrder applies a to the order id and returns the order after it.
// The shop decides whether the order may take a (shop.Order.Apply); the
// change is saved only over the state it was decided on, so two admins
// pressing one button at once change the order once, and the second is
// told why not, as if they had pressed it after.
func (db *DB) changeOrder(ctx context.Context, id string, a shop.Act) (shop.Order, error) {
	if err := db.transition(ctx, id, a); err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, id)
}

// transition applies a to the order id in a transaction of its own, as
// changeOrder does, without reading the order back.
func (db *DB) transition(ctx context.Context, id string, a shop.Act) error {
	var made shop.Change
	err := db.inTx(ctx, func(x q) error {
		var err error
		made, err = applyTransition(ctx, x, id, a)
		return err
	})
	if err == nil && made.ReturnStock() {
		_ = db.changed(nil) // stock came back
	}
	return err
}

// applyTransition reads the order id, asks the shop to apply a and saves
// the change, inside x.
func applyTransition(ctx context.Context, x q, id string, a shop.Act) (shop.Change, error) {
	for range changeAttempts {
		o, err := readOrder(ctx, x, id, a.NotFound())
		if err != nil {
			return shop.Change{}, err
		}
		c, err := o.Apply(a)
		if err != nil {
			return shop.Change{}, err
		}
		saved, err := saveChange(ctx, x, o, a, c)
		if err != nil {
			return shop.Change{}, err
		}
		if !saved {
			continue
		}
		if err := issueInvoiceOnChange(ctx, x, o, c.State, a.At); err != nil {
			return shop.Change{}, err
		}
		if err := creditOnChange(ctx, x, o, c.State, a.At); err != nil {
			return shop.Change{}, err
		}
		if action, ok := auditedTransitions[a.Transition]; ok {
			err = auditChange(ctx, x, action, "order", o.ID, strconv.FormatInt(o.OrderNo, 10), orderSnapshot(o.State), orderSnapshot(c.State))
		}
		return c, err
	}
	return shop.Change{}, fmt.Errorf("order %s: changed by others %d times while changing it", id, changeAttempts)
}

// auditedTransitions are the transitions an admin or a manufacturer makes,
// and the audit log's names for them.
var auditedTransitions = map[shop.Transition]string{
	shop.PayByAdmin:    shop.AuditOrderPaid,
	shop.Deliver:       shop.AuditOrderDelivered,
	shop.Manufacture:   shop.AuditOrderMade,
	shop.Confirm:       shop.AuditOrderConfirmed,
	shop.Ship:          shop.AuditOrderShipped,
	shop.Cancel:        shop.AuditOrderCancelled,
	shop.ApproveReturn: shop.AuditReturnApproved,
	shop.RejectReturn:  shop.AuditReturnRejected,
	shop.ReceiveReturn: shop.AuditReturnReceived,
}

// saveChange writes c over the state o was read in, if the order is still
// in it, and tells whether it was. A change that changes nothing (a
// manufacture marked again) is saved as it is. Whatever follows from the
// change (its history entry, stock back on sale, a refund due, the
// customer's mail) is written in the same transaction, so it happens once.
func saveChange(ctx context.Context, x q, o shop.Order, a shop.Act, c shop.Change) (bool, error) {
	if c.State.Equal(o.State) {
		return true, nil
	}
	before, after := stateArgs(o.State), stateArgs(c.State)
	sh := c.State.Shipment
	res, err := x.exec(ctx, `UPDATE orders SET stage = ?, is_paid = ?, paid_at = ?, is_delivered = ?, delivered_at = ?,
		mfg_date = ?, payment_due_at = ?, return_status = ?, status = ?, courier = ?, tracking_number = ?, tracking_url = ?,
		shipped_at = ?
		WHERE id = ? AND stage = ? AND is_paid = ? AND paid_at IS NOT DISTINCT FROM ? AND is_delivered = ?
		AND delivered_at IS NOT DISTINCT FROM ? AND mfg_date IS NOT DISTINCT FROM ? AND payment_due_at IS NOT DISTINCT FROM ?
		AND return_status = ?`,
		append(append(append(after, standing(c.State.Status), sh.Courier, sh.TrackingNumber, sh.TrackingURL,
			optionalMillis(sh.ShippedAt)), o.ID), before...)...)
	if err != nil {
		return false, fmt.Errorf("update order: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("update order: %w", err)
	}
	if n == 0 {
		return false, nil
	}
	if err := saveAftermath(ctx, x, o, a, c); err != nil {
		return false, err
	}
	return true, nil
}

// saveAftermath writes what follows from change c of order o by act a.
func saveAftermath(ctx context.Context, x q, o shop.Order, a shop.Act, c shop.Change) error {
	if o.MfgDate == nil && c.State.MfgDate != nil {
		// The pre-order items were made with their order.
		if _, err := x.exec(ctx, `UPDATE order_items SET mfg_date = ? WHERE order_id = ? AND pre_order = ? AND mfg_date IS NULL`,
			millis(*c.State.MfgDate), o.ID, true); err != nil {
			return fmt.Errorf("set manufacture date of items: %w", err)
		}
	}
	if err := saveReturn(ctx, x, o, a, c); err != nil {
		return err
	}
	if c.ReturnStock() {
		if err := restock(ctx, x, o.ID, c); err != nil {
			return err
		}
	}
	if c.Refund > 0 {
		if err := recordRefund(ctx, x, o, c.Refund, a.At); err != nil {
			return err
		}
	}
	if err := addHistory(ctx, x, o.ID, shop.HistoryEntry{Status: c.State.Status, At: a.At, By: a.By, Note: a.HistoryNote()}); err != nil {
		return err
	}
	after := o
	after.State = c.State
	return queueMail(ctx, x, orderLetters(after, a, c)...)
}

// saveReturn records a new return request, or the admin's note on one.
func saveReturn(ctx context.Context, x q, o shop.Order, a shop.Act, c shop.Change) error {
	if c.ReturnItems != nil {
		items, err := json.Marshal(c.ReturnItems)
		if err != nil {
			return fmt.Errorf("encode return: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE orders SET return_items = ?, return_reason = ?, return_requested_at = ? WHERE id = ?`,
			string(items), c.ReturnReason, millis(a.At), o.ID); err != nil {
			return fmt.Errorf("record return: %w", err)
		}
		return nil
	}
	if c.State.ReturnStatus != o.ReturnStatus && a.Note != "" {
		if _, err := x.exec(ctx, `UPDATE orders SET return_note = ? WHERE id = ?`, a.Note, o.ID); err != nil {
			return fmt.Errorf("record return note: %w", err)
		}
	}
	return nil
}

// standing is the orders.status column of a status: whether the order
// stands (see migration 00010).
func standing(status string) string {
	if status == shop.StatusCancelled || status == shop.StatusExpired {
		return standingCancelled
	}
	return standingPlaced
}

// The values of orders.status.
const (
	standingPlaced    = "placed"
	standingCancelled = "cancelled"
)

// stateArgs are the columns of s in the order saveChange names them.
func stateArgs(s shop.State) []any {
	return []any{s.Status, s.IsPaid, optionalMillis(s.PaidAt), s.IsDelivered, optionalMillis(s.DeliveredAt),
		optionalMillis(s.MfgDate), optionalMillis(s.PaymentDueAt), s.ReturnStatus}
}

// restock puts back on sale what change c returns of order id: all the
// stock it took when it is cancelled, the returned units when a return
// arrives.
func restock(ctx context.Context, x q, id string, c shop.Change) error {
	if standing(c.State.Status) == standingCancelled {
		return returnStock(ctx, x, id)
	}
	for _, it := range c.Restock {
		var stock int
		if err := x.queryRow(ctx, `UPDATE sizes SET stock = stock + ? WHERE id = ? RETURNING stock`, it.Qty, it.SizeID).Scan(&stock); err != nil &&
			!errors.Is(err, sql.ErrNoRows) { // a size deleted since takes nothing back
			return fmt.Errorf("return stock: %w", err)
		}
		if stock == it.Qty { // back from none: search ranks the product anew
			if err := searchChanged(x, it.ProductID); err != nil {
				return err
			}
		}
		if _, err := x.exec(ctx, `UPDATE products SET total_sold = total_sold - ? WHERE id = ?`, it.Qty, it.ProductID); err != nil {
			return fmt.Errorf("uncount sold: %w", err)
		}
	}
	return nil
}

// returnStock puts the stock an order took back on sale and takes its
// units out of the products' units sold.
func returnStock(ctx context.Context, x q, id string) error {
	if _, err := x.exec(ctx, `UPDATE sizes SET stock = stock + (SELECT SUM(i.qty) FROM order_items i
		WHERE i.order_id = ? AND i.size_id = sizes.id AND i.pre_order = ?)
		WHERE id IN (SELECT size_id FROM order_items WHERE order_id = ? AND pre_order = ?)`, id, false, id, false); err != nil {
		return fmt.Errorf("return stock: %w", err)
	}
	// Any of the order's products may be back in stock: search ranks them
	// anew.
	var products []string
	err := x.each(ctx, `UPDATE products SET total_sold = total_sold - (SELECT SUM(i.qty) FROM order_items i
		WHERE i.order_id = ? AND i.product_id = products.id)
		WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?) RETURNING id`, []any{id, id}, func(rows *sql.Rows) error {
		var p string
		err := rows.Scan(&p)
		products = append(products, p)
		return err
	})
	if err != nil {
		return fmt.Errorf("uncount sold: %w", err)
	}
	return searchChanged(x, products...)
}

// MarkPaid records an admin's Payment Received.
func (db *DB) MarkPaid(ctx context.Context, id, by string, at time.Time) (shop.Order, error) {
	return db.changeOrder(ctx, id, shop.Act{Transition: shop.PayByAdmin, At: at, By: by, Admin: true})
}

// MarkDelivered records an admin's Mark As Delivered.
func (db *DB) MarkDelivered(ctx context.Context, id, by string, at time.Time) (shop.Order, error) {
	return db.changeOrder(ctx, id, shop.Act{Transition: shop.Deliver, At: at, By: by, Admin: true})
}

// MarkManufactured records that an order's pre-order items are made. The
// first mark sets the date; later ones change nothing and return it.
func (db *DB) MarkManufactured(ctx context.Context, id, by string, at time.Time) (shop.Order, error) {
	return db.changeOrder(ctx, id, shop.Act{Transition: shop.Manufacture, At: at, By: by})
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

// ExpireDueOrders ends the orders whose hold has ended unpaid (online) or
// unconfirmed (COD) and returns their stock; it reports how many it ended.
// Instances running it at once each claim different orders (claimEach).
func (db *DB) ExpireDueOrders(ctx context.Context, now time.Time) (int, error) {
	n, err := db.claimEach(ctx, "orders", `status = ? AND is_paid = ? AND payment_due_at IS NOT NULL AND payment_due_at <= ?`,
		[]any{standingPlaced, false, millis(now)}, func(ctx context.Context, x q, id string) (bool, error) {
			_, err := applyTransition(ctx, x, id, expiry(now))
			return expired(err)
		})
	if n > 0 {
		_ = db.changed(nil) // stock came back
	}
	return n, err
}

// ExpireOrder cancels one order and puts its stock back if its payment is
// overdue at now (shop.Expire), and tells whether it did. An expiry racing
// a payment either wins and returns the stock once, or finds the order paid
// and does nothing; an order gone or not due is left alone.
func (db *DB) ExpireOrder(ctx context.Context, id string, now time.Time) (bool, error) {
	return expired(db.transition(ctx, id, expiry(now)))
}

// expiry is the shop's own act of ending an order's hold at now.
func expiry(now time.Time) shop.Act {
	return shop.Act{Transition: shop.Expire, At: now, By: shop.BySystem}
}

// expired tells from an expiry's error whether the order expired: the
// shop's refusal (paid, not due, gone) is no failure.
func expired(err error) (bool, error) {
	if shop.ErrorOf(err) != nil {
		return false, nil
	}
	return err == nil, err
}

// PreOrders returns a page of the orders that hold pre-order items, were
// not cancelled and are COD or paid online: the manufacturer's work list.
// An online pre-order joins it once paid. Those still to make come first,
// oldest first, so the work is on the first page however many were made;
// then the made ones, the latest made first.
func (db *DB) PreOrders(ctx context.Context, page int) (OrderPage, error) {
	// has_pre_order written out, as the index orders_pre_order has it. The
	// status is compared as an expression (|| ''), which no index holds:
	// given o.status = ?, SQLite read the placed orders through
	// orders_payment_due (two thirds of 100,000: 70 ms) rather than the
	// pre-orders through their own index (1,000: 3 ms).
	// An unpaid online order or an unconfirmed COD one is not to make yet:
	// either may be cancelled (shop.ErrAwaitingPayment, ErrAwaitingConfirmation).
	return db.orderPage(ctx, `o.has_pre_order AND o.status || '' = ? AND (o.payment_method = ? OR o.is_paid = ?) AND o.stage <> ?`,
		[]any{standingPlaced, string(shop.COD), true, shop.StatusAwaitingConfirmation},
		orderKeys{{"CASE WHEN o.mfg_date IS NULL THEN 0 ELSE 1 END", false},
			{"CASE WHEN o.mfg_date IS NULL THEN o.created_at ELSE -o.mfg_date END", false}, {"o.order_no", false}}, page)
}

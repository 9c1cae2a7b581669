package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// RecordProviderOrder remembers the gateway's order for one of ours.
func (db *DB) RecordProviderOrder(ctx context.Context, orderID, provider, providerOrderID string, amount shop.Paise, now time.Time) error {
	_, err := db.q().exec(ctx, `INSERT INTO payments (id, order_id, provider, provider_order_id, amount_paise, status, created_at)
		VALUES (?, ?, ?, ?, ?, 'created', ?)`, NewID(), orderID, provider, providerOrderID, int64(amount), millis(now))
	if err != nil {
		return fmt.Errorf("record payment order: %w", err)
	}
	return nil
}

// PaymentOrderOf returns our order id for a gateway order id, or ErrNotFound.
func (db *DB) PaymentOrderOf(ctx context.Context, providerOrderID string) (string, error) {
	var id string
	err := db.q().queryRow(ctx, `SELECT order_id FROM payments WHERE provider_order_id = ?`, providerOrderID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("find payment order: %w", err)
	}
	return id, nil
}

// RecordOnlinePayment marks the order of a gateway order paid by paymentID,
// once: a repeat of the same payment changes nothing. A payment for an
// expired order is kept, flagged for an admin, and ErrPaidAfterExpiry
// returned; the order stays cancelled and its stock is not taken again.
//
// reported is what the provider's webhook says was paid; nil for a payment
// proven by its signature alone, whose amount Razorpay fixed when the order
// was opened. A report that does not pay the order's total in rupees is
// flagged, not paid, and ErrPaymentMismatch returned.
func (db *DB) RecordOnlinePayment(ctx context.Context, providerOrderID, paymentID string, reported *shop.Capture, at time.Time) (shop.Order, error) {
	var orderID string
	var verdict error
	err := db.inTx(ctx, func(x q) error {
		verdict = nil
		err := x.queryRow(ctx, `SELECT order_id FROM payments WHERE provider_order_id = ?`, providerOrderID).Scan(&orderID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("find payment: %w", err)
		}
		var status string
		var paid bool
		var total int64
		if err := x.queryRow(ctx, `SELECT status, is_paid, total_paise FROM orders WHERE id = ?`+db.forUpdate(), orderID).Scan(&status, &paid, &total); err != nil {
			return fmt.Errorf("lock order: %w", err)
		}
		if reported != nil {
			if why := reported.Mismatch(shop.Paise(total)); why != "" {
				verdict = shop.ErrPaymentMismatch
				return flagPayment(ctx, x, providerOrderID, why)
			}
		}
		if paid {
			return nil
		}
		if _, err := x.exec(ctx, `UPDATE payments SET status = 'paid', provider_payment_id = ?, paid_at = ?
			WHERE provider_order_id = ? AND provider_payment_id IS NULL`, paymentID, millis(at), providerOrderID); err != nil {
			return fmt.Errorf("record payment: %w", err)
		}
		if status == shop.StatusCancelled {
			verdict = shop.ErrPaidAfterExpiry
			return flagPayment(ctx, x, providerOrderID, shop.LatePaymentReason)
		}
		if _, err := x.exec(ctx, `UPDATE orders SET is_paid = ?, paid_at = ?, payment_due_at = NULL WHERE id = ?`,
			true, millis(at), orderID); err != nil {
			return fmt.Errorf("mark order paid: %w", err)
		}
		return nil
	})
	if err != nil {
		return shop.Order{}, err
	}
	o, err := db.Order(ctx, orderID)
	if err != nil {
		return shop.Order{}, err
	}
	return o, verdict
}

// flagPayment marks a gateway order's payment for an admin to look at, and
// says why; the latest reason replaces an earlier one.
func flagPayment(ctx context.Context, x q, providerOrderID, reason string) error {
	if _, err := x.exec(ctx, `UPDATE payments SET flagged = ?, flag_reason = ? WHERE provider_order_id = ?`,
		true, reason, providerOrderID); err != nil {
		return fmt.Errorf("flag payment: %w", err)
	}
	return nil
}

// ExpireDueOrders cancels the unpaid online orders whose hold has ended and
// returns their stock; it reports how many it cancelled.
func (db *DB) ExpireDueOrders(ctx context.Context, now time.Time) (int, error) {
	var ids []string
	err := db.each(ctx, `SELECT id FROM orders WHERE status = ? AND is_paid = ? AND payment_due_at IS NOT NULL AND payment_due_at <= ?`,
		[]any{shop.StatusPlaced, false, millis(now)}, func(rows *sql.Rows) error {
			var id string
			err := rows.Scan(&id)
			ids = append(ids, id)
			return err
		})
	if err != nil {
		return 0, fmt.Errorf("find due orders: %w", err)
	}
	n := 0
	for _, id := range ids {
		expired, err := db.ExpireOrder(ctx, id, now)
		if err != nil {
			return n, err
		}
		if expired {
			n++
		}
	}
	return n, nil
}

// ExpireOrder cancels one order if it is still unpaid past its hold, and
// puts its stock back, in one transaction under the order's lock: an expiry
// racing a payment either wins and returns the stock once, or finds the
// order paid and does nothing.
func (db *DB) ExpireOrder(ctx context.Context, id string, now time.Time) (bool, error) {
	expired := false
	err := db.inTx(ctx, func(x q) error {
		expired = false
		var status string
		var paid bool
		var due sql.NullInt64
		err := x.queryRow(ctx, `SELECT status, is_paid, payment_due_at FROM orders WHERE id = ?`+db.forUpdate(), id).Scan(&status, &paid, &due)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lock order: %w", err)
		}
		if status != shop.StatusPlaced || paid || !due.Valid || due.Int64 > millis(now) {
			return nil
		}
		if _, err := x.exec(ctx, `UPDATE orders SET status = ? WHERE id = ?`, shop.StatusCancelled, id); err != nil {
			return fmt.Errorf("cancel order: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE sizes SET stock = stock + (SELECT SUM(i.qty) FROM order_items i
			WHERE i.order_id = ? AND i.size_id = sizes.id AND i.pre_order = ?)
			WHERE id IN (SELECT size_id FROM order_items WHERE order_id = ? AND pre_order = ?)`, id, false, id, false); err != nil {
			return fmt.Errorf("return stock: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE products SET total_sold = total_sold - (SELECT SUM(i.qty) FROM order_items i
			WHERE i.order_id = ? AND i.product_id = products.id)
			WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?)`, id, id); err != nil {
			return fmt.Errorf("uncount sold: %w", err)
		}
		expired = true
		return nil
	})
	if expired && err == nil {
		_ = db.changed(nil) // stock came back
	}
	return expired, err
}

// PreOrders returns the orders that hold pre-order items, were not
// cancelled and are COD or paid online, oldest first: the manufacturer's
// work list. An online pre-order joins it once paid.
func (db *DB) PreOrders(ctx context.Context) ([]shop.Order, error) {
	return db.orders(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.status = ?
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

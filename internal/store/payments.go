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
	_, err := db.w().exec(ctx, `INSERT INTO payments (id, order_id, provider, provider_order_id, amount_paise, status, created_at)
		VALUES (?, ?, ?, ?, ?, 'created', ?)`, NewID(), orderID, provider, providerOrderID, int64(amount), millis(now))
	if err != nil {
		return fmt.Errorf("record payment order: %w", err)
	}
	return nil
}

// PaymentOrderOf returns our order id for a gateway order id, or shop.ErrOrderNotFound.
func (db *DB) PaymentOrderOf(ctx context.Context, providerOrderID string) (string, error) {
	var id string
	err := db.q().queryRow(ctx, `SELECT order_id FROM payments WHERE provider_order_id = ?`, providerOrderID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", shop.ErrOrderNotFound
	}
	if err != nil {
		return "", fmt.Errorf("find payment order: %w", err)
	}
	return id, nil
}

// RecordOnlinePayment marks the order of a gateway order paid by paymentID
// (shop.PayOnline), once: a repeat of the same payment changes nothing. A
// payment for an expired order is kept, flagged for an admin, and
// shop.ErrPaidAfterExpiry returned; the order stays cancelled and its stock
// is not taken again.
//
// reported is what the provider's webhook says was paid; nil for a payment
// proven by its signature alone, whose amount Razorpay fixed when the order
// was opened. A report that does not pay the order's total in rupees is
// flagged, not paid, and shop.ErrPaymentMismatch returned.
func (db *DB) RecordOnlinePayment(ctx context.Context, providerOrderID, paymentID string, reported *shop.Capture, at time.Time) (shop.Order, error) {
	var orderID string
	var verdict error
	err := db.inTx(ctx, func(x q) error {
		verdict = nil
		err := x.queryRow(ctx, `SELECT order_id FROM payments WHERE provider_order_id = ?`, providerOrderID).Scan(&orderID)
		if errors.Is(err, sql.ErrNoRows) {
			return shop.ErrOrderNotFound
		}
		if err != nil {
			return fmt.Errorf("find payment: %w", err)
		}
		if reported != nil {
			o, err := readOrder(ctx, x, orderID, shop.ErrOrderNotFound)
			if err != nil {
				return err
			}
			if why := reported.Mismatch(o.Prices.Total); why != "" {
				verdict = shop.ErrPaymentMismatch
				return flagPayment(ctx, x, providerOrderID, why)
			}
		}
		_, err = applyTransition(ctx, x, orderID, shop.Act{Transition: shop.PayOnline, At: at, By: shop.ByGateway})
		switch {
		case errors.Is(err, shop.ErrAlreadyPaid):
			return nil
		case errors.Is(err, shop.ErrPaidAfterExpiry):
			verdict = err
		case err != nil:
			return err
		}
		if _, err := x.exec(ctx, `UPDATE payments SET status = 'paid', provider_payment_id = ?, paid_at = ?
			WHERE provider_order_id = ? AND provider_payment_id IS NULL`, paymentID, millis(at), providerOrderID); err != nil {
			return fmt.Errorf("record payment: %w", err)
		}
		if verdict != nil {
			return flagPayment(ctx, x, providerOrderID, shop.LatePaymentReason)
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

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// ErrRefundNotFound answers for a refund that is not there, or not one an
// admin fills in by hand.
var ErrRefundNotFound = &shop.Error{Code: shop.NotFound, Message: "No refund waiting to be entered by hand with that id"}

// SendRefunds asks the gateway, through send, for each refund of the order
// orderID ("" for every order) recorded and not yet accepted by it, and
// records the gateway's reference; it reports how many it sent. Each refund
// is claimed (claimEach) while send runs, so that two instances, or a
// request and the retry job, never ask for one refund at once; one send
// fails leaves its refund pending for the next run, and send itself looks
// the refund up before asking again (payment.Gateway.Refund).
func (db *DB) SendRefunds(ctx context.Context, orderID string, at time.Time, send func(shop.Refund) (string, error)) (int, error) {
	where, args := `method = ? AND status = ?`, []any{shop.RefundGateway, shop.RefundPending}
	if orderID != "" {
		where, args = where+` AND order_id = ?`, append(args, orderID)
	}
	return db.claimEach(ctx, "refunds", where, args, func(ctx context.Context, x q, id string) (bool, error) {
		r, err := scanRefund(x.queryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = ?`, id))
		if err != nil {
			return false, fmt.Errorf("read refund: %w", err)
		}
		reference, err := send(r)
		if err != nil {
			return false, nil // left pending: the next run tries again
		}
		if _, err := x.exec(ctx, `UPDATE refunds SET status = ?, reference = ?, updated_at = ? WHERE id = ?`,
			shop.RefundProcessing, reference, millis(at), id); err != nil {
			return false, fmt.Errorf("record refund sent: %w", err)
		}
		return true, nil
	})
}

// SettleRefund records the gateway's word on a refund: processed or failed.
// The refund is known by our id (the receipt) or the gateway's reference. A
// repeated event changes nothing; a processed refund mails the customer.
func (db *DB) SettleRefund(ctx context.Context, receipt, reference, status string, at time.Time) error {
	if status != shop.RefundProcessed && status != shop.RefundFailed {
		return fmt.Errorf("settle refund: unknown status %q", status)
	}
	return db.inTx(ctx, func(x q) error {
		var id, orderID string
		err := x.queryRow(ctx, `SELECT id, order_id FROM refunds WHERE (id = ? OR (reference <> '' AND reference = ?))
			AND status IN (?, ?)`, receipt, reference, shop.RefundPending, shop.RefundProcessing).Scan(&id, &orderID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("find refund: %w", err)
		}
		return settle(ctx, x, id, orderID, reference, status, shop.ByGateway, at)
	})
}

// RecordManualRefund records the reference (a UPI reference, a bank
// transfer's note) of a refund an admin made by hand, and tells the
// customer.
func (db *DB) RecordManualRefund(ctx context.Context, orderID, refundID, reference, by string, at time.Time) (shop.Order, error) {
	err := db.inTx(ctx, func(x q) error {
		var id string
		err := x.queryRow(ctx, `SELECT id FROM refunds WHERE id = ? AND order_id = ? AND method = ? AND status = ?`,
			refundID, orderID, shop.RefundManual, shop.RefundPending).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrRefundNotFound
		}
		if err != nil {
			return fmt.Errorf("find refund: %w", err)
		}
		return settle(ctx, x, id, orderID, reference, shop.RefundProcessed, by, at)
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, orderID)
}

// settle moves refund id of order orderID to status, with its reference,
// and records it in the order's history; a processed refund mails the
// customer.
func settle(ctx context.Context, x q, id, orderID, reference, status, by string, at time.Time) error {
	if _, err := x.exec(ctx, `UPDATE refunds SET status = ?, reference = CASE WHEN ? = '' THEN reference ELSE ? END,
		updated_at = ? WHERE id = ?`, status, reference, reference, millis(at), id); err != nil {
		return fmt.Errorf("settle refund: %w", err)
	}
	o, err := readOrder(ctx, x, orderID, shop.ErrOrderNotFound)
	if err != nil {
		return err
	}
	var amount shop.Paise
	for _, r := range o.Refunds {
		if r.ID == id {
			amount, reference = r.Amount, r.Reference
		}
	}
	note := "Refund of " + amount.Indian() + " " + status
	if reference != "" {
		note += ", reference " + reference
	}
	if err := addHistory(ctx, x, orderID, shop.HistoryEntry{Status: o.Status, At: at, By: by, Note: note}); err != nil {
		return err
	}
	if status != shop.RefundProcessed {
		return nil
	}
	return queueMail(ctx, x, mail.OrderUpdate(o, mail.EventRefunded, by, reference, amount))
}

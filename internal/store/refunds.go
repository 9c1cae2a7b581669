package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// ErrRefundNotFound answers for a refund that is not there, or not one an
// admin fills in by hand.
var ErrRefundNotFound = &shop.Error{Code: shop.NotFound, Message: "No refund waiting to be entered by hand with that id"}

// ErrNoSuchRefund answers for a refund the order does not have.
var ErrNoSuchRefund = &shop.Error{Code: shop.NotFound, Message: "This order has no refund with that id"}

// A refund through the gateway is recorded pending with the change that
// makes it due (recordRefund), then sent by whoever runs the refund job or
// made the change: it claims the refund (ClaimRefund) in a short statement
// of its own, asks the gateway outside any transaction, and records what
// came of it (RefundSent, RefundNotSent, RefundRefused).

// ClaimRefund claims the next refund through the gateway of order orderID
// ("" for any order) that is waiting to be sent and not claimed by another
// sender, for lease: until then no other sender takes it, so that one
// sender, of one instance, asks for a refund at a time. The claim is
// counted (shop.Refund.Attempts) before the gateway is asked, so that a
// later claim knows this one may have reached it, even if its process ends.
// On PostgreSQL, senders of several instances skip each other's locked
// rows; SQLite has one instance and one writer.
func (db *DB) ClaimRefund(ctx context.Context, orderID string, now time.Time, lease time.Duration) (shop.Refund, bool, error) {
	where, args := `method = ? AND status = ? AND next_attempt_at <= ?`, []any{shop.RefundGateway, shop.RefundPending, millis(now)}
	if orderID != "" {
		where, args = where+` AND order_id = ?`, append(args, orderID)
	}
	skipLocked := ""
	if db.dialect == Postgres {
		skipLocked = " FOR UPDATE SKIP LOCKED"
	}
	f, err := scanRefund(db.w().queryRow(ctx, `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id = (SELECT id FROM refunds WHERE `+where+` ORDER BY next_attempt_at, created_at LIMIT 1`+skipLocked+`)
		RETURNING `+refundColumns, append([]any{millis(now.Add(lease))}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return shop.Refund{}, false, nil
	}
	if err != nil {
		return shop.Refund{}, false, fmt.Errorf("claim refund: %w", err)
	}
	return f, true, nil
}

// RefundSent records the gateway's reference of refund id, which it has
// taken: the refund is processing until its webhook settles it. A webhook
// that came first has settled it already, and is left as it said.
func (db *DB) RefundSent(ctx context.Context, id, reference string, at time.Time) error {
	if _, err := db.w().exec(ctx, `UPDATE refunds SET status = ?, reference = ?, last_error = '', updated_at = ?
		WHERE id = ? AND status = ?`, shop.RefundProcessing, reference, millis(at), id, shop.RefundPending); err != nil {
		return fmt.Errorf("record refund sent: %w", err)
	}
	return nil
}

// RefundNotSent leaves refund f, which the gateway did not take, to be
// claimed again from next, with why. Only the claim that is f's latest
// changes it: one whose lease ran out, and was taken over, changes nothing.
func (db *DB) RefundNotSent(ctx context.Context, f shop.Refund, reason string, next time.Time) error {
	if _, err := db.w().exec(ctx, `UPDATE refunds SET next_attempt_at = ?, last_error = ?
		WHERE id = ? AND attempts = ? AND status = ?`, millis(next), reason, f.ID, f.Attempts, shop.RefundPending); err != nil {
		return fmt.Errorf("reschedule refund: %w", err)
	}
	return nil
}

// RefundRefused records that the gateway refused refund f outright, so
// that none was made: it has failed, and says why in the order's history,
// for an admin to try again (RetryRefund) or settle otherwise.
func (db *DB) RefundRefused(ctx context.Context, f shop.Refund, reason string, at time.Time) error {
	return db.inTx(ctx, func(x q) error {
		var orderID string
		err := x.queryRow(ctx, `SELECT order_id FROM refunds WHERE id = ? AND attempts = ? AND status = ?`,
			f.ID, f.Attempts, shop.RefundPending).Scan(&orderID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("find refund: %w", err)
		}
		if _, err := x.exec(ctx, `UPDATE refunds SET last_error = ? WHERE id = ?`, reason, f.ID); err != nil {
			return fmt.Errorf("record why the refund failed: %w", err)
		}
		return settle(ctx, x, f.ID, orderID, "", shop.RefundFailed, shop.ByGateway, at, reason)
	})
}

// RetryRefund tries again for refund refundID of order orderID, which
// failed at the gateway: a new refund of the same amount is recorded,
// pending, to be sent like any other, and the failed one is kept, marked
// as replaced by it. The gateway keeps the failed refund under the old id,
// so the new one has an id of its own.
func (db *DB) RetryRefund(ctx context.Context, orderID, refundID, by string, at time.Time) (shop.Order, error) {
	err := db.inTx(ctx, func(x q) error {
		old, err := scanRefund(x.queryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = ? AND order_id = ?`, refundID, orderID))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoSuchRefund
		}
		if err != nil {
			return fmt.Errorf("find refund: %w", err)
		}
		f, err := old.Retry(NewID(), at)
		if err != nil {
			return err
		}
		res, err := x.exec(ctx, `UPDATE refunds SET replaced_by = ?, updated_at = ? WHERE id = ? AND replaced_by = ''`,
			f.ID, millis(at), old.ID)
		if err != nil {
			return fmt.Errorf("mark refund retried: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("mark refund retried: %w", err)
		}
		if n == 0 { // another admin tried it again first
			return shop.ErrRefundNotRetryable
		}
		if err := insertRefund(ctx, x, orderID, f); err != nil {
			return err
		}
		o, err := readOrder(ctx, x, orderID, shop.ErrOrderNotFound)
		if err != nil {
			return err
		}
		if err := addHistory(ctx, x, orderID, shop.HistoryEntry{Status: o.Status, At: at, By: by,
			Note: "Refund of " + f.Amount.Indian() + " tried again"}); err != nil {
			return err
		}
		return auditChange(ctx, x, shop.AuditRefundRetried, "order", orderID, strconv.FormatInt(o.OrderNo, 10),
			refundSnapshot(old), refundSnapshot(f))
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, orderID)
}

// refundSnapshot is what the audit log compares of a refund.
func refundSnapshot(f shop.Refund) map[string]any {
	return map[string]any{"refund": f.ID, "amount": f.Amount, "status": f.Status, "reference": f.Reference}
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
		return settle(ctx, x, id, orderID, reference, status, shop.ByGateway, at, "")
	})
}

// RecordManualRefund records the reference (a UPI reference, a bank
// transfer's note) of a refund an admin made by hand, and tells the
// customer.
func (db *DB) RecordManualRefund(ctx context.Context, orderID, refundID, reference, by string, at time.Time) (shop.Order, error) {
	err := db.inTx(ctx, func(x q) error {
		f, err := scanRefund(x.queryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = ? AND order_id = ? AND method = ? AND status = ?`,
			refundID, orderID, shop.RefundManual, shop.RefundPending))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrRefundNotFound
		}
		if err != nil {
			return fmt.Errorf("find refund: %w", err)
		}
		if err := settle(ctx, x, f.ID, orderID, reference, shop.RefundProcessed, by, at, ""); err != nil {
			return err
		}
		entered := f
		entered.Status, entered.Reference = shop.RefundProcessed, reference
		var orderNo int64
		if err := x.queryRow(ctx, `SELECT order_no FROM orders WHERE id = ?`, orderID).Scan(&orderNo); err != nil {
			return fmt.Errorf("read the order's number: %w", err)
		}
		return auditChange(ctx, x, shop.AuditRefundEntered, "order", orderID, strconv.FormatInt(orderNo, 10),
			refundSnapshot(f), refundSnapshot(entered))
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, orderID)
}

// settle moves refund id of order orderID to status, with its reference,
// and records it in the order's history, with why when it is given; a
// processed refund mails the customer.
func settle(ctx context.Context, x q, id, orderID, reference, status, by string, at time.Time, why string) error {
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
	if why != "" {
		note += ": " + why
	}
	if err := addHistory(ctx, x, orderID, shop.HistoryEntry{Status: o.Status, At: at, By: by, Note: note}); err != nil {
		return err
	}
	if status != shop.RefundProcessed {
		return nil
	}
	return queueMail(ctx, x, mail.OrderUpdate(o, mail.EventRefunded, by, reference, amount))
}

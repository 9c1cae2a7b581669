package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// What happens to an order after checkout (issue 19): confirmation,
// shipping, cancellation, returns and refunds. Each is a shop.Act saved by
// changeOrder; this file holds what follows from them.

// ErrConfirmLink answers a confirmation link that is not (or no longer) one.
var ErrConfirmLink = &shop.Error{Code: shop.NotFound, Message: "This confirmation link is not valid any more. Please open your order to see where it stands."}

// firstState is what a new order starts as.
type firstState struct {
	status string
	due    *time.Time
	// token confirms a COD order from its mail; only its hash is kept.
	token     string
	tokenHash any
}

// firstStatus decides how the order in is placed: waiting for its online
// payment, for the confirmation of its COD, or placed.
func firstStatus(ctx context.Context, x q, in NewOrder, quote shop.Quote) (firstState, error) {
	var delivered bool
	if quote.Method == shop.COD {
		// is_delivered as a literal, so that the partial index answers.
		if err := x.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = ? AND is_delivered)`,
			in.User.ID).Scan(&delivered); err != nil {
			return firstState{}, fmt.Errorf("find delivered orders: %w", err)
		}
	}
	f := firstState{status: in.CODConfirmation.FirstStatus(quote.Method, quote.Prices.Total, delivered)}
	switch f.status {
	case shop.StatusAwaitingPayment:
		f.due = quote.PaymentDue(in.Now, in.PaymentHold)
	case shop.StatusAwaitingConfirmation:
		due := in.Now.Add(in.CODConfirmation.Within)
		f.due = &due
		var b [24]byte
		_, _ = rand.Read(b[:])
		f.token = base64.RawURLEncoding.EncodeToString(b[:])
		f.tokenHash = tokenHash(f.token)
	}
	return f, nil
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// addHistory appends e to the history of order id.
func addHistory(ctx context.Context, x q, id string, e shop.HistoryEntry) error {
	if _, err := x.exec(ctx, `INSERT INTO order_history (id, order_id, position, status, at, by_name, note)
		VALUES (?, ?, (SELECT COUNT(*) FROM order_history h WHERE h.order_id = ?), ?, ?, ?, ?)`,
		NewID(), id, id, e.Status, millis(e.At), e.By, e.Note); err != nil {
		return fmt.Errorf("add to the order's history: %w", err)
	}
	return nil
}

// readAftercare loads the history and refunds of the orders ids into byID.
func readAftercare(ctx context.Context, x q, ids []any, byID map[string]*shop.Order) error {
	err := x.each(ctx, `SELECT order_id, status, at, by_name, note FROM order_history WHERE order_id IN (`+placeholders(len(ids))+`)
		ORDER BY order_id, position`, ids, func(rows *sql.Rows) error {
		var e shop.HistoryEntry
		var orderID string
		var at int64
		if err := rows.Scan(&orderID, &e.Status, &at, &e.By, &e.Note); err != nil {
			return err
		}
		e.At = fromMillis(at)
		byID[orderID].History = append(byID[orderID].History, e)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read order history: %w", err)
	}
	err = x.each(ctx, `SELECT order_id, `+refundColumns+` FROM refunds WHERE order_id IN (`+placeholders(len(ids))+`)
		ORDER BY order_id, created_at, id`, ids, func(rows *sql.Rows) error {
		var orderID string
		r, err := scanRefund(rows, &orderID)
		byID[orderID].Refunds = append(byID[orderID].Refunds, r)
		return err
	})
	if err != nil {
		return fmt.Errorf("read refunds: %w", err)
	}
	return nil
}

const refundColumns = `id, method, amount_paise, status, reference, payment_id, created_at, attempts, replaced_by`

func scanRefund(row interface{ Scan(...any) error }, before ...any) (shop.Refund, error) {
	var r shop.Refund
	var created int64
	err := row.Scan(append(before, &r.ID, &r.Method, &r.Amount, &r.Status, &r.Reference, &r.PaymentID, &created,
		&r.Attempts, &r.ReplacedBy)...)
	r.CreatedAt = fromMillis(created)
	return r, err
}

// recordRefund records that amount is due back to the customer of o,
// before anyone asks the gateway for it: an online payment is refunded
// through the gateway, cash on delivery by an admin by hand.
func recordRefund(ctx context.Context, x q, o shop.Order, amount shop.Paise, at time.Time) error {
	method, paymentID := shop.RefundManual, ""
	if o.PaymentMethod == shop.Razorpay {
		method = shop.RefundGateway
		err := x.queryRow(ctx, `SELECT provider_payment_id FROM payments WHERE order_id = ? AND status = 'paid'
			ORDER BY paid_at LIMIT 1`, o.ID).Scan(&paymentID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("find the payment to refund: %w", err)
		}
		if paymentID == "" {
			// Paid by an admin's Payment Received: no gateway payment to refund.
			method = shop.RefundManual
		}
	}
	return insertRefund(ctx, x, o.ID, shop.Refund{ID: NewID(), Method: method, Amount: amount, Status: shop.RefundPending,
		PaymentID: paymentID, CreatedAt: at})
}

// insertRefund records refund f of order orderID.
func insertRefund(ctx context.Context, x q, orderID string, f shop.Refund) error {
	if _, err := x.exec(ctx, `INSERT INTO refunds (id, order_id, method, amount_paise, status, payment_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, orderID, f.Method, int64(f.Amount), f.Status, f.PaymentID,
		millis(f.CreatedAt), millis(f.CreatedAt)); err != nil {
		return fmt.Errorf("record refund: %w", err)
	}
	return nil
}

// orderLetters are the mails a change of an order sends its customer;
// after is the order as the change leaves it.
func orderLetters(after shop.Order, a shop.Act, c shop.Change) []mail.Letter {
	var out []mail.Letter
	switch a.Transition {
	case shop.PayOnline:
		out = append(out, mail.OrderPlaced(after, ""))
	case shop.Confirm:
		out = append(out, mail.OrderUpdate(after, mail.EventConfirmed, a.By, a.Note, 0))
	case shop.Ship:
		out = append(out, mail.OrderUpdate(after, mail.EventShipped, a.By, a.Note, 0))
	case shop.Deliver:
		out = append(out, mail.OrderUpdate(after, mail.EventDelivered, a.By, a.Note, 0))
	case shop.Cancel, shop.Expire:
		out = append(out, mail.OrderUpdate(after, mail.EventCancelled, a.By, a.HistoryNote(), 0))
	case shop.ApproveReturn:
		out = append(out, mail.OrderUpdate(after, mail.EventReturnApproved, a.By, a.Note, 0))
	case shop.RejectReturn:
		out = append(out, mail.OrderUpdate(after, mail.EventReturnRejected, a.By, a.Note, 0))
	}
	if c.Refund > 0 {
		out = append(out, mail.OrderUpdate(after, mail.EventRefundStarted, a.By, "", c.Refund))
	}
	return out
}

// ChangeOrder applies a to the order id (confirm, ship, a return's steps)
// and returns the order after it.
func (db *DB) ChangeOrder(ctx context.Context, id string, a shop.Act) (shop.Order, error) {
	return db.changeOrder(ctx, id, a)
}

// CancelOrder cancels the order id: its stock comes back and, if it was
// paid, its refund is recorded, all in one transaction. This is where a
// cancellation ends, for whatever must follow one (a credit note).
func (db *DB) CancelOrder(ctx context.Context, id string, a shop.Act) (shop.Order, error) {
	a.Transition = shop.Cancel
	return db.changeOrder(ctx, id, a)
}

// ReceiveReturn records a returned parcel arriving: its units come back
// on sale and its refund is recorded. This is where a return ends, for
// whatever must follow one (a credit note).
func (db *DB) ReceiveReturn(ctx context.Context, id string, a shop.Act) (shop.Order, error) {
	a.Transition = shop.ReceiveReturn
	return db.changeOrder(ctx, id, a)
}

// ConfirmOrderByToken confirms the COD order whose mailed link carries
// token. The link works once: it is forgotten as the order is confirmed.
func (db *DB) ConfirmOrderByToken(ctx context.Context, token string, a shop.Act) (shop.Order, error) {
	return db.confirm(ctx, a, func(x q) (string, error) {
		var id string
		err := x.queryRow(ctx, `SELECT id FROM orders WHERE confirm_token_hash = ?`, tokenHash(token)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return "", ErrConfirmLink
		}
		if err != nil {
			return "", fmt.Errorf("find order to confirm: %w", err)
		}
		return id, nil
	})
}

// ConfirmOrder confirms the COD order id for its customer (on the page, or
// an admin after a phone call); its mailed link stops working.
func (db *DB) ConfirmOrder(ctx context.Context, id string, a shop.Act) (shop.Order, error) {
	return db.confirm(ctx, a, func(q) (string, error) { return id, nil })
}

// confirm confirms the order find names, inside one transaction, and
// forgets its confirmation link.
func (db *DB) confirm(ctx context.Context, a shop.Act, find func(x q) (string, error)) (shop.Order, error) {
	var id string
	err := db.inTx(ctx, func(x q) error {
		var err error
		if id, err = find(x); err != nil {
			return err
		}
		a.Transition = shop.Confirm
		if _, err := applyTransition(ctx, x, id, a); err != nil {
			return err
		}
		if _, err := x.exec(ctx, `UPDATE orders SET confirm_token_hash = NULL WHERE id = ?`, id); err != nil {
			return fmt.Errorf("forget confirmation link: %w", err)
		}
		return nil
	})
	if err != nil {
		return shop.Order{}, err
	}
	return db.Order(ctx, id)
}

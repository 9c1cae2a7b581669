package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// Tax invoices and credit notes (issue 20). Each is issued inside the
// transaction of the change that calls for it, its number taken from a
// counter row of its series and financial year in that same transaction:
// two payments at once wait for each other at the counter, and a change
// rolled back gives its number back, so numbers run without gaps or
// repeats on any number of instances.

// ErrNoInvoice answers for an order that has no invoice (yet).
var ErrNoInvoice = &shop.Error{Code: shop.NotFound, Message: "This order has no tax invoice yet"}

// ErrNoCreditNote answers for an order with no credit note.
var ErrNoCreditNote = &shop.Error{Code: shop.NotFound, Message: "This order has no credit note"}

// issueInvoiceOnChange issues order o's invoice when its change to state
// after calls for one (gst.InvoiceDue) and the seller is registered for
// GST; a shop without a GSTIN issues none.
func issueInvoiceOnChange(ctx context.Context, x q, o shop.Order, after shop.State, at time.Time) error {
	if !gst.InvoiceDue(o, after) {
		return nil
	}
	settings, err := readSettings(ctx, x)
	if err != nil {
		return err
	}
	if !settings.Seller.Invoices() {
		return nil
	}
	o.State = after
	_, err = issueDocument(ctx, x, gst.Document{Kind: gst.Invoice, Seller: settings.Seller, Order: o, IssuedAt: at})
	return err
}

// creditOnChange issues a credit note when a change takes back an
// invoiced sale: the whole of what is left of the invoice when the order
// is cancelled; the returned units, for what their return refunds
// (shop.Order.RefundFor), when its return is received.
func creditOnChange(ctx context.Context, x q, o shop.Order, after shop.State, at time.Time) error {
	var err error
	switch {
	case after.Status == o.Status:
		return nil
	case after.Status == shop.StatusCancelled:
		_, err = issueCreditNote(ctx, x, o.ID, "cancelled", nil, at)
	case after.Status == shop.StatusReturned && o.Return != nil:
		reason := "returned in part"
		if o.ReturnsEverything() {
			reason = "returned"
		}
		_, err = issueCreditNote(ctx, x, o.ID, reason, &gst.Refund{Units: o.UnitsBack(), Amount: o.RefundFor(o.Return.Items)}, at)
	}
	if errors.Is(err, ErrNoInvoice) {
		return nil
	}
	return err
}

// IssueCreditNote issues a credit note for what is left of order id's
// invoice, saying why (cancelled, refunded, returned), and queues it to
// the customer. An order without an invoice needs none: ErrNoInvoice.
// Called inside the transaction of the change that cancels, refunds or
// takes back the order (issueCreditNote); this one runs its own, for an
// admin's credit note and for tests.
func (db *DB) IssueCreditNote(ctx context.Context, id, reason string, at time.Time) (gst.Document, error) {
	var d gst.Document
	err := db.inTx(ctx, func(x q) error {
		var err error
		d, err = issueCreditNote(ctx, x, id, reason, nil, at)
		return err
	})
	return d, err
}

// issueCreditNote issues, inside x, a credit note against order id's
// invoice, with its seller, for refund (nil: all that earlier credit notes
// left), under a number of the credit notes' series.
func issueCreditNote(ctx context.Context, x q, id, reason string, refund *gst.Refund, at time.Time) (gst.Document, error) {
	inv, err := readDocument(ctx, x, id, gst.Invoice, "", ErrNoInvoice)
	if err != nil {
		return gst.Document{}, err
	}
	var credited []gst.Breakup
	err = x.each(ctx, `SELECT breakup FROM tax_documents WHERE order_id = ? AND kind = ? ORDER BY issued_at, seq`,
		[]any{id, string(gst.CreditNote)}, func(rows *sql.Rows) error {
			var breakup string
			var b gst.Breakup
			if err := rows.Scan(&breakup); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(breakup), &b); err != nil {
				return fmt.Errorf("decode a credit note: %w", err)
			}
			credited = append(credited, b)
			return nil
		})
	if err != nil {
		return gst.Document{}, fmt.Errorf("read credit notes of invoice %s: %w", inv.Number, err)
	}
	if refund == nil {
		rest := gst.Rest(inv.Breakup, credited)
		refund = &rest
	}
	b, err := gst.Credit(inv.Breakup, credited, *refund)
	if err != nil {
		return gst.Document{}, fmt.Errorf("credit note against %s: %w", inv.Number, err)
	}
	return issueDocument(ctx, x, gst.Document{Kind: gst.CreditNote, Seller: inv.Seller, Order: inv.Order, IssuedAt: at,
		Breakup: b, Invoice: inv.Number, InvoiceDate: inv.IssuedAt, Reason: reason})
}

// issueDocument numbers d, works out an invoice's tax, saves d and queues
// it to the customer, all through x.
func issueDocument(ctx context.Context, x q, d gst.Document) (gst.Document, error) {
	if d.Kind == gst.Invoice {
		b, err := gst.Compute(gst.SaleOf(d.Order, d.Seller))
		if err != nil {
			return d, fmt.Errorf("tax of order %d: %w", d.Order.OrderNo, err)
		}
		d.Breakup = b
	}
	fy := gst.FinancialYear(d.IssuedAt)
	series := string(d.Kind) + "/" + fy
	if _, err := x.exec(ctx, `INSERT INTO counters (name, value) VALUES (?, 0) ON CONFLICT (name) DO NOTHING`, series); err != nil {
		return d, fmt.Errorf("start series %s: %w", series, err)
	}
	var seq int64
	if err := x.queryRow(ctx, `UPDATE counters SET value = value + 1 WHERE name = ? RETURNING value`, series).Scan(&seq); err != nil {
		return d, fmt.Errorf("next number of %s: %w", series, err)
	}
	var err error
	if d.Number, err = gst.Number(d.Kind, d.Seller.InvoicePrefix, fy, seq); err != nil {
		return d, err
	}
	seller, err := json.Marshal(d.Seller)
	if err != nil {
		return d, fmt.Errorf("encode seller: %w", err)
	}
	breakup, err := json.Marshal(d.Breakup)
	if err != nil {
		return d, fmt.Errorf("encode tax: %w", err)
	}
	if _, err := x.exec(ctx, `INSERT INTO tax_documents (id, order_id, kind, number, financial_year, seq, issued_at, reason,
		seller, breakup) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, NewID(), d.Order.ID, string(d.Kind), d.Number, fy, seq,
		millis(d.IssuedAt), d.Reason, string(seller), string(breakup)); err != nil {
		return d, fmt.Errorf("save %s %s: %w", d.Kind, d.Number, err)
	}
	return d, queueMail(ctx, x, mail.TaxDocument(d))
}

// Invoice returns order id's invoice, or ErrNoInvoice.
func (db *DB) Invoice(ctx context.Context, id string) (gst.Document, error) {
	return readDocument(ctx, db.q(), id, gst.Invoice, "", ErrNoInvoice)
}

// CreditNote returns order id's credit note numbered number, its latest
// for "", or ErrNoCreditNote.
func (db *DB) CreditNote(ctx context.Context, id, number string) (gst.Document, error) {
	d, err := readDocument(ctx, db.q(), id, gst.CreditNote, number, ErrNoCreditNote)
	if err != nil {
		return d, err
	}
	inv, err := db.Invoice(ctx, id)
	d.Invoice, d.InvoiceDate = inv.Number, inv.IssuedAt
	return d, err
}

// readDocument reads order id's document of kind numbered number (its
// latest for "") through x, with the order as it stands, or returns
// missing.
func readDocument(ctx context.Context, x q, id string, kind gst.Kind, number string, missing error) (gst.Document, error) {
	if !ValidID(id) {
		return gst.Document{}, missing
	}
	d := gst.Document{Kind: kind}
	var issued int64
	var seller, breakup string
	err := x.queryRow(ctx, `SELECT number, issued_at, reason, seller, breakup FROM tax_documents
		WHERE order_id = ? AND kind = ? AND (? = '' OR number = ?) ORDER BY issued_at DESC, seq DESC LIMIT 1`,
		id, string(kind), number, number).Scan(&d.Number, &issued, &d.Reason, &seller, &breakup)
	if errors.Is(err, sql.ErrNoRows) {
		return d, missing
	}
	if err != nil {
		return d, fmt.Errorf("read %s: %w", kind, err)
	}
	d.IssuedAt = fromMillis(issued)
	if err := json.Unmarshal([]byte(seller), &d.Seller); err != nil {
		return d, fmt.Errorf("decode seller of %s: %w", d.Number, err)
	}
	if err := json.Unmarshal([]byte(breakup), &d.Breakup); err != nil {
		return d, fmt.Errorf("decode tax of %s: %w", d.Number, err)
	}
	d.Order, err = readOrder(ctx, x, id, shop.ErrOrderNotFound)
	return d, err
}

// TaxDocumentsIssued returns the invoices and credit notes issued from
// from up to (not including) to, oldest first, for the GST summary.
func (db *DB) TaxDocumentsIssued(ctx context.Context, from, to time.Time) ([]gst.Document, error) {
	docs := []gst.Document{}
	err := db.q().each(ctx, `SELECT kind, number, issued_at, breakup FROM tax_documents
		WHERE issued_at >= ? AND issued_at < ? ORDER BY issued_at, kind, seq`, []any{millis(from), millis(to)},
		func(rows *sql.Rows) error {
			var d gst.Document
			var kind, breakup string
			var issued int64
			if err := rows.Scan(&kind, &d.Number, &issued, &breakup); err != nil {
				return err
			}
			d.Kind, d.IssuedAt = gst.Kind(kind), fromMillis(issued)
			if err := json.Unmarshal([]byte(breakup), &d.Breakup); err != nil {
				return fmt.Errorf("decode tax of %s: %w", d.Number, err)
			}
			docs = append(docs, d)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("read tax documents: %w", err)
	}
	return docs, nil
}

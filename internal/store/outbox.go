package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// The mail outbox: what a change must mail is written in the change's own
// transaction (queueMail) and sent by mail.Sender, through the methods
// below, which make *DB a mail.Queue.

// queueMail writes letters to the outbox through x, a transaction's; once
// it commits, this instance's sender is woken.
func queueMail(ctx context.Context, x q, letters ...mail.Letter) error {
	for _, l := range letters {
		data, err := json.Marshal(l.Data)
		if err != nil {
			return fmt.Errorf("encode %s mail: %w", l.Template, err)
		}
		if _, err := x.exec(ctx, `INSERT INTO mail_outbox (id, template, recipient, data, created_at) VALUES (?, ?, ?, ?, ?)`,
			NewID(), l.Template, l.To, string(data), millis(time.Now())); err != nil {
			return fmt.Errorf("queue %s mail: %w", l.Template, err)
		}
		*x.queuedMail = true
	}
	return nil
}

// queueOrderPlaced queues the confirmation of order o, placed in x's
// transaction, with the link that confirms it when token is not empty.
func queueOrderPlaced(ctx context.Context, x q, o shop.Order, token string) error {
	return queueMail(ctx, x, mail.OrderPlaced(o, token))
}

func (db *DB) wakeMailSender() {
	select {
	case db.mailQueued <- struct{}{}:
	default: // a wake-up is pending already
	}
}

// MailQueued receives after a transaction of this instance that queued
// mail commits. Another instance's mail is found by polling.
func (db *DB) MailQueued() <-chan struct{} { return db.mailQueued }

// ClaimMail implements mail.Queue. On PostgreSQL, senders of several
// instances skip each other's locked rows, so each claims a mail of its own;
// SQLite has one instance and one writer.
func (db *DB) ClaimMail(ctx context.Context, now time.Time, lease time.Duration) (mail.Queued, bool, error) {
	skipLocked := ""
	if db.dialect == Postgres {
		skipLocked = " FOR UPDATE SKIP LOCKED"
	}
	var m mail.Queued
	var data string
	err := db.w().queryRow(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id = (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
			ORDER BY next_attempt_at, created_at LIMIT 1`+skipLocked+`)
		RETURNING id, template, recipient, data, attempts`, millis(now.Add(lease)), millis(now)).
		Scan(&m.ID, &m.Template, &m.To, &data, &m.Attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return mail.Queued{}, false, nil
	}
	if err != nil {
		return mail.Queued{}, false, fmt.Errorf("claim mail: %w", err)
	}
	m.Data = []byte(data)
	return m, true, nil
}

// MailSent implements mail.Queue.
func (db *DB) MailSent(ctx context.Context, m mail.Queued, at time.Time) error {
	if _, err := db.w().exec(ctx, `UPDATE mail_outbox SET sent_at = ?, data = '', last_error = '' WHERE id = ?`,
		millis(at), m.ID); err != nil {
		return fmt.Errorf("mark mail sent: %w", err)
	}
	return nil
}

// RetryMail implements mail.Queue. A sender whose claim ran out, and was
// taken over by another, changes nothing.
func (db *DB) RetryMail(ctx context.Context, m mail.Queued, reason string, next time.Time) error {
	if _, err := db.w().exec(ctx, `UPDATE mail_outbox SET next_attempt_at = ?, last_error = ?
		WHERE id = ? AND attempts = ? AND sent_at IS NULL`, millis(next), reason, m.ID, m.Attempts); err != nil {
		return fmt.Errorf("reschedule mail: %w", err)
	}
	return nil
}

// GiveUpMail implements mail.Queue; like RetryMail, only for the sender
// that holds the claim.
func (db *DB) GiveUpMail(ctx context.Context, m mail.Queued, reason string, at time.Time) error {
	if _, err := db.w().exec(ctx, `UPDATE mail_outbox SET failed_at = ?, data = '', last_error = ?
		WHERE id = ? AND attempts = ? AND sent_at IS NULL`, millis(at), reason, m.ID, m.Attempts); err != nil {
		return fmt.Errorf("give up mail: %w", err)
	}
	return nil
}

// PruneMail implements mail.Queue.
func (db *DB) PruneMail(ctx context.Context, before time.Time) (int, error) {
	res, err := db.w().exec(ctx, `DELETE FROM mail_outbox WHERE sent_at < ? OR failed_at < ?`, millis(before), millis(before))
	if err != nil {
		return 0, fmt.Errorf("forget old mail: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// MailWaiting counts the mail waiting to be sent: new, or failed and due to
// be tried again (metrics.MailQueue).
func (db *DB) MailWaiting(ctx context.Context) (int, error) {
	var n int
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count mail waiting: %w", err)
	}
	return n, nil
}

// MailState is what the outbox knows of one mail, for tests and checks.
type MailState struct {
	Template, To, LastError string
	Attempts                int
	Sent, GivenUp           bool
	// HoldsData tells whether the mail's data is still kept.
	HoldsData bool
}

// Outbox lists every mail in the outbox, oldest first.
func (db *DB) Outbox(ctx context.Context) ([]MailState, error) {
	var out []MailState
	err := db.each(ctx, `SELECT template, recipient, last_error, attempts, sent_at IS NOT NULL, failed_at IS NOT NULL, data <> ''
		FROM mail_outbox ORDER BY created_at, id`, nil, func(rows *sql.Rows) error {
		var m MailState
		err := rows.Scan(&m.Template, &m.To, &m.LastError, &m.Attempts, &m.Sent, &m.GivenUp, &m.HoldsData)
		out = append(out, m)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	return out, nil
}

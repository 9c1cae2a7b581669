package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Queue is the durable outbox: mail written in the same transaction as the
// change that causes it, waiting to be sent. The store keeps it; several
// instances may share one and each mail is claimed by one at a time.
type Queue interface {
	// ClaimMail takes the mail that has been due longest and holds it until
	// now+lease, after which another sender may take it (its sender having
	// died); ok is false when nothing is due.
	ClaimMail(ctx context.Context, now time.Time, lease time.Duration) (m Queued, ok bool, err error)
	// MailSent records that m went out.
	MailSent(ctx context.Context, m Queued, at time.Time) error
	// RetryMail records why a try of m failed and when to try again.
	RetryMail(ctx context.Context, m Queued, reason string, next time.Time) error
	// GiveUpMail records that m failed for the last time.
	GiveUpMail(ctx context.Context, m Queued, reason string, at time.Time) error
	// PruneMail forgets the mail sent or given up before a time.
	PruneMail(ctx context.Context, before time.Time) (int, error)
	// MailQueued receives after a transaction that queued mail commits.
	MailQueued() <-chan struct{}
}

const (
	// MaxAttempts is how often a mail is tried before the sender gives up:
	// with the waits of retryAfter, over about three hours.
	MaxAttempts = 10
	// PollEvery is how often a running sender looks for mail it was not
	// woken for: retries that came due, and mail another instance or a
	// crash left.
	PollEvery = 5 * time.Second
	// firstRetry is the wait after the first failure; it doubles with each
	// failure up to lastRetry.
	firstRetry = 30 * time.Second
	lastRetry  = time.Hour
	// sendTimeout bounds one try; the lease outlasts it, so no other sender
	// takes a mail while a try of it may still succeed.
	sendTimeout = time.Minute
	lease       = 2 * sendTimeout
	// keepSettled is how long the outbox remembers a mail sent or given up.
	keepSettled = 30 * 24 * time.Hour
)

// retryAfter is the wait after a mail failed its attempts-th try.
func retryAfter(attempts int) time.Duration {
	d := firstRetry
	for i := 1; i < attempts && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// Texter sends a one-time code by SMS to a 10-digit Indian mobile number:
// the provider's adapter, or a file outbox (internal/sms).
type Texter interface {
	SendCode(ctx context.Context, mobile string, t CodeText) error
}

// errNoTexter fails a queued text while no SMS provider is configured (it
// was, when the text was queued): the text waits, retried, for one.
var errNoTexter = errors.New("no SMS provider is configured")

// Sender sends the outbox's mail through a transport: the file outbox, SMTP
// or memory; and its texts (TextCode) through a Texter. A failed try is
// retried with a growing wait, MaxAttempts times in all.
type Sender struct {
	queue     Queue
	transport Mailer
	texts     Texter
	site      Site
	log       *slog.Logger
	now       func() time.Time
	// round lets one round of sending run at a time, so SendDue returns
	// only after a round that had begun elsewhere has ended too.
	round sync.Mutex
	// sent, failed and gaveUp count this sender's tries, for Counts.
	sent, failed, gaveUp atomic.Int64
}

// Counts tell how a sender's tries went since it started.
type Counts struct {
	Sent    int64 // mails sent
	Failed  int64 // tries that failed, the last try of a mail given up included
	GivenUp int64 // mails given up after their last try
}

// Counts tells how this sender's tries went so far.
func (s *Sender) Counts() Counts {
	return Counts{Sent: s.sent.Load(), Failed: s.failed.Load(), GivenUp: s.gaveUp.Load()}
}

// NewSender sends q's mail through transport as site, logging to log;
// clock tells the time (time.Now outside tests).
func NewSender(q Queue, transport Mailer, site Site, log *slog.Logger, clock func() time.Time) *Sender {
	return &Sender{queue: q, transport: transport, site: site, log: log, now: clock}
}

// WithTexts sends the outbox's texts through t.
func (s *Sender) WithTexts(t Texter) *Sender {
	s.texts = t
	return s
}

// Run sends mail until ctx ends: at once, whenever a transaction that
// queued mail commits, and every poll. The mail in hand when ctx ends is
// finished before Run returns; the rest waits in the outbox for the next
// start.
func (s *Sender) Run(ctx context.Context, poll time.Duration) {
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var pruned time.Time
	for {
		if err := s.SendDue(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("send queued mail", "err", err)
		}
		if now := s.now(); now.Sub(pruned) >= time.Hour {
			pruned = now
			if _, err := s.queue.PruneMail(ctx, now.Add(-keepSettled)); err != nil && ctx.Err() == nil {
				s.log.Error("forget old mail", "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-s.queue.MailQueued():
		case <-tick.C:
		}
	}
}

// SendDue sends every mail that is due, one at a time, until none is or
// ctx ends.
func (s *Sender) SendDue(ctx context.Context) error {
	s.round.Lock()
	defer s.round.Unlock()
	for ctx.Err() == nil {
		m, ok, err := s.queue.ClaimMail(ctx, s.now(), lease)
		if err != nil {
			return fmt.Errorf("claim mail: %w", err)
		}
		if !ok {
			return nil
		}
		if err := s.send(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// send tries m once and records how it went. It goes on when ctx ends: m
// is claimed, and would otherwise wait out its lease.
func (s *Sender) send(ctx context.Context, m Queued) error {
	hold, cancel := context.WithTimeout(context.WithoutCancel(ctx), lease)
	defer cancel()
	try, cancel := context.WithTimeout(hold, sendTimeout)
	err := s.deliver(try, m)
	cancel()
	now := s.now()
	switch {
	case err == nil:
		s.sent.Add(1)
		if err := s.queue.MailSent(hold, m, now); err != nil {
			return fmt.Errorf("record %s mail %s sent: %w", m.Template, m.ID, err)
		}
	case m.Attempts >= MaxAttempts:
		s.failed.Add(1)
		s.gaveUp.Add(1)
		s.log.Error("gave up sending mail", "id", m.ID, "template", m.Template, "attempts", m.Attempts, "err", err)
		if err := s.queue.GiveUpMail(hold, m, err.Error(), now); err != nil {
			return fmt.Errorf("record %s mail %s given up: %w", m.Template, m.ID, err)
		}
	default:
		s.failed.Add(1)
		next := now.Add(retryAfter(m.Attempts))
		s.log.Warn("mail not sent, will retry", "id", m.ID, "template", m.Template, "attempts", m.Attempts, "retry_at", next, "err", err)
		if err := s.queue.RetryMail(hold, m, err.Error(), next); err != nil {
			return fmt.Errorf("record %s mail %s failed: %w", m.Template, m.ID, err)
		}
	}
	return nil
}

// deliver sends m once: a text through the Texter, anything else rendered
// and mailed.
func (s *Sender) deliver(ctx context.Context, m Queued) error {
	if m.Template == TextCode {
		var t CodeText
		if err := json.Unmarshal(m.Data, &t); err != nil {
			return fmt.Errorf("read the data of a text: %w", err)
		}
		if s.texts == nil {
			return errNoTexter
		}
		return s.texts.SendCode(ctx, m.To, t)
	}
	msg, err := Render(s.site, m)
	if err != nil {
		return err
	}
	return s.transport.Send(ctx, msg)
}

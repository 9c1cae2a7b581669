// Package mail writes and sends the shop's e-mail: order confirmations,
// one-time codes, new passwords and notices of a changed address. Each is a
// template (templates/*.txt) rendered from data that the store queues in
// the transaction of the change that causes it; a Sender sends the queue in
// the background. In development every message is written to a file
// outbox, in tests kept in memory; with SMTP configured it goes to a real
// mail server.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to one recipient.
type Message struct {
	To          string
	Subject     string
	Text        string
	Attachments []Attachment
}

// Attachment is a file sent with a message, such as an invoice's PDF.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

func compose(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("sender %q: %w", from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("attach %s: %w", a.Name, err)
		}
	}
	return msg, nil
}

// Outbox writes each message as an .eml file into a folder, where a person
// or a test can read it without a mail server.
type Outbox struct {
	Dir  string
	From string
}

// Send implements Mailer.
func (o Outbox) Send(_ context.Context, m Message) error {
	msg, err := compose(o.From, m)
	if err != nil {
		return err
	}
	return writeOutboxFile(o.Dir, ".eml", func(w io.Writer) error {
		_, err := msg.WriteTo(w)
		return err
	})
}

// TextOutbox writes each text (a one-time code by SMS) as a .sms file into
// a folder, the mail's outbox in development, where a person or a test
// reads it without an SMS provider.
type TextOutbox struct {
	Dir string
	// Brand signs the text, as the shop's registered text would.
	Brand string
}

// SendCode implements Texter.
func (o TextOutbox) SendCode(_ context.Context, mobile string, t CodeText) error {
	return writeOutboxFile(o.Dir, ".sms", func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "To: +91%s\n\n%s is your %s code to sign in. It is valid for %d minutes. Do not share it with anyone.\n",
			mobile, t.Code, o.Brand, t.Minutes)
		return err
	})
}

// writeOutboxFile writes one message into dir, in a file named by the time
// and ending in ext.
func writeOutboxFile(dir, ext string, write func(io.Writer) error) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create outbox: %w", err)
	}
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	// Sortable by time, unique by the random tail.
	name := time.Now().UTC().Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(rnd[:]) + ext
	// Written under another name and renamed when whole, so a reader that
	// polls the folder never sees half a message.
	part := filepath.Join(dir, "."+name+".part")
	f, err := os.OpenFile(part, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("create %s: %w", name, err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(part, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(part)
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// SMTPConfig is how to reach a mail server.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	// Plain allows an unencrypted connection, for a relay on localhost.
	Plain bool
}

// SMTP sends messages through a mail server.
type SMTP struct {
	cfg SMTPConfig
}

// NewSMTP returns a Mailer for cfg.
func NewSMTP(cfg SMTPConfig) *SMTP { return &SMTP{cfg: cfg} }

// Send implements Mailer.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(s.cfg.From, m)
	if err != nil {
		return err
	}
	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(15 * time.Second)}
	if s.cfg.Plain {
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	c, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send mail to %s via %s: %w", m.To, s.cfg.Host, err)
	}
	return nil
}

// Memory keeps messages in memory, for tests.
type Memory struct {
	mu   sync.Mutex
	sent []Message
}

// Send implements Mailer.
func (m *Memory) Send(_ context.Context, msg Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, msg)
	return nil
}

// Sent returns the messages sent so far.
func (m *Memory) Sent() []Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Message(nil), m.sent...)
}

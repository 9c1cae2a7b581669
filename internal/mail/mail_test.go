package mail

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

func TestOutboxWritesOneEmlPerMessage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	o := Outbox{Dir: dir, From: "Haat <shop@example.com>"}
	for _, to := range []string{"a@example.com", "b@example.com"} {
		if err := o.Send(context.Background(), Message{To: to, Subject: "Your code", Text: "Your code is 123456"}); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if entries, _ := os.ReadDir(dir); len(files) != 2 || len(entries) != 2 {
		t.Fatalf("%d .eml files and %d entries in the outbox, want 2 of each", len(files), len(entries))
	}
	raw, _ := os.ReadFile(files[0])
	for _, want := range []string{"To: <a@example.com>", "Subject: Your code", "123456", "From: \"Haat\" <shop@example.com>"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("message lacks %q:\n%s", want, raw)
		}
	}
	if err := o.Send(context.Background(), Message{To: "not an address", Subject: "x", Text: "y"}); err == nil {
		t.Error("a bad recipient was accepted")
	}
}

func TestTextOutboxWritesOneSmsFilePerText(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	o := TextOutbox{Dir: dir, Brand: "Haat"}
	if err := o.SendCode(context.Background(), "9811111111", CodeText{Code: "042917", Minutes: 10}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.sms"))
	if entries, _ := os.ReadDir(dir); len(files) != 1 || len(entries) != 1 {
		t.Fatalf("%d .sms files and %d entries in the outbox, want 1 of each", len(files), len(entries))
	}
	raw, _ := os.ReadFile(files[0])
	want := "To: +919811111111\n\n042917 is your Haat code to sign in. It is valid for 10 minutes. Do not share it with anyone.\n"
	if string(raw) != want {
		t.Errorf("text file\n%s\nwant\n%s", raw, want)
	}
}

// backend is an in-process SMTP server that keeps what it receives.
type backend struct {
	mu       sync.Mutex
	from, to string
	data     string
	authed   bool
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct{ b *backend }

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != "shop" || password != "smtp-secret" {
			return errors.New("bad credentials")
		}
		s.b.mu.Lock()
		s.b.authed = true
		s.b.mu.Unlock()
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	s.b.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	s.b.to = to
	return nil
}

func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	s.b.data = string(b)
	return err
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

func TestSMTPDeliversToARealServer(t *testing.T) {
	be := &backend{}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	port := ln.Addr().(*net.TCPAddr).Port
	m := NewSMTP(SMTPConfig{Host: "127.0.0.1", Port: port, Username: "shop", Password: "smtp-secret",
		From: "shop@example.com", Plain: true})
	if err := m.Send(context.Background(), Message{To: "asha@example.in", Subject: "Order placed", Text: "Order 100001 is placed."}); err != nil {
		t.Fatal(err)
	}
	be.mu.Lock()
	defer be.mu.Unlock()
	if !be.authed || be.from != "shop@example.com" || be.to != "asha@example.in" || !strings.Contains(be.data, "Order 100001 is placed.") {
		t.Errorf("server got auth %v from %q to %q data:\n%s", be.authed, be.from, be.to, be.data)
	}

	bad := NewSMTP(SMTPConfig{Host: "127.0.0.1", Port: port, Username: "shop", Password: "wrong", From: "shop@example.com", Plain: true})
	if err := bad.Send(context.Background(), Message{To: "asha@example.in", Subject: "x", Text: "y"}); err == nil {
		t.Error("wrong SMTP password: no error")
	}
}

package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/haat-shop/haat/internal/mail"
)

// mailerFromEnv sends through SMTP when HAAT_SMTP_HOST is set, and
// otherwise writes every message into <data>/outbox.
func mailerFromEnv(dataDir string) (mail.Mailer, string, error) {
	from := env("HAAT_SMTP_FROM", "Haat <shop@example.com>")
	host := env("HAAT_SMTP_HOST", "")
	if host == "" {
		dir := filepath.Join(dataDir, "outbox")
		return mail.Outbox{Dir: dir, From: from}, "outbox " + dir, nil
	}
	port, err := strconv.Atoi(env("HAAT_SMTP_PORT", "587"))
	if err != nil {
		return nil, "", fmt.Errorf("HAAT_SMTP_PORT must be a number: %w", err)
	}
	plain, _ := strconv.ParseBool(env("HAAT_SMTP_PLAIN", "false"))
	return mail.NewSMTP(mail.SMTPConfig{
		Host: host, Port: port, From: from, Plain: plain,
		Username: env("HAAT_SMTP_USER", ""), Password: env("HAAT_SMTP_PASSWORD", ""),
	}), "smtp " + host, nil
}

// sendMail runs the mail sender until the returned stop is called, which
// waits for the mail in hand. It outlives ctx, the signal to shut down, so
// that mail queued by the requests still being finished is sent at once.
func sendMail(ctx context.Context, sender *mail.Sender) (stop func()) {
	sending, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		sender.Run(sending, mail.PollEvery)
	}()
	return func() {
		cancel()
		<-done
	}
}

package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

var site = mail.Site{Brand: "Haat", URL: "https://shop.example.in"}

// clock is a time that moves only when a test moves it. The tests that
// use it send in their own goroutine.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// queueCode queues a one-time code to email, as a request for one does.
func queueCode(t *testing.T, db *store.DB, email string) {
	t.Helper()
	code := auth.NewOTP()
	err := db.SaveOTP(t.Context(), email, auth.OTPRegister, auth.HashOTP(email, auth.OTPRegister, code), time.Now(),
		auth.OTPTTL, auth.OTPResendWait, mail.OneTimeCode(email, code, false, auth.OTPTTL))
	if err != nil {
		t.Fatal(err)
	}
}

func outbox(t *testing.T, db *store.DB) []store.MailState {
	t.Helper()
	mails, err := db.Outbox(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return mails
}

// failing is a mail server that refuses every message, counting them.
type failing struct {
	mu    sync.Mutex
	tries int
}

func (f *failing) Send(context.Context, mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tries++
	return errors.New("554 5.7.1 relay refused")
}

func TestRetriesWaitLongerEachTimeAndStopAtTheLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		server := &failing{}
		var logs bytes.Buffer
		clk := &clock{t: time.Now()}
		sender := mail.NewSender(db, server, site, slog.New(slog.NewTextHandler(&logs, nil)), clk.now)
		queueCode(t, db, "ravi@example.in")

		sendDue := func() {
			t.Helper()
			if err := sender.SendDue(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		sendDue()
		if server.tries != 1 {
			t.Fatalf("%d tries of a new mail, want 1", server.tries)
		}
		// The waits after each failed try but the last.
		waits := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
			16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
		if len(waits) != mail.MaxAttempts-1 {
			t.Fatalf("%d waits for %d attempts", len(waits), mail.MaxAttempts)
		}
		for i, wait := range waits {
			try := i + 2
			clk.advance(wait - time.Second)
			sendDue()
			if server.tries != try-1 {
				t.Fatalf("try %d came a second before its wait of %v was over", try, wait)
			}
			clk.advance(time.Second)
			sendDue()
			if server.tries != try {
				t.Fatalf("try %d did not come after its wait of %v", try, wait)
			}
		}
		m := outbox(t, db)[0]
		if !m.GivenUp || m.Sent || m.Attempts != mail.MaxAttempts || !strings.Contains(m.LastError, "relay refused") || m.HoldsData {
			t.Errorf("after %d failures the mail is given up, with the last error and without its code: %+v", mail.MaxAttempts, m)
		}
		if !strings.Contains(logs.String(), "level=ERROR msg=\"gave up sending mail\"") || !strings.Contains(logs.String(), "relay refused") {
			t.Errorf("giving up is not logged as an error with its cause:\n%s", logs.String())
		}

		clk.advance(24 * time.Hour)
		sendDue()
		if server.tries != mail.MaxAttempts {
			t.Errorf("%d tries after giving up at %d", server.tries, mail.MaxAttempts)
		}
	})
}

// hanging is a mail server that holds each message until released.
type hanging struct {
	mail.Memory
	inHand  chan struct{}
	release chan struct{}
}

func (h *hanging) Send(ctx context.Context, m mail.Message) error {
	h.inHand <- struct{}{}
	<-h.release
	return h.Memory.Send(ctx, m)
}

func TestAMailClaimedByASenderThatDiedIsSentAfterItsLease(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: time.Now()}
		queueCode(t, db, "ravi@example.in")
		// The first instance claims the mail and dies before it tells how
		// the sending went.
		if _, ok, err := db.ClaimMail(t.Context(), clk.now(), 2*time.Minute); !ok || err != nil {
			t.Fatalf("claim: %v %v", ok, err)
		}
		queueCode(t, db, "asha@example.in")

		server := &mail.Memory{}
		sender := mail.NewSender(db, server, site, slog.New(slog.DiscardHandler), clk.now)
		if err := sender.SendDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if sent := server.Sent(); len(sent) != 1 || sent[0].To != "asha@example.in" {
			t.Fatalf("a new sender sends the unclaimed mail at once and leaves the claimed one: %+v", sent)
		}
		clk.advance(2 * time.Minute)
		if err := sender.SendDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if sent := server.Sent(); len(sent) != 2 || sent[1].To != "ravi@example.in" {
			t.Errorf("once the dead sender's lease is over, its mail is sent: %+v", sent)
		}
		for _, m := range outbox(t, db) {
			if !m.Sent || m.HoldsData {
				t.Errorf("a sent mail is marked sent and its code erased: %+v", m)
			}
		}
	})
}

func TestStoppingASenderFinishesTheMailInHand(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		server := &hanging{inHand: make(chan struct{}), release: make(chan struct{})}
		sender := mail.NewSender(db, server, site, slog.New(slog.DiscardHandler), time.Now)
		ctx, stop := context.WithCancel(t.Context())
		stopped := make(chan struct{})
		go func() {
			defer close(stopped)
			sender.Run(ctx, time.Hour)
		}()
		queueCode(t, db, "ravi@example.in")
		queueCode(t, db, "asha@example.in")
		<-server.inHand
		stop()
		close(server.release)
		<-stopped
		sent := server.Sent()
		if len(sent) != 1 {
			t.Fatalf("a stopped sender sent %d mails, want the one in hand", len(sent))
		}
		for _, m := range outbox(t, db) {
			if m.Sent != (m.To == sent[0].To) {
				t.Errorf("the mail in hand is recorded sent and the other waits for the next start: %+v", m)
			}
		}
	})
}

// counting is one instance's mail server: it keeps what it is sent in a
// list it shares with the other instance's. Before its first send it waits
// for the other to have a mail in hand too, so the two work at once.
type counting struct {
	mu    *sync.Mutex
	sent  *[]string
	first sync.Once
	// arrived is told of this instance's first mail; both is closed when
	// the two instances have one in hand.
	arrived chan<- struct{}
	both    <-chan struct{}
}

func (c *counting) Send(_ context.Context, m mail.Message) error {
	c.first.Do(func() {
		c.arrived <- struct{}{}
		select {
		case <-c.both:
		case <-time.After(10 * time.Second): // the other found nothing to send: the counts tell
		}
	})
	c.mu.Lock()
	defer c.mu.Unlock()
	*c.sent = append(*c.sent, m.To)
	return nil
}

func TestTwoInstancesSendEachMailOnce(t *testing.T) {
	a, b := storetest.Instances(t)
	const mails = 60
	for i := range mails {
		queueCode(t, a, fmt.Sprintf("customer%02d@example.in", i))
	}
	var mu sync.Mutex
	var sent []string
	arrived, both := make(chan struct{}, 2), make(chan struct{})
	go func() {
		<-arrived
		<-arrived
		close(both)
	}()
	var wg sync.WaitGroup
	for _, db := range []*store.DB{a, b} {
		server := &counting{mu: &mu, sent: &sent, arrived: arrived, both: both}
		sender := mail.NewSender(db, server, site, slog.New(slog.DiscardHandler), time.Now)
		wg.Go(func() {
			if err := sender.SendDue(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	times := map[string]int{}
	for _, to := range sent {
		times[to]++
	}
	for i := range mails {
		if to := fmt.Sprintf("customer%02d@example.in", i); times[to] != 1 {
			t.Errorf("%s got %d mails, want 1", to, times[to])
		}
	}
	for _, m := range outbox(t, a) {
		if !m.Sent || m.Attempts != 1 {
			t.Errorf("each mail is claimed and sent once: %+v", m)
		}
	}
}

// texts is an SMS provider that keeps what it is sent.
type texts struct {
	mu   sync.Mutex
	sent []string
}

func (x *texts) SendCode(_ context.Context, mobile string, t mail.CodeText) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.sent = append(x.sent, fmt.Sprintf("%s %s %d", mobile, t.Code, t.Minutes))
	return nil
}

func TestATextGoesThroughTheTexterAndWaitsForOne(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		err := db.SaveOTP(t.Context(), "ravi@example.in", auth.OTPLogin, "hash", time.Now(), auth.OTPTTL, auth.OTPResendWait,
			mail.LoginCode("ravi@example.in", "042917", auth.OTPTTL), mail.LoginCodeText("9811111111", "042917", auth.OTPTTL))
		if err != nil {
			t.Fatal(err)
		}
		clk := &clock{t: time.Now()}
		server := &mail.Memory{}
		// A sender with no SMS provider mails the mail and keeps the text for
		// a sender that has one.
		without := mail.NewSender(db, server, site, slog.New(slog.DiscardHandler), clk.now)
		if err := without.SendDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if sent := server.Sent(); len(sent) != 1 || sent[0].To != "ravi@example.in" {
			t.Fatalf("mailed %+v, want the code's mail only", sent)
		}
		for _, m := range outbox(t, db) {
			if m.Template == mail.TextCode && (m.Sent || m.LastError != "no SMS provider is configured") {
				t.Errorf("a text with no provider waits, saying why: %+v", m)
			}
		}
		provider := &texts{}
		with := mail.NewSender(db, server, site, slog.New(slog.DiscardHandler), clk.now).WithTexts(provider)
		clk.advance(time.Minute)
		if err := with.SendDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if len(provider.sent) != 1 || provider.sent[0] != "9811111111 042917 10" || len(server.Sent()) != 1 {
			t.Errorf("texted %q and mailed %d, want the code texted once and nothing more mailed", provider.sent, len(server.Sent()))
		}
	})
}

package store_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestMailIsQueuedOnlyWithTheChangeThatCausesIt(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := time.Now()
		code := mail.OneTimeCode("ravi@example.in", "123456", false, 10*time.Minute)
		if err := db.SaveOTP(ctx, "ravi@example.in", "register", "hash-1", now, 10*time.Minute, time.Minute, code); err != nil {
			t.Fatal(err)
		}
		if err := db.SaveOTP(ctx, "ravi@example.in", "register", "hash-2", now, 10*time.Minute, time.Minute, code); shop.CodeOf(err) != shop.TooMany {
			t.Fatalf("a second code at once: %v", err)
		}

		u, err := db.InsertUser(ctx, shop.NewUser{Name: "Ravi", Email: "ravi@example.in", MobileNo: "9811111111", Role: shop.RoleCustomer}, "x", true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: "asha@example.in", MobileNo: "9822222222", Role: shop.RoleCustomer}, "x", true); err != nil {
			t.Fatal(err)
		}
		taken := store.UserChange{Name: "Ravi", Email: "asha@example.in", MobileNo: "9811111111", ByShop: true}
		if _, _, err := db.UpdateUser(ctx, u.ID, taken); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("moving to a taken address: %v", err)
		}
		kept := store.UserChange{Name: "Ravi K", Email: "ravi@example.in", MobileNo: "9811111111", ByShop: true}
		if _, _, err := db.UpdateUser(ctx, u.ID, kept); err != nil {
			t.Fatal(err)
		}
		moved := store.UserChange{Name: "Ravi K", Email: "ravi.k@example.in", MobileNo: "9811111111", ByShop: true}
		if _, _, err := db.UpdateUser(ctx, u.ID, moved); err != nil {
			t.Fatal(err)
		}

		mails, err := db.Outbox(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var to []string
		for _, m := range mails {
			to = append(to, m.Template+" "+m.To)
		}
		// Mails queued together may be listed in either order.
		slices.Sort(to)
		want := []string{"email-changed ravi.k@example.in", "email-changed ravi@example.in", "one-time-code ravi@example.in"}
		if !slices.Equal(to, want) {
			t.Errorf("queued %q, want %q: a refused change queues nothing, nor does a kept address", to, want)
		}
	})
}

func TestSettledMailIsForgottenAfterAWhile(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := time.Now()
		for _, email := range []string{"sent@example.in", "failed@example.in", "waiting@example.in"} {
			letter := mail.OneTimeCode(email, "123456", false, 10*time.Minute)
			if err := db.SaveOTP(ctx, email, "register", "hash", now, 10*time.Minute, time.Minute, letter); err != nil {
				t.Fatal(err)
			}
		}
		claim := func() mail.Queued {
			m, ok, err := db.ClaimMail(ctx, now, time.Minute)
			if !ok || err != nil {
				t.Fatalf("claim: %v %v", ok, err)
			}
			return m
		}
		if err := db.MailSent(ctx, claim(), now); err != nil {
			t.Fatal(err)
		}
		if err := db.GiveUpMail(ctx, claim(), "refused", now); err != nil {
			t.Fatal(err)
		}
		if n, err := db.PruneMail(ctx, now); n != 0 || err != nil {
			t.Fatalf("pruned %d (%v) mails settled no earlier than the time", n, err)
		}
		if n, err := db.PruneMail(ctx, now.Add(time.Millisecond)); n != 2 || err != nil {
			t.Fatalf("pruned %d (%v), want the sent and the given-up mail", n, err)
		}
		if mails, err := db.Outbox(ctx); err != nil || len(mails) != 1 || mails[0].To != "waiting@example.in" {
			t.Errorf("left %+v (%v), want the mail still waiting", mails, err)
		}
	})
}

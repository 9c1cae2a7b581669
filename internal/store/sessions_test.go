package store_test

import (
	"errors"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A session ended by a change of password or e-mail tells why, until it
// would have expired; one ended otherwise says only that it is gone.
func TestAnEndedSessionTellsWhy(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		u := customer(t, db, "chitra@example.in", "9000000003")
		now := time.Now()
		open := func(token string, lasts time.Duration) {
			t.Helper()
			if err := db.CreateSession(ctx, u.ID, token, now.Add(lasts)); err != nil {
				t.Fatal(err)
			}
		}
		why := func(token string, at time.Time) error {
			t.Helper()
			_, _, err := db.SessionUser(ctx, token, at)
			return err
		}
		reasonOf := func(err error) any {
			if e := shop.ErrorOf(err); e != nil && e.Fields != nil {
				return e.Fields["reason"]
			}
			return nil
		}

		open("phone", 5*24*time.Hour)
		open("laptop", time.Hour)
		open("logged-out", time.Hour)
		if err := db.DeleteSession(ctx, "logged-out"); err != nil {
			t.Fatal(err)
		}
		shopChange := store.UserChange{Name: u.Name, Email: u.Email, MobileNo: u.MobileNo, PasswordHash: "new-hash", ByShop: true}
		if _, revoked, err := db.UpdateUser(ctx, u.ID, shopChange); err != nil || !revoked {
			t.Fatalf("the shop's new password: revoked %v, %v", revoked, err)
		}
		for _, token := range []string{"phone", "laptop"} {
			err := why(token, now)
			if shop.CodeOf(err) != shop.Unauthorized || reasonOf(err) != "passwordChangedByShop" {
				t.Errorf("%s after the shop's new password: %v (reason %v)", token, err, reasonOf(err))
			}
		}
		if err := why("logged-out", now); !errors.Is(err, shop.ErrNotSignedIn) {
			t.Errorf("a session logged out: %v", err)
		}
		if err := why("laptop", now.Add(2*time.Hour)); !errors.Is(err, shop.ErrNotSignedIn) {
			t.Errorf("an ended session past its expiry tells no reason: %v", err)
		}

		// A new session lives; a reset ends it with its own reason.
		open("tablet", time.Hour)
		if _, _, err := db.SessionUser(ctx, "tablet", now); err != nil {
			t.Fatalf("a session opened after the change: %v", err)
		}
		if err := db.SetPassword(ctx, u.ID, "reset-hash"); err != nil {
			t.Fatal(err)
		}
		if err := why("tablet", now); reasonOf(err) != "passwordReset" {
			t.Errorf("after a reset: %v", err)
		}
		if err := why("phone", now); reasonOf(err) != "passwordChangedByShop" {
			t.Errorf("an earlier ending keeps its reason: %v", err)
		}
	})
}

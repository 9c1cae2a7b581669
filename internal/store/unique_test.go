package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A unique violation is known by the database's own error code, on both
// databases: a key or unique column taken twice is one, wrapped or not, and
// no other refusal is, nor an error that only says so in its text.
func TestUniqueViolationByCode(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		user := func(id, email, mobile string) string {
			return fmt.Sprintf(`INSERT INTO users (id, name, email, mobile_no, password_hash, role, created_at, updated_at)
				VALUES ('%s', 'Asha', '%s', '%s', 'hash', 'customer', 0, 0)`, id, email, mobile)
		}
		if err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
			return exec(user("u1", "asha@example.in", "9000000001"))
		}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name   string
			insert string
			unique bool
		}{
			{"an e-mail taken", user("u2", "asha@example.in", "9000000002"), true},
			{"a mobile number taken", user("u3", "other@example.in", "9000000001"), true},
			{"a primary key taken", user("u1", "third@example.in", "9000000003"), true},
			{"a column left empty", `INSERT INTO users (id, name, email, mobile_no, role, created_at, updated_at)
				VALUES ('u4', 'Asha', 'fourth@example.in', '9000000004', 'customer', 0, 0)`, false},
			{"a missing row referred to", `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
				VALUES ('t1', 'nobody', 0, 0)`, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error { return exec(tc.insert) })
				if err == nil {
					t.Fatal("the database took the row")
				}
				if got := store.IsUniqueViolation(err); got != tc.unique {
					t.Errorf("IsUniqueViolation(%v) = %v, want %v", err, got, tc.unique)
				}
				if got := store.IsUniqueViolation(fmt.Errorf("insert: %w", err)); got != tc.unique {
					t.Errorf("wrapped: IsUniqueViolation = %v, want %v", got, tc.unique)
				}
			})
		}
		if store.IsUniqueViolation(errors.New(`UNIQUE constraint failed: users.email; duplicate key value violates unique constraint (23505)`)) {
			t.Error("an error that only reads like a unique violation was taken for one")
		}
	})
}

// Sign-ups racing for one e-mail address: one account is made, and every
// other is told the address is taken, also when it passed the check before
// the winner's row was there and the database's unique index refused it.
func TestRacingSignUpsForOneAddress(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		const racers = 8
		errs := make([]error, racers)
		var wg sync.WaitGroup
		for i := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = db.InsertUser(context.Background(), shop.NewUser{Name: "Asha", Email: "asha@example.in",
					MobileNo: fmt.Sprintf("900000000%d", i), Role: shop.RoleCustomer}, "hash", true)
			}()
		}
		wg.Wait()
		oneWon(t, errs, store.ErrEmailTaken)
	})
}

package store_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func customer(t *testing.T, db *store.DB, email, mobile string) shop.User {
	t.Helper()
	u, err := db.InsertUser(ctx, shop.NewUser{Name: "Chitra", Email: email, MobileNo: mobile, Role: shop.RoleCustomer}, "hash", true)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func homeIn(city string) shop.ShippingAddress {
	return shop.ShippingAddress{ShippingName: "Chitra", ShippingEmail: "c@example.in", ShippingPhoneNumber: "9000000003",
		Address: "14 Residency Road", City: city, District: "Bengaluru Urban", State: "Karnataka", PinCode: "560025"}
}

// book lists the user's addresses as "city*" for the default, in order.
func book(t *testing.T, db *store.DB, userID string) []string {
	t.Helper()
	list, err := db.Addresses(ctx, userID)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, a := range list {
		mark := ""
		if a.IsDefault {
			mark = "*"
		}
		out = append(out, a.City+mark)
	}
	return out
}

func TestAddressBookKeepsOneDefault(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		u := customer(t, db, "chitra@example.in", "9000000003")
		// Each change a minute after the last.
		now := time.Now()
		later := func() time.Time {
			now = now.Add(time.Minute)
			return now
		}
		add := func(city string, makeDefault bool) shop.SavedAddress {
			t.Helper()
			a, err := db.AddAddress(ctx, u.ID, homeIn(city), makeDefault, later())
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		same := func(step string, want ...string) {
			t.Helper()
			if got := book(t, db, u.ID); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: book %v, want %v", step, got, want)
			}
		}
		home := add("Home", false)
		same("the first address is the default", "Home*")
		office := add("Office", false)
		same("a second is not, and comes after the default", "Home*", "Office")
		parents := add("Parents", true)
		same("one saved as the default takes it over", "Parents*", "Office", "Home")

		if _, err := db.UpdateAddress(ctx, u.ID, parents.ID, homeIn("Parents"), false, later()); err != nil {
			t.Fatal(err)
		}
		same("unmarking the default leaves it the default", "Parents*", "Office", "Home")
		if _, err := db.UpdateAddress(ctx, u.ID, home.ID, homeIn("Home2"), true, later()); err != nil {
			t.Fatal(err)
		}
		same("marking another moves the default", "Home2*", "Parents", "Office")

		if err := db.DeleteAddress(ctx, u.ID, office.ID); err != nil {
			t.Fatal(err)
		}
		same("deleting another keeps the default", "Home2*", "Parents")
		if err := db.DeleteAddress(ctx, u.ID, home.ID); err != nil {
			t.Fatal(err)
		}
		same("deleting the default passes it on", "Parents*")
		if err := db.DeleteAddress(ctx, u.ID, parents.ID); err != nil {
			t.Fatal(err)
		}
		same("an empty book")
	})
}

func TestAddressesAreTheirOwnersOnly(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		owner := customer(t, db, "chitra@example.in", "9000000003")
		other := customer(t, db, "ravi@example.in", "9000000004")
		a, err := db.AddAddress(ctx, owner.ID, homeIn("Home"), false, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got := book(t, db, other.ID); len(got) != 0 {
			t.Errorf("another's book lists %v", got)
		}
		if _, err := db.UpdateAddress(ctx, other.ID, a.ID, homeIn("Taken"), true, time.Now()); !errors.Is(err, shop.ErrAddressNotFound) {
			t.Errorf("another changed the address: %v", err)
		}
		if err := db.DeleteAddress(ctx, other.ID, a.ID); !errors.Is(err, shop.ErrAddressNotFound) {
			t.Errorf("another deleted the address: %v", err)
		}
		for _, id := range []string{"nope", store.NewID()} {
			if err := db.DeleteAddress(ctx, owner.ID, id); !errors.Is(err, shop.ErrAddressNotFound) {
				t.Errorf("deleting %q: %v", id, err)
			}
		}
		if got := book(t, db, owner.ID); fmt.Sprint(got) != "[Home*]" {
			t.Errorf("the owner's book after the others tried: %v", got)
		}
		if err := db.DeleteUser(ctx, owner.ID); err != nil {
			t.Fatal(err)
		}
		if got := book(t, db, owner.ID); len(got) != 0 {
			t.Errorf("a deleted account's addresses stay: %v", got)
		}
	})
}

// Addresses saved together into a book one short of full must not all
// slip past the count.
func TestAFullAddressBookTakesNoMoreEvenAtOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		u := customer(t, db, "chitra@example.in", "9000000003")
		for i := range shop.MaxSavedAddresses - 1 {
			if _, err := db.AddAddress(ctx, u.ID, homeIn(fmt.Sprintf("City %02d", i)), false, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		const racers = 6
		warmPool(t, db, racers)
		errs := make(chan error, racers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				<-start
				_, err := db.AddAddress(ctx, u.ID, homeIn(fmt.Sprintf("Racer %d", i)), i%2 == 0, time.Now())
				errs <- err
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		saved := 0
		for err := range errs {
			switch {
			case err == nil:
				saved++
			case !errors.Is(err, shop.ErrAddressBookFull):
				t.Errorf("unexpected error: %v", err)
			}
		}
		list, err := db.Addresses(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		defaults := 0
		for _, a := range list {
			if a.IsDefault {
				defaults++
			}
		}
		if saved != 1 || len(list) != shop.MaxSavedAddresses || defaults != 1 {
			t.Errorf("%d saved at once into a book one short of full, %d kept with %d defaults; want 1, %d and 1",
				saved, len(list), defaults, shop.MaxSavedAddresses)
		}
	})
}

package shop

import (
	"strings"
	"testing"
)

func TestCheckAddress(t *testing.T) {
	districts := Districts{"Karnataka": {"Bengaluru Urban", "Mysuru"}, "Maharashtra": {"Mumbai City"}}
	ok := ShippingAddress{ShippingName: "Chitra", ShippingEmail: "c@example.com", ShippingPhoneNumber: "9000000003",
		Address: "14 Residency Road", City: "Bengaluru", State: "Karnataka", District: "Bengaluru Urban", PinCode: "560025"}
	if err := CheckAddress(ok, districts); err != nil {
		t.Fatalf("a good address: %v", err)
	}
	for _, tc := range []struct {
		change func(*ShippingAddress)
		want   string
	}{
		{func(a *ShippingAddress) { a.State, a.District = "Atlantis", "Nowhere" }, "Please choose a state from the list"},
		{func(a *ShippingAddress) { a.District = "Mumbai City" }, "Please choose a district of Karnataka from the list"},
		{func(a *ShippingAddress) { a.District = "mysuru" }, "Please choose a district of Karnataka from the list"},
		{func(a *ShippingAddress) { a.Address = strings.Repeat("ಅ", MaxAddressLength+1) }, "Address must be at most 200 characters"},
		{func(a *ShippingAddress) { a.City = strings.Repeat("a", MaxCityLength+1) }, "City must be at most 50 characters"},
		{func(a *ShippingAddress) { a.ShippingEmail = strings.Repeat("a", 250) + "@example.com" }, "The e-mail address must be at most 254 characters"},
		{func(a *ShippingAddress) { a.PinCode = "56002" }, "Pin code must be 6 digits"},
	} {
		a := ok
		tc.change(&a)
		if err := CheckAddress(a, districts); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", a, err, tc.want)
		}
	}
	long := ok
	long.Address = strings.Repeat("ಅ", MaxAddressLength) // characters, not bytes
	if err := CheckAddress(long, districts); err != nil {
		t.Errorf("an address of exactly %d characters: %v", MaxAddressLength, err)
	}
}

func TestParsePage(t *testing.T) {
	for in, want := range map[string]int{"": 1, "abc": 1, "-1": 1, "0": 1, "1.5": 1, "2": 2, "+3": 3, "100000": 100000} {
		if got, err := ParsePage(in); err != nil || got != want {
			t.Errorf("ParsePage(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"100001", "9223372036854775807", "99999999999999999999"} {
		if _, err := ParsePage(in); err == nil {
			t.Errorf("ParsePage(%q) accepted", in)
		}
	}
}

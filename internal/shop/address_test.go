package shop

import (
	"strings"
	"testing"
)

var goodAddress = ShippingAddress{ShippingName: "Chitra", ShippingEmail: "c@example.com", ShippingPhoneNumber: "9000000003",
	Address: "14 Residency Road", City: "Bengaluru", State: "Karnataka", District: "Bengaluru Urban", PinCode: "560025",
	Landmark: "Near Richmond Circle", ShippingNote: "Ring twice"}

func TestShippingAddressValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*ShippingAddress)
		want   string
	}{
		{"every field right", func(*ShippingAddress) {}, ""},
		{"no landmark or note", func(a *ShippingAddress) { a.Landmark, a.ShippingNote = "", "" }, ""},
		{"no name", func(a *ShippingAddress) { a.ShippingName = "" }, "Please enter the name of the person receiving the order"},
		{"a name of 51 characters", func(a *ShippingAddress) { a.ShippingName = strings.Repeat("a", 51) }, "Name must be at most 50 characters"},
		{"an e-mail past 254 characters", func(a *ShippingAddress) { a.ShippingEmail = strings.Repeat("a", 250) + "@example.com" },
			"The e-mail address must be at most 254 characters"},
		{"an e-mail without @", func(a *ShippingAddress) { a.ShippingEmail = "c.example.com" }, "Please enter a valid email address in Basic Details"},
		{"a mobile of 9 digits", func(a *ShippingAddress) { a.ShippingPhoneNumber = "900000000" },
			"Please re-check the mobile number in Basic Details: it needs 10 digits"},
		{"an address of 10 characters", func(a *ShippingAddress) { a.Address = "14 MG Road" }, ""},
		{"an address of 9 characters", func(a *ShippingAddress) { a.Address = "14 MG Rd." }, "Address must be at least 10 characters"},
		{"an address of 200 characters", func(a *ShippingAddress) { a.Address = strings.Repeat("ಅ", MaxAddressLength) }, ""},
		{"an address of 201 characters", func(a *ShippingAddress) { a.Address = strings.Repeat("ಅ", MaxAddressLength+1) },
			"Address must be at most 200 characters"},
		{"a city of 4 characters", func(a *ShippingAddress) { a.City = "Agra" }, ""},
		{"a city of 3 characters", func(a *ShippingAddress) { a.City = "Goa" }, "City must be at least 4 characters"},
		{"a city of 51 characters", func(a *ShippingAddress) { a.City = strings.Repeat("a", MaxCityLength+1) }, "City must be at most 50 characters"},
		{"no state", func(a *ShippingAddress) { a.State = "" }, "Please choose a state"},
		{"no district", func(a *ShippingAddress) { a.District = "" }, "Please choose a district"},
		{"a pin code of 5 digits", func(a *ShippingAddress) { a.PinCode = "56002" }, "Pin code must be 6 digits"},
		{"a pin code with a letter", func(a *ShippingAddress) { a.PinCode = "56002a" }, "Pin code must be 6 digits"},
		{"a landmark of 51 characters", func(a *ShippingAddress) { a.Landmark = strings.Repeat("a", 51) }, "Landmark must be at most 50 characters"},
		{"a note of 150 characters", func(a *ShippingAddress) { a.ShippingNote = strings.Repeat("a", 150) }, ""},
		{"a note of 151 characters", func(a *ShippingAddress) { a.ShippingNote = strings.Repeat("a", 151) }, "The note must be at most 150 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := goodAddress
			tc.change(&a)
			refused(t, a.Validate(), tc.want, Invalid)
		})
	}
}

func TestShippingAddressNormalize(t *testing.T) {
	a := ShippingAddress{ShippingName: " Chitra ", ShippingEmail: " C@Example.COM ", ShippingPhoneNumber: " 9000000003 ",
		Address: " 14 Residency Road ", City: " Bengaluru ", District: " Bengaluru Urban ", State: " Karnataka ",
		PinCode: " 560025 ", Landmark: " Near Richmond Circle ", ShippingNote: " Ring twice "}
	a.Normalize()
	want := goodAddress
	want.ShippingEmail = "c@example.com"
	if a != want {
		t.Errorf("Normalize = %+v, want %+v", a, want)
	}
}

func TestCheckAddress(t *testing.T) {
	districts := Districts{"Karnataka": {"Bengaluru Urban", "Mysuru"}, "Maharashtra": {"Mumbai City"}}
	for _, tc := range []struct {
		name   string
		change func(*ShippingAddress)
		want   string
	}{
		{"a district of its state", func(*ShippingAddress) {}, ""},
		{"the rules of an address first", func(a *ShippingAddress) { a.PinCode = "56002" }, "Pin code must be 6 digits"},
		{"a state not in the list", func(a *ShippingAddress) { a.State, a.District = "Atlantis", "Nowhere" }, "Please choose a state from the list"},
		{"a district of another state", func(a *ShippingAddress) { a.District = "Mumbai City" },
			"Please choose a district of Karnataka from the list"},
		{"a district in another case", func(a *ShippingAddress) { a.District = "mysuru" }, "Please choose a district of Karnataka from the list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := goodAddress
			tc.change(&a)
			refused(t, CheckAddress(a, districts), tc.want, Invalid)
		})
	}
}

func TestCheckRoomForAddress(t *testing.T) {
	for _, tc := range []struct {
		name  string
		saved int
		want  string
	}{
		{"an empty book", 0, ""},
		{"one short of full", MaxSavedAddresses - 1, ""},
		{"a full book", MaxSavedAddresses, ErrAddressBookFull.Message},
		{"past full (saved before the cap)", MaxSavedAddresses + 3, ErrAddressBookFull.Message},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, CheckRoomForAddress(tc.saved), tc.want, Conflict)
		})
	}
}

func TestNewAddressIsDefault(t *testing.T) {
	for _, tc := range []struct {
		name  string
		saved int
		asked bool
		want  bool
	}{
		{"the first address, not asked", 0, false, true},
		{"the first address, asked", 0, true, true},
		{"a second address, not asked", 1, false, false},
		{"a second address, asked", 1, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NewAddressIsDefault(tc.saved, tc.asked); got != tc.want {
				t.Errorf("NewAddressIsDefault(%d, %v) = %v, want %v", tc.saved, tc.asked, got, tc.want)
			}
		})
	}
}

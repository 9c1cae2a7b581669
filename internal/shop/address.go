package shop

import "slices"

// Districts are the states and union territories of India, each with its
// districts, as the app's shipping form lists them.
type Districts map[string][]string

// CheckAddress applies the shipping rules (ShippingAddress.Validate) and
// checks the state and district against districts.
func CheckAddress(a ShippingAddress, districts Districts) error {
	if err := a.Validate(); err != nil {
		return err
	}
	list, ok := districts[a.State]
	if !ok {
		return invalid("Please choose a state from the list")
	}
	if !slices.Contains(list, a.District) {
		return invalid("Please choose a district of %s from the list", a.State)
	}
	return nil
}

// MaxSavedAddresses is how many addresses one account keeps: a home, an
// office, family in a few cities, with room to spare, and a bound on what
// one account may store.
const MaxSavedAddresses = 20

// Refusals of the address book.
var (
	ErrAddressNotFound = &Error{Code: NotFound, Message: "Address not found"}
	ErrAddressBookFull = &Error{Code: Conflict,
		Message: "You can save up to 20 addresses. Please delete one you no longer use to save another."}
)

// SavedAddress is an address kept with an account. The book keeps exactly
// one default while it holds any address (see NewAddressIsDefault).
type SavedAddress struct {
	ID string `json:"_id"`
	ShippingAddress
	IsDefault bool `json:"isDefault"`
}

// CheckRoomForAddress refuses a new address to a book already holding saved
// addresses once it is full.
func CheckRoomForAddress(saved int) error {
	if saved >= MaxSavedAddresses {
		return ErrAddressBookFull
	}
	return nil
}

// NewAddressIsDefault tells whether a new address becomes the default: when
// asked, and always when it is the first, so that a book with addresses has
// a default. Marking another address moves the default; unmarking the
// default leaves it, there being no other to pass it to; deleting it passes
// it to the address used most recently.
func NewAddressIsDefault(saved int, asked bool) bool {
	return asked || saved == 0
}

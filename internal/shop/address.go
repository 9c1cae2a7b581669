package shop

import (
	"fmt"
	"slices"
	"unicode/utf8"
)

// Districts are the states and union territories of India, each with its
// districts, as the app's shipping form lists them.
type Districts map[string][]string

// CheckAddress applies the shipping rules of SPEC.md §5 and the shop's
// maximum lengths, and checks the state and district against districts.
func CheckAddress(a ShippingAddress, districts Districts) error {
	n := utf8.RuneCountInString
	switch {
	case n(a.ShippingEmail) > MaxEmailLength:
		return fmt.Errorf("The e-mail address must be at most %d characters", MaxEmailLength)
	case n(a.Address) > MaxAddressLength:
		return fmt.Errorf("Address must be at most %d characters", MaxAddressLength)
	case n(a.City) > MaxCityLength:
		return fmt.Errorf("City must be at most %d characters", MaxCityLength)
	}
	if err := a.Validate(); err != nil {
		return err
	}
	list, ok := districts[a.State]
	if !ok {
		return fmt.Errorf("Please choose a state from the list")
	}
	if !slices.Contains(list, a.District) {
		return fmt.Errorf("Please choose a district of %s from the list", a.State)
	}
	return nil
}

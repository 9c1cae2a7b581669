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

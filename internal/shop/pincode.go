package shop

import (
	"cmp"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// PinAreas say where India's pin codes are: the state of each pin code
// India Post lists, and the states of each first three digits (a sorting
// district), which may straddle a border (160: Chandigarh and Punjab).
// The 19,000 pin codes are kept as sorted numbers with a byte naming each
// one's state: as a map of strings they held 3.7 MB of every server's heap.
type PinAreas struct {
	pins     []int32 // ascending
	states   []uint8 // of each pin, an index into names
	names    []string
	prefixes map[int32][]string
}

// NewPinAreas builds the table from the pin codes India Post lists, each
// with its state.
func NewPinAreas(states iter.Seq2[int, string]) PinAreas {
	type listed struct {
		pin   int32
		state string
	}
	var all []listed
	for pin, state := range states {
		all = append(all, listed{int32(pin), state})
	}
	slices.SortFunc(all, func(a, b listed) int { return cmp.Compare(a.pin, b.pin) })
	a := PinAreas{pins: make([]int32, len(all)), states: make([]uint8, len(all)), prefixes: map[int32][]string{}}
	index := map[string]uint8{}
	for i, l := range all {
		n, ok := index[l.state]
		if !ok {
			n = uint8(len(a.names))
			index[l.state] = n
			a.names = append(a.names, l.state)
		}
		a.pins[i], a.states[i] = l.pin, n
		p := l.pin / 1000
		if !slices.Contains(a.prefixes[p], l.state) {
			a.prefixes[p] = append(a.prefixes[p], l.state)
			slices.Sort(a.prefixes[p])
		}
	}
	return a
}

// StatesOf are the states a 6-digit pin code may be in: its own when India
// Post lists it, else those of its first three digits; none for a pin code
// that is not India's.
func (a PinAreas) StatesOf(pin string) []string {
	if !digits(pin, PinCodeLength) {
		return nil
	}
	n, _ := strconv.Atoi(pin)
	if i, ok := slices.BinarySearch(a.pins, int32(n)); ok {
		return []string{a.names[a.states[i]]}
	}
	return a.prefixes[int32(n/1000)]
}

// CheckPinState refuses a pin code that is not in the state chosen with it,
// with the message the shipping screen also shows as the customer types.
func (a PinAreas) CheckPinState(pin, state string) error {
	states := a.StatesOf(pin)
	if len(states) == 0 {
		return invalid("Pin code %s is not a pin code in India", pin)
	}
	if !slices.Contains(states, state) {
		return invalid("Pin code %s is not in %s", pin, state)
	}
	return nil
}

// Delivery is what the shop can do for a pin code: deliver there at all,
// and take cash on delivery there.
type Delivery struct {
	PinCode     string `json:"pinCode"`
	State       string `json:"state"`
	Serviceable bool   `json:"serviceable"`
	COD         bool   `json:"cod"`
	Message     string `json:"message"`
}

// ErrPinCode refuses what is not a pin code.
var ErrPinCode = &Error{Code: Invalid, Message: "Pin code must be 6 digits"}

// DeliveryTo says what the shop with settings s can do for pin, found in
// areas; a pin code that is not 6 digits is ErrPinCode.
func (s Settings) DeliveryTo(pin string, areas PinAreas) (Delivery, error) {
	if !digits(pin, PinCodeLength) {
		return Delivery{}, ErrPinCode
	}
	states := areas.StatesOf(pin)
	d := Delivery{PinCode: pin, State: strings.Join(states, " or ")}
	switch {
	case len(states) == 0:
		d.Message = "Pin code " + pin + " is not a pin code in India"
	case MatchesPin(s.UnservedPins, pin):
		d.Message = "Sorry, we do not deliver to " + pin + " yet."
	case MatchesPin(s.CODBlockedPins, pin):
		d.Serviceable = true
		d.Message = "Delivery available to " + pin + ". Cash on delivery is not available there: please pay online."
	default:
		d.Serviceable, d.COD = true, true
		d.Message = "Delivery available to " + pin + ", with cash on delivery."
	}
	return d, nil
}

// CheckDelivery refuses an order to a pin code the shop does not serve,
// or paid on delivery where cash on delivery is not taken, with the reason.
func (d Delivery) CheckDelivery(method PaymentMethod) error {
	if !d.Serviceable || (method == COD && !d.COD) {
		return invalid("%s", d.Message)
	}
	return nil
}

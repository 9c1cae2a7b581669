package shop

import (
	"maps"
	"testing"
)

var areas = NewPinAreas(maps.All(map[int]string{560038: "Karnataka", 560001: "Karnataka", 160017: "Chandigarh",
	160055: "Punjab", 400001: "Maharashtra"}))

func TestCheckPinState(t *testing.T) {
	for _, c := range []struct{ pin, state, want string }{
		{"560038", "Karnataka", ""},
		{"560099", "Karnataka", ""}, // not listed: its first three digits decide
		{"560038", "Maharashtra", "Pin code 560038 is not in Maharashtra"},
		{"160099", "Punjab", ""},
		{"160099", "Chandigarh", ""},
		{"160017", "Punjab", "Pin code 160017 is not in Punjab"},
		{"999999", "Karnataka", "Pin code 999999 is not a pin code in India"},
	} {
		got := ""
		if err := areas.CheckPinState(c.pin, c.state); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckPinState(%s, %s) = %q, want %q", c.pin, c.state, got, c.want)
		}
	}
}

func TestDeliveryTo(t *testing.T) {
	s := Settings{UnservedPins: []string{"4000"}, CODBlockedPins: []string{"560038"}}
	for _, c := range []struct {
		pin                 string
		serviceable, cod    bool
		refusedCOD, refused bool
	}{
		{"560001", true, true, false, false},
		{"560038", true, false, true, false},
		{"400001", false, false, true, true},
		{"999999", false, false, true, true},
	} {
		d, err := s.DeliveryTo(c.pin, areas)
		if err != nil {
			t.Fatal(err)
		}
		if d.Serviceable != c.serviceable || d.COD != c.cod || d.PinCode != c.pin || d.Message == "" {
			t.Errorf("DeliveryTo(%s) = %+v", c.pin, d)
		}
		if (d.CheckDelivery(COD) != nil) != c.refusedCOD || (d.CheckDelivery(Razorpay) != nil) != c.refused {
			t.Errorf("CheckDelivery of %s refuses COD %v, online %v", c.pin, d.CheckDelivery(COD), d.CheckDelivery(Razorpay))
		}
	}
	if _, err := s.DeliveryTo("56003", areas); err != ErrPinCode {
		t.Errorf("a 5-digit pin: %v", err)
	}
}

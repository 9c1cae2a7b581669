package web

import (
	"maps"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
)

func TestSizes(t *testing.T) {
	s := Sizes()
	for name, v := range map[string]string{"grid": s.Grid, "topCarousel": s.TopCarousel, "productPage": s.ProductPage} {
		if !strings.HasSuffix(v, "px") && !strings.HasSuffix(v, ")") {
			t.Errorf("%s sizes %q does not end in a length", name, v)
		}
	}
}

func TestDistricts(t *testing.T) {
	d := Districts()
	if len(d) != 36 || len(d["Karnataka"]) == 0 || len(d["Ladakh"]) != 2 {
		t.Errorf("%d states and union territories; Karnataka %v, Ladakh %v", len(d), d["Karnataka"], d["Ladakh"])
	}
}

// Every state and union territory the shipping form offers has its GST
// state code: without one, an order to it could not be invoiced and its
// payment would be refused.
func TestDistrictStatesHaveGSTCodes(t *testing.T) {
	codes := map[string]string{}
	for state := range Districts() {
		code := shop.GSTStateCode(state)
		if code == "" {
			t.Errorf("%s has no GST state code (internal/shop/gststates.go)", state)
		} else if other, taken := codes[code]; taken {
			t.Errorf("%s and %s share GST state code %s", state, other, code)
		}
		codes[code] = state
	}
}

func TestPinStates(t *testing.T) {
	pins := maps.Collect(PinStates())
	if len(pins) < 19000 {
		t.Fatalf("%d pin codes, want India Post's 19,000", len(pins))
	}
	for pin, want := range map[int]string{560038: "Karnataka", 400001: "Maharashtra", 110001: "Delhi", 744101: "Andaman and Nicobar Islands", 194101: "Ladakh"} {
		if got := pins[pin]; got != want {
			t.Errorf("pin %d is in %q, want %s", pin, got, want)
		}
	}
	states := map[string]bool{}
	for _, s := range pins {
		states[s] = true
	}
	for s := range Districts() {
		if !states[s] {
			t.Errorf("no pin code of %s", s)
		}
	}
}

package main

import (
	"testing"

	"github.com/haat-shop/haat/internal/shop"
)

func TestOrderLimitsFromEnv(t *testing.T) {
	cases := []struct {
		cod, units string
		want       shop.OrderLimits
		bad        bool
	}{
		{"", "", shop.DefaultOrderLimits(), false},
		{"0", "0", shop.OrderLimits{}, false},
		{"5", "", shop.OrderLimits{MaxOpenCOD: 5, MaxUnitsPerSize: 10}, false},
		{"", "25", shop.OrderLimits{MaxOpenCOD: 3, MaxUnitsPerSize: 25}, false},
		{"-1", "", shop.OrderLimits{}, true},
		{"", "ten", shop.OrderLimits{}, true},
	}
	for _, c := range cases {
		t.Setenv("HAAT_MAX_OPEN_COD_ORDERS", c.cod)
		t.Setenv("HAAT_MAX_UNITS_PER_SIZE", c.units)
		got, err := orderLimitsFromEnv()
		if c.bad {
			if err == nil {
				t.Errorf("%q, %q: no error", c.cod, c.units)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q, %q: %+v, %v; want %+v", c.cod, c.units, got, err, c.want)
		}
	}
}

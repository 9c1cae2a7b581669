package shop

import (
	"slices"
	"testing"
)

func TestReturnsEverything(t *testing.T) {
	two := []OrderItem{{ProductID: "p", Size: "M", Qty: 2}, {ProductID: "p", Size: "L", Qty: 1}}
	for _, tc := range []struct {
		name  string
		ret   *Return
		want  bool
		units []int
	}{
		{"no return", nil, false, []int{0, 0}},
		{"every unit", &Return{Items: []ReturnItem{{ProductID: "p", Size: "M", Qty: 2}, {ProductID: "p", Size: "L", Qty: 1}}}, true, []int{2, 1}},
		{"one unit of two", &Return{Items: []ReturnItem{{ProductID: "p", Size: "M", Qty: 1}, {ProductID: "p", Size: "L", Qty: 1}}}, false, []int{1, 1}},
		{"one line of two", &Return{Items: []ReturnItem{{ProductID: "p", Size: "L", Qty: 1}}}, false, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Order{Items: two, Return: tc.ret}
			if got := o.ReturnsEverything(); got != tc.want {
				t.Errorf("ReturnsEverything() = %v, want %v", got, tc.want)
			}
			if got := o.UnitsBack(); !slices.Equal(got, tc.units) {
				t.Errorf("UnitsBack() = %v, want %v", got, tc.units)
			}
		})
	}
}

package shop

import "testing"

func TestReturnsEverything(t *testing.T) {
	two := []OrderItem{{ProductID: "p", Size: "M", Qty: 2}, {ProductID: "p", Size: "L", Qty: 1}}
	for _, tc := range []struct {
		name string
		ret  *Return
		want bool
	}{
		{"no return", nil, false},
		{"every unit", &Return{Items: []ReturnItem{{Size: "M", Qty: 2}, {Size: "L", Qty: 1}}}, true},
		{"one unit of two", &Return{Items: []ReturnItem{{Size: "M", Qty: 1}, {Size: "L", Qty: 1}}}, false},
		{"one line of two", &Return{Items: []ReturnItem{{Size: "M", Qty: 2}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Order{Items: two, Return: tc.ret}
			if got := o.ReturnsEverything(); got != tc.want {
				t.Errorf("ReturnsEverything() = %v, want %v", got, tc.want)
			}
		})
	}
}

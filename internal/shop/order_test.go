package shop

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestHoldOverdue(t *testing.T) {
	due := placedAt.Add(30 * time.Minute)
	for _, tc := range []struct {
		name string
		o    Order
		now  time.Time
		want bool
	}{
		{"an unpaid online order within its hold", order(Razorpay, stockItems, onlineWaiting), due.Add(-time.Millisecond), false},
		{"an unpaid online order as its hold ends", order(Razorpay, stockItems, onlineWaiting), due, true},
		{"an unpaid online order past its hold", order(Razorpay, stockItems, onlineWaiting), due.Add(time.Hour), true},
		{"a paid online order past its hold", order(Razorpay, stockItems, State{Status: StatusPlaced, IsPaid: true,
			PaymentDueAt: &due}), due.Add(time.Hour), false},
		{"an expired order", order(Razorpay, stockItems, onlineExpired), due.Add(time.Hour), false},
		{"a confirmed COD order, never due", order(COD, stockItems, codPlaced), due.Add(24 * time.Hour), false},
		{"an unconfirmed COD order past its hold", order(COD, stockItems, codUnconfirmed), placedAt.Add(25 * time.Hour), true},
		{"an unconfirmed COD order within its hold", order(COD, stockItems, codUnconfirmed), placedAt.Add(23 * time.Hour), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.o.HoldOverdue(tc.now); got != tc.want {
				t.Errorf("HoldOverdue = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestVisibleTo(t *testing.T) {
	o := Order{ID: "o1", UserID: "asha"}
	for _, tc := range []struct {
		name string
		u    User
		want bool
	}{
		{"its customer", User{ID: "asha", Role: RoleCustomer}, true},
		{"another customer", User{ID: "ravi", Role: RoleCustomer}, false},
		{"an admin", User{ID: "admin", Role: RoleAdmin}, true},
		{"a manufacturer", User{ID: "maker", Role: RoleManufacturer}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := o.VisibleTo(tc.u); got != tc.want {
				t.Errorf("VisibleTo = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCanStartPayment(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Order
		want error
	}{
		{"an unpaid online order", order(Razorpay, stockItems, onlineWaiting), nil},
		{"a COD order", order(COD, stockItems, codPlaced), ErrPaidOnDelivery},
		{"an expired online order", order(Razorpay, stockItems, onlineExpired), ErrExpiredUnpaid},
		{"a paid online order", order(Razorpay, stockItems, onlinePaid), ErrAlreadyPaid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.o.CanStartPayment(); !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Errorf("CanStartPayment = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestHasPreOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		items []OrderItem
		want  bool
	}{
		{"no items", nil, false},
		{"stock items", stockItems, false},
		{"a pre-order item", preItems, true},
		{"a pre-order among others", append(append([]OrderItem{}, stockItems...), preItems...), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Order{Items: tc.items}).HasPreOrder(); got != tc.want {
				t.Errorf("HasPreOrder = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestValidateLines(t *testing.T) {
	line := func(qty int, pre bool) OrderLine {
		return OrderLine{ProductID: "p", SizeID: "m", Qty: qty, PreOrder: pre}
	}
	for _, tc := range []struct {
		name  string
		lines []OrderLine
		want  string
	}{
		{"one line", []OrderLine{line(1, false)}, ""},
		{"the most of one size", []OrderLine{line(MaxLineQty, false)}, ""},
		{"no lines", nil, "Your order has no items"},
		{"none of a size", []OrderLine{line(0, false)}, "Use the Delete Button"},
		{"more than the cap", []OrderLine{line(MaxLineQty+1, false)}, "At most 10 units of a size can be ordered at once."},
		{"a pre-order on its own", []OrderLine{line(1, true)}, ""},
		{"a pre-order with another line", []OrderLine{line(1, false), line(1, true)}, "A pre-order is placed for one item on its own"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, validateLines(tc.lines), tc.want, Invalid)
		})
	}
}

func TestMergeLines(t *testing.T) {
	m := OrderLine{ProductID: "p1", SizeID: "m", Qty: 10}
	l := OrderLine{ProductID: "p1", SizeID: "l", Qty: 2}
	for _, tc := range []struct {
		name string
		in   []OrderLine
		want []OrderLine
	}{
		{"one line", []OrderLine{m}, []OrderLine{m}},
		{"two lines of one size", []OrderLine{m, l, m}, []OrderLine{{ProductID: "p1", SizeID: "m", Qty: 20}, l}},
		{"a pre-order stays apart", []OrderLine{m, {ProductID: "p1", SizeID: "m", Qty: 1, PreOrder: true}},
			[]OrderLine{m, {ProductID: "p1", SizeID: "m", Qty: 1, PreOrder: true}}},
		{"same size id, other product", []OrderLine{m, {ProductID: "p2", SizeID: "m", Qty: 1}},
			[]OrderLine{m, {ProductID: "p2", SizeID: "m", Qty: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mergeLines(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("mergeLines = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestInLockOrder(t *testing.T) {
	items := []OrderItem{{ProductID: "b", VariantID: "v", SizeID: "l"}, {ProductID: "a", VariantID: "w", SizeID: "m"},
		{ProductID: "a", VariantID: "v", SizeID: "s"}, {ProductID: "a", VariantID: "v", SizeID: "m"}}
	got := InLockOrder(items)
	want := []OrderItem{items[3], items[2], items[1], items[0]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("InLockOrder = %+v, want %+v", got, want)
	}
	if items[0].ProductID != "b" {
		t.Error("InLockOrder sorted its argument in place")
	}
}

func TestOrderLimitsCheck(t *testing.T) {
	polo := OrderItem{SizeID: "m", Name: "Black Polo", VariantColor: "black", Size: "M", Qty: 4}
	tee := OrderItem{SizeID: "l", Name: "Chikan Tee", VariantColor: "white", Size: "L", Qty: 2}
	quote := func(method PaymentMethod, items ...OrderItem) Quote { return Quote{Method: method, Items: items} }
	for _, tc := range []struct {
		name   string
		limits OrderLimits
		q      Quote
		open   OpenOrders
		want   string
	}{
		{"a first COD order", DefaultOrderLimits(), quote(COD, polo), OpenOrders{}, ""},
		{"a COD order with two on the way", DefaultOrderLimits(), quote(COD, polo), OpenOrders{COD: 2}, ""},
		{"a COD order with three on the way", DefaultOrderLimits(), quote(COD, polo), OpenOrders{COD: 3},
			"You already have 3 cash-on-delivery orders on the way. Please wait for one to be delivered before placing another."},
		{"one on the way, under a limit of one", OrderLimits{MaxOpenCOD: 1}, quote(COD, polo), OpenOrders{COD: 1},
			"You already have 1 cash-on-delivery order on the way. Please wait for one to be delivered before placing another."},
		{"an online order with COD orders on the way", DefaultOrderLimits(), quote(Razorpay, polo), OpenOrders{COD: 9}, ""},
		{"units up to the limit", DefaultOrderLimits(), quote(COD, polo), OpenOrders{Units: map[string]int{"m": 6}}, ""},
		{"units past the limit", DefaultOrderLimits(), quote(Razorpay, polo), OpenOrders{Units: map[string]int{"m": 7}},
			"You can have at most 10 of Black Polo (black), size M, across your open orders. You already have 7."},
		{"units of another size held", DefaultOrderLimits(), quote(COD, polo), OpenOrders{Units: map[string]int{"l": 10}}, ""},
		{"the second size past the limit", OrderLimits{MaxUnitsPerSize: 4}, quote(COD, polo, tee), OpenOrders{Units: map[string]int{"l": 3}},
			"You can have at most 4 of Chikan Tee (white), size L, across your open orders. You already have 3."},
		{"two items of one size counted together", OrderLimits{MaxUnitsPerSize: 6}, quote(COD, polo, polo), OpenOrders{},
			"You can have at most 6 of Black Polo (black), size M, across your open orders. You already have 0."},
		{"limits off", OrderLimits{}, quote(COD, polo), OpenOrders{COD: 500, Units: map[string]int{"m": 500}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, tc.limits.Check(tc.q, tc.open), tc.want, Conflict)
		})
	}
}

func TestOrderLimitsOn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limits OrderLimits
		want   bool
	}{
		{"the defaults", DefaultOrderLimits(), true},
		{"none", OrderLimits{}, false},
		{"COD orders only", OrderLimits{MaxOpenCOD: 1}, true},
		{"units only", OrderLimits{MaxUnitsPerSize: 1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.limits.On(); got != tc.want {
				t.Errorf("On = %v, want %v", got, tc.want)
			}
		})
	}
}

// refused checks that err reads want, "" for none, and that an error is a
// refusal of code.
func refused(t *testing.T, err error, want string, code Code) {
	t.Helper()
	if got := errText(err); got != want {
		t.Errorf("refusal %q, want %q", got, want)
	}
	if err != nil && CodeOf(err) != code {
		t.Errorf("%v has code %d, want %d", err, CodeOf(err), code)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

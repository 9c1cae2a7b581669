package shop

import (
	"reflect"
	"testing"
	"time"
)

func TestMergeLines(t *testing.T) {
	m := OrderLine{ProductID: "p1", SizeID: "m", Qty: 10}
	l := OrderLine{ProductID: "p1", SizeID: "l", Qty: 2}
	cases := []struct {
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
	}
	for _, c := range cases {
		got := mergeLines(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: mergeLines = %+v, want %+v", c.name, got, c.want)
		}
	}
	if err := validateLines(mergeLines([]OrderLine{m, m})); err == nil {
		t.Error("two lines of 10 of one size passed the cap of 10")
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

func TestCheckOpenCOD(t *testing.T) {
	cases := []struct {
		limits OrderLimits
		method PaymentMethod
		open   int
		want   string
	}{
		{DefaultOrderLimits(), COD, 0, ""},
		{DefaultOrderLimits(), COD, 2, ""},
		{DefaultOrderLimits(), COD, 3, "You already have 3 cash-on-delivery orders on the way. Please wait for one to be delivered before placing another."},
		{DefaultOrderLimits(), Razorpay, 9, ""},
		{OrderLimits{MaxOpenCOD: 1}, COD, 1, "You already have 1 cash-on-delivery order on the way. Please wait for one to be delivered before placing another."},
		{OrderLimits{}, COD, 500, ""},
	}
	for _, c := range cases {
		err := c.limits.checkOpenCOD(c.method, c.open)
		if got := errText(err); got != c.want {
			t.Errorf("%+v CheckOpenCOD(%s, %d) = %q, want %q", c.limits, c.method, c.open, got, c.want)
		}
		if err != nil && CodeOf(err) != Conflict {
			t.Errorf("%v is not a conflict", err)
		}
	}
}

func TestCheckUnits(t *testing.T) {
	polo := func(held, asked int) sizeOnOrder {
		return sizeOnOrder{Name: "Black Polo", Colour: "black", Size: "M", Held: held, Asked: asked}
	}
	cases := []struct {
		limits OrderLimits
		s      sizeOnOrder
		want   string
	}{
		{DefaultOrderLimits(), polo(0, 10), ""},
		{DefaultOrderLimits(), polo(6, 4), ""},
		{DefaultOrderLimits(), polo(6, 5), "You can have at most 10 of Black Polo (black), size M, across your open orders. You already have 6."},
		{DefaultOrderLimits(), polo(10, 1), "You can have at most 10 of Black Polo (black), size M, across your open orders. You already have 10."},
		{OrderLimits{MaxUnitsPerSize: 2}, polo(0, 3), "You can have at most 2 of Black Polo (black), size M, across your open orders. You already have 0."},
		{OrderLimits{}, polo(500, 10), ""},
	}
	for _, c := range cases {
		err := c.limits.checkUnits(c.s)
		if got := errText(err); got != c.want {
			t.Errorf("%+v CheckUnits(%+v) = %q, want %q", c.limits, c.s, got, c.want)
		}
		if err != nil && CodeOf(err) != Conflict {
			t.Errorf("%v is not a conflict", err)
		}
	}
	if (OrderLimits{}).On() || !DefaultOrderLimits().On() || !(OrderLimits{MaxUnitsPerSize: 1}).On() {
		t.Error("On is wrong")
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestCanMarkManufactured(t *testing.T) {
	pre := []OrderItem{{PreOrder: true}}
	cases := []struct {
		o    Order
		want error
	}{
		{Order{Items: pre, State: State{Status: StatusPlaced}, PaymentMethod: COD}, nil},
		{Order{Items: pre, State: State{Status: StatusPlaced, IsPaid: true}, PaymentMethod: Razorpay}, nil},
		{Order{Items: pre, State: State{Status: StatusPlaced}, PaymentMethod: Razorpay}, ErrAwaitingPayment},
		{Order{Items: pre, State: State{Status: StatusCancelled}, PaymentMethod: Razorpay}, ErrNothingToMake},
		{Order{Items: pre, State: State{Status: StatusCancelled}, PaymentMethod: COD}, ErrNothingToMake},
	}
	for _, c := range cases {
		if _, got := c.o.Apply(Manufacture, time.Now()); got != c.want {
			t.Errorf("%s %s paid %v: %v, want %v", c.o.Status, c.o.PaymentMethod, c.o.IsPaid, got, c.want)
		}
	}
}

func TestStockVersion(t *testing.T) {
	p := Product{Variants: []Variant{{Sizes: []Size{{ID: "m", Stock: 10}, {ID: "l", Stock: 2}}}, {Sizes: []Size{{ID: "s", Stock: 0}}}}}
	v := p.StockVersion()
	if v != StockVersion(map[string]int{"s": 0, "l": 2, "m": 10}) {
		t.Error("the version depends on more than the stock of each size")
	}
	for name, other := range map[string]map[string]int{
		"a sale":         {"m": 6, "l": 2, "s": 0},
		"a size added":   {"m": 10, "l": 2, "s": 0, "xl": 0},
		"a size removed": {"m": 10, "l": 2},
		"stock swapped":  {"m": 2, "l": 10, "s": 0},
	} {
		if StockVersion(other) == v {
			t.Errorf("%s leaves the version as it was", name)
		}
	}
}

package shop

import (
	"errors"
	"testing"
	"time"
)

var placedAt = time.Date(2026, 3, 1, 10, 0, 0, 0, IST)

// after is a time d after placedAt.
func after(d time.Duration) *time.Time {
	t := placedAt.Add(d)
	return &t
}

// An online order is held for 30 minutes; the rows below name the states
// an order can be in today.
var (
	stockItems = []OrderItem{{ProductID: "p", SizeID: "m", Qty: 2}}
	preItems   = []OrderItem{{ProductID: "p", SizeID: "m", Qty: 1, PreOrder: true}}

	codPlaced     = State{Status: StatusPlaced}
	codPaid       = State{Status: StatusPlaced, IsPaid: true, PaidAt: after(time.Hour)}
	codDelivered  = State{Status: StatusPlaced, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: after(2 * time.Hour)}
	onlineWaiting = State{Status: StatusPlaced, PaymentDueAt: after(30 * time.Minute)}
	onlinePaid    = State{Status: StatusPlaced, IsPaid: true, PaidAt: after(10 * time.Minute)}
	onlineExpired = State{Status: StatusCancelled, PaymentDueAt: after(30 * time.Minute)}
	made          = State{Status: StatusPlaced, MfgDate: after(time.Hour)}
)

func order(method PaymentMethod, items []OrderItem, s State) Order {
	return Order{ID: "o1", PaymentMethod: method, Items: items, State: s}
}

func TestTransitions(t *testing.T) {
	at := placedAt.Add(3 * time.Hour)
	cases := []struct {
		name string
		o    Order
		t    Transition
		at   time.Time
		// want is the state after the transition, and whether the order's
		// stock goes back on sale; refusal is the error when it is refused.
		want        State
		returnStock bool
		refusal     error
	}{
		{name: "Payment Received on an unpaid COD order", o: order(COD, stockItems, codPlaced), t: PayByAdmin, at: at,
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at}},
		{name: "Payment Received keeps an online order's due time", o: order(Razorpay, stockItems, onlineWaiting), t: PayByAdmin, at: at,
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at, PaymentDueAt: after(30 * time.Minute)}},
		{name: "Payment Received twice", o: order(COD, stockItems, codPaid), t: PayByAdmin, at: at, refusal: ErrAlreadyPaid},
		{name: "Payment Received on a delivered order", o: order(COD, stockItems, State{Status: StatusPlaced, IsDelivered: true}),
			t: PayByAdmin, at: at, refusal: ErrAlreadyDelivered},
		{name: "Payment Received on an expired order", o: order(Razorpay, stockItems, onlineExpired), t: PayByAdmin, at: at, refusal: ErrCancelled},

		{name: "an online payment pays the order and ends its hold", o: order(Razorpay, stockItems, onlineWaiting), t: PayOnline, at: at,
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at}},
		{name: "an online payment for a paid order", o: order(Razorpay, stockItems, onlinePaid), t: PayOnline, at: at, refusal: ErrAlreadyPaid},
		{name: "an online payment after the order expired", o: order(Razorpay, stockItems, onlineExpired), t: PayOnline, at: at,
			refusal: ErrPaidAfterExpiry},

		{name: "Mark As Delivered on a paid order", o: order(COD, stockItems, codPaid), t: Deliver, at: at,
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: &at}},
		{name: "Mark As Delivered on an unpaid order", o: order(COD, stockItems, codPlaced), t: Deliver, at: at, refusal: ErrNotPaid},
		{name: "Mark As Delivered twice", o: order(COD, stockItems, codDelivered), t: Deliver, at: at, refusal: ErrAlreadyDelivered},
		{name: "Mark As Delivered on an expired order", o: order(Razorpay, stockItems, onlineExpired), t: Deliver, at: at, refusal: ErrCancelled},

		{name: "production complete for a COD pre-order", o: order(COD, preItems, codPlaced), t: Manufacture, at: at,
			want: State{Status: StatusPlaced, MfgDate: &at}},
		{name: "production complete for a paid online pre-order", o: order(Razorpay, preItems, onlinePaid), t: Manufacture, at: at,
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: after(10 * time.Minute), MfgDate: &at}},
		{name: "production complete again keeps the first date", o: order(COD, preItems, made), t: Manufacture, at: at, want: made},
		{name: "production complete for an unpaid online pre-order", o: order(Razorpay, preItems, onlineWaiting), t: Manufacture, at: at,
			refusal: ErrAwaitingPayment},
		{name: "production complete for an expired pre-order", o: order(Razorpay, preItems, onlineExpired), t: Manufacture, at: at,
			refusal: ErrNothingToMake},
		{name: "production complete for an order with nothing to make", o: order(COD, stockItems, codPlaced), t: Manufacture, at: at,
			refusal: ErrPreOrderNotFound},

		{name: "expiry of an unpaid online order past its hold", o: order(Razorpay, stockItems, onlineWaiting), t: Expire,
			at: placedAt.Add(31 * time.Minute), want: State{Status: StatusCancelled, PaymentDueAt: after(30 * time.Minute)}, returnStock: true},
		{name: "expiry the moment the hold ends", o: order(Razorpay, stockItems, onlineWaiting), t: Expire,
			at: placedAt.Add(30 * time.Minute), want: State{Status: StatusCancelled, PaymentDueAt: after(30 * time.Minute)}, returnStock: true},
		{name: "expiry within the hold", o: order(Razorpay, stockItems, onlineWaiting), t: Expire,
			at: placedAt.Add(29 * time.Minute), refusal: ErrNotOverdue},
		{name: "expiry of a paid online order", o: order(Razorpay, stockItems, onlinePaid), t: Expire, at: at, refusal: ErrNotOverdue},
		{name: "expiry of an expired order", o: order(Razorpay, stockItems, onlineExpired), t: Expire, at: at, refusal: ErrNotOverdue},
		{name: "expiry of a COD order", o: order(COD, stockItems, codPlaced), t: Expire, at: at, refusal: ErrNotOverdue},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.o.State
			c, err := tc.o.Apply(tc.t, tc.at)
			if !tc.o.State.Equal(before) {
				t.Errorf("Apply changed the order it was asked about: %+v", tc.o.State)
			}
			if tc.refusal != nil {
				if !errors.Is(err, tc.refusal) || ErrorOf(err) == nil {
					t.Fatalf("Apply = %+v, %v; want the refusal %q", c, err, tc.refusal)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply refused: %v", err)
			}
			if !c.State.Equal(tc.want) || c.ReturnStock != tc.returnStock {
				t.Errorf("Apply = %+v, return stock %v; want %+v, %v", c.State, c.ReturnStock, tc.want, tc.returnStock)
			}
		})
	}
}

func TestTransitionRefusalsAreConflicts(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *Error
		code Code
	}{
		{"already paid", ErrAlreadyPaid, Conflict},
		{"already delivered", ErrAlreadyDelivered, Conflict},
		{"not paid", ErrNotPaid, Conflict},
		{"cancelled", ErrCancelled, Conflict},
		{"nothing to make", ErrNothingToMake, Conflict},
		{"awaiting payment", ErrAwaitingPayment, Conflict},
		{"not overdue", ErrNotOverdue, Conflict},
		{"paid after expiry", ErrPaidAfterExpiry, Conflict},
		{"no pre-order", ErrPreOrderNotFound, NotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err.Code != tc.code || tc.err.Message == "" {
				t.Errorf("%+v, want code %d and a message", tc.err, tc.code)
			}
		})
	}
}

func TestUnknownTransition(t *testing.T) {
	_, err := order(COD, stockItems, codPlaced).Apply(Transition(99), placedAt)
	if err == nil || ErrorOf(err) != nil {
		t.Errorf("an unknown transition: %v, want our own fault, not a refusal", err)
	}
}

func TestTransitionNotFound(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    Transition
		want error
	}{
		{"the manufacturer looks for a pre-order", Manufacture, ErrPreOrderNotFound},
		{"an admin looks for an order to mark paid", PayByAdmin, ErrOrderNotFound},
		{"a payment looks for its order", PayOnline, ErrOrderNotFound},
		{"an admin looks for an order to deliver", Deliver, ErrOrderNotFound},
		{"the expiry looks for its order", Expire, ErrOrderNotFound},
		{"an unknown transition", Transition(99), ErrOrderNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.t.NotFound(); got != tc.want {
				t.Errorf("NotFound = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestStateEqual(t *testing.T) {
	utc := placedAt.UTC()
	for _, tc := range []struct {
		name string
		a, b State
		want bool
	}{
		{"the same state", codPaid, codPaid, true},
		{"one instant in two zones", State{PaidAt: after(0)}, State{PaidAt: &utc}, true},
		{"a time and none", State{PaidAt: after(0)}, State{}, false},
		{"none and a time", State{}, State{DeliveredAt: after(0)}, false},
		{"two times", State{MfgDate: after(0)}, State{MfgDate: after(time.Millisecond)}, false},
		{"another status", State{Status: StatusPlaced}, State{Status: StatusCancelled}, false},
		{"paid and not", State{IsPaid: true}, State{}, false},
		{"delivered and not", State{IsDelivered: true}, State{}, false},
		{"another due time", onlineWaiting, State{Status: StatusPlaced, PaymentDueAt: after(time.Hour)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Equal(tc.b); got != tc.want {
				t.Errorf("Equal = %v, want %v", got, tc.want)
			}
		})
	}
}

package shop

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

var placedAt = time.Date(2026, 3, 1, 10, 0, 0, 0, IST)

// after is a time d after placedAt.
func after(d time.Duration) *time.Time {
	t := placedAt.Add(d)
	return &t
}

// An online order is held for 30 minutes, an unconfirmed COD order for a
// day; the rows below name the states an order can be in.
var (
	stockItems = []OrderItem{{ProductID: "p", SizeID: "m", Size: "M", Qty: 2, Price: 50000}}
	preItems   = []OrderItem{{ProductID: "p", SizeID: "m", Size: "M", Qty: 1, PreOrder: true, Price: 50000}}
	restockAll = []ReturnItem{{ProductID: "p", Size: "M", Qty: 2, SizeID: "m", Price: 50000}}

	codPlaced      = State{Status: StatusPlaced}
	codUnconfirmed = State{Status: StatusAwaitingConfirmation, PaymentDueAt: after(24 * time.Hour)}
	codPaid        = State{Status: StatusPlaced, IsPaid: true, PaidAt: after(time.Hour)}
	codDelivered   = State{Status: StatusDelivered, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: after(2 * time.Hour)}
	onlineWaiting  = State{Status: StatusAwaitingPayment, PaymentDueAt: after(30 * time.Minute)}
	onlinePaid     = State{Status: StatusPlaced, IsPaid: true, PaidAt: after(10 * time.Minute)}
	onlineShipped  = State{Status: StatusShipped, IsPaid: true, PaidAt: after(10 * time.Minute), Shipment: parcel}
	onlineExpired  = State{Status: StatusExpired, PaymentDueAt: after(30 * time.Minute)}
	codCancelled   = State{Status: StatusCancelled}
	made           = State{Status: StatusPlaced, MfgDate: after(time.Hour)}
	returnAsked    = State{Status: StatusReturnRequested, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true,
		DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnRequested}
	returnOK = State{Status: StatusReturnRequested, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true,
		DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnApproved}

	parcel = Shipment{Courier: "Delhivery", TrackingNumber: "DL123", TrackingURL: "https://track.example/DL123", ShippedAt: after(time.Hour)}
)

func order(method PaymentMethod, items []OrderItem, s State) Order {
	return Order{ID: "o1", PaymentMethod: method, Items: items, State: s, Prices: Prices{Items: 100000, Total: 100000}}
}

// returning is a delivered order with a return in state s.
func returning(s State) Order {
	o := order(COD, stockItems, s)
	o.Return = &Return{Items: []ReturnItem{{ProductID: "p", Size: "M", Qty: 1, SizeID: "m", Price: 50000}}, Reason: "size", Status: s.ReturnStatus}
	return o
}

func TestTransitions(t *testing.T) {
	at := placedAt.Add(3 * time.Hour)
	ship := Shipment{Courier: "Delhivery", TrackingNumber: "DL123", TrackingURL: "https://track.example/DL123"}
	shipped := ship
	shipped.ShippedAt = &at
	week := 7 * 24 * time.Hour
	one := []ReturnItem{{ProductID: "p", Size: "M", Qty: 1}}
	cases := []struct {
		name string
		o    Order
		a    Act
		// want is the state after the act, the stock it returns and the
		// refund it starts; refusal is the error when it is refused.
		want    State
		restock []ReturnItem
		refund  Paise
		refusal error
	}{
		{name: "Payment Received on an unpaid COD order", o: order(COD, stockItems, codPlaced), a: Act{Transition: PayByAdmin, At: at},
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at}},
		{name: "Payment Received keeps an online order's due time", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: PayByAdmin, At: at},
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at, PaymentDueAt: after(30 * time.Minute)}},
		{name: "Payment Received twice", o: order(COD, stockItems, codPaid), a: Act{Transition: PayByAdmin, At: at}, refusal: ErrAlreadyPaid},
		{name: "Payment Received on a delivered order", o: order(COD, stockItems, State{Status: StatusPlaced, IsDelivered: true}),
			a: Act{Transition: PayByAdmin, At: at}, refusal: ErrAlreadyDelivered},
		{name: "Payment Received on an expired order", o: order(Razorpay, stockItems, onlineExpired), a: Act{Transition: PayByAdmin, At: at}, refusal: ErrCancelled},

		{name: "an online payment pays the order and ends its hold", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: PayOnline, At: at},
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: &at}},
		{name: "an online payment for a paid order", o: order(Razorpay, stockItems, onlinePaid), a: Act{Transition: PayOnline, At: at}, refusal: ErrAlreadyPaid},
		{name: "an online payment after the order expired", o: order(Razorpay, stockItems, onlineExpired), a: Act{Transition: PayOnline, At: at},
			refusal: ErrPaidAfterExpiry},
		{name: "an online payment after the customer cancelled", o: order(Razorpay, stockItems, codCancelled), a: Act{Transition: PayOnline, At: at},
			refusal: ErrPaidAfterExpiry},

		{name: "Mark As Delivered on a paid order", o: order(COD, stockItems, codPaid), a: Act{Transition: Deliver, At: at},
			want: State{Status: StatusDelivered, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: &at}},
		{name: "Mark As Delivered on a shipped order", o: order(Razorpay, stockItems, onlineShipped), a: Act{Transition: Deliver, At: at},
			want: State{Status: StatusDelivered, IsPaid: true, PaidAt: after(10 * time.Minute), IsDelivered: true, DeliveredAt: &at, Shipment: parcel}},
		{name: "Mark As Delivered on an unpaid order", o: order(COD, stockItems, codPlaced), a: Act{Transition: Deliver, At: at}, refusal: ErrNotPaid},
		{name: "Mark As Delivered twice", o: order(COD, stockItems, codDelivered), a: Act{Transition: Deliver, At: at}, refusal: ErrAlreadyDelivered},
		{name: "Mark As Delivered on an expired order", o: order(Razorpay, stockItems, onlineExpired), a: Act{Transition: Deliver, At: at}, refusal: ErrCancelled},

		{name: "production complete for a COD pre-order", o: order(COD, preItems, codPlaced), a: Act{Transition: Manufacture, At: at},
			want: State{Status: StatusPlaced, MfgDate: &at}},
		{name: "production complete for a paid online pre-order", o: order(Razorpay, preItems, onlinePaid), a: Act{Transition: Manufacture, At: at},
			want: State{Status: StatusPlaced, IsPaid: true, PaidAt: after(10 * time.Minute), MfgDate: &at}},
		{name: "production complete again keeps the first date", o: order(COD, preItems, made), a: Act{Transition: Manufacture, At: at}, want: made},
		{name: "production complete for an unpaid online pre-order", o: order(Razorpay, preItems, onlineWaiting), a: Act{Transition: Manufacture, At: at},
			refusal: ErrAwaitingPayment},
		{name: "production complete for a COD pre-order not yet confirmed", o: order(COD, preItems, codUnconfirmed), a: Act{Transition: Manufacture, At: at},
			refusal: ErrAwaitingConfirmation},
		{name: "production complete for an expired pre-order", o: order(Razorpay, preItems, onlineExpired), a: Act{Transition: Manufacture, At: at},
			refusal: ErrNothingToMake},
		{name: "production complete for an order with nothing to make", o: order(COD, stockItems, codPlaced), a: Act{Transition: Manufacture, At: at},
			refusal: ErrPreOrderNotFound},

		{name: "expiry of an unpaid online order past its hold", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: Expire, At: placedAt.Add(31 * time.Minute)},
			want: State{Status: StatusExpired, PaymentDueAt: after(30 * time.Minute)}, restock: restockAll},
		{name: "expiry the moment the hold ends", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: Expire, At: placedAt.Add(30 * time.Minute)},
			want: State{Status: StatusExpired, PaymentDueAt: after(30 * time.Minute)}, restock: restockAll},
		{name: "expiry within the hold", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: Expire, At: placedAt.Add(29 * time.Minute)},
			refusal: ErrNotOverdue},
		{name: "expiry of an unconfirmed COD order cancels it", o: order(COD, stockItems, codUnconfirmed), a: Act{Transition: Expire, At: placedAt.Add(25 * time.Hour)},
			want: State{Status: StatusCancelled, PaymentDueAt: after(24 * time.Hour)}, restock: restockAll},
		{name: "expiry of an unconfirmed COD pre-order returns no stock", o: order(COD, preItems, codUnconfirmed), a: Act{Transition: Expire, At: placedAt.Add(25 * time.Hour)},
			want: State{Status: StatusCancelled, PaymentDueAt: after(24 * time.Hour)}},
		{name: "expiry of a paid online order", o: order(Razorpay, stockItems, onlinePaid), a: Act{Transition: Expire, At: at}, refusal: ErrNotOverdue},
		{name: "expiry of an expired order", o: order(Razorpay, stockItems, onlineExpired), a: Act{Transition: Expire, At: at}, refusal: ErrNotOverdue},
		{name: "expiry of a confirmed COD order", o: order(COD, stockItems, codPlaced), a: Act{Transition: Expire, At: at}, refusal: ErrNotOverdue},

		{name: "the customer confirms a COD order", o: order(COD, stockItems, codUnconfirmed), a: Act{Transition: Confirm, At: at},
			want: State{Status: StatusPlaced}},
		{name: "a second confirmation", o: order(COD, stockItems, codPlaced), a: Act{Transition: Confirm, At: at}, refusal: ErrNoConfirmation},
		{name: "confirming a cancelled order", o: order(COD, stockItems, codCancelled), a: Act{Transition: Confirm, At: at}, refusal: ErrCancelled},
		{name: "confirming an online order", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: Confirm, At: at}, refusal: ErrNoConfirmation},

		{name: "shipping a paid online order", o: order(Razorpay, stockItems, onlinePaid), a: Act{Transition: Ship, At: at, Shipment: ship},
			want: State{Status: StatusShipped, IsPaid: true, PaidAt: after(10 * time.Minute), Shipment: shipped}},
		{name: "shipping a confirmed COD order", o: order(COD, stockItems, codPlaced), a: Act{Transition: Ship, At: at, Shipment: ship},
			want: State{Status: StatusShipped, Shipment: shipped}},
		{name: "shipping an unconfirmed COD order", o: order(COD, stockItems, codUnconfirmed), a: Act{Transition: Ship, At: at, Shipment: ship}, refusal: ErrNotConfirmed},
		{name: "shipping an unpaid online order", o: order(Razorpay, stockItems, onlineWaiting), a: Act{Transition: Ship, At: at, Shipment: ship}, refusal: ErrUnpaidShipment},
		{name: "shipping twice", o: order(Razorpay, stockItems, onlineShipped), a: Act{Transition: Ship, At: at, Shipment: ship}, refusal: ErrAlreadyShipped},
		{name: "shipping a delivered order", o: order(COD, stockItems, codDelivered), a: Act{Transition: Ship, At: at, Shipment: ship}, refusal: ErrAlreadyShipped},
		{name: "shipping a cancelled order", o: order(COD, stockItems, codCancelled), a: Act{Transition: Ship, At: at, Shipment: ship}, refusal: ErrCancelled},

		{name: "the customer cancels a placed COD order", o: order(COD, stockItems, codPlaced), a: Act{Transition: Cancel, At: at, Note: "ordered twice"},
			want: State{Status: StatusCancelled}, restock: restockAll},
		{name: "the customer cancels an unconfirmed COD order", o: order(COD, stockItems, codUnconfirmed), a: Act{Transition: Cancel, At: at, Note: "no"},
			want: State{Status: StatusCancelled}, restock: restockAll},
		{name: "the customer cancels a paid online order and is refunded", o: order(Razorpay, stockItems, onlinePaid), a: Act{Transition: Cancel, At: at, Note: "late"},
			want: State{Status: StatusCancelled, IsPaid: true, PaidAt: after(10 * time.Minute)}, restock: restockAll, refund: 100000},
		{name: "cancelling a pre-order returns no stock", o: order(COD, preItems, codPlaced), a: Act{Transition: Cancel, At: at, Note: "no"},
			want: State{Status: StatusCancelled}},
		{name: "the customer cancels a shipped order", o: order(Razorpay, stockItems, onlineShipped), a: Act{Transition: Cancel, At: at, Note: "late"},
			refusal: ErrShippedNoCancel},
		{name: "an admin cancels a shipped order", o: order(Razorpay, stockItems, onlineShipped), a: Act{Transition: Cancel, At: at, Note: "lost", Admin: true},
			want: State{Status: StatusCancelled, IsPaid: true, PaidAt: after(10 * time.Minute), Shipment: parcel}, restock: restockAll, refund: 100000},
		{name: "an admin cancels a delivered order", o: order(COD, stockItems, codDelivered), a: Act{Transition: Cancel, At: at, Note: "x", Admin: true},
			refusal: ErrAlreadyDelivered},
		{name: "cancelling twice", o: order(COD, stockItems, codCancelled), a: Act{Transition: Cancel, At: at, Note: "x"}, refusal: ErrCancelled},
		{name: "cancelling an expired order", o: order(Razorpay, stockItems, onlineExpired), a: Act{Transition: Cancel, At: at, Note: "x"}, refusal: ErrCancelled},
		{name: "cancelling without a reason", o: order(COD, stockItems, codPlaced), a: Act{Transition: Cancel, At: at}, refusal: invalid("")},

		{name: "a return within the window", o: order(COD, stockItems, codDelivered),
			a:    Act{Transition: RequestReturn, At: placedAt.Add(2*time.Hour + week), Return: one, ReturnReason: "size", ReturnWindow: week},
			want: State{Status: StatusReturnRequested, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnRequested}},
		{name: "a return after the window", o: order(COD, stockItems, codDelivered),
			a: Act{Transition: RequestReturn, At: placedAt.Add(2*time.Hour + week + time.Second), Return: one, ReturnReason: "size", ReturnWindow: week}, refusal: ErrReturnClosed},
		{name: "a return of an undelivered order", o: order(COD, stockItems, codPaid),
			a: Act{Transition: RequestReturn, At: at, Return: one, ReturnReason: "size", ReturnWindow: week}, refusal: ErrNotDelivered},
		{name: "a return of more than was bought", o: order(COD, stockItems, codDelivered),
			a: Act{Transition: RequestReturn, At: at, Return: []ReturnItem{{ProductID: "p", Size: "M", Qty: 3}}, ReturnReason: "size", ReturnWindow: week}, refusal: invalid("")},
		{name: "a return of something not bought", o: order(COD, stockItems, codDelivered),
			a: Act{Transition: RequestReturn, At: at, Return: []ReturnItem{{ProductID: "p", Size: "XL", Qty: 1}}, ReturnReason: "size", ReturnWindow: week}, refusal: invalid("")},
		{name: "a return with an unknown reason", o: order(COD, stockItems, codDelivered),
			a: Act{Transition: RequestReturn, At: at, Return: one, ReturnReason: "bored", ReturnWindow: week}, refusal: invalid("")},
		{name: "a second return", o: order(COD, stockItems, State{Status: StatusDelivered, IsDelivered: true, DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnRejected}),
			a: Act{Transition: RequestReturn, At: at, Return: one, ReturnReason: "size", ReturnWindow: week}, refusal: ErrReturnTaken},

		{name: "approving a return", o: returning(returnAsked), a: Act{Transition: ApproveReturn, At: at}, want: returnOK},
		{name: "approving twice", o: returning(returnOK), a: Act{Transition: ApproveReturn, At: at}, refusal: ErrNoReturn},
		{name: "rejecting a return", o: returning(returnAsked), a: Act{Transition: RejectReturn, At: at, Note: "worn"},
			want: State{Status: StatusDelivered, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnRejected}},
		{name: "rejecting without a note", o: returning(returnAsked), a: Act{Transition: RejectReturn, At: at}, refusal: invalid("")},
		{name: "receiving an approved return restocks and refunds its share", o: returning(returnOK), a: Act{Transition: ReceiveReturn, At: at},
			want:    State{Status: StatusReturned, IsPaid: true, PaidAt: after(time.Hour), IsDelivered: true, DeliveredAt: after(2 * time.Hour), ReturnStatus: ReturnReceived},
			restock: []ReturnItem{{ProductID: "p", Size: "M", Qty: 1, SizeID: "m", Price: 50000}}, refund: 50000},
		{name: "receiving a return not yet approved", o: returning(returnAsked), a: Act{Transition: ReceiveReturn, At: at}, refusal: ErrNoReturn},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.o.State
			c, err := tc.o.Apply(tc.a)
			if !tc.o.State.Equal(before) {
				t.Errorf("Apply changed the order it was asked about: %+v", tc.o.State)
			}
			if tc.refusal != nil {
				var want *Error
				errors.As(tc.refusal, &want)
				got := ErrorOf(err)
				if got == nil || (want.Message != "" && !errors.Is(err, tc.refusal)) || got.Code != want.Code {
					t.Fatalf("Apply = %+v, %v; want the refusal %q", c, err, tc.refusal)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply refused: %v", err)
			}
			if !c.State.Equal(tc.want) || !reflect.DeepEqual(c.Restock, tc.restock) || c.Refund != tc.refund {
				t.Errorf("Apply = %+v, restock %v, refund %d; want %+v, %v, %d", c.State, c.Restock, c.Refund, tc.want, tc.restock, tc.refund)
			}
		})
	}
}

func TestRefundFor(t *testing.T) {
	o := Order{Items: []OrderItem{{ProductID: "a", Size: "M", Qty: 2, Price: 100000}, {ProductID: "b", Size: "L", Qty: 1, Price: 50000}},
		Prices: Prices{Items: 250000, Shipping: 5000, SecureFee: 7500, Discount: 25000, Total: 237500}}
	for _, tc := range []struct {
		name  string
		items []ReturnItem
		want  Paise
	}{
		{"everything back is everything paid", []ReturnItem{{Qty: 2, Price: 100000}, {Qty: 1, Price: 50000}}, 237500},
		// 50000 of 250000 items: a fifth of the 232500 paid for items.
		{"one cheap unit is its share of what was paid for items", []ReturnItem{{Qty: 1, Price: 50000}}, 46500},
		{"one of two units", []ReturnItem{{Qty: 1, Price: 100000}}, 93000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := o.RefundFor(tc.items); got != tc.want {
				t.Errorf("RefundFor = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestFirstStatus(t *testing.T) {
	c := DefaultCODConfirmation()
	for _, tc := range []struct {
		name      string
		method    PaymentMethod
		total     Paise
		delivered bool
		want      string
	}{
		{"an online order waits for its payment", Razorpay, 100000, true, StatusAwaitingPayment},
		{"a first COD order waits for its confirmation", COD, 50000, false, StatusAwaitingConfirmation},
		{"a known customer's small COD order is placed", COD, 200000, true, StatusPlaced},
		{"a known customer's COD order above ₹2,000 waits", COD, 200001, true, StatusAwaitingConfirmation},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.method == COD && (CODConfirmation{}).FirstStatus(tc.method, tc.total, tc.delivered) != StatusPlaced {
				t.Error("with confirmation off, a COD order waits for one")
			}
			if got := c.FirstStatus(tc.method, tc.total, tc.delivered); got != tc.want {
				t.Errorf("FirstStatus = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShipmentValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Shipment
		ok   bool
	}{
		{"courier, number and link", Shipment{Courier: "Delhivery", TrackingNumber: "1", TrackingURL: "https://x.in/1"}, true},
		{"no link", Shipment{Courier: "India Post", TrackingNumber: "EE1IN"}, true},
		{"no courier", Shipment{TrackingNumber: "1"}, false},
		{"no number", Shipment{Courier: "x"}, false},
		{"a script for a link", Shipment{Courier: "x", TrackingNumber: "1", TrackingURL: "javascript:alert(1)"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.s.Validate(); (err == nil) != tc.ok {
				t.Errorf("Validate = %v, want ok %v", err, tc.ok)
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
		{"no confirmation", ErrNoConfirmation, Conflict},
		{"not confirmed", ErrNotConfirmed, Conflict},
		{"shipped", ErrAlreadyShipped, Conflict},
		{"shipped, no cancel", ErrShippedNoCancel, Conflict},
		{"return closed", ErrReturnClosed, Conflict},
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
	_, err := order(COD, stockItems, codPlaced).Apply(Act{Transition: Transition(99), At: placedAt})
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
		{"a cancellation looks for its order", Cancel, ErrOrderNotFound},
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
		{"another due time", onlineWaiting, State{Status: StatusAwaitingPayment, PaymentDueAt: after(time.Hour)}, false},
		{"another return state", returnAsked, returnOK, false},
		{"shipped and not", onlinePaid, onlineShipped, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Equal(tc.b); got != tc.want {
				t.Errorf("Equal = %v, want %v", got, tc.want)
			}
		})
	}
}

package shop

import (
	"fmt"
	"time"
)

// Transition is a change of an order's state (SPEC.md §4), named so that
// the store saves every one of them the same way: it reads the order,
// asks Apply, and writes the change over the state it read.
type Transition int

// The transitions of an order.
const (
	// PayByAdmin is an admin's Payment Received.
	PayByAdmin Transition = iota + 1
	// PayOnline is a verified online payment, from the customer's widget
	// or the provider's webhook.
	PayOnline
	// Deliver is an admin's Mark As Delivered.
	Deliver
	// Manufacture is the manufacturer's production complete for an
	// order's pre-order items.
	Manufacture
	// Expire cancels an online order whose payment is overdue, and puts
	// its stock back on sale.
	Expire
)

// Why an order cannot take a transition.
var (
	ErrAlreadyPaid      = &Error{Code: Conflict, Message: "This order is already paid"}
	ErrAlreadyDelivered = &Error{Code: Conflict, Message: "This order is already delivered"}
	ErrNotPaid          = &Error{Code: Conflict, Message: "Only a paid order can be marked as delivered"}
	ErrCancelled        = &Error{Code: Conflict, Message: "This order was cancelled"}
	ErrNothingToMake    = &Error{Code: Conflict, Message: "This order was cancelled: there is nothing to make."}
	ErrAwaitingPayment  = &Error{Code: Conflict, Message: "This pre-order is waiting for its payment: make it once it is paid."}
	ErrNotOverdue       = &Error{Code: Conflict, Message: "This order is not waiting for an overdue payment"}
	// ErrPreOrderNotFound answers the manufacturer for an order that does
	// not exist or has nothing to make: to them, both are no pre-order.
	ErrPreOrderNotFound = &Error{Code: NotFound, Message: "No pre-order with that id"}
)

// Change is what a transition does to an order: its state after, and
// whether its stock goes back on sale.
type Change struct {
	State       State
	ReturnStock bool
}

// transitionRule says when an order may take a transition and what the
// transition changes. A new state of an order is new rules in transitions.
type transitionRule struct {
	// notFound answers for an order that is not there.
	notFound error
	// refuse says why o cannot take the transition at time at, or nil.
	refuse func(o Order, at time.Time) error
	// apply makes the change, starting from the order's state.
	apply func(c *Change, at time.Time)
}

var transitions = map[Transition]transitionRule{
	PayByAdmin: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ time.Time) error {
			switch {
			case o.Status == StatusCancelled:
				return ErrCancelled
			case o.IsPaid:
				return ErrAlreadyPaid
			case o.IsDelivered:
				return ErrAlreadyDelivered
			}
			return nil
		},
		apply: func(c *Change, at time.Time) { c.State.IsPaid, c.State.PaidAt = true, &at },
	},
	PayOnline: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ time.Time) error {
			switch {
			case o.IsPaid:
				return ErrAlreadyPaid
			case o.Status == StatusCancelled:
				return ErrPaidAfterExpiry
			}
			return nil
		},
		// A paid order holds its stock for good: it no longer falls due.
		apply: func(c *Change, at time.Time) {
			c.State.IsPaid, c.State.PaidAt, c.State.PaymentDueAt = true, &at, nil
		},
	},
	Deliver: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ time.Time) error {
			switch {
			case o.Status == StatusCancelled:
				return ErrCancelled
			case !o.IsPaid:
				return ErrNotPaid
			case o.IsDelivered:
				return ErrAlreadyDelivered
			}
			return nil
		},
		apply: func(c *Change, at time.Time) { c.State.IsDelivered, c.State.DeliveredAt = true, &at },
	},
	// Only an order that stands, paid on delivery or paid online, is made.
	// The first mark sets the date; a repeated one changes nothing.
	Manufacture: {
		notFound: ErrPreOrderNotFound,
		refuse: func(o Order, _ time.Time) error {
			switch {
			case !o.HasPreOrder():
				return ErrPreOrderNotFound
			case o.Status == StatusCancelled:
				return ErrNothingToMake
			case o.PaymentMethod == Razorpay && !o.IsPaid:
				return ErrAwaitingPayment
			}
			return nil
		},
		apply: func(c *Change, at time.Time) {
			if c.State.MfgDate == nil {
				c.State.MfgDate = &at
			}
		},
	},
	Expire: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, at time.Time) error {
			if !o.PaymentOverdue(at) {
				return ErrNotOverdue
			}
			return nil
		},
		apply: func(c *Change, _ time.Time) { c.State.Status, c.ReturnStock = StatusCancelled, true },
	},
}

// Apply tells whether o may take t at time at: the change when it may, and
// when it may not the refusal, a *Error the customer or admin is shown.
func (o Order) Apply(t Transition, at time.Time) (Change, error) {
	rule, ok := transitions[t]
	if !ok {
		return Change{}, fmt.Errorf("unknown order transition %d", t)
	}
	if err := rule.refuse(o, at); err != nil {
		return Change{}, err
	}
	c := Change{State: o.State}
	rule.apply(&c, at)
	return c, nil
}

// NotFound is the answer for an order that is not there when t is asked
// of it: the manufacturer looks for pre-orders, everyone else for orders.
func (t Transition) NotFound() error {
	if rule, ok := transitions[t]; ok {
		return rule.notFound
	}
	return ErrOrderNotFound
}

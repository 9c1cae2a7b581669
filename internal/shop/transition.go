package shop

import (
	"fmt"
	"time"
)

// Transition is a change of an order's state (SPEC.md §4 and issue 19),
// named so that the store saves every one of them the same way: it reads
// the order, asks Apply, and writes the change over the state it read.
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
	// Expire ends the hold of an order nobody paid (online) or confirmed
	// (COD) in time, and puts its stock back on sale.
	Expire
	// Confirm is the customer's (or an admin's, on the phone) yes to a
	// cash-on-delivery order.
	Confirm
	// Ship hands the parcel to a courier.
	Ship
	// Cancel is a cancellation by the customer (until it ships) or an
	// admin (until it is delivered); the stock comes back.
	Cancel
	// RequestReturn is the customer asking to send units back.
	RequestReturn
	// ApproveReturn and RejectReturn are the admin's answer to it.
	ApproveReturn
	RejectReturn
	// ReceiveReturn is the returned parcel arriving: stock comes back and
	// the refund is due.
	ReceiveReturn
)

// The statuses of an order.
const (
	StatusAwaitingPayment      = "awaitingPayment"
	StatusAwaitingConfirmation = "awaitingConfirmation"
	StatusPlaced               = "placed"
	StatusShipped              = "shipped"
	StatusDelivered            = "delivered"
	StatusCancelled            = "cancelled"
	StatusExpired              = "expired"
	StatusReturnRequested      = "returnRequested"
	StatusReturned             = "returned"
)

// The states of a return request.
const (
	ReturnRequested = "requested"
	ReturnApproved  = "approved"
	ReturnRejected  = "rejected"
	ReturnReceived  = "received"
)

// Why an order cannot take a transition.
var (
	ErrAlreadyPaid      = &Error{Code: Conflict, Message: "This order is already paid"}
	ErrAlreadyDelivered = &Error{Code: Conflict, Message: "This order is already delivered"}
	ErrNotPaid          = &Error{Code: Conflict, Message: "Only a paid order can be marked as delivered"}
	ErrCancelled        = &Error{Code: Conflict, Message: "This order was cancelled"}
	ErrNothingToMake    = &Error{Code: Conflict, Message: "This order was cancelled: there is nothing to make."}
	ErrAwaitingPayment  = &Error{Code: Conflict, Message: "This pre-order is waiting for its payment: make it once it is paid."}
	// ErrAwaitingConfirmation keeps the maker from making what the customer
	// may not confirm (the order is then cancelled).
	ErrAwaitingConfirmation = &Error{Code: Conflict, Message: "This pre-order is waiting for the customer's confirmation: make it once it is confirmed."}
	ErrNotOverdue           = &Error{Code: Conflict, Message: "This order is not waiting for an overdue payment or confirmation"}
	ErrNoConfirmation       = &Error{Code: Conflict, Message: "This order needs no confirmation"}
	ErrNotConfirmed         = &Error{Code: Conflict, Message: "This cash-on-delivery order is not confirmed yet"}
	ErrUnpaidShipment       = &Error{Code: Conflict, Message: "Only a paid online order can be shipped"}
	ErrAlreadyShipped       = &Error{Code: Conflict, Message: "This order has already shipped"}
	ErrShippedNoCancel      = &Error{Code: Conflict, Message: "This order has shipped and can no longer be cancelled: you can return it once it is delivered"}
	ErrNotDelivered         = &Error{Code: Conflict, Message: "Only a delivered order can be returned"}
	ErrReturnClosed         = &Error{Code: Conflict, Message: "The return window for this order has closed"}
	ErrReturnTaken          = &Error{Code: Conflict, Message: "A return was already requested for this order"}
	ErrNoReturn             = &Error{Code: Conflict, Message: "This order has no return waiting for that step"}
	// ErrPreOrderNotFound answers the manufacturer for an order that does
	// not exist or has nothing to make: to them, both are no pre-order.
	ErrPreOrderNotFound = &Error{Code: NotFound, Message: "No pre-order with that id"}
)

// Act is one transition asked of an order: what, when, by whom, and what
// it carries.
type Act struct {
	Transition
	At time.Time
	// By names who asks, for the order's history: a person's name and
	// role, or the part of the shop that acts on its own.
	By string
	// Admin is true when an admin asks: they may cancel later than the
	// customer.
	Admin bool
	// Note is the reason or note given with it.
	Note string
	// Shipment is what Ship hands over.
	Shipment Shipment
	// Return is what RequestReturn asks to send back, and ReturnWindow how
	// long after delivery it may.
	Return       []ReturnItem
	ReturnReason string
	ReturnWindow time.Duration
}

// Change is what a transition does to an order: its state after, which of
// its items go back on sale, and what must be refunded.
type Change struct {
	State   State
	Restock []ReturnItem
	// Refund is the amount the customer gets back, 0 for none; Method says
	// whether through the gateway (Razorpay) or by hand (COD).
	Refund Paise
	// ReturnItems and ReturnReason are a new return request.
	ReturnItems  []ReturnItem
	ReturnReason string
}

// ReturnStock tells whether any stock goes back on sale.
func (c Change) ReturnStock() bool { return len(c.Restock) > 0 }

// transitionRule says when an order may take a transition and what the
// transition changes. A new state of an order is new rules in transitions.
type transitionRule struct {
	// notFound answers for an order that is not there.
	notFound error
	// refuse says why o cannot take the act a, or nil.
	refuse func(o Order, a Act) error
	// apply makes the change, starting from the order's state.
	apply func(o Order, a Act, c *Change)
}

// closed tells whether o was cancelled or expired.
func (s State) closed() bool { return s.Status == StatusCancelled || s.Status == StatusExpired }

// Shipped tells whether o has left the shop: shipped, delivered or after.
func (s State) Shipped() bool {
	switch s.Status {
	case StatusShipped, StatusDelivered, StatusReturnRequested, StatusReturned:
		return true
	}
	return s.IsDelivered
}

var transitions = map[Transition]transitionRule{
	PayByAdmin: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ Act) error {
			switch {
			case o.closed():
				return ErrCancelled
			case o.IsPaid:
				return ErrAlreadyPaid
			case o.IsDelivered:
				return ErrAlreadyDelivered
			}
			return nil
		},
		// Paid is confirmed: a COD customer who paid on the phone stands.
		apply: func(_ Order, a Act, c *Change) {
			c.State.IsPaid, c.State.PaidAt = true, &a.At
			if c.State.Status == StatusAwaitingPayment || c.State.Status == StatusAwaitingConfirmation {
				c.State.Status = StatusPlaced
			}
		},
	},
	PayOnline: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ Act) error {
			switch {
			case o.IsPaid:
				return ErrAlreadyPaid
			case o.closed():
				return ErrPaidAfterExpiry
			}
			return nil
		},
		// A paid order holds its stock for good: it no longer falls due.
		apply: func(_ Order, a Act, c *Change) {
			c.State.IsPaid, c.State.PaidAt, c.State.PaymentDueAt = true, &a.At, nil
			if c.State.Status == StatusAwaitingPayment {
				c.State.Status = StatusPlaced
			}
		},
	},
	Deliver: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ Act) error {
			switch {
			case o.closed():
				return ErrCancelled
			case !o.IsPaid:
				return ErrNotPaid
			case o.IsDelivered:
				return ErrAlreadyDelivered
			}
			return nil
		},
		apply: func(_ Order, a Act, c *Change) {
			c.State.IsDelivered, c.State.DeliveredAt, c.State.Status = true, &a.At, StatusDelivered
		},
	},
	// Only an order that stands, paid on delivery or paid online, is made.
	// The first mark sets the date; a repeated one changes nothing.
	Manufacture: {
		notFound: ErrPreOrderNotFound,
		refuse: func(o Order, _ Act) error {
			switch {
			case !o.HasPreOrder():
				return ErrPreOrderNotFound
			case o.closed():
				return ErrNothingToMake
			case o.PaymentMethod == Razorpay && !o.IsPaid:
				return ErrAwaitingPayment
			case o.Status == StatusAwaitingConfirmation:
				return ErrAwaitingConfirmation
			}
			return nil
		},
		apply: func(_ Order, a Act, c *Change) {
			if c.State.MfgDate == nil {
				c.State.MfgDate = &a.At
			}
		},
	},
	// An unpaid online order expires; an unconfirmed COD order is
	// cancelled. Either way its stock comes back.
	Expire: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, a Act) error {
			if !o.HoldOverdue(a.At) {
				return ErrNotOverdue
			}
			return nil
		},
		apply: func(o Order, _ Act, c *Change) {
			c.State.Status = StatusExpired
			if o.Status == StatusAwaitingConfirmation {
				c.State.Status = StatusCancelled
			}
			c.Restock = o.stockItems()
		},
	},
	Confirm: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, _ Act) error {
			switch {
			case o.closed():
				return ErrCancelled
			case o.Status != StatusAwaitingConfirmation:
				return ErrNoConfirmation
			}
			return nil
		},
		apply: func(_ Order, _ Act, c *Change) { c.State.Status, c.State.PaymentDueAt = StatusPlaced, nil },
	},
	Ship: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, a Act) error {
			switch {
			case o.closed():
				return ErrCancelled
			case o.Shipped():
				return ErrAlreadyShipped
			case o.Status == StatusAwaitingConfirmation:
				return ErrNotConfirmed
			case o.PaymentMethod == Razorpay && !o.IsPaid:
				return ErrUnpaidShipment
			}
			return a.Shipment.Validate()
		},
		apply: func(_ Order, a Act, c *Change) {
			s := a.Shipment
			s.ShippedAt = &a.At
			c.State.Status, c.State.Shipment = StatusShipped, s
		},
	},
	Cancel: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, a Act) error {
			switch {
			case o.closed():
				return ErrCancelled
			case o.IsDelivered || o.Status == StatusDelivered:
				return ErrAlreadyDelivered
			case o.Shipped() && !a.Admin:
				return ErrShippedNoCancel
			}
			return checkReason(a.Note, "Please say why the order is cancelled")
		},
		apply: func(o Order, _ Act, c *Change) {
			c.State.Status, c.State.PaymentDueAt = StatusCancelled, nil
			c.Restock = o.stockItems()
			if o.IsPaid {
				c.Refund = o.Prices.Total
			}
		},
	},
	RequestReturn: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, a Act) error {
			switch {
			case o.ReturnStatus != "":
				return ErrReturnTaken
			case o.Status != StatusDelivered || o.DeliveredAt == nil:
				return ErrNotDelivered
			case a.At.After(o.DeliveredAt.Add(a.ReturnWindow)):
				return ErrReturnClosed
			}
			if err := CheckReturnReason(a.ReturnReason); err != nil {
				return err
			}
			_, err := o.returnable(a.Return)
			return err
		},
		apply: func(o Order, a Act, c *Change) {
			c.State.Status, c.State.ReturnStatus = StatusReturnRequested, ReturnRequested
			c.ReturnItems, _ = o.returnable(a.Return)
			c.ReturnReason = a.ReturnReason
		},
	},
	ApproveReturn: {
		notFound: ErrOrderNotFound,
		refuse:   returnIs(ReturnRequested),
		apply:    func(_ Order, _ Act, c *Change) { c.State.ReturnStatus = ReturnApproved },
	},
	RejectReturn: {
		notFound: ErrOrderNotFound,
		refuse: func(o Order, a Act) error {
			if err := returnIs(ReturnRequested)(o, a); err != nil {
				return err
			}
			return checkReason(a.Note, "Please say why the return is rejected")
		},
		apply: func(_ Order, _ Act, c *Change) {
			c.State.Status, c.State.ReturnStatus = StatusDelivered, ReturnRejected
		},
	},
	ReceiveReturn: {
		notFound: ErrOrderNotFound,
		refuse:   returnIs(ReturnApproved),
		apply: func(o Order, _ Act, c *Change) {
			c.State.Status, c.State.ReturnStatus = StatusReturned, ReturnReceived
			c.Restock = stockOnly(o.Return.Items)
			if o.IsPaid {
				c.Refund = o.RefundFor(o.Return.Items)
			}
		},
	},
}

// returnIs refuses a return step unless the order's return is in state.
func returnIs(state string) func(o Order, _ Act) error {
	return func(o Order, _ Act) error {
		if o.ReturnStatus != state || o.Return == nil {
			return ErrNoReturn
		}
		return nil
	}
}

// Apply tells whether o may take a: the change when it may, and when it
// may not the refusal, a *Error the customer or admin is shown.
func (o Order) Apply(a Act) (Change, error) {
	rule, ok := transitions[a.Transition]
	if !ok {
		return Change{}, fmt.Errorf("unknown order transition %d", a.Transition)
	}
	if err := rule.refuse(o, a); err != nil {
		return Change{}, err
	}
	c := Change{State: o.State}
	rule.apply(o, a, &c)
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

// MaxReasonLength bounds a reason or note given with a transition.
const MaxReasonLength = 200

func checkReason(note, missing string) error {
	switch n := len([]rune(note)); {
	case n == 0:
		return invalid("%s", missing)
	case n > MaxReasonLength:
		return invalid("The reason must be at most %d characters", MaxReasonLength)
	}
	return nil
}

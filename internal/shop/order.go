package shop

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of SPEC.md §5 and §9 for orders.
const (
	MaxLineQty           = 10
	MinAddressLength     = 10
	MinCityLength        = 4
	MaxLandmarkLength    = 50
	MaxShippingNoteLen   = 150
	PinCodeLength        = 6
	ActionBuyNow         = "buyNow"
	ActionPreOrder       = "preOrder"
	StockIssueMessage    = "One of your order items having stock issue, please revisit your cart again."
	PriceMismatchMessage = "The prices in your cart have changed. Please review the updated total and place the order again."
)

// ErrPaidAfterExpiry says a payment came for an order that had expired.
var ErrPaidAfterExpiry = &Error{Code: Conflict,
	Message: "Your payment arrived after the order expired. It is recorded and our team will contact you to refund or confirm it."}

// ErrStock is the answer when an order asks for more than is in stock, or
// for a product or size the shop no longer sells.
var ErrStock = &Error{Code: Conflict, Message: StockIssueMessage}

// ErrOrderNotFound answers for an order that does not exist, or that the
// one asking may not see.
var ErrOrderNotFound = &Error{Code: NotFound, Message: "Order not found"}

// ShippingAddress is where an order goes (SPEC.md §3).
type ShippingAddress struct {
	ShippingName        string `json:"shippingName"`
	ShippingEmail       string `json:"shippingEmail"`
	ShippingPhoneNumber string `json:"shippingPhoneNumber"`
	Address             string `json:"address"`
	City                string `json:"city"`
	District            string `json:"district"`
	State               string `json:"state"`
	PinCode             string `json:"pinCode"`
	Landmark            string `json:"landmark"`
	ShippingNote        string `json:"shippingNote"`
}

// Normalize trims every field.
func (a *ShippingAddress) Normalize() {
	for _, f := range []*string{&a.ShippingName, &a.ShippingEmail, &a.ShippingPhoneNumber, &a.Address, &a.City,
		&a.District, &a.State, &a.PinCode, &a.Landmark, &a.ShippingNote} {
		*f = strings.TrimSpace(*f)
	}
	a.ShippingEmail = strings.ToLower(a.ShippingEmail)
}

// Validate applies the shipping rules of SPEC.md §5.
func (a ShippingAddress) Validate() error {
	n := utf8.RuneCountInString
	switch {
	case a.ShippingName == "":
		return invalid("Please enter the name of the person receiving the order")
	case n(a.ShippingName) > MaxNameLength:
		return invalid("Name must be at most %d characters", MaxNameLength)
	case n(a.ShippingEmail) > MaxEmailLength:
		return invalid("The e-mail address must be at most %d characters", MaxEmailLength)
	case !ValidEmail(a.ShippingEmail):
		return invalid("Please enter a valid email address in Basic Details")
	case !ValidMobile(a.ShippingPhoneNumber):
		return invalid("Please re-check the mobile number in Basic Details: it needs %d digits", MobileLength)
	case n(a.Address) < MinAddressLength:
		return invalid("Address must be at least %d characters", MinAddressLength)
	case n(a.Address) > MaxAddressLength:
		return invalid("Address must be at most %d characters", MaxAddressLength)
	case n(a.City) < MinCityLength:
		return invalid("City must be at least %d characters", MinCityLength)
	case n(a.City) > MaxCityLength:
		return invalid("City must be at most %d characters", MaxCityLength)
	case a.State == "":
		return invalid("Please choose a state")
	case a.District == "":
		return invalid("Please choose a district")
	case !digits(a.PinCode, PinCodeLength):
		return invalid("Pin code must be 6 digits")
	case n(a.Landmark) > MaxLandmarkLength:
		return invalid("Landmark must be at most %d characters", MaxLandmarkLength)
	case n(a.ShippingNote) > MaxShippingNoteLen:
		return invalid("The note must be at most %d characters", MaxShippingNoteLen)
	}
	return nil
}

func digits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// OrderLine is one line of an order as the customer asks for it.
type OrderLine struct {
	ProductID string
	SizeID    string
	Qty       int
	PreOrder  bool
}

// OrderItem is a bought line with its own copy of what was bought.
type OrderItem struct {
	ProductID    string     `json:"product"`
	VariantID    string     `json:"variant"`
	SizeID       string     `json:"sizeId"`
	Name         string     `json:"name"`
	VariantColor string     `json:"variantColor"`
	Size         string     `json:"size"`
	Image        string     `json:"image"`
	Qty          int        `json:"qty"`
	Price        Paise      `json:"price"`
	PreOrder     bool       `json:"preOrder"`
	MfgDate      *time.Time `json:"mfgDate"`
	// HSN is the product's HSN code when it was bought, for its invoice.
	HSN string `json:"hsn"`
}

// Order is a placed order (SPEC.md §3).
type Order struct {
	ID        string
	OrderNo   int64
	UserID    string
	UserName  string
	UserEmail string
	Items     []OrderItem
	Shipping  ShippingAddress
	// PaymentMethod and Prices are fixed when the order is placed.
	PaymentMethod PaymentMethod
	Prices        Prices
	// State is what the order's transitions (Apply) read and change.
	State
	RazorpayOrderID string
	// PaymentFlagged marks a payment an admin must look at: it arrived
	// after the order expired, or did not match the order.
	PaymentFlagged    bool
	PaymentFlagReason string
	CreatedAt         time.Time
	// History lists every change of the order's status, oldest first.
	History []HistoryEntry
	Refunds []Refund
	// Return is the order's return request, nil for none.
	Return *Return
	// Invoice is the order's tax invoice once issued, CreditNotes those
	// issued against it since.
	Invoice     *TaxDocumentRef
	CreditNotes []TaxDocumentRef
}

// TaxDocumentRef names a tax invoice or credit note of an order.
type TaxDocumentRef struct {
	Number string    `json:"number"`
	Date   time.Time `json:"date"`
}

// State is where an order stands (SPEC.md §4). Only transitions change it,
// and the store saves a change only over the state it was read in.
type State struct {
	// Status is one of the Status* constants.
	Status      string
	IsPaid      bool
	PaidAt      *time.Time
	IsDelivered bool
	DeliveredAt *time.Time
	// MfgDate is when the order's pre-order items were made.
	MfgDate *time.Time
	// PaymentDueAt is when the hold on the stock of an order waiting for
	// its online payment, or for the confirmation of its COD, ends.
	PaymentDueAt *time.Time
	// ReturnStatus is where the order's return stands, "" for none.
	ReturnStatus string
	Shipment     Shipment
}

// Equal tells whether s and t are the same state, times compared as instants.
func (s State) Equal(t State) bool {
	return s.Status == t.Status && s.IsPaid == t.IsPaid && s.IsDelivered == t.IsDelivered &&
		sameTime(s.PaidAt, t.PaidAt) && sameTime(s.DeliveredAt, t.DeliveredAt) && sameTime(s.MfgDate, t.MfgDate) &&
		sameTime(s.PaymentDueAt, t.PaymentDueAt) && s.ReturnStatus == t.ReturnStatus && s.Shipment.Equal(t.Shipment)
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// HasPreOrder tells whether any line waits to be made.
func (o Order) HasPreOrder() bool {
	for _, it := range o.Items {
		if it.PreOrder {
			return true
		}
	}
	return false
}

// HoldOverdue tells whether o still waits for its online payment or its
// COD confirmation when its hold on the stock has ended at now: it must
// expire, and nobody may see or pay it as if it stood.
func (o Order) HoldOverdue(now time.Time) bool {
	waiting := o.Status == StatusAwaitingPayment || o.Status == StatusAwaitingConfirmation
	return waiting && !o.IsPaid && o.PaymentDueAt != nil && !o.PaymentDueAt.After(now)
}

// VisibleTo tells whether u may see o: its customer, or an admin. To anyone
// else it does not exist (ErrOrderNotFound), so order ids cannot be probed.
func (o Order) VisibleTo(u User) bool {
	return o.UserID == u.ID || u.Role == RoleAdmin
}

// Why an online payment cannot be started for an order.
var (
	ErrPaidOnDelivery = &Error{Code: Invalid, Message: "This order is paid on delivery"}
	ErrExpiredUnpaid  = &Error{Code: Conflict, Message: "This order expired before it was paid. Please order again."}
)

// CanStartPayment tells whether the customer may open the payment widget
// for o: an online order, unpaid and still standing.
func (o Order) CanStartPayment() error {
	switch {
	case o.PaymentMethod != Razorpay:
		return ErrPaidOnDelivery
	case o.closed():
		return ErrExpiredUnpaid
	case o.IsPaid:
		return ErrAlreadyPaid
	}
	return nil
}

// validateLines checks quantities and the pre-order rule: a pre-order is a
// single item bought directly (SPEC.md §4).
func validateLines(lines []OrderLine) error {
	if len(lines) == 0 {
		return invalid("Your order has no items")
	}
	for _, l := range lines {
		if err := CheckLineQty(l.Qty); err != nil {
			return err
		}
		if l.PreOrder && len(lines) != 1 {
			return invalid("A pre-order is placed for one item on its own")
		}
	}
	return nil
}

// CheckLineQty applies the cart's quantity rule of SPEC.md §5 to a line of
// an order, with the cart's messages: at least 1 (the cart's minus stops at
// 1 and points to the Delete button) and at most MaxLineQty. Stock is
// checked where it is taken, in the order's transaction.
func CheckLineQty(qty int) error {
	switch {
	case qty < 1:
		return invalid("Use the Delete Button")
	case qty > MaxLineQty:
		// The cap, not the stock (which may be higher), stands in the way.
		return invalid("At most %d units of a size can be ordered at once.", MaxLineQty)
	}
	return nil
}

// mergeLines adds up the lines of the same size, so the per-line cap holds
// for the size and not for each copy of it. Pre-order lines stay apart from
// stock lines: the pre-order rule must still see both. The first line of a
// size keeps its place.
func mergeLines(lines []OrderLine) []OrderLine {
	var out []OrderLine
	at := map[OrderLine]int{}
	for _, l := range lines {
		key := OrderLine{ProductID: l.ProductID, SizeID: l.SizeID, PreOrder: l.PreOrder}
		if i, ok := at[key]; ok {
			out[i].Qty += l.Qty
			continue
		}
		at[key] = len(out)
		out = append(out, l)
	}
	return out
}

// InLockOrder sorts items the way every order takes stock: by product,
// variant and size. Two orders touching the same sizes then lock them in the
// same order and cannot deadlock.
func InLockOrder(items []OrderItem) []OrderItem {
	sorted := slices.Clone(items)
	slices.SortFunc(sorted, func(a, b OrderItem) int {
		return cmp.Or(cmp.Compare(a.ProductID, b.ProductID), cmp.Compare(a.VariantID, b.VariantID), cmp.Compare(a.SizeID, b.SizeID))
	})
	return sorted
}

// OrderLimits bound what one customer may hold in open orders (placed, not
// yet delivered, not cancelled or expired), so that one account cannot take
// the whole catalogue. 0 turns a limit off.
type OrderLimits struct {
	// MaxOpenCOD is how many cash-on-delivery orders may be on the way at once.
	MaxOpenCOD int
	// MaxUnitsPerSize is how many units of one size may be on order at once.
	MaxUnitsPerSize int
}

// DefaultOrderLimits leave room for a family's shopping and stop one account
// from emptying the shop with unpaid orders.
func DefaultOrderLimits() OrderLimits { return OrderLimits{MaxOpenCOD: 3, MaxUnitsPerSize: 10} }

// On tells whether any limit applies, that is whether a customer's open
// orders need counting at all.
func (l OrderLimits) On() bool { return l.MaxOpenCOD > 0 || l.MaxUnitsPerSize > 0 }

// OpenOrders is what a customer already holds in open orders when placing
// another, as the store counts it.
type OpenOrders struct {
	// COD is how many cash-on-delivery orders are on the way.
	COD int
	// Units are the units on order, by size id.
	Units map[string]int
}

// Check refuses q when placing it would take its customer, holding open,
// past a limit. The refusal is a Conflict: the order would be fine once
// earlier ones are delivered.
func (l OrderLimits) Check(q Quote, open OpenOrders) error {
	if err := l.checkOpenCOD(q.Method, open.COD); err != nil {
		return err
	}
	asked := map[string]*sizeOnOrder{}
	var sizes []string
	for _, it := range q.Items {
		s, ok := asked[it.SizeID]
		if !ok {
			s = &sizeOnOrder{Name: it.Name, Colour: it.VariantColor, Size: it.Size, Held: open.Units[it.SizeID]}
			asked[it.SizeID] = s
			sizes = append(sizes, it.SizeID)
		}
		s.Asked += it.Qty
	}
	for _, id := range sizes {
		if err := l.checkUnits(*asked[id]); err != nil {
			return err
		}
	}
	return nil
}

// checkOpenCOD refuses another cash-on-delivery order to a customer who has
// open ones on the way already.
func (l OrderLimits) checkOpenCOD(method PaymentMethod, open int) error {
	if method != COD || l.MaxOpenCOD <= 0 || open < l.MaxOpenCOD {
		return nil
	}
	orders := "orders"
	if open == 1 {
		orders = "order"
	}
	return Errorf(Conflict, "You already have %d cash-on-delivery %s on the way. "+
		"Please wait for one to be delivered before placing another.", open, orders)
}

// sizeOnOrder is one size of an order being placed: what it is, how many
// units of it the customer already has in open orders and how many more
// they ask for.
type sizeOnOrder struct {
	Name, Colour, Size string
	Held, Asked        int
}

// checkUnits refuses an order that would bring a customer's units of one
// size in open orders past the limit.
func (l OrderLimits) checkUnits(s sizeOnOrder) error {
	if l.MaxUnitsPerSize <= 0 || s.Held+s.Asked <= l.MaxUnitsPerSize {
		return nil
	}
	return Errorf(Conflict, "You can have at most %d of %s (%s), size %s, across your open orders. You already have %d.",
		l.MaxUnitsPerSize, s.Name, s.Colour, s.Size, s.Held)
}

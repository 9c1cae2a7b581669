package shop

import (
	"cmp"
	"errors"
	"fmt"
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
	StatusPlaced         = "placed"
	StatusCancelled      = "cancelled"
	StockIssueMessage    = "One of your order items having stock issue, please revisit your cart again."
	PriceMismatchMessage = "The prices in your cart have changed. Please review the updated total and place the order again."
)

// ErrPaidAfterExpiry says a payment came for an order that had expired.
var ErrPaidAfterExpiry = errors.New("Your payment arrived after the order expired. It is recorded and our team will contact you to refund or confirm it.")

// ErrStock is the answer when an order asks for more than is in stock.
var ErrStock = errors.New(StockIssueMessage)

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
		return fmt.Errorf("Please enter the name of the person receiving the order")
	case n(a.ShippingName) > MaxNameLength:
		return fmt.Errorf("Name must be at most %d characters", MaxNameLength)
	case n(a.ShippingEmail) > MaxEmailLength:
		return fmt.Errorf("The e-mail address must be at most %d characters", MaxEmailLength)
	case !ValidEmail(a.ShippingEmail):
		return fmt.Errorf("Please enter a valid email address in Basic Details")
	case !ValidMobile(a.ShippingPhoneNumber):
		return fmt.Errorf("Please re-check the mobile number in Basic Details: it needs %d digits", MobileLength)
	case n(a.Address) < MinAddressLength:
		return fmt.Errorf("Address must be at least %d characters", MinAddressLength)
	case n(a.Address) > MaxAddressLength:
		return fmt.Errorf("Address must be at most %d characters", MaxAddressLength)
	case n(a.City) < MinCityLength:
		return fmt.Errorf("City must be at least %d characters", MinCityLength)
	case n(a.City) > MaxCityLength:
		return fmt.Errorf("City must be at most %d characters", MaxCityLength)
	case a.State == "":
		return fmt.Errorf("Please choose a state")
	case a.District == "":
		return fmt.Errorf("Please choose a district")
	case !digits(a.PinCode, PinCodeLength):
		return fmt.Errorf("Pin code must be 6 digits")
	case n(a.Landmark) > MaxLandmarkLength:
		return fmt.Errorf("Landmark must be at most %d characters", MaxLandmarkLength)
	case n(a.ShippingNote) > MaxShippingNoteLen:
		return fmt.Errorf("The note must be at most %d characters", MaxShippingNoteLen)
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
}

// Order is a placed order (SPEC.md §3).
type Order struct {
	ID              string
	OrderNo         int64
	UserID          string
	UserName        string
	UserEmail       string
	Items           []OrderItem
	Shipping        ShippingAddress
	PaymentMethod   PaymentMethod
	Prices          Prices
	Status          string
	IsPaid          bool
	PaidAt          *time.Time
	IsDelivered     bool
	DeliveredAt     *time.Time
	MfgDate         *time.Time
	PaymentDueAt    *time.Time
	RazorpayOrderID string
	// PaymentFlagged marks a payment an admin must look at: it arrived
	// after the order expired, or did not match the order.
	PaymentFlagged    bool
	PaymentFlagReason string
	CreatedAt         time.Time
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

// Why an order cannot move to a state (SPEC.md §4).
var (
	ErrAlreadyPaid      = errors.New("This order is already paid")
	ErrAlreadyDelivered = errors.New("This order is already delivered")
	ErrNotPaid          = errors.New("Only a paid order can be marked as delivered")
	ErrCancelled        = errors.New("This order was cancelled")
)

// CanMarkPaid applies the rule for Payment Received: unpaid, undelivered and
// not cancelled.
func (o Order) CanMarkPaid() error {
	switch {
	case o.Status == StatusCancelled:
		return ErrCancelled
	case o.IsPaid:
		return ErrAlreadyPaid
	case o.IsDelivered:
		return ErrAlreadyDelivered
	}
	return nil
}

// CanMarkDelivered applies the rule for Mark As Delivered: paid and not yet
// delivered.
func (o Order) CanMarkDelivered() error {
	switch {
	case o.Status == StatusCancelled:
		return ErrCancelled
	case !o.IsPaid:
		return ErrNotPaid
	case o.IsDelivered:
		return ErrAlreadyDelivered
	}
	return nil
}

// Why a pre-order cannot be marked manufactured.
var (
	ErrNothingToMake   = errors.New("This order was cancelled: there is nothing to make.")
	ErrAwaitingPayment = errors.New("This pre-order is waiting for its payment: make it once it is paid.")
)

// CanMarkManufactured applies the rule for the manufacturer's mark: only an
// order that stands, COD or paid online, is made.
func (o Order) CanMarkManufactured() error {
	switch {
	case o.Status == StatusCancelled:
		return ErrNothingToMake
	case o.PaymentMethod == Razorpay && !o.IsPaid:
		return ErrAwaitingPayment
	}
	return nil
}

// ValidateLines checks quantities and the pre-order rule: a pre-order is a
// single item bought directly (SPEC.md §4).
func ValidateLines(lines []OrderLine) error {
	if len(lines) == 0 {
		return fmt.Errorf("Your order has no items")
	}
	for _, l := range lines {
		if err := CheckLineQty(l.Qty); err != nil {
			return err
		}
		if l.PreOrder && len(lines) != 1 {
			return fmt.Errorf("A pre-order is placed for one item on its own")
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
		return fmt.Errorf("Use the Delete Button")
	case qty > MaxLineQty:
		return fmt.Errorf("Maximum Available Stock Quantity Reached")
	}
	return nil
}

// MergeLines adds up the lines of the same size, so the per-line cap holds
// for the size and not for each copy of it. Pre-order lines stay apart from
// stock lines: the pre-order rule must still see both. The first line of a
// size keeps its place.
func MergeLines(lines []OrderLine) []OrderLine {
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

// ErrOrderLimit is what every refusal under OrderLimits is: the order would
// be fine once earlier ones are delivered, so it is a conflict, not a bad
// request.
var ErrOrderLimit = errors.New("order limit reached")

type limitError string

func (e limitError) Error() string        { return string(e) }
func (e limitError) Is(target error) bool { return target == ErrOrderLimit }

// CheckOpenCOD refuses another cash-on-delivery order to a customer who has
// open ones on the way already.
func (l OrderLimits) CheckOpenCOD(method PaymentMethod, open int) error {
	if method != COD || l.MaxOpenCOD <= 0 || open < l.MaxOpenCOD {
		return nil
	}
	orders := "orders"
	if open == 1 {
		orders = "order"
	}
	return limitError(fmt.Sprintf("You already have %d cash-on-delivery %s on the way. "+
		"Please wait for one to be delivered before placing another.", open, orders))
}

// SizeOnOrder is one size of an order being placed: what it is, how many
// units of it the customer already has in open orders and how many more
// they ask for.
type SizeOnOrder struct {
	Name, Colour, Size string
	Held, Asked        int
}

// CheckUnits refuses an order that would bring a customer's units of one
// size in open orders past the limit.
func (l OrderLimits) CheckUnits(s SizeOnOrder) error {
	if l.MaxUnitsPerSize <= 0 || s.Held+s.Asked <= l.MaxUnitsPerSize {
		return nil
	}
	return limitError(fmt.Sprintf("You can have at most %d of %s (%s), size %s, across your open orders. You already have %d.",
		l.MaxUnitsPerSize, s.Name, s.Colour, s.Size, s.Held))
}

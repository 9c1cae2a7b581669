package shop

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// HistoryEntry is one change of an order's status: to what, when, by whom
// and why.
type HistoryEntry struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	Note   string    `json:"note"`
}

// Shipment is the parcel on its way: the courier and where to follow it.
type Shipment struct {
	Courier        string     `json:"courier"`
	TrackingNumber string     `json:"trackingNumber"`
	TrackingURL    string     `json:"trackingUrl"`
	ShippedAt      *time.Time `json:"shippedAt"`
}

// Longest courier name, tracking number and tracking link.
const (
	MaxCourierLength     = 60
	MaxTrackingLength    = 60
	MaxTrackingURLLength = 300
)

// Normalize trims every field.
func (s *Shipment) Normalize() {
	s.Courier, s.TrackingNumber, s.TrackingURL = strings.TrimSpace(s.Courier), strings.TrimSpace(s.TrackingNumber),
		strings.TrimSpace(s.TrackingURL)
}

// Validate refuses a shipment the customer could not follow.
func (s Shipment) Validate() error {
	n := utf8.RuneCountInString
	switch {
	case s.Courier == "":
		return invalid("Please enter the courier")
	case n(s.Courier) > MaxCourierLength:
		return invalid("The courier must be at most %d characters", MaxCourierLength)
	case s.TrackingNumber == "":
		return invalid("Please enter the tracking number")
	case n(s.TrackingNumber) > MaxTrackingLength:
		return invalid("The tracking number must be at most %d characters", MaxTrackingLength)
	case n(s.TrackingURL) > MaxTrackingURLLength:
		return invalid("The tracking link must be at most %d characters", MaxTrackingURLLength)
	}
	if s.TrackingURL != "" {
		// The link is shown to the customer: only the web, never javascript:.
		u, err := url.Parse(s.TrackingURL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return invalid("The tracking link must start with https://")
		}
	}
	return nil
}

// Equal tells whether s and t are the same shipment.
func (s Shipment) Equal(t Shipment) bool {
	return s.Courier == t.Courier && s.TrackingNumber == t.TrackingNumber && s.TrackingURL == t.TrackingURL &&
		sameTime(s.ShippedAt, t.ShippedAt)
}

// ReturnItem is some units of one line of an order sent back.
type ReturnItem struct {
	ProductID string `json:"product"`
	Size      string `json:"size"`
	Qty       int    `json:"qty"`
	// SizeID, Price and PreOrder are the line's, filled in by the shop.
	SizeID   string `json:"sizeId"`
	Price    Paise  `json:"price"`
	PreOrder bool   `json:"preOrder"`
}

// Return is an order's return request and where it stands.
type Return struct {
	Items       []ReturnItem `json:"items"`
	Reason      string       `json:"reason"`
	Status      string       `json:"status"`
	Note        string       `json:"note"`
	RequestedAt time.Time    `json:"requestedAt"`
}

// The reasons a customer may give for a return.
var ReturnReasons = []string{"size", "quality", "notAsPictured", "other"}

// CheckReturnReason refuses a reason that is not one of ReturnReasons.
func CheckReturnReason(reason string) error {
	for _, r := range ReturnReasons {
		if r == reason {
			return nil
		}
	}
	return invalid("Please choose why you are returning the order")
}

// The ways and states of a refund.
const (
	RefundGateway    = "gateway"
	RefundManual     = "manual"
	RefundPending    = "pending"
	RefundProcessing = "processing"
	RefundProcessed  = "processed"
	RefundFailed     = "failed"
)

// Refund is money going back to the customer: through the payment gateway
// for an online payment, by hand (UPI, bank transfer) for cash on delivery.
type Refund struct {
	ID        string
	Method    string
	Amount    Paise
	Status    string
	Reference string
	PaymentID string
	CreatedAt time.Time
	// Attempts counts the times it was sent to the gateway: past the first,
	// an earlier one may have reached it.
	Attempts int
	// ReplacedBy is the refund that tries again for this failed one.
	ReplacedBy string
}

// ErrRefundNotRetryable refuses to try again a refund that did not fail at
// the gateway, or that was tried again already.
var ErrRefundNotRetryable = &Error{Code: Conflict, Message: "Only a failed refund through the payment gateway can be tried again, once"}

// Retry is the refund that tries again for f, failed at the gateway, with
// id: the same amount of the same payment, pending.
func (f Refund) Retry(id string, at time.Time) (Refund, error) {
	if f.Method != RefundGateway || f.Status != RefundFailed || f.ReplacedBy != "" {
		return Refund{}, ErrRefundNotRetryable
	}
	return Refund{ID: id, Method: RefundGateway, Amount: f.Amount, Status: RefundPending, PaymentID: f.PaymentID, CreatedAt: at}, nil
}

// Failed tells whether f failed and waits for an admin to try it again.
func (f Refund) Failed() bool { return f.Status == RefundFailed && f.ReplacedBy == "" }

// stockItems are the order's lines that took stock when it was placed.
func (o Order) stockItems() []ReturnItem {
	var out []ReturnItem
	for _, it := range o.Items {
		if !it.PreOrder {
			out = append(out, ReturnItem{ProductID: it.ProductID, Size: it.Size, Qty: it.Qty, SizeID: it.SizeID, Price: it.Price})
		}
	}
	return out
}

// stockOnly leaves out pre-order units: they were made to order and never
// came out of stock.
func stockOnly(items []ReturnItem) []ReturnItem {
	var out []ReturnItem
	for _, it := range items {
		if !it.PreOrder {
			out = append(out, it)
		}
	}
	return out
}

// returnable checks what a customer asks to send back against what they
// bought, and fills in each line's size id and price.
func (o Order) returnable(asked []ReturnItem) ([]ReturnItem, error) {
	if len(asked) == 0 {
		return nil, invalid("Please choose what you are returning")
	}
	left := map[int]int{}
	var out []ReturnItem
	for _, a := range asked {
		i := o.lineOf(a.ProductID, a.Size)
		if i < 0 {
			return nil, invalid("That item is not in this order")
		}
		if a.Qty < 1 || left[i]+a.Qty > o.Items[i].Qty {
			return nil, invalid("You can return at most %d of %s, size %s", o.Items[i].Qty, o.Items[i].Name, o.Items[i].Size)
		}
		left[i] += a.Qty
		it := o.Items[i]
		out = append(out, ReturnItem{ProductID: it.ProductID, Size: it.Size, Qty: a.Qty, SizeID: it.SizeID, Price: it.Price,
			PreOrder: it.PreOrder})
	}
	return out, nil
}

func (o Order) lineOf(productID, size string) int {
	for i, it := range o.Items {
		if it.ProductID == productID && it.Size == size {
			return i
		}
	}
	return -1
}

// RefundFor is what the customer gets back for returning items: everything
// they paid when every unit comes back; otherwise the items' share of what
// they paid for items (fees and discount spread by price), shipping kept.
func (o Order) RefundFor(items []ReturnItem) Paise {
	units, returned := 0, 0
	var worth Paise
	for _, it := range o.Items {
		units += it.Qty
	}
	for _, it := range items {
		returned += it.Qty
		worth += it.Price * Paise(it.Qty)
	}
	if returned >= units || o.Prices.Items == 0 {
		return o.Prices.Total
	}
	paidForItems := int64(o.Prices.Total - o.Prices.Shipping)
	return Paise((int64(worth)*paidForItems + int64(o.Prices.Items)/2) / int64(o.Prices.Items))
}

// CODConfirmation is when a cash-on-delivery order must be confirmed by
// its customer before it ships. The zero value asks for none.
type CODConfirmation struct {
	// Above is the total past which every COD order is confirmed.
	Above Paise
	// Within is how long the customer has to confirm; 0 turns
	// confirmation off.
	Within time.Duration
}

// DefaultCODConfirmation asks above ₹2,000 and gives a day.
func DefaultCODConfirmation() CODConfirmation {
	return CODConfirmation{Above: 2000 * 100, Within: 24 * time.Hour}
}

// Needed tells whether a COD order of total, from a customer who has had
// delivered orders before or not, waits for its confirmation.
func (c CODConfirmation) Needed(method PaymentMethod, total Paise, deliveredBefore bool) bool {
	return method == COD && c.Within > 0 && (!deliveredBefore || total > c.Above)
}

// FirstStatus is the status an order starts in.
func (c CODConfirmation) FirstStatus(method PaymentMethod, total Paise, deliveredBefore bool) string {
	switch {
	case method == Razorpay:
		return StatusAwaitingPayment
	case c.Needed(method, total, deliveredBefore):
		return StatusAwaitingConfirmation
	}
	return StatusPlaced
}

// Who acts when nobody does: the shop's own jobs, and the payment gateway.
const (
	BySystem  = "Haat (automatic)"
	ByGateway = "Payment gateway"
)

// HistoryNote is what the order's history says of a: the note given with
// it, or what it did.
func (a Act) HistoryNote() string {
	switch a.Transition {
	case Ship:
		return "Courier " + a.Shipment.Courier + ", tracking number " + a.Shipment.TrackingNumber
	case RequestReturn:
		return "Reason: " + a.ReturnReason
	case PayByAdmin:
		return "Payment received"
	case PayOnline:
		return "Paid online"
	case Manufacture:
		return "Production complete"
	case Expire:
		return "Not paid or confirmed in time"
	case ApproveReturn:
		return strings.TrimSpace("Return approved. " + a.Note)
	case ReceiveReturn:
		return "Returned parcel received"
	}
	return a.Note
}

// DefaultReturnWindow is how long after delivery a return may be asked for
// when the owner sets nothing.
const DefaultReturnWindow = 7 * 24 * time.Hour

// ReturnsEverything tells whether the order's return takes back every unit
// it sold.
func (o Order) ReturnsEverything() bool {
	if o.Return == nil {
		return false
	}
	sold, back := 0, 0
	for _, it := range o.Items {
		sold += it.Qty
	}
	for _, it := range o.Return.Items {
		back += it.Qty
	}
	return back == sold
}

// UnitsBack is how many units of each of the order's lines, in their
// order, its return takes back.
func (o Order) UnitsBack() []int {
	back := make([]int, len(o.Items))
	if o.Return == nil {
		return back
	}
	for _, it := range o.Return.Items {
		if i := o.lineOf(it.ProductID, it.Size); i >= 0 {
			back[i] += it.Qty
		}
	}
	return back
}

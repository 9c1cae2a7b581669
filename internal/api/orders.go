package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// amount reads money the way the cart keeps it: a number of rupees or a
// two-decimal string such as "1299.00".
type amount shop.Paise

func (a *amount) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*a = 0
		return nil
	}
	var p shop.Paise
	if err := p.UnmarshalJSON([]byte(strings.Trim(string(b), `"`))); err != nil {
		return err
	}
	*a = amount(p)
	return nil
}

// cartLine is a cart line as the browser sends it (SPEC.md §3): the
// product's fields with its variant reduced to the chosen size.
type cartLine struct {
	ID         string `json:"_id"`
	Product    string `json:"product"`
	KeyID      string `json:"keyId"`
	Qty        int    `json:"qty"`
	ActionItem string `json:"actionItem"`
	Variant    struct {
		Size struct {
			ID string `json:"_id"`
		} `json:"size"`
	} `json:"variant"`
}

// line finds the product and size a cart line is for: from its fields, or
// else from its keyId (product id joined with size id).
func (c cartLine) line() (shop.OrderLine, bool) {
	productID, sizeID := c.Product, c.Variant.Size.ID
	if productID == "" {
		productID = c.ID
	}
	if productID == "" || sizeID == "" {
		var ok bool
		if productID, sizeID, ok = splitKeyID(c.KeyID); !ok {
			return shop.OrderLine{}, false
		}
	}
	if !store.ValidID(productID) || !store.ValidID(sizeID) {
		return shop.OrderLine{}, false
	}
	return shop.OrderLine{ProductID: productID, SizeID: sizeID, Qty: c.Qty, PreOrder: c.ActionItem == shop.ActionPreOrder}, true
}

// splitKeyID splits a keyId into its product and size ids, with or without
// a separator between them.
func splitKeyID(key string) (productID, sizeID string, ok bool) {
	hexOnly := strings.Map(func(r rune) rune {
		if (r >= '0' && r <= '9') || (r >= 'a' && r <= 'f') {
			return r
		}
		return -1
	}, key)
	if len(hexOnly) != 48 {
		return "", "", false
	}
	return hexOnly[:24], hexOnly[24:], true
}

func (s *Server) verifyCart(w http.ResponseWriter, r *http.Request) {
	var in struct {
		CartItems []cartLine `json:"cartItems"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	type issue struct {
		KeyID   string `json:"keyId"`
		Reason  string `json:"reason"`
		SoldOut bool   `json:"soldOut"`
	}
	issues := []issue{}
	var lines []shop.OrderLine
	for _, c := range in.CartItems {
		if l, ok := c.line(); ok {
			lines = append(lines, l)
		}
	}
	offers, err := s.db.Offers(r.Context(), lines)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, c := range in.CartItems {
		reason := shop.LineUnavailable
		if l, ok := c.line(); ok {
			reason = shop.CartLineIssue(l, offers)
		}
		if reason != "" {
			issues = append(issues, issue{c.KeyID, reason, shop.LineSoldOut(reason)})
		}
	}
	out := map[string]any{"success": len(issues) == 0, "issues": issues}
	if len(issues) > 0 {
		out["message"] = shop.CartIssuesMessage
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// errIdempotencyKey refuses an Idempotency-Key that cannot be stored.
var errIdempotencyKey = &shop.Error{Code: shop.Invalid,
	Message: "Idempotency-Key must be at most 100 letters, digits and punctuation (ASCII)"}

func (s *Server) createOrder(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		OrderItems           []cartLine           `json:"orderItems"`
		ShippingAddress      shop.ShippingAddress `json:"shippingAddress"`
		PaymentMethod        string               `json:"paymentMethod"`
		ItemsPrice           amount               `json:"itemsPrice"`
		ShippingPrice        amount               `json:"shippingPrice"`
		SecureTransactionFee amount               `json:"secureTransactionFee"`
		Discount             amount               `json:"discount"`
		PreOrderFee          amount               `json:"preOrderFee"`
		TotalPrice           amount               `json:"totalPrice"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	order := store.NewOrder{User: sess.user, Shipping: in.ShippingAddress, IdempotencyKey: r.Header.Get("Idempotency-Key"),
		Now: s.now(), PaymentHold: s.paymentHold, Limits: s.orderLimits, CODConfirmation: s.codConfirmation,
		Prices: shop.Prices{Items: shop.Paise(in.ItemsPrice), Shipping: shop.Paise(in.ShippingPrice),
			SecureFee: shop.Paise(in.SecureTransactionFee), Discount: shop.Paise(in.Discount),
			PreOrderFee: shop.Paise(in.PreOrderFee), Total: shop.Paise(in.TotalPrice)}}
	err := s.readOrderRequest(&order, in.PaymentMethod, in.OrderItems)
	if err == nil {
		err = s.checkDelivery(r.Context(), order.Shipping.PinCode, order.Method)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	placed, created, err := s.db.PlaceOrder(r.Context(), order)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := http.StatusOK // a repeat of an order already placed
	if created {
		status = http.StatusCreated
		s.metrics.OrderPlaced(placed.PaymentMethod)
	}
	out := map[string]any{"data": map[string]any{
		"_id": placed.ID, "orderId": orderNumber(placed), "totalPrice": placed.Prices.Total,
	}}
	if placed.PaymentMethod == shop.Razorpay && !placed.IsPaid {
		widget, err := s.openPayment(r, placed)
		if err != nil {
			// Without a gateway order nobody can pay: let the stock go now.
			s.log.ErrorContext(r.Context(), "open payment", "order", placed.ID, "err", err)
			if _, err := s.db.ExpireOrder(r.Context(), placed.ID, *placed.PaymentDueAt); err != nil {
				s.log.ErrorContext(r.Context(), "cancel unpayable order", "order", placed.ID, "err", err)
			}
			s.fail(w, r, errGatewayDown)
			return
		}
		out["key"], out["razorpayOrderId"] = widget["key"], widget["razorpayOrderId"]
	}
	s.writeJSON(w, r, status, out)
}

// readOrderRequest fills in o the payment method and lines an order asks
// for, refusing what cannot be placed at all, in the order a customer would
// fix it: the method, the address, the lines, the key. Whether the shop can
// place it is the store's and the shop's to say.
func (s *Server) readOrderRequest(o *store.NewOrder, method string, items []cartLine) error {
	var err error
	if o.Method, err = shop.ParsePaymentMethod(method); err != nil {
		return err
	}
	if err := s.online(o.Method); err != nil {
		return err
	}
	o.Shipping.Normalize()
	if err := s.checkAddress(o.Shipping); err != nil {
		return err
	}
	for _, c := range items {
		l, ok := c.line()
		if !ok {
			return shop.ErrStock
		}
		o.Lines = append(o.Lines, l)
	}
	if !validIdempotencyKey(o.IdempotencyKey) {
		return errIdempotencyKey
	}
	return nil
}

func orderNumber(o shop.Order) string { return strconv.FormatInt(o.OrderNo, 10) }

// orderItemJSON and orderJSON are an order in the shape of SPEC.md §3.
type orderItemJSON struct {
	Product      string     `json:"product"`
	Name         string     `json:"name"`
	VariantColor string     `json:"variantColor"`
	Size         string     `json:"size"`
	Images       []string   `json:"images"`
	Qty          int        `json:"qty"`
	Price        shop.Paise `json:"price"`
	PreOrder     bool       `json:"preOrder"`
	MfgDate      *time.Time `json:"mfgDate"`
}

type orderJSON struct {
	ID                   string                `json:"_id"`
	OrderID              string                `json:"orderId"`
	User                 orderUser             `json:"user"`
	OrderItems           []orderItemJSON       `json:"orderItems"`
	ShippingAddress      shop.ShippingAddress  `json:"shippingAddress"`
	PaymentMethod        shop.PaymentMethod    `json:"paymentMethod"`
	ItemsPrice           shop.Paise            `json:"itemsPrice"`
	ShippingPrice        shop.Paise            `json:"shippingPrice"`
	SecureTransactionFee shop.Paise            `json:"secureTransactionFee"`
	Discount             shop.Paise            `json:"discount"`
	PreOrderFee          shop.Paise            `json:"preOrderFee"`
	TotalPrice           shop.Paise            `json:"totalPrice"`
	Status               string                `json:"status"`
	IsPaid               bool                  `json:"isPaid"`
	PaidAt               *time.Time            `json:"paidAt"`
	IsDelivered          bool                  `json:"isDelivered"`
	DeliveredDate        *time.Time            `json:"deliveredDate"`
	IsPreOrder           bool                  `json:"isPreOrder"`
	MfgDate              *time.Time            `json:"mfgDate"`
	PaymentDueAt         *time.Time            `json:"paymentDueAt"`
	RazorpayOrderID      string                `json:"razorpayOrderId,omitempty"`
	PaymentFlagged       bool                  `json:"paymentFlagged"`
	PaymentFlagReason    string                `json:"paymentFlagReason,omitempty"`
	CreatedAt            time.Time             `json:"createdAt"`
	Invoice              *shop.TaxDocumentRef  `json:"invoice,omitempty"`
	CreditNotes          []shop.TaxDocumentRef `json:"creditNotes"`
	History              []shop.HistoryEntry   `json:"history"`
	Shipment             *shop.Shipment        `json:"shipment"`
	Refunds              []refundJSON          `json:"refunds"`
	Returns              []*shop.Return        `json:"returns"`
	// ConfirmDueAt is when an unconfirmed COD order is cancelled.
	ConfirmDueAt *time.Time `json:"confirmDueAt,omitempty"`
}

type refundJSON struct {
	ID        string     `json:"id"`
	Amount    shop.Paise `json:"amount"`
	Status    string     `json:"status"`
	Reference string     `json:"reference"`
	Method    string     `json:"method"`
	CreatedAt time.Time  `json:"createdAt"`
	// Retried tells that a failed refund was tried again, as a new one.
	Retried bool `json:"retried"`
}

type orderUser struct {
	ID    string `json:"_id,omitempty"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

func newOrderJSON(o shop.Order) orderJSON {
	items := make([]orderItemJSON, len(o.Items))
	for i, it := range o.Items {
		items[i] = orderItemJSON{Product: it.ProductID, Name: it.Name, VariantColor: it.VariantColor, Size: it.Size,
			Images: []string{it.Image}, Qty: it.Qty, Price: it.Price, PreOrder: it.PreOrder, MfgDate: it.MfgDate}
	}
	p := o.Prices
	out := orderJSON{ID: o.ID, OrderID: orderNumber(o), User: orderUser{ID: o.UserID, Name: o.UserName, Email: o.UserEmail},
		OrderItems: items, ShippingAddress: o.Shipping, PaymentMethod: o.PaymentMethod, ItemsPrice: p.Items,
		ShippingPrice: p.Shipping, SecureTransactionFee: p.SecureFee, Discount: p.Discount, PreOrderFee: p.PreOrderFee,
		TotalPrice: p.Total, Status: o.Status, IsPaid: o.IsPaid, PaidAt: o.PaidAt, IsDelivered: o.IsDelivered,
		DeliveredDate: o.DeliveredAt, IsPreOrder: o.HasPreOrder(), MfgDate: o.MfgDate, PaymentDueAt: o.PaymentDueAt,
		RazorpayOrderID: o.RazorpayOrderID, PaymentFlagged: o.PaymentFlagged, PaymentFlagReason: o.PaymentFlagReason, CreatedAt: o.CreatedAt,
		Invoice: o.Invoice, CreditNotes: append([]shop.TaxDocumentRef{}, o.CreditNotes...),
		History: o.History, Refunds: make([]refundJSON, len(o.Refunds)), Returns: []*shop.Return{}}
	if out.History == nil {
		out.History = []shop.HistoryEntry{}
	}
	for i, f := range o.Refunds {
		out.Refunds[i] = refundJSON{ID: f.ID, Amount: f.Amount, Status: f.Status, Reference: f.Reference, Method: f.Method,
			CreatedAt: f.CreatedAt, Retried: f.ReplacedBy != ""}
	}
	if o.Shipment.ShippedAt != nil {
		out.Shipment = &o.Shipment
	}
	if o.Return != nil {
		out.Returns = append(out.Returns, o.Return)
	}
	if o.Status == shop.StatusAwaitingConfirmation {
		// The hold of a COD order is its confirmation's, not a payment's.
		out.ConfirmDueAt, out.PaymentDueAt = o.PaymentDueAt, nil
	}
	return out
}

func ordersJSON(orders []shop.Order) []orderJSON {
	out := make([]orderJSON, len(orders))
	for i, o := range orders {
		out[i] = newOrderJSON(o)
	}
	return out
}

// getOrder shows an order to its owner or an admin; to anyone else it does
// not exist.
func (s *Server) getOrder(w http.ResponseWriter, r *http.Request, sess *session) {
	o, err := s.db.OrderAt(r.Context(), r.PathValue("id"), s.now())
	if err == nil && !o.VisibleTo(sess.user) {
		err = shop.ErrOrderNotFound
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
}

// orderListJSON is a page of an order list; the admin's counts what needs
// action besides.
type orderListJSON struct {
	Orders      []orderJSON       `json:"orders"`
	Page        int               `json:"page"`
	Pages       int               `json:"pages"`
	Total       int               `json:"total"`
	NeedsAction *shop.OrdersToAct `json:"needsAction,omitempty"`
}

func newOrderListJSON(page store.OrderPage) orderListJSON {
	return orderListJSON{Orders: ordersJSON(page.Orders), Page: page.Page, Pages: page.Pages, Total: page.Total}
}

// myOrders is a page of the customer's own orders, newest first.
func (s *Server) myOrders(w http.ResponseWriter, r *http.Request, sess *session) {
	s.listOrders(w, r, sess.user.ID, false)
}

// allOrders is a page of every order, filtered as the admin asks, with the
// counts of orders needing action.
func (s *Server) allOrders(w http.ResponseWriter, r *http.Request, _ *session) {
	s.listOrders(w, r, "", true)
}

// listOrders answers a page of orders filtered by the query (pageNumber,
// status, from, to, q), of one customer's or, with userID "", everyone's.
func (s *Server) listOrders(w http.ResponseWriter, r *http.Request, userID string, counts bool) {
	q := r.URL.Query()
	f, err := shop.ParseOrderFilter(q.Get("pageNumber"), q.Get("status"), q.Get("from"), q.Get("to"), q.Get("q"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f.UserID = userID
	page, err := s.db.ListOrders(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := newOrderListJSON(page)
	if counts {
		n, err := s.db.OrdersNeedingAction(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out.NeedsAction = &n
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

func (s *Server) markPaid(w http.ResponseWriter, r *http.Request, sess *session) {
	// The body carries the admin's payment details; the server records the
	// time itself.
	_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody)).Decode(&struct{}{})
	o, err := s.db.MarkPaid(r.Context(), r.PathValue("id"), sess.actor(), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
}

func (s *Server) markDelivered(w http.ResponseWriter, r *http.Request, sess *session) {
	o, err := s.db.MarkDelivered(r.Context(), r.PathValue("id"), sess.actor(), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
}

// validIdempotencyKey tells whether key may be stored and looked up: empty,
// or at most 100 visible ASCII characters, as the app's random keys are. A
// byte past ASCII could be invalid UTF-8, which PostgreSQL refuses outright.
func validIdempotencyKey(key string) bool {
	if len(key) > 100 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] <= ' ' || key[i] > '~' {
			return false
		}
	}
	return true
}

// preOrders is a page (pageNumber) of the manufacturer's pre-order list, in
// the admin order list's shape.
func (s *Server) preOrders(w http.ResponseWriter, r *http.Request, _ *session) {
	n, err := shop.ParsePage(r.URL.Query().Get("pageNumber"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.db.PreOrders(r.Context(), n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderListJSON(page))
}

func (s *Server) markManufactured(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		OrderID string `json:"orderId"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	o, err := s.db.MarkManufactured(r.Context(), in.OrderID, sess.actor(), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"data": map[string]any{"mfgDate": o.MfgDate, "orderId": o.ID}})
}

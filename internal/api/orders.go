package api

import (
	"encoding/json"
	"errors"
	"fmt"
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
		KeyID  string `json:"keyId"`
		Reason string `json:"reason"`
	}
	issues := []issue{}
	var lines []shop.OrderLine
	for _, c := range in.CartItems {
		if l, ok := c.line(); ok {
			lines = append(lines, l)
		}
	}
	stock, productOf, err := s.db.StockOf(r.Context(), lines)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, c := range in.CartItems {
		l, ok := c.line()
		left, known := stock[l.SizeID]
		switch {
		case !ok || !known || productOf[l.SizeID] != l.ProductID:
			issues = append(issues, issue{c.KeyID, "This product or size is no longer available."})
		case c.Qty < 1 || c.Qty > shop.MaxLineQty:
			issues = append(issues, issue{c.KeyID, fmt.Sprintf("Quantity must be from 1 to %d.", shop.MaxLineQty)})
		case l.PreOrder:
		case left == 0:
			issues = append(issues, issue{c.KeyID, "This size is out of stock."})
		case c.Qty > left:
			issues = append(issues, issue{c.KeyID, fmt.Sprintf("Only %d left in stock.", left)})
		}
	}
	out := map[string]any{"success": len(issues) == 0, "issues": issues}
	if len(issues) > 0 {
		out["message"] = "There's some issue with the stock status with the items in your cart."
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// priceMismatch refuses an order whose client totals differ from ours.
type priceMismatch struct{ want shop.Prices }

func (e priceMismatch) Error() string { return shop.PriceMismatchMessage }

// limitRefused refuses a payment method over its limit.
type limitRefused struct{ error }

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
	method, err := shop.ParsePaymentMethod(in.PaymentMethod)
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if s.refuseOffline(w, r, method) {
		return
	}
	in.ShippingAddress.Normalize()
	if err := shop.CheckAddress(in.ShippingAddress, s.districts); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	var lines []shop.OrderLine
	for _, c := range in.OrderItems {
		l, ok := c.line()
		if !ok {
			s.writeError(w, r, http.StatusConflict, shop.StockIssueMessage)
			return
		}
		lines = append(lines, l)
	}
	lines = shop.MergeLines(lines)
	if err := shop.ValidateLines(lines); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if !validIdempotencyKey(key) {
		s.writeError(w, r, http.StatusBadRequest, "Idempotency-Key must be at most 100 letters, digits and punctuation (ASCII)")
		return
	}
	client := shop.Prices{Items: shop.Paise(in.ItemsPrice), Shipping: shop.Paise(in.ShippingPrice),
		SecureFee: shop.Paise(in.SecureTransactionFee), Discount: shop.Paise(in.Discount),
		PreOrderFee: shop.Paise(in.PreOrderFee), Total: shop.Paise(in.TotalPrice)}
	now := s.now()
	var due *time.Time
	if method == shop.Razorpay {
		until := now.Add(s.paymentHold)
		due = &until
	}
	order, created, err := s.db.PlaceOrder(r.Context(), store.NewOrder{
		User: sess.user, Lines: lines, Shipping: in.ShippingAddress, Method: method, IdempotencyKey: key, Now: now,
		PaymentDue: due, Limits: s.orderLimits,
		Check: func(p shop.Prices) error {
			if p != client {
				return priceMismatch{want: p}
			}
			if err := p.MethodAllowed(method); err != nil {
				return limitRefused{err}
			}
			return nil
		},
	})
	var mismatch priceMismatch
	var refused limitRefused
	switch {
	case errors.As(err, &mismatch):
		s.writeJSON(w, r, http.StatusConflict, map[string]any{"message": mismatch.Error(), "expected": mismatch.want})
		return
	case errors.As(err, &refused):
		s.writeError(w, r, http.StatusBadRequest, refused.Error())
		return
	case errors.Is(err, shop.ErrStock):
		s.writeError(w, r, http.StatusConflict, shop.StockIssueMessage)
		return
	case errors.Is(err, shop.ErrOrderLimit):
		s.writeError(w, r, http.StatusConflict, err.Error())
		return
	case store.IsBadOrder(err):
		s.writeError(w, r, http.StatusBadRequest, store.BadOrderMessage(err))
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	status := http.StatusOK // a repeat of an order already placed
	if created {
		status = http.StatusCreated
	}
	out := map[string]any{"data": map[string]any{
		"_id": order.ID, "orderId": orderNumber(order), "totalPrice": order.Prices.Total,
	}}
	if method == shop.Razorpay && !order.IsPaid {
		widget, err := s.openPayment(r, order)
		if err != nil {
			// Without a gateway order nobody can pay: let the stock go now.
			s.log.Error("open payment", "order", order.ID, "err", err)
			if _, err := s.db.ExpireOrder(r.Context(), order.ID, *order.PaymentDueAt); err != nil {
				s.log.Error("cancel unpayable order", "order", order.ID, "err", err)
			}
			s.writeError(w, r, http.StatusBadGateway, gatewayDown)
			return
		}
		out["key"], out["razorpayOrderId"] = widget["key"], widget["razorpayOrderId"]
	}
	s.writeJSON(w, r, status, out)
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
	ID                   string               `json:"_id"`
	OrderID              string               `json:"orderId"`
	User                 orderUser            `json:"user"`
	OrderItems           []orderItemJSON      `json:"orderItems"`
	ShippingAddress      shop.ShippingAddress `json:"shippingAddress"`
	PaymentMethod        shop.PaymentMethod   `json:"paymentMethod"`
	ItemsPrice           shop.Paise           `json:"itemsPrice"`
	ShippingPrice        shop.Paise           `json:"shippingPrice"`
	SecureTransactionFee shop.Paise           `json:"secureTransactionFee"`
	Discount             shop.Paise           `json:"discount"`
	PreOrderFee          shop.Paise           `json:"preOrderFee"`
	TotalPrice           shop.Paise           `json:"totalPrice"`
	Status               string               `json:"status"`
	IsPaid               bool                 `json:"isPaid"`
	PaidAt               *time.Time           `json:"paidAt"`
	IsDelivered          bool                 `json:"isDelivered"`
	DeliveredDate        *time.Time           `json:"deliveredDate"`
	IsPreOrder           bool                 `json:"isPreOrder"`
	MfgDate              *time.Time           `json:"mfgDate"`
	PaymentDueAt         *time.Time           `json:"paymentDueAt"`
	RazorpayOrderID      string               `json:"razorpayOrderId,omitempty"`
	PaymentFlagged       bool                 `json:"paymentFlagged"`
	PaymentFlagReason    string               `json:"paymentFlagReason,omitempty"`
	CreatedAt            time.Time            `json:"createdAt"`
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
	return orderJSON{ID: o.ID, OrderID: orderNumber(o), User: orderUser{ID: o.UserID, Name: o.UserName, Email: o.UserEmail},
		OrderItems: items, ShippingAddress: o.Shipping, PaymentMethod: o.PaymentMethod, ItemsPrice: p.Items,
		ShippingPrice: p.Shipping, SecureTransactionFee: p.SecureFee, Discount: p.Discount, PreOrderFee: p.PreOrderFee,
		TotalPrice: p.Total, Status: o.Status, IsPaid: o.IsPaid, PaidAt: o.PaidAt, IsDelivered: o.IsDelivered,
		DeliveredDate: o.DeliveredAt, IsPreOrder: o.HasPreOrder(), MfgDate: o.MfgDate, PaymentDueAt: o.PaymentDueAt,
		RazorpayOrderID: o.RazorpayOrderID, PaymentFlagged: o.PaymentFlagged, PaymentFlagReason: o.PaymentFlagReason, CreatedAt: o.CreatedAt}
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
	o, err := s.loadOrder(r, r.PathValue("id"))
	if err == nil && o.UserID != sess.user.ID && sess.user.Role != shop.RoleAdmin {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "Order not found")
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
}

func (s *Server) myOrders(w http.ResponseWriter, r *http.Request, sess *session) {
	orders, err := s.db.OrdersOf(r.Context(), sess.user.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, ordersJSON(orders))
}

func (s *Server) allOrders(w http.ResponseWriter, r *http.Request, _ *session) {
	orders, err := s.db.AllOrders(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, ordersJSON(orders))
}

func (s *Server) markPaid(w http.ResponseWriter, r *http.Request, _ *session) {
	// The body carries the admin's payment details; the server records the
	// time itself.
	_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody)).Decode(&struct{}{})
	o, err := s.db.MarkPaid(r.Context(), r.PathValue("id"), s.now())
	s.answerOrderChange(w, r, o, err)
}

func (s *Server) markDelivered(w http.ResponseWriter, r *http.Request, _ *session) {
	o, err := s.db.MarkDelivered(r.Context(), r.PathValue("id"), s.now())
	s.answerOrderChange(w, r, o, err)
}

func (s *Server) answerOrderChange(w http.ResponseWriter, r *http.Request, o shop.Order, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.writeError(w, r, http.StatusNotFound, "Order not found")
	case errors.Is(err, shop.ErrAlreadyPaid), errors.Is(err, shop.ErrAlreadyDelivered), errors.Is(err, shop.ErrNotPaid),
		errors.Is(err, shop.ErrCancelled):
		s.writeError(w, r, http.StatusConflict, err.Error())
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusOK, newOrderJSON(o))
	}
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

func (s *Server) preOrders(w http.ResponseWriter, r *http.Request, _ *session) {
	orders, err := s.db.PreOrders(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, ordersJSON(orders))
}

func (s *Server) markManufactured(w http.ResponseWriter, r *http.Request, _ *session) {
	var in struct {
		OrderID string `json:"orderId"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	o, err := s.db.MarkManufactured(r.Context(), in.OrderID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "No pre-order with that id")
		return
	}
	if errors.Is(err, shop.ErrNothingToMake) || errors.Is(err, shop.ErrAwaitingPayment) {
		s.writeError(w, r, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"data": map[string]any{"mfgDate": o.MfgDate, "orderId": o.ID}})
}

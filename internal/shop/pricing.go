package shop

// PaymentMethod is how a customer pays: online through Razorpay, or cash on
// delivery.
type PaymentMethod string

// The payment methods of SPEC.md §9.
const (
	Razorpay PaymentMethod = "Razorpay"
	COD      PaymentMethod = "COD"
)

// Pricing constants of SPEC.md §9, in paise and percent.
const (
	FreeShippingFrom   Paise = 40000   // items total from which shipping is free
	ShippingCharge     Paise = 5000    // shipping below that, for cash on delivery
	SecureFeePercent         = 3       // online payments
	DiscountPercent          = 10      // online payments
	PreOrderFeePercent       = 5       // cash-on-delivery pre-orders
	MaxCODTotal        Paise = 1000000 // ₹10,000
	MaxOnlineTotal     Paise = 5000000 // ₹50,000, counted without the secure fee
)

// ParsePaymentMethod checks that s names a payment method.
func ParsePaymentMethod(s string) (PaymentMethod, error) {
	switch m := PaymentMethod(s); m {
	case Razorpay, COD:
		return m, nil
	}
	return "", invalid("payment method must be Razorpay or COD")
}

// Prices is the price breakup of a cart or a single bought item.
type Prices struct {
	Items       Paise `json:"itemsPrice"`
	Shipping    Paise `json:"shippingPrice"`
	SecureFee   Paise `json:"secureTransactionFee"`
	Discount    Paise `json:"discount"`
	PreOrderFee Paise `json:"preOrderFee"`
	Total       Paise `json:"totalPrice"`
}

// percent is pct% of p rounded half up to the paisa: the one rounding rule
// of Haat, shared with web/src/lib/pricing.ts and pinned by
// testdata/pricing.json.
func percent(p Paise, pct int64) Paise {
	return Paise((int64(p)*pct + 50) / 100)
}

// PriceItems prices an items total paid by method (SPEC.md §9).
func PriceItems(items Paise, method PaymentMethod) Prices {
	p := Prices{Items: items}
	if items > 0 && items < FreeShippingFrom && method != Razorpay {
		p.Shipping = ShippingCharge
	}
	if method == Razorpay {
		p.SecureFee = percent(items, SecureFeePercent)
		p.Discount = percent(items, DiscountPercent)
	}
	p.Total = p.Items + p.Shipping + p.SecureFee - p.Discount
	return p
}

// PriceBuyingItem prices one item bought directly: the rules of a cart, plus
// the pre-order fee of 5% of the price for a pre-order paid on delivery.
func PriceBuyingItem(price Paise, method PaymentMethod, preOrder bool) Prices {
	p := PriceItems(price, method)
	if preOrder && method == COD {
		p.PreOrderFee = percent(price, PreOrderFeePercent)
		p.Total += p.PreOrderFee
	}
	return p
}

// MethodAllowed applies the limits of SPEC.md §5: online payment up to
// ₹50,000 without the secure fee, cash on delivery up to ₹10,000.
func (p Prices) MethodAllowed(method PaymentMethod) error {
	switch method {
	case Razorpay:
		if p.Total-p.SecureFee > MaxOnlineTotal {
			return invalid("Online payment is available for orders up to ₹50,000 (without the secure transaction fee).")
		}
	case COD:
		if p.Total > MaxCODTotal {
			return invalid("Cash on delivery is available for orders of less than 10,000.")
		}
	default:
		return invalid("payment method must be Razorpay or COD")
	}
	return nil
}

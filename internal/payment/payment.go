// Package payment takes online payments through Razorpay. The real gateway
// talks to Razorpay's Orders API; without keys an offline simulator stands in
// with the same ids, signatures, checkout script and webhooks, so every
// payment path runs and is tested on a machine with no network.
package payment

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/haat-shop/haat/internal/shop"
)

// Gateway creates payment orders and checks what the customer's browser and
// the provider's webhooks send back.
type Gateway interface {
	// CreateOrder opens a provider order for amount, tagged with our receipt
	// (the order number); it never creates two for one receipt.
	CreateOrder(ctx context.Context, amount shop.Paise, receipt string) (providerOrderID string, err error)
	// KeyID is the public key the checkout widget is opened with.
	KeyID() string
	// CheckoutScript is the URL of the checkout widget's script.
	CheckoutScript() string
	// PaymentSignatureValid checks razorpay_signature: HMAC-SHA256 of
	// "order_id|payment_id" with the key secret.
	PaymentSignatureValid(providerOrderID, paymentID, signature string) bool
	// WebhookSignatureValid checks X-Razorpay-Signature: HMAC-SHA256 of the
	// raw body with the webhook secret.
	WebhookSignatureValid(body []byte, signature string) bool
	// Refund refunds what req asks. It never refunds twice for one
	// receipt: after a failure that may have reached the provider, in this
	// call or (req.Tried) an earlier one, it looks the refund up first. A
	// refusal by the provider, after which no refund exists, wraps
	// ErrRefused.
	Refund(ctx context.Context, req RefundRequest) (RefundEntity, error)
}

// RefundRequest asks for amount back on payment PaymentID.
type RefundRequest struct {
	PaymentID string
	Amount    shop.Paise
	// Receipt is our refund's id. It goes as the refund's receipt, in its
	// notes (RefundNote) and as its idempotency key, so that the
	// provider's refund is found by it and made once.
	Receipt string
	// Tried says an earlier call may have reached the provider (it timed
	// out, or its process ended before the answer was recorded).
	Tried bool
}

// RefundNote is the key of the note that carries our refund's id, for
// Razorpay keeps notes in every answer and webhook, a receipt not always.
const RefundNote = "haat_refund"

// ErrRefused marks a refund the provider refused outright: none was made,
// and trying the same again would be refused again.
var ErrRefused = errors.New("refused by the payment gateway")

// RefundEntity is a Razorpay refund.
type RefundEntity struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
	Receipt   string `json:"receipt"`
	Notes     Notes  `json:"notes"`
	Status    string `json:"status"`
}

// Ours is the id of our refund that f is: its receipt, or the note that
// carries it.
func (f RefundEntity) Ours() string {
	if f.Receipt != "" {
		return f.Receipt
	}
	return f.Notes[RefundNote]
}

// Notes are Razorpay's key-value notes of an entity. Razorpay writes none
// as [], and values set on its dashboard need not be strings.
type Notes map[string]string

// UnmarshalJSON reads notes in any of the shapes Razorpay writes them.
func (n *Notes) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		*n = nil // [] or null: no notes
		return nil
	}
	*n = make(Notes, len(m))
	for k, v := range m {
		if s, ok := v.(string); ok {
			(*n)[k] = s
		} else {
			(*n)[k] = fmt.Sprint(v)
		}
	}
	return nil
}

// Sign is Razorpay's signature: hex HMAC-SHA256 of message with secret.
func Sign(secret string, message []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(message)
	return hex.EncodeToString(m.Sum(nil))
}

// PaymentMessage is what a payment signature signs.
func PaymentMessage(providerOrderID, paymentID string) []byte {
	return []byte(providerOrderID + "|" + paymentID)
}

// validSignature compares in constant time.
func validSignature(secret string, message []byte, signature string) bool {
	want := Sign(secret, message)
	return hmac.Equal([]byte(want), []byte(signature))
}

// signer holds the two secrets both gateways check with.
type signer struct {
	keySecret, webhookSecret string
}

func (s signer) PaymentSignatureValid(orderID, paymentID, signature string) bool {
	return s.keySecret != "" && validSignature(s.keySecret, PaymentMessage(orderID, paymentID), signature)
}

func (s signer) WebhookSignatureValid(body []byte, signature string) bool {
	return s.webhookSecret != "" && validSignature(s.webhookSecret, body, signature)
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewID returns an id of Razorpay's shape: a prefix such as "order" or "pay",
// an underscore and 14 letters and digits.
func NewID(prefix string) string {
	b := make([]byte, 14)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(idAlphabet))))
		b[i] = idAlphabet[n.Int64()]
	}
	return prefix + "_" + string(b)
}

// RandomSecret returns a fresh secret for a simulator with none configured.
func RandomSecret() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

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
	// Refund refunds amount of payment paymentID, tagged with our receipt
	// (the refund's id); it never refunds twice for one receipt, even
	// after a failure that may have reached the provider.
	Refund(ctx context.Context, paymentID string, amount shop.Paise, receipt string) (RefundEntity, error)
}

// RefundEntity is a Razorpay refund.
type RefundEntity struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
	Receipt   string `json:"receipt"`
	Status    string `json:"status"`
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

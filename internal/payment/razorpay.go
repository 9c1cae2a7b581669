package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// RazorpayConfig is the account the shop takes payments with.
type RazorpayConfig struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	// APIBase is Razorpay's API address; tests point it at a stand-in.
	APIBase string
	// HTTP is the client to call with; nil means one with a 10 s timeout.
	HTTP *http.Client
}

// Razorpay is the real gateway.
type Razorpay struct {
	signer
	cfg  RazorpayConfig
	http *http.Client
}

// NewRazorpay returns the gateway for cfg.
func NewRazorpay(cfg RazorpayConfig) *Razorpay {
	if cfg.APIBase == "" {
		cfg.APIBase = "https://api.razorpay.com"
	}
	client := cfg.HTTP
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Razorpay{signer: signer{keySecret: cfg.KeySecret, webhookSecret: cfg.WebhookSecret}, cfg: cfg, http: client}
}

// KeyID implements Gateway.
func (r *Razorpay) KeyID() string { return r.cfg.KeyID }

// CheckoutScript implements Gateway.
func (r *Razorpay) CheckoutScript() string { return "https://checkout.razorpay.com/v1/checkout.js" }

type razorpayOrder struct {
	ID      string `json:"id"`
	Receipt string `json:"receipt"`
	Status  string `json:"status"`
}

// errMaybeSent marks a failure after which Razorpay may have created the
// order all the same (a timeout, a 5xx): look before trying again.
var errMaybeSent = errors.New("razorpay may have received the request")

// CreateOrder implements Gateway. After a failure that may have reached
// Razorpay it first looks the receipt up, so a retry never opens a second
// order for one of ours.
func (r *Razorpay) CreateOrder(ctx context.Context, amount shop.Paise, receipt string) (string, error) {
	id, err := once(ctx, false, func() (string, error) { return r.create(ctx, amount, receipt) },
		func() (string, error) { return r.findByReceipt(ctx, receipt) })
	if err != nil {
		return "", fmt.Errorf("create razorpay order for receipt %s: %w", receipt, err)
	}
	return id, nil
}

// refundIdempotency is Razorpay's header that makes a refund request
// idempotent: the same key and body answer with the refund already made.
const refundIdempotency = "X-Refund-Idempotency"

// Refund implements Gateway through Razorpay's Refunds API. The request
// carries our refund's id as its idempotency key; and after a failure that
// may have reached Razorpay, in this call or an earlier one (req.Tried), it
// first lists the payment's refunds for ours, so a retry never refunds
// twice, even where the key is not honoured or has been forgotten.
func (r *Razorpay) Refund(ctx context.Context, req RefundRequest) (RefundEntity, error) {
	path := "/v1/payments/" + url.PathEscape(req.PaymentID)
	var made RefundEntity
	_, err := once(ctx, req.Tried, func() (string, error) {
		body, _ := json.Marshal(map[string]any{"amount": int64(req.Amount), "receipt": req.Receipt,
			"notes": map[string]string{RefundNote: req.Receipt}})
		made = RefundEntity{}
		err := r.call(ctx, http.MethodPost, path+"/refund", body, http.Header{refundIdempotency: {req.Receipt}}, &made)
		var refusal refusedError
		switch {
		case errors.As(err, &refusal) && refusal.status == http.StatusBadRequest:
			return "", fmt.Errorf("%w: %s", ErrRefused, refusal.description)
		case err != nil:
			return "", err
		case made.ID == "":
			return "", fmt.Errorf("razorpay answered without a refund id")
		}
		return made.ID, nil
	}, func() (string, error) {
		var out struct {
			Items []RefundEntity `json:"items"`
		}
		// A payment has a refund or two; 100 is the most a page holds.
		if err := r.call(ctx, http.MethodGet, path+"/refunds?count=100", nil, nil, &out); err != nil {
			return "", err
		}
		for _, f := range out.Items {
			if f.Ours() == req.Receipt {
				made = f
				return f.ID, nil
			}
		}
		return "", nil
	})
	if err != nil {
		return RefundEntity{}, fmt.Errorf("refund razorpay payment %s for receipt %s: %w", req.PaymentID, req.Receipt, err)
	}
	return made, nil
}

// once makes something at Razorpay at most once: it tries create up to
// three times. From the first failure that may have reached Razorpay on,
// or from the start when an earlier call's may have (tried), it asks find
// before each try; find returns the id of what an earlier try made, or "".
// A lookup that fails is no answer: nothing is created until one succeeds.
func once(ctx context.Context, tried bool, create, find func() (string, error)) (string, error) {
	look := tried
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(time.Duration(attempt) * 300 * time.Millisecond):
			}
		}
		if look {
			id, err := find()
			if err != nil {
				lastErr = err
				if !retryable(err) {
					break
				}
				continue
			}
			if id != "" {
				return id, nil
			}
		}
		id, err := create()
		if err == nil {
			return id, nil
		}
		lastErr = err
		look = look || errors.Is(err, errMaybeSent)
		if !retryable(err) {
			break
		}
	}
	return "", lastErr
}

// retryError is a failure worth trying again.
type retryError struct{ error }

func (e retryError) Unwrap() error { return e.error }

func retryable(err error) bool {
	var r retryError
	return errors.As(err, &r)
}

func (r *Razorpay) create(ctx context.Context, amount shop.Paise, receipt string) (string, error) {
	body, _ := json.Marshal(map[string]any{"amount": int64(amount), "currency": "INR", "receipt": receipt})
	var out razorpayOrder
	if err := r.call(ctx, http.MethodPost, "/v1/orders", body, nil, &out); err != nil {
		return "", err
	}
	if out.ID == "" {
		return "", fmt.Errorf("razorpay answered without an order id")
	}
	return out.ID, nil
}

func (r *Razorpay) findByReceipt(ctx context.Context, receipt string) (string, error) {
	var out struct {
		Items []razorpayOrder `json:"items"`
	}
	if err := r.call(ctx, http.MethodGet, "/v1/orders?receipt="+url.QueryEscape(receipt), nil, nil, &out); err != nil {
		return "", err
	}
	for _, o := range out.Items {
		if o.Receipt == receipt {
			return o.ID, nil
		}
	}
	return "", nil
}

// refusedError is Razorpay's answer to a request it refused (a 4xx other
// than 409 and 429): nothing was made.
type refusedError struct {
	status      int
	description string
}

func (e refusedError) Error() string {
	return fmt.Sprintf("razorpay refused: status %d: %s", e.status, e.description)
}

func (r *Razorpay) call(ctx context.Context, method, path string, body []byte, header http.Header, out any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.cfg.APIBase+path, rd)
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.SetBasicAuth(r.cfg.KeyID, r.cfg.KeySecret)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := r.http.Do(req)
	if err != nil {
		var opErr *net.OpError
		if errors.As(err, &opErr) && opErr.Op == "dial" {
			return retryError{err} // never reached Razorpay
		}
		return retryError{fmt.Errorf("%w: %v", errMaybeSent, err)}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode >= 500:
		return retryError{fmt.Errorf("%w: status %d", errMaybeSent, resp.StatusCode)}
	case resp.StatusCode == http.StatusTooManyRequests:
		return retryError{fmt.Errorf("razorpay rate limit: status %d", resp.StatusCode)}
	case resp.StatusCode == http.StatusConflict:
		// An idempotent request whose first is still being worked on.
		return retryError{fmt.Errorf("%w: status %d", errMaybeSent, resp.StatusCode)}
	case resp.StatusCode >= 300:
		var e struct {
			Error struct {
				Description string `json:"description"`
			} `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		return refusedError{status: resp.StatusCode, description: e.Error.Description}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("read razorpay answer: %w", err)
	}
	return nil
}

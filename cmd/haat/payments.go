package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/store"
)

// gatewayFromEnv is Razorpay when its keys are set, and otherwise the
// offline simulator, signing with HAAT_RAZORPAY_SIMULATOR_SECRET or a fresh
// random secret.
func gatewayFromEnv() (payment.Gateway, string) {
	id, secret := env("RAZORPAY_KEY_ID", ""), env("RAZORPAY_KEY_SECRET", "")
	if id != "" && secret != "" {
		return payment.NewRazorpay(payment.RazorpayConfig{KeyID: id, KeySecret: secret,
			WebhookSecret: env("RAZORPAY_WEBHOOK_SECRET", "")}), "razorpay"
	}
	simSecret := env("HAAT_RAZORPAY_SIMULATOR_SECRET", "")
	if simSecret == "" {
		simSecret = payment.RandomSecret()
	}
	return payment.NewSimulator(simSecret), "simulator"
}

// paymentHoldFromEnv reads HAAT_PAYMENT_HOLD, such as "30m".
func paymentHoldFromEnv() (time.Duration, error) {
	d, err := time.ParseDuration(env("HAAT_PAYMENT_HOLD", "30m"))
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("HAAT_PAYMENT_HOLD must be a positive duration such as 30m")
	}
	return d, nil
}

// expireOrders cancels unpaid online orders whose hold has ended, every
// interval, until ctx ends. Several instances may run it at once: each
// order is expired under its own lock.
func expireOrders(ctx context.Context, db *store.DB, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			n, err := db.ExpireDueOrders(ctx, now)
			if err != nil && ctx.Err() == nil {
				log.Error("expire unpaid orders", "err", err)
			}
			if n > 0 {
				log.Info("expired unpaid online orders", "count", n)
			}
		}
	}
}

package main

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// gatewayFromEnv is Razorpay when its keys are set. Without them it is the
// offline simulator only when asked for (demo, or HAAT_PAYMENTS=simulator),
// signing with HAAT_RAZORPAY_SIMULATOR_SECRET or a random secret (with
// Redis, one secret every instance shares, and orders kept there too); it
// is never a silent stand-in for missing keys. Otherwise it is nil: the
// shop takes no online payment.
func gatewayFromEnv(ctx context.Context, demo bool, sh shared) (payment.Gateway, string, error) {
	id, secret := env("RAZORPAY_KEY_ID", ""), env("RAZORPAY_KEY_SECRET", "")
	mode := env("HAAT_PAYMENTS", "")
	switch {
	case mode != "" && mode != "simulator":
		return nil, "", fmt.Errorf("HAAT_PAYMENTS must be empty or simulator, not %q", mode)
	case (id == "") != (secret == ""):
		return nil, "", fmt.Errorf("set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither")
	case id != "" && mode == "simulator":
		return nil, "", fmt.Errorf("HAAT_PAYMENTS=simulator takes no Razorpay keys: unset one or the other")
	case id != "":
		return payment.NewRazorpay(payment.RazorpayConfig{KeyID: id, KeySecret: secret,
			WebhookSecret: env("RAZORPAY_WEBHOOK_SECRET", "")}), "razorpay", nil
	case demo || mode == "simulator":
		simSecret := env("HAAT_RAZORPAY_SIMULATOR_SECRET", "")
		if sh.rdb == nil {
			if simSecret == "" {
				simSecret = payment.RandomSecret()
			}
			return payment.NewSimulator(simSecret), "simulator", nil
		}
		if simSecret == "" {
			var err error
			if simSecret, err = payment.SharedSimulatorSecret(ctx, sh.rdb, sh.prefix); err != nil {
				return nil, "", err
			}
		}
		return payment.NewSharedSimulator(simSecret, sh.rdb, sh.prefix), "simulator", nil
	}
	return nil, "off", nil
}

// logPayments says at start how the shop takes payments, loudly when no
// real money can move.
func logPayments(log *slog.Logger, mode string) {
	switch mode {
	case "simulator":
		log.Warn("TEST MODE: payments are simulated, no money moves; set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take real payments")
	case "off":
		log.Warn("online payment is off: only cash on delivery is offered; set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or HAAT_PAYMENTS=simulator for test mode")
	}
}

// paymentHoldFromEnv reads HAAT_PAYMENT_HOLD, such as "30m".
func paymentHoldFromEnv() (time.Duration, error) {
	d, err := time.ParseDuration(env("HAAT_PAYMENT_HOLD", "30m"))
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("HAAT_PAYMENT_HOLD must be a positive duration such as 30m")
	}
	return d, nil
}

// expireOrders ends the orders whose hold has ended unpaid (online) or
// unconfirmed (COD), and asks the gateway again for refunds it has not
// taken, every interval, until ctx ends. Several instances may run it at
// once: each claims different orders and refunds, and an expiry is saved
// only over the state it was decided on, so each order expires, and
// returns its stock, once.
func expireOrders(ctx context.Context, db *store.DB, jobs *api.Jobs, interval time.Duration, log *slog.Logger) {
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
				log.Info("expired unpaid or unconfirmed orders", "count", n)
			}
			if jobs.RetryRefunds == nil {
				continue
			}
			if err := jobs.RetryRefunds(ctx); err != nil && ctx.Err() == nil {
				log.Error("retry refunds", "err", err)
			}
		}
	}
}

// codConfirmationFromEnv reads HAAT_COD_CONFIRM_ABOVE (rupees, such as
// 2000) and HAAT_COD_CONFIRM_WITHIN (such as 24h; 0 turns it off).
func codConfirmationFromEnv() (shop.CODConfirmation, error) {
	c := shop.DefaultCODConfirmation()
	if v := env("HAAT_COD_CONFIRM_ABOVE", ""); v != "" {
		above, err := shop.ParseRupees(v)
		if err != nil || above < 0 {
			return c, fmt.Errorf("HAAT_COD_CONFIRM_ABOVE must be an amount in rupees such as 2000")
		}
		c.Above = above
	}
	if v := env("HAAT_COD_CONFIRM_WITHIN", ""); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return c, fmt.Errorf("HAAT_COD_CONFIRM_WITHIN must be a duration such as 24h, or 0 to ask no confirmation")
		}
		c.Within = d
	}
	return c, nil
}

// returnWindowFromEnv reads HAAT_RETURN_DAYS, such as 7; set empty, as
// the COD settings, it is the default.
func returnWindowFromEnv() (time.Duration, error) {
	v := env("HAAT_RETURN_DAYS", "")
	if v == "" {
		return shop.DefaultReturnWindow, nil
	}
	days, err := strconv.Atoi(v)
	if err != nil || days < 1 {
		return 0, fmt.Errorf("HAAT_RETURN_DAYS must be a whole number of days, 1 or more")
	}
	return time.Duration(days) * 24 * time.Hour, nil
}

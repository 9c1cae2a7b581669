package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
)

// The simulator runs only when asked for; without keys and without that,
// the shop takes no online payment.
func TestGatewayFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name    string
		demo    bool
		env     map[string]string
		want    string // "razorpay", "simulator" or "off"
		wantErr bool
	}{
		{name: "nothing set", want: "off"},
		{name: "demo", demo: true, want: "simulator"},
		{name: "asked for", env: map[string]string{"HAAT_PAYMENTS": "simulator"}, want: "simulator"},
		{name: "keys", env: map[string]string{"RAZORPAY_KEY_ID": "rzp_live_x", "RAZORPAY_KEY_SECRET": "s"}, want: "razorpay"},
		{name: "keys win over demo data", demo: true, env: map[string]string{"RAZORPAY_KEY_ID": "rzp_live_x", "RAZORPAY_KEY_SECRET": "s"}, want: "razorpay"},
		{name: "half the keys", env: map[string]string{"RAZORPAY_KEY_ID": "rzp_live_x"}, wantErr: true},
		{name: "keys and the simulator", env: map[string]string{"RAZORPAY_KEY_ID": "rzp_live_x", "RAZORPAY_KEY_SECRET": "s", "HAAT_PAYMENTS": "simulator"}, wantErr: true},
		{name: "unknown mode", env: map[string]string{"HAAT_PAYMENTS": "free"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []string{"RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET", "HAAT_PAYMENTS"} {
				t.Setenv(k, tc.env[k])
			}
			g, name, err := gatewayFromEnv(t.Context(), tc.demo, shared{})
			if tc.wantErr {
				if err == nil {
					t.Fatalf("started with %s", name)
				}
				return
			}
			if err != nil || name != tc.want {
				t.Fatalf("got %q, %v; want %q", name, err, tc.want)
			}
			_, sim := g.(*payment.Simulator)
			if (g == nil) != (tc.want == "off") || sim != (tc.want == "simulator") {
				t.Errorf("gateway %T for %q", g, name)
			}
		})
	}
}

func TestCODConfirmationFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name, above, within string
		want                shop.CODConfirmation
		wantErr             bool
	}{
		{name: "nothing set: above ₹2,000, within a day", want: shop.DefaultCODConfirmation()},
		{name: "a total in rupees", above: "1499.50", want: shop.CODConfirmation{Above: 149950, Within: 24 * time.Hour}},
		{name: "every COD order", above: "0", want: shop.CODConfirmation{Above: 0, Within: 24 * time.Hour}},
		{name: "a day and a half", within: "36h", want: shop.CODConfirmation{Above: 200000, Within: 36 * time.Hour}},
		{name: "off", within: "0", want: shop.CODConfirmation{Above: 200000}},
		{name: "a total below nothing", above: "-1", wantErr: true},
		{name: "a total in words", above: "two thousand", wantErr: true},
		{name: "a time without its unit", within: "24", wantErr: true},
		{name: "a time gone by", within: "-1h", wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("HAAT_COD_CONFIRM_ABOVE", tc.above)
			t.Setenv("HAAT_COD_CONFIRM_WITHIN", tc.within)
			got, err := codConfirmationFromEnv()
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), "HAAT_COD_CONFIRM_") {
					t.Errorf("got %+v, %v; want an error naming the setting", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestReturnWindowFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name, days string
		unset      bool
		want       time.Duration
		wantErr    bool
	}{
		{name: "not set: 7 days", unset: true, want: 7 * 24 * time.Hour},
		{name: "set empty: 7 days", want: 7 * 24 * time.Hour},
		{name: "a fortnight", days: "14", want: 14 * 24 * time.Hour},
		{name: "a day", days: "1", want: 24 * time.Hour},
		{name: "none", days: "0", wantErr: true},
		{name: "half a week", days: "3.5", wantErr: true},
		{name: "a duration", days: "7d", wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("HAAT_RETURN_DAYS", tc.days)
			if tc.unset {
				os.Unsetenv("HAAT_RETURN_DAYS")
			}
			got, err := returnWindowFromEnv()
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), "HAAT_RETURN_DAYS") {
					t.Errorf("got %v, %v; want an error naming the setting", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

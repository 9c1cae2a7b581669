package main

import (
	"testing"

	"github.com/haat-shop/haat/internal/payment"
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

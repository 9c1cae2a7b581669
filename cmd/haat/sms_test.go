package main

import (
	"testing"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/sms"
)

func TestTextsFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     map[string]string
		want    string // "msg91", "outbox" or "none"
		wantErr bool
	}{
		{name: "development: mail and texts in the outbox", want: "outbox"},
		{name: "mail through SMTP, no provider", env: map[string]string{"HAAT_SMTP_HOST": "smtp.example.in"}, want: "none"},
		{name: "MSG91", env: map[string]string{"HAAT_SMTP_HOST": "smtp.example.in", "HAAT_SMS_PROVIDER": "msg91",
			"HAAT_SMS_AUTH_KEY": "k", "HAAT_SMS_TEMPLATE_ID": "t"}, want: "msg91"},
		{name: "MSG91 without its template", env: map[string]string{"HAAT_SMS_PROVIDER": "msg91", "HAAT_SMS_AUTH_KEY": "k"}, wantErr: true},
		{name: "texts off in development", env: map[string]string{"HAAT_SMS_PROVIDER": "none"}, want: "none"},
		{name: "the outbox asked for beside SMTP", env: map[string]string{"HAAT_SMTP_HOST": "smtp.example.in", "HAAT_SMS_PROVIDER": "outbox"}, want: "outbox"},
		{name: "an unknown provider", env: map[string]string{"HAAT_SMS_PROVIDER": "pigeon"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []string{"HAAT_SMTP_HOST", "HAAT_SMS_PROVIDER", "HAAT_SMS_AUTH_KEY", "HAAT_SMS_TEMPLATE_ID"} {
				t.Setenv(k, tc.env[k])
			}
			texter, name, err := textsFromEnv(t.TempDir(), "Haat")
			if tc.wantErr {
				if err == nil {
					t.Fatalf("started with %s", name)
				}
				return
			}
			if err != nil || name[:len(tc.want)] != tc.want {
				t.Fatalf("got %q, %v; want %q", name, err, tc.want)
			}
			_, msg91 := texter.(*sms.MSG91)
			_, outbox := texter.(mail.TextOutbox)
			if (texter == nil) != (tc.want == "none") || msg91 != (tc.want == "msg91") || outbox != (tc.want == "outbox") {
				t.Errorf("texter %T for %q", texter, name)
			}
		})
	}
}

package main

import (
	"fmt"
	"path/filepath"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/sms"
)

// textsFromEnv picks how sign-in codes are texted (HAAT_SMS_PROVIDER):
// "msg91" through MSG91, with HAAT_SMS_AUTH_KEY and HAAT_SMS_TEMPLATE_ID;
// "outbox" into <data>/outbox as .sms files; "none" not at all (codes go
// by e-mail only). Unset, texts go where mail goes in development, the
// outbox, and nowhere once mail goes through SMTP. It returns nil for none.
func textsFromEnv(dataDir, brand string) (mail.Texter, string, error) {
	provider := env("HAAT_SMS_PROVIDER", "")
	if provider == "" {
		provider = "none"
		if env("HAAT_SMTP_HOST", "") == "" {
			provider = "outbox"
		}
	}
	switch provider {
	case "none":
		return nil, "none", nil
	case "outbox":
		dir := filepath.Join(dataDir, "outbox")
		return mail.TextOutbox{Dir: dir, Brand: brand}, "outbox " + dir, nil
	case "msg91":
		key, template := env("HAAT_SMS_AUTH_KEY", ""), env("HAAT_SMS_TEMPLATE_ID", "")
		if key == "" || template == "" {
			return nil, "", fmt.Errorf("HAAT_SMS_PROVIDER=msg91 needs HAAT_SMS_AUTH_KEY and HAAT_SMS_TEMPLATE_ID")
		}
		return sms.NewMSG91(sms.MSG91Config{AuthKey: key, TemplateID: template}), "msg91", nil
	}
	return nil, "", fmt.Errorf("HAAT_SMS_PROVIDER must be msg91, outbox or none, not %q", provider)
}

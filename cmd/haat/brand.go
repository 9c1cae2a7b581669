package main

import "github.com/haat-shop/haat/internal/shop"

// brandFromEnv is the demo brand with every HAAT_BRAND_*, HAAT_CONTACT_*,
// HAAT_SOCIAL_* and HAAT_POLICY_* variable that is set laid over it.
func brandFromEnv() shop.Brand {
	b := shop.DemoBrand()
	for key, field := range map[string]*string{
		"HAAT_BRAND_NAME":        &b.Name,
		"HAAT_BRAND_TAGLINE":     &b.Tagline,
		"HAAT_BRAND_BLURB":       &b.Blurb,
		"HAAT_CONTACT_GREETING":  &b.Greeting,
		"HAAT_CONTACT_MESSENGER": &b.MessengerPage,
		"HAAT_CONTACT_WHATSAPP":  &b.WhatsAppNumber,
		"HAAT_CONTACT_INSTAGRAM": &b.InstagramUser,
		"HAAT_CONTACT_EMAIL":     &b.Email,
		"HAAT_SOCIAL_INSTAGRAM":  &b.InstagramURL,
		"HAAT_SOCIAL_FACEBOOK":   &b.FacebookURL,
		"HAAT_SOCIAL_X":          &b.XURL,
		"HAAT_SOCIAL_PINTEREST":  &b.PinterestURL,
		"HAAT_POLICY_PRIVACY":    &b.PrivacyURL,
		"HAAT_POLICY_TERMS":      &b.TermsURL,
		"HAAT_POLICY_REFUND":     &b.RefundURL,
		"HAAT_POLICY_SHIPPING":   &b.ShippingURL,
	} {
		*field = env(key, *field)
	}
	return b
}

package shop

import "testing"

func TestSiteInfo(t *testing.T) {
	b := DemoBrand()
	b.Name, b.Greeting, b.MessengerPage, b.WhatsAppNumber, b.InstagramUser, b.Email = "Haat & Co", "Hi! Is the polo 100% cotton?",
		"haat.shop", "919000000000", "haat shop", "hello@example.com"
	s := b.SiteInfo()
	const text = "Hi%21%20Is%20the%20polo%20100%25%20cotton%3F"
	for _, tc := range []struct {
		name, got, want string
	}{
		{"the brand's name", s.Brand.Name, "Haat & Co"},
		{"the tagline", s.Brand.Tagline, b.Tagline},
		{"Messenger with the greeting", s.Contact.Messenger, "https://m.me/haat.shop?text=" + text},
		{"WhatsApp with the greeting", s.Contact.WhatsApp, "https://wa.me/919000000000?text=" + text},
		{"Instagram, its user escaped", s.Contact.Instagram, "https://ig.me/m/haat%20shop?text=" + text},
		{"mail with a subject and the greeting", s.Contact.Email,
			"mailto:hello@example.com?subject=Hello%20Haat%20%26%20Co&body=" + text},
		{"the Instagram profile", s.Social.Instagram, b.InstagramURL},
		{"the X profile", s.Social.X, b.XURL},
		{"the privacy policy", s.Policies.Privacy, b.PrivacyURL},
		{"the shipping policy", s.Policies.Shipping, b.ShippingURL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("%q, want %q", tc.got, tc.want)
			}
		})
	}
	if s.Payment.Online || s.Payment.Simulator || s.Payment.CheckoutScript != "" {
		t.Errorf("a brand says nothing of payments: %+v", s.Payment)
	}
}

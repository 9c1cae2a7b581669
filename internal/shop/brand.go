package shop

import (
	"net/url"
	"strings"
)

// Brand is what the storefront says about the shop that runs it: its name,
// how to reach it and where its policies live. It comes from configuration.
type Brand struct {
	Name     string
	Tagline  string
	Blurb    string
	Greeting string // prefilled in the contact links

	MessengerPage  string // facebook page username, for m.me
	WhatsAppNumber string // with country code, digits only, for wa.me
	InstagramUser  string // for ig.me direct messages
	Email          string

	InstagramURL, FacebookURL, XURL, PinterestURL string

	PrivacyURL, TermsURL, RefundURL, ShippingURL string
}

// DemoBrand is the brand of a shop that has not configured its own.
func DemoBrand() Brand {
	return Brand{
		Name:     "Haat",
		Tagline:  "Tees made in India, for India",
		Blurb:    "Soft combed-cotton t-shirts from independent Indian makers, delivered anywhere from Leh to Kanyakumari. Pay online or cash on delivery.",
		Greeting: "Hi Haat! I have a question about a t-shirt.",

		MessengerPage:  "haat.shop",
		WhatsAppNumber: "919000000000",
		InstagramUser:  "haat.shop",
		Email:          "hello@example.com",

		InstagramURL: "https://www.instagram.com/haat.shop",
		FacebookURL:  "https://www.facebook.com/haat.shop",
		XURL:         "https://x.com/haatshop",
		PinterestURL: "https://www.pinterest.com/haatshop",

		PrivacyURL:  "https://example.com/policies/privacy",
		TermsURL:    "https://example.com/policies/terms",
		RefundURL:   "https://example.com/policies/cancellation-refund",
		ShippingURL: "https://example.com/policies/shipping-delivery",
	}
}

// SiteInfo is the public description of the shop served at /api/config.
type SiteInfo struct {
	Brand struct {
		Name    string `json:"name"`
		Tagline string `json:"tagline"`
		Blurb   string `json:"blurb"`
	} `json:"brand"`
	Contact struct {
		Messenger string `json:"messenger"`
		WhatsApp  string `json:"whatsapp"`
		Instagram string `json:"instagram"`
		Email     string `json:"email"`
	} `json:"contact"`
	Social struct {
		Instagram string `json:"instagram"`
		Facebook  string `json:"facebook"`
		X         string `json:"x"`
		Pinterest string `json:"pinterest"`
	} `json:"social"`
	Payment struct {
		// CheckoutScript is the URL of the payment widget's script.
		CheckoutScript string `json:"checkoutScript"`
		// Online is true when the shop takes online payments: through
		// Razorpay, or simulated in test mode.
		Online bool `json:"online"`
		// Simulator is true in test mode: payments are simulated offline
		// and no money moves.
		Simulator bool `json:"simulator"`
	} `json:"payment"`
	Policies struct {
		Privacy  string `json:"privacy"`
		Terms    string `json:"terms"`
		Refund   string `json:"refund"`
		Shipping string `json:"shipping"`
	} `json:"policies"`
}

// SiteInfo builds the links of the footer, each contact link carrying the
// greeting so the customer's first message is already written.
func (b Brand) SiteInfo() SiteInfo {
	var s SiteInfo
	s.Brand.Name, s.Brand.Tagline, s.Brand.Blurb = b.Name, b.Tagline, b.Blurb
	text := queryEscape(b.Greeting)
	s.Contact.Messenger = "https://m.me/" + url.PathEscape(b.MessengerPage) + "?text=" + text
	s.Contact.WhatsApp = "https://wa.me/" + url.PathEscape(b.WhatsAppNumber) + "?text=" + text
	s.Contact.Instagram = "https://ig.me/m/" + url.PathEscape(b.InstagramUser) + "?text=" + text
	s.Contact.Email = "mailto:" + b.Email + "?subject=" + queryEscape("Hello "+b.Name) + "&body=" + text
	s.Social.Instagram, s.Social.Facebook, s.Social.X, s.Social.Pinterest = b.InstagramURL, b.FacebookURL, b.XURL, b.PinterestURL
	s.Policies.Privacy, s.Policies.Terms, s.Policies.Refund, s.Policies.Shipping = b.PrivacyURL, b.TermsURL, b.RefundURL, b.ShippingURL
	return s
}

// queryEscape escapes s for a query value with %20 for spaces, which chat
// apps and mail clients read, where some show a '+' literally.
func queryEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		for _, path := range []string{"/api/nope", "/api/", "/api/products/x/y/z"} {
			var e struct{ Message string }
			h.getJSON(t, path, http.StatusNotFound, &e)
			if e.Message == "" {
				t.Errorf("%s: empty message", path)
			}
		}
	})
}

func TestHealthAndConfig(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		var ok map[string]string
		h.getJSON(t, "/healthz", http.StatusOK, &ok)

		var cfg shop.SiteInfo
		h.getJSON(t, "/api/config", http.StatusOK, &cfg)
		if cfg.Brand.Name != "Haat" || !strings.HasPrefix(cfg.Contact.WhatsApp, "https://wa.me/") ||
			!strings.Contains(cfg.Contact.WhatsApp, "?text=Hi%20Haat") || !strings.HasPrefix(cfg.Contact.Email, "mailto:") ||
			cfg.Policies.Refund == "" || cfg.Social.Pinterest == "" || !strings.Contains(cfg.Contact.Messenger, "?text=") {
			t.Errorf("config = %+v", cfg)
		}

		db.Close()
		var down map[string]string
		h.getJSON(t, "/healthz", http.StatusServiceUnavailable, &down)
	})
}

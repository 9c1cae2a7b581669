package api

import (
	"context"
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
)

// delivery answers whether the shop delivers to a pin code, and takes cash
// on delivery there, for the product page's Check delivery box.
func (s *Server) delivery(w http.ResponseWriter, r *http.Request) {
	settings, err := s.db.Settings(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := settings.DeliveryTo(r.PathValue("pinCode"), s.pinAreas)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, d)
}

// checkAddress applies the rules of a shipping address, its pin code in
// its state included.
func (s *Server) checkAddress(a shop.ShippingAddress) error {
	if err := shop.CheckAddress(a, s.districts); err != nil {
		return err
	}
	return s.pinAreas.CheckPinState(a.PinCode, a.State)
}

// checkDelivery refuses an order to a pin code the shop does not serve, or
// paid on delivery where the shop takes no cash on delivery.
func (s *Server) checkDelivery(ctx context.Context, pin string, method shop.PaymentMethod) error {
	settings, err := s.db.Settings(ctx)
	if err != nil {
		return err
	}
	d, err := settings.DeliveryTo(pin, s.pinAreas)
	if err != nil {
		return err
	}
	return d.CheckDelivery(method)
}

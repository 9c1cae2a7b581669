package api

import (
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
)

// savedAddressInput is an address sent to the address book: SPEC.md §3's
// shipping address and whether it is to be the default.
type savedAddressInput struct {
	shop.ShippingAddress
	IsDefault bool `json:"isDefault"`
}

// readAddress decodes an address for the book and checks it by the rules
// of a shipping address, answering 400 itself if needed.
func (s *Server) readAddress(w http.ResponseWriter, r *http.Request) (savedAddressInput, bool) {
	var in savedAddressInput
	if !s.decode(w, r, &in) {
		return in, false
	}
	in.Normalize()
	if err := s.checkAddress(in.ShippingAddress); err != nil {
		s.fail(w, r, err)
		return in, false
	}
	return in, true
}

func (s *Server) savedAddresses(w http.ResponseWriter, r *http.Request, sess *session) {
	list, err := s.db.Addresses(r.Context(), sess.user.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, list)
}

func (s *Server) addAddress(w http.ResponseWriter, r *http.Request, sess *session) {
	in, ok := s.readAddress(w, r)
	if !ok {
		return
	}
	saved, err := s.db.AddAddress(r.Context(), sess.user.ID, in.ShippingAddress, in.IsDefault, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, saved)
}

func (s *Server) updateAddress(w http.ResponseWriter, r *http.Request, sess *session) {
	in, ok := s.readAddress(w, r)
	if !ok {
		return
	}
	saved, err := s.db.UpdateAddress(r.Context(), sess.user.ID, r.PathValue("id"), in.ShippingAddress, in.IsDefault, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, saved)
}

func (s *Server) deleteAddress(w http.ResponseWriter, r *http.Request, sess *session) {
	if err := s.db.DeleteAddress(r.Context(), sess.user.ID, r.PathValue("id")); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Address deleted"})
}

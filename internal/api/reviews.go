package api

import (
	"errors"
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

func (s *Server) addReview(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		Rating  int    `json:"rating"`
		Comment string `json:"comment"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	review := shop.NewReview{Rating: in.Rating, Comment: in.Comment}
	if err := review.Validate(); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	err := s.db.AddReview(r.Context(), r.PathValue("id"), sess.user, review, s.now())
	switch {
	case errors.Is(err, shop.ErrAlreadyReviewed):
		s.writeError(w, r, http.StatusConflict, err.Error())
	case errors.Is(err, store.ErrNotFound):
		s.writeError(w, r, http.StatusNotFound, "Product not found")
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusCreated, map[string]string{"message": "Review Submitted!"})
	}
}

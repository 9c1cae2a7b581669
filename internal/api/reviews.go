package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/shop"
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
		s.fail(w, r, err)
		return
	}
	if err := s.db.AddReview(r.Context(), r.PathValue("id"), sess.user, review, s.now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, map[string]string{"message": "Review Submitted!"})
}

// myReview says whether the signed-in user has reviewed the product. It is
// apart from the product's answer, which is the same for every visitor and
// cached.
func (s *Server) myReview(w http.ResponseWriter, r *http.Request, sess *session) {
	reviewed, err := s.db.HasReviewed(r.Context(), r.PathValue("id"), sess.user.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]bool{"reviewed": reviewed})
}

// reviews is a page of a published product's reviews, newest first,
// ReviewsShown a page: the product's answer carries the first, its page
// asks for the rest. Cached as the product's answer is. (The page is in the
// path: GET /api/products/{id}/reviews would take /category/reviews too.)
func (s *Server) reviews(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	page, err := shop.ParsePage(r.PathValue("pageNumber"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.Reviews(ctx, id, page) }, id, strconv.Itoa(page))
}

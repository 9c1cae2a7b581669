package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) {
	page, err := shop.ParsePage(r.URL.Query().Get("pageNumber"))
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if err := shop.CheckKeyword(r.URL.Query().Get("keyword")); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	s.cached(w, r, func(ctx context.Context) (any, error) {
		return s.db.ListProducts(ctx, r.URL.Query().Get("keyword"), page)
	})
}

func (s *Server) allProducts(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.AllProducts(ctx) })
}

func (s *Server) topProducts(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.TopProducts(ctx) })
}

func (s *Server) categoryProducts(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.ProductsByCategory(ctx, r.PathValue("category")) })
}

func (s *Server) categories(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.Categories(ctx) })
}

func (s *Server) product(w http.ResponseWriter, r *http.Request) {
	if sess := currentSession(r); sess != nil && sess.user.Role == shop.RoleAdmin {
		// Admins open drafts to finish them; their answers are not shared.
		p, err := s.db.AnyProduct(r.Context(), r.PathValue("id"))
		if err != nil {
			s.answerProductError(w, r, err)
			return
		}
		s.writeJSON(w, r, http.StatusOK, newAdminProduct(p))
		return
	}
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.Product(ctx, r.PathValue("id")) })
}

// answerProductError answers a failed product read or change: 404 for a
// product that is not there, 500 for our own faults.
func (s *Server) answerProductError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "Product not found")
		return
	}
	s.fail(w, r, err)
}

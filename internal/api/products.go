package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) {
	page, err := strconv.Atoi(r.URL.Query().Get("pageNumber"))
	if err != nil || page < 1 {
		page = 1
	}
	result, err := s.db.ListProducts(r.Context(), r.URL.Query().Get("keyword"), page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, result)
}

func (s *Server) allProducts(w http.ResponseWriter, r *http.Request) {
	products, err := s.db.AllProducts(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, products)
}

func (s *Server) topProducts(w http.ResponseWriter, r *http.Request) {
	products, err := s.db.TopProducts(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, products)
}

func (s *Server) categoryProducts(w http.ResponseWriter, r *http.Request) {
	products, err := s.db.ProductsByCategory(r.Context(), r.PathValue("category"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, products)
}

func (s *Server) product(w http.ResponseWriter, r *http.Request) {
	read := s.db.Product
	if sess := currentSession(r); sess != nil && sess.user.Role == shop.RoleAdmin {
		read = s.db.AnyProduct // admins open drafts to finish them
	}
	p, err := read(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "Product not found")
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, p)
}

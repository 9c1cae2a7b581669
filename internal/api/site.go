package api

import (
	"context"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

var errDatabaseDown = &shop.Error{Code: shop.Unavailable, Message: "database unavailable"}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.Error("health check: database does not answer", "err", err)
		s.fail(w, r, errDatabaseDown)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, r, http.StatusOK, s.site)
}

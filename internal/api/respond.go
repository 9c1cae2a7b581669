package api

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/haat-shop/haat/internal/store"
)

// errorBody is the shape of every API error: {"message": "..."}.
type errorBody struct {
	Message string `json:"message"`
}

func (s *Server) writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		s.log.Warn("write response", "path", r.URL.Path, "err", err)
	}
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, status int, message string) {
	s.writeJSON(w, r, status, errorBody{Message: message})
}

// fail answers with the status fitting err: 404 for a missing row, and 500
// for our own faults, whose details go to the log, not to the client.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, store.ErrNotFound) {
		s.writeError(w, r, http.StatusNotFound, "Not found")
		return
	}
	s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	s.writeError(w, r, http.StatusInternalServerError, "Something went wrong on our side. Please try again.")
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.writeError(w, r, http.StatusNotFound, "No such API endpoint: "+r.Method+" "+r.URL.Path)
}

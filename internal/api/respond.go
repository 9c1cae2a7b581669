package api

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/shop"
)

// errorBody is the shape of every API error: {"message": "..."}.
type errorBody struct {
	Message string `json:"message"`
}

func (s *Server) writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(s.pictureURLs(v)); err != nil {
		s.log.WarnContext(r.Context(), "write response", "path", r.URL.Path, "err", err)
	}
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, status int, message string) {
	s.writeJSON(w, r, status, errorBody{Message: message})
}

// statusOf is the one table from a refusal's code to its HTTP status.
var statusOf = map[shop.Code]int{
	shop.Invalid:      http.StatusBadRequest,
	shop.Unauthorized: http.StatusUnauthorized,
	shop.Forbidden:    http.StatusForbidden,
	shop.NotFound:     http.StatusNotFound,
	shop.Conflict:     http.StatusConflict,
	shop.TooMany:      http.StatusTooManyRequests,
	shop.Unavailable:  http.StatusServiceUnavailable,
	shop.Upstream:     http.StatusBadGateway,
	shop.TooLarge:     http.StatusRequestEntityTooLarge,
	shop.Unsupported:  http.StatusUnsupportedMediaType,
	shop.NotAllowed:   http.StatusMethodNotAllowed,
}

// fail is how every handler answers an error: a refusal (shop.Error) with
// its status, message and fields; anything else is our own fault, a 500
// whose details go to the log, not to the client.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	e := shop.ErrorOf(err)
	status, known := 0, false
	if e != nil {
		status, known = statusOf[e.Code]
	}
	if !known {
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		s.writeError(w, r, http.StatusInternalServerError, "Something went wrong on our side. Please try again.")
		return
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	if len(e.Fields) == 0 {
		s.writeError(w, r, status, e.Message)
		return
	}
	body := make(map[string]any, len(e.Fields)+1)
	for k, v := range e.Fields {
		body[k] = v
	}
	body["message"] = e.Message
	s.writeJSON(w, r, status, body)
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.fail(w, r, shop.Errorf(shop.NotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
}

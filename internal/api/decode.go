package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// decode reads a JSON request body into v, answering 400 (or 413) itself
// when it cannot, in which case it returns false.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		s.writeError(w, r, http.StatusUnsupportedMediaType, "Send the request body as JSON (Content-Type: application/json)")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			s.writeError(w, r, http.StatusRequestEntityTooLarge, "The request body is too large")
		case errors.Is(err, io.EOF):
			s.writeError(w, r, http.StatusBadRequest, "The request body is empty")
		default:
			s.writeError(w, r, http.StatusBadRequest, fmt.Sprintf("The request body is not valid: %s", jsonProblem(err)))
		}
		return false
	}
	return true
}

// jsonProblem describes a decoding error without echoing the body back.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("field %q has the wrong type", typeErr.Field)
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) {
		return "malformed JSON"
	}
	return err.Error()
}

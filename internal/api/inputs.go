package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
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
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		s.writeError(w, r, http.StatusRequestEntityTooLarge, "The request body is too large")
		return false
	case err != nil:
		s.writeError(w, r, http.StatusBadRequest, "The request body could not be read")
		return false
	case holdsNul(body):
		s.writeError(w, r, http.StatusBadRequest, nulMessage)
		return false
	}
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(v); err != nil {
		switch {
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

// nulMessage refuses a NUL character: no form sends one, and PostgreSQL
// cannot store one in text.
const nulMessage = "Text may not contain NUL characters"

// holdsNul tells whether a JSON string or key in body holds a NUL. JSON can
// only carry one escaped, so bodies without the escape are not parsed twice.
func holdsNul(body []byte) bool {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if s, ok := tok.(string); ok && strings.IndexByte(s, 0) >= 0 {
			return true
		}
	}
}

// plainText refuses a request whose path or query holds a NUL character or
// bytes that are not UTF-8, before any of it reaches a database that
// cannot store it (PostgreSQL) or a page that would echo it.
func (s *Server) plainText(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The whole query unescaped at once holds every key and value: no
		// map of it is built for each request, static files' included.
		query, err := url.QueryUnescape(r.URL.RawQuery)
		if err != nil {
			query = r.URL.RawQuery // a broken escape decodes to nothing; what is left is checked as sent
		}
		for _, t := range []string{r.URL.Path, query} {
			if strings.IndexByte(t, 0) >= 0 {
				s.writeError(w, r, http.StatusBadRequest, nulMessage)
				return
			}
			if !utf8.ValidString(t) {
				s.writeError(w, r, http.StatusBadRequest, "The address holds characters that are not valid UTF-8")
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

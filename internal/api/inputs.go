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

	"github.com/haat-shop/haat/internal/shop"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// Why a request was refused before any handler read it.
var (
	errNotJSON      = &shop.Error{Code: shop.Unsupported, Message: "Send the request body as JSON (Content-Type: application/json)"}
	errBodyTooLarge = &shop.Error{Code: shop.TooLarge, Message: "The request body is too large"}
	errBodyUnread   = &shop.Error{Code: shop.Invalid, Message: "The request body could not be read"}
	errBodyEmpty    = &shop.Error{Code: shop.Invalid, Message: "The request body is empty"}
	// errNul refuses a NUL character: no form sends one, and PostgreSQL
	// cannot store one in text.
	errNul     = &shop.Error{Code: shop.Invalid, Message: "Text may not contain NUL characters"}
	errNotUTF8 = &shop.Error{Code: shop.Invalid, Message: "The address holds characters that are not valid UTF-8"}
)

// decode reads a JSON request body into v, answering 400 (or 413, 415)
// itself when it cannot, in which case it returns false.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := readJSON(w, r, v); err != nil {
		s.fail(w, r, err)
		return false
	}
	return true
}

// readJSON reads a JSON request body into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return errNotJSON
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return errBodyTooLarge
	case err != nil:
		return errBodyUnread
	case holdsNul(body):
		return errNul
	}
	err = json.NewDecoder(bytes.NewReader(body)).Decode(v)
	switch {
	case errors.Is(err, io.EOF):
		return errBodyEmpty
	case err != nil:
		return shop.Errorf(shop.Invalid, "The request body is not valid: %s", jsonProblem(err))
	}
	return nil
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
				s.fail(w, r, errNul)
				return
			}
			if !utf8.ValidString(t) {
				s.fail(w, r, errNotUTF8)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

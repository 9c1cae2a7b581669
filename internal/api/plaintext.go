package api

import (
	"net/http"
	"strings"
	"unicode/utf8"
)

// plainText refuses a request whose path or query holds a NUL character or
// bytes that are not UTF-8, before any of it reaches a database that
// cannot store it (PostgreSQL) or a page that would echo it.
func (s *Server) plainText(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		texts := []string{r.URL.Path}
		for key, values := range r.URL.Query() {
			texts = append(append(texts, key), values...)
		}
		for _, t := range texts {
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

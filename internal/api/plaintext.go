package api

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

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

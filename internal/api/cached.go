package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/cache"
)

// cached answers a public catalogue read from the cache when it holds an
// answer made since the catalogue last changed, and otherwise computes,
// stores and sends it. Answers are kept gzipped too, so the busiest reads
// cost neither a query nor a compression.
func (s *Server) cached(w http.ResponseWriter, r *http.Request, compute func() (any, error)) {
	key := strconv.FormatInt(s.db.CatalogueVersion(), 10) + " " + r.URL.Path + "?" + r.URL.Query().Encode()
	e, ok := s.cache.Get(key)
	if !ok {
		v, err := compute()
		if err != nil {
			s.answerProductError(w, r, err)
			return
		}
		if e, err = encodeEntry(v); err != nil {
			s.fail(w, r, err)
			return
		}
		s.cache.Set(key, e)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeEncoded(w, r, "application/json; charset=utf-8", e.Body, e.Gzip)
}

// writeEncoded sends a ready answer, its gzipped form when the client
// accepts it.
func writeEncoded(w http.ResponseWriter, r *http.Request, contentType string, body, gzipped []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = gzipped
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func encodeEntry(v any) (cache.Entry, error) {
	var body bytes.Buffer
	if err := json.NewEncoder(&body).Encode(v); err != nil {
		return cache.Entry{}, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body.Bytes())
	if err := zw.Close(); err != nil {
		return cache.Entry{}, err
	}
	return cache.Entry{Body: body.Bytes(), Gzip: gz.Bytes()}, nil
}

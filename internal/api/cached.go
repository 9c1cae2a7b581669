package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/cache"
)

// cached answers a public catalogue read from the cache when it holds an
// answer made since the catalogue last changed, and otherwise computes,
// stores and sends it. Answers are kept gzipped too, so the busiest reads
// cost neither a query nor a compression.
//
// An answer is kept under its route and values: those the handler read
// from the request and that change the answer, in the form it parsed them
// to. Nothing else a request carries, such as a made-up query parameter,
// can fill the cache with copies or push the real answers out of it.
func (s *Server) cached(w http.ResponseWriter, r *http.Request, compute func(ctx context.Context) (any, error), values ...string) {
	e, err := s.catalogueAnswer(r, compute, values...)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sendCatalogueAnswer(w, r, e)
}

// catalogueAnswer is the cached answer of cached, for a handler that
// answers some failures itself.
func (s *Server) catalogueAnswer(r *http.Request, compute func(ctx context.Context) (any, error), values ...string) (cache.Entry, error) {
	return s.remember(r, s.catalogueKey(append([]string{r.Pattern}, values...)...), func(ctx context.Context) (cache.Entry, error) {
		v, err := compute(ctx)
		if err != nil {
			return cache.Entry{}, err
		}
		return encodeEntry(s.pictureURLs(v))
	})
}

func sendCatalogueAnswer(w http.ResponseWriter, r *http.Request, e cache.Entry) {
	w.Header()["Cache-Control"] = noCache
	writeEncoded(w, r, jsonType, e.Body, e.Gzip, nil)
}

// Header values set on the busiest answers, made once: net/http only reads
// a header's values, and a handler's Set replaces the slice rather than
// changing it. Each saves an allocation on every catalogue read.
var (
	noCache      = []string{cacheRevalidate}
	keepForever  = []string{cacheForever}
	jsonType     = []string{"application/json; charset=utf-8"}
	htmlType     = []string{"text/html; charset=utf-8"}
	gzipEncoding = []string{"gzip"}
	brEncoding   = []string{"br"}
)

// catalogueKey is the cache key of something made from the catalogue as it
// is now, named by its parts: it changes with the catalogue version. Each
// part goes with its length, so two different lists of parts never make one
// key.
func (s *Server) catalogueKey(parts ...string) string {
	key := strconv.AppendInt(make([]byte, 0, 64), s.db.CatalogueVersion(), 10)
	for _, p := range parts {
		key = append(strconv.AppendInt(append(key, ' '), int64(len(p)), 10), ':')
		key = append(key, p...)
	}
	return string(key)
}

// remember returns the entry cached under key, or builds, caches and returns
// it. Requests that miss together share one build, so a change to the
// catalogue does not send every waiting request to the database at once;
// it runs without the first request's cancellation, which would otherwise
// fail the others.
func (s *Server) remember(r *http.Request, key string, build func(ctx context.Context) (cache.Entry, error)) (cache.Entry, error) {
	e, ok := s.cache.Get(key)
	s.metrics.CacheRead(ok)
	if ok {
		return e, nil
	}
	made, err, _ := s.filling.Do(key, func() (any, error) {
		e, err := build(context.WithoutCancel(r.Context()))
		if err != nil {
			return nil, err
		}
		s.cache.Set(key, e)
		return e, nil
	})
	if err != nil {
		return cache.Entry{}, err
	}
	return made.(cache.Entry), nil
}

// netHTTPBuffer is what net/http holds of an answer before it must send
// the headers (bufferBeforeChunkingSize): an answer no longer than it gets
// its Content-Length from net/http, a longer one without it is chunked.
const netHTTPBuffer = 2048

// writeEncoded sends a ready answer in the smallest form the client
// accepts: brotli (when there is one), gzip, or as it is. contentType is
// the header's value, which the caller may share between answers.
func writeEncoded(w http.ResponseWriter, r *http.Request, contentType []string, body, gzipped, brotli []byte) {
	h := w.Header()
	h["Content-Type"] = contentType
	switch {
	case brotli != nil && accepts(r, "br"):
		h["Content-Encoding"] = brEncoding
		body = brotli
	case accepts(r, "gzip"):
		h["Content-Encoding"] = gzipEncoding
		body = gzipped
	}
	// net/http counts a body that fits its buffer itself when the handler
	// returns, without the string and slice made here on every read; a
	// larger body, or a HEAD's that is not sent, is told its length.
	if len(body) > netHTTPBuffer || r.Method == http.MethodHead {
		h["Content-Length"] = []string{strconv.Itoa(len(body))}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func encodeEntry(v any) (cache.Entry, error) {
	var body bytes.Buffer
	if err := json.NewEncoder(&body).Encode(v); err != nil {
		return cache.Entry{}, fmt.Errorf("encode answer: %w", err)
	}
	return gzippedEntry(body.Bytes())
}

// gzippedEntry is body ready to send as it is and gzipped, compressed once
// for every request that takes it.
func gzippedEntry(body []byte) (cache.Entry, error) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body)
	if err := zw.Close(); err != nil {
		return cache.Entry{}, err
	}
	return cache.Entry{Body: body, Gzip: gz.Bytes()}, nil
}

package api

import (
	"compress/gzip"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
)

func (s *Server) middleware(h http.Handler) http.Handler {
	return s.record(s.recoverPanics(s.securityHeaders(s.plainText(s.sameOrigin(compress(h))))))
}

var errCrossSite = &shop.Error{Code: shop.Forbidden, Message: "Cross-site requests are not allowed"}

// sameOrigin refuses state-changing requests sent by another site's page.
// With SameSite=Lax cookies and JSON bodies this is a second lock on the
// same door against cross-site request forgery.
func (s *Server) sameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if origin := r.Header.Get("Origin"); origin != "" && !sameHost(origin, r.Host) {
				s.fail(w, r, errCrossSite)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

func sameHost(origin, host string) bool {
	_, rest, ok := strings.Cut(origin, "://")
	return ok && rest == host
}

// statusWriter remembers the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// record names each request (identify), and once it is answered writes
// its line to the log and its route's metrics. The query string is left out
// of the log: it is the client's to fill and may carry what does not belong
// there. The route is read from the request the mux matched, which is the
// one passed down: no handler in between may replace it.
func (s *Server) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		r = s.identify(w, r)
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.status == 0 { // nothing written: net/http answers 200
			sw.status = http.StatusOK
		}
		end := time.Now()
		took := end.Sub(start)
		s.metrics.Request(r.Pattern, sw.status, took)
		s.logRequest(r, sw, end, took)
	})
}

// logRequest writes a request's line. The record is made here rather than
// by Logger.LogAttrs, which reads the clock again and walks the stack for
// the caller's address on every request; the log does not show it.
func (s *Server) logRequest(r *http.Request, sw *statusWriter, end time.Time, took time.Duration) {
	ctx := r.Context()
	if !s.log.Enabled(ctx, slog.LevelInfo) {
		return
	}
	rec := slog.NewRecord(end, slog.LevelInfo, "request", 0)
	rec.AddAttrs(slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", sw.status), slog.Int("bytes", sw.bytes), slog.Duration("duration", took.Round(time.Microsecond)))
	// A log that cannot be written has nowhere to say so.
	_ = s.log.Handler().Handle(ctx, rec)
}

func (s *Server) recoverPanics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.fail(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// securityHeaders sets what a browser should enforce for the shop's pages.
// The content policy allows no inline script and no other site's code,
// except Razorpay's checkout when live keys make it the gateway. Styles
// allow 'unsafe-inline' for style attributes, which React, Bootstrap's
// components and the simulator's widget set; a style cannot run code.
// Answers under /api/ are data or downloads, never a page to render: they
// get the policy that forbids everything, and none of a page's other
// headers, which on every catalogue read cost a tenth of its time.
func (s *Server) securityHeaders(h http.Handler) http.Handler {
	_, live := s.gateway.(*payment.Razorpay)
	// Every answer carries the same values: made once, and set without
	// Header.Set's canonicalising and a new slice per request. net/http
	// only reads them, and a handler's Set would replace, not change, them.
	page := []headerValue{
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Content-Security-Policy", []string{contentPolicy(live, s.mediaURL)}},
		{"Permissions-Policy", []string{permissionsPolicy(live)}},
	}
	api := []headerValue{
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Content-Security-Policy", []string{"default-src 'none'; frame-ancestors 'none'"}},
	}
	hsts := []string{"max-age=31536000"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		set := page
		if strings.HasPrefix(r.URL.Path, "/api/") {
			set = api
		}
		hd := w.Header()
		for _, hv := range set {
			hd[hv.name] = hv.values
		}
		// Only a scheme we can believe may pin browsers to HTTPS: a forged
		// header over plain HTTP must not.
		if s.proxies.IsHTTPS(r) {
			hd["Strict-Transport-Security"] = hsts
		}
		h.ServeHTTP(w, r)
	})
}

// headerValue is a header with its canonical name, set as it is. A slice
// of them is walked faster than a map, on every request.
type headerValue struct {
	name   string
	values []string
}

// Razorpay's checkout loads its script from checkout.razorpay.com and
// opens its payment pages in frames from api.razorpay.com, which talk to
// other razorpay.com hosts.
const (
	razorpayScript = "https://checkout.razorpay.com"
	razorpayHosts  = "https://*.razorpay.com"
)

// contentPolicy allows the shop's own address, Razorpay's hosts when live,
// and the origin of the media URL for pictures.
func contentPolicy(live bool, mediaURL string) string {
	script, frame, connect, img := "'self'", "'self'", "'self'", "'self' data: blob:"
	if u, err := url.Parse(mediaURL); err == nil && u.Host != "" {
		img += " " + u.Scheme + "://" + u.Host
	}
	if live {
		script += " " + razorpayScript
		frame += " https://api.razorpay.com " + razorpayHosts
		connect += " " + razorpayHosts
		img += " " + razorpayHosts
	}
	return strings.Join([]string{
		"default-src 'self'", "script-src " + script, "style-src 'self' 'unsafe-inline'", "img-src " + img,
		"font-src 'self' data:", "connect-src " + connect, "frame-src " + frame, "worker-src 'self'",
		"manifest-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
	}, "; ")
}

func permissionsPolicy(live bool) string {
	payment := "payment=()"
	if live {
		payment = `payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")`
	}
	return "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), " + payment + ", usb=()"
}

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	return w
}}

var varyEncoding = []string{"Accept-Encoding"} // shared, as the values in cached.go

// compress gzips text responses for clients that accept it. Images are
// already compressed and range requests must stay byte-exact.
func compress(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hd := w.Header(); hd["Vary"] == nil {
			hd["Vary"] = varyEncoding
		} else {
			hd.Add("Vary", "Accept-Encoding")
		}
		if !accepts(r, "gzip") || r.Header.Get("Range") != "" {
			h.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.finish()
		h.ServeHTTP(gw, r)
	})
}

// accepts tells whether the client takes a response in the content coding.
// It walks the header in place: it runs for most answers, twice for a
// cached one.
func accepts(r *http.Request, coding string) bool {
	for rest := r.Header.Get("Accept-Encoding"); rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		enc, params, _ := strings.Cut(part, ";")
		if strings.TrimSpace(enc) == coding && !refused(params) {
			return true
		}
	}
	return false
}

// refused tells whether a coding's parameters give it q=0 (0.0, 0.000…):
// the client takes it with any other weight.
func refused(params string) bool {
	name, value, ok := strings.Cut(params, "=")
	if !ok || strings.TrimSpace(name) != "q" {
		return false
	}
	q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	return err == nil && q == 0
}

type gzipWriter struct {
	http.ResponseWriter
	gz          *gzip.Writer
	wroteHeader bool
}

func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	switch ct {
	case "application/json", "application/javascript", "text/javascript", "text/html", "text/css",
		"text/plain", "image/svg+xml", "application/manifest+json", "text/xml", "application/xml":
		return true
	}
	return false
}

func (w *gzipWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	h := w.Header()
	if code != http.StatusNoContent && code != http.StatusNotModified && code != http.StatusPartialContent &&
		h.Get("Content-Encoding") == "" && compressible(h.Get("Content-Type")) {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", http.DetectContentType(b))
		}
		w.WriteHeader(http.StatusOK)
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *gzipWriter) finish() {
	if w.gz != nil {
		_ = w.gz.Close()
		gzipWriters.Put(w.gz)
	}
}

func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

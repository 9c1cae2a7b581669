package api

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/ready"
	"github.com/haat-shop/haat/internal/shop"
)

var errDatabaseDown = &shop.Error{Code: shop.Unavailable, Message: "database unavailable"}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.ErrorContext(r.Context(), "health check: database does not answer", "err", err)
		s.fail(w, r, errDatabaseDown)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
}

// readyTimeout bounds each check of /readyz, below the few seconds a load
// balancer waits for its answer.
const readyTimeout = 2 * time.Second

// ready answers whether every dependency answers: 200 with each check's
// "ok", or 503 naming those failing. Why one fails goes to the log, not to
// whoever asks.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	checks := make(map[string]string, len(s.readyChecks))
	var failing []string
	for _, res := range ready.Run(r.Context(), s.readyChecks, readyTimeout) {
		checks[res.Name] = "ok"
		if res.Err != nil {
			s.log.ErrorContext(r.Context(), "not ready", "check", res.Name, "err", res.Err)
			checks[res.Name] = "failing"
			failing = append(failing, res.Name)
		}
	}
	if len(failing) > 0 {
		s.writeJSON(w, r, http.StatusServiceUnavailable, map[string]any{"message": "not ready: " + strings.Join(failing, ", "), "checks": checks})
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]any{"status": "ready", "checks": checks})
}

var errMetricsClosed = &shop.Error{Code: shop.Forbidden,
	Message: "Metrics are served to callers on this machine, or with the token set in HAAT_METRICS_TOKEN"}

// metricsHandler serves the Prometheus series to a caller on this machine
// (proxy.Local: never one that came through a proxy) or one that sends the
// metrics token.
func (s *Server) metricsHandler() http.Handler {
	series := s.metrics.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !proxy.Local(r) && !s.sentMetricsToken(r) {
			s.fail(w, r, errMetricsClosed)
			return
		}
		series.ServeHTTP(w, r)
	})
}

// sentMetricsToken tells whether r carries the metrics token. The hashes
// are compared, in constant time, so neither the token nor its length
// shows in how long a wrong guess takes.
func (s *Server) sentMetricsToken(r *http.Request) bool {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if s.metricsToken == nil || !ok {
		return false
	}
	sum := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(sum[:], s.metricsToken) == 1
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, r, http.StatusOK, s.site)
}

package main

import (
	"fmt"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/metrics"
	"github.com/haat-shop/haat/internal/store"
)

// minMetricsToken is the shortest metrics token taken: /metrics has no
// limit on guesses, so the token must be too long to guess
// (openssl rand -hex 16 makes 32 characters).
const minMetricsToken = 16

// metricsTokenFromEnv reads HAAT_METRICS_TOKEN, which opens /metrics to
// callers on other machines; empty keeps it to this one.
func metricsTokenFromEnv() (string, error) {
	token := env("HAAT_METRICS_TOKEN", "")
	if token != "" && len(token) < minMetricsToken {
		return "", fmt.Errorf("HAAT_METRICS_TOKEN must be at least %d characters (try: openssl rand -hex 16)", minMetricsToken)
	}
	return token, nil
}

// shopMetrics are the series of a shop on db, with its mail sent by sender.
func shopMetrics(db *store.DB, sender *mail.Sender) *metrics.Metrics {
	m := metrics.New()
	m.WatchPool(db)
	m.WatchMail(db, sender)
	return m
}

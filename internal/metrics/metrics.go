// Package metrics keeps the shop's Prometheus series: what the shop counts
// as it works (requests, orders, payments, webhook events, catalogue cache
// reads) and what is read when /metrics is scraped (the database pool, the
// mail outbox). Each Metrics has a registry of its own, so several servers
// in one process (tests) never share or clash.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/shop"
)

// Metrics are the series of one shop.
type Metrics struct {
	reg *prometheus.Registry

	requests  *prometheus.CounterVec
	durations *prometheus.HistogramVec
	// routes holds each route's series once resolved, so a request costs
	// two map reads, never a label set built and hashed.
	routes cowMap[string, *route]

	orders   *prometheus.CounterVec
	payments *prometheus.CounterVec
	webhooks *prometheus.CounterVec
	// cacheHits and cacheMisses count catalogue answers found in the cache
	// and made afresh.
	cacheHits, cacheMisses prometheus.Counter
}

// Unrouted is the route of a request refused before it reached a route
// (such as one with a NUL in its path) or that no route took.
const Unrouted = "unrouted"

// The outcomes of a payment handed over by a customer's browser.
const (
	PaymentVerified = "verified" // its signature checked and the order paid
	PaymentFailed   = "failed"   // refused: a bad signature, or not the customer's order
	PaymentFlagged  = "flagged"  // genuine but too late: kept for an admin
)

// The outcomes of a webhook event.
const (
	WebhookPaid         = "paid"          // the order is paid
	WebhookRefund       = "refund"        // a refund's outcome recorded
	WebhookIgnored      = "ignored"       // an event that pays nothing
	WebhookUnknownOrder = "unknown_order" // for an order the shop does not know
	WebhookFlagged      = "flagged"       // not matching its order, or too late: kept for an admin
	WebhookRefused      = "refused"       // unreadable or unsigned
	WebhookError        = "error"         // our fault: the provider will send it again
)

// webhookEvents are the event names kept as they are; any other is counted
// as "other", and an event whose body could not be trusted as "unverified",
// so a sender cannot add series by inventing names.
var webhookEvents = map[string]bool{"payment.captured": true, "order.paid": true, "refund.processed": true, "refund.failed": true}

// latencyBuckets reach down to a tenth of a millisecond, where cached
// catalogue reads answer, and up to the 60 s a request may take.
var latencyBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}

// New makes the shop's series, with the Go runtime's and the process's.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "haat_http_requests_total",
		Help: "HTTP requests answered, by route pattern and status.",
	}, []string{"route", "status"})
	m.durations = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "haat_http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route pattern.",
		Buckets: latencyBuckets,
	}, []string{"route"})
	m.orders = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "haat_orders_placed_total",
		Help: "Orders placed, by payment method (a repeated request that placed nothing new is not counted).",
	}, []string{"method"})
	m.payments = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "haat_payments_total",
		Help: "Online payments handed over by customers' browsers for verification, by outcome: verified, failed, flagged.",
	}, []string{"outcome"})
	m.webhooks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "haat_webhook_events_total",
		Help: "Payment webhook events received, by event and outcome.",
	}, []string{"event", "outcome"})
	cache := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "haat_catalogue_cache_reads_total",
		Help: "Catalogue answers asked of the cache, by result: hit, or miss (made afresh).",
	}, []string{"result"})
	m.cacheHits, m.cacheMisses = cache.WithLabelValues("hit"), cache.WithLabelValues("miss")
	// Every known label set starts at zero, so a rate is defined from the
	// first scrape rather than from the first event.
	for _, method := range []shop.PaymentMethod{shop.COD, shop.Razorpay} {
		m.orders.WithLabelValues(string(method))
	}
	for _, outcome := range []string{PaymentVerified, PaymentFailed, PaymentFlagged} {
		m.payments.WithLabelValues(outcome)
	}
	m.reg.MustRegister(m.requests, m.durations, m.orders, m.payments, m.webhooks, cache,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the series in Prometheus's text format. It leaves
// compression to the shop's own middleware.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{DisableCompression: true, ErrorHandling: promhttp.ContinueOnError})
}

// route is one route's series: its latency, and its count per status,
// resolved on a status's first use.
type route struct {
	name     string
	duration prometheus.Observer
	statuses cowMap[int, prometheus.Counter]
}

// Request records a request answered by the route of pattern (a ServeMux
// pattern, such as "GET /api/products/{id}", never a path, so ids cannot
// multiply the series; empty for Unrouted) with status, in took.
func (m *Metrics) Request(pattern string, status int, took time.Duration) {
	if pattern == "" {
		pattern = Unrouted
	}
	r := m.routes.get(pattern, func() *route {
		return &route{name: pattern, duration: m.durations.WithLabelValues(pattern)}
	})
	r.statuses.get(status, func() prometheus.Counter {
		return m.requests.WithLabelValues(r.name, strconv.Itoa(status))
	}).Inc()
	r.duration.Observe(took.Seconds())
}

// OrderPlaced counts an order placed with method.
func (m *Metrics) OrderPlaced(method shop.PaymentMethod) {
	m.orders.WithLabelValues(string(method)).Inc()
}

// Payment counts a payment a browser handed over, by its outcome
// (PaymentVerified, PaymentFailed or PaymentFlagged).
func (m *Metrics) Payment(outcome string) {
	m.payments.WithLabelValues(outcome).Inc()
}

// Webhook counts a webhook event by its name and outcome (a Webhook…
// constant); event is empty when the body could not be trusted.
func (m *Metrics) Webhook(event, outcome string) {
	switch {
	case event == "":
		event = "unverified"
	case !webhookEvents[event]:
		event = "other"
	}
	m.webhooks.WithLabelValues(event, outcome).Inc()
}

// CacheRead counts a catalogue answer found in the cache (hit) or not.
func (m *Metrics) CacheRead(hit bool) {
	if hit {
		m.cacheHits.Inc()
		return
	}
	m.cacheMisses.Inc()
}

// Pool tells how a database's connection pool is used.
type Pool interface {
	Stats() sql.DBStats
}

// WatchPool reports the use of pool's connections at each scrape.
func (m *Metrics) WatchPool(pool Pool) {
	gauge := func(name, help string, read func(sql.DBStats) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return read(pool.Stats()) })
	}
	counter := func(name, help string, read func(sql.DBStats) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return read(pool.Stats()) })
	}
	m.reg.MustRegister(
		gauge("haat_db_connections_max_open", "Most connections the pool may open.", func(s sql.DBStats) float64 { return float64(s.MaxOpenConnections) }),
		gauge("haat_db_connections_open", "Connections open, in use or idle.", func(s sql.DBStats) float64 { return float64(s.OpenConnections) }),
		gauge("haat_db_connections_in_use", "Connections running a statement or a transaction.", func(s sql.DBStats) float64 { return float64(s.InUse) }),
		gauge("haat_db_connections_idle", "Connections open and idle.", func(s sql.DBStats) float64 { return float64(s.Idle) }),
		counter("haat_db_connection_waits_total", "Times a statement waited for a free connection.", func(s sql.DBStats) float64 { return float64(s.WaitCount) }),
		counter("haat_db_connection_wait_seconds_total", "Time spent waiting for a free connection.", func(s sql.DBStats) float64 { return s.WaitDuration.Seconds() }),
	)
}

// MailQueue tells how many mails wait to be sent.
type MailQueue interface {
	MailWaiting(ctx context.Context) (int, error)
}

// MailSender tells how its tries went since it started.
type MailSender interface {
	Counts() mail.Counts
}

// WatchMail reports, at each scrape, the mail waiting in queue and how
// sender's tries went.
func (m *Metrics) WatchMail(queue MailQueue, sender MailSender) {
	counter := func(name, help string, read func(mail.Counts) int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(read(sender.Counts())) })
	}
	m.reg.MustRegister(
		&queueLength{queue: queue, desc: prometheus.NewDesc("haat_mail_queue_length",
			"Mails waiting to be sent: new, or failed and waiting to be tried again.", nil, nil)},
		counter("haat_mail_sent_total", "Mails sent.", func(c mail.Counts) int64 { return c.Sent }),
		counter("haat_mail_send_failures_total", "Tries to send a mail that failed (each is retried, up to mail.MaxAttempts).", func(c mail.Counts) int64 { return c.Failed }),
		counter("haat_mail_given_up_total", "Mails given up after their last failed try.", func(c mail.Counts) int64 { return c.GivenUp }),
	)
}

// queueLength reads the mail queue's length from the database when
// scraped; a failed read fails that series alone, and the scrape says why.
type queueLength struct {
	queue MailQueue
	desc  *prometheus.Desc
}

func (q *queueLength) Describe(ch chan<- *prometheus.Desc) { ch <- q.desc }

func (q *queueLength) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := q.queue.MailWaiting(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(q.desc, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(q.desc, prometheus.GaugeValue, float64(n))
}

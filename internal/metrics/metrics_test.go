package metrics

import (
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// A webhook's sender cannot add series by naming events.
func TestWebhookEventsAreBounded(t *testing.T) {
	m := New()
	m.Webhook("payment.captured", WebhookPaid)
	m.Webhook("made.up.event", WebhookIgnored)
	m.Webhook("another.invented.one", WebhookIgnored)
	m.Webhook("", WebhookRefused)
	for _, c := range []struct {
		event, outcome string
		want           float64
	}{
		{"payment.captured", WebhookPaid, 1},
		{"other", WebhookIgnored, 2},
		{"unverified", WebhookRefused, 1},
	} {
		if got := testutil.ToFloat64(m.webhooks.WithLabelValues(c.event, c.outcome)); got != c.want {
			t.Errorf("webhook events {%s, %s} = %v, want %v", c.event, c.outcome, got, c.want)
		}
	}
	if n := testutil.CollectAndCount(m.webhooks); n != 3 {
		t.Errorf("%d webhook series, want 3", n)
	}
}

// Requests on many goroutines, first seen at once, are each counted once
// under their route and status.
func TestRequestsCountedUnderTheirRoute(t *testing.T) {
	m := New()
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := 200
			if i%4 == 0 {
				status = 404
			}
			m.Request("GET /api/products/{id}", status, time.Millisecond)
			m.Request("", 400, time.Millisecond)
		}()
	}
	wg.Wait()
	for _, c := range []struct {
		route, status string
		want          float64
	}{
		{"GET /api/products/{id}", "200", 150},
		{"GET /api/products/{id}", "404", 50},
		{Unrouted, "400", 200},
	} {
		if got := testutil.ToFloat64(m.requests.WithLabelValues(c.route, c.status)); got != c.want {
			t.Errorf("requests {%s, %s} = %v, want %v", c.route, c.status, got, c.want)
		}
	}
	if n := testutil.CollectAndCount(m.durations); n != 2 {
		t.Errorf("%d latency histograms, want one per route (2)", n)
	}
}

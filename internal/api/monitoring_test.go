package api_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// series is a scrape of /metrics: each family by name.
type series map[string]*dto.MetricFamily

// scrape reads /metrics as a caller on this machine.
func (h *harness) scrape(t *testing.T) series {
	t.Helper()
	resp := h.get(t, "/metrics")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: status %d", resp.StatusCode)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("parse /metrics: %v", err)
	}
	return families
}

// value is the value of the series name whose labels include labels
// (name, value, name, value, …); ok is false when there is none.
func (s series) value(name string, labels ...string) (v float64, ok bool) {
	f := s[name]
	if f == nil {
		return 0, false
	}
next:
	for _, m := range f.Metric {
		have := map[string]string{}
		for _, l := range m.Label {
			have[l.GetName()] = l.GetValue()
		}
		for i := 0; i+1 < len(labels); i += 2 {
			if have[labels[i]] != labels[i+1] {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

// expect checks that the series name with labels has the value want.
func (s series) expect(t *testing.T, want float64, name string, labels ...string) {
	t.Helper()
	got, ok := s.value(name, labels...)
	if !ok {
		t.Errorf("no series %s%v", name, labels)
		return
	}
	if got != want {
		t.Errorf("%s%v = %v, want %v", name, labels, got, want)
	}
}

// After a request, an order of each kind, a payment, webhook events and
// mail, /metrics counts each by its own labels.
func TestMetricsCountTheShopsWork(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		tee := stockedProduct(t, db, "Metric Tee", 49900, map[string]int{"M": 10})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		// On PostgreSQL, so the shared catalogue version read in the
		// background cannot change between the two reads.
		if err := db.SyncCatalogue(t.Context()); err != nil {
			t.Fatal(err)
		}

		h.getJSON(t, "/api/products/"+tee.productID, http.StatusOK, &map[string]any{}) // made afresh
		h.getJSON(t, "/api/products/"+tee.productID, http.StatusOK, &map[string]any{}) // from the cache
		h.getJSON(t, "/api/products/"+strings.Repeat("f", 24), http.StatusNotFound, &message{})
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), http.StatusCreated, nil)
		online := h.placeOnline(t, c, tee, "M", 1)
		c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(online, "pay_FORGEDFORGED00", "not-a-signature"), http.StatusBadRequest, nil)
		c.do(t, "POST", "/api/orders/verifyPayment", verifyBody(online, "pay_AAAAAAAAAAAAAA", sign(online.RazorpayOrderID, "pay_AAAAAAAAAAAAAA")), http.StatusOK, nil)
		event := captured(online.RazorpayOrderID, "pay_AAAAAAAAAAAAAA", onlineTotal(tee, 1))
		if code := h.postWebhook(t, event, sign(online.RazorpayOrderID, "")); code != http.StatusBadRequest {
			t.Errorf("an unsigned webhook: status %d", code)
		}
		sent := len(h.sent(t))
		h.mail.fail(errors.New("mail server down"))
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price, tee.line("M", 1)), http.StatusCreated, nil)
		if len(h.sent(t)) != sent {
			t.Fatal("a mail went out while the mail server was down")
		}
		s := h.scrape(t)

		s.expect(t, 2, "haat_http_requests_total", "route", "GET /api/products/{id}", "status", "200")
		s.expect(t, 1, "haat_http_requests_total", "route", "GET /api/products/{id}", "status", "404")
		s.expect(t, 3, "haat_http_request_duration_seconds", "route", "GET /api/products/{id}")
		s.expect(t, 3, "haat_http_requests_total", "route", "POST /api/orders", "status", "201")
		for name, f := range s {
			for _, m := range f.Metric {
				for _, l := range m.Label {
					if strings.Contains(l.GetValue(), tee.productID) || strings.Contains(l.GetValue(), "ffffff") {
						t.Errorf("%s has the label %s=%q: an id made a series", name, l.GetName(), l.GetValue())
					}
				}
			}
		}
		s.expect(t, 1, "haat_catalogue_cache_reads_total", "result", "hit")
		s.expect(t, 2, "haat_catalogue_cache_reads_total", "result", "miss") // the product, and the unknown id
		s.expect(t, 2, "haat_orders_placed_total", "method", "COD")
		s.expect(t, 1, "haat_orders_placed_total", "method", "Razorpay")
		s.expect(t, 1, "haat_payments_total", "outcome", "verified")
		s.expect(t, 1, "haat_payments_total", "outcome", "failed")
		s.expect(t, 0, "haat_payments_total", "outcome", "flagged")
		s.expect(t, 1, "haat_webhook_events_total", "event", "unverified", "outcome", "refused")
		s.expect(t, float64(sent), "haat_mail_sent_total")
		s.expect(t, 1, "haat_mail_send_failures_total")
		s.expect(t, 0, "haat_mail_given_up_total")
		s.expect(t, 1, "haat_mail_queue_length")
		if open, ok := s.value("haat_db_connections_open"); !ok || open < 1 {
			t.Errorf("haat_db_connections_open = %v (%v), want at least one connection", open, ok)
		}
		if _, ok := s.value("haat_db_connections_max_open"); !ok {
			t.Error("no haat_db_connections_max_open")
		}
		if _, ok := s.value("go_goroutines"); !ok {
			t.Error("no Go runtime series")
		}

		// The webhook that pays: the simulator's widget sends it.
		second := h.placeOnline(t, c, tee, "M", 1)
		c.do(t, "POST", "/api/payments/simulator/pay", map[string]any{"order_id": second.RazorpayOrderID, "method": "upi"}, http.StatusOK, nil)
		h.scrape(t).expect(t, 1, "haat_webhook_events_total", "event", "payment.captured", "outcome", "paid")
	})
}

// /metrics is for callers on this machine, or with the token; a request
// passed on by a proxy on this machine is not local.
func TestMetricsAreForLocalCallersOrTheToken(t *testing.T) {
	const token = "0123456789abcdef0123456789abcdef"
	local, err := proxy.Parse("127.0.0.1, ::1")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.MetricsToken, o.TrustedProxies = token, local })
		closed := newHarness(t, db, func(o *api.Options) { o.TrustedProxies = local })
		for _, c := range []struct {
			name   string
			h      *harness
			remote bool // from another machine, not over loopback
			header []string
			want   int
		}{
			{"this machine", h, false, nil, http.StatusOK},
			{"this machine without a token set", closed, false, nil, http.StatusOK},
			{"through a trusted proxy on this machine", h, false, []string{"X-Forwarded-For", "203.0.113.9"}, http.StatusForbidden},
			{"through a proxy that only says the scheme", closed, false, []string{"X-Forwarded-Proto", "https"}, http.StatusForbidden},
			{"through a proxy, with the token", h, false, []string{"X-Forwarded-For", "203.0.113.9", "Authorization", "Bearer " + token}, http.StatusOK},
			{"another machine", h, true, nil, http.StatusForbidden},
			{"another machine, a wrong token", h, true, []string{"Authorization", "Bearer " + strings.Repeat("0", len(token))}, http.StatusForbidden},
			{"another machine, the token without Bearer", h, true, []string{"Authorization", token}, http.StatusForbidden},
			{"another machine, the token", h, true, []string{"Authorization", "Bearer " + token}, http.StatusOK},
			{"another machine, no token set", closed, true, []string{"Authorization", "Bearer "}, http.StatusForbidden},
			// A forged header cannot make a distant caller local.
			{"another machine, claiming to be local", h, true, []string{"X-Forwarded-For", "127.0.0.1"}, http.StatusForbidden},
		} {
			t.Run(c.name, func(t *testing.T) {
				var status int
				var body string
				if c.remote {
					req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
					req.RemoteAddr = "203.0.113.7:40000"
					for i := 0; i+1 < len(c.header); i += 2 {
						req.Header.Set(c.header[i], c.header[i+1])
					}
					rec := httptest.NewRecorder()
					c.h.Config.Handler.ServeHTTP(rec, req)
					status, body = rec.Code, rec.Body.String()
				} else {
					resp := c.h.get(t, "/metrics", c.header...)
					b, err := io.ReadAll(resp.Body)
					if err != nil {
						t.Fatal(err)
					}
					status, body = resp.StatusCode, string(b)
				}
				if status != c.want {
					t.Fatalf("status %d, want %d; body %.200s", status, c.want, body)
				}
				if served := strings.Contains(body, "haat_orders_placed_total"); served != (c.want == http.StatusOK) {
					t.Errorf("series served: %v, want %v", served, c.want == http.StatusOK)
				}
			})
		}
	})
}

// Every answer names its request in X-Request-Id, and so do the request's
// line in the log and the error it logged; a trusted proxy's id is kept.
func TestRequestIDs(t *testing.T) {
	trusted, err := proxy.Parse("127.0.0.1, ::1")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		behindProxy := newHarness(t, db, func(o *api.Options) { o.TrustedProxies = trusted })
		s := newStory(t)

		s.step("each request gets an id of its own", func(t *testing.T) {
			first := h.get(t, "/api/config").Header.Get("X-Request-Id")
			second := h.get(t, "/api/config").Header.Get("X-Request-Id")
			if first == "" || first == second {
				t.Fatalf("ids %q and %q: want two different ones", first, second)
			}
			if !strings.Contains(h.logs.String(), "request_id="+first) {
				t.Errorf("no log line names %s:\n%s", first, h.logs)
			}
		})
		s.step("a trusted proxy's sane id is kept", func(t *testing.T) {
			const id = "7f3c1e9a2b4d4f60a1b2c3d4e5f60718"
			if got := behindProxy.get(t, "/api/config", "X-Request-Id", id).Header.Get("X-Request-Id"); got != id {
				t.Errorf("id %q, want the proxy's %q", got, id)
			}
			for _, bad := range []string{"two words", "a\"quote", strings.Repeat("x", 129), "é"} {
				if got := behindProxy.get(t, "/api/config", "X-Request-Id", bad).Header.Get("X-Request-Id"); got == bad || got == "" {
					t.Errorf("proxy's id %q: answered %q, want an id of our own", bad, got)
				}
			}
		})
		s.step("another caller's id is not", func(t *testing.T) {
			if got := h.get(t, "/api/config", "X-Request-Id", "chosen-by-the-client").Header.Get("X-Request-Id"); got == "chosen-by-the-client" || got == "" {
				t.Errorf("an untrusted caller chose the id %q", got)
			}
		})
		s.step("a failing request's error and its line carry its id", func(t *testing.T) {
			tee := stockedProduct(t, db, "Doomed Tee", 49900, map[string]int{"M": 1})
			db.Close()
			resp := h.get(t, "/api/products/"+tee.productID)
			id := resp.Header.Get("X-Request-Id")
			if resp.StatusCode != http.StatusInternalServerError || id == "" {
				t.Fatalf("status %d, id %q: want a 500 with an id", resp.StatusCode, id)
			}
			var failed, line bool
			for _, l := range strings.Split(h.logs.String(), "\n") {
				if !strings.Contains(l, "request_id="+id) {
					continue
				}
				failed = failed || strings.Contains(l, "level=ERROR") && strings.Contains(l, `msg="request failed"`)
				line = line || strings.Contains(l, "msg=request ") && strings.Contains(l, "status=500")
			}
			if !failed || !line {
				t.Errorf("error logged with the id: %v, request line with it: %v\n%s", failed, line, h.logs)
			}
		})
	})
}

// /readyz answers 200 while the database and every configured check
// answer, and 503 naming those that do not.
func TestReadyz(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		var ok, down struct {
			Status, Message string
			Checks          map[string]string
		}
		h.getJSON(t, "/readyz", http.StatusOK, &ok)
		if ok.Status != "ready" || ok.Checks["database"] != "ok" || ok.Checks["pictures"] != "ok" {
			t.Errorf("readyz = %+v", ok)
		}

		if err := os.RemoveAll(h.uploads); err != nil {
			t.Fatal(err)
		}
		h.getJSON(t, "/readyz", http.StatusServiceUnavailable, &down)
		if down.Message != "not ready: pictures" || down.Checks["database"] != "ok" || down.Checks["pictures"] != "failing" {
			t.Errorf("readyz without the pictures' folder = %+v", down)
		}
		if !regexp.MustCompile(`level=ERROR msg="not ready" check=pictures err=.*request_id=`).MatchString(h.logs.String()) {
			t.Errorf("why the pictures check failed is not in the log:\n%s", h.logs)
		}

		db.Close()
		h.getJSON(t, "/readyz", http.StatusServiceUnavailable, &down)
		if down.Message != "not ready: database, pictures" || down.Checks["database"] != "failing" {
			t.Errorf("readyz with the database closed = %+v", down)
		}
	})
}

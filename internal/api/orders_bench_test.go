package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// BenchmarkPlaceCOD places cash-on-delivery orders of one unit of one hot
// size as one customer from 8 goroutines, the limits per customer off: the
// busiest write of a sale, without HTTP's network cost. Run with
// -cpuprofile to see where an order's time goes.
func BenchmarkPlaceCOD(b *testing.B) {
	for _, d := range storetest.Each(b) {
		h := newHarness(b, d.DB, func(o *api.Options) { o.OrderLimits = &shop.OrderLimits{} })
		f := stockedProduct(b, d.DB, "Hot tee", 49900, map[string]int{"M": 100_000_000})
		customer := h.signIn(b, shop.RoleCustomer, "customer@example.com", "9000000003")
		u, _ := url.Parse(h.URL)
		cookies := customer.http.Jar.Cookies(u)
		body, _ := json.Marshal(orderBody(shop.COD, f.price, f.line("M", 1)))
		b.Run(d.Name, func(b *testing.B) {
			b.SetParallelism(8)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req := httptest.NewRequest(http.MethodPost, "/api/orders", bytes.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					for _, ck := range cookies {
						req.AddCookie(ck)
					}
					rec := httptest.NewRecorder()
					h.Config.Handler.ServeHTTP(rec, req)
					if rec.Code != http.StatusCreated {
						b.Fatalf("status %d %s", rec.Code, rec.Body)
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "orders/s")
		})
	}
}

package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A request's Host header is the client's to write: links built from it
// would point a shared preview or an e-mail at any site the client names.
func TestForgedHostGetsNoLinks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// Without a configured address the server uses the one it listens on,
		// which the test names localhost here.
		h := newHarness(t, db, func(o *api.Options) { o.PublicURL = "" })
		tee := stockedProduct(t, db, "Chikan Tee", 34950, map[string]int{"M": 5})
		const forged = "evil.example"

		for _, path := range []string{"/", "/product/" + tee.productID} {
			req, _ := http.NewRequest("GET", h.URL+path, nil)
			req.Host = forged
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(body), forged) || !strings.Contains(string(body), `content="http://localhost`+path+`"`) {
				t.Errorf("GET %s with Host %s: the head links to the forged host or not to the shop:\n%s", path, forged, body)
			}
		}

		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		req := c.request(t, "POST", "/api/orders", orderBody(shop.COD, 34950, tee.line("M", 1)))
		req.Host = forged
		for _, ck := range c.http.Jar.Cookies(req.URL) {
			req.AddCookie(ck)
		}
		if got := c.send(t, req, nil); got != http.StatusCreated {
			t.Fatalf("order with a forged Host: %d", got)
		}
		sent := h.mail.Sent()
		mail := sent[len(sent)-1]
		if strings.Contains(mail.Text, forged) || !strings.Contains(mail.Text, "http://localhost/order/") {
			t.Errorf("the order e-mail links to the forged host or not to the shop:\n%s", mail.Text)
		}
	})
}

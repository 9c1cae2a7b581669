// Package loadtest drives a running shop for the load benchmark (haat-load)
// and the cluster test (haat-cluster): requests read through as a browser
// would, runs of many connections for a fixed time with their rate and
// latency percentiles, order bodies priced as the shop prices them, and
// fresh PostgreSQL schemas.
package loadtest

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/haat-shop/haat/internal/shop"
)

// Fetch does one request and reads the whole answer, as a browser would,
// and returns its status.
func Fetch(c *http.Client, method, u string, body []byte, header http.Header) (int, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		return 0, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err
}

// JSON is the header of a request with a JSON body.
var JSON = http.Header{"Content-Type": {"application/json"}}

// Result is what a Run measured.
type Result struct {
	Name          string
	RPS           float64
	P50, P95, P99 time.Duration
	// Counts are the answers by the classes Run's classify gave them,
	// "error" for failed requests.
	Counts map[string]int
	// AnswerBytes is the mean size of an answer as sent, headers included,
	// when the generator reports it (wrk does): answers past the server's
	// 4 KB write buffer take two writes, which a rate alone does not show.
	AnswerBytes float64
	// Requests is how many requests were answered, or failed.
	Requests int
	// ServerCPU is the processor time the server spent on each request,
	// when it was measured (Server.CPU): what a request costs, where the
	// rate is also what the load generator left the server of the machine.
	ServerCPU time.Duration
}

// Succeeded counts each 2xx answer as "ok" and anything else as "error".
func Succeeded(code int) string {
	if code >= 200 && code < 300 {
		return "ok"
	}
	return "error"
}

// Run calls do from conns goroutines at once for d, and measures the rate
// and latency of all its requests; classify names the class of each answer
// by its status.
func Run(name string, conns int, d time.Duration, do func() (int, error), classify func(int) string) Result {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	counts := map[string]int{}
	var wg sync.WaitGroup
	start := time.Now()
	for range conns {
		wg.Go(func() {
			var mine []time.Duration
			local := map[string]int{}
			for ctx.Err() == nil {
				t := time.Now()
				code, err := do()
				mine = append(mine, time.Since(t))
				if err != nil {
					local["error"]++
					continue
				}
				local[classify(code)]++
			}
			mu.Lock()
			lat = append(lat, mine...)
			for k, v := range local {
				counts[k] += v
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(p*float64(len(lat)-1))]
	}
	return Result{Name: name, RPS: float64(len(lat)) / elapsed.Seconds(), P50: pct(0.50), P95: pct(0.95), P99: pct(0.99),
		Counts: counts, Requests: len(lat)}
}

// Milliseconds is d in milliseconds, for printing.
func Milliseconds(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// CODOrder is the body of a cash-on-delivery order of qty of one size,
// with the totals the shop will compute for it.
func CODOrder(productID, sizeID string, price shop.Paise, qty int, email string) []byte {
	p := shop.PriceItems(price*shop.Paise(qty), shop.COD)
	body, _ := json.Marshal(map[string]any{
		"orderItems": []map[string]any{{"_id": productID, "qty": qty, "variant": map[string]any{"size": map[string]any{"_id": sizeID}}}},
		"shippingAddress": map[string]any{"shippingName": "Load Test", "shippingEmail": email,
			"shippingPhoneNumber": "9000000003", "address": "1 Benchmark Lane, Indiranagar", "city": "Bengaluru",
			"district": "Bengaluru Urban", "state": "Karnataka", "pinCode": "560038"},
		"paymentMethod": string(shop.COD), "itemsPrice": p.Items, "shippingPrice": p.Shipping,
		"secureTransactionFee": p.SecureFee, "discount": p.Discount, "totalPrice": p.Total,
	})
	return body
}

// FreshSchema makes a schema in the PostgreSQL database at base and returns
// the URL of base with it as the search path, and a function that drops it.
func FreshSchema(base, prefix string) (string, func(), error) {
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	schema := fmt.Sprintf("%s_%d", prefix, time.Now().UnixNano())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		db.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
		db.Close()
	}, nil
}

// ListedSize is one size of a product as the catalogue lists it.
type ListedSize struct {
	ProductID, SizeID string
	Price             shop.Paise
	Stock             int
}

// FirstPageSizes lists every size of the products on the catalogue's first
// page, product by product: read from /api/products/all, whose products are
// whole (a storefront list's are cards, without sizes).
func FirstPageSizes(c *http.Client, base string) ([]ListedSize, error) {
	resp, err := c.Get(base + "/api/products/all?pageNumber=1")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var page struct {
		Products []struct {
			ID       string     `json:"_id"`
			Price    shop.Paise `json:"price"`
			Variants []struct {
				Sizes []struct {
					ID    string `json:"_id"`
					Stock int    `json:"stock"`
				} `json:"sizes"`
			} `json:"variants"`
		} `json:"products"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		return nil, fmt.Errorf("read the first page of products: %w", err)
	}
	var all []ListedSize
	for _, p := range page.Products {
		for _, v := range p.Variants {
			for _, s := range v.Sizes {
				all = append(all, ListedSize{ProductID: p.ID, SizeID: s.ID, Price: p.Price, Stock: s.Stock})
			}
		}
	}
	return all, nil
}

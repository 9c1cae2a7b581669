// Command haat-load measures a running haat on this machine: it seeds a
// fresh database with many products, starts the server, drives each kind of
// request for a fixed time at a fixed number of connections over loopback,
// and prints throughput, latency percentiles, errors, the server's peak
// memory and each API rate as a share of the static-asset rate of the same
// run. Run it through `make bench`.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/haat-shop/haat/internal/loadtest"
)

type config struct {
	haat     string
	products int
	duration time.Duration
	conns    int
	pgURL    string
}

func main() {
	var c config
	flag.StringVar(&c.haat, "haat", "bin/haat", "the haat binary to measure")
	flag.IntVar(&c.products, "products", 500, "generated products to seed besides the demo catalogue")
	flag.DurationVar(&c.duration, "duration", 8*time.Second, "how long each measurement runs")
	flag.IntVar(&c.conns, "conns", 32, "concurrent connections")
	flag.StringVar(&c.pgURL, "postgres", "", "also measure on this PostgreSQL database (a fresh schema is made and dropped)")
	flag.Parse()

	if err := measure(c, ""); err != nil {
		fmt.Fprintln(os.Stderr, "haat-load:", err)
		os.Exit(1)
	}
	if c.pgURL != "" {
		if err := measure(c, c.pgURL); err != nil {
			fmt.Fprintln(os.Stderr, "haat-load (postgresql):", err)
			os.Exit(1)
		}
	}
}

func measure(c config, pgURL string) error {
	dir, err := os.MkdirTemp("", "haat-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	dbName := "SQLite"
	var dbURL string
	if pgURL != "" {
		dbName = "PostgreSQL"
		var drop func()
		dbURL, drop, err = loadtest.FreshSchema(pgURL, "bench")
		if err != nil {
			return err
		}
		defer drop()
	}
	dbArgs := []string{"--data", dir}
	if dbURL != "" {
		dbArgs = append(dbArgs, "--db", dbURL)
	}
	fmt.Printf("\n== haat on %s: %d generated + demo products, %d connections, %s per measurement ==\n",
		dbName, c.products, c.conns, c.duration)
	seed := exec.Command(c.haat, append([]string{"seed", "--demo", "--extra", strconv.Itoa(c.products)}, dbArgs...)...)
	if out, err := seed.CombinedOutput(); err != nil {
		return fmt.Errorf("seed: %v\n%s", err, out)
	}
	s, err := start(c.haat, dir, dbArgs)
	if err != nil {
		return err
	}
	defer s.Stop()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c.conns, MaxConnsPerHost: c.conns}, Timeout: 30 * time.Second}
	asset, keyword, ids, err := discover(client, s.Base)
	if err != nil {
		return err
	}
	get := func(path func() string) func() (int, error) {
		return func() (int, error) { return loadtest.Fetch(client, "GET", s.Base+path(), nil, nil) }
	}
	fixed := func(p string) func() string { return func() string { return p } }

	run := func(name string, do func() (int, error)) loadtest.Result {
		return loadtest.Run(name, c.conns, c.duration, do, loadtest.Succeeded)
	}
	results := []loadtest.Result{
		run("static asset "+asset, get(fixed(asset))),
		run("GET /", get(fixed("/"))),
		run("GET /api/products?pageNumber=1", get(fixed("/api/products?pageNumber=1"))),
		run("GET /api/products?keyword="+keyword, get(fixed("/api/products?keyword="+url.QueryEscape(keyword)))),
		run("GET /api/products/{id}", get(func() string { return "/api/products/" + ids[rand.IntN(len(ids))] })),
		run("GET /api/products/top", get(fixed("/api/products/top"))),
	}
	checkout, consistent, err := checkoutMix(c, s.Base)
	if err != nil {
		return err
	}
	results = append(results, checkout)

	static := results[0].RPS
	fmt.Printf("\n%-44s %9s %8s %8s %8s %7s %9s\n", "request", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "vs static")
	for _, r := range results {
		fmt.Printf("%-44s %9.0f %8.2f %8.2f %8.2f %7d %8.0f%%\n", r.Name, r.RPS, loadtest.Milliseconds(r.P50),
			loadtest.Milliseconds(r.P95), loadtest.Milliseconds(r.P99), r.Counts["error"], 100*r.RPS/static)
	}
	fmt.Printf("checkout: %d orders placed, %d refused for stock; stock consistent after the run: %v\n",
		checkout.Counts["ok"], checkout.Counts["soldout"], consistent)
	fmt.Printf("server peak resident memory: %.1f MB\n", float64(s.PeakKiB())/1024)
	if !consistent {
		return errors.New("stock is not consistent after the checkout mix")
	}
	return nil
}

// start runs haat on a free port of this machine.
func start(haat, dir string, dbArgs []string) (*loadtest.Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	// The checkout mix places many COD orders as one customer: the limits
	// per customer would refuse them and change what is measured.
	return loadtest.StartHaat(haat, addr, filepath.Join(dir, "server.log"), dbArgs,
		[]string{"HAAT_MAX_OPEN_COD_ORDERS=0", "HAAT_MAX_UNITS_PER_SIZE=0"})
}

var assetRef = regexp.MustCompile(`/assets/[^"']+\.js`)

// discover finds a hashed asset, a keyword that matches, and the ids of
// the first page of products.
func discover(c *http.Client, base string) (asset, keyword string, ids []string, err error) {
	resp, err := c.Get(base + "/")
	if err != nil {
		return "", "", nil, err
	}
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	asset = assetRef.FindString(string(html))
	if asset == "" {
		return "", "", nil, errors.New("no hashed asset in index.html: was the web app built?")
	}
	resp, err = c.Get(base + "/api/products/all")
	if err != nil {
		return "", "", nil, err
	}
	var first struct {
		Products []struct {
			ID string `json:"_id"`
		} `json:"products"`
	}
	err = json.NewDecoder(resp.Body).Decode(&first)
	resp.Body.Close()
	if err != nil || len(first.Products) == 0 {
		return "", "", nil, fmt.Errorf("list products: %v", err)
	}
	for _, p := range first.Products {
		ids = append(ids, p.ID)
	}
	return asset, "polo", ids, nil
}

// checkoutMix has signed-in customers place cash-on-delivery orders for a
// few hot sizes until the time is up or the stock runs out, then checks
// that every unit is accounted for: initial stock = orders + stock left.
func checkoutMix(c config, base string) (loadtest.Result, bool, error) {
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: c.conns, MaxConnsPerHost: c.conns}, Timeout: 30 * time.Second}
	login, _ := json.Marshal(map[string]any{"loginId": "customer@example.com", "password": "haat-demo"})
	if code, err := loadtest.Fetch(client, "POST", base+"/api/users/auth", login, loadtest.JSON); err != nil || code != 200 {
		return loadtest.Result{}, false, fmt.Errorf("sign in the demo customer: %d %v", code, err)
	}
	hot, err := hotSizes(client, base, 4)
	if err != nil {
		return loadtest.Result{}, false, err
	}
	var mu sync.Mutex
	placed := map[string]int{}
	do := func() (int, error) {
		h := hot[rand.IntN(len(hot))]
		body := loadtest.CODOrder(h.ProductID, h.SizeID, h.Price, 1, "customer@example.com")
		code, err := loadtest.Fetch(client, "POST", base+"/api/orders", body, loadtest.JSON)
		if code == http.StatusCreated {
			mu.Lock()
			placed[h.SizeID]++
			mu.Unlock()
		}
		return code, err
	}
	res := loadtest.Run("checkout mix (COD orders, 4 hot sizes)", c.conns, c.duration, do, func(code int) string {
		switch code {
		case http.StatusCreated:
			return "ok"
		case http.StatusConflict:
			return "soldout"
		}
		return "error"
	})
	after, err := hotSizes(client, base, 0)
	if err != nil {
		return res, false, err
	}
	left := map[string]int{}
	for _, h := range after {
		left[h.SizeID] = h.Stock
	}
	consistent := true
	for _, h := range hot {
		if h.Stock != placed[h.SizeID]+left[h.SizeID] || left[h.SizeID] < 0 {
			consistent = false
			fmt.Printf("size %s: %d at start, %d ordered, %d left\n", h.SizeID, h.Stock, placed[h.SizeID], left[h.SizeID])
		}
	}
	return res, consistent, nil
}

// hotSizes picks the n sizes with the most stock on the first page (or,
// with n = 0, reports every size there).
func hotSizes(c *http.Client, base string, n int) ([]loadtest.ListedSize, error) {
	all, err := loadtest.FirstPageSizes(c, base)
	if err != nil || n == 0 {
		return all, err
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Stock > all[j].Stock })
	if len(all) < n || all[n-1].Stock == 0 {
		return nil, errors.New("not enough sizes in stock for the checkout mix")
	}
	return all[:n], nil
}

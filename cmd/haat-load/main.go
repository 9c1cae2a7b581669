// Command haat-load measures a running haat on this machine: it seeds a
// fresh database with many products, starts the server, drives each kind of
// request for a fixed time at a fixed number of connections over loopback,
// and prints throughput, latency percentiles, errors, the server's peak
// memory and each rate as a share of a bare net/http server's rate in the
// same run. Run it through `make bench`.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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
	only     string
}

func main() {
	var c config
	flag.StringVar(&c.haat, "haat", "bin/haat", "the haat binary to measure")
	flag.IntVar(&c.products, "products", 500, "generated products to seed besides the demo catalogue")
	flag.DurationVar(&c.duration, "duration", 8*time.Second, "how long each measurement runs")
	flag.IntVar(&c.conns, "conns", 32, "concurrent connections")
	flag.StringVar(&c.pgURL, "postgres", "", "also measure on this PostgreSQL database (a fresh schema is made and dropped)")
	flag.StringVar(&c.only, "only", "", "measure only the reads or only checkout (reads|checkout); both when empty")
	bare := flag.String("bare-serve", "", "serve the bare net/http baseline on this address (haat-load runs itself so)")
	flag.Parse()

	if *bare != "" {
		if err := serveBare(*bare); err != nil {
			fmt.Fprintln(os.Stderr, "haat-load baseline:", err)
			os.Exit(1)
		}
		return
	}

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
	seed := exec.Command(c.haat, append([]string{"seed", "--demo", "--extra", strconv.Itoa(c.products),
		"--stock", strconv.Itoa(checkoutStock)}, dbArgs...)...)
	if out, err := seed.CombinedOutput(); err != nil {
		return fmt.Errorf("seed: %v\n%s", err, out)
	}
	bare, err := startBare(dir)
	if err != nil {
		return err
	}
	defer bare.Stop()
	s, err := start(c.haat, dir, dbArgs)
	if err != nil {
		return err
	}
	defer s.Stop()

	client := newClient(c.conns, nil)
	shopper, err := signIn(s.Base, c.conns)
	if err != nil {
		return err
	}
	category, ids, err := discover(client, s.Base)
	if err != nil {
		return err
	}
	read, how := readers(c)
	fmt.Println("reads measured with", how)
	// Each read also takes the processor time its server spent on it.
	readOn := func(srv *loadtest.Server, name, url string, header http.Header) (loadtest.Result, error) {
		before := srv.CPU()
		res, err := read(name, url, header)
		if err == nil && res.Requests > 0 {
			res.ServerCPU = (srv.CPU() - before) / time.Duration(res.Requests)
		}
		return res, err
	}
	const list = "/api/products?pageNumber=1"
	reads := []struct {
		name, url string
		header    http.Header
	}{
		{"GET /robots.txt", s.Base + "/robots.txt", nil},
		{"GET / (home page HTML)", s.Base + "/", nil},
		{"GET " + list, s.Base + list, nil},
		{"GET " + list + " signed in", s.Base + list, cookieHeader(shopper, s.Base)},
		{"GET /api/products?keyword=polo", s.Base + "/api/products?keyword=polo", nil},
		{"GET /api/products/category/{c}", s.Base + "/api/products/category/" + url.PathEscape(category), nil},
		{"GET /api/products/{id}", s.Base + "/api/products/" + ids[0], nil},
		{"GET /api/products/top", s.Base + "/api/products/top", nil},
	}
	// The bare server is measured before the first read and after each, and
	// each read is set against the two measured beside it: a shared machine
	// drifts over the minutes a run takes, and one early baseline made the
	// later reads' shares swing with it.
	measureBare := func() (loadtest.Result, error) {
		return readOn(bare, "bare net/http, 39-byte body", bare.Base+"/", nil)
	}
	first, err := measureBare()
	if err != nil {
		return err
	}
	bares := []loadtest.Result{first}
	var results []loadtest.Result
	var baselines []float64
	if c.only == "checkout" {
		reads = nil
	}
	for _, r := range reads {
		res, err := readOn(s, r.name, r.url, r.header)
		if err != nil {
			return err
		}
		after, err := measureBare()
		if err != nil {
			return err
		}
		results = append(results, res)
		baselines = append(baselines, (bares[len(bares)-1].RPS+after.RPS)/2)
		bares = append(bares, after)
	}
	readPeak := s.PeakKiB()
	var runs []checkout
	if c.only != "reads" {
		if runs, err = checkouts(c, dir, s.Base); err != nil {
			return err
		}
	}
	baseline := mean(bares, func(r loadtest.Result) float64 { return r.RPS })
	for _, o := range runs {
		results = append(results, o.Result)
		baselines = append(baselines, baseline)
	}
	bareRow := bares[0]
	bareRow.Name, bareRow.RPS = "bare net/http, 39-byte body (mean)", baseline
	bareRow.ServerCPU = time.Duration(mean(bares, func(r loadtest.Result) float64 { return float64(r.ServerCPU) }))
	results = append([]loadtest.Result{bareRow}, results...)
	baselines = append([]float64{baseline}, baselines...)

	fmt.Printf("\n%-48s %9s %8s %8s %7s %8s %9s %7s\n", "request", "req/s", "p50 ms", "p99 ms", "errors", "vs bare", "B/answer", "CPU µs")
	for i, r := range results {
		size, cpu := "-", "-"
		if r.AnswerBytes > 0 {
			size = strconv.FormatFloat(r.AnswerBytes, 'f', 0, 64)
		}
		if r.ServerCPU > 0 {
			cpu = strconv.FormatFloat(float64(r.ServerCPU.Nanoseconds())/1000, 'f', 1, 64)
		}
		fmt.Printf("%-48s %9.0f %8.2f %8.2f %7d %7.0f%% %9s %7s\n", r.Name, r.RPS, loadtest.Milliseconds(r.P50),
			loadtest.Milliseconds(r.P99), r.Counts["error"], 100*r.RPS/baselines[i], size, cpu)
	}
	fmt.Println("CPU µs: the processor time the server spent on each answer, in all its threads, user and system")
	if len(bares) > 1 {
		lo, hi := bares[0].RPS, bares[0].RPS
		for _, b := range bares {
			lo, hi = min(lo, b.RPS), max(hi, b.RPS)
		}
		fmt.Printf("the bare server, measured %d times (before the reads and after each): %.0f-%.0f req/s, mean %.0f; "+
			"each read is shown against the mean of the two beside it, checkout against the mean of all\n",
			len(bares), lo, hi, baseline)
	}
	for _, o := range runs {
		fmt.Printf("%s: %d orders placed, %d refused for stock; stock consistent after the run: %v\n",
			o.Name, o.Counts["ok"], o.Counts["soldout"], o.consistent)
	}
	fmt.Printf("server peak resident memory: %.1f MB after the reads, %.1f MB after checkout\n",
		float64(readPeak)/1024, float64(s.PeakKiB())/1024)
	generator := loadtest.Run("bare net/http, haat-load's own client", c.conns, c.duration, func() (int, error) {
		return loadtest.Fetch(client, "GET", bare.Base+"/", nil, nil)
	}, loadtest.Succeeded)
	fmt.Printf("the generator's own ceiling: haat-load's Go client gets %.0f req/s from the bare server (%.0f%% of its mean above)\n",
		generator.RPS, 100*generator.RPS/baseline)
	for _, o := range runs {
		if !o.consistent {
			return errors.New("stock is not consistent after a checkout run")
		}
	}
	return nil
}

// The checkout runs measure orders, not sold-out answers: every size gets
// more stock than a run can sell.
const checkoutStock = 10_000_000

// checkoutConns is how many customers' connections place orders on one hot
// size at once in checkoutHot.
const checkoutConns = 16

func newClient(conns int, jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}, Timeout: 30 * time.Second}
}

// start runs haat on a free port of this machine.
func start(haat, dir string, dbArgs []string) (*loadtest.Server, error) {
	// The checkout runs place many COD orders as one customer: the limits
	// per customer would refuse them and change what is measured.
	return loadtest.StartHaat(haat, freeAddr(), filepath.Join(dir, "server.log"), dbArgs,
		[]string{"HAAT_MAX_OPEN_COD_ORDERS=0", "HAAT_MAX_UNITS_PER_SIZE=0"})
}

func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("no free port on loopback: %v", err))
	}
	defer ln.Close()
	return ln.Addr().String()
}

// signIn is a client with the demo customer's session cookie.
func signIn(base string, conns int) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	client := newClient(conns, jar)
	login, _ := json.Marshal(map[string]any{"loginId": "customer@example.com", "password": "haat-demo"})
	if code, err := loadtest.Fetch(client, "POST", base+"/api/users/auth", login, loadtest.JSON); err != nil || code != 200 {
		return nil, fmt.Errorf("sign in the demo customer: %d %v", code, err)
	}
	return client, nil
}

// discover finds a category and product ids.
func discover(c *http.Client, base string) (category string, ids []string, err error) {
	resp, err := c.Get(base + "/api/products/categories")
	if err != nil {
		return "", nil, err
	}
	var categories []struct {
		Name string `json:"name"`
	}
	err = json.NewDecoder(resp.Body).Decode(&categories)
	resp.Body.Close()
	if err != nil || len(categories) == 0 {
		return "", nil, fmt.Errorf("list categories: %v", err)
	}
	sizes, err := loadtest.FirstPageSizes(c, base)
	if err != nil {
		return "", nil, err
	}
	for _, s := range sizes {
		ids = append(ids, s.ProductID)
	}
	return categories[0].Name, ids, nil
}

// checkouts runs the checkout measurements: one hot size with haat-load's
// client and with wrk, then four hot sizes.
func checkouts(c config, dir, base string) ([]checkout, error) {
	hot, err := checkoutHot(base, checkoutConns, c.duration)
	if err != nil {
		return nil, err
	}
	runs := []checkout{hot}
	if wrk, err := exec.LookPath("wrk"); err == nil {
		hotWrk, err := checkoutHotWrk(wrk, dir, base, checkoutConns, c.duration)
		if err != nil {
			return nil, err
		}
		runs = append(runs, hotWrk)
	}
	mix, err := checkoutMix(c, base)
	if err != nil {
		return nil, err
	}
	runs = append(runs, mix)
	return runs, nil
}

// checkout is a run of orders and whether every unit was accounted for
// after it: initial stock = units ordered + stock left.
type checkout struct {
	loadtest.Result
	consistent bool
}

// checkoutHot has one customer place cash-on-delivery orders of one unit of
// one size from conns connections: the busiest row of a sale.
func checkoutHot(base string, conns int, d time.Duration) (checkout, error) {
	return placeOrders(base, fmt.Sprintf("checkout, 1 hot size, %d conns", conns), conns, d, 1)
}

// checkoutHotWrk is checkoutHot's run with wrk posting one order body (a
// Lua script) instead of haat-load's Go client, whose own cost would cap
// the rate. wrk drops the requests still in flight when its time is up, so
// up to conns orders may be placed without being counted: the stock is
// consistent when the units gone are the orders counted plus at most that.
func checkoutHotWrk(wrk, dir, base string, conns int, d time.Duration) (checkout, error) {
	client, err := signIn(base, conns)
	if err != nil {
		return checkout{}, err
	}
	hot, err := hotSizes(client, base, 1)
	if err != nil {
		return checkout{}, err
	}
	h := hot[0]
	body := loadtest.CODOrder(h.ProductID, h.SizeID, h.Price, 1, "customer@example.com")
	res, err := wrkOrders(wrk, dir, fmt.Sprintf("checkout, 1 hot size, %d conns (wrk Lua)", conns), base,
		cookieHeader(client, base), body, conns, d)
	if err != nil {
		return checkout{}, err
	}
	// The orders wrk left in flight finish well within this.
	time.Sleep(2 * time.Second)
	after, err := hotSizes(client, base, 0)
	if err != nil {
		return checkout{Result: res}, err
	}
	for _, a := range after {
		if a.SizeID != h.SizeID {
			continue
		}
		gone := h.Stock - a.Stock
		uncounted := gone - res.Counts["ok"]
		if a.Stock < 0 || uncounted < 0 || uncounted > conns {
			fmt.Printf("size %s: %d at start, %d left, %d orders counted\n", h.SizeID, h.Stock, a.Stock, res.Counts["ok"])
			return checkout{Result: res}, nil
		}
		return checkout{Result: res, consistent: true}, nil
	}
	return checkout{Result: res}, fmt.Errorf("size %s is gone from the first page", h.SizeID)
}

// checkoutMix is the same over the four sizes with the most stock, at the
// run's connections.
func checkoutMix(c config, base string) (checkout, error) {
	return placeOrders(base, fmt.Sprintf("checkout, 4 hot sizes, %d conns", c.conns), c.conns, c.duration, 4)
}

func placeOrders(base, name string, conns int, d time.Duration, sizes int) (checkout, error) {
	client, err := signIn(base, conns)
	if err != nil {
		return checkout{}, err
	}
	hot, err := hotSizes(client, base, sizes)
	if err != nil {
		return checkout{}, err
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
	res := loadtest.Run(name, conns, d, do, func(code int) string {
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
		return checkout{Result: res}, err
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
	return checkout{Result: res, consistent: consistent}, nil
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
		return nil, errors.New("not enough sizes in stock for the checkout runs")
	}
	return all[:n], nil
}

// mean is the mean of one figure of results.
func mean(results []loadtest.Result, figure func(loadtest.Result) float64) float64 {
	sum := 0.0
	for _, r := range results {
		sum += figure(r)
	}
	return sum / float64(len(results))
}

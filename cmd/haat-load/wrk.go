package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/loadtest"
)

var (
	wrkRate    = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkLatency = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([0-9.]+)(us|ms|s)\s*$`)
	wrkNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	wrkErrors  = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	wrkTotal   = regexp.MustCompile(`(\d+) requests in`)
	wrkBytes   = regexp.MustCompile(`Transfer/sec:\s+([0-9.]+)(B|KB|MB|GB)`)
)

// browserEncodings is what Chromium accepts: shoppers' browsers get the
// catalogue gzipped (its pictures and the app's code as stored), and so do
// the reads measured. haat-load's Go client asks for gzip on its own.
const browserEncodings = "gzip, deflate, br, zstd"

// reader measures GET requests of one URL, sending header with each.
type reader func(name, url string, header http.Header) (loadtest.Result, error)

// readers picks how reads are measured: with wrk when it is installed
// (make bench installs Debian's), whose C client outruns haat-load's Go one
// (on this 2-core machine wrk gets ~1.7× more from the bare server), so the
// ratios are not squeezed toward 100% by the generator; else with
// haat-load's own client, saying so.
func readers(c config) (reader, string) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		return func(name, url string, header http.Header) (loadtest.Result, error) {
			client := newClient(c.conns, nil)
			return loadtest.Run(name, c.conns, c.duration, func() (int, error) {
				return loadtest.Fetch(client, "GET", url, nil, header)
			}, loadtest.Succeeded), nil
		}, "haat-load's Go client (wrk is not installed: the generator may be the bottleneck)"
	}
	return func(name, url string, header http.Header) (loadtest.Result, error) {
		args := []string{"-t2", "-c" + strconv.Itoa(c.conns), "-d" + c.duration.String(), "--latency",
			"-H", "Accept-Encoding: " + browserEncodings}
		for k, vs := range header {
			for _, v := range vs {
				args = append(args, "-H", k+": "+v)
			}
		}
		out, err := exec.Command(wrk, append(args, url)...).CombinedOutput()
		if err != nil {
			return loadtest.Result{}, fmt.Errorf("wrk %s: %v\n%s", url, err, out)
		}
		return parseWrk(name, string(out))
	}, fmt.Sprintf("wrk -t2 -c%d -d%s --latency -H 'Accept-Encoding: %s'", c.conns, c.duration, browserEncodings)
}

// parseWrk reads wrk's rate, median and 99th percentile, and counts its
// non-2xx answers and socket errors as errors.
func parseWrk(name, out string) (loadtest.Result, error) {
	m := wrkRate.FindStringSubmatch(out)
	if m == nil {
		return loadtest.Result{}, fmt.Errorf("no rate in wrk's output:\n%s", out)
	}
	r := loadtest.Result{Name: name, Counts: map[string]int{}}
	r.RPS, _ = strconv.ParseFloat(m[1], 64)
	for _, l := range wrkLatency.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(l[2], 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[l[3]]
		d := time.Duration(v * float64(unit))
		if l[1] == "50" {
			r.P50 = d
		} else {
			r.P99 = d
		}
	}
	if m := wrkTotal.FindStringSubmatch(out); m != nil {
		r.Requests, _ = strconv.Atoi(m[1])
	}
	// wrk counts in powers of 1,024.
	if m := wrkBytes.FindStringSubmatch(out); m != nil && r.RPS > 0 {
		v, _ := strconv.ParseFloat(m[1], 64)
		unit := map[string]float64{"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}[m[2]]
		r.AnswerBytes = v * unit / r.RPS
	}
	if m := wrkNon2xx.FindStringSubmatch(out); m != nil {
		r.Counts["non2xx"], _ = strconv.Atoi(m[1])
		r.Counts["error"] = r.Counts["non2xx"]
	}
	if m := wrkErrors.FindStringSubmatch(out); m != nil {
		for _, n := range m[1:] {
			k, _ := strconv.Atoi(n)
			r.Counts["error"] += k
		}
	}
	return r, nil
}

// cookieHeader is the Cookie header a signed-in client sends to base.
func cookieHeader(client *http.Client, base string) http.Header {
	req, _ := http.NewRequest("GET", base, nil)
	parts := []string{}
	for _, c := range client.Jar.Cookies(req.URL) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return http.Header{"Cookie": {strings.Join(parts, "; ")}}
}

// orderScript is wrk's Lua script for checkout: every request posts the one
// order body with the customer's session cookie, as a shopper's browser
// would, without an Idempotency-Key (each is a new order).
const orderScript = `wrk.method = "POST"
wrk.body = [==[%s]==]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Cookie"] = [==[%s]==]
`

// wrkOrders posts body to base's /api/orders from conns connections for d
// with wrk, and returns the rate and latency; Counts["ok"] is the orders
// answered 201 (wrk counts every 2xx).
func wrkOrders(wrk, dir, name, base string, cookie http.Header, body []byte, conns int, d time.Duration) (loadtest.Result, error) {
	script := filepath.Join(dir, "order.lua")
	if err := os.WriteFile(script, fmt.Appendf(nil, orderScript, body, cookie.Get("Cookie")), 0o600); err != nil {
		return loadtest.Result{}, err
	}
	out, err := exec.Command(wrk, "-t2", "-c"+strconv.Itoa(conns), "-d"+d.String(), "--latency", "-s", script,
		base+"/api/orders").CombinedOutput()
	if err != nil {
		return loadtest.Result{}, fmt.Errorf("wrk orders: %v\n%s", err, out)
	}
	r, err := parseWrk(name, string(out))
	r.Counts["ok"] = r.Requests - r.Counts["non2xx"]
	return r, err
}

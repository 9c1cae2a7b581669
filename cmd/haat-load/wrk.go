package main

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
)

var wrkRate = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// compareWithWrk measures the baseline and the product list again with
// wrk, when it is installed, so a reader can tell whether haat-load's own
// client was the bottleneck: if wrk gets much more from the bare server
// than haat-load did, the ratios above understate haat.
func compareWithWrk(c config, bareURL, listURL string) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		fmt.Println("wrk is not installed (Debian's package wrk): no second opinion on the load generator")
		return
	}
	fmt.Printf("\nwrk -t2 -c%d -d%s, the same servers:\n", c.conns, c.duration)
	rates := map[string]float64{}
	for _, target := range []struct{ name, url string }{{"bare net/http", bareURL}, {"GET /api/products?pageNumber=1", listURL}} {
		out, err := exec.Command(wrk, "-t2", "-c"+strconv.Itoa(c.conns), "-d"+c.duration.String(), target.url).CombinedOutput()
		m := wrkRate.FindSubmatch(out)
		if err != nil || m == nil {
			fmt.Printf("%-48s wrk failed: %v\n%s\n", target.name, err, out)
			return
		}
		rates[target.name], _ = strconv.ParseFloat(string(m[1]), 64)
		fmt.Printf("%-48s %9.0f req/s\n", target.name, rates[target.name])
	}
	fmt.Printf("%-48s %8.0f%%\n", "product list vs bare (wrk)", 100*rates["GET /api/products?pageNumber=1"]/rates["bare net/http"])
}

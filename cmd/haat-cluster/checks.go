package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // decodes the copies the instances make
	"image/png"
	"io"
	"io/fs"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/loadtest"
	"github.com/haat-shop/haat/internal/shop"
)

// The account the sign-in limit check guesses the password of.
const (
	lockedEmail    = "locked@example.com"
	lockedPassword = "the-right-password-1"
)

// The demo accounts (haat seed --demo).
const (
	adminEmail    = "admin@example.com"
	customerEmail = "customer@example.com"
	demoPassword  = "haat-demo"
)

// call sends a request and reads the whole answer.
func call(client *http.Client, method, url string, body []byte, header http.Header) (*http.Response, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp, raw, err
}

// getJSON reads url into v, which must answer 200.
func getJSON(client *http.Client, url string, v any) error {
	resp, raw, err := call(client, "GET", url, nil, nil)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("GET %s: %d %s", url, resp.StatusCode, raw)
	}
	return json.Unmarshal(raw, v)
}

// sizes lists the first size of each product on the catalogue's first
// page, so that checks on different sizes do not share a product.
func (c *cluster) sizes() ([]loadtest.ListedSize, error) {
	all, err := loadtest.FirstPageSizes(c.client(nil), c.front)
	if err != nil {
		return nil, err
	}
	var sizes []loadtest.ListedSize
	for i, s := range all {
		if i == 0 || all[i-1].ProductID != s.ProductID {
			sizes = append(sizes, s)
		}
	}
	if len(sizes) < 8 {
		return nil, fmt.Errorf("the demo shop lists %d products on its first page, want 8 or more", len(sizes))
	}
	return sizes, nil
}

// stocked gives the sizes picked (by their place in sizes) stock, as an
// admin, and returns them with a customer signed in to order them.
func (c *cluster) stocked(stock int, picks ...int) ([]loadtest.ListedSize, *http.Client, error) {
	admin, err := c.signedIn(adminEmail, demoPassword)
	if err != nil {
		return nil, nil, err
	}
	sizes, err := c.sizes()
	if err != nil {
		return nil, nil, err
	}
	var picked []loadtest.ListedSize
	for _, i := range picks {
		if err := setStock(admin, c.front, sizes[i], stock); err != nil {
			return nil, nil, err
		}
		picked = append(picked, sizes[i])
	}
	customer, err := c.signedIn(customerEmail, demoPassword)
	return picked, customer, err
}

// editProduct changes a product as its editor does, through base: it
// loads the editor's answer, lets change alter it and saves it.
func editProduct(admin *http.Client, base, id string, change func(p map[string]any)) error {
	var p map[string]any
	if err := getJSON(admin, base+"/api/products/admin/"+id, &p); err != nil {
		return err
	}
	change(p)
	body, _ := json.Marshal(p)
	resp, raw, err := call(admin, "PUT", base+"/api/products/"+id, body, loadtest.JSON)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("save product %s: %d %s", id, resp.StatusCode, raw)
	}
	return nil
}

// setStock gives a size stock.
func setStock(admin *http.Client, base string, s loadtest.ListedSize, stock int) error {
	return editProduct(admin, base, s.ProductID, func(p map[string]any) {
		for _, v := range p["variants"].([]any) {
			for _, size := range v.(map[string]any)["sizes"].([]any) {
				if size := size.(map[string]any); size["_id"] == s.SizeID {
					size["stock"] = stock
				}
			}
		}
	})
}

// checkSessions signs in through instance 1 and uses the session on every
// instance.
func (c *cluster) checkSessions() (string, error) {
	client := c.client(nil)
	body := fmt.Appendf(nil, `{"loginId":%q,"password":%q}`, customerEmail, demoPassword)
	resp, raw, err := call(client, "POST", c.pinned[0]+"/api/users/auth", body, loadtest.JSON)
	if err != nil || resp.StatusCode != 200 {
		return "", fmt.Errorf("sign in through instance 1: %v %s", err, raw)
	}
	var session *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == auth.CookieName {
			session = ck
		}
	}
	if session == nil || !session.Secure {
		return "", fmt.Errorf("the session cookie %+v is missing or not Secure: the instance did not believe nginx's X-Forwarded-Proto https", session)
	}
	for i, base := range append(c.pinned, c.front) {
		var me struct {
			Email string `json:"email"`
		}
		resp, raw, err := call(client, "GET", base+"/api/users/profile", nil, http.Header{"Cookie": {session.Name + "=" + session.Value}})
		if err == nil && resp.StatusCode == 200 {
			err = json.Unmarshal(raw, &me)
		}
		if err != nil || resp.StatusCode != 200 || me.Email != customerEmail {
			return "", fmt.Errorf("the session made on instance 1 read the profile through %s (instance %d of 1-3, 4 the shared front): %v %s",
				base, i+1, err, raw)
		}
	}
	return "a session made on instance 1 works on instances 1, 2 and 3 and through the front; its cookie is Secure (https, told by a trusted nginx)", nil
}

// nginxRequestID is the form of nginx's $request_id: 16 random bytes in
// hex. An id an instance makes itself has a dash in it.
var nginxRequestID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// checkRequestID asks through nginx and checks that the answer names the
// request by nginx's id, and that nginx's access log names it alike, so
// that nginx's log and the instance's agree.
func (c *cluster) checkRequestID() (string, error) {
	resp, raw, err := call(c.client(nil), "GET", c.front+"/api/config", nil, nil)
	if err != nil || resp.StatusCode != 200 {
		return "", fmt.Errorf("GET /api/config through nginx: %v %s", err, raw)
	}
	id := resp.Header.Get("X-Request-Id")
	if !nginxRequestID.MatchString(id) {
		return "", fmt.Errorf("the answer through nginx carries X-Request-Id %q, not nginx's $request_id: nginx did not pass it on, or the instance did not believe nginx", id)
	}
	// nginx writes its access log at least once a second (flush=1s).
	logged := filepath.Join(c.dir, "nginx", "access.log")
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		text, err := os.ReadFile(logged)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("read nginx's access log: %w", err)
		}
		if strings.Contains(string(text), "request_id="+id) {
			break
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("nginx's access log has no line with request_id=%s 3 s after the answer", id)
		}
	}
	return "an answer through nginx carries nginx's request id, and nginx's access log names the request by it", nil
}

// checkPriceChange changes a price through instance 1 and times how soon
// each instance's cached answer shows it.
func (c *cluster) checkPriceChange() (string, error) {
	admin, err := c.signedIn(adminEmail, demoPassword)
	if err != nil {
		return "", err
	}
	sizes, err := c.sizes()
	if err != nil {
		return "", err
	}
	id := sizes[0].ProductID
	guest := c.client(nil)
	var before struct {
		Price shop.Paise `json:"price"`
	}
	// Every instance has the product in its cache first.
	for _, base := range c.pinned {
		if err := getJSON(guest, base+"/api/products/"+id, &before); err != nil {
			return "", err
		}
	}
	price := before.Price + 100
	if err := editProduct(admin, c.pinned[0], id, func(p map[string]any) { p["price"] = price }); err != nil {
		return "", err
	}
	saved := time.Now()
	seen := make([]time.Duration, len(c.pinned))
	var wg sync.WaitGroup
	for i, base := range c.pinned {
		wg.Go(func() {
			for time.Since(saved) < 10*time.Second {
				var now struct {
					Price shop.Paise `json:"price"`
				}
				if err := getJSON(guest, base+"/api/products/"+id, &now); err == nil && now.Price == price {
					seen[i] = time.Since(saved)
					return
				}
				time.Sleep(2 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	var said []string
	for i, d := range seen {
		if d == 0 || d > time.Second {
			return "", fmt.Errorf("instance %d showed the old price %s more than 1 s after the change was saved through instance 1 (seen after %v; 0 is never)",
				i+1, before.Price.Rupees(), d)
		}
		said = append(said, fmt.Sprintf("%d after %.0f ms", i+1, loadtest.Milliseconds(d)))
	}
	return fmt.Sprintf("a price change saved through instance 1 was shown by instance %s (cached answers, dropped through Redis)",
		strings.Join(said, ", ")), nil
}

// checkLastUnits sends 300 orders at once, spread over the instances, for
// a size with 50 in stock.
func (c *cluster) checkLastUnits() (string, error) {
	const stock, orders = 50, 300
	picked, customer, err := c.stocked(stock, 1)
	if err != nil {
		return "", err
	}
	s := picked[0]
	body := loadtest.CODOrder(s.ProductID, s.SizeID, s.Price, 1, customerEmail)
	statuses := make([]int, orders)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range orders {
		wg.Go(func() {
			<-start
			code, err := loadtest.Fetch(customer, "POST", c.pinned[i%len(c.pinned)]+"/api/orders", body, loadtest.JSON)
			if err != nil {
				code = -1
			}
			statuses[i] = code
		})
	}
	close(start)
	wg.Wait()
	counts := map[int]int{}
	for _, code := range statuses {
		counts[code]++
	}
	if counts[http.StatusCreated] != stock || counts[http.StatusConflict] != orders-stock {
		return "", fmt.Errorf("%d orders at once for %d units answered %v (status: count; -1 no answer), want %d×201 and %d×409",
			orders, stock, counts, stock, orders-stock)
	}
	left, ordered, err := c.stockAndOrdered(s.SizeID)
	if err != nil {
		return "", err
	}
	if left != 0 || ordered != stock {
		return "", fmt.Errorf("after the orders the database holds stock %d and %d units ordered, want 0 and %d", left, ordered, stock)
	}
	return fmt.Sprintf("%d orders at once, %d through each instance, for a size with stock %d: %d placed (201), %d refused (409); the database holds stock 0 and %d units ordered",
		orders, orders/len(c.pinned), stock, stock, orders-stock, stock), nil
}

// stockAndOrdered reads a size's stock and the units of it that orders not
// cancelled hold.
func (c *cluster) stockAndOrdered(sizeID string) (stock, ordered int, err error) {
	if err := c.db.QueryRow(`SELECT stock FROM sizes WHERE id = $1`, sizeID).Scan(&stock); err != nil {
		return 0, 0, fmt.Errorf("read stock: %w", err)
	}
	err = c.db.QueryRow(`SELECT COALESCE(SUM(i.qty), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE i.size_id = $1 AND o.status <> 'cancelled' AND NOT i.pre_order`, sizeID).Scan(&ordered)
	if err != nil {
		return 0, 0, fmt.Errorf("count ordered units: %w", err)
	}
	return stock, ordered, nil
}

// checkLockout guesses an account's password ten times, spread over the
// instances, and then tries the right one on each.
func (c *cluster) checkLockout() (string, error) {
	client := c.client(nil)
	signIn := func(base, password string) int {
		body := fmt.Appendf(nil, `{"loginId":%q,"password":%q}`, lockedEmail, password)
		code, err := loadtest.Fetch(client, "POST", base+"/api/users/auth", body, loadtest.JSON)
		if err != nil {
			return -1
		}
		return code
	}
	for i := range 10 {
		if code := signIn(c.pinned[i%len(c.pinned)], "a-wrong-guess"); code != http.StatusUnauthorized {
			return "", fmt.Errorf("wrong password %d, through instance %d, answered %d, want 401", i+1, i%len(c.pinned)+1, code)
		}
	}
	for i, base := range c.pinned {
		if code := signIn(base, lockedPassword); code != http.StatusTooManyRequests {
			return "", fmt.Errorf("after 10 wrong passwords spread over the instances, the right one through instance %d answered %d, want 429", i+1, code)
		}
	}
	return "10 wrong passwords, 3 or 4 through each instance, lock the account on every instance (the right one then gets 429)", nil
}

// checkPictures uploads a picture through instance 1 and fetches it, and
// its smaller copy, from the others.
func (c *cluster) checkPictures() (string, error) {
	admin, err := c.signedIn(adminEmail, demoPassword)
	if err != nil {
		return "", err
	}
	img := image.NewRGBA(image.Rect(0, 0, 700, 700))
	for y := range 700 {
		for x := range 700 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var pic, form bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		return "", err
	}
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("image", "cluster.png")
	_, _ = fw.Write(pic.Bytes())
	_ = mw.Close()
	resp, raw, err := call(admin, "POST", c.pinned[0]+"/api/upload", form.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}})
	if err != nil || resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("upload through instance 1: %v %s", err, raw)
	}
	var uploaded struct {
		ImageURL string `json:"imageUrl"`
	}
	if err := json.Unmarshal(raw, &uploaded); err != nil {
		return "", err
	}
	guest := c.client(nil)
	for i, base := range c.pinned[1:] {
		resp, got, err := call(guest, "GET", base+uploaded.ImageURL, nil, nil)
		if err != nil || resp.StatusCode != 200 || !bytes.Equal(got, pic.Bytes()) || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			return "", fmt.Errorf("instance %d served the picture uploaded through instance 1 (%s) with %v, %d bytes of %d, Cache-Control %q",
				i+2, uploaded.ImageURL, err, len(got), pic.Len(), resp.Header.Get("Cache-Control"))
		}
	}
	last := len(c.pinned)
	resp, small, err := call(guest, "GET", c.pinned[last-1]+uploaded.ImageURL+"?w=320", nil, nil)
	if err != nil || resp.StatusCode != 200 {
		return "", fmt.Errorf("instance %d served the 320 copy with %v", last, err)
	}
	if cfg, format, err := image.DecodeConfig(bytes.NewReader(small)); err != nil || cfg.Width != 320 || format != "jpeg" ||
		resp.Header.Get("Content-Type") != "image/jpeg" {
		return "", fmt.Errorf("instance %d's 320 copy of the picture is a %d wide %q sent as %q (%v), want a JPEG 320 wide",
			last, cfg.Width, format, resp.Header.Get("Content-Type"), err)
	}
	return fmt.Sprintf("a picture uploaded through instance 1 is served by instances 2 and %d from the bucket, cached for good, and so is its 320 copy", last), nil
}

// measure drives catalogue reads and orders through nginx with three
// instances behind it and with one, in turn, and prints their rates.
func (c *cluster) measure() (string, error) {
	hot, customer, err := c.stocked(1_000_000, 2, 3, 4, 5)
	if err != nil {
		return "", err
	}
	sizes, err := c.sizes()
	if err != nil {
		return "", err
	}
	guest := c.client(nil)
	reads := func(base string) func() (int, error) {
		return func() (int, error) {
			path := "/api/products?pageNumber=1"
			if rand.IntN(2) == 0 {
				path = "/api/products/" + sizes[rand.IntN(len(sizes))].ProductID
			}
			return loadtest.Fetch(guest, "GET", base+path, nil, nil)
		}
	}
	orders := func(base string) func() (int, error) {
		return func() (int, error) {
			s := hot[rand.IntN(len(hot))]
			return loadtest.Fetch(customer, "POST", base+"/api/orders", loadtest.CODOrder(s.ProductID, s.SizeID, s.Price, 1, customerEmail), loadtest.JSON)
		}
	}
	runs := []struct {
		what string
		do   func(base string) func() (int, error)
	}{{"catalogue reads (list page or a product)", reads}, {"COD orders (4 sizes)", orders}}
	fmt.Printf("\nthroughput through nginx (TLS), %d connections, %s each, on this machine (%s):\n", c.cfg.conns, c.cfg.duration, machine())
	fmt.Printf("%-42s %-12s %9s %8s %8s %8s %7s\n", "request", "instances", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors")
	var said []string
	for _, r := range runs {
		var rates [2]float64
		for i, behind := range []struct {
			name, base string
		}{{"3", c.front}, {"1", c.pinned[0]}} {
			res := loadtest.Run(r.what, c.cfg.conns, c.cfg.duration, r.do(behind.base), loadtest.Succeeded)
			fmt.Printf("%-42s %-12s %9.0f %8.2f %8.2f %8.2f %7d\n", r.what, behind.name, res.RPS, loadtest.Milliseconds(res.P50),
				loadtest.Milliseconds(res.P95), loadtest.Milliseconds(res.P99), res.Counts["error"])
			if res.Counts["error"] > 0 {
				return "", fmt.Errorf("%s with %s instances: %d of %d requests failed", r.what, behind.name, res.Counts["error"], res.Counts["ok"]+res.Counts["error"])
			}
			rates[i] = res.RPS
		}
		said = append(said, fmt.Sprintf("%s %.0f/s with 3 instances, %.0f/s with 1", r.what, rates[0], rates[1]))
	}
	fmt.Println()
	return "figures: " + strings.Join(said, "; "), nil
}

// checkKill kills instance 2 with SIGKILL while customers place orders and
// guests read the catalogue through nginx, then checks that every order
// acknowledged is stored and the stock adds up, and that nginx went on
// serving.
func (c *cluster) checkKill() (string, error) {
	const initial = 100_000
	picked, customer, err := c.stocked(initial, 7)
	if err != nil {
		return "", err
	}
	s := picked[0]
	guest := c.client(nil)
	body := loadtest.CODOrder(s.ProductID, s.SizeID, s.Price, 1, customerEmail)

	type answer struct {
		at     time.Time
		status int // -1: no answer
		order  string
	}
	var mu sync.Mutex
	var orders, reads []answer
	start := time.Now()
	killAt, end := start.Add(2*time.Second), start.Add(6*time.Second)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for time.Now().Before(end) {
				a := answer{status: -1}
				resp, raw, err := call(customer, "POST", c.front+"/api/orders", body, loadtest.JSON)
				a.at = time.Now()
				if err == nil {
					a.status = resp.StatusCode
					var placed struct {
						Data struct {
							ID string `json:"_id"`
						} `json:"data"`
					}
					if json.Unmarshal(raw, &placed) == nil {
						a.order = placed.Data.ID
					}
				}
				mu.Lock()
				orders = append(orders, a)
				mu.Unlock()
			}
		})
	}
	for range 4 {
		wg.Go(func() {
			for time.Now().Before(end) {
				code, err := loadtest.Fetch(guest, "GET", c.front+"/api/products?pageNumber=1", nil, nil)
				if err != nil {
					code = -1
				}
				mu.Lock()
				reads = append(reads, answer{at: time.Now(), status: code})
				mu.Unlock()
			}
		})
	}
	time.Sleep(time.Until(killAt))
	killed := time.Now()
	c.instances[1].Kill()
	wg.Wait()

	var acked []string
	afterKill, lost := 0, map[int]int{}
	var failedReads []time.Time
	for _, a := range orders {
		switch {
		case a.status == http.StatusCreated && a.order != "":
			acked = append(acked, a.order)
			if a.at.After(killed) {
				afterKill++
			}
		default:
			lost[a.status]++
		}
	}
	for _, a := range reads {
		if a.status != 200 {
			failedReads = append(failedReads, a.at)
		}
	}
	// An answer the instance had begun to send when it died cannot be
	// passed to another: nginx has sent its first bytes on. nginx names
	// each such read in its log; any other read that failed, or one that
	// failed after the moment of the kill, it should have passed on.
	cut, err := c.cutReads()
	if err != nil {
		return "", err
	}
	for _, at := range failedReads {
		if at.Sub(killed) > time.Second {
			return "", fmt.Errorf("a catalogue read through nginx failed %s after instance 2 was killed: nginx should have passed it to the others", at.Sub(killed).Round(time.Millisecond))
		}
	}
	if len(failedReads) > cut {
		return "", fmt.Errorf("%d of %d catalogue reads through nginx failed while an instance was killed, %d of them cut in the middle of the answer: nginx should have passed the others on", len(failedReads), len(reads), cut)
	}
	if afterKill == 0 {
		return "", fmt.Errorf("no order was placed through nginx after instance 2 was killed (answers other than 201: %v)", lost)
	}
	var stored int
	if err := c.db.QueryRow(`SELECT count(*) FROM orders WHERE id = ANY($1)`, acked).Scan(&stored); err != nil {
		return "", err
	}
	if stored != len(acked) {
		return "", fmt.Errorf("%d orders were acknowledged (201) but only %d of them are in the database", len(acked), stored)
	}
	left, ordered, err := c.stockAndOrdered(s.SizeID)
	if err != nil {
		return "", err
	}
	if left+ordered != initial {
		return "", fmt.Errorf("stock does not add up: %d left + %d ordered ≠ %d at the start", left, ordered, initial)
	}
	return fmt.Sprintf("instance 2 killed (SIGKILL) 2 s into 6 s of orders and reads through nginx: %d orders acknowledged (%d after the kill), all in the database; "+
		"%d units ordered in all, %d more than acknowledged (placed, but their answer died with the instance), and %d left: the stock adds up; "+
		"other answers %v (status: count; -1 no answer); %d catalogue reads, %d cut in the middle of their answer by the kill and all others answered 200",
		len(acked), afterKill, ordered, ordered-len(acked), left, lost, len(reads), len(failedReads)), nil
}

// cutReads counts the catalogue reads whose answer nginx says an instance
// stopped sending half way.
func (c *cluster) cutReads() (int, error) {
	raw, err := os.ReadFile(filepath.Join(c.dir, "nginx", "error.log"))
	if err != nil {
		return 0, fmt.Errorf("read nginx's log: %w", err)
	}
	n := 0
	for line := range strings.Lines(string(raw)) {
		if strings.Contains(line, "upstream prematurely closed connection while reading upstream") &&
			strings.Contains(line, `request: "GET /api/products?pageNumber=1 `) {
			n++
		}
	}
	return n, nil
}

// machine says what the figures were measured on.
func machine() string {
	load := "?"
	if raw, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = strings.Join(strings.Fields(string(raw))[:3], " ")
	}
	return fmt.Sprintf("%d cores shared with everything else on it, load average %s at the start", runtime.NumCPU(), load)
}

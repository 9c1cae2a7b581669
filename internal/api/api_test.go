package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
	"github.com/haat-shop/haat/web"
)

// syncBuffer collects log output written from handler goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type harness struct {
	*httptest.Server
	db    *store.DB
	logs  *syncBuffer
	mail  *mail.Memory
	clock *clock
}

// clock is a settable time for the server under test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// simSecret signs the test server's simulated payments, so tests can act
// as the gateway.
const simSecret = "test-simulator-secret"

const brotliForm = "the brotli form of react-def456.js"

const indexHTML = `<!doctype html><html><head><title>Haat</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`

// newHarness serves the shop with the simulator as its gateway; configure
// may change the options first.
func newHarness(t testing.TB, db *store.DB, configure ...func(*api.Options)) *harness {
	t.Helper()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("top secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	uploads := filepath.Join(outside, "uploads")
	if err := os.MkdirAll(filepath.Join(uploads, "demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(uploads, "demo", "tee.png"), []byte("\x89PNG\r\n\x1a\nfake"), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	mailer := &mail.Memory{}
	clk := &clock{t: time.Now()}
	o := api.Options{
		Mailer:  mailer,
		Clock:   clk.now,
		Gateway: payment.NewSimulator(simSecret),
		DB:      db,
		Logger:  slog.New(slog.NewTextHandler(logs, nil)),
		Brand:   shop.DemoBrand(),
		App: fstest.MapFS{
			"index.html":             {Data: []byte(indexHTML)},
			"assets/index-abc123.js": {Data: []byte(strings.Repeat("console.log('haat');\n", 100))},
			// A file the build also wrote in brotli (the server sends it as it is, never decodes it).
			"assets/react-def456.js":    {Data: []byte(strings.Repeat("console.log('react');\n", 100))},
			"assets/react-def456.js.br": {Data: []byte(brotliForm)},
			"favicon.svg":               {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
			"manifest.webmanifest":      {Data: []byte(`{"name":"Haat"}`)},
		},
		UploadsDir:   uploads,
		PictureSizes: web.Sizes(),
	}
	// Absolute links name the shop's configured address, here the test server's.
	srv := httptest.NewUnstartedServer(nil)
	o.PublicURL = "http://" + srv.Listener.Addr().String()
	for _, c := range configure {
		c(&o)
	}
	srv.Config.Handler = api.New(o)
	srv.Start()
	t.Cleanup(srv.Close)
	return &harness{Server: srv, db: db, logs: logs, mail: mailer, clock: clk}
}

// get fetches path without transparent decompression, so tests see what
// the server sent.
func (h *harness) get(t *testing.T, path string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, h.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// getJSON fetches path, checks the status and decodes the body into v.
func (h *harness) getJSON(t *testing.T, path string, wantStatus int, v any) {
	t.Helper()
	resp := h.get(t, path)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("GET %s: status %d, want %d; body %s", path, resp.StatusCode, wantStatus, body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("GET %s: content type %q, want JSON", path, ct)
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("GET %s: decode %s: %v", path, body, err)
	}
}

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func seedCatalogue(t *testing.T, db *store.DB) (first string) {
	t.Helper()
	for i := 1; i <= 14; i++ {
		tags := []string{"men", "plain"}
		if i%5 == 0 {
			tags = []string{"men", "polo"}
		}
		p := shop.Product{Published: true,
			Name: fmt.Sprintf("Tee %02d", i), Description: "Cotton.", Price: shop.Paise(29900 + i*100050), Tags: tags,
			CreatedAt: epoch.Add(time.Duration(i) * time.Minute),
			Variants: []shop.Variant{{VariantName: "teal", Images: []string{"/uploads/demo/tee.png"},
				Sizes: []shop.Size{{Size: "M", Stock: i % 3}, {Size: "L", Stock: 1}}}},
		}
		if i <= 6 {
			p.Reviews = []shop.Review{{Name: "Meera S", Rating: 1 + i%5, Comment: "Nice fit", CreatedAt: epoch}}
		}
		id := storetest.MustInsertProduct(t, db, p)
		if i == 1 {
			first = id
		}
	}
	return first
}

// productJSON decodes a product with the field names of SPEC.md §3, so a
// renamed field fails the test.
type productJSON struct {
	ID           string   `json:"_id"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Price        float64  `json:"price"`
	Rating       float64  `json:"rating"`
	NumReviews   int      `json:"numReviews"`
	TotalInStock int      `json:"totalInStock"`
	TotalSold    int      `json:"totalSold"`
	Tags         []string `json:"tags"`
	Reviews      []struct {
		ID        string `json:"_id"`
		Name      string `json:"name"`
		Rating    int    `json:"rating"`
		Comment   string `json:"comment"`
		CreatedAt string `json:"createdAt"`
	} `json:"reviews"`
	Variants []struct {
		ID          string   `json:"_id"`
		VariantName string   `json:"variantName"`
		Images      []string `json:"images"`
		Sizes       []struct {
			ID    string `json:"_id"`
			Size  string `json:"size"`
			Stock int    `json:"stock"`
		} `json:"sizes"`
	} `json:"variants"`
	// Version is the stock version of the editor's product (admins only).
	Version string `json:"version"`
}

type pageJSON struct {
	Products []productJSON `json:"products"`
	Pages    int           `json:"pages"`
	Page     int           `json:"page"`
}

func TestProductListAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)

		var page pageJSON
		h.getJSON(t, "/api/products", http.StatusOK, &page)
		if len(page.Products) != 12 || page.Pages != 2 || page.Page != 1 || page.Products[0].Name != "Tee 14" {
			t.Fatalf("first page: %d products, page %d of %d, first %q", len(page.Products), page.Page, page.Pages, page.Products[0].Name)
		}
		p := page.Products[0]
		if p.ID == "" || p.Price != 14306 || p.TotalInStock != 3 || len(p.Variants) != 1 ||
			p.Variants[0].VariantName != "teal" || len(p.Variants[0].Sizes) != 2 || p.Variants[0].Sizes[0].ID == "" ||
			p.Tags == nil || p.Reviews == nil {
			t.Errorf("product JSON = %+v", p)
		}

		for _, bad := range []string{"abc", "-1", "0", "1.5", ""} {
			var got pageJSON
			h.getJSON(t, "/api/products?pageNumber="+bad, http.StatusOK, &got)
			if got.Page != 1 || len(got.Products) != 12 {
				t.Errorf("pageNumber=%q: page %d with %d products, want page 1 with 12", bad, got.Page, len(got.Products))
			}
		}
		var second, past pageJSON
		h.getJSON(t, "/api/products?pageNumber=2", http.StatusOK, &second)
		if second.Page != 2 || len(second.Products) != 2 || second.Products[1].Name != "Tee 01" {
			t.Errorf("page 2: %+v", second)
		}
		h.getJSON(t, "/api/products?pageNumber=7", http.StatusOK, &past)
		if past.Page != 7 || past.Pages != 2 || past.Products == nil || len(past.Products) != 0 {
			t.Errorf("page past the end: page %d of %d, products %v; want an empty list", past.Page, past.Pages, past.Products)
		}

		var search pageJSON
		h.getJSON(t, "/api/products?keyword=POLO", http.StatusOK, &search)
		if len(search.Products) != 2 || search.Pages != 1 || search.Products[0].Name != "Tee 10" {
			t.Errorf("keyword POLO: %d products, pages %d", len(search.Products), search.Pages)
		}
		var literal pageJSON
		h.getJSON(t, "/api/products?keyword=%25", http.StatusOK, &literal)
		if len(literal.Products) != 0 {
			t.Errorf("keyword %% matched %d products; it must be searched literally", len(literal.Products))
		}
	})
}

func TestProductReadAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		first := seedCatalogue(t, db)

		var all []productJSON
		h.getJSON(t, "/api/products/all", http.StatusOK, &all)
		if len(all) != 14 {
			t.Errorf("all: %d products, want 14", len(all))
		}

		var top []productJSON
		h.getJSON(t, "/api/products/top", http.StatusOK, &top)
		if len(top) != 5 || top[0].Rating != 5 || top[0].Name != "Tee 04" {
			t.Errorf("top: %d products, first %q rated %v; want 5 starting with Tee 04 (5 stars)", len(top), top[0].Name, top[0].Rating)
		}

		var polos []productJSON
		h.getJSON(t, "/api/products/category/polo", http.StatusOK, &polos)
		if len(polos) != 2 || polos[0].Name != "Tee 10" || polos[1].Name != "Tee 05" {
			t.Errorf("category polo: %+v", polos)
		}
		var none []productJSON
		h.getJSON(t, "/api/products/category/nothing-here", http.StatusOK, &none)
		if none == nil || len(none) != 0 {
			t.Errorf("empty category = %v, want []", none)
		}

		var one productJSON
		h.getJSON(t, "/api/products/"+first, http.StatusOK, &one)
		if one.ID != first || one.Name != "Tee 01" || one.NumReviews != 1 || len(one.Reviews) != 1 ||
			one.Reviews[0].Name != "Meera S" || one.Reviews[0].CreatedAt == "" {
			t.Errorf("product: %+v", one)
		}

		for _, id := range []string{store.NewID(), "nope", "0123456789abcdef0123456%25"} {
			var e struct{ Message string }
			h.getJSON(t, "/api/products/"+id, http.StatusNotFound, &e)
			if e.Message != "Product not found" {
				t.Errorf("product %q: message %q", id, e.Message)
			}
		}
	})
}

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		for _, path := range []string{"/api/nope", "/api/", "/api/products/x/y/z"} {
			var e struct{ Message string }
			h.getJSON(t, path, http.StatusNotFound, &e)
			if e.Message == "" {
				t.Errorf("%s: empty message", path)
			}
		}
	})
}

func TestHealthAndConfig(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		var ok map[string]string
		h.getJSON(t, "/healthz", http.StatusOK, &ok)

		var cfg shop.SiteInfo
		h.getJSON(t, "/api/config", http.StatusOK, &cfg)
		if cfg.Brand.Name != "Haat" || !strings.HasPrefix(cfg.Contact.WhatsApp, "https://wa.me/") ||
			!strings.Contains(cfg.Contact.WhatsApp, "?text=Hi%20Haat") || !strings.HasPrefix(cfg.Contact.Email, "mailto:") ||
			cfg.Policies.Refund == "" || cfg.Social.Pinterest == "" || !strings.Contains(cfg.Contact.Messenger, "?text=") {
			t.Errorf("config = %+v", cfg)
		}

		db.Close()
		var down map[string]string
		h.getJSON(t, "/healthz", http.StatusServiceUnavailable, &down)
	})
}

func TestAppServing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		for _, path := range []string{"/", "/product/abc", "/search/polo", "/search/a.b", "/page/2", "/index.html"} {
			resp := h.get(t, path)
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 || !strings.Contains(string(body), `<div id="root"></div>`) ||
				!strings.Contains(string(body), "<title>Haat – ") || resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("GET %s: %d, cache %q, body %.40q; want index.html, no-cache", path, resp.StatusCode, resp.Header.Get("Cache-Control"), body)
			}
		}
		asset := h.get(t, "/assets/index-abc123.js")
		if asset.StatusCode != 200 || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") ||
			!strings.Contains(asset.Header.Get("Content-Type"), "javascript") {
			t.Errorf("asset: %d %q %q", asset.StatusCode, asset.Header.Get("Cache-Control"), asset.Header.Get("Content-Type"))
		}
		if r := h.get(t, "/assets/index-old999.js"); r.StatusCode != 404 {
			t.Errorf("missing asset: %d, want 404", r.StatusCode)
		}
		if r := h.get(t, "/manifest.webmanifest"); r.Header.Get("Content-Type") != "application/manifest+json" {
			t.Errorf("manifest served as %q", r.Header.Get("Content-Type"))
		}
		if r := h.get(t, "/favicon.svg"); r.StatusCode != 200 || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("favicon: %d %q", r.StatusCode, r.Header.Get("Cache-Control"))
		}

		img := h.get(t, "/uploads/demo/tee.png")
		if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/png" || !strings.Contains(img.Header.Get("Cache-Control"), "max-age=31536000") {
			t.Errorf("upload: %d %q %q", img.StatusCode, img.Header.Get("Content-Type"), img.Header.Get("Cache-Control"))
		}
		for _, path := range []string{"/uploads/", "/uploads/demo/", "/uploads/missing.png"} {
			if r := h.get(t, path); r.StatusCode != 404 {
				t.Errorf("GET %s: %d, want 404", path, r.StatusCode)
			}
		}
		for _, path := range []string{"/uploads/../secret.txt", "/uploads/..%2fsecret.txt", "/uploads/%2e%2e/secret.txt"} {
			r := h.get(t, path)
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), "top secret") {
				t.Errorf("GET %s served a file outside the uploads folder", path)
			}
		}
	})
}

func TestCompression(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		for _, path := range []string{"/api/products", "/assets/index-abc123.js", "/"} {
			resp := h.get(t, path, "Accept-Encoding", "gzip, br")
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Errorf("GET %s with gzip accepted: Content-Encoding %q", path, resp.Header.Get("Content-Encoding"))
				continue
			}
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			body, err := io.ReadAll(zr)
			if err != nil || len(body) == 0 {
				t.Errorf("%s: gunzip: %v (%d bytes)", path, err, len(body))
			}
		}
		if r := h.get(t, "/api/products"); r.Header.Get("Content-Encoding") != "" {
			t.Errorf("compressed for a client that did not ask")
		}

		// A file built with a brotli form goes in it to clients that take brotli, gzipped to others.
		for accept, want := range map[string]string{"gzip, deflate, br, zstd": "br", "gzip": "gzip", "": ""} {
			resp := h.get(t, "/assets/react-def456.js", "Accept-Encoding", accept)
			body, _ := io.ReadAll(resp.Body)
			if got := resp.Header.Get("Content-Encoding"); got != want {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", accept, got, want)
			}
			if want == "br" && (string(body) != brotliForm || resp.Header.Get("Content-Length") != strconv.Itoa(len(brotliForm))) {
				t.Errorf("the brotli form was not sent as built: %q (Content-Length %s)", body, resp.Header.Get("Content-Length"))
			}
			if !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Accept-Encoding %q: no Vary: Accept-Encoding", accept)
			}
		}
		if r := h.get(t, "/assets/react-def456.js.br"); r.StatusCode != http.StatusNotFound {
			t.Errorf("GET of a brotli form as a file: %d, want 404", r.StatusCode)
		}
		if r := h.get(t, "/uploads/demo/tee.png", "Accept-Encoding", "gzip"); r.Header.Get("Content-Encoding") != "" {
			t.Errorf("an image was gzipped")
		}
	})
}

func TestRequestLogLine(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		h.get(t, "/api/products?keyword=secret-query")
		h.get(t, "/api/nope")
		logs := h.logs.String()
		for _, want := range []string{"method=GET path=/api/products status=200", "path=/api/nope status=404", "duration="} {
			if !strings.Contains(logs, want) {
				t.Errorf("log lacks %q:\n%s", want, logs)
			}
		}
		if strings.Contains(logs, "secret-query") {
			t.Errorf("the query string was logged:\n%s", logs)
		}
	})
}

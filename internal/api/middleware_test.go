package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/proxy"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
	"github.com/haat-shop/haat/web"
)

func TestCompression(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		first := seedCatalogue(t, db)
		for _, tc := range []struct{ name, path string }{
			{"the product list is gzipped for a client that takes it", "/api/products"},
			{"a built script is gzipped for a client that takes it", "/assets/index-abc123.js"},
			{"the app's page is gzipped for a client that takes it", "/"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				resp := h.get(t, tc.path, "Accept-Encoding", "gzip, br")
				if resp.Header.Get("Content-Encoding") != "gzip" {
					t.Errorf("GET %s with gzip accepted: Content-Encoding %q", tc.path, resp.Header.Get("Content-Encoding"))
					return
				}
				zr, err := gzip.NewReader(resp.Body)
				if err != nil {
					t.Fatalf("%s: %v", tc.path, err)
				}
				body, err := io.ReadAll(zr)
				if err != nil || len(body) == 0 {
					t.Errorf("%s: gunzip: %v (%d bytes)", tc.path, err, len(body))
				}
			})
		}
		// Compressed once and kept, not gzipped again for each request (which
		// sends no Content-Length): the home page and a product page, and the
		// catalogue's answers.
		for _, path := range []string{"/", "/product/" + first, "/api/products"} {
			t.Run("GET "+path+" is gzipped once, ahead", func(t *testing.T) {
				resp := h.get(t, path, "Accept-Encoding", "gzip")
				gz, _ := io.ReadAll(resp.Body)
				if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Length") != strconv.Itoa(len(gz)) {
					t.Errorf("Content-Encoding %q, Content-Length %q for %d bytes", resp.Header.Get("Content-Encoding"),
						resp.Header.Get("Content-Length"), len(gz))
				}
				plainResp := h.get(t, path)
				plain, _ := io.ReadAll(plainResp.Body)
				if plainResp.Header.Get("Content-Length") != strconv.Itoa(len(plain)) {
					t.Errorf("plain: Content-Length %q for %d bytes", plainResp.Header.Get("Content-Length"), len(plain))
				}
				head := h.ask(t, http.MethodHead, path, "Accept-Encoding", "gzip")
				if body, _ := io.ReadAll(head.Body); len(body) != 0 || head.Header.Get("Content-Length") != strconv.Itoa(len(gz)) {
					t.Errorf("HEAD: Content-Length %q and %d bytes, want %d and none", head.Header.Get("Content-Length"), len(body), len(gz))
				}
				zr, err := gzip.NewReader(bytes.NewReader(gz))
				if err != nil {
					t.Fatal(err)
				}
				if unzipped, _ := io.ReadAll(zr); !bytes.Equal(unzipped, plain) {
					t.Errorf("the gzipped page is not the plain one")
				}
			})
		}
		t.Run("nothing is compressed for a client that did not ask", func(t *testing.T) {
			if r := h.get(t, "/api/products"); r.Header.Get("Content-Encoding") != "" {
				t.Errorf("compressed for a client that did not ask")
			}
		})

		// A file built with a brotli form goes in it to clients that take brotli, gzipped to others.
		for _, tc := range []struct{ name, accept, want string }{
			{"a client that takes brotli gets the brotli form as built", "gzip, deflate, br, zstd", "br"},
			{"a client that takes gzip alone gets it gzipped", "gzip", "gzip"},
			{"a client that takes neither gets it as it is", "", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				resp := h.get(t, "/assets/react-def456.js", "Accept-Encoding", tc.accept)
				body, _ := io.ReadAll(resp.Body)
				if got := resp.Header.Get("Content-Encoding"); got != tc.want {
					t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.want)
				}
				if tc.want == "br" && (string(body) != brotliForm || resp.Header.Get("Content-Length") != strconv.Itoa(len(brotliForm))) {
					t.Errorf("the brotli form was not sent as built: %q (Content-Length %s)", body, resp.Header.Get("Content-Length"))
				}
				if !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
					t.Errorf("Accept-Encoding %q: no Vary: Accept-Encoding", tc.accept)
				}
			})
		}
		t.Run("a brotli form is not served as a file", func(t *testing.T) {
			if r := h.get(t, "/assets/react-def456.js.br"); r.StatusCode != http.StatusNotFound {
				t.Errorf("GET of a brotli form as a file: %d, want 404", r.StatusCode)
			}
		})
		t.Run("a picture is not gzipped", func(t *testing.T) {
			if r := h.get(t, "/uploads/demo/tee.png", "Accept-Encoding", "gzip"); r.Header.Get("Content-Encoding") != "" {
				t.Errorf("an image was gzipped")
			}
		})
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

func TestCrossSiteWriteRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		req, _ := http.NewRequest("POST", h.URL+"/api/users/logout", nil)
		req.Header.Set("Origin", "https://evil.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("cross-site POST: %d, want 403", resp.StatusCode)
		}
	})
}

func TestSecurityHeaders(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		direct := newHarness(t, db)
		live := newHarness(t, db, func(o *api.Options) {
			o.Gateway = payment.NewRazorpay(payment.RazorpayConfig{KeyID: "rzp_live_x", KeySecret: "s", WebhookSecret: "w"})
		})

		t.Run("the content policy allows the shop's own script, no inline one", func(t *testing.T) {
			csp := direct.get(t, "/").Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "razorpay") || strings.Contains(csp, "unsafe-eval") || regexp.MustCompile(`script-src[^;]*unsafe-inline`).MatchString(csp) {
				t.Errorf("CSP with the simulator allows Razorpay or inline script: %q", csp)
			}
		})
		t.Run("with live keys the content policy allows Razorpay's checkout", func(t *testing.T) {
			liveCSP := live.get(t, "/").Header.Get("Content-Security-Policy")
			if !strings.Contains(liveCSP, "script-src 'self' https://checkout.razorpay.com") || !strings.Contains(liveCSP, "https://api.razorpay.com") {
				t.Errorf("CSP with live keys does not allow Razorpay's checkout: %q", liveCSP)
			}
		})
		t.Run("the permissions policy turns off the camera, location and payment", func(t *testing.T) {
			if pp := direct.get(t, "/cart").Header.Get("Permissions-Policy"); !strings.Contains(pp, "camera=()") ||
				!strings.Contains(pp, "geolocation=()") || !strings.Contains(pp, "payment=()") {
				t.Errorf("Permissions-Policy = %q", pp)
			}
		})
		t.Run("an API answer is nothing to render: its policy allows nothing", func(t *testing.T) {
			for _, path := range []string{"/api/config", "/api/products", "/api/nothing-here"} {
				hd := live.get(t, path).Header
				if csp := hd.Get("Content-Security-Policy"); csp != "default-src 'none'; frame-ancestors 'none'" {
					t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
				}
				if hd.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("GET %s: X-Content-Type-Options %q", path, hd.Get("X-Content-Type-Options"))
				}
			}
		})
		t.Run("with live keys the permissions policy lets Razorpay take payment", func(t *testing.T) {
			if pp := live.get(t, "/").Header.Get("Permissions-Policy"); !strings.Contains(pp, `payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")`) {
				t.Errorf("Permissions-Policy with live keys = %q", pp)
			}
		})
	})
}

// Strict-Transport-Security and a Secure session cookie come only over
// HTTPS, which a request behind a proxy shows only if the proxy is trusted.
func TestHTTPSOnlyHeadersFollowTheTrustedProxy(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		trusted, _ := proxy.Parse("127.0.0.1, ::1")
		behindProxy := newHarness(t, db, func(o *api.Options) { o.TrustedProxies = trusted })
		direct := newHarness(t, db)
		for i, c := range []struct {
			name   string
			h      *harness
			header []string
			https  bool
		}{
			{"plain http", direct, nil, false},
			{"forged X-Forwarded-Proto from an untrusted peer", direct, []string{"X-Forwarded-Proto", "https"}, false},
			{"https through a trusted proxy", behindProxy, []string{"X-Forwarded-Proto", "https"}, true},
			{"http through a trusted proxy", behindProxy, []string{"X-Forwarded-Proto", "http"}, false},
		} {
			t.Run(c.name, func(t *testing.T) {
				email := fmt.Sprintf("secure%d@example.com", i)
				if hsts := c.h.get(t, "/", c.header...).Header.Get("Strict-Transport-Security"); (hsts != "") != c.https {
					t.Errorf("%s: Strict-Transport-Security %q", c.name, hsts)
				}
				addUser(t, db, "Secure", email, fmt.Sprintf("90000001%02d", i), "right-pass", shop.RoleCustomer)
				cl := c.h.client(t)
				req := cl.request(t, "POST", "/api/users/auth", map[string]any{"loginId": email, "password": "right-pass"})
				for i := 0; i+1 < len(c.header); i += 2 {
					req.Header.Set(c.header[i], c.header[i+1])
				}
				resp, err := http.DefaultTransport.RoundTrip(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				for _, ck := range resp.Cookies() {
					if ck.Name == auth.CookieName && ck.Secure != c.https {
						t.Errorf("%s: session cookie Secure = %v", c.name, ck.Secure)
					}
				}
			})
		}
	})
}

// The built app must run under a policy without inline script: the pages the
// server makes of it hold no script but the app's files and the home page's
// data block, which a browser never runs.
func TestBuiltAppHasNoInlineScript(t *testing.T) {
	if _, err := fs.Stat(web.App(), "index.html"); err != nil {
		t.Skip("the web app is not built")
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, func(o *api.Options) { o.App = web.App() })
		id := seedCatalogue(t, db)
		script, handler := regexp.MustCompile(`(?is)<script\b[^>]*>`), regexp.MustCompile(`(?i)\son[a-z]+=`)
		for _, path := range []string{"/", "/product/" + id, "/cart"} {
			page, _ := io.ReadAll(h.get(t, path).Body)
			for _, tag := range script.FindAllString(string(page), -1) {
				if !strings.Contains(tag, " src=") && tag != `<script type="application/json" id="first-screen">` {
					t.Errorf("%s has an inline script: %s", path, tag)
				}
			}
			if handler.MatchString(string(page)) {
				t.Errorf("%s has an inline event handler", path)
			}
		}
	})
}

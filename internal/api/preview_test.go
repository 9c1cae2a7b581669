package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
	"github.com/haat-shop/haat/web"
)

func TestCategoriesAndLinkPreview(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		var quote string // the id of a product whose name and description need escaping
		s := newStory(t)

		s.step("the categories count their products", func(t *testing.T) {
			var cats []struct {
				Name  string
				Count int
			}
			h.getJSON(t, "/api/products/categories", 200, &cats)
			if len(cats) != 3 || cats[0].Name != "men" || cats[0].Count != 14 || cats[2].Name != "polo" || cats[2].Count != 2 {
				t.Errorf("categories: %+v", cats)
			}
		})
		s.step("a product page's head describes the product, escaped", func(t *testing.T) {
			storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: `Quote "Tee" <b>`, Description: `Says <script>alert(1)</script> & more`,
				Price: 129900, CreatedAt: time.Now(), Variants: []shop.Variant{{VariantName: "red", Images: []string{"/uploads/demo/q.png"}}}})
			var page pageJSON
			h.getJSON(t, "/api/products", 200, &page)
			quote = page.Products[0].ID

			resp := h.get(t, "/product/"+quote)
			body, _ := io.ReadAll(resp.Body)
			html := string(body)
			for _, want := range []string{
				`<title>Quote &#34;Tee&#34; &lt;b&gt; – Haat</title>`,
				`<meta property="og:type" content="product" />`,
				`<meta property="og:image" content="` + h.URL + `/uploads/demo/q.png" />`,
				`<meta property="product:price:amount" content="1299.00" />`,
				`<meta property="product:price:currency" content="INR" />`,
				`<meta property="og:url" content="` + h.URL + `/product/` + quote + `" />`,
				`<div id="root"></div>`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("product page lacks %s:\n%s", want, html)
				}
			}
			if strings.Contains(html, "<script>alert") || strings.Count(html, "<title>") != 1 {
				t.Errorf("the head is not escaped or has two titles:\n%s", html)
			}
		})
		s.step("an unknown product's page has the shop's head", func(t *testing.T) {
			generic := h.get(t, "/product/"+store.NewID())
			gb, _ := io.ReadAll(generic.Body)
			if generic.StatusCode != 200 || !strings.Contains(string(gb), `og:type" content="website"`) {
				t.Errorf("unknown product page: %d %s", generic.StatusCode, gb)
			}
		})
	})
}

// The home and product pages ask, in their head, for the reads and the
// picture their first screen needs, exactly as the app will ask for them, so
// the browser starts them before the app's code has loaded.
func TestPageHeadsHintTheFirstScreen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		sizes := web.Sizes()
		page := func(t *testing.T, path string) string {
			t.Helper()
			body, _ := io.ReadAll(h.get(t, path).Body)
			return string(body)
		}
		picture := func(src, sizes string) string {
			return `<link rel="preload" href="` + src + `" as="image" imagesrcset="` + src + `?w=320 320w, ` + src + `?w=640 640w, ` +
				src + ` 800w" imagesizes="` + sizes + `" fetchpriority="high" />`
		}
		fetch := func(href string) string {
			return `<link rel="preload" href="` + href + `" as="fetch" crossorigin="use-credentials" />`
		}
		// The hints, in this order, after the app's code: on a connection that
		// takes a few requests at a time, the code (the longest wait) goes first,
		// then the list and the picture the first card shows.
		inOrder := func(t *testing.T, name, html string, want ...string) {
			t.Helper()
			at := strings.Index(html, `<script type="module" src="/assets/index-abc123.js"></script>`)
			if at < 0 || strings.Count(html, "<script") != 1 {
				t.Fatalf("%s does not load the app's code once:\n%s", name, html)
			}
			for _, w := range append(want, "</head>") {
				i := strings.Index(html, w)
				if i < at {
					t.Errorf("%s lacks %s after what comes before it:\n%s", name, w, html)
					return
				}
				at = i
			}
		}
		var id string // the newest product, with a red and a blue colour
		s := newStory(t)

		s.step("the home page hints its reads and the first card's picture", func(t *testing.T) {
			inOrder(t, "home page", page(t, "/"), fetch("/api/products"), picture("/uploads/demo/tee.png", sizes.Grid),
				fetch("/api/products/top"), fetch("/api/products/categories"), fetch("/api/config"))
		})
		s.step("a newer product heading the list gives the home page its picture", func(t *testing.T) {
			id = storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Newest Tee", Price: 59900, CreatedAt: time.Now(),
				Variants: []shop.Variant{
					{VariantName: "red", Images: []string{"/uploads/demo/red.png"}},
					{VariantName: "blue", Images: []string{"/uploads/demo/blue.png", "/uploads/demo/blue-back.png"}},
				}})
			if home := page(t, "/"); !strings.Contains(home, picture("/uploads/demo/red.png", sizes.Grid)) {
				t.Errorf("home page does not ask for the newest product's picture:\n%s", home)
			}
		})
		s.step("a product page hints its read and its first colour's picture", func(t *testing.T) {
			inOrder(t, "product page", page(t, "/product/"+id), fetch("/api/products/"+id),
				picture("/uploads/demo/red.png", sizes.ProductPage), fetch("/api/config"))
		})
		s.step("a link to a colour hints that colour's picture alone", func(t *testing.T) {
			var p productJSON
			h.getJSON(t, "/api/products/"+id, http.StatusOK, &p)
			blue := page(t, "/product/"+id+"?variant="+p.Variants[1].ID)
			if !strings.Contains(blue, picture("/uploads/demo/blue.png", sizes.ProductPage)) || strings.Contains(blue, "red.png\" as=\"image\"") {
				t.Errorf("a link to the blue colour does not ask for its picture alone:\n%s", blue)
			}
		})
		s.step("other pages hint only the shop's settings, which their header shows", func(t *testing.T) {
			cart := page(t, "/cart")
			inOrder(t, "cart page", cart, fetch("/api/config"))
			if strings.Count(cart, `rel="preload"`) != 1 {
				t.Errorf("the cart page asks for catalogue reads:\n%s", cart)
			}
		})
	})
}

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
		sent := h.sent(t)
		mail := sent[len(sent)-1]
		if strings.Contains(mail.Text, forged) || !strings.Contains(mail.Text, "http://localhost/order/") {
			t.Errorf("the order e-mail links to the forged host or not to the shop:\n%s", mail.Text)
		}
	})
}

package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
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
		// then the pictures the first screen shows.
		inOrder := func(t *testing.T, name, html string, want ...string) {
			t.Helper()
			at := strings.Index(html, `<script type="module" src="/assets/index-abc123.js"></script>`)
			if at < 0 || strings.Count(html, `<script type="module"`) != 1 {
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

		s.step("the home page hints the top carousel's first picture and the first card's, and carries its reads' answers", func(t *testing.T) {
			home := page(t, "/")
			inOrder(t, "home page", home, picture("/uploads/demo/tee.png", sizes.TopCarousel), picture("/uploads/demo/tee.png", sizes.Grid),
				`<script type="application/json" id="first-screen">`)
			// Its data is in the page: nothing to fetch early; nor the product page's code.
			if strings.Contains(home, `as="fetch"`) || strings.Contains(home, "ProductScreen") {
				t.Errorf("the home page hints reads it carries, or code it does not run:\n%s", home)
			}
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
		s.step("a product page hints its read, its first colour's picture and the code the build lists for it", func(t *testing.T) {
			inOrder(t, "product page", page(t, "/product/"+id), fetch("/api/products/"+id),
				picture("/uploads/demo/red.png", sizes.ProductPage),
				`<link rel="modulepreload" href="/assets/ProductScreen-ghi789.js" crossorigin fetchpriority="low" />`,
				`<link rel="preload" href="/assets/ProductScreen-jkl012.css" as="style" crossorigin fetchpriority="low" />`,
				fetch("/api/config"))
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
			if strings.Count(cart, `rel="preload"`) != 1 || strings.Contains(cart, "modulepreload") {
				t.Errorf("the cart page asks for catalogue reads or the product page's code:\n%s", cart)
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

// firstScreenIn is the data block a page carries (the home page's first
// screen), each answer under its read's path; nil without one.
func firstScreenIn(t *testing.T, html string) map[string]json.RawMessage {
	t.Helper()
	const open = `<script type="application/json" id="first-screen">`
	at := strings.Index(html, open)
	if at < 0 {
		return nil
	}
	// The block ends at the first </script>, as a browser ends it.
	body, _, ok := strings.Cut(html[at+len(open):], "</script>")
	if !ok {
		t.Fatalf("the data block does not end:\n%s", html)
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &data); err != nil {
		t.Fatalf("the data block is not JSON (%v): %s", err, body)
	}
	return data
}

// cardJSON is what the first screen shows of a product: what the home page
// carries of each.
type cardJSON struct {
	ID           string   `json:"_id"`
	Name         string   `json:"name"`
	Price        float64  `json:"price"`
	MRP          *float64 `json:"mrp"`
	Rating       float64  `json:"rating"`
	NumReviews   int      `json:"numReviews"`
	TotalInStock int      `json:"totalInStock"`
	Variants     []struct {
		Images []string `json:"images"`
	} `json:"variants"`
}

// The home page carries the answers of the four reads of its first screen,
// so the app renders it without asking: the API's own answers, products cut
// to what a card shows; escaped so that no product's name ends the block.
func TestHomePageCarriesItsFirstScreen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		seedCatalogue(t, db)
		const hostile = `</script><script>alert(1)</script><!--`
		mrp := shop.Paise(99900)
		storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: hostile, Price: 59900, MRP: &mrp, CreatedAt: time.Now(),
			Tags: []string{"men"}, Reviews: []shop.Review{{Name: "Meera S", Rating: 4, Comment: "Nice", CreatedAt: epoch}},
			Variants: []shop.Variant{
				{VariantName: "plain", Sizes: []shop.Size{{Size: "M", Stock: 2}}},
				{VariantName: "red", Images: []string{"/uploads/demo/red.png", "/uploads/demo/red-back.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}}},
			}})
		body, _ := io.ReadAll(h.get(t, "/").Body)
		html := string(body)
		data := firstScreenIn(t, html)
		s := newStory(t)

		s.step("the page holds one script of the app's and the data block, which no name ends", func(t *testing.T) {
			if strings.Count(html, "<script") != 2 || strings.Contains(html, "alert(1)</script>") || strings.Contains(html, "<!--</script>") {
				t.Errorf("a product's name escaped the data block:\n%s", html)
			}
			if len(data) != 4 {
				t.Errorf("the data block holds %d answers, want 4: %v", len(data), data)
			}
		})
		s.step("the latest products as the list answers them, cut to a card", func(t *testing.T) {
			type page struct {
				Products []cardJSON `json:"products"`
				Pages    int        `json:"pages"`
				Page     int        `json:"page"`
				Total    int        `json:"total"`
			}
			var want, got page
			h.getJSON(t, "/api/products", http.StatusOK, &want)
			if err := json.Unmarshal(data["/api/products"], &got); err != nil {
				t.Fatal(err)
			}
			if got.Pages != want.Pages || got.Page != 1 || got.Total != want.Total || got.Total != 15 || len(got.Products) != len(want.Products) {
				t.Fatalf("page %d of %d, %d products in all, %d on it; the list answers page %d of %d with %d",
					got.Page, got.Pages, got.Total, len(got.Products), want.Page, want.Pages, len(want.Products))
			}
			for i, p := range got.Products {
				matchesCard(t, p, want.Products[i])
			}
			first := got.Products[0]
			if first.Name != hostile || first.MRP == nil || *first.MRP != 999 || first.Variants[0].Images[0] != "/uploads/demo/red.png" {
				t.Errorf("the newest product reads %+v", first)
			}
			// Only what the first screen shows.
			if raw := string(data["/api/products"]); strings.Contains(raw, "description") || strings.Contains(raw, "sizes") || strings.Contains(raw, "reviews") {
				t.Errorf("the page carries more than cards show: %s", raw)
			}
		})
		s.step("the top products as their read answers them, cut to a card", func(t *testing.T) {
			var want, got []cardJSON
			h.getJSON(t, "/api/products/top", http.StatusOK, &want)
			if err := json.Unmarshal(data["/api/products/top"], &got); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) || len(got) == 0 {
				t.Fatalf("%d top products, the read answers %d", len(got), len(want))
			}
			for i, p := range got {
				matchesCard(t, p, want[i])
			}
		})
		s.step("the categories and the shop's settings as their reads answer them", func(t *testing.T) {
			for _, read := range []string{"/api/products/categories", "/api/config"} {
				want, _ := io.ReadAll(h.get(t, read).Body)
				if !sameJSON(t, data[read], want) {
					t.Errorf("the page carries %s as %s, the read answers %s", read, data[read], want)
				}
			}
		})
		s.step("other pages carry no data, nor does the page the service worker keeps", func(t *testing.T) {
			for _, path := range []string{"/cart", "/product/" + store.NewID(), "/page/2", "/index.html"} {
				body, _ := io.ReadAll(h.get(t, path).Body)
				if strings.Contains(string(body), `type="application/json"`) {
					t.Errorf("%s carries the home page's data", path)
				}
			}
		})
	})
}

// matchesCard says where a card differs from the product the API answers
// (decoded as a card: all its colours and pictures): the card has the first
// picture, as the only one of its only colour.
func matchesCard(t *testing.T, card, product cardJSON) {
	t.Helper()
	var pictures [][]string
	for _, v := range product.Variants {
		if len(v.Images) > 0 {
			pictures = [][]string{v.Images[:1]}
			break
		}
	}
	var shown [][]string
	for _, v := range card.Variants {
		shown = append(shown, v.Images)
	}
	card.Variants, product.Variants = nil, nil
	if !reflect.DeepEqual(card, product) || !reflect.DeepEqual(shown, pictures) {
		t.Errorf("card %+v with pictures %q; the API answers %+v with %q", card, shown, product, pictures)
	}
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

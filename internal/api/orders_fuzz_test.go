package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// orderShop is a customer signed in to a shop on one database, with one
// product stocked far beyond any order. Fuzz inputs name the product and
// its sizes by placeholders, which ids differ per database.
type orderShop struct {
	name     string
	customer *client
	ids      *strings.Replacer
	price    shop.Paise
}

// placeholder stands for the product and its sizes in the seeds.
var placeholder = shopFixture{productID: "{P}", sizes: map[string]string{"M": "{M}", "L": "{L}"}, price: 29900}

// placedOrder is the part of an order the checks read.
type placedOrder struct {
	PaymentMethod shop.PaymentMethod `json:"paymentMethod"`
	OrderItems    []struct {
		Product  string     `json:"product"`
		Size     string     `json:"size"`
		Qty      int        `json:"qty"`
		Price    shop.Paise `json:"price"`
		PreOrder bool       `json:"preOrder"`
	} `json:"orderItems"`
	shop.Prices
}

// place posts body as an order and checks the answer: a refusal with a
// message, or an order whose quantities are within the limits and whose
// money is the shop's own pricing of what it holds.
func (s *orderShop) place(t *testing.T, body []byte) {
	req, err := http.NewRequest(http.MethodPost, s.customer.h.URL+"/api/orders", bytes.NewReader([]byte(s.ids.Replace(string(body)))))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.customer.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		var m message
		if resp.StatusCode >= 500 || resp.StatusCode < 400 || json.Unmarshal(raw, &m) != nil || m.Message == "" {
			t.Fatalf("%s: %q: status %d; body %s", s.name, body, resp.StatusCode, raw)
		}
		return
	}
	var res placed
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	var o placedOrder
	s.customer.do(t, "GET", "/api/orders/"+res.Data.ID, nil, http.StatusOK, &o)
	perSize := map[string]int{}
	var items shop.Paise
	preOrder := false
	for _, it := range o.OrderItems {
		if it.Qty < 1 || it.Qty > shop.MaxLineQty || it.Price != s.price {
			t.Fatalf("%s: %q placed a line of %d at %d paise", s.name, body, it.Qty, it.Price)
		}
		perSize[it.Product+" "+it.Size] += it.Qty
		items += it.Price * shop.Paise(it.Qty)
		preOrder = preOrder || it.PreOrder
	}
	for size, n := range perSize {
		if n > shop.MaxLineQty {
			t.Fatalf("%s: %q placed %d units of %s in one order, more than %d", s.name, body, n, size, shop.MaxLineQty)
		}
	}
	want := shop.PriceItems(items, o.PaymentMethod)
	if preOrder {
		want = shop.PriceBuyingItem(items, o.PaymentMethod, true)
	}
	if len(o.OrderItems) == 0 || o.Prices != want || o.Total <= 0 {
		t.Fatalf("%s: %q placed %d lines priced %+v; the shop prices them %+v", s.name, body, len(o.OrderItems), o.Prices, want)
	}
}

// FuzzOrderPayload: whatever a customer's browser sends as an order, the
// server refuses it with a message or places an order within the limits,
// priced by its own rules; never a 500.
func FuzzOrderPayload(f *testing.F) {
	p := placeholder
	seed := func(body map[string]any, change func(map[string]any)) []byte {
		if change != nil {
			change(body)
		}
		b, err := json.Marshal(body)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	withAddress := func(field, value string) func(map[string]any) {
		return func(b map[string]any) {
			a := map[string]any{}
			for k, v := range address {
				a[k] = v
			}
			a[field] = value
			b["shippingAddress"] = a
		}
	}
	for _, b := range [][]byte{
		seed(orderBody(shop.COD, 2*p.price, p.line("M", 2)), nil),
		seed(orderBody(shop.Razorpay, 3*p.price, p.line("M", 1), p.line("L", 2)), nil),
		seed(orderBody(shop.COD, 20*p.price, p.line("M", 10), p.line("M", 10)), nil),
		seed(orderBody(shop.COD, 11*p.price, p.line("M", 11)), nil),
		seed(orderBody(shop.COD, -p.price, p.line("M", -1)), nil),
		seed(orderBody(shop.COD, 0, p.line("M", 0)), nil),
		seed(orderBody(shop.COD, 0), nil),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), func(b map[string]any) { b["itemsPrice"], b["totalPrice"] = "-299.00", "-249.00" }),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), func(b map[string]any) { b["totalPrice"] = 1e300 }),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), func(b map[string]any) { b["totalPrice"] = "349.001" }),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), func(b map[string]any) { b["paymentMethod"] = "cod" }),
		seed(orderBody(shop.COD, p.price, map[string]any{"keyId": "{P}-{M}", "qty": 1}), nil),
		seed(orderBody(shop.COD, p.price, map[string]any{"keyId": "{P}{M}", "qty": 1, "_id": "{L}"}), nil),
		seed(orderBody(shop.COD, 2*p.price, p.line("M", 1), p.line("L", 1)), func(b map[string]any) {
			b["orderItems"].([]map[string]any)[0]["actionItem"] = "preOrder"
		}),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), func(b map[string]any) {
			b["orderItems"].([]map[string]any)[0]["actionItem"] = "preOrder"
			b["preOrderFee"] = "14.95"
		}),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), withAddress("address", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), withAddress("shippingName", "<img src=x onerror=alert(1)>")),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), withAddress("pinCode", "५६००२५")),
		seed(orderBody(shop.COD, p.price, p.line("M", 1)), withAddress("shippingPhoneNumber", "+919000000003")),
		[]byte(`{"orderItems":[{"_id":"{P}","qty":1e1,"variant":{"size":{"_id":"{M}"}}}]}`),
		[]byte(`{"orderItems":[{"_id":"{P}","qty":9223372036854775807,"variant":{"size":{"_id":"{M}"}}}]}`),
		[]byte(`{"orderItems":null,"shippingAddress":null}`), []byte(`{"orderItems":{}}`),
		[]byte(`{}`), []byte(`[]`), []byte(`null`), []byte(``), []byte(`"`), []byte("\xff"),
	} {
		f.Add(b)
	}
	var shops []*orderShop
	for i, d := range storetest.Each(f) {
		h := newHarness(f, d.DB)
		tee := stockedProduct(f, d.DB, "Fuzz Tee", p.price, map[string]int{"M": shop.MaxStock, "L": shop.MaxStock})
		customer := h.signIn(f, shop.RoleCustomer, "customer@example.com", "900000000"+string(rune('3'+i)))
		shops = append(shops, &orderShop{name: d.Name, customer: customer, price: tee.price,
			ids: strings.NewReplacer("{P}", tee.productID, "{M}", tee.sizes["M"], "{L}", tee.sizes["L"])})
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, s := range shops {
			s.place(t, body)
		}
	})
}

package api_test

import (
	"encoding/csv"
	"io"
	"maps"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type summaryJSON struct {
	From              string  `json:"from"`
	To                string  `json:"to"`
	Revenue           float64 `json:"revenue"`
	Orders            int     `json:"orders"`
	AverageOrderValue float64 `json:"averageOrderValue"`
	ByDay             []struct {
		Date    string  `json:"date"`
		Revenue float64 `json:"revenue"`
		Orders  int     `json:"orders"`
	} `json:"byDay"`
	MethodShare []struct {
		Method  string  `json:"method"`
		Orders  int     `json:"orders"`
		Revenue float64 `json:"revenue"`
	} `json:"methodShare"`
	CODCancelled struct {
		Placed    int     `json:"placed"`
		Cancelled int     `json:"cancelled"`
		Returned  int     `json:"returned"`
		Rate      float64 `json:"rate"`
	} `json:"codCancelled"`
	PreOrdersWaiting int `json:"preOrdersWaiting"`
	TopProducts      struct {
		ByUnits   []productSalesJSON `json:"byUnits"`
		ByRevenue []productSalesJSON `json:"byRevenue"`
	} `json:"topProducts"`
	SoldOutSizes []struct {
		Name  string `json:"name"`
		Size  string `json:"size"`
		Units int    `json:"units"`
	} `json:"soldOutSizes"`
	NeedsAction []struct {
		Key   string `json:"key"`
		Count int    `json:"count"`
	} `json:"needsAction"`
}

// near compares rupee amounts summed from JSON, to the paisa.
func near(a, b float64) bool { return math.Abs(a-b) < 0.005 }

type productSalesJSON struct {
	Name    string  `json:"name"`
	Units   int     `json:"units"`
	Revenue float64 `json:"revenue"`
}

// salesFixture is three orders on two IST days: a COD order just after
// midnight IST (still the day before in UTC), an online order paid by an
// admin, and an online order left unpaid, which is no sale.
type salesFixture struct {
	cod, paid, unpaid placed
	now               time.Time
}

func placeSales(t *testing.T, h *harness, admin *client) salesFixture {
	t.Helper()
	kurta := stockedProduct(t, h.db, "Kurta Tee", 50000, map[string]int{"M": 10})
	block := stockedProduct(t, h.db, "Block Print Tee", 150000, map[string]int{"S": 1})
	c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
	var f salesFixture
	h.clock.set(time.Date(2026, 3, 9, 0, 30, 0, 0, shop.IST))
	c.do(t, "POST", "/api/orders", orderBody(shop.COD, 2*50000, kurta.line("M", 2)), 201, &f.cod)
	h.clock.set(time.Date(2026, 3, 10, 9, 0, 0, 0, shop.IST))
	c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, 150000, block.line("S", 1)), 201, &f.paid)
	admin.do(t, "PUT", "/api/orders/"+f.paid.Data.ID+"/pay", map[string]any{}, 200, nil)
	c.do(t, "POST", "/api/orders", orderBody(shop.Razorpay, 50000, kurta.line("M", 1)), 201, &f.unpaid)
	f.now = time.Date(2026, 3, 10, 9, 5, 0, 0, shop.IST)
	h.clock.set(f.now)
	return f
}

// aftercareFixture is orders of a second customer on the day before the
// sales fixture's, 2026-03-08 IST, one in each state after checkout: COD
// orders returned (one unit of two, received, its refund due), with a
// return asked for, shipped, cancelled by the customer, and pre-ordered;
// and an online order whose payment was flagged, left unpaid.
type aftercareFixture struct {
	returned, requested, shipped, cancelled, preOrder placed
	flagged                                           onlinePlaced
	refund                                            float64
}

func placeAftercare(t *testing.T, h *harness, admin *client) aftercareFixture {
	t.Helper()
	tee := stockedProduct(t, h.db, "Aftercare Tee", 40000, map[string]int{"M": 20, "L": 0})
	c := h.signIn(t, shop.RoleCustomer, "second@example.com", "9000000007")
	var f aftercareFixture
	h.clock.set(time.Date(2026, 3, 8, 10, 0, 0, 0, shop.IST))
	cod := func(o *placed, qty int) {
		c.do(t, "POST", "/api/orders", orderBody(shop.COD, tee.price*shop.Paise(qty), tee.line("M", qty)), 201, o)
	}
	delivered := func(o *placed, qty int) {
		cod(o, qty)
		admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/pay", map[string]any{}, 200, nil)
		admin.do(t, "PUT", "/api/orders/"+o.Data.ID+"/deliver", map[string]any{}, 200, nil)
		c.do(t, "POST", "/api/orders/"+o.Data.ID+"/return", map[string]any{"reason": "size",
			"items": []map[string]any{{"product": tee.productID, "size": "M", "qty": 1}}}, 200, nil)
	}
	delivered(&f.returned, 2)
	admin.do(t, "PUT", "/api/orders/"+f.returned.Data.ID+"/return", map[string]any{"decision": "approve"}, 200, nil)
	admin.do(t, "PUT", "/api/orders/"+f.returned.Data.ID+"/return", map[string]any{"decision": "received"}, 200, nil)
	if o := h.order(t, admin, f.returned.Data.ID); len(o.Refunds) != 1 || o.Refunds[0].Amount <= 0 {
		t.Fatalf("the returned order's refund: %+v", o.Refunds)
	} else {
		f.refund = o.Refunds[0].Amount
	}
	delivered(&f.requested, 1)
	cod(&f.shipped, 1)
	admin.do(t, "PUT", "/api/orders/"+f.shipped.Data.ID+"/ship", ship, 200, nil)
	cod(&f.cancelled, 1)
	c.do(t, "PUT", "/api/orders/"+f.cancelled.Data.ID+"/cancel", map[string]any{"reason": "Ordered twice"}, 200, nil)
	c.do(t, "POST", "/api/orders", tee.preOrder("L", shop.COD), 201, &f.preOrder)
	f.flagged = h.placeOnline(t, c, tee, "M", 1)
	if code := h.postWebhook(t, paymentEvent(f.flagged.RazorpayOrderID, "pay_ODD1", 1, "INR", "captured"),
		payment.Sign(simSecret, paymentEvent(f.flagged.RazorpayOrderID, "pay_ODD1", 1, "INR", "captured"))); code != 200 {
		t.Fatalf("webhook answered %d", code)
	}
	return f
}

// The dashboard's figures, checked against the orders the test places.
func TestReportSummary(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		f := placeSales(t, h, admin)
		a := placeAftercare(t, h, admin)
		h.clock.set(f.now)
		var sum summaryJSON
		admin.do(t, "GET", "/api/reports/summary?days=2", nil, 200, &sum)
		s := newStory(t)

		s.step("the window is the last two IST days", func(t *testing.T) {
			if sum.From != "2026-03-09" || sum.To != "2026-03-10" || len(sum.ByDay) != 2 {
				t.Fatalf("window %s..%s, %d days", sum.From, sum.To, len(sum.ByDay))
			}
		})
		s.step("each order counts on its IST day; the unpaid one not at all", func(t *testing.T) {
			d := sum.ByDay
			if d[0].Date != "2026-03-09" || d[0].Orders != 1 || d[0].Revenue != f.cod.Data.TotalPrice {
				t.Errorf("day 1: %+v, want the COD order's %v", d[0], f.cod.Data.TotalPrice)
			}
			if d[1].Date != "2026-03-10" || d[1].Orders != 1 || d[1].Revenue != f.paid.Data.TotalPrice {
				t.Errorf("day 2: %+v, want the paid order's %v", d[1], f.paid.Data.TotalPrice)
			}
		})
		s.step("totals and the average order", func(t *testing.T) {
			want := f.cod.Data.TotalPrice + f.paid.Data.TotalPrice
			if sum.Orders != 2 || sum.Revenue != want || sum.AverageOrderValue != want/2 {
				t.Errorf("orders %d revenue %v average %v, want 2, %v, %v", sum.Orders, sum.Revenue, sum.AverageOrderValue, want, want/2)
			}
		})
		s.step("the share of each payment method", func(t *testing.T) {
			m := sum.MethodShare
			if len(m) != 2 || m[0].Method != "COD" || m[0].Revenue != f.cod.Data.TotalPrice || m[1].Method != "Razorpay" || m[1].Orders != 1 {
				t.Errorf("method share %+v", m)
			}
			if sum.CODCancelled.Placed != 1 || sum.CODCancelled.Cancelled != 0 {
				t.Errorf("COD cancelled %+v", sum.CODCancelled)
			}
		})
		s.step("top products by units and by revenue", func(t *testing.T) {
			u, r := sum.TopProducts.ByUnits, sum.TopProducts.ByRevenue
			if len(u) != 2 || u[0].Name != "Kurta Tee" || u[0].Units != 2 || u[0].Revenue != 1000 {
				t.Errorf("by units %+v", u)
			}
			if len(r) != 2 || r[0].Name != "Block Print Tee" || r[0].Revenue != 1500 {
				t.Errorf("by revenue %+v", r)
			}
		})
		s.step("the size that sold out", func(t *testing.T) {
			z := sum.SoldOutSizes
			if len(z) != 1 || z[0].Name != "Block Print Tee" || z[0].Size != "S" || z[0].Units != 1 {
				t.Errorf("sold out %+v", z)
			}
		})
		s.step("what needs action", func(t *testing.T) {
			got := map[string]int{}
			for _, a := range sum.NeedsAction {
				got[a.Key] = a.Count
			}
			// The customer's first COD order waits for confirmation before it
			// is one to ship; the paid online order and the second
			// customer's pre-order are to ship, its other orders shipped,
			// delivered or cancelled; the sizes low on stock are the one that
			// sold out and the pre-ordered one.
			want := map[string]int{"awaitingConfirmation": 1, "toShip": 2, "returnRequested": 1, "paymentsFlagged": 1,
				"lowStock": 2, "preOrdersToMake": 1, "refundFailed": 0}
			for k, n := range want {
				if got[k] != n {
					t.Errorf("%s: %d, want %d (all: %v)", k, got[k], n, got)
				}
			}
		})
		s.step("a three-day window: refunds come off the revenue, returned COD orders came back", func(t *testing.T) {
			var three summaryJSON
			admin.do(t, "GET", "/api/reports/summary?days=3", nil, 200, &three)
			// The cancelled order and the unpaid online ones are no sales;
			// the returned one is, less what was refunded of it.
			day := a.returned.Data.TotalPrice + a.requested.Data.TotalPrice + a.shipped.Data.TotalPrice + a.preOrder.Data.TotalPrice - a.refund
			if len(three.ByDay) != 3 || three.ByDay[0].Date != "2026-03-08" || three.ByDay[0].Orders != 4 || !near(three.ByDay[0].Revenue, day) {
				t.Errorf("2026-03-08: %+v, want 4 orders and %v", three.ByDay[0], day)
			}
			all := day + f.cod.Data.TotalPrice + f.paid.Data.TotalPrice
			if three.Orders != 6 || !near(three.Revenue, all) {
				t.Errorf("%d orders, revenue %v; want 6 and %v", three.Orders, three.Revenue, all)
			}
			if m := three.MethodShare; len(m) != 2 || m[0].Method != "COD" || m[0].Orders != 5 || !near(m[0].Revenue, all-f.paid.Data.TotalPrice) {
				t.Errorf("method share %+v", m)
			}
			if c := three.CODCancelled; c.Placed != 6 || c.Cancelled != 1 || c.Returned != 1 || c.Rate != 0.3333 {
				t.Errorf("COD cancelled or returned %+v, want 2 of 6", c)
			}
			if three.PreOrdersWaiting != 1 {
				t.Errorf("pre-orders to make: %d", three.PreOrdersWaiting)
			}
		})
		s.step("a day later the first day has left a one-day window", func(t *testing.T) {
			var one summaryJSON
			admin.do(t, "GET", "/api/reports/summary?days=1", nil, 200, &one)
			if one.Orders != 1 || one.Revenue != f.paid.Data.TotalPrice {
				t.Errorf("one day: %d orders, %v", one.Orders, one.Revenue)
			}
		})
		s.step("days out of range and other roles are refused", func(t *testing.T) {
			admin.do(t, "GET", "/api/reports/summary?days=0", nil, 400, nil)
			admin.do(t, "GET", "/api/reports/summary?days=abc", nil, 400, nil)
			h.client(t).do(t, "GET", "/api/reports/summary", nil, 401, nil)
			h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002").do(t, "GET", "/api/reports/summary", nil, 403, nil)
		})
	})
}

// The orders export: one row per line, IST dates, rupees, each order's
// status as issue 19 names it.
func TestOrdersCSV(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		f := placeSales(t, h, admin)
		a := placeAftercare(t, h, admin)
		h.clock.set(f.now)
		read := func(t *testing.T, query string) [][]string {
			t.Helper()
			resp, err := admin.http.Get(h.URL + "/api/reports/orders.csv?" + query)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
				body, _ := io.ReadAll(resp.Body)
				t.Fatalf("status %d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
			all, err := csv.NewReader(resp.Body).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return all
		}
		s := newStory(t)
		s.step("both days hold the three orders' lines, oldest first", func(t *testing.T) {
			all := read(t, "from=2026-03-09&to=2026-03-10")
			if len(all) != 4 {
				t.Fatalf("%d rows, want a header and 3: %v", len(all), all)
			}
			col := map[string]int{}
			for i, name := range all[0] {
				col[name] = i
			}
			first := all[1]
			for name, want := range map[string]string{"orderNumber": f.cod.Data.OrderID, "orderedAt": "2026-03-09 00:30:00",
				"customer": "Chitra Customer", "state": "Karnataka", "pinCode": "560025", "paymentMethod": "COD",
				"status": "awaitingConfirmation", "paid": "false",
				"product": "Kurta Tee", "size": "M", "qty": "2", "unitPrice": "500.00", "lineTotal": "1000.00", "orderItems": "1000.00"} {
				if got := first[col[name]]; got != want {
					t.Errorf("%s: %q, want %q", name, got, want)
				}
			}
			if all[2][col["status"]] != "placed" || all[2][col["paid"]] != "true" || all[2][col["paidAt"]] != "2026-03-10 09:00:00" ||
				all[3][col["status"]] != "awaitingPayment" || all[3][col["paid"]] != "false" {
				t.Errorf("later rows: %v / %v", all[2], all[3])
			}
		})
		s.step("each order after checkout has its own status", func(t *testing.T) {
			all := read(t, "from=2026-03-08&to=2026-03-08")
			col := map[string]int{}
			for i, name := range all[0] {
				col[name] = i
			}
			got := map[string]string{}
			for _, row := range all[1:] {
				got[row[col["orderNumber"]]] = row[col["status"]] + " " + row[col["paid"]]
			}
			want := map[string]string{a.returned.Data.OrderID: "returned true", a.requested.Data.OrderID: "returnRequested true",
				a.shipped.Data.OrderID: "shipped false", a.cancelled.Data.OrderID: "cancelled false", a.preOrder.Data.OrderID: "placed false",
				a.flagged.Data.OrderID: "awaitingPayment false"}
			if len(all) != 7 || !maps.Equal(got, want) {
				t.Errorf("statuses %v, want %v (%d rows)", got, want, len(all))
			}
		})
		s.step("a range of one IST day leaves out the order just past the previous midnight", func(t *testing.T) {
			if all := read(t, "from=2026-03-10&to=2026-03-10"); len(all) != 3 {
				t.Errorf("%d rows, want a header and 2", len(all))
			}
		})
		s.step("a bad range is refused", func(t *testing.T) {
			admin.do(t, "GET", "/api/reports/orders.csv?from=2026-03-10&to=2026-03-09", nil, 400, nil)
			admin.do(t, "GET", "/api/reports/orders.csv?from=yesterday&to=2026-03-09", nil, 400, nil)
		})
	})
}

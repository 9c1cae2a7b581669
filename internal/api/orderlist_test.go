package api_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// orderList is a page of an order list.
type orderList struct {
	Orders      []map[string]any  `json:"orders"`
	Page        int               `json:"page"`
	Pages       int               `json:"pages"`
	Total       int               `json:"total"`
	NeedsAction *shop.OrdersToAct `json:"needsAction"`
}

// listed is the first page of the order list at path, as c sees it.
func listed(t testing.TB, c *client, path string) []map[string]any {
	t.Helper()
	var l orderList
	c.do(t, "GET", path, nil, 200, &l)
	return l.Orders
}

// The admin's order list pages, filters and counts what needs action; a
// customer's lists only their own orders.
func TestOrderListFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits, func(o *api.Options) { o.CODConfirmation = &shop.CODConfirmation{} })
		tee := stockedProduct(t, db, "List Tee", 49900, map[string]int{"M": 100})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		other := h.signIn(t, shop.RoleCustomer, "other@example.com", "9000000004")
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		var first placed
		for i := range shop.OrderPageSize + 1 {
			var res placed
			c.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &res)
			if i == 0 {
				first = res
			}
		}
		h.clock.advance(48 * time.Hour)
		var theirs placed
		other.do(t, "POST", "/api/orders", orderBody(shop.COD, 49900, tee.line("M", 1)), 201, &theirs)
		admin.do(t, "PUT", "/api/orders/"+first.Data.ID+"/ship", ship, 200, nil)
		today := h.clock.now().In(shop.IST).Format("2006-01-02")

		for _, tc := range []struct {
			name, query    string
			total, pages   int
			firstOrderID   string
			wantOnlyStatus string
		}{
			{name: "everything, newest first", query: "", total: 22, pages: 2, firstOrderID: theirs.Data.OrderID},
			{name: "the second page", query: "?pageNumber=2", total: 22, pages: 2},
			{name: "by status", query: "?status=shipped", total: 1, pages: 1, firstOrderID: first.Data.OrderID, wantOnlyStatus: shop.StatusShipped},
			{name: "to ship", query: "?status=toShip", total: 21, pages: 2, wantOnlyStatus: shop.StatusPlaced},
			{name: "by order number", query: "?q=" + first.Data.OrderID, total: 1, pages: 1, firstOrderID: first.Data.OrderID},
			{name: "by customer", query: "?q=OTHER", total: 1, pages: 1, firstOrderID: theirs.Data.OrderID},
			{name: "by day", query: fmt.Sprintf("?from=%s&to=%s", today, today), total: 1, pages: 1, firstOrderID: theirs.Data.OrderID},
			{name: "nothing matches", query: "?status=returned", total: 0, pages: 1},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var l orderList
				admin.do(t, "GET", "/api/orders"+tc.query, nil, 200, &l)
				if l.Total != tc.total || l.Pages != tc.pages {
					t.Errorf("total %d, pages %d; want %d, %d", l.Total, l.Pages, tc.total, tc.pages)
				}
				if tc.firstOrderID != "" && (len(l.Orders) == 0 || l.Orders[0]["orderId"] != tc.firstOrderID) {
					t.Errorf("first order %v, want %s", l.Orders, tc.firstOrderID)
				}
				for _, o := range l.Orders {
					if tc.wantOnlyStatus != "" && o["status"] != tc.wantOnlyStatus {
						t.Errorf("status %v in a list of %s", o["status"], tc.wantOnlyStatus)
					}
				}
				if l.NeedsAction == nil || l.NeedsAction.ToShip != 21 {
					t.Errorf("needs action: %+v", l.NeedsAction)
				}
			})
		}
		admin.do(t, "GET", "/api/orders?status=lost", nil, 400, nil)
		admin.do(t, "GET", "/api/orders?from=yesterday", nil, 400, nil)

		var mine orderList
		c.do(t, "GET", "/api/orders/myorders?pageNumber=2", nil, 200, &mine)
		if mine.Total != 21 || mine.Pages != 2 || len(mine.Orders) != 1 || mine.NeedsAction != nil {
			t.Errorf("my orders, page 2: total %d, pages %d, %d orders", mine.Total, mine.Pages, len(mine.Orders))
		}
		if l := listed(t, other, "/api/orders/myorders?q="+first.Data.OrderID); len(l) != 0 {
			t.Error("a customer found another's order")
		}
	})
}

package api_test

import (
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// Carts holding the same sizes in opposite orders, [M, L] and [L, M], race:
// 50 clients place 4 orders each. Every order is placed or refused for
// stock, none fails, and stock adds up afterwards. On PostgreSQL this
// deadlocked (180 of 200 orders answered 500) until stock was taken in one
// order.
func TestOppositeCartsDoNotDeadlock(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db, noOrderLimits)
		const stock, clients, each = 150, 50, 4
		tee := stockedProduct(t, db, "Pair Tee", 20000, map[string]int{"M": stock, "L": stock})
		c := h.signIn(t, shop.RoleCustomer, "customer@example.com", "9000000003")
		carts := []map[string]any{
			orderBody(shop.COD, 2*20000, tee.line("M", 1), tee.line("L", 1)),
			orderBody(shop.COD, 2*20000, tee.line("L", 1), tee.line("M", 1)),
		}

		start := time.Now()
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		others := []string{}
		for i := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range each {
					var m message
					code := c.send(t, c.request(t, "POST", "/api/orders", carts[(i+j)%2]), &m)
					mu.Lock()
					codes[code]++
					if code == 409 && m.Message != shop.StockIssueMessage {
						others = append(others, m.Message)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		t.Logf("%d orders in %v: %v", clients*each, time.Since(start).Round(time.Millisecond), codes)
		placed := codes[201]
		if placed+codes[409] != clients*each || placed != stock || len(others) > 0 {
			t.Errorf("statuses %v (other refusals %q), want %d×201 and the rest 409 for stock", codes, others, stock)
		}
		m, l := stockOf(t, db, tee.productID, tee.sizes["M"]), stockOf(t, db, tee.productID, tee.sizes["L"])
		if m != stock-placed || l != stock-placed {
			t.Errorf("stock M %d, L %d after %d orders of one each; want %d", m, l, placed, stock-placed)
		}
		var p productJSON
		h.getJSON(t, "/api/products/"+tee.productID, 200, &p)
		var mine []map[string]any
		c.do(t, "GET", "/api/orders/myorders", nil, 200, &mine)
		if p.TotalSold != 2*placed || len(mine) != placed {
			t.Errorf("totalSold %d and %d orders, want %d and %d", p.TotalSold, len(mine), 2*placed, placed)
		}
	})
}

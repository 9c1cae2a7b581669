package api

import (
	"bytes"
	"encoding/csv"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// streamCheck is a response that notes, when the export first writes to
// it, how many database connections are in use: the export's query, if
// it is still being read.
type streamCheck struct {
	*httptest.ResponseRecorder
	db           *store.DB
	inUseAtWrite int
	wrote        bool
}

func (w *streamCheck) Write(b []byte) (int, error) {
	if !w.wrote {
		w.wrote, w.inUseAtWrite = true, w.db.Stats().InUse
	}
	return w.ResponseRecorder.Write(b)
}

// The orders export streams: its first rows reach the answer while the
// orders are still being read from the database, so a year of orders is
// never held in memory. An export that gathered the rows first would write
// only once its query was closed.
func TestOrdersCSVStreams(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		placed := time.Date(2026, 3, 9, 12, 0, 0, 0, shop.IST)
		id := storetest.MustInsertProduct(t, db, shop.Product{Name: "Stream Tee", Price: 49900, Published: true,
			Variants: []shop.Variant{{VariantName: "red", Images: []string{"/uploads/a.png"},
				Sizes: []shop.Size{{Size: "S", Stock: 100}, {Size: "M", Stock: 100}, {Size: "L", Stock: 100}}}}})
		p, err := db.AnyProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		user, err := db.InsertUser(ctx, shop.NewUser{Name: "Asha", Email: "asha@example.com", MobileNo: "9000000011",
			Role: shop.RoleCustomer}, "hash", true)
		if err != nil {
			t.Fatal(err)
		}
		var lines []shop.OrderLine
		for _, z := range p.Variants[0].Sizes {
			lines = append(lines, shop.OrderLine{ProductID: id, SizeID: z.ID, Qty: 1})
		}
		const orders = 30 // 90 rows, many times csv.Writer's buffer of 4 KB
		for range orders {
			_, _, err := db.PlaceOrder(ctx, store.NewOrder{User: user, Method: shop.COD, Now: placed, Lines: lines,
				Prices: shop.PriceItems(3*49900, shop.COD), Shipping: shop.ShippingAddress{ShippingName: "Asha",
					ShippingEmail: "asha@example.com", ShippingPhoneNumber: "9000000011", Address: "12 MG Road", City: "Pune",
					District: "Pune", State: "Maharashtra", PinCode: "411001"}})
			if err != nil {
				t.Fatal(err)
			}
		}
		s := &Server{db: db, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		w := &streamCheck{ResponseRecorder: httptest.NewRecorder(), db: db}
		s.ordersCSV(w, httptest.NewRequestWithContext(ctx, "GET", "/api/reports/orders.csv?from=2026-03-09&to=2026-03-09", nil), nil)

		rows, err := csv.NewReader(bytes.NewReader(w.Body.Bytes())).ReadAll()
		if err != nil || w.Code != http.StatusOK || len(rows) != 1+3*orders {
			t.Fatalf("status %d, %d rows (%v), want a header and %d", w.Code, len(rows), err, 3*orders)
		}
		if w.inUseAtWrite == 0 {
			t.Error("the export wrote its first rows after its query was closed: it held every row before answering")
		}
		if n := db.Stats().InUse; n != 0 {
			t.Errorf("%d connections still in use after the export", n)
		}
	})
}

package store_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// A series with no numbers left refuses the next document, and the change
// that asked for it is not saved either: no order cancelled without its
// credit note.
func TestNumberLongerThanGSTAllowsRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		at := time.Date(2026, time.November, 27, 12, 0, 0, 0, shop.IST)
		seller := shop.Seller{LegalName: "Haat Apparel Private Limited", TradeName: "Haat", GSTIN: "29ABCDE1234F1ZW",
			Address: "5 Church Street, Bengaluru 560001", State: "Karnataka", InvoicePrefix: "HAAT"}
		if err := db.SaveSettings(ctx, shop.Settings{Seller: seller}, at); err != nil {
			t.Fatal(err)
		}
		o, _ := placeOrder(t, db, shop.Razorpay, at)
		if _, err := db.ChangeOrder(ctx, o.ID, shop.Act{Transition: shop.PayByAdmin, At: at, By: "Asha (admin)", Admin: true}); err != nil {
			t.Fatal(err)
		}
		inv, err := db.Invoice(ctx, o.ID)
		if err != nil || inv.Number != "HAAT/2627/000001" {
			t.Fatalf("invoice %q, %v", inv.Number, err)
		}
		// 99,999 credit notes issued this year already.
		if err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
			return exec(`INSERT INTO counters (name, value) VALUES ('credit-note/2627', 99999)`)
		}); err != nil {
			t.Fatal(err)
		}
		_, err = db.CancelOrder(ctx, o.ID, shop.Act{At: at, By: "Asha (admin)", Admin: true, Note: "Out of stock"})
		if err == nil || !strings.Contains(err.Error(), "HAAT/C2627/100000 is longer than GST's 16 characters") {
			t.Fatalf("credit note past its series: %v", err)
		}
		if _, err := db.CreditNote(ctx, o.ID, ""); !errors.Is(err, store.ErrNoCreditNote) {
			t.Errorf("a credit note was saved: %v", err)
		}
		after, err := db.Order(ctx, o.ID)
		if err != nil || after.Status == shop.StatusCancelled {
			t.Errorf("the order was cancelled without its credit note: %s, %v", after.Status, err)
		}
	})
}

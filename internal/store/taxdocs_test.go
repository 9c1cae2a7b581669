package store_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/gst"
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

// Invoice numbers run 1, 2, 3… within the financial year with no gaps and
// no repeats when many orders are paid at once on two instances sharing one
// database: each payment takes its number from the series' counter inside
// its own transaction, whichever instance it reaches.
func TestInvoiceNumbersConsecutiveAcrossInstancesPayingAtOnce(t *testing.T) {
	a, b := storetest.Instances(t)
	at := time.Date(2026, time.November, 27, 12, 0, 0, 0, shop.IST)
	seller := shop.Seller{LegalName: "Haat Apparel Private Limited", TradeName: "Haat", GSTIN: "29ABCDE1234F1ZW",
		Address: "5 Church Street, Bengaluru 560001", State: "Karnataka", InvoicePrefix: "HT"}
	if err := a.SaveSettings(ctx, shop.Settings{Seller: seller}, at); err != nil {
		t.Fatal(err)
	}
	const n = 40
	instances := []*store.DB{a, b}
	orders := make([]shop.Order, n)
	for i := range orders {
		db := instances[i%2]
		orders[i], _ = placeOrder(t, db, shop.Razorpay, at)
		if err := db.RecordProviderOrder(ctx, orders[i].ID, "razorpay", "order_"+orders[i].ID, orders[i].Prices.Total, at); err != nil {
			t.Fatal(err)
		}
	}
	// Every payment waits for the start, then half reach one instance and
	// half the other, all at once.
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, o := range orders {
		wg.Go(func() {
			<-start
			paid, err := instances[i%2].RecordOnlinePayment(ctx, "order_"+o.ID, "pay_"+o.ID, nil, at.Add(time.Minute))
			if err != nil {
				t.Errorf("payment %d: %v", i, err)
			} else if !paid.IsPaid {
				t.Errorf("payment %d left order %d unpaid", i, paid.OrderNo)
			}
		})
	}
	close(start)
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	fy := gst.FinancialYear(at)
	if fy != "2627" {
		t.Fatalf("financial year of %s is %q", at, fy)
	}
	want := map[string]bool{}
	for i := 1; i <= n; i++ {
		want[fmt.Sprintf("HT/%s/%06d", fy, i)] = true
	}
	// Each order has its invoice, under a number of the series.
	for i, o := range orders {
		inv, err := instances[(i+1)%2].Invoice(ctx, o.ID)
		if err != nil {
			t.Fatalf("order %d: %v", o.OrderNo, err)
		}
		if !want[inv.Number] {
			t.Errorf("order %d has invoice %q, not one of HT/%s/000001..%06d", o.OrderNo, inv.Number, fy, n)
		}
	}
	// Every number of the series issued once, none twice, none left out.
	docs, err := b.TaxDocumentsIssued(ctx, at, at.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	issued := map[string]int{}
	for _, d := range docs {
		if d.Kind != gst.Invoice {
			t.Errorf("%s %s issued: only invoices were due", d.Kind, d.Number)
		}
		issued[d.Number]++
	}
	for number, times := range issued {
		if times > 1 {
			t.Errorf("invoice number %s given %d times", number, times)
		}
	}
	for number := range want {
		if issued[number] == 0 {
			t.Errorf("no invoice %s: the numbers have a gap", number)
		}
	}
	if len(docs) != n {
		t.Errorf("%d invoices issued for %d orders paid", len(docs), n)
	}
}

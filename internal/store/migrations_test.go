package store_test

import (
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// Migration 00018 gives the lines of orders placed before 00011 the
// readable colour names 00011 gave the variants, leaves a name the owner
// still sells under as it is, and leaves issued invoices as they were.
func TestMigrationGivesOrderLinesColourNames(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { orderColourNames(t, "") })
	t.Run("postgres", func(t *testing.T) { orderColourNames(t, storetest.PostgresURL(t)) })
}

func orderColourNames(t *testing.T, url string) {
	db, err := store.OpenAt(ctx, url, t.TempDir(), 17)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })

	at := time.Date(2026, time.November, 27, 12, 0, 0, 0, shop.IST)
	seller := shop.Seller{LegalName: "Haat Apparel Private Limited", TradeName: "Haat", GSTIN: "29ABCDE1234F1ZW",
		Address: "5 Church Street, Bengaluru 560001", State: "Karnataka", InvoicePrefix: "HAAT"}
	if err := db.SaveSettings(ctx, shop.Settings{Seller: seller}, at); err != nil {
		t.Fatal(err)
	}
	// An order of a colour still called "red" on its product page, whose
	// line reads " DarkSlateBlue " as a line written before 00011 did; then
	// paid, so its invoice is issued with that colour.
	o, _ := placeOrder(t, db, shop.Razorpay, at)
	item := o.Items[0]
	if err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
		return exec(`UPDATE order_items SET variant_color = ' DarkSlateBlue ' WHERE order_id = ?`, o.ID)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ChangeOrder(ctx, o.ID, shop.Act{Transition: shop.PayByAdmin, At: at, By: "Asha (admin)", Admin: true}); err != nil {
		t.Fatal(err)
	}
	// More lines: a keyword of a colour since renamed or deleted, a name
	// that is no keyword, and the product's "red" as it is still sold.
	if err := db.ExecInTx(ctx, func(exec func(string, ...any) error) error {
		for i, line := range []struct{ variant, colour string }{
			{"gone", "lightgoldenrodyellow"}, {"gone", "Mustard"}, {item.VariantID, "red"}} {
			if err := exec(`INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name,
				variant_color, size, image, qty, price_paise) VALUES (?, ?, ?, ?, ?, ?, 'State Tee', ?, 'M', '', 1, 49900)`,
				store.NewID(), o.ID, i+1, item.ProductID, line.variant, item.SizeID, line.colour); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	before, err := db.Invoice(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}

	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := db.Order(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	colours := []string{}
	for _, it := range got.Items {
		colours = append(colours, it.VariantColor)
	}
	want := []string{"Dark Slate Blue", "Light Goldenrod", "Mustard", "red"}
	if len(colours) != len(want) {
		t.Fatalf("colours %q, want %q", colours, want)
	}
	for i := range want {
		if colours[i] != want[i] {
			t.Fatalf("colours %q, want %q", colours, want)
		}
	}
	after, err := db.Invoice(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Breakup.Lines[0].Description != "State Tee,  DarkSlateBlue , size M" ||
		after.Breakup.Lines[0].Description != before.Breakup.Lines[0].Description {
		t.Errorf("invoice line %q after the migration, %q before: an issued invoice must not change",
			after.Breakup.Lines[0].Description, before.Breakup.Lines[0].Description)
	}
}

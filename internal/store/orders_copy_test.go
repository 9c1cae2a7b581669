package store

import (
	"context"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// An order keeps its own copy of what was bought: editing and then deleting
// the product leaves the order's lines exactly as they were. The order is
// inserted directly, as the order API would. (This test sits inside the
// package to reach raw SQL, so it cannot use storetest; it runs on SQLite.)
func TestOrderLinesSurviveProductEditAndDelete(t *testing.T) {
	{
		ctx := context.Background()
		db, err := Open(ctx, "", t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		id, err := db.InsertProduct(ctx, shop.Product{Published: true, Name: "Kurta Tee", Price: 89900,
			Variants: []shop.Variant{{VariantName: "maroon", Images: []string{"/uploads/k.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}}}}})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := db.Product(ctx, id)
		now := millis(time.Now())
		_, err = db.q().exec(ctx, `INSERT INTO orders (id, order_no, user_name, user_email, shipping_name, shipping_email,
			shipping_phone, address, city, district, state, pin_code, payment_method, items_paise, shipping_paise,
			secure_fee_paise, discount_paise, total_paise, created_at) VALUES (?, 1, 'A', 'a@x.in', 'A', 'a@x.in', '9000000000',
			'12 MG Road', 'Pune', 'Pune', 'Maharashtra', '411001', 'COD', 89900, 0, 0, 0, 89900, ?)`, "o1", now)
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.q().exec(ctx, `INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name,
			variant_color, size, image, qty, price_paise) VALUES ('i1', 'o1', 0, ?, ?, ?, 'Kurta Tee', 'maroon', 'M', '/uploads/k.png', 1, 89900)`,
			id, p.Variants[0].ID, p.Variants[0].Sizes[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateProduct(ctx, id, p.StockVersion(), shop.ProductChange{Name: "Renamed", Price: 100, Variants: []shop.Variant{
			{VariantName: "red", Images: []string{"/r.png"}}}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteProduct(ctx, id); err != nil {
			t.Fatal(err)
		}
		var name, colour, size, image string
		var qty int
		var price int64
		err = db.q().queryRow(ctx, `SELECT name, variant_color, size, image, qty, price_paise FROM order_items WHERE id = 'i1'`).
			Scan(&name, &colour, &size, &image, &qty, &price)
		if err != nil || name != "Kurta Tee" || colour != "maroon" || size != "M" || image != "/uploads/k.png" || qty != 1 || price != 89900 {
			t.Errorf("order line after edit and delete: %s %s %s %s %d %d %v", name, colour, size, image, qty, price, err)
		}
	}
}

package invoice

import (
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

// BenchmarkPDF draws a two-line invoice: the cost of a download, and of
// each invoice mail, which draws its attachment when sent.
func BenchmarkPDF(b *testing.B) {
	seller := shop.Seller{LegalName: "Haat Apparel Private Limited", GSTIN: "29ABCDE1234F1ZW",
		Address: "5 Church Street, Bengaluru 560001", State: "Karnataka", InvoicePrefix: "HT"}
	o := shop.Order{OrderNo: 100042, Shipping: shop.ShippingAddress{ShippingName: "Chitra Customer",
		Address: "14 Residency Road", City: "Bengaluru", District: "Bengaluru Urban", State: "Karnataka", PinCode: "560025"},
		Items: []shop.OrderItem{{Name: "Kurta Tee", VariantColor: "indigo", Size: "M", Qty: 2, Price: 79900, HSN: "6109"},
			{Name: "Linen Shirt", VariantColor: "white", Size: "L", Qty: 1, Price: 349900, HSN: "6205"}}}
	o.Prices = shop.PriceItems(2*79900+349900, shop.Razorpay)
	br, err := gst.Compute(gst.SaleOf(o, seller))
	if err != nil {
		b.Fatal(err)
	}
	d := gst.Document{Kind: gst.Invoice, Number: "HT/2627/000123", IssuedAt: time.Now(), Seller: seller, Order: o, Breakup: br}
	var size int
	for b.Loop() {
		pdf, err := PDF(d)
		if err != nil {
			b.Fatal(err)
		}
		size = len(pdf)
	}
	b.ReportMetric(float64(size), "bytes/pdf")
}

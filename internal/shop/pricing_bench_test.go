package shop

import "testing"

func BenchmarkPriceItems(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		p := PriceItems(Paise(29900+i%100000), Razorpay)
		if p.Total <= 0 {
			b.Fatal("no total")
		}
	}
}

func BenchmarkPriceBuyingItemPreOrder(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		PriceBuyingItem(Paise(129900+i%1000), COD, true)
	}
}

package invoice

import (
	"strings"

	"github.com/haat-shop/haat/internal/shop"
)

var ones = []string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
	"Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}

var tens = []string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}

// InWords writes an amount the way Indian invoices do, in crores, lakhs
// and thousands: "Rupees One Lakh Twenty Thousand Eight Hundred Seven and
// Paise Five Only".
func InWords(p shop.Paise) string {
	rupees, paise := int64(p)/100, int64(p)%100
	out := "Rupees " + indianWords(rupees)
	if paise > 0 {
		out += " and Paise " + belowHundred(paise)
	}
	return out + " Only"
}

// indianWords writes n in the Indian numbering system.
func indianWords(n int64) string {
	if n == 0 {
		return "Zero"
	}
	var parts []string
	if crores := n / 10000000; crores > 0 {
		parts = append(parts, indianWords(crores), "Crore")
		n %= 10000000
	}
	for _, unit := range []struct {
		size int64
		name string
	}{{100000, "Lakh"}, {1000, "Thousand"}, {100, "Hundred"}} {
		if q := n / unit.size; q > 0 {
			parts = append(parts, belowHundred(q), unit.name)
			n %= unit.size
		}
	}
	if n > 0 {
		parts = append(parts, belowHundred(n))
	}
	return strings.Join(parts, " ")
}

func belowHundred(n int64) string {
	if n < 20 {
		return ones[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + " " + ones[n%10]
}

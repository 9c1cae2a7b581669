package invoice

import (
	"testing"

	"github.com/haat-shop/haat/internal/shop"
)

func TestInWords(t *testing.T) {
	for p, want := range map[shop.Paise]string{
		0:            "Rupees Zero Only",
		5:            "Rupees Zero and Paise Five Only",
		120807:       "Rupees One Thousand Two Hundred Eight and Paise Seven Only",
		12080705:     "Rupees One Lakh Twenty Thousand Eight Hundred Seven and Paise Five Only",
		1234567890:   "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Paise Ninety Only",
		100000000000: "Rupees One Hundred Crore Only",
		4999900:      "Rupees Forty Nine Thousand Nine Hundred Ninety Nine Only",
	} {
		if got := InWords(p); got != want {
			t.Errorf("InWords(%d) = %q, want %q", p, got, want)
		}
	}
}

package shop

import (
	"strings"
)

// GSTINLength is the length of a GST identification number.
const GSTINLength = 15

// gstinAlphabet is GSTN's alphabet for the check character: digits, then
// letters, each worth its position.
const gstinAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// GSTINCheckChar computes the 15th character of a GSTIN from its first 14
// by GSTN's mod-36 algorithm: each character's value is multiplied by 1 or
// 2 alternately, the product's quotient and remainder by 36 are added, and
// the check character makes the sum a multiple of 36.
func GSTINCheckChar(first14 string) (byte, bool) {
	sum := 0
	for i := 0; i < len(first14); i++ {
		v := strings.IndexByte(gstinAlphabet, first14[i])
		if v < 0 {
			return 0, false
		}
		p := v * (1 + i%2)
		sum += p/36 + p%36
	}
	return gstinAlphabet[(36-sum%36)%36], true
}

// CheckGSTIN says what is wrong with a seller's GSTIN registered in state,
// in the owner's words: 15 characters, the state's code first, a PAN, and
// the check character last.
func CheckGSTIN(gstin, state string) error {
	if len(gstin) != GSTINLength {
		return invalid("A GSTIN has %d characters; this one has %d", GSTINLength, len([]rune(gstin)))
	}
	code := GSTStateCode(state)
	if code == "" {
		return invalid("Please choose the state the business is registered in")
	}
	if gstin[:2] != code {
		return invalid("A GSTIN registered in %s starts with %s, not %s", state, code, gstin[:2])
	}
	if !panLike(gstin[2:12]) {
		return invalid("Characters 3 to 12 of a GSTIN are the business's PAN (5 letters, 4 digits, 1 letter)")
	}
	want, ok := GSTINCheckChar(gstin[:14])
	if !ok {
		return invalid("A GSTIN holds only capital letters and digits")
	}
	if gstin[14] != want {
		return invalid("GSTIN %s has a wrong check character: please re-check it on the registration certificate", gstin)
	}
	return nil
}

// panLike tells whether s has the shape of a PAN: AAAAA9999A.
func panLike(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'A' && c <= 'Z'
		digit := c >= '0' && c <= '9'
		if (i >= 5 && i < 9) != digit || (i < 5 || i == 9) != letter {
			return false
		}
	}
	return len(s) == 10
}

package api

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/store"
)

// fuzzID makes a well-formed id out of any bytes.
func fuzzID(b []byte) string {
	id := make([]byte, 12)
	copy(id, b)
	return hex.EncodeToString(id)
}

// FuzzSplitKeyID: a product id and a size id joined by any separator
// without hex digits split back into the same two ids, and whatever key is
// split yields two well-formed ids, never a piece of something else.
func FuzzSplitKeyID(f *testing.F) {
	product, size := "65f1c0a1b2c3d4e5f6a7b8c9", "65f1c0a1b2c3d4e5f6a7b8d0"
	for _, sep := range []string{"", "-", "_", "/", " ", "--", "\x00", "\xff", "%", "'", "\"", "—", "साइज़", "M", "XL", "0", "f", "A"} {
		f.Add([]byte{0x65, 0xf1}, []byte{0xff, 0xff}, sep)
	}
	for _, key := range []string{"", product + size, product + "-" + size, product + size + "0", product,
		strings.ToUpper(product + size), product + "\x00" + size, product[:23] + "-" + size + "a",
		strings.Repeat("a", 4800), strings.Repeat("a-", 48), "javascript:alert(1)", "../../etc/passwd"} {
		f.Add([]byte(nil), []byte(nil), key)
	}
	f.Fuzz(func(t *testing.T, p, s []byte, sep string) {
		if gotP, gotS, ok := splitKeyID(sep); ok {
			if !store.ValidID(gotP) || !store.ValidID(gotS) {
				t.Fatalf("splitKeyID(%q) = %q, %q: not ids", sep, gotP, gotS)
			}
			if !inOrder(sep, gotP+gotS) {
				t.Fatalf("splitKeyID(%q) = %q, %q: not the key's own digits", sep, gotP, gotS)
			}
		}
		if strings.ContainsAny(sep, "0123456789abcdef") {
			return
		}
		productID, sizeID := fuzzID(p), fuzzID(s)
		key := productID + sep + sizeID
		gotP, gotS, ok := splitKeyID(key)
		if !ok || gotP != productID || gotS != sizeID {
			t.Fatalf("splitKeyID(%q) = %q, %q, %v; want %q, %q", key, gotP, gotS, ok, productID, sizeID)
		}
	})
}

// inOrder tells whether every byte of sub appears in s in order.
func inOrder(s, sub string) bool {
	for i := 0; i < len(sub); i++ {
		j := strings.IndexByte(s, sub[i])
		if j < 0 {
			return false
		}
		s = s[j+1:]
	}
	return true
}

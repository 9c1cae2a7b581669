package shop

import "testing"

func TestCheckGSTIN(t *testing.T) {
	for _, c := range []struct {
		gstin, state string
		ok           bool
	}{
		{"27AAPFU0939F1ZV", "Maharashtra", true},
		{"29ABCDE1234F1ZW", "Karnataka", true},
		{"07ABCDE1234F1Z2", "Delhi", true},
		{"27AAPFU0939F1ZW", "Maharashtra", false}, // wrong check character
		{"27AAPFU0939F1ZV", "Karnataka", false},   // another state's code
		{"27AAPFU0939F1Z", "Maharashtra", false},  // 14 characters
		{"27AAPF10939F1ZV", "Maharashtra", false}, // not a PAN
		{"27aapfu0939f1zv", "Maharashtra", false},
		{"29ABCDE1234F1ZW", "Atlantis", false},
	} {
		if err := CheckGSTIN(c.gstin, c.state); (err == nil) != c.ok {
			t.Errorf("CheckGSTIN(%q, %q) = %v", c.gstin, c.state, err)
		}
	}
}

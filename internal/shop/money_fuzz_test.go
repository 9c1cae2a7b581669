package shop

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// rupeesShape is every amount ParseRupees may accept once trimmed: an
// optional minus, digits, and one or two decimals after a point.
var rupeesShape = regexp.MustCompile(`^-?[0-9]+(\.[0-9]{1,2})?$`)

var moneySeeds = []string{
	"", "0", "-0", "1299", "1299.5", "1299.50", "1299.05", "0.01", "-2.5", " 42.10 ", ".5", "5.", "-",
	"1.234", "1e3", "1E-2", "0x10", "1_000", "+5", "--5", "-+5", "5.-1", "5.+1", "5.-", "1,299", "١٢٣", "१२९९",
	"₹1299", "12\x0034", "\xff", "'1'", `"1"`, "%", "_", "NaN", "Inf", "-Infinity",
	"1000000000000", "1000000000001", "9223372036854775807", "-9223372036854775808", "--9223372036854775808",
	"92233720368547758.07", "0000000000000000000000000001.00", strings.Repeat("9", 400),
}

// FuzzParseRupees: whatever is accepted has the shape of rupees, keeps its
// sign, and reads back unchanged from its own Rupees form.
func FuzzParseRupees(f *testing.F) {
	for _, s := range moneySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseRupees(s)
		if err != nil {
			return
		}
		trimmed := strings.TrimSpace(s)
		if !rupeesShape.MatchString(trimmed) {
			t.Fatalf("ParseRupees(%q) = %d, want a refusal: not rupees with at most two decimals", s, p)
		}
		if p < 0 && !strings.HasPrefix(trimmed, "-") {
			t.Fatalf("ParseRupees(%q) = %d: negative without a minus", s, p)
		}
		if p > 0 && strings.HasPrefix(trimmed, "-") {
			t.Fatalf("ParseRupees(%q) = %d: positive with a minus", s, p)
		}
		back, err := ParseRupees(p.Rupees())
		if err != nil || back != p {
			t.Fatalf("ParseRupees(%q) = %d, but its Rupees form %q reads back as %d, %v", s, p, p.Rupees(), back, err)
		}
	})
}

// FuzzPaiseJSON: a JSON amount is either refused or read as exactly the
// number it spells, and writes back as the same amount.
func FuzzPaiseJSON(f *testing.F) {
	for _, s := range moneySeeds {
		f.Add([]byte(s))
	}
	for _, s := range []string{`"1299.00"`, `null`, `true`, `[]`, `{}`, `1299.00 `, `-0.0`, `1.0e2`, `12.345e1`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Paise
		if err := json.Unmarshal(b, &p); err != nil {
			return
		}
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			t.Fatalf("Paise accepted %q, which is not a JSON number", b)
		}
		want, err := ParseRupees(n.String())
		if err != nil || want != p {
			t.Fatalf("Paise read %q as %d; as rupees it is %d, %v", b, p, want, err)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back Paise
		if err := json.Unmarshal(out, &back); err != nil || back != p {
			t.Fatalf("%d writes as %s, which reads back as %d, %v", p, out, back, err)
		}
	})
}

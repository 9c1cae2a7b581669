package shop

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPaiseJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Paise
		json string
	}{
		{"whole rupees", 129900, "1299"},
		{"half a rupee", 129950, "1299.5"},
		{"five paise", 129905, "1299.05"},
		{"one paisa", 1, "0.01"},
		{"nothing", 0, "0"},
		{"a refund", -250, "-2.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.p)
			if err != nil || string(b) != tc.json {
				t.Errorf("Marshal(%d) = %s, %v; want %s", tc.p, b, err, tc.json)
			}
			var back Paise
			if err := json.Unmarshal(b, &back); err != nil || back != tc.p {
				t.Errorf("Unmarshal(%s) = %d, %v; want %d", b, back, err, tc.p)
			}
		})
	}
}

func TestPaiseJSONRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		json string
	}{
		{"a string", `"12"`},
		{"three decimals", "1.234"},
		{"an exponent", "1e3"},
		{"a word", "abc"},
		{"a bare point", "1."},
		{"no whole part", ".5"},
		{"a billion crore", "10000000000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p Paise
			if err := json.Unmarshal([]byte(tc.json), &p); err == nil {
				t.Errorf("Unmarshal(%s) = %d, want an error", tc.json, p)
			}
		})
	}
}

func TestRupees(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Paise
		want string
	}{
		{"whole rupees", 129900, "1299.00"},
		{"paise", 129905, "1299.05"},
		{"under a rupee", 5, "0.05"},
		{"a refund", -250, "-2.50"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.Rupees(); got != tc.want {
				t.Errorf("Rupees = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseRupees(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want Paise
		ok   bool
	}{
		{"whole", "1299", 129900, true},
		{"one decimal", "1299.5", 129950, true},
		{"two decimals", "1299.05", 129905, true},
		{"spaces around", " 12 ", 1200, true},
		{"negative", "-2.5", -250, true},
		{"two signs", "--5", 0, false},
		{"a sign in the decimals", "5.-1", 0, false},
		{"a plus", "+5", 0, false},
		{"empty", "", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRupees(tc.in)
			if got != tc.want || (err == nil) != tc.ok {
				t.Errorf("ParseRupees(%q) = %d, %v", tc.in, got, err)
			}
		})
	}
}

func TestIndian(t *testing.T) {
	for _, tc := range []struct {
		p    Paise
		want string
	}{
		{0, "₹0.00"}, {99, "₹0.99"}, {99900, "₹999.00"}, {100000, "₹1,000.00"}, {556884, "₹5,568.84"},
		{12345600, "₹1,23,456.00"}, {1234567800, "₹1,23,45,678.00"}, {-556884, "-₹5,568.84"},
	} {
		if got := tc.p.Indian(); got != tc.want {
			t.Errorf("Paise(%d).Indian() = %q, want %q", tc.p, got, tc.want)
		}
		if got, want := tc.p.Grouped(), strings.Replace(tc.want, "₹", "", 1); got != want {
			t.Errorf("Paise(%d).Grouped() = %q, want %q", tc.p, got, want)
		}
	}
}

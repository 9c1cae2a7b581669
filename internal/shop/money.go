// Package shop holds Haat's domain: its types, money, and the rules of the
// specification. It performs no I/O and imports nothing else of Haat's.
package shop

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Paise is an amount of Indian money in paise (1/100 of a rupee). All money
// in Haat is integer paise; JSON carries it as rupees with at most two
// decimals so that the specification's front end reads it unchanged.
type Paise int64

// Rupees returns p as rupees with exactly two decimals, e.g. "1299.00".
func (p Paise) Rupees() string {
	sign := ""
	v := int64(p)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// MarshalJSON writes p as a JSON number of rupees without trailing zeros.
func (p Paise) MarshalJSON() ([]byte, error) {
	s := strings.TrimRight(strings.TrimRight(p.Rupees(), "0"), ".")
	return []byte(s), nil
}

// UnmarshalJSON reads a JSON number of rupees with at most two decimals.
func (p *Paise) UnmarshalJSON(b []byte) error {
	var n json.Number
	if len(b) > 0 && b[0] == '"' {
		return fmt.Errorf("amount must be a number of rupees, not a string")
	}
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("amount must be a number of rupees: %w", err)
	}
	v, err := ParseRupees(n.String())
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// ParseRupees parses a decimal rupee amount such as "1299", "1299.5" or
// "1299.50" exactly, without going through floating point.
func ParseRupees(s string) (Paise, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	// Digits only: strconv alone would take a second sign ("--5", "5.-1").
	if !allDigits(whole) || (hasFrac && (!allDigits(frac) || len(frac) > 2)) {
		return 0, fmt.Errorf("amount %q must be rupees with at most two decimals", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1e12 {
		return 0, fmt.Errorf("amount %q must be rupees with at most two decimals", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q must be rupees with at most two decimals", s)
	}
	v := Paise(w*100 + f)
	if neg {
		v = -v
	}
	return v, nil
}

// allDigits tells whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Indian returns p as rupees the way India writes them, with the ₹ sign:
// ₹1,23,456.00, -₹5,568.84.
func (p Paise) Indian() string {
	if g, ok := strings.CutPrefix(p.Grouped(), "-"); ok {
		return "-₹" + g
	}
	return "₹" + p.Grouped()
}

// Grouped returns p as rupees in India's grouping, without the ₹ sign (for
// a table whose heading names the currency): the last three digits, then
// groups of two (1,23,456.00), with two decimals.
func (p Paise) Grouped() string {
	r := p.Rupees()
	sign := ""
	if strings.HasPrefix(r, "-") {
		sign, r = "-", r[1:]
	}
	whole, frac, _ := strings.Cut(r, ".")
	if len(whole) > 3 {
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		var groups []string
		for len(head) > 2 {
			groups = append([]string{head[len(head)-2:]}, groups...)
			head = head[:len(head)-2]
		}
		whole = strings.Join(append(append([]string{head}, groups...), tail), ",")
	}
	return sign + whole + "." + frac
}

package shop

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPaiseJSON(t *testing.T) {
	cases := []struct {
		p    Paise
		json string
	}{
		{129900, "1299"}, {129950, "1299.5"}, {129905, "1299.05"}, {1, "0.01"}, {0, "0"}, {-250, "-2.5"},
	}
	for _, c := range cases {
		b, err := json.Marshal(c.p)
		if err != nil || string(b) != c.json {
			t.Errorf("Marshal(%d) = %s, %v; want %s", c.p, b, err, c.json)
		}
		var back Paise
		if err := json.Unmarshal(b, &back); err != nil || back != c.p {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", b, back, err, c.p)
		}
	}
	for _, bad := range []string{`"12"`, "1.234", "1e3", "abc", "1.", ".5"} {
		var p Paise
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("Unmarshal(%s) = %d, want an error", bad, p)
		}
	}
	if got := Paise(129900).Rupees(); got != "1299.00" {
		t.Errorf("Rupees = %q", got)
	}
}

func TestAverageRatingAndPages(t *testing.T) {
	for _, c := range []struct {
		total, n int
		want     float64
	}{{0, 0, 0}, {5, 1, 5}, {9, 2, 4.5}, {10, 3, 3.33}, {11, 3, 3.67}, {24, 6, 4}} {
		if got := AverageRating(c.total, c.n); got != c.want {
			t.Errorf("AverageRating(%d, %d) = %v, want %v", c.total, c.n, got, c.want)
		}
	}
	for _, c := range []struct{ n, want int }{{0, 1}, {1, 1}, {12, 1}, {13, 2}, {24, 2}, {25, 3}} {
		if got := PageCount(c.n); got != c.want {
			t.Errorf("PageCount(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestNewUserValidate(t *testing.T) {
	ok := NewUser{Name: "Asha", Email: "asha@example.in", MobileNo: "9876543210", Password: "secret"}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid user refused: %v", err)
	}
	cases := []struct {
		change func(*NewUser)
		msg    string
	}{
		{func(u *NewUser) { u.Name = "" }, "Please fill all the fields"},
		{func(u *NewUser) { u.Name = strings.Repeat("a", 51) }, "at most 50"},
		{func(u *NewUser) { u.Email = "asha@example" }, "valid email"},
		{func(u *NewUser) { u.Email = "Asha <asha@example.in>" }, "valid email"},
		{func(u *NewUser) { u.MobileNo = "987654321" }, "Please re-check your mobile number"},
		{func(u *NewUser) { u.MobileNo = "98765432a0" }, "Please re-check your mobile number"},
		{func(u *NewUser) { u.Password = "12345" }, "Your password must contains atleast 6 characters"},
		{func(u *NewUser) { u.Password = strings.Repeat("x", 26) }, "Password should not be more than 25 characters"},
	}
	for _, c := range cases {
		u := ok
		c.change(&u)
		if err := u.Validate(); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: error %v, want %q", u, err, c.msg)
		}
	}
	if _, err := ParseRole("superuser"); err == nil {
		t.Error("unknown role accepted")
	}
}

func TestSearchTextFoldsEveryScript(t *testing.T) {
	s := SearchText("Café ÉTÉ", "Naïve", []string{"POLO"})
	for _, want := range []string{"café été", "polo", "naïve"} {
		if !strings.Contains(s, want) {
			t.Errorf("SearchText = %q lacks %q", s, want)
		}
	}
	if NormalizeKeyword("  PoLo ") != "polo" {
		t.Error("keyword not trimmed and lowercased")
	}
}

func TestParseTags(t *testing.T) {
	got, err := ParseTags(" Men, Graphic_Tee ,men,, खादी , Half Sleeve")
	if err != nil || strings.Join(got, "|") != "men|graphic_tee|खादी|half sleeve" {
		t.Errorf("ParseTags = %q, %v", got, err)
	}
	for _, bad := range []string{"men, 100%", "tee-shirt", "a;b", "x1"} {
		if _, err := ParseTags(bad); err == nil {
			t.Errorf("ParseTags(%q) accepted", bad)
		}
	}
}

package shop_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
)

func TestSettingsCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   shop.Settings
		want string
	}{
		{"the defaults", shop.DefaultSettings(), ""},
		{"no returns note", shop.Settings{Seller: shop.DefaultSettings().Seller}, ""},
		{"a note at the limit", shop.Settings{ReturnsNote: strings.Repeat("न", shop.MaxReturnsNoteLength)}, ""},
		{"synonyms", shop.Settings{Synonyms: [][]string{{"kurta", "kurti"}, {"t-shirt", "tee", "टी-शर्ट"}}}, ""},
		{"a group of one", shop.Settings{Synonyms: [][]string{{"kurta"}}}, "A synonym group needs 2 to 10 words"},
		{"a group too big", shop.Settings{Synonyms: [][]string{strings.Fields("a b c d e f g h i j k")}}, "A synonym group needs 2 to 10 words"},
		{"two words in one", shop.Settings{Synonyms: [][]string{{"polo shirt", "polo"}}}, `Each synonym must be one word: "polo shirt" is not`},
		{"no letters", shop.Settings{Synonyms: [][]string{{"%%", "polo"}}}, `Each synonym must be one word: "%%" is not`},
		{"a long word", shop.Settings{Synonyms: [][]string{{strings.Repeat("a", 31), "polo"}}}, "A synonym can be at most 30 characters"},
		{"too many groups", shop.Settings{Synonyms: manyGroups(51)}, "There can be at most 50 synonym groups"},
		{"a note past the limit", shop.Settings{ReturnsNote: strings.Repeat("a", shop.MaxReturnsNoteLength+1)}, "The returns note can be at most 300 characters"},
		{"a registered seller", withSeller(seller), ""},
		{"a GSTIN of another state", withSeller(func(p *shop.Seller) { seller(p); p.State = "Karnataka" }), "A GSTIN registered in Karnataka starts with 29, not 27"},
		{"a wrong check character", withSeller(func(p *shop.Seller) { seller(p); p.GSTIN = "27AAPFU0939F1ZX" }), "GSTIN 27AAPFU0939F1ZX has a wrong check character: please re-check it on the registration certificate"},
		{"a GSTIN without an address", withSeller(func(p *shop.Seller) { seller(p); p.Address = "" }), "A seller with a GSTIN needs its legal name, registered address and state for the invoices"},
		{"a long prefix", withSeller(func(p *shop.Seller) { seller(p); p.InvoicePrefix = "HAAT1" }), "The invoice prefix is 1 to 4 capital letters or digits"},
		{"pins and prefixes", shop.Settings{Seller: shop.DefaultSettings().Seller, UnservedPins: []string{"79", "560038"}, CODBlockedPins: []string{"1100"}}, ""},
		{"a pin that is no pin", shop.Settings{Seller: shop.DefaultSettings().Seller, UnservedPins: []string{"56003A"}}, `"56003A" in the pin codes not served is not a pin code or its first digits`},
		{"a pin too long", shop.Settings{Seller: shop.DefaultSettings().Seller, CODBlockedPins: []string{"5600381"}}, `"5600381" in the pin codes without cash on delivery is not a pin code or its first digits`},
		{"a size chart at the limit", shop.Settings{SizeChart: strings.Repeat("न", shop.MaxSizeChartLength)}, ""},
		{"a size chart past the limit", shop.Settings{SizeChart: strings.Repeat("a", shop.MaxSizeChartLength+1)}, "The size chart must be at most 2000 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.in.Check()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("Check() = %q, want %q", got, tc.want)
			}
		})
	}
}

func manyGroups(n int) [][]string {
	groups := make([][]string, n)
	for i := range groups {
		groups[i] = []string{"kurta", "kurti"}
	}
	return groups
}

func TestSettingsNormalizeTrims(t *testing.T) {
	s := shop.Settings{ReturnsNote: "  7-day returns \n", SizeChart: "\nM: chest 40 in  ",
		Synonyms: [][]string{{" Kurta ", "kurti", "KURTA", ""}, {" ", ""}}}
	s.Normalize()
	if s.ReturnsNote != "7-day returns" || s.SizeChart != "M: chest 40 in" {
		t.Errorf("ReturnsNote = %q, SizeChart = %q", s.ReturnsNote, s.SizeChart)
	}
	if !reflect.DeepEqual(s.Synonyms, [][]string{{"kurta", "kurti"}}) {
		t.Errorf("Synonyms = %q, want one group of two words, lower case, without blanks or repeats", s.Synonyms)
	}
}

func seller(p *shop.Seller) {
	*p = shop.Seller{LegalName: "Haat Apparel Pvt Ltd", GSTIN: "27AAPFU0939F1ZV", Address: "12 Linking Road, Mumbai 400050",
		State: "Maharashtra", InvoicePrefix: "HT"}
}

func withSeller(set func(*shop.Seller)) shop.Settings {
	s := shop.DefaultSettings()
	set(&s.Seller)
	return s
}

func TestMatchesPin(t *testing.T) {
	pins := []string{"79", "560038"}
	for pin, want := range map[string]bool{"791001": true, "560038": true, "560037": false, "110001": false} {
		if got := shop.MatchesPin(pins, pin); got != want {
			t.Errorf("MatchesPin(%v, %s) = %v", pins, pin, got)
		}
	}
}

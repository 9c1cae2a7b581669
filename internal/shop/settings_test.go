package shop_test

import (
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
		{"no returns note", shop.Settings{}, ""},
		{"a note at the limit", shop.Settings{ReturnsNote: strings.Repeat("न", shop.MaxReturnsNoteLength)}, ""},
		{"synonyms", shop.Settings{Synonyms: [][]string{{"kurta", "kurti"}, {"t-shirt", "tee", "टी-शर्ट"}}}, ""},
		{"a group of one", shop.Settings{Synonyms: [][]string{{"kurta"}}}, "A synonym group needs 2 to 10 words"},
		{"a group too big", shop.Settings{Synonyms: [][]string{strings.Fields("a b c d e f g h i j k")}}, "A synonym group needs 2 to 10 words"},
		{"two words in one", shop.Settings{Synonyms: [][]string{{"polo shirt", "polo"}}}, `Each synonym must be one word: "polo shirt" is not`},
		{"no letters", shop.Settings{Synonyms: [][]string{{"%%", "polo"}}}, `Each synonym must be one word: "%%" is not`},
		{"a long word", shop.Settings{Synonyms: [][]string{{strings.Repeat("a", 31), "polo"}}}, "A synonym can be at most 30 characters"},
		{"too many groups", shop.Settings{Synonyms: manyGroups(51)}, "There can be at most 50 synonym groups"},
		{"a note past the limit", shop.Settings{ReturnsNote: strings.Repeat("a", shop.MaxReturnsNoteLength+1)}, "The returns note can be at most 300 characters"},
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
	s := shop.Settings{ReturnsNote: "  7-day returns \n", Synonyms: [][]string{{" Kurta ", "kurti", "KURTA", ""}, {" ", ""}}}
	s.Normalize()
	if s.ReturnsNote != "7-day returns" {
		t.Errorf("ReturnsNote = %q", s.ReturnsNote)
	}
	if len(s.Synonyms) != 1 || strings.Join(s.Synonyms[0], ",") != "kurta,kurti" {
		t.Errorf("Synonyms = %q, want one group kurta,kurti", s.Synonyms)
	}
}

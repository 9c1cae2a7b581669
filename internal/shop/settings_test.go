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
		{"a note past the limit", shop.Settings{ReturnsNote: strings.Repeat("a", shop.MaxReturnsNoteLength+1)}, "The returns note can be at most 300 characters"},
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

func TestSettingsNormalizeTrims(t *testing.T) {
	s := shop.Settings{ReturnsNote: "  7-day returns \n", SizeChart: "\nM: chest 40 in  "}
	s.Normalize()
	if s.ReturnsNote != "7-day returns" || s.SizeChart != "M: chest 40 in" {
		t.Errorf("ReturnsNote = %q, SizeChart = %q", s.ReturnsNote, s.SizeChart)
	}
}

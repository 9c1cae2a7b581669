package web

import (
	"strings"
	"testing"
)

func TestSizes(t *testing.T) {
	s := Sizes()
	for name, v := range map[string]string{"grid": s.Grid, "topCarousel": s.TopCarousel, "productPage": s.ProductPage} {
		if !strings.HasSuffix(v, "px") && !strings.HasSuffix(v, ")") {
			t.Errorf("%s sizes %q does not end in a length", name, v)
		}
	}
}

func TestDistricts(t *testing.T) {
	d := Districts()
	if len(d) != 36 || len(d["Karnataka"]) == 0 || len(d["Ladakh"]) != 2 {
		t.Errorf("%d states and union territories; Karnataka %v, Ladakh %v", len(d), d["Karnataka"], d["Ladakh"])
	}
}

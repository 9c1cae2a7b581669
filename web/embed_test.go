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

package api

import (
	"net/http"
	"testing"
)

func TestAccepts(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"br,gzip", true},
		{" gzip ;q=0.8", true},
		{"gzip;q=0.001", true},
		{"gzip;q=0", false},
		{"gzip; q = 0.0", false},
		{"gzip;q=0.000, br", false},
		{"", false},
		{"x-gzip", false},
		{"gzipped", false},
		{"br;q=0, gzip", true},
	} {
		r, _ := http.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Encoding", c.header)
		if got := accepts(r, "gzip"); got != c.want {
			t.Errorf("accepts(%q, gzip) = %v, want %v", c.header, got, c.want)
		}
	}
}

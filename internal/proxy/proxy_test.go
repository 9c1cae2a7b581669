package proxy

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestClientIPAndScheme(t *testing.T) {
	trusted, err := Parse("10.0.0.0/8, 127.0.0.1 ,::1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		t       Trusted
		peer    string
		xff     []string
		proto   string
		wantIP  string
		wantTLS bool
	}{
		{"no proxies trusted: headers ignored", nil, "203.0.113.9:5000", []string{"198.51.100.1"}, "https", "203.0.113.9", false},
		{"untrusted peer forging headers", trusted, "203.0.113.9:5000", []string{"198.51.100.1"}, "https", "203.0.113.9", false},
		{"trusted proxy", trusted, "127.0.0.1:5000", []string{"198.51.100.1"}, "https", "198.51.100.1", true},
		{"forged hops left of the client", trusted, "127.0.0.1:5000", []string{"1.2.3.4, 5.6.7.8", "198.51.100.1"}, "http", "198.51.100.1", false},
		{"a chain of trusted proxies", trusted, "10.1.1.1:5000", []string{"198.51.100.1, 10.2.2.2, 127.0.0.1"}, "https", "198.51.100.1", true},
		{"trusted proxy, no header", trusted, "[::1]:5000", nil, "", "::1", false},
		{"garbage hop", trusted, "127.0.0.1:5000", []string{"198.51.100.1, not-an-ip"}, "", "127.0.0.1", false},
		{"ipv4-mapped peer", trusted, "[::ffff:127.0.0.1]:5000", []string{"198.51.100.7"}, "", "198.51.100.7", false},
		// Proxies that write the client's port, or IPv6 in brackets, still
		// name one client each rather than the proxy for all of them.
		{"hop with a port", trusted, "127.0.0.1:5000", []string{"198.51.100.1:5678"}, "", "198.51.100.1", false},
		{"bracketed ipv6 hop with a port", trusted, "127.0.0.1:5000", []string{"[2001:db8::1]:443"}, "", "2001:db8::1", false},
		{"bracketed ipv6 hop", trusted, "127.0.0.1:5000", []string{"[2001:db8::1]"}, "", "2001:db8::1", false},
		{"empty hops", trusted, "127.0.0.1:5000", []string{"198.51.100.1,, 10.2.2.2,", ""}, "", "198.51.100.1", false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if c.proto != "" {
			r.Header.Set("X-Forwarded-Proto", c.proto)
		}
		if got := c.t.ClientIP(r); got != c.wantIP {
			t.Errorf("%s: ClientIP = %s, want %s", c.name, got, c.wantIP)
		}
		if got := c.t.IsHTTPS(r); got != c.wantTLS {
			t.Errorf("%s: IsHTTPS = %v, want %v", c.name, got, c.wantTLS)
		}
	}
	direct := httptest.NewRequest("GET", "/", nil)
	direct.TLS = &tls.ConnectionState{}
	if !Trusted(nil).IsHTTPS(direct) {
		t.Error("a TLS connection is not HTTPS")
	}
	for _, bad := range []string{"10.0.0.0/33", "example.com", "1.2.3", "::ffff:10.0.0.0/80"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// Peers' addresses are unmapped before they are looked up, so a trusted
// range written as IPv4-mapped IPv6 must name the same addresses.
func TestIPv4MappedTrustedRange(t *testing.T) {
	trusted, err := Parse("::ffff:10.0.0.0/104, ::ffff:192.0.2.7")
	if err != nil {
		t.Fatal(err)
	}
	for _, peer := range []string{"10.1.2.3:5000", "[::ffff:10.1.2.3]:5000", "192.0.2.7:5000"} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = peer
		r.Header.Set("X-Forwarded-For", "198.51.100.1")
		if got := trusted.ClientIP(r); got != "198.51.100.1" {
			t.Errorf("through %s, a proxy in the mapped range: ClientIP = %s, want 198.51.100.1", peer, got)
		}
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "11.0.0.1:5000"
	r.Header.Set("X-Forwarded-For", "198.51.100.1")
	if got := trusted.ClientIP(r); got != "11.0.0.1" {
		t.Errorf("a peer outside the mapped range: ClientIP = %s, want 11.0.0.1", got)
	}
}

func TestLocal(t *testing.T) {
	for _, c := range []struct {
		name   string
		peer   string
		header string
		want   bool
	}{
		{"loopback IPv4", "127.0.0.1:5000", "", true},
		{"loopback IPv6", "[::1]:5000", "", true},
		{"IPv4-mapped loopback", "[::ffff:127.0.0.1]:5000", "", true},
		{"another machine", "203.0.113.9:5000", "", false},
		{"this machine's own address is not loopback", "10.1.2.3:5000", "", false},
		{"no address", "@", "", false},
		// A proxy on this machine connects from loopback for every client.
		{"proxied: X-Forwarded-For", "127.0.0.1:5000", "X-Forwarded-For", false},
		{"proxied: Forwarded", "127.0.0.1:5000", "Forwarded", false},
		{"proxied: X-Real-IP", "127.0.0.1:5000", "X-Real-IP", false},
		{"proxied: X-Forwarded-Proto alone", "[::1]:5000", "X-Forwarded-Proto", false},
		{"proxied: X-Forwarded-Host alone", "127.0.0.1:5000", "X-Forwarded-Host", false},
	} {
		r := httptest.NewRequest("GET", "/metrics", nil)
		r.RemoteAddr = c.peer
		if c.header != "" {
			// Even an empty value says the request was passed on.
			r.Header.Set(c.header, "")
		}
		if got := Local(r); got != c.want {
			t.Errorf("%s: Local = %v, want %v", c.name, got, c.want)
		}
	}
}

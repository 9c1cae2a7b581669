// Package proxy tells who a request came from and whether over HTTPS,
// believing X-Forwarded-For and X-Forwarded-Proto only from the reverse
// proxies the shop owner names: anyone else could forge them to escape a
// limit or to pass for a secure connection.
package proxy

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Trusted is the set of addresses whose forwarding headers are believed.
// The zero value trusts no one.
type Trusted []netip.Prefix

// Parse reads a comma-separated list of CIDRs or plain addresses, such as
// "10.0.0.0/8, 127.0.0.1".
func Parse(s string) (Trusted, error) {
	var t Trusted
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			addr, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR", part)
			}
			t = append(t, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
			continue
		}
		prefix, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR", part)
		}
		if prefix.Addr().Is4In6() {
			// Peers are looked up unmapped, so an IPv4-mapped range must be
			// unmapped too, or it would never match.
			if prefix.Bits() < 96 {
				return nil, fmt.Errorf("trusted proxy %q is an IPv4-mapped range wider than all IPv4: write it as IPv4 or IPv6", part)
			}
			prefix = netip.PrefixFrom(prefix.Addr().Unmap(), prefix.Bits()-96)
		}
		t = append(t, prefix.Masked())
	}
	return t, nil
}

func (t Trusted) trusts(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range t {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// peer is the address of the connection itself.
func peer(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	return addr.Unmap(), err == nil
}

// FromProxy tells whether the connection comes from a trusted proxy, whose
// headers about the request may be believed.
func (t Trusted) FromProxy(r *http.Request) bool {
	addr, ok := peer(r)
	return ok && t.trusts(addr)
}

// ClientIP is the address of the client: the connection's, or when that
// is a trusted proxy, the rightmost address in X-Forwarded-For that is not
// itself a trusted proxy. Addresses left of it were written by the client
// and prove nothing.
func (t Trusted) ClientIP(r *http.Request) string {
	addr, ok := peer(r)
	if !ok {
		return r.RemoteAddr
	}
	if !t.trusts(addr) {
		return addr.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		text := strings.TrimSpace(hops[i])
		if text == "" {
			continue
		}
		hop, ok := parseHop(text)
		if !ok {
			// A hop that is not an address cannot be told apart from a
			// forgery: the last trusted one is the client as far as we know.
			break
		}
		addr = hop.Unmap()
		if !t.trusts(addr) {
			break
		}
	}
	return addr.String()
}

// parseHop reads one X-Forwarded-For entry: an address, or as some
// proxies write it, an address with the client's port (1.2.3.4:5678,
// [2001:db8::1]:443) or an IPv6 address in brackets.
func parseHop(s string) (netip.Addr, bool) {
	if addr, err := netip.ParseAddr(s); err == nil {
		return addr, true
	}
	if addrPort, err := netip.ParseAddrPort(s); err == nil {
		return addrPort.Addr(), true
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		addr, err := netip.ParseAddr(s[1 : len(s)-1])
		return addr, err == nil && addr.Is6()
	}
	return netip.Addr{}, false
}

// IsHTTPS tells whether the client reached the shop over HTTPS: directly,
// or through a trusted proxy that says so.
func (t Trusted) IsHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !t.FromProxy(r) {
		return false
	}
	// The proxy nearest to us wrote the last value.
	values := strings.Split(strings.Join(r.Header.Values("X-Forwarded-Proto"), ","), ",")
	return strings.EqualFold(strings.TrimSpace(values[len(values)-1]), "https")
}

// forwardingHeaders are those a proxy adds to say whom it speaks for.
var forwardingHeaders = []string{"Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-Ip"}

// Local tells whether a request comes from a program on this machine that
// speaks for itself: the connection's peer is a loopback address and the
// request carries no forwarding header. A proxy on this machine connects
// from loopback too, for clients anywhere, and says so with the headers it
// adds (nginx's proxy_set_header X-Forwarded-For), so a request it passes
// on is never local, whether the proxy is trusted or not. This holds only
// for proxies that add such a header; one that adds none must not pass on
// what only local callers may ask.
func Local(r *http.Request) bool {
	addr, ok := peer(r)
	if !ok || !addr.IsLoopback() {
		return false
	}
	for _, h := range forwardingHeaders {
		if _, sent := r.Header[h]; sent {
			return false
		}
	}
	return true
}

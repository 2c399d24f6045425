package auth

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies parses the addresses of the reverse proxies in front of the server:
// each item is an IP address or a CIDR prefix such as 10.0.0.0/8 or 2001:db8::/32. Spaces
// around an item are ignored; an empty list trusts no one. IPv4-mapped IPv6 forms are taken
// as the IPv4 they map. It returns an error naming the first item that is neither.
func ParseTrustedProxies(items []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range items {
		item = strings.TrimSpace(item)
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q is not a CIDR prefix: %w", item, err)
			}
			if p.Addr().Is4In6() && p.Bits() >= 96 {
				p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q is neither an IP address nor a CIDR prefix", item)
		}
		a = a.WithZone("").Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// ClientAddr returns the function that names the client of a request as the login
// throttle does (see clientAddr), for the access log.
func ClientAddr(trusted []netip.Prefix) func(*http.Request) string {
	return func(r *http.Request) string { return clientAddr(r, trusted) }
}

// ClientSubject returns the function that names the client of a request as the login
// throttle counts it: its address (see clientAddr), or for IPv6 its /64 network (see
// throttleSubject). Other limits per client use it, so that a client is the same one to
// all of them and can no more escape one than the other.
func ClientSubject(trusted []netip.Prefix) func(*http.Request) string {
	return func(r *http.Request) string { return throttleSubject(clientAddr(r, trusted)) }
}

// clientAddr is the address the login throttle counts failures against. It is the peer's
// IP, unless the peer is one of the trusted proxies: then it is the right-most address in
// X-Forwarded-For that is not itself trusted. Everything left of that was written by the
// client or by proxies we know nothing about, so a client cannot pick its own bucket; and
// a peer that is not trusted cannot send the header at all. When the header runs out, or
// holds something that is not an address, the last trusted hop stands for the client.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, ok := parseHop(host)
	if !ok {
		return host
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	client := peer
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break
		}
		client = hop
		if !isTrusted(hop, trusted) {
			break
		}
	}
	return client.String()
}

// forwardedFor returns the entries of every X-Forwarded-For line, in order, without the
// empty ones that a list may hold (RFC 9110, section 5.6.1).
func forwardedFor(h http.Header) []string {
	var hops []string
	for _, line := range h.Values("X-Forwarded-For") {
		for hop := range strings.SplitSeq(line, ",") {
			if hop = strings.TrimSpace(hop); hop != "" {
				hops = append(hops, hop)
			}
		}
	}
	return hops
}

// parseHop parses one address as proxies write them: bare, in brackets (IPv6), or with a
// port. The zone is dropped and IPv4-mapped IPv6 becomes IPv4, so that one client always
// has one key.
func parseHop(s string) (netip.Addr, bool) {
	a, err := netip.ParseAddr(s)
	if err != nil {
		ap, perr := netip.ParseAddrPort(s)
		switch {
		case perr == nil:
			a = ap.Addr()
		case strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]"):
			if a, err = netip.ParseAddr(s[1 : len(s)-1]); err != nil {
				return netip.Addr{}, false
			}
		default:
			return netip.Addr{}, false
		}
	}
	return a.WithZone("").Unmap(), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// throttleSubject is what the address limit counts: the address itself for IPv4, and its
// /64 network for IPv6, because one subscriber is routinely given a whole /64 (RFC 6177) and
// could otherwise try from a fresh address after each failure. Anything that is not an
// address is counted as it is.
func throttleSubject(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil || !a.Is6() || a.Is4In6() {
		return addr
	}
	p, _ := a.WithZone("").Prefix(64)
	return p.String()
}

package auth

import (
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseTrustedProxies(t *testing.T) {
	tests := []struct {
		name    string
		items   []string
		want    []string
		wantErr string
	}{
		{"none", nil, nil, ""},
		{"addresses and prefixes", []string{"10.0.0.0/8", " 192.0.2.1 ", "::1", "2001:db8::/32"},
			[]string{"10.0.0.0/8", "192.0.2.1/32", "::1/128", "2001:db8::/32"}, ""},
		{"host bits are masked", []string{"10.1.2.3/8", "2001:db8::1/32"}, []string{"10.0.0.0/8", "2001:db8::/32"}, ""},
		{"IPv4-mapped forms are IPv4", []string{"::ffff:10.0.0.1", "::ffff:10.0.0.0/104"}, []string{"10.0.0.1/32", "10.0.0.0/8"}, ""},
		{"a zone is dropped", []string{"fe80::1%eth0"}, []string{"fe80::1/128"}, ""},
		{"a host name", []string{"10.0.0.1", "proxy.local"}, nil, `"proxy.local" is neither`},
		{"a port", []string{"10.0.0.1:8080"}, nil, `"10.0.0.1:8080" is neither`},
		{"too many bits", []string{"10.0.0.0/33"}, nil, `"10.0.0.0/33" is not a CIDR prefix`},
		{"an empty item", []string{""}, nil, `"" is neither`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTrustedProxies(tc.items)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var gotS []string
			for _, p := range got {
				gotS = append(gotS, p.String())
			}
			if d := cmp.Diff(tc.want, gotS); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "prefixes", d)
			}
		})
	}
}

func TestClientAddr(t *testing.T) {
	trusted, err := ParseTrustedProxies([]string{"10.0.0.0/8", "192.0.2.1", "2001:db8:ffff::/48"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		trusted []netip.Prefix // nil: trusted above
		none    bool           // trust no one
		remote  string
		xff     []string // X-Forwarded-For lines
		want    string
	}{
		{"no proxies: the peer", nil, true, "198.51.100.7:40000", nil, "198.51.100.7"},
		{"no proxies: a spoofed header is ignored", nil, true, "198.51.100.7:40000", []string{"203.0.113.9"}, "198.51.100.7"},
		{"untrusted peer: a spoofed header is ignored", nil, false, "198.51.100.7:40000", []string{"203.0.113.9, 10.0.0.1"}, "198.51.100.7"},
		{"trusted peer without the header", nil, false, "10.0.0.1:40000", nil, "10.0.0.1"},
		{"trusted peer names the client", nil, false, "10.0.0.1:40000", []string{"198.51.100.7"}, "198.51.100.7"},
		{"single trusted address", nil, false, "192.0.2.1:40000", []string{"198.51.100.7"}, "198.51.100.7"},
		{"the client's own entries are skipped", nil, false, "10.0.0.1:40000", []string{"203.0.113.9, 198.51.100.7"}, "198.51.100.7"},
		{"a chain of trusted proxies", nil, false, "10.0.0.1:40000", []string{"203.0.113.9, 198.51.100.7, 10.2.2.2, 192.0.2.1"}, "198.51.100.7"},
		{"several header lines", nil, false, "10.0.0.1:40000", []string{"203.0.113.9", "198.51.100.7, 10.2.2.2"}, "198.51.100.7"},
		{"every hop trusted: the left-most", nil, false, "10.0.0.1:40000", []string{"10.3.3.3, 10.2.2.2"}, "10.3.3.3"},
		{"spaces and empty entries", nil, false, "10.0.0.1:40000", []string{" ,203.0.113.9 ,, 198.51.100.7 , "}, "198.51.100.7"},
		{"entries with ports", nil, false, "10.0.0.1:40000", []string{"198.51.100.7:5555"}, "198.51.100.7"},
		{"IPv6 peer untrusted", nil, false, "[2001:db8:1::9]:40000", []string{"198.51.100.7"}, "2001:db8:1::9"},
		{"IPv6 peer trusted, IPv6 client", nil, false, "[2001:db8:ffff::1]:443", []string{"2001:DB8:1:0::5"}, "2001:db8:1::5"},
		{"IPv6 client in brackets", nil, false, "[2001:db8:ffff::1]:443", []string{"[2001:db8:1::5]"}, "2001:db8:1::5"},
		{"IPv6 client in brackets with a port", nil, false, "10.0.0.1:40000", []string{"[2001:db8:1::5]:4711"}, "2001:db8:1::5"},
		{"IPv6 client with a zone", nil, false, "10.0.0.1:40000", []string{"fe80::1%eth0"}, "fe80::1"},
		{"IPv4-mapped peer is trusted as IPv4", nil, false, "[::ffff:10.0.0.1]:40000", []string{"198.51.100.7"}, "198.51.100.7"},
		{"IPv4-mapped client is IPv4", nil, false, "10.0.0.1:40000", []string{"::ffff:198.51.100.7"}, "198.51.100.7"},
		{"IPv4-mapped peer untrusted", nil, true, "[::ffff:198.51.100.7]:40000", nil, "198.51.100.7"},
		{"malformed client: the last trusted hop", nil, false, "10.0.0.1:40000", []string{"198.51.100.7, unknown"}, "10.0.0.1"},
		{"malformed after a trusted hop", nil, false, "10.0.0.1:40000", []string{"garbage, 10.2.2.2"}, "10.2.2.2"},
		{"malformed left of the client is never read", nil, false, "10.0.0.1:40000", []string{"garbage, 198.51.100.7"}, "198.51.100.7"},
		{"an address with a port inside brackets", nil, false, "10.0.0.1:40000", []string{"[198.51.100.7:80]"}, "10.0.0.1"},
		{"a host name", nil, false, "10.0.0.1:40000", []string{"client.example"}, "10.0.0.1"},
		{"a peer without a port", nil, false, "10.0.0.1", []string{"198.51.100.7"}, "198.51.100.7"},
		{"a peer that is no address", nil, false, "@", []string{"198.51.100.7"}, "@"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/login", nil)
			r.RemoteAddr = tc.remote
			for _, line := range tc.xff {
				r.Header.Add("X-Forwarded-For", line)
			}
			proxies := trusted
			if tc.none {
				proxies = nil
			}
			if d := cmp.Diff(tc.want, clientAddr(r, proxies)); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "client address", d)
			}
		})
	}
}

func TestThrottleSubject(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"198.51.100.7", "198.51.100.7"},
		{"2001:db8:1:2:aaaa::5", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::5", "2001:db8:1:3::/64"},
		{"::1", "::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"not-an-address", "not-an-address"},
	} {
		if got := throttleSubject(tc.addr); got != tc.want {
			t.Errorf("throttleSubject(%q) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

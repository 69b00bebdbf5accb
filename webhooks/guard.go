package webhooks

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"syscall"
)

// ErrRefused is the error of an attempt the SSRF guard stopped: the
// endpoint's host resolved to an address inside a private network. Its
// text is what the delivery log shows.
var ErrRefused = errors.New("refused: the address resolves to a private network")

// blocked are the networks no delivery may reach in production: loopback,
// RFC 1918 and unique-local (fc00::/7), link-local (169.254/16 with the
// cloud metadata address, fe80::/10), CGNAT (100.64/10), "this network",
// multicast, and the other special-purpose ranges no CRM lives in.
var blocked = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // "this network", unspecified
		"10.0.0.0/8",      // RFC 1918
		"100.64.0.0/10",   // CGNAT (RFC 6598)
		"127.0.0.0/8",     // loopback
		"169.254.0.0/16",  // link-local, 169.254.169.254 metadata
		"172.16.0.0/12",   // RFC 1918
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation
		"192.168.0.0/16",  // RFC 1918
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation
		"203.0.113.0/24",  // documentation
		"224.0.0.0/4",     // multicast
		"240.0.0.0/4",     // reserved, broadcast
		"::/128",          // unspecified
		"::1/128",         // loopback
		"::/96",           // IPv4-compatible (deprecated)
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard
		"2001:db8::/32",   // documentation
		"fc00::/7",        // unique local
		"fe80::/10",       // link-local
		"ff00::/8",        // multicast
	} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	return ps
}()

var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// refused reports whether a delivery may not connect to addr. In
// development (allowLoopback) loopback addresses pass, so that a
// developer's http://localhost receiver gets deliveries.
func refused(addr netip.Addr, allowLoopback bool) bool {
	addr = addr.Unmap() // ::ffff:10.0.0.1 is 10.0.0.1
	if addr.Is6() && nat64.Contains(addr) {
		// The well-known NAT64 prefix carries an IPv4 address: judge that.
		b := addr.As16()
		addr = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	if allowLoopback && addr.IsLoopback() {
		return false
	}
	if !addr.IsValid() || addr.Zone() != "" {
		return true
	}
	for _, p := range blocked {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// RefusedHost reports whether host, as a URL names it, is an address that
// deliveries may never reach in production: localhost, or an IP address
// in a blocked network. A name is judged when it is dialed, by the
// addresses it resolves to; this lets a form refuse what is plainly
// private before anything is sent.
func RefusedHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && refused(addr, false)
}

// control is the dialer's check of each address it is about to connect
// to: after DNS resolution, on the very address dialed, so a name that
// resolves to a private address (or starts to, between two lookups) is
// refused all the same.
func control(allowLoopback bool) func(network, address string, _ syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return refusal{address}
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || refused(addr, allowLoopback) {
			return refusal{host}
		}
		return nil
	}
}

// refusal is ErrRefused with the address refused.
type refusal struct{ addr string }

func (r refusal) Error() string        { return ErrRefused.Error() + " (" + r.addr + ")" }
func (r refusal) Is(target error) bool { return target == ErrRefused }

package webhooks

import (
	"net/netip"
	"testing"
)

func TestTheGuardKnowsInternalAddresses(t *testing.T) {
	for _, tc := range []struct {
		addr                string
		production, develop bool // refused in production, in development
	}{
		{"127.0.0.1", true, false},
		{"127.8.9.10", true, false},
		{"::1", true, false},
		{"::ffff:127.0.0.1", true, false},
		{"10.0.0.1", true, true},
		{"172.16.5.4", true, true},
		{"192.168.1.1", true, true},
		{"169.254.169.254", true, true},
		{"100.64.0.1", true, true},
		{"0.0.0.0", true, true},
		{"::", true, true},
		{"224.0.0.1", true, true},
		{"255.255.255.255", true, true},
		{"fc00::1", true, true},
		{"fd12:3456::1", true, true},
		{"fe80::1", true, true},
		{"ff02::1", true, true},
		{"::ffff:10.0.0.1", true, true},
		{"::ffff:169.254.169.254", true, true},
		{"64:ff9b::a9fe:a9fe", true, true}, // NAT64 of 169.254.169.254
		{"::10.0.0.1", true, true},
		{"93.184.215.14", false, false},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", false, false},
		{"64:ff9b::5db8:d70e", false, false}, // NAT64 of a public address
		{"100.128.0.1", false, false},        // just past CGNAT
		{"172.32.0.1", false, false},         // just past 172.16/12
	} {
		a := netip.MustParseAddr(tc.addr)
		if got := refused(a, false); got != tc.production {
			t.Errorf("production: %s refused = %v, want %v", tc.addr, got, tc.production)
		}
		if got := refused(a, true); got != tc.develop {
			t.Errorf("development: %s refused = %v, want %v", tc.addr, got, tc.develop)
		}
	}
}

// The endpoint forms refuse by RefusedHost what the guard would refuse
// when dialing; a name passes (it is judged by what it resolves to).
func TestRefusedHostIsTheGuardsRuleForAURLsHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost":          true,
		"API.localhost":      true,
		"127.0.0.1":          true,
		"::1":                true,
		"10.1.2.3":           true,
		"169.254.169.254":    true,
		"198.18.0.1":         true, // benchmarking: in the guard's list
		"fe80::1%eth0":       true,
		"::ffff:192.168.0.1": true,
		"93.184.215.14":      false,
		"crm.example.com":    false,
		"internal.example":   false,
	} {
		if got := RefusedHost(host); got != want {
			t.Errorf("RefusedHost(%q) = %v, want %v", host, got, want)
		}
	}
}

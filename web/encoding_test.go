package web

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNegotiate(t *testing.T) {
	both := []string{"br", "gzip"}
	for _, tc := range []struct {
		header  string
		offered []string
		want    string
	}{
		{"", both, ""},
		{"gzip, deflate, br, zstd", both, "br"},
		{"gzip, deflate", both, "gzip"},
		{"GZIP", both, "gzip"},
		{"x-gzip", both, "gzip"},
		{"identity", both, ""},
		{"deflate, zstd", both, ""},
		{"br;q=0, gzip", both, "gzip"},
		{"br;q=0.5, gzip;q=0.8", both, "gzip"},
		{"br;q=0.8, gzip;q=0.8", both, "br"},
		{"gzip;q=0.5, identity", both, ""},
		{"gzip;q=0.5", both, "gzip"},
		{"gzip;q=0.5, identity;q=0.4", both, "gzip"},
		{"*", both, "br"},
		{"*;q=0.5, identity", both, ""},
		{"*;q=0, gzip", both, "gzip"},
		{"identity;q=0, *", both, "br"},
		{"identity;q=0, gzip;q=0, br;q=0", both, ""}, // nothing acceptable: as it is
		{"br;q=2, gzip", both, "gzip"},               // not a weight: left out
		{"br;q=abc", both, ""},
		{" br ; q=1 , gzip ", both, "br"},
		{"br, gzip", []string{"gzip"}, "gzip"},
		{"gzip;q=0", []string{"gzip"}, ""},
		{"br, gzip", nil, ""},
	} {
		require.Equal(t, tc.want, negotiate(tc.header, tc.offered), "%q %v", tc.header, tc.offered)
	}
}

func TestAddVary(t *testing.T) {
	for _, tc := range []struct {
		vary []string
		want []string
	}{
		{nil, []string{"Accept-Encoding"}},
		{[]string{"Accept-Language"}, []string{"Accept-Language", "Accept-Encoding"}},
		{[]string{"Accept-Language, accept-encoding"}, []string{"Accept-Language, accept-encoding"}},
		{[]string{"*"}, []string{"*"}},
	} {
		h := http.Header{"Vary": tc.vary}
		addVary(h, "Accept-Encoding")
		addVary(h, "Accept-Encoding")
		require.Equal(t, tc.want, h.Values("Vary"))
	}
}

package web

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
)

// The join link and its QR code reach the other phones: a lobby opened at this computer's
// own address says that no other phone reaches it, and gives the computer's address on the
// network instead when the server knows one; opened at any other address it says nothing.
func TestJoinLinkReachesOtherPhones(t *testing.T) {
	for _, tc := range []struct {
		network  []string
		host     string
		link     string
		sentence string
	}{
		{nil, "", "http://127.0.0.1:", "Tavolo is listening only on this computer"},
		{[]string{"192.0.2.9:8080", "[fd00::9]:8080"}, "", "http://192.0.2.9:8080/join/", "the computer's address on the local network, 192.0.2.9:8080"},
		{[]string{"192.0.2.9:8080"}, "127.0.0.2:8080", "http://192.0.2.9:8080/join/", "192.0.2.9:8080"},
		{[]string{"192.0.2.9:8080"}, "localhost:8080", "http://192.0.2.9:8080/join/", "192.0.2.9:8080"},
		{[]string{"192.0.2.9:8080"}, "tavolo.test:8080", "http://tavolo.test:8080/join/", ""},
		{nil, "192.0.2.9:8080", "http://192.0.2.9:8080/join/", ""},
	} {
		s, ts := newServerPair(t, t.TempDir())
		s.NetworkAddrs = tc.network
		host := newClient(t, ts)
		header := map[string]string{}
		if tc.host != "" {
			header["Host"] = tc.host
		}
		res, body := host.post("/diamant/phones", url.Values{"name": {"Anna"}, "draw": {"app"}}, nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		res, body = host.get(res.Header.Get("Location"), header)
		require.Equal(t, http.StatusOK, res.StatusCode, "%+v %s", tc, body)
		doc := markup.Parse(body)
		text := html.UnescapeString(body)
		var link string
		for _, a := range doc.All(markup.Role("link")) {
			if strings.Contains(a.Attr("href"), "/join/") {
				link = a.Attr("href")
			}
		}
		require.True(t, strings.HasPrefix(link, tc.link), "%+v: %s", tc, link)
		if tc.sentence == "" {
			require.False(t, strings.Contains(text, "this computer's own address"), "%+v", tc)
			continue
		}
		require.True(t, strings.Contains(text, tc.sentence), "%+v", tc)
	}
}

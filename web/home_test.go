package web

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
)

// The home page offers this device's unfinished tables, of every game, the most recent
// first, each link named with the game, the players and where the table stands; another
// device, and a browser with no table, are offered none.
func TestHomeContinuesThisDevicesTables(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	region := func(c *client) *markup.Node {
		_, body := c.get("/?lang=en", nil)
		return markup.Parse(body).Find(markup.Role("region"), markup.Name("Continue a game"))
	}
	require.Nil(t, region(c), "no table yet: nothing to continue")

	tb := newTable(t, c, "app", "phone", 2026, "Ada", "Bruno", "Chiara")
	// The store keeps a table's last change to the millisecond: the Donuts table is made in
	// a later one, so that it is the newer (in the same one, either may come first).
	time.Sleep(2 * time.Millisecond)
	res, body := c.post("/donuts", url.Values{"mode": {"computer"}, "level": {"easy"}, "color": {"chocolate"},
		"first": {"chocolate"}, "board": {"number"}, "seed": {"4021"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	donuts := res.Header.Get("Location")

	r := region(c)
	require.NotNil(t, r)
	links := r.All(markup.Role("link"))
	require.Len(t, links, 2)
	require.Equal(t, "Donuts against the computer, level easy, 0 donuts placed", links[0].Name())
	require.Equal(t, donuts, links[0].Attr("href"))
	require.Equal(t, "Diamant with Ada, Bruno and Chiara, round 1 of 5", links[1].Name())
	require.Equal(t, "/diamant/"+tb.id, links[1].Attr("href"))
	for _, pic := range r.All(markup.Tag("svg")) {
		require.True(t, pic.Hidden(), "a picture is seen, not heard")
	}

	require.Nil(t, region(newClient(t, ts)), "another device is offered none")
}

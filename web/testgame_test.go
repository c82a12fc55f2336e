package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/internal/markup"
	"tavolo/web/internal/testgame"
	"tavolo/web/store/memory"
)

// A game plugs in with its own folder and one registration: the test game, registered
// here only, routes, is joined by its code, lists its tables on a device, has its
// addresses in the service worker, and the offline engine refuses what needs the server,
// as the three games do.
func TestAGameRegisteredOnce(t *testing.T) {
	games := append(slices.Clone(Games), testgame.New) // the registration
	s, err := New(Config{DataDir: t.TempDir(), Games: games}, discardLog())
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })

	host := newClient(t, ts)
	res, body := host.post(testgame.Path, url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	at := res.Header.Get("Location")
	require.True(t, strings.HasPrefix(at, testgame.Path+"/t/"), at)
	res, _ = host.post(at+"/code", url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, body = host.get(at, nil)
	taps, code, ok := strings.Cut(body, " code: ")
	require.True(t, ok, body)
	require.Equal(t, "taps: 0", taps)

	// Joined by its code, as Diamant and Donuts are: the free seat is offered by name.
	guest := newClient(t, ts)
	res, body = guest.get("/join/"+code, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	markup.Parse(body).Get(t, markup.Role("button"), markup.Name("Sit as Bruno"))
	res, body = guest.post("/join/"+code, url.Values{"seat": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, at, res.Header.Get("Location"))
	res, _ = guest.post(at+"/tap", url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, body = host.get(at, nil)
	require.True(t, strings.HasPrefix(body, "taps: 1 "), body)

	// The service worker knows its addresses from the server.
	_, sw := host.get("/sw.js", nil)
	require.Contains(t, sw, `"/taps/t/"`)
	require.NotContains(t, sw, "self.__GAMES__")

	// The offline engine lists its tables on this device and refuses what needs a server.
	engine, err := New(Config{Store: memory.New(nil), SessionKey: strings.Repeat("k", 32), Offline: true, Games: games}, discardLog())
	require.NoError(t, err)
	es := httptest.NewServer(engine.Handler())
	t.Cleanup(func() { es.Close(); engine.Close() })
	phone := newClient(t, es)
	res, _ = phone.post(testgame.Path, url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	kept := res.Header.Get("Location")
	_, body = phone.get("/offline/tables/"+testgame.Name, nil)
	var list []struct{ URL string }
	require.NoError(t, json.Unmarshal([]byte(body), &list), body)
	require.Equal(t, []struct{ URL string }{{kept}}, list)
	res, _ = phone.post(kept+"/code", url.Values{}, nil)
	require.Equal(t, http.StatusConflict, res.StatusCode)
}

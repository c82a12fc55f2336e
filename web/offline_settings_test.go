package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/web/store/memory"
)

// The offline engine serves one device: the settings its service worker hands it
// (HandSettings) draw every page, with no cookie, whatever the request's Accept-Language.
func TestEngineDrawsPagesInTheSettingsHandedToIt(t *testing.T) {
	engine, err := New(Config{Store: memory.New(nil), SessionKey: strings.Repeat("k", 32), Offline: true}, discardLog())
	require.NoError(t, err)
	get := func(path string) *markup.Node {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Language", "en")
		w := httptest.NewRecorder()
		engine.Handler().ServeHTTP(w, req)
		require.Equal(t, http.StatusOK, w.Code)
		for _, c := range w.Result().Cookies() {
			require.NotEqual(t, "tavolo", c.Name, "the settings need no session cookie")
		}
		return markup.Parse(w.Body.String())
	}
	html := func(n *markup.Node) *markup.Node { return n.Get(t, markup.Tag("html")) }

	require.Equal(t, "en", html(get("/settings")).Attr("lang"), "before any: Accept-Language and the defaults")

	require.NoError(t, engine.HandSettings([]byte(`{"lang":"fr","text":"200","contrast":"high","motion":"off","rate":1.5,`+
		`"speak":true,"sound":false,"vibrate":true,"verbosity":"brief"}`)))
	page := get("/settings")
	root := html(page)
	require.Equal(t, "fr", root.Attr("lang"))
	for attr, want := range map[string]string{"data-text": "200", "data-contrast": "high", "data-motion": "off", "data-rate": "1.5",
		"data-speak": "true", "data-sound": "false", "data-vibrate": "true", "data-verbosity": "brief"} {
		require.Equal(t, want, root.Attr(attr), attr)
	}
	l := engine.Catalog.Localizer("fr")
	require.Equal(t, l.T("settings.title"), page.Get(t, markup.Heading(1)).Text())
	// The settings form shows them as chosen.
	require.True(t, page.Get(t, markup.Field("speak")).HasAttr("checked"))
	require.False(t, page.Get(t, markup.Field("sound")).HasAttr("checked"))

	// A value not allowed is refused whole, and says which; the settings stay.
	err = engine.HandSettings([]byte(`{"lang":"de","text":"100","contrast":"standard","motion":"system","rate":1,"verbosity":"full"}`))
	require.ErrorContains(t, err, "settings.language")
	require.ErrorContains(t, engine.HandSettings([]byte(`{"lang":"it","text":"120","contrast":"standard","motion":"system","rate":1}`)), "settings.text")
	require.Equal(t, "fr", html(get("/")).Attr("lang"))

	// A page's ?lang= changes the device's language in the engine, for the requests after it.
	require.Equal(t, "it", html(get("/?lang=it")).Attr("lang"))
	root = html(get("/about"))
	require.Equal(t, "it", root.Attr("lang"))
	require.Equal(t, "200", root.Attr("data-text"), "the other settings stay")
}

// On the server, settings handed to the kit are nobody's: each browser's are in its session.
func TestServerIgnoresHandedSettings(t *testing.T) {
	s, err := New(Config{Store: memory.New(nil), SessionKey: strings.Repeat("k", 32)}, discardLog())
	require.NoError(t, err)
	require.NoError(t, s.HandSettings([]byte(`{"lang":"fr","text":"200","contrast":"high","motion":"off","rate":1}`)))
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Accept-Language", "sk")
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, req)
	root := markup.Parse(w.Body.String()).Get(t, markup.Tag("html"))
	require.Equal(t, "sk", root.Attr("lang"))
	require.Equal(t, "100", root.Attr("data-text"))
}

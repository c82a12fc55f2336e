package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
)

// A page's language links stay on this site whatever path was asked for: a path a
// browser reads as another host's ("//host", "/\host", the same escaped) never becomes a
// link to it.
func TestLanguageLinksStayOnSite(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	for target, want := range map[string]string{
		"//evil.example/x":         "/evil.example/x?lang=it",
		"/%2F%2Fevil.example":      "/evil.example?lang=it",
		"/\\evil.example/x":        "/evil.example/x?lang=it",
		"/%5C%5Cevil.example":      "/evil.example?lang=it",
		"/about?lang=en&x=%22%3E":  "/about?lang=it&x=%22%3E",
		"/no/such/page%3Fq=1":      "/no/such/page%3Fq=1?lang=it",
		"/rules/diamant?lang=fr#a": "/rules/diamant?lang=it",
	} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		links := languageHrefs(rec.Body.String())
		require.Len(t, links, 4, target)
		for _, href := range links {
			require.True(t, strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") && !strings.HasPrefix(href, "/\\"), "%s: %s", target, href)
		}
		require.Contains(t, links, want, target)
	}
}

// languageHrefs are the addresses of a page's links that choose a language.
func languageHrefs(page string) []string {
	var hrefs []string
	for _, a := range markup.Parse(page).All(markup.Role("link")) {
		if href := a.Attr("href"); strings.Contains(href, "lang=") {
			hrefs = append(hrefs, href)
		}
	}
	return hrefs
}

// Pages and replies carry the device's form token, its hidden chest or its vote: no cache
// may keep them. The shared files keep their own lifetimes.
func TestPrivateAnswersAreNotStored(t *testing.T) {
	_, ts := newServerPair(t, t.TempDir())
	c := newClient(t, ts)
	tb := newTable(t, c, "app", "phone", 7, "Ada", "Bruno", "Chiara")
	_, v, _ := tb.screen("")
	draw, _ := c.post("/diamant/"+tb.id+"/draw", url.Values{"version": {strconv.FormatInt(v, 10)}}, asJSON)
	require.Equal(t, http.StatusOK, draw.StatusCode)
	for name, res := range map[string]*http.Response{
		"a draw's reply": draw,
		"the play page":  first(c.get("/diamant/"+tb.id, nil)),
		"the history":    first(c.get("/diamant/"+tb.id+"/history", nil)),
		"settings":       first(c.get("/settings", nil)),
		"home":           first(c.get("/", nil)),
		"a missing page": first(c.get("/no/such/page", nil)),
		"a redirect":     first(c.post("/diamant", url.Values{"name": {"Ada", "Bruno", "Chiara"}, "draw": {"app"}, "vote": {"phone"}}, nil)),
	} {
		require.Equal(t, "private, no-store", res.Header.Get("Cache-Control"), name)
	}
	_, home := c.get("/", nil)
	script := markup.Parse(home).Get(t, markup.Tag("script"), markup.Has("src"))
	res, _ := c.get(script.Attr("src"), nil)
	require.Contains(t, res.Header.Get("Cache-Control"), "immutable")
}

func first(res *http.Response, _ string) *http.Response { return res }

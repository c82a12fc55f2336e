package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
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
		links := languageHrefs(t, rec.Body.String())
		require.Len(t, links, 4, target)
		for _, href := range links {
			require.True(t, strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") && !strings.HasPrefix(href, "/\\"), "%s: %s", target, href)
		}
		require.Contains(t, links, want, target)
	}
}

// languageHrefs are the addresses of a page's links that choose a language.
func languageHrefs(t *testing.T, page string) []string {
	doc, err := html.Parse(strings.NewReader(page))
	require.NoError(t, err)
	var hrefs []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, a := range n.Attr {
				if a.Key == "href" && strings.Contains(a.Val, "lang=") {
					hrefs = append(hrefs, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return hrefs
}

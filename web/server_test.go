package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/pwa"
	"tavolo/web/kit"
)

// client is a browser for tests: it keeps cookies and does not follow redirects.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func newTestServer(t *testing.T, dataDir string) *httptest.Server {
	t.Helper()
	if dataDir == "" {
		dataDir = t.TempDir()
	}
	s, err := New(Config{DataDir: dataDir}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts
}

func newClient(t *testing.T, ts *httptest.Server) *client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: ts.URL, http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (c *client) do(method, path string, body io.Reader, header map[string]string) (*http.Response, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	require.NoError(c.t, err)
	for k, v := range header {
		if k == "Host" {
			// The page as opened at another address: the session's cookies all the same.
			req.Host = v
			for _, ck := range c.http.Jar.Cookies(req.URL) {
				req.AddCookie(ck)
			}
			continue
		}
		req.Header.Set(k, v)
	}
	if body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return res, string(b)
}

func (c *client) get(path string, header map[string]string) (*http.Response, string) {
	return c.do(http.MethodGet, path, nil, header)
}

// langOf is a page's language, its <html lang>.
func langOf(t *testing.T, body string) string {
	t.Helper()
	lang := markup.Parse(body).Get(t, markup.Tag("html")).Attr("lang")
	require.NotEmpty(t, lang, "no <html lang>")
	return lang
}

// field is the value of a page's first form field named name: a form's token, its version.
func field(t *testing.T, page, name string) string {
	t.Helper()
	return markup.Parse(page).Get(t, markup.Field(name)).Attr("value")
}

// versionField is the table's version a page's forms carry, as they send it.
func versionField(t *testing.T, page string) string {
	t.Helper()
	v := field(t, page, "version")
	_, err := strconv.ParseInt(v, 10, 64)
	require.NoError(t, err, "a version is a number: %q", v)
	return v
}

func (c *client) csrf() string {
	_, body := c.get("/settings", nil)
	token := field(c.t, body, "_csrf")
	require.NotEmpty(c.t, token, "no CSRF token on the settings page")
	return token
}

func TestPagesAnswerWithSecurityHeaders(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	for _, path := range []string{"/", "/settings", "/about", "/rules/diamant", "/rules/donaz", "/rules/donuts", "/diamant", "/donaz", "/donuts", "/offline/it"} {
		res, body := c.get(path, nil)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		csp := res.Header.Get("Content-Security-Policy")
		require.Contains(t, csp, "default-src 'self'", path)
		require.Contains(t, csp, "frame-ancestors 'none'", path)
		require.NotContains(t, csp, "unsafe-inline", path)
		require.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), path)
		require.NotEmpty(t, res.Header.Get("Referrer-Policy"), path)
		require.NotEmpty(t, res.Header.Get("Permissions-Policy"), path)
		require.Equal(t, 1, strings.Count(body, "<h1"), "%s: one h1", path)
		require.NotContains(t, body, "style=", "%s: no inline style", path)
		for _, script := range markup.Parse(body).All(markup.Tag("script")) {
			require.Empty(t, script.TextContent(), "%s: no inline script", path)
		}
	}
	res, body := c.get("/healthz", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "ok", body)
}

func TestLanguageChoice(t *testing.T) {
	ts := newTestServer(t, "")
	cases := []struct{ accept, want string }{
		{"sk-SK,sk;q=0.9", "sk"},
		{"de", "en"},
		{"fr-CA", "fr"},
		{"it-IT,it;q=0.9,en;q=0.8", "it"},
		{"", "en"},
		{"de-DE,fr;q=0.5", "fr"},
		{";;;garbage", "en"},
	}
	for _, tc := range cases {
		_, body := newClient(t, ts).get("/", map[string]string{"Accept-Language": tc.accept})
		require.Equal(t, tc.want, langOf(t, body), "Accept-Language %q", tc.accept)
	}

	c := newClient(t, ts)
	_, body := c.get("/?lang=fr", map[string]string{"Accept-Language": "it"})
	require.Equal(t, "fr", langOf(t, body))
	_, body = c.get("/about", map[string]string{"Accept-Language": "it"})
	require.Equal(t, "fr", langOf(t, body), "?lang=fr is remembered in the session")
	require.Contains(t, body, `aria-current="true">Français`)

	_, body = newClient(t, ts).get("/?lang=zz", nil)
	require.Equal(t, "en", langOf(t, body), "an unknown code falls back to English")
}

func TestSettingsRoundTrip(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	_, body := c.get("/", nil)
	require.Contains(t, body, `data-text="100"`)
	require.Contains(t, body, `data-speak="false"`, "speech is off by default")

	require.Contains(t, body, `data-verbosity="full"`, "announcements are whole sentences by default")

	form := url.Values{"_csrf": {c.csrf()}, "lang": {"sk"}, "text": {"200"}, "contrast": {"high"},
		"motion": {"on"}, "speak": {"on"}, "rate": {"1.5"}, "sound": {"on"}, "verbosity": {"brief"}}
	res, _ := c.do(http.MethodPost, "/settings", strings.NewReader(form.Encode()), nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.Equal(t, "/settings?saved=1", res.Header.Get("Location"))

	_, body = c.get("/settings?saved=1", nil)
	require.Equal(t, "sk", langOf(t, body))
	for _, attr := range []string{`data-text="200"`, `data-contrast="high"`, `data-motion="on"`, `data-speak="true"`,
		`data-rate="1.5"`, `data-sound="true"`, `data-vibrate="false"`, `data-verbosity="brief"`} {
		require.Contains(t, body, attr)
	}
	// The news, said by the page's script once loaded (app.js: data-say).
	news := markup.Parse(body).Get(t, markup.ID("news"), markup.Has("data-say"))
	require.NotEmpty(t, news.Text())
	brief := markup.Parse(body).Get(t, markup.Role("radio"), markup.Field("verbosity"), markup.Attr("value", "brief"))
	require.True(t, brief.HasAttr("checked"), "the form shows the saved choice")
}

// The verbosity's two choices are explained by an example each, made by the sentences
// themselves; a form without a verbosity (a page from before the setting) keeps the device's.
func TestVerbositySetting(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	_, body := c.get("/settings?lang=fr", nil)
	require.Contains(t, body, "Par exemple : Trésor de 7 : 2 diamants chacun, et 1 reste sur la carte.")
	require.Contains(t, body, "Par exemple : 7 diamants : 2 chacun, 1 reste.")
	require.Contains(t, body, `aria-describedby="verbosity-brief-hint"`)

	post := func(form url.Values) int {
		form.Set("_csrf", c.csrf())
		res, _ := c.do(http.MethodPost, "/settings", strings.NewReader(form.Encode()), nil)
		return res.StatusCode
	}
	base := url.Values{"lang": {"fr"}, "text": {"100"}, "contrast": {"standard"}, "motion": {"system"}, "rate": {"1"}}
	brief := url.Values{"verbosity": {"brief"}}
	for k, v := range base {
		brief[k] = v
	}
	require.Equal(t, http.StatusSeeOther, post(brief))
	require.Equal(t, http.StatusSeeOther, post(base), "a form without the field")
	_, body = c.get("/", nil)
	require.Contains(t, body, `data-verbosity="brief"`, "the device's choice stays")
}

func TestMalformedSettingsChangeNothing(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	c.get("/?lang=it", nil)
	good := url.Values{"lang": {"it"}, "text": {"150"}, "contrast": {"standard"}, "motion": {"system"}, "rate": {"1"}}
	bad := []url.Values{
		{"text": {"250"}},
		{"contrast": {"pink"}},
		{"motion": {"sometimes"}},
		{"rate": {"9"}},
		{"lang": {"de"}},
		{"speak": {"yes"}},
		{"sound": {"on", "on"}},
		{"verbosity": {"terse"}},
		{"verbosity": {""}},
	}
	for _, change := range bad {
		form := url.Values{"_csrf": {c.csrf()}}
		for k, v := range good {
			form[k] = v
		}
		for k, v := range change {
			form[k] = v
		}
		res, body := c.do(http.MethodPost, "/settings", strings.NewReader(form.Encode()), nil)
		require.Equal(t, http.StatusBadRequest, res.StatusCode, "%v", change)
		require.Equal(t, "it", langOf(t, body), "the refusal is in the player's language")
		require.Contains(t, body, `role="alert"`)
		require.Contains(t, body, `data-text="100"`, "%v: nothing was changed", change)
		if _, ok := change["verbosity"]; ok {
			require.Contains(t, body, "Annunci", "the refusal names the field")
			require.Contains(t, body, `data-verbosity="full"`, "%v: nothing was changed", change)
		}
	}
}

func TestCSRFIsRequired(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	c.get("/?lang=fr", nil)
	form := url.Values{"lang": {"en"}, "text": {"200"}, "contrast": {"high"}, "motion": {"on"}, "rate": {"1"}}
	res, body := c.do(http.MethodPost, "/settings", strings.NewReader(form.Encode()), nil)
	require.Contains(t, []int{http.StatusBadRequest, http.StatusForbidden}, res.StatusCode)
	require.Equal(t, "fr", langOf(t, body))
	form.Set("_csrf", "forged")
	res, _ = c.do(http.MethodPost, "/settings", strings.NewReader(form.Encode()), nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	_, body = c.get("/", nil)
	require.Contains(t, body, `data-text="100"`)
}

func TestBadRequestsAreLocalizedAndNeverPanic(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	res, body := c.get("/no/such/page", map[string]string{"Accept-Language": "sk"})
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	require.Equal(t, "sk", langOf(t, body))
	res, _ = c.get("/rules/chess", nil)
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	res, _ = c.get("/static/js/app.0000000000.js", nil)
	require.Equal(t, http.StatusNotFound, res.StatusCode)

	big := strings.NewReader("text=" + strings.Repeat("x", 100<<10))
	res, body = c.do(http.MethodPost, "/settings", big, map[string]string{"Accept-Language": "it"})
	require.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)
	require.Equal(t, "it", langOf(t, body))

	// A GET with a body is limited too.
	res, _ = c.do(http.MethodGet, "/settings", strings.NewReader("text="+strings.Repeat("x", 100<<10)), nil)
	require.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)

	res, _ = c.do(http.MethodPost, "/settings", strings.NewReader("%zz=%"), nil)
	require.Less(t, res.StatusCode, 500)
}

func TestSessionKeyPersists(t *testing.T) {
	dir := t.TempDir()
	s, err := New(Config{DataDir: dir}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, err)
	first := httptest.NewServer(s.Handler())
	c := newClient(t, first)
	c.get("/?lang=sk", nil)
	info, err := os.Stat(filepath.Join(dir, "session.key"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	// A restarted server on the same data folder (the first one stopped: a data folder is
	// one server's) reads the same key: the session holds.
	first.Close()
	require.NoError(t, s.Close())
	second := newTestServer(t, dir)
	u, _ := url.Parse(first.URL)
	u2, _ := url.Parse(second.URL)
	c.http.Jar.SetCookies(u2, c.http.Jar.Cookies(u))
	c.base = second.URL
	_, body := c.get("/", nil)
	require.Equal(t, "sk", langOf(t, body))

	// A key given in the environment wins.
	key, err := kit.LoadSessionKey("from-the-environment-0123456789abcdef", dir)
	require.NoError(t, err)
	require.Equal(t, "from-the-environment-0123456789abcdef", string(key))
}

// A short key in the environment is refused at start, with a sentence saying what is
// needed; so is a short key file.
func TestSessionKeyTooShort(t *testing.T) {
	dir := t.TempDir()
	for given, has := range map[string]string{"x": "it has 1 byte,", strings.Repeat("k", 32-1): "it has 31 bytes,"} {
		_, err := kit.LoadSessionKey(given, dir)
		require.ErrorContains(t, err, "TAVOLO_SESSION_KEY is too short: "+has)
		require.ErrorContains(t, err, "at least 32")
		_, err = New(Config{DataDir: dir, SessionKey: given}, discardLog())
		require.ErrorContains(t, err, "TAVOLO_SESSION_KEY")
	}
	_, err := kit.LoadSessionKey(strings.Repeat("k", 32), dir)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "session.key"), []byte("short\n"), 0o600))
	_, err = kit.LoadSessionKey("", dir)
	require.ErrorContains(t, err, "too short: it has 5 bytes, and a session key needs at least 32")
}

func TestShellFiles(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	res, body := c.get("/manifest.webmanifest", map[string]string{"Accept-Language": "it"})
	require.Equal(t, http.StatusOK, res.StatusCode)
	var m struct {
		Name, ShortName, StartURL, Display string
		Icons                              []struct{ Src, Sizes, Purpose string }
	}
	require.NoError(t, json.Unmarshal([]byte(strings.NewReplacer(`"short_name"`, `"ShortName"`, `"start_url"`, `"StartURL"`).Replace(body)), &m))
	require.Equal(t, "Tavolo", m.Name)
	require.Equal(t, "standalone", m.Display)
	sizes := map[string]bool{}
	for _, icon := range m.Icons {
		r, _ := c.get(icon.Src, nil)
		require.Equal(t, http.StatusOK, r.StatusCode, icon.Src)
		require.Contains(t, r.Header.Get("Cache-Control"), "immutable")
		sizes[icon.Sizes+" "+icon.Purpose] = true
	}
	require.True(t, sizes["192x192 any"] && sizes["512x512 any"] && sizes["512x512 maskable"], "%v", sizes)

	res, body = c.get("/sw.js", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NotContains(t, body, "self.__PRECACHE__")
	require.Contains(t, body, "/offline/sk")
	// Its parts, by job, loaded at their hashed URLs, served and precached.
	assets, err := pwa.Load()
	require.NoError(t, err)
	require.NotContains(t, body, "self.__PARTS__")
	for _, part := range []string{"shell", "routes", "engine", "settings", "store"} {
		u := assets.URL("sw/" + part + ".js")
		require.Contains(t, body, `importScripts(...[`, part)
		require.Equal(t, 2, strings.Count(body, `"`+u+`"`), "%s: in the parts and in the precache", part)
		r, js := c.get(u, nil)
		require.Equal(t, http.StatusOK, r.StatusCode, u)
		require.Contains(t, js, "/* exported ", u)
	}

	_, page := c.get("/?lang=sk", nil)
	catalog := markup.Parse(page).Get(t, markup.Tag("html")).Attr("data-catalog")
	require.NotEmpty(t, catalog)
	res, body = c.get(catalog, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	var msgs map[string]any
	require.NoError(t, json.Unmarshal([]byte(body), &msgs))
	require.Equal(t, "Nastavenia", msgs["settings.title"])
}

func TestPagesAreCompressed(t *testing.T) {
	ts := newTestServer(t, "")
	for _, tc := range []struct {
		name, path, accept string
		gzip               bool
	}{
		{"a page", "/rules/diamant", "text/html", true},
		{"a static file", "/sw.js", "*/*", true},
		// A script's request: its JSON reply is a few KB, sent as it is (see compress).
		{"a script's request", "/rules/diamant", "application/json", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, ts.URL+tc.path, nil)
			require.NoError(t, err)
			req.Header.Set("Accept-Encoding", "gzip")
			req.Header.Set("Accept", tc.accept)
			res, err := http.DefaultTransport.RoundTrip(req)
			require.NoError(t, err)
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			require.NoError(t, err)
			require.Greater(t, len(body), 1024, "big enough to be compressed")
			if tc.gzip {
				require.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
				require.Contains(t, res.Header.Values("Vary"), "Accept-Encoding")
			} else {
				require.Empty(t, res.Header.Get("Content-Encoding"))
			}
			require.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
			require.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
		})
	}
}

func TestGzipMiddleware(t *testing.T) {
	e := echo.New()
	e.Use(compress())
	big := strings.Repeat("<p>La grotta: un tesoro da 7 rubini.</p>\n", 60)
	encoded := "\x1b\x8f\x01brotli-bytes" + strings.Repeat("\xa5", 2000) // a handler's own compressed body
	e.GET("/big", func(c echo.Context) error { return c.HTML(http.StatusOK, big) })
	e.GET("/small", func(c echo.Context) error { return c.HTML(http.StatusCreated, "<p>short</p>") })
	e.GET("/pieces", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
		c.Response().WriteHeader(http.StatusAccepted)
		for _, piece := range []string{"<p>a</p>", big[:900], big[900:]} {
			if _, err := c.Response().Write([]byte(piece)); err != nil {
				return err
			}
		}
		return nil
	})
	e.GET("/flushed", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextPlain)
		c.Response().Write([]byte("first"))
		c.Response().Flush()
		_, err := c.Response().Write([]byte(big))
		return err
	})
	e.GET("/redirect", func(c echo.Context) error { return c.Redirect(http.StatusSeeOther, "/big") })
	e.GET("/fails", func(c echo.Context) error { return echo.ErrForbidden })
	e.GET("/encoded", func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderContentEncoding, "br")
		addVary(c.Response().Header(), echo.HeaderAcceptEncoding)
		return c.Blob(http.StatusOK, "application/wasm", []byte(encoded))
	})
	e.GET("/partial", func(c echo.Context) error {
		c.Response().Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/9999", len(big)-1))
		return c.Blob(http.StatusPartialContent, echo.MIMETextHTMLCharsetUTF8, []byte(big))
	})
	for _, tc := range []struct {
		name, path, encoding string
		status               int
		coding               string // the reply's Content-Encoding
		body                 string
	}{
		{"a long body", "/big", "gzip, deflate, br", http.StatusOK, "gzip", big},
		{"a long body, no gzip asked", "/big", "br", http.StatusOK, "", big},
		{"a long body, gzip refused", "/big", "gzip;q=0, br", http.StatusOK, "", big},
		{"a long body, gzip after identity", "/big", "gzip;q=0.5, identity", http.StatusOK, "", big},
		{"a short body", "/small", "gzip", http.StatusCreated, "", "<p>short</p>"},
		{"a body in pieces", "/pieces", "gzip", http.StatusAccepted, "gzip", "<p>a</p>" + big},
		{"flushed while short", "/flushed", "gzip", http.StatusOK, "gzip", "first" + big},
		{"no body", "/redirect", "gzip", http.StatusSeeOther, "", ""},
		{"an error", "/fails", "gzip", http.StatusForbidden, "", `{"message":"Forbidden"}` + "\n"},
		{"already compressed: left as it is", "/encoded", "gzip, br", http.StatusOK, "br", encoded},
		{"a part: left as it is", "/partial", "gzip", http.StatusPartialContent, "", big},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 3 { // the writers are pooled
				req := httptest.NewRequest(http.MethodGet, tc.path, nil)
				req.Header.Set("Accept-Encoding", tc.encoding)
				rec := httptest.NewRecorder()
				e.ServeHTTP(rec, req)
				require.Equal(t, tc.status, rec.Code)
				require.Equal(t, []string{"Accept-Encoding"}, rec.Header().Values("Vary"))
				require.Equal(t, tc.coding, rec.Header().Get("Content-Encoding"))
				body := rec.Body.Bytes()
				if tc.coding == "gzip" {
					zr, err := gzip.NewReader(bytes.NewReader(body))
					require.NoError(t, err)
					body, err = io.ReadAll(zr)
					require.NoError(t, err)
				}
				require.Equal(t, tc.body, string(body))
				if tc.body != "" {
					require.NotEmpty(t, rec.Header().Get("Content-Type"))
				}
			}
		})
	}
}

// The home page tells Donuts' rule as the rulebooks and the engine have it: a donut put
// between two of the opponent's turns them (insertion); surrounding them turns nothing,
// and its words (flanking, encadrer, chiudere tra, uzavrieť) must not be the rule.
func TestHomeTellsDonutsInsertion(t *testing.T) {
	ts := newTestServer(t, "")
	for lang, c := range map[string]struct{ has, not string }{
		"en": {"placed between two of your opponent", "close your opponent"},
		"it": {"inserita tra due", "chiudi quelle"},
		"fr": {"inséré entre deux", "encadr"},
		"sk": {"vložený medzi dva", "uzavri"},
	} {
		_, body := newClient(t, ts).get("/?lang="+lang, nil)
		require.Contains(t, html.UnescapeString(body), c.has, lang)
		require.NotContains(t, html.UnescapeString(body), c.not, lang)
	}
}

// A script's reply to an action carries the security headers of a page but the one that
// governs a document alone (Permissions-Policy), and is kept out of caches.
func TestScriptRepliesAnswerWithSecurityHeaders(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	pt.drawUntilVote()
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/vote", url.Values{"seat": {"0"}, "choice": {"continue"},
		"version": {"0"}, "step": {pt.step(s)}}, map[string]string{"Accept": "application/json"})
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Equal(t, "application/json", res.Header.Get("Content-Type"))
	require.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	require.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
	require.Equal(t, "DENY", res.Header.Get("X-Frame-Options"))
	require.Equal(t, "same-origin", res.Header.Get("Referrer-Policy"))
	require.Equal(t, "private, no-store", res.Header.Get("Cache-Control"))
	require.Empty(t, res.Header.Get("Permissions-Policy"))
}

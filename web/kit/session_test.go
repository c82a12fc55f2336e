package kit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/i18n"
	"tavolo/web/table"
)

// newKit is a kit with sessions and the catalogs, and nothing else.
func newKit(t *testing.T) *Kit {
	t.Helper()
	catalog, err := i18n.Load()
	require.NoError(t, err)
	return &Kit{Sessions: NewSessionStore([]byte("0123456789abcdef0123456789abcdef"), false), Catalog: catalog}
}

// sessionCookieOf is the "name=value" of a session cookie holding values.
func sessionCookieOf(tb testing.TB, s *Kit, values map[any]any) string {
	tb.Helper()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	rec := httptest.NewRecorder()
	sess, _ := s.Sessions.New(req, sessionCookie)
	for k, v := range values {
		sess.Values[k] = v
	}
	require.NoError(tb, sess.Save(req, rec))
	return strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0]
}

// sessionOf is the session s reads from a request carrying cookie.
func sessionOf(s *Kit, cookie string) map[any]any {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	return s.Session(echo.New().NewContext(req, httptest.NewRecorder())).Values
}

func TestSessionCacheKeepsCookiesAuthentic(t *testing.T) {
	s := newKit(t)
	cookie := sessionCookieOf(t, s, map[any]any{"device": "phone-a", "lang": "it"})
	name, value, _ := strings.Cut(cookie, "=")
	flipped := []byte(value)
	flipped[len(flipped)/2] ^= 'A' ^ 'B'
	for _, tc := range []struct {
		name   string
		cookie string
		want   map[any]any
	}{
		{"authentic", cookie, map[any]any{"device": "phone-a", "lang": "it"}},
		{"authentic, from the cache", cookie, map[any]any{"device": "phone-a", "lang": "it"}},
		{"tampered", name + "=" + string(flipped), map[any]any{}},
		{"truncated", cookie[:len(cookie)-4], map[any]any{}},
		{"garbage", name + "=bm90IGEgY29va2ll", map[any]any{}},
		{"none", "", map[any]any{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, sessionOf(s, tc.cookie))
		})
	}
}

func TestSessionCacheHonoursMaxAge(t *testing.T) {
	s := newKit(t)
	cookie := sessionCookieOf(t, s, map[any]any{"device": "phone-a"})
	now := time.Now()
	s.sessionCache.now = func() time.Time { return now }
	require.Equal(t, "phone-a", sessionOf(s, cookie)["device"], "fresh, and now cached")
	now = now.Add(sessionMaxAge*time.Second - time.Minute)
	require.Equal(t, "phone-a", sessionOf(s, cookie)["device"], "a minute before it expires")
	now = now.Add(2 * time.Minute)
	require.Empty(t, sessionOf(s, cookie), "expired: refused though it was cached")
	require.Empty(t, sessionOf(s, cookie), "and refused again once out of the cache")
}

func TestSessionCacheGivesEachRequestItsOwnValues(t *testing.T) {
	s := newKit(t)
	cookie := sessionCookieOf(t, s, map[any]any{"device": "phone-a"})
	first := sessionOf(s, cookie)
	first["device"] = "changed"
	first["lang"] = "fr"
	require.Equal(t, map[any]any{"device": "phone-a"}, sessionOf(s, cookie))
}

func TestSessionCacheIsBounded(t *testing.T) {
	s := newKit(t)
	first := sessionCookieOf(t, s, map[any]any{"device": "first"})
	require.Equal(t, "first", sessionOf(s, first)["device"])
	for range sessionCacheSize {
		sessionOf(s, sessionCookieOf(t, s, map[any]any{"device": table.NewID()}))
	}
	require.LessOrEqual(t, len(s.sessionCache.entries), sessionCacheSize)
	require.Equal(t, "first", sessionOf(s, first)["device"], "decoded again once dropped")
}

func TestCookieTimestamp(t *testing.T) {
	s := newKit(t)
	_, value, _ := strings.Cut(sessionCookieOf(t, s, map[any]any{"device": "x"}), "=")
	stamp, ok := cookieTimestamp(value)
	require.True(t, ok)
	require.InDelta(t, time.Now().Unix(), stamp, 5)
	for _, bad := range []string{"", "abc", "!!!!!!!!", "bm90IGEgY29va2ll"} {
		_, ok := cookieTimestamp(bad)
		require.False(t, ok, bad)
	}
}

func TestCookieValue(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header []string
		want   string
	}{
		{"none", nil, ""},
		{"alone", []string{"tavolo=abc"}, "abc"},
		{"among others", []string{"tavolo_csrf=x; tavolo=abc; other=y"}, "abc"},
		{"spaces", []string{"  tavolo=abc  ;other=y"}, "abc"},
		{"quoted", []string{`tavolo="abc"`}, "abc"},
		{"the first one", []string{"tavolo=abc; tavolo=def"}, "abc"},
		{"a later header line", []string{"other=y", "tavolo=abc"}, "abc"},
		{"a longer name", []string{"tavolo_csrf=x; tavolox=y"}, ""},
		{"empty", []string{"tavolo="}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, cookieValue(http.Header{"Cookie": tc.header}, sessionCookie))
			if tc.name != "quoted" && tc.name != "empty" {
				req := &http.Request{Header: http.Header{"Cookie": tc.header}}
				if ck, err := req.Cookie(sessionCookie); err == nil {
					require.Equal(t, ck.Value, tc.want, "as net/http reads it")
				}
			}
		})
	}
}

func TestSessionReadsWithoutACopy(t *testing.T) {
	s := newKit(t)
	cookie := sessionCookieOf(t, s, map[any]any{"device": "phone-a", "text": "200", "sound": false, "contrast": "bogus"})
	context := func(cookie string) echo.Context {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Cookie", cookie)
		return echo.New().NewContext(req, httptest.NewRecorder())
	}
	c := context(cookie)
	d := s.ReadSession(c)
	require.Equal(t, "phone-a", d.Device)
	require.Equal(t, "", d.Settings.Lang, "never chosen")
	require.Equal(t, "200", d.Settings.Text)
	require.False(t, d.Settings.Sound)
	require.True(t, d.Settings.Vibrate, "the default for what was never chosen")
	require.Equal(t, "standard", d.Settings.Contrast, "a value no longer allowed: the default")
	require.Nil(t, c.Get("session"), "read without a session of its own")
	require.NoError(t, s.ChangeSession(c, func(d *SessionData) { d.Device, d.Risk = "changed", true }))
	require.Equal(t, "changed", s.ReadSession(c).Device, "its own session once it has one")
	require.True(t, s.ReadSession(c).Risk)
	require.Equal(t, "phone-a", s.ReadSession(context(cookie)).Device, "the cache unchanged")
	require.Equal(t, "", s.ReadSession(context("")).Device)
	require.Equal(t, "", s.ReadSession(context("tavolo=forged")).Device)
}

func TestLanguageCache(t *testing.T) {
	s := newKit(t)
	for _, tc := range []struct{ header, want string }{
		{"it-IT,it;q=0.9,en;q=0.8", "it"},
		{"it-IT,it;q=0.9,en;q=0.8", "it"}, // from the cache
		{"fr-CH, fr;q=0.9", "fr"},
		{"sk", "sk"},
		{"de-DE", "en"},
		{"", "en"},
		{"!!garbage", "en"},
	} {
		require.Equal(t, tc.want, s.langs.match(s.Catalog, tc.header), tc.header)
		require.Equal(t, s.Catalog.Match(tc.header), s.langs.match(s.Catalog, tc.header), tc.header)
	}
	for i := range langCacheSize + 10 {
		s.langs.match(s.Catalog, fmt.Sprintf("x-%d", i))
	}
	require.LessOrEqual(t, len(s.langs.langs), langCacheSize)
	require.Equal(t, "it", s.langs.match(s.Catalog, "it"))
}

// SessionDevice and sessionLang read what ReadSession reads, from the cookie or from the
// request's own session once changed, without the rest.
func TestSessionDeviceAndLangAreReadSessions(t *testing.T) {
	s := newKit(t)
	for _, values := range []map[any]any{nil, {"device": "phone-a"}, {"device": "phone-b", "lang": "sk"}, {"lang": "xx"}, {"device": 7}} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		if values != nil {
			req.Header.Set("Cookie", sessionCookieOf(t, s, values))
		}
		c := echo.New().NewContext(req, httptest.NewRecorder())
		check := func(when string) {
			d := s.ReadSession(c)
			require.Equal(t, d.Device, s.SessionDevice(c), "%v, %s", values, when)
			require.Equal(t, d.Settings.Lang, s.sessionLang(c), "%v, %s", values, when)
		}
		check("as read")
		s.Session(c).Values["device"], s.Session(c).Values["lang"] = "phone-c", "it"
		check("changed")
		require.Equal(t, "phone-c", s.SessionDevice(c))
	}
}

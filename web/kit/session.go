package kit

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"

	"tavolo/i18n"
)

const (
	sessionCookie  = "tavolo"
	sessionKeyFile = "session.key"
	sessionMaxAge  = 365 * 24 * 60 * 60
	// minSessionKey is the shortest secret accepted, given or kept: a generated one is
	// 32 random bytes written as 64 hex digits.
	minSessionKey = 32
)

// LoadSessionKey returns the secret that signs and encrypts session cookies: the given
// one (TAVOLO_SESSION_KEY) or the one kept in the data folder, made there on first start,
// so that sessions survive a restart.
func LoadSessionKey(given, dataDir string) ([]byte, error) {
	if given != "" {
		if len(given) < minSessionKey {
			return nil, fmt.Errorf("TAVOLO_SESSION_KEY is too short: it has %s, and a session key needs at least %d (`openssl rand -hex 32` makes one of 64)", bytesCount(len(given)), minSessionKey)
		}
		return []byte(given), nil
	}
	path := filepath.Join(dataDir, sessionKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		key := strings.TrimSpace(string(b))
		if len(key) < minSessionKey {
			return nil, fmt.Errorf("session key in %s is too short: it has %s, and a session key needs at least %d", path, bytesCount(len(key)), minSessionKey)
		}
		return []byte(key), nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	key := hex.EncodeToString(secret)
	// O_EXCL: if two servers start at once on one folder, one key wins and both read it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return LoadSessionKey("", dataDir)
	}
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	return []byte(key), f.Close()
}

// bytesCount says n bytes, in the messages of a short key (a key's ASCII characters are
// its bytes).
func bytesCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

// NewSessionStore makes the cookie store: signed and encrypted with keys derived from
// the one secret.
func NewSessionStore(secret []byte, secure bool) *sessions.CookieStore {
	hashKey := sha256.Sum256(append([]byte("tavolo session hash "), secret...))
	blockKey := sha256.Sum256(append([]byte("tavolo session block "), secret...))
	store := sessions.NewCookieStore(hashKey[:], blockKey[:])
	store.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   sessionMaxAge,
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
	return store
}

// Session returns the request's Session, to change; a cookie that no longer decodes (a
// changed key) gives a fresh Session rather than an error. It is kept in the context:
// the handlers' changes to it are saved by saveSession. To read it, readSession
// does without a Session of the request's own.
func (s *Kit) Session(c echo.Context) *sessions.Session {
	if sess, ok := c.Get("session").(*sessions.Session); ok {
		return sess
	}
	sess := sessions.NewSession(s.Sessions, sessionCookie)
	*sess.Options = *s.Sessions.Options
	sess.IsNew = true
	if values := s.sharedSession(c); values != nil {
		// The request's own copy: its changes never reach the cache.
		sess.Values, sess.IsNew = maps.Clone(values), false
	}
	c.Set("session", sess)
	return sess
}

// SessionData is what a browser's session holds, typed: the cookie keeps it as named
// values (sessionKeys), and only readSession and changeSession know them.
type SessionData struct {
	Device   string   // the browser's device id; "" until it first needs one
	Settings Settings // its preferences, the defaults for what it never chose
	Flash    string   // a sentence the next Diamant screen shows once (a page without a script)
	Risk     bool     // the Diamant screens show the risk of the next card
}

// The names of the session's values in the cookie.
const (
	keyDevice = "device"
	keyFlash  = "diamant.flash"
	keyRisk   = "diamant.risk"
	keyLang   = "lang"
)

// ReadSession reads the request's session: from its own session if it has one (it may
// have changed), else from the cached values, without copying them, read once for the
// request (a live stream reads its views' settings at every change of its table).
func (s *Kit) ReadSession(c echo.Context) SessionData {
	if _, own := c.Get("session").(*sessions.Session); own || s.Offline {
		return s.readSession(s.sessionValues(c))
	}
	if d, ok := c.Get("session.read").(*SessionData); ok {
		return *d
	}
	d := s.readSession(s.sharedSession(c))
	c.Set("session.read", &d)
	return d
}

// readSession reads a session's values.
func (s *Kit) readSession(values map[any]any) SessionData {
	d := SessionData{Settings: DefaultSettings()}
	d.Device, _ = values[keyDevice].(string)
	d.Flash, _ = values[keyFlash].(string)
	d.Risk, _ = values[keyRisk].(bool)
	if s.Offline {
		// The engine serves one device, whose settings it holds itself (HandSettings).
		d.Settings = s.deviceSettings()
		return d
	}
	d.Settings.Lang = langIn(values)
	pick := func(key string, allowed []string, into *string) {
		if val, ok := values[key].(string); ok && slices.Contains(allowed, val) {
			*into = val
		}
	}
	pick("text", TextSizes, &d.Settings.Text)
	pick("contrast", Contrasts, &d.Settings.Contrast)
	pick("motion", Motions, &d.Settings.Motion)
	pick("rate", Rates, &d.Settings.Rate)
	pick("verbosity", Verbosities, &d.Settings.Verbosity)
	flag := func(key string, into *bool) {
		if b, ok := values[key].(bool); ok {
			*into = b
		}
	}
	flag("speak", &d.Settings.Speak)
	flag("sound", &d.Settings.Sound)
	flag("vibrate", &d.Settings.Vibrate)
	return d
}

// sessionValues are the request's session values as ReadSession reads them, not to change.
func (s *Kit) sessionValues(c echo.Context) map[any]any {
	if sess, ok := c.Get("session").(*sessions.Session); ok {
		return sess.Values
	}
	return s.sharedSession(c)
}

// SessionDevice is ReadSession(c).Device, and sessionLang its Settings.Lang, without
// reading the rest: every request asks for the language, every action and every stream's
// wake for the device.
func (s *Kit) SessionDevice(c echo.Context) string {
	id, _ := s.sessionValues(c)[keyDevice].(string)
	return id
}

func (s *Kit) sessionLang(c echo.Context) string {
	if s.Offline {
		return s.deviceSettings().Lang // as ReadSession
	}
	return langIn(s.sessionValues(c))
}

// langIn is the language a session's values choose: "" for none, or one not supported.
func langIn(values map[any]any) string {
	if lang, ok := values[keyLang].(string); ok && i18n.Supported(lang) {
		return lang
	}
	return ""
}

// ChangeSession lets change edit the request's session, then writes the cookie.
func (s *Kit) ChangeSession(c echo.Context, change func(*SessionData)) error {
	d := s.ReadSession(c)
	change(&d)
	v := s.Session(c).Values
	changed := false
	set := func(key string, val any, keep bool) {
		old, had := v[key]
		changed = changed || had != keep || (keep && old != val)
		if keep {
			v[key] = val
		} else {
			delete(v, key)
		}
	}
	set(keyDevice, d.Device, d.Device != "")
	set(keyFlash, d.Flash, d.Flash != "")
	set(keyRisk, d.Risk, d.Risk)
	st, def := d.Settings, DefaultSettings()
	if s.Offline {
		// The engine's settings are the device's, held in the engine, never in a cookie.
		s.HandSettings(st)
		st = def
	}
	set(keyLang, st.Lang, st.Lang != "")
	// A setting is kept only where it is not the default: one never chosen follows the
	// defaults, and the cookie stays small.
	set("text", st.Text, st.Text != def.Text)
	set("contrast", st.Contrast, st.Contrast != def.Contrast)
	set("motion", st.Motion, st.Motion != def.Motion)
	set("rate", st.Rate, st.Rate != def.Rate)
	set("verbosity", st.Verbosity, st.Verbosity != def.Verbosity)
	set("speak", st.Speak, st.Speak != def.Speak)
	set("sound", st.Sound, st.Sound != def.Sound)
	set("vibrate", st.Vibrate, st.Vibrate != def.Vibrate)
	if s.Offline && !changed {
		return nil // the engine's settings changed, and nothing the cookie holds
	}
	return s.SaveSession(c)
}

// sharedSession returns the values of the request's session cookie as the cache holds
// them, nil for none (no cookie, or one refused): never to be changed.
func (s *Kit) sharedSession(c echo.Context) map[any]any {
	if values, ok := c.Get("session.shared").(map[any]any); ok {
		return values
	}
	var values map[any]any
	if cookie := cookieValue(c.Request().Header, sessionCookie); cookie != "" {
		values = s.sessionCache.get(cookie, s.Sessions)
	}
	c.Set("session.shared", values) // a nil map too: the cookie is read once
	return values
}

// cookieValue finds a cookie's value in the request's headers, as Request.Cookie does
// but without making every cookie of the header into an http.Cookie. A value in quotes
// loses them. Anything odd in it is left for securecookie to refuse.
func cookieValue(h http.Header, name string) string {
	for _, line := range h["Cookie"] {
		for part := range strings.SplitSeq(line, ";") {
			part = textproto.TrimString(part)
			if len(part) > len(name) && part[len(name)] == '=' && part[:len(name)] == name {
				v := part[len(name)+1:]
				if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
					v = v[1 : len(v)-1]
				}
				return v
			}
		}
	}
	return ""
}

// SaveSession writes the session cookie.
func (s *Kit) SaveSession(c echo.Context) error {
	return s.Session(c).Save(c.Request(), c.Response())
}

// sessionCacheSize bounds the decoded sessions kept: more than the devices of a busy
// server (3,000 phones at 500 tables), a few hundred bytes each.
const sessionCacheSize = 4096

// sessionCache keeps the values of the session cookies lately decoded. Decoding a cookie
// (HMAC, AES, then gob, which compiles its decoder each time) cost ~25 KB and ~250
// allocations on every request; a phone sends the same cookie again and again until its
// session changes. Only a cookie that decoded (authentic, not expired) enters, keyed by
// its exact value, so a hit is as authentic as a decode; its expiry is checked again at
// each hit. The cached values are shared and only read (readSession); a request that
// may change its session gets its own copy (session), so a handler never changes the
// cache (the values are strings and bools: a shallow copy is a copy). When full, it is
// emptied: simpler than an LRU, and rare.
type sessionCache struct {
	mu      sync.Mutex
	entries map[string]cachedSession
	now     func() time.Time // the clock, for tests
}

type cachedSession struct {
	values  map[any]any
	expires int64 // Unix seconds: the cookie's timestamp plus sessionMaxAge
}

// get returns the cookie's values, decoding it with codecs if it is not cached; nil if it
// does not decode or has expired. They are the cache's: never to be changed.
func (sc *sessionCache) get(cookie string, store *sessions.CookieStore) map[any]any {
	now := sc.clock().Unix()
	sc.mu.Lock()
	e, ok := sc.entries[cookie]
	if ok && now > e.expires {
		delete(sc.entries, cookie)
		ok = false
	}
	sc.mu.Unlock()
	if ok {
		return e.values
	}
	values := map[any]any{}
	if err := securecookie.DecodeMulti(sessionCookie, cookie, &values, store.Codecs...); err != nil {
		return nil
	}
	// securecookie checked the age with its own clock; this checks it with ours, the
	// one the hits use.
	stamp, ok := cookieTimestamp(cookie)
	if !ok || now > stamp+sessionMaxAge {
		return nil
	}
	sc.mu.Lock()
	if sc.entries == nil || len(sc.entries) >= sessionCacheSize {
		sc.entries = map[string]cachedSession{}
	}
	// A clone of the key: the header it comes from is not kept with it.
	sc.entries[strings.Clone(cookie)] = cachedSession{values: values, expires: stamp + sessionMaxAge}
	sc.mu.Unlock()
	return values
}

func (sc *sessionCache) clock() time.Time {
	if sc.now != nil {
		return sc.now()
	}
	return time.Now()
}

// cookieTimestamp reads the time a securecookie value was made: its decoded form starts
// with "unix-seconds|".
func cookieTimestamp(cookie string) (int64, bool) {
	var raw [24]byte
	n := min(len(cookie), 32) / 4 * 4
	m, err := base64.URLEncoding.Decode(raw[:], []byte(cookie[:n]))
	if err != nil {
		return 0, false
	}
	stamp, _, found := bytes.Cut(raw[:m], []byte("|"))
	if !found {
		return 0, false
	}
	t, err := strconv.ParseInt(string(stamp), 10, 64)
	return t, err == nil
}

package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
)

const (
	sessionCookie  = "tavolo"
	sessionKeyFile = "session.key"
	sessionMaxAge  = 365 * 24 * 60 * 60
)

// loadSessionKey returns the secret that signs and encrypts session cookies: the given
// one (TAVOLO_SESSION_KEY) or the one kept in the data folder, made there on first start,
// so that sessions survive a restart.
func loadSessionKey(given, dataDir string) ([]byte, error) {
	if given != "" {
		return []byte(given), nil
	}
	path := filepath.Join(dataDir, sessionKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		key := strings.TrimSpace(string(b))
		if len(key) < 32 {
			return nil, fmt.Errorf("session key in %s is too short", path)
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
		return loadSessionKey("", dataDir)
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

// newSessionStore makes the cookie store: signed and encrypted with keys derived from
// the one secret.
func newSessionStore(secret []byte, secure bool) *sessions.CookieStore {
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

// session returns the request's session; a cookie that no longer decodes (a changed key)
// gives a fresh session rather than an error.
func (s *Server) session(c echo.Context) *sessions.Session {
	if sess, ok := c.Get("session").(*sessions.Session); ok {
		return sess
	}
	sess, err := s.sessions.Get(c.Request(), sessionCookie)
	if err != nil {
		sess, _ = s.sessions.New(c.Request(), sessionCookie)
	}
	c.Set("session", sess)
	return sess
}

// saveSession writes the session cookie.
func (s *Server) saveSession(c echo.Context) error {
	return s.session(c).Save(c.Request(), c.Response())
}

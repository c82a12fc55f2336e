package web

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"tavolo/web/store"
)

// What every game's tables share: the device a browser is, table ids, and one lock per
// table so that two requests never both apply an action to the same version.

// errNotAtTable: the device holds no seat at the table.
var errNotAtTable = echo.NewHTTPError(http.StatusForbidden)

// loadTable reads a table of a game and the requesting device's place at it: a 404 for
// anything that is not a table of that game, a 403 for a device that holds no seat there.
func (s *Server) loadTable(c echo.Context, id, game string) (store.Record, store.Device, error) {
	if !validID(id) {
		return store.Record{}, store.Device{}, echo.ErrNotFound
	}
	rec, err := s.store.Load(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) || err == nil && rec.Game != game {
		return rec, store.Device{}, echo.ErrNotFound
	}
	if err != nil {
		return rec, store.Device{}, err
	}
	device, err := s.deviceID(c)
	if err != nil {
		return rec, store.Device{}, err
	}
	for _, d := range rec.Devices {
		if d.ID == device {
			return rec, d, nil
		}
	}
	return rec, store.Device{ID: device}, errNotAtTable
}

// deviceID returns the browser's device id, kept in its session; a new browser gets one.
func (s *Server) deviceID(c echo.Context) (string, error) {
	if id, ok := s.sessionValue(c, "device").(string); ok && id != "" {
		return id, nil
	}
	id := newID()
	s.session(c).Values["device"] = id
	return id, s.saveSession(c)
}

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newID is a random id of 128 bits, for tables and devices.
func newID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's random source never fails on Linux
	}
	return strings.ToLower(idEncoding.EncodeToString(b))
}

// validID tells whether a path parameter can be an id from newID, so that anything else
// is a 404 before it reaches the store.
func validID(id string) bool {
	if len(id) != 26 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return false
		}
	}
	return true
}

// tableLocks serializes the actions on each table. A table's lock exists only while a
// request holds or waits for it, so the map never keeps a lock for a table nobody acts on
// (nor for an id that names no table).
type tableLocks struct {
	mu    sync.Mutex
	locks map[string]*tableLock
}

type tableLock struct {
	sync.Mutex
	users int // requests holding or waiting for it; guarded by tableLocks.mu
}

// lock takes a table's lock and returns its unlock, to call once.
func (l *tableLocks) lock(id string) func() {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*tableLock{}
	}
	m, ok := l.locks[id]
	if !ok {
		m = &tableLock{}
		l.locks[id] = m
	}
	m.users++
	l.mu.Unlock()
	m.Lock()
	return func() {
		m.Unlock()
		l.mu.Lock()
		if m.users--; m.users == 0 {
			delete(l.locks, id)
		}
		l.mu.Unlock()
	}
}

// held counts the tables whose lock exists now.
func (l *tableLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.locks)
}

// lockTable takes the lock of the table a request names, once the id has the form of one:
// anything else is a 404 before any lock or store is touched.
func (s *Server) lockTable(id string) (func(), error) {
	if !validID(id) {
		return nil, echo.ErrNotFound
	}
	return s.locks.lock(id), nil
}

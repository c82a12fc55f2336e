package kit

import (
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
)

// ChooseLanguage decides the request's language: ?lang=xx (then remembered in the
// session), else the session's, else Accept-Language, else English. An unknown code is
// ignored.
func (s *Kit) ChooseLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !IsStaticPath(c.Request().URL.Path) {
			if err := s.setLanguage(c); err != nil {
				return err
			}
		}
		return next(c)
	}
}

// headerVaryLanguage: a page varies with the language asked for and with the session.
var headerVaryLanguage = []string{"Accept-Language, Cookie"}

func (s *Kit) setLanguage(c echo.Context) error {
	lang := ""
	// RawQuery first: QueryParam parses the query into a map even when there is none.
	if c.Request().URL.RawQuery != "" {
		if q := c.QueryParam("lang"); i18n.Supported(q) {
			lang = q
			if s.sessionLang(c) != q {
				if err := s.ChangeSession(c, func(d *SessionData) { d.Settings.Lang = q }); err != nil {
					return err
				}
			}
		}
	}
	if lang == "" {
		lang = s.sessionLang(c)
		if lang == "" {
			lang = s.langs.match(s.Catalog, c.Request().Header.Get("Accept-Language"))
		}
	}
	c.Set("lang", lang)
	h := c.Response().Header()
	if v := h["Vary"]; len(v) == 0 {
		h["Vary"] = headerVaryLanguage
	} else {
		h["Vary"] = append(v, headerVaryLanguage...)
	}
	return nil
}

// langCacheSize bounds the Accept-Language headers remembered: browsers send few
// different ones (one per language setting of the phones).
const langCacheSize = 512

// langCache remembers the language each Accept-Language header chose: parsing and
// matching one cost ~1 KB and a dozen allocations, on every request of a device that
// never chose its language. When full it is emptied.
type langCache struct {
	mu    sync.Mutex
	langs map[string]string
}

func (lc *langCache) match(catalog *i18n.Catalog, header string) string {
	lc.mu.Lock()
	lang, ok := lc.langs[header]
	lc.mu.Unlock()
	if ok {
		return lang
	}
	lang = catalog.Match(header)
	lc.mu.Lock()
	if lc.langs == nil || len(lc.langs) >= langCacheSize {
		lc.langs = map[string]string{}
	}
	lc.langs[strings.Clone(header)] = lang
	lc.mu.Unlock()
	return lang
}

// Localizer is the request's Localizer, made once per request (or stream) and kept in its
// context under its language: a language set later in the request (an error page, the
// offline page) makes a new one.
func (s *Kit) Localizer(c echo.Context) *i18n.Localizer {
	lang, _ := c.Get("lang").(string)
	if l, ok := c.Get("localizer").(*i18n.Localizer); ok && l.Lang == lang {
		return l
	}
	l := s.Catalog.Localizer(lang)
	c.Set("localizer", l)
	return l
}

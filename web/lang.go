package web

import (
	"github.com/labstack/echo/v4"

	"tavolo/i18n"
)

// chooseLanguage decides the request's language: ?lang=xx (then remembered in the
// session), else the session's, else Accept-Language, else English. An unknown code is
// ignored.
func (s *Server) chooseLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isStaticPath(c.Request().URL.Path) {
			return next(c)
		}
		lang := ""
		if q := c.QueryParam("lang"); i18n.Supported(q) {
			lang = q
			sess := s.session(c)
			if sess.Values["lang"] != q {
				sess.Values["lang"] = q
				if err := s.saveSession(c); err != nil {
					return err
				}
			}
		}
		if lang == "" {
			lang = s.settings(c).Lang
		}
		if lang == "" {
			lang = s.catalog.Match(c.Request().Header.Get("Accept-Language"))
		}
		c.Set("lang", lang)
		c.Response().Header().Add("Vary", "Accept-Language, Cookie")
		return next(c)
	}
}

// localizer returns the request's localizer.
func (s *Server) localizer(c echo.Context) *i18n.Localizer {
	lang, _ := c.Get("lang").(string)
	return s.catalog.Localizer(lang)
}

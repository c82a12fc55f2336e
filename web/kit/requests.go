package kit

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// IsStaticPath tells the paths that need no session, language or CSRF token.
func IsStaticPath(p string) bool {
	return p == "/healthz" || p == "/sw.js" || p == "/manifest.webmanifest" || p == "/favicon.ico" ||
		len(p) > 8 && p[:8] == "/static/" || len(p) > 9 && p[:9] == "/catalog/"
}

// AcceptsJSON tells a request of a page's script, which asks for JSON rather than a page.
func AcceptsJSON(req *http.Request) bool {
	return strings.Contains(req.Header.Get(echo.HeaderAccept), echo.MIMEApplicationJSON)
}

// WantsJSON tells a handler whether to answer with JSON for a script, or with a page.
func WantsJSON(c echo.Context) bool { return AcceptsJSON(c.Request()) }

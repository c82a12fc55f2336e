package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// errorPages maps a status to the message ids of its localized page.
var errorPages = map[int]struct{ title, body string }{
	http.StatusNotFound:              {"error.notfound.title", "error.notfound.body"},
	http.StatusRequestEntityTooLarge: {"error.toolarge.title", "error.toolarge.body"},
	http.StatusForbidden:             {"error.forbidden.title", "error.forbidden.body"},
	http.StatusBadRequest:            {"error.badrequest.title", "error.badrequest.body"},
	http.StatusMethodNotAllowed:      {"error.badrequest.title", "error.badrequest.body"},
	http.StatusInternalServerError:   {"error.server.title", "error.server.body"},
}

// errorPage is what the error page says: the message id Body, or the sentence Text.
type errorPage struct{ Body, Text string }

// handleError answers every error with a localized page and the right status; anything
// unexpected is logged and shown as a 500 that tells nothing of the inside.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status := http.StatusInternalServerError
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
	}
	if status >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	page, ok := errorPages[status]
	if !ok {
		page = errorPages[http.StatusBadRequest]
		if status >= 500 {
			page = errorPages[http.StatusInternalServerError]
		}
	}
	if c.Get("lang") == nil {
		// The error came before the language was chosen (a body too large, say).
		c.Set("lang", s.catalog.Match(c.Request().Header.Get("Accept-Language")))
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	if rerr := s.render(c, status, "error", page.title, errorPage{Body: page.body}); rerr != nil {
		s.log.Error("error page failed", "err", rerr)
		_ = c.String(http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError))
	}
}

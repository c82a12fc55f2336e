package kit

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/web/page"
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

// PageError is an error answered with a page of its own: a status and the message ids of
// its title and sentence.
type PageError struct {
	Status      int
	Title, Body string
	Err         error
}

func (e *PageError) Error() string { return e.Err.Error() }
func (e *PageError) Unwrap() error { return e.Err }

// HandleError answers every error with a localized page and the right status; anything
// unexpected is logged and shown as a 500 that tells nothing of the inside.
func (s *Kit) HandleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if c.Request().Context().Err() != nil {
		// The connection's read failed while the handler ran: the client went away, or its
		// body did not come within the read timeout (a slow client, not a server error).
		// Nobody is left to read a page, so none is drawn, and nothing is logged.
		_ = c.NoContent(http.StatusRequestTimeout)
		return
	}
	status := http.StatusInternalServerError
	var he *echo.HTTPError
	var pe *PageError
	if errors.As(err, &pe) {
		status = pe.Status
	} else if errors.As(err, &he) {
		status = he.Code
	}
	if status >= 500 {
		s.Log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	texts, ok := errorPages[status]
	if !ok {
		texts = errorPages[http.StatusBadRequest]
		if status >= 500 {
			texts = errorPages[http.StatusInternalServerError]
		}
	}
	if pe != nil {
		texts.title, texts.body = pe.Title, pe.Body
	}
	if c.Get("lang") == nil {
		// The error came before the language was chosen (a body too large, say).
		c.Set("lang", s.Catalog.Match(c.Request().Header.Get("Accept-Language")))
	}
	l := s.Localizer(c)
	if rerr := RenderPage(c, status, page.Error(s.Frame(c, "error", l.T(texts.title)), l.T(texts.body))); rerr != nil {
		s.Log.Error("error page failed", "err", rerr)
		_ = c.String(http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError))
	}
}

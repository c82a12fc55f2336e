package kit

import (
	"context"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"tavolo/web/table"
)

// A page that acts gets the table's new version in the action's reply; its own live stream
// need not draw and send that version again. The page names itself with a random id on its
// stream's address (?page=) and on its actions (the PageHeader header); the action's handler
// makes its change with Answering's context, which notes the new version for the page
// before the table's streams are woken, and the page's stream passes over that version when
// it is the newest it was woken for. The handler then replies with that version. A page
// whose reply is lost sends its form again, and the refusal shows it the table.

// PageHeader names the page an action comes from.
const PageHeader = "X-Tavolo-Page"

// pageAnswer is the newest version an action's reply carried to a page.
type pageAnswer struct{ version atomic.Int64 }

// validPage: a page's id as pages make them, 8 to 64 letters, digits, '-' or '_'.
func validPage(s string) bool {
	if len(s) < 8 || len(s) > 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// followPage notes the page a device's stream follows, if the page named itself; done
// forgets it (unless a newer stream of the same page took its place).
func (s *Kit) followPage(c echo.Context, device string) (a *pageAnswer, done func()) {
	page := c.QueryParam("page")
	if !validPage(page) {
		return nil, func() {}
	}
	key, a := device+"/"+page, &pageAnswer{}
	s.answers.Store(key, a)
	return a, func() { s.answers.CompareAndDelete(key, a) }
}

// Answering is the request's context for the change whose new version its reply carries:
// the page that sent it, if it named itself and follows the table, is told the version
// (table.WithAnswer).
func (s *Kit) Answering(c echo.Context) context.Context {
	ctx := c.Request().Context()
	page := c.Request().Header.Get(PageHeader)
	if !validPage(page) {
		return ctx
	}
	device := s.SessionDevice(c)
	if device == "" {
		return ctx
	}
	if a, ok := s.answers.Load(device + "/" + page); ok {
		return table.WithAnswer(ctx, a.(*pageAnswer).version.Store)
	}
	return ctx
}

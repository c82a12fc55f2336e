package diamant

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/web/kit"
	diamanttable "tavolo/web/table/diamant"
)

// The history of a game (GET /diamant/ID/history): every round's cards, shares and
// revealed votes, for any device at the table, as its own view (its chests only, while
// chests are hidden). A page of its own, reached by a plain link from every game screen:
// it follows no live stream, so reading it is never cut short by a draw on another phone.
func (h handlers) history(c echo.Context) error {
	return h.playing(c, false, func(t *diamanttable.Table) error {
		events, err := t.Events()
		if err != nil {
			return err
		}
		p := h.view(c, t).History(events)
		return kit.RenderPage(c, http.StatusOK, HistoryPage(h.Frame(c, "diamant-history", p.Heading), p))
	})
}

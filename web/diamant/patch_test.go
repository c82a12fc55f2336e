package diamant

import (
	"encoding/json"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/web/diamant/diamanttest"
	diamanttable "tavolo/web/table/diamant"
)

// liveReply is a live event's data: the envelope, and the screen whole or as a patch.
type liveReply struct {
	Table    string             `json:"table"`
	Version  int64              `json:"version"`
	Title    string             `json:"title"`
	URL      string             `json:"url"`
	Announce []json.RawMessage  `json:"announce"`
	HTML     *string            `json:"html"`
	Patch    *diamanttest.Patch `json:"patch"`
}

// Through whole games on six phones (votes at random, a phone in French, names to escape),
// each phone's stream sends a vote's screen as a patch of the one it sent last whenever it
// can, and the screen patched is, byte for byte, the whole screen the stream would send;
// the envelope (what is announced, the title, the address) is the whole screen's.
func TestVotePatchIsTheScreen(t *testing.T) {
	patches := 0
	votes := throughWholeGames(t, func(h handlers) func(step, i int, c echo.Context, one *diamanttable.Table) {
		sent := make([]livePatch, 6)
		shown := make([]string, 6) // the screen each page shows
		return func(step, i int, c echo.Context, one *diamanttable.Table) {
			var whole, got liveReply
			b, _ := h.appendLivePlay(nil, c, one, h.awaySeats(one), nil, false, nil)
			require.NoError(t, json.Unmarshal(b, &whole))
			b, _ = h.appendLivePlay(nil, c, one, h.awaySeats(one), nil, false, &sent[i])
			require.NoError(t, json.Unmarshal(b, &got))
			if got.Patch != nil {
				patches++
				require.Equal(t, got.Version-1, got.Patch.Base, "step %d, phone %d", step, i)
				patched, err := got.Patch.Apply(shown[i], got.Version)
				require.NoError(t, err)
				require.Equal(t, *whole.HTML, patched, "step %d, phone %d", step, i)
				got.Patch, got.HTML = nil, whole.HTML
			}
			require.Equal(t, whole, got)
			shown[i] = *whole.HTML
		}
	})
	// Each vote but a round's last (which turns the cards over) reaches the other phones
	// as a patch: four or five a vote (here the voter's phone is drawn too, a new screen).
	t.Logf("%d patches for %d votes", patches, votes)
	require.Greater(t, patches, 4*votes)
}

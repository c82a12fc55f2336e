package diamant

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
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
	patches, votes := 0, 0
	for seed := range 3 {
		k, id, phones := benchPhonesNamed(t, []string{"Ann", `"B" & <b>`, "Cé", "D", "Ed", "F"})
		h := handlers{k}
		phones[3].Set("lang", "fr")
		for i, c := range phones {
			c.Set("csrf", strings.Repeat(string(rune('a'+i)), 32))
		}
		sent := make([]livePatch, len(phones))
		shown := make([]string, len(phones)) // the screen each page shows
		rng := uint64(seed)*2654435761 + 1
		for step := 0; ; step++ {
			tb, err := h.load(phones[0], id)
			require.NoError(t, err)
			for i, c := range phones {
				one := &diamanttable.Table{}
				require.NoError(t, h.read(c, id, one))
				var whole, got liveReply
				b, _ := h.appendLivePlay(nil, c, one, nil, false, nil)
				require.NoError(t, json.Unmarshal(b, &whole))
				b, _ = h.appendLivePlay(nil, c, one, nil, false, &sent[i])
				require.NoError(t, json.Unmarshal(b, &got))
				if got.Patch == nil {
					require.Equal(t, whole, got)
				} else {
					patches++
					require.Equal(t, got.Version-1, got.Patch.Base, "seed %d, step %d, phone %d", seed, step, i)
					patched, err := got.Patch.Apply(shown[i], got.Version)
					require.NoError(t, err)
					require.Equal(t, *whole.HTML, patched, "seed %d, step %d, phone %d", seed, step, i)
					got.Patch, got.HTML = nil, whole.HTML
					require.Equal(t, whole, got)
				}
				shown[i] = *whole.HTML
			}
			st := tb.State
			var a diamant.Action
			switch {
			case st.Finished():
				goto next
			case st.VoteDue():
				seat := diamanttable.FirstSeat(st.Waiting())
				rng = rng*6364136223846793005 + 1442695040888963407
				a = diamant.Vote(seat, rng>>61 < 3)
				if st.Waiting().Count() > 1 {
					votes++ // not the last: the others' screens stay
				}
			default:
				a = diamant.Draw(st.RandomCard())
			}
			playAction(t, k, id, tb, a)
			require.Less(t, step, 2000)
		}
	next:
	}
	// Each vote but a round's last (which turns the cards over) reaches the phones still
	// deciding and those that decided as a patch, but a round's first vote, which takes
	// the card's news off the screens.
	t.Logf("%d patches for %d votes", patches, votes)
	require.Greater(t, patches, 3*votes)
}

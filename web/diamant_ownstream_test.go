package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/web/kit"
)

// TestPhonesOwnStreamSkipsTheReplysVersion: a page that names itself on its stream and on
// its action gets the new version in the reply, and its stream does not send it again; the
// device's other page, the other phones, and a page another device names all still get it.
func TestPhonesOwnStreamSkipsTheReplysVersion(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	pt.drawUntilVote()
	events := "/diamant/" + pt.id + "/events"
	acting, stopActing := openStream(t, pt.phones[0], events+"?page=annapage1")
	defer stopActing()
	other, stopOther := openStream(t, pt.phones[0], events+"?page=annapage2")
	defer stopOther()
	bruno, stopBruno := openStream(t, pt.phones[1], events+"?page=brunopage")
	defer stopBruno()
	for _, ch := range []<-chan sseEvent{acting, other, bruno} {
		next(t, ch)
	}
	vote := func(i, seat int, page string) int64 {
		res, body := pt.phones[i].post("/diamant/"+pt.id+"/vote", url.Values{"seat": {strconv.Itoa(seat)}, "choice": {"continue"},
			"version": {"0"}, "step": {pt.step(s)}}, map[string]string{"Accept": "application/json", kit.PageHeader: page})
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		var r diamantReply
		require.NoError(t, json.Unmarshal([]byte(body), &r))
		return r.Version
	}

	v := vote(0, 0, "annapage1")
	require.Equal(t, strconv.FormatInt(v, 10), next(t, other).ID, "the device's other page")
	require.Equal(t, strconv.FormatInt(v, 10), next(t, bruno).ID, "another phone")
	select {
	case e := <-acting:
		t.Fatalf("the acting page's stream sent version %s again", e.ID)
	case <-time.After(300 * time.Millisecond):
	}

	// Bruno's phone naming Anna's page takes nothing from her stream, which follows the
	// table on: the next version on it is this one.
	v = vote(1, 1, "annapage1")
	require.Equal(t, strconv.FormatInt(v, 10), next(t, acting).ID)
	require.Equal(t, strconv.FormatInt(v, 10), next(t, other).ID)
	require.Equal(t, strconv.FormatInt(v, 10), next(t, bruno).ID)

	// What the page showed from its reply counts as shown: the host taking Carla's vote
	// back is said on her stream as an undo.
	carla, stopCarla := openStream(t, pt.phones[2], events+"?page=carlapage")
	defer stopCarla()
	next(t, carla)
	v = vote(2, 2, "carlapage")
	// The other streams have it, and Carla's, woken with them, has noted it: were the undo
	// to come first, her stream would read both at once and could not tell the undo (seen
	// under the load of every package's tests at once).
	require.Equal(t, strconv.FormatInt(v, 10), next(t, bruno).ID)
	require.Equal(t, strconv.FormatInt(v, 10), next(t, other).ID)
	time.Sleep(100 * time.Millisecond)
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/undo", url.Values{"version": {strconv.FormatInt(v, 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	e := next(t, carla)
	require.Equal(t, strconv.FormatInt(v+1, 10), e.ID)
	require.Contains(t, e.Data, "The host took back the last step.")
}

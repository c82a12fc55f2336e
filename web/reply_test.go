package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	diamanttable "tavolo/web/table/diamant"
)

// Both games answer a script in one envelope (reply.go): version, title, address and a
// list of sentences, each with its text, whether it is an alarm and its sound; beside them
// the game's own payload (Diamant: html; Donuts: the board's parts). The browser's
// screen.js reads the envelope alike for every game.
func TestRepliesShareOneEnvelope(t *testing.T) {
	envelopeOf := func(t *testing.T, raw []byte) map[string]json.RawMessage {
		t.Helper()
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(raw, &m), string(raw))
		for _, k := range []string{"table", "version", "title", "url", "announce"} {
			require.Contains(t, m, k, "every reply carries %s", k)
		}
		var said []map[string]any
		require.NoError(t, json.Unmarshal(m["announce"], &said), "announce is a list, never null")
		require.NotNil(t, said)
		for _, s := range said {
			require.IsType(t, "", s["text"])
		}
		return m
	}

	t.Run("diamant", func(t *testing.T) {
		ts := newTestServer(t, "")
		c := newClient(t, ts)
		tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 11, "Ada", "Bruno", "Chiara")
		status, raw, r := tb.jsonAct("/draw", 0, url.Values{})
		require.Equal(t, http.StatusOK, status)
		m := envelopeOf(t, raw)
		require.Contains(t, m, "html")
		require.Equal(t, int64(1), r.Version)
		require.Equal(t, "/diamant/"+tb.id, r.URL)
		require.Equal(t, tb.id, r.Table)
		require.Contains(t, r.Title, " · Tavolo")
	})

	t.Run("donuts", func(t *testing.T) {
		_, c := donutsServer(t)
		id := donutsNew(t, c, twoPlayers("4021"))
		res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "plate": {"1,1"}}, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		m := envelopeOf(t, []byte(body))
		for _, k := range []string{"heading", "cells", "panel", "info", "history", "finished"} {
			require.Contains(t, m, k, "Donuts' payload: %s", k)
		}
		var r donutsReply
		require.NoError(t, json.Unmarshal([]byte(body), &r))
		require.Equal(t, "/donuts/t/"+id, r.URL)
		require.Equal(t, id, r.Table)
		require.Equal(t, r.Heading+" · Tavolo", r.Title)
		require.NotEmpty(t, r.Announce)

		// A refusal too: the board as it stands, the reason as an alarm, in the envelope.
		res, body = donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {"0"}, "plate": {"1,2"}}, asJSON)
		require.Equal(t, http.StatusConflict, res.StatusCode, body)
		envelopeOf(t, []byte(body))
		r = donutsReply{}
		require.NoError(t, json.Unmarshal([]byte(body), &r))
		require.True(t, r.Announce[0].Assertive)
	})
}

package web

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/pgtest"
	diamanttable "tavolo/web/table/diamant"
)

// TestMain stops the PostgreSQL server that this package's tests of several servers start
// (pgtest.Shared), once they are done; the other tests never start it.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}

// postgresConfig is a server's Config on a new PostgreSQL database of the test's, with a
// session key every server of the test shares (so that a phone's cookie holds on each).
func postgresConfig(t *testing.T) Config {
	t.Helper()
	return withoutBudgets(Config{DataDir: t.TempDir(), Database: pgtest.Shared(t).Database(t), SessionKey: strings.Repeat("s", 32)})
}

// A server on PostgreSQL plays a whole game; a new server on the same database (another
// data folder) has the table as it was.
func TestPostgresWholeGameAndRestart(t *testing.T) {
	cfg := postgresConfig(t)
	_, ts := newServerPairWith(t, cfg)
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 2026, "Ada", "Bruno", "Chiara")
	final, actions := playToEnd(t, tb)
	require.Greater(t, actions, 10)
	ts.Close()

	cfg.DataDir = t.TempDir()
	_, ts2 := newServerPairWith(t, cfg)
	c.base = ts2.URL
	name, _, again := tb.screen("")
	require.Equal(t, "final", name)
	require.Equal(t, final, again)
	res, _ := c.get("/diamant", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// A database that is not PostgreSQL's, or not there, stops the server at its start.
func TestPostgresUnreachableIsAnErrorAtStart(t *testing.T) {
	_, err := New(Config{DataDir: t.TempDir(), Database: "mysql://db/tavolo"}, discardLog())
	require.Error(t, err)
	_, err = New(Config{DataDir: t.TempDir(), Database: "postgres://tavolo@127.0.0.1:1/tavolo?connect_timeout=2"}, discardLog())
	require.Error(t, err)
}

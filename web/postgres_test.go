package web

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/internal/pgtest"
	pgstore "tavolo/web/store/postgres"
	"tavolo/web/table"
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
	res, body := c.get("/healthz", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, "the health check reads PostgreSQL: %s", body)
}

// A database that is not PostgreSQL's, or not there, stops the server at its start.
func TestPostgresUnreachableIsAnErrorAtStart(t *testing.T) {
	_, err := New(Config{DataDir: t.TempDir(), Database: "mysql://db/tavolo"}, discardLog())
	require.Error(t, err)
	_, err = New(Config{DataDir: t.TempDir(), Database: "postgres://tavolo@127.0.0.1:1/tavolo?connect_timeout=2"}, discardLog())
	require.Error(t, err)
}

// untilVersion reads a stream's events until one at version v (or later), within 5 s each.
func untilVersion(t *testing.T, stream <-chan sseEvent, v int64) {
	t.Helper()
	for {
		e := next(t, stream)
		if e.ID == "" {
			continue
		}
		got, err := strconv.ParseInt(e.ID, 10, 64)
		require.NoError(t, err)
		if got >= v {
			require.Equal(t, v, got, "no version skipped at a draw")
			return
		}
	}
}

// Two servers on one database, a phone each at one table, half the phones on each server:
// every phone's stream hears every draw, wherever it was made; six votes sent at the same
// instant to both servers are all counted, and revealed once.
func TestPostgresTwoServersOneTable(t *testing.T) {
	cfg := postgresConfig(t)
	a, tsA := newServerPairWith(t, cfg)
	cfg.DataDir = t.TempDir()
	b, tsB := newServerPairWith(t, cfg)
	names := []string{"Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio"}
	pt := newPhoneTable(t, tsA, names...)
	for i := 1; i < len(names); i += 2 {
		pt.phones[i].base = tsB.URL // the same cookie: the session key is shared
	}
	streams := make([]<-chan sseEvent, len(names))
	for i, c := range pt.phones {
		var stop func()
		streams[i], stop = openStream(t, c, "/diamant/"+pt.id+"/events")
		defer stop()
		next(t, streams[i])
	}
	require.Equal(t, len(names)/2, b.Hub.Subscribers(pt.id), "half the phones follow the table on B")

	// The host draws on A until a vote is due: every phone hears each draw.
	for {
		screen, v, body := pt.screen(0)
		if screen == "vote" || strings.Contains(body, `name="seat"`) {
			break
		}
		res, body := (&testTable{c: pt.phones[0], id: pt.id}).act("/draw", v, url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		for i := range streams {
			untilVersion(t, streams[i], v+1)
		}
	}
	step := pt.step(a)

	for i, code := range pt.voteAtOnce(step) {
		require.Equal(t, http.StatusSeeOther, code, "phone %d (on server %s)", i, map[bool]string{true: "B", false: "A"}[i%2 == 1])
	}
	rec, err := b.Store.Load(context.Background(), pt.id)
	require.NoError(t, err)
	votes, reveals := countVotes(t, rec)
	require.Equal(t, len(names), votes)
	require.Equal(t, []diamant.Seats{diamant.SeatsOf(0, 3)}, reveals, "one reveal: those who left")
	// Every phone, on either server, reaches the table's version.
	for i := range streams {
		untilVersion(t, streams[i], rec.Version)
	}
	// Both servers read the table at that version.
	for _, s := range []*Server{a, b} {
		r, err := s.Store.Load(context.Background(), pt.id)
		require.NoError(t, err)
		require.Equal(t, rec.Version, r.Version)
	}
}

// A server whose listening connection is cut (the database restarted, a network lost)
// listens again, and a phone on it still hears the draws made on the other server, those
// made while it was not listening too.
func TestPostgresListeningCutPhonesStillHear(t *testing.T) {
	cfg := postgresConfig(t)
	_, tsA := newServerPairWith(t, cfg)
	cfg.DataDir = t.TempDir()
	_, tsB := newServerPairWith(t, cfg)
	pt := newPhoneTable(t, tsA, "Anna", "Bruno", "Carla")
	pt.phones[1].base = tsB.URL
	stream, stop := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
	defer stop()
	next(t, stream)
	db, err := pgx.Connect(context.Background(), cfg.Database)
	require.NoError(t, err)
	defer db.Close(context.Background())
	for i := range 4 {
		// Both servers' listening connections end; a draw (or its undo) comes at once,
		// before they listen again (0.1 s later).
		var cut int
		require.NoError(t, db.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`).Scan(&cut))
		require.Equal(t, 2, cut)
		_, v, _ := pt.screen(0)
		res, body := (&testTable{c: pt.phones[0], id: pt.id}).act(map[bool]string{true: "/draw", false: "/undo"}[i%2 == 0], v, url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		untilVersion(t, stream, v+1)
		// Both listen again before the next cut.
		require.Eventually(t, func() bool {
			var n int
			require.NoError(t, db.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
				WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Scan(&n))
			return n == 2
		}, 10*time.Second, 20*time.Millisecond)
	}
}

// Two server processes on one database, each table changed by its host through both at
// once (seats added, taken back, removed; phones joining); one server is killed (kill -9)
// at a random moment, maybe holding tables' locks. Every table agrees with itself, and the
// other server goes on changing every table at once: no lock of the dead one is kept.
func TestPostgresKillOneOfTwoServers(t *testing.T) {
	if os.Getenv("TAVOLO_KILL_TEST_DATA") != "" {
		t.Skip("in the server's own process")
	}
	database := pgtest.Shared(t).Database(t)
	dir := t.TempDir() // shared: its session key, made by the first
	a := startKillChild(t, dir, "TAVOLO_KILL_TEST_DATABASE="+database)
	b := startKillChild(t, dir, "TAVOLO_KILL_TEST_DATABASE="+database)
	baseA, baseB := a.base, b.base
	ctx := context.Background()
	db, err := pgstore.Open(ctx, database)
	require.NoError(t, err)
	defer db.Close()

	tables := make([]*killTable, killTables)
	for i := range tables {
		tables[i] = openKillTable(t, &baseA)
	}

	// Each table's host changes it through both servers at once, as fast as they answer.
	var wg sync.WaitGroup
	var done atomic.Int32
	stop := make(chan struct{})
	for _, kt := range tables {
		for _, base := range []*string{&baseA, &baseB} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// The same device, its own client on each server (the session key is one).
				mine := &killTable{id: kt.id, code: kt.code, host: &killClient{http: kt.host.http, ip: kt.host.ip, base: base}}
				for {
					select {
					case <-stop:
						return
					default:
					}
					err := mine.step(base)
					if errors.As(err, new(errRefused)) {
						continue // the other server's loop changed the table first
					}
					if err != nil {
						return // its server is gone
					}
					done.Add(1)
				}
			}()
		}
	}
	for deadline := time.Now().Add(20 * time.Second); done.Load() < 4*killTables && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(time.Duration(rand.IntN(300)) * time.Millisecond)
	a.kill()
	time.Sleep(time.Second) // B goes on alone
	close(stop)
	wg.Wait()
	t.Logf("%d changes through both servers before and after the kill", done.Load())

	// Every table agrees with itself, and B changes each at once (no lock left held by A).
	for _, kt := range tables {
		before, err := db.Load(ctx, kt.id)
		require.NoError(t, err)
		var opt diamanttable.Options
		require.NoError(t, json.Unmarshal(before.Setup, &opt))
		require.True(t, table.SeatsAgree(before.Devices, table.AllSeats(len(opt.Players))),
			"table %s left with players %q and devices %+v", kt.id, opt.Players, before.Devices)
		onB := &killTable{id: kt.id, code: kt.code, host: &killClient{http: kt.host.http, ip: kt.host.ip, base: &baseB}, n: 100}
		// The host made many moves in a short time: when told to wait (429), it waits and
		// tries again, as its page says.
		for try := 0; ; try++ {
			began := time.Now()
			err := onB.step(&baseB)
			var r errRefused
			if errors.As(err, &r) && r.status == http.StatusTooManyRequests && try < 5 {
				time.Sleep(time.Second)
				continue
			}
			require.NoError(t, err)
			require.Less(t, time.Since(began), 5*time.Second)
			break
		}
		after, err := db.Load(ctx, kt.id)
		require.NoError(t, err)
		require.Greater(t, after.Version, before.Version, "table %s changed on B", kt.id)
	}
}

// Two servers on one database: the host's page on B and Carla's stream on A. B counts
// Carla present while her stream is open on A; once it closes, B's host page says she is
// away after the while, and back when she opens it again on A.
func TestPostgresPresenceAcrossServers(t *testing.T) {
	const after = 300 * time.Millisecond
	cfg := postgresConfig(t)
	cfg.AwayAfter = after
	_, tsA := newServerPairWith(t, cfg)
	cfg.DataDir = t.TempDir()
	_, tsB := newServerPairWith(t, cfg)
	pt := newPhoneTable(t, tsA, "Anna", "Bruno", "Carla")
	pt.phones[0].base = tsB.URL
	pt.phones[2].base = tsA.URL
	carla, stopCarla := openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events")
	next(t, carla)
	host, stopHost := openStream(t, pt.phones[0], "/diamant/"+pt.id+"/events?view=table")
	defer stopHost()
	version := next(t, host).ID
	require.NotEmpty(t, version)

	// Long past the while: Bruno (no stream anywhere) is away on B, Carla is not.
	time.Sleep(5 * after)
	_, body := pt.phones[0].get("/diamant/"+pt.id+"/table", nil)
	require.Contains(t, body, "Bruno</span>: on another phone, away")
	require.NotContains(t, body, "Carla</span>: on another phone, away", "her stream is open on A")

	// awaits reads the host's presence events until one says want; it returns its page.
	awaits := func(want string) string {
		t.Helper()
		for {
			e := next(t, host)
			if e.Event != "presence" {
				continue
			}
			var r diamantReply
			require.NoError(t, json.Unmarshal([]byte(e.Data), &r))
			for _, say := range r.Announce {
				if say.Text == want {
					return r.HTML
				}
			}
		}
	}
	began := time.Now()
	stopCarla()
	page := awaits("Carla's phone has been away for a while.")
	require.GreaterOrEqual(t, time.Since(began), after, "not before the while")
	require.Contains(t, page, "Carla</span>: on another phone, away")

	_, stopCarla = openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events?since="+version)
	defer stopCarla()
	page = awaits("Carla's phone is back.")
	require.NotContains(t, page, "Carla</span>: on another phone, away")
}

// A join code given on A reaches B's copy of the table at once (the version stays, so
// only the store's notification says it): B's cache has the code, and a phone joining on
// B with it finds the table.
func TestPostgresJoinCodeReachesTheOtherServer(t *testing.T) {
	cfg := postgresConfig(t)
	a, tsA := newServerPairWith(t, cfg)
	cfg.DataDir = t.TempDir()
	b, _ := newServerPairWith(t, cfg)
	ctx := context.Background()
	tb := newTable(t, newClient(t, tsA), diamanttable.DrawApp, diamanttable.VotePhone, 2026, "Ada", "Bruno", "Carla")
	rec, err := b.Store.Load(ctx, tb.id) // kept in B's cache, without a code
	require.NoError(t, err)
	require.Empty(t, rec.Code)
	require.NoError(t, a.Tables.GiveCode(ctx, tb.id))
	onA, err := a.Store.Load(ctx, tb.id)
	require.NoError(t, err)
	require.NotEmpty(t, onA.Code)
	require.Eventually(t, func() bool {
		rec, err := b.Store.Load(ctx, tb.id)
		require.NoError(t, err)
		return rec.Code == onA.Code
	}, 2*time.Second, 5*time.Millisecond, "B's copy has the code")
	require.Equal(t, onA.Version, rec.Version, "the version stays")
}

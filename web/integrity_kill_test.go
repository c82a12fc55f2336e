package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/web/store"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// Issue #11, point 4: the server killed (kill -9) while hosts add and remove seats and
// phones join. Every change of a table is one transaction, so whenever the process dies,
// every stored table agrees with itself: each seat 0..n-1 held by exactly one device, no
// device holding a seat that does not exist. The server runs in a child process (this test
// binary, running TestKillChildServer), restarted on the same data folder after each kill.

const (
	killRounds = 6
	killTables = 6
)

// TestKillChildServer is the server of TestKillDuringSeatChanges, in its own process; run
// alone, it skips.
func TestKillChildServer(t *testing.T) {
	dir := os.Getenv("TAVOLO_KILL_TEST_DATA")
	if dir == "" {
		t.Skip("the server of TestKillDuringSeatChanges, started by it in a process of its own")
	}
	// With TAVOLO_KILL_TEST_DATABASE, one of several servers on PostgreSQL
	// (TestPostgresKillOneOfTwoServers).
	s, err := New(Config{DataDir: dir, Database: os.Getenv("TAVOLO_KILL_TEST_DATABASE"), TrustProxy: true}, discardLog())
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	fmt.Println("ADDR", ln.Addr().String())
	_ = http.Serve(ln, s.Handler()) // until killed
}

// killChild is the server's process.
type killChild struct {
	cmd  *exec.Cmd
	base string
}

func startKillChild(t *testing.T, dir string, env ...string) *killChild {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChildServer$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), "TAVOLO_KILL_TEST_DATA="+dir), env...)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	k := &killChild{cmd: cmd}
	t.Cleanup(func() { k.kill() })
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "ADDR "); ok {
			k.base = "http://" + addr
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return k
		}
		t.Log("server:", lines.Text())
	}
	t.Fatalf("the server did not start: %v", lines.Err())
	return nil
}

func (k *killChild) kill() {
	if k.cmd.ProcessState == nil {
		_ = k.cmd.Process.Signal(syscall.SIGKILL)
		_ = k.cmd.Wait()
	}
}

// killClient is a browser that returns errors instead of failing the test (the server may
// be gone), each with an address of its own (X-Forwarded-For: the join limit is per address).
type killClient struct {
	http *http.Client
	ip   string
	base *string
}

var killIPs atomic.Int32

func newKillClient(base *string) *killClient {
	jar, _ := cookiejar.New(nil)
	n := killIPs.Add(1)
	return &killClient{base: base, ip: fmt.Sprintf("10.11.%d.%d", n/250, n%250+1), http: &http.Client{
		Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (c *killClient) do(method, path string, form url.Values) (int, string, string, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, *c.base+path, body)
	if err != nil {
		return 0, "", "", err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("X-Forwarded-For", c.ip)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, "", "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Location"), string(b), err
}

// killToken is the form token on a page, "" when it has none.
func killToken(page *markup.Node) string {
	if f := page.Find(markup.Field("_csrf")); f != nil {
		return f.Attr("value")
	}
	return ""
}

// killSeat is the seat of the first seat form on a table's page whose button does what
// ("take", "remove"), "" when there is none.
func killSeat(page *markup.Node, what string) string {
	button := page.Find(markup.Field("do"), markup.Attr("value", what))
	if button == nil {
		return ""
	}
	if form := button.Closest(markup.Role("form")); form != nil {
		if seat := form.Find(markup.Field("seat")); seat != nil {
			return seat.Attr("value")
		}
	}
	return ""
}

// killTable is one lobby, its host and what its loop has done.
type killTable struct {
	id, code string
	host     *killClient
	n        int // names given so far
}

// openKillTable opens a phone-each table (its host "Ada", hands hidden) through the server
// at base, as a host's phone does, and reads its join code.
func openKillTable(t *testing.T, base *string) *killTable {
	t.Helper()
	host := newKillClient(base)
	_, _, page, err := host.do(http.MethodGet, "/diamant/phones", nil)
	require.NoError(t, err)
	csrf := killToken(markup.Parse(page))
	require.NotEmpty(t, csrf, page)
	status, loc, body, err := host.do(http.MethodPost, "/diamant/phones", url.Values{"_csrf": {csrf}, "name": {"Ada"}, "draw": {"app"}, "hidden": {"1"}})
	require.NoError(t, err)
	require.Equal(t, http.StatusSeeOther, status, body)
	id := strings.TrimSuffix(strings.TrimPrefix(loc, "/diamant/"), "/table")
	_, _, page, err = host.do(http.MethodGet, "/diamant/"+id+"/table", nil)
	require.NoError(t, err)
	return &killTable{id: id, code: joinCode(t, page), host: host}
}

// step makes one change of the table from its page: take back a joiner's seat, remove a
// seat, or add one (by the host, or by a new phone joining).
func (kt *killTable) step(base *string) error {
	status, _, page, err := kt.host.do(http.MethodGet, "/diamant/"+kt.id+"/table", nil)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("table page: %d", status)
	}
	doc := markup.Parse(page)
	csrf, screen := killToken(doc), doc.Find(markup.Has("data-version"))
	if csrf == "" || screen == nil {
		return fmt.Errorf("table page without its forms")
	}
	version := screen.Attr("data-version")
	if _, err := strconv.ParseInt(version, 10, 64); err != nil {
		return fmt.Errorf("table page at version %q", version)
	}
	form := url.Values{"_csrf": {csrf}, "version": {version}}
	kt.n++
	switch take, remove := killSeat(doc, "take"), killSeat(doc, "remove"); {
	case take != "":
		form.Set("do", "take")
		form.Set("seat", take)
	case remove != "":
		form.Set("do", "remove")
		form.Set("seat", remove)
	case kt.n%2 == 0:
		form.Set("do", "add")
		form.Set("name", "P"+strconv.Itoa(kt.n))
	default:
		joiner := newKillClient(base)
		_, _, page, err := joiner.do(http.MethodGet, "/join/"+kt.code, nil)
		if err != nil {
			return err
		}
		csrf := killToken(markup.Parse(page))
		if csrf == "" {
			return fmt.Errorf("join page without its form")
		}
		status, _, page, err := joiner.do(http.MethodPost, "/join/"+kt.code, url.Values{"_csrf": {csrf}, "seat": {"new"}, "name": {"J" + strconv.Itoa(kt.n)}})
		return refused(status, page, err)
	}
	status, _, page, err = kt.host.do(http.MethodPost, "/diamant/"+kt.id+"/seat", form)
	return refused(status, page, err)
}

// errRefused is a change the server answered without making (a conflict between two
// hosts' loops is one): the loops go on, a check that expects the change fails.
type errRefused struct {
	status int
	page   string
}

func (e errRefused) Error() string { return fmt.Sprintf("refused (%d): %s", e.status, e.page) }

func refused(status int, page string, err error) error {
	if err == nil && status != http.StatusSeeOther {
		return errRefused{status, page}
	}
	return err
}

func TestKillDuringSeatChanges(t *testing.T) {
	if os.Getenv("TAVOLO_KILL_TEST_DATA") != "" {
		t.Skip("in the server's own process")
	}
	dir := t.TempDir()
	child := startKillChild(t, dir)
	base := child.base
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 11))

	tables := make([]*killTable, killTables)
	for i := range tables {
		tables[i] = openKillTable(t, &base)
	}

	changes := 0
	for round := range killRounds + 1 {
		if round > 0 {
			child = startKillChild(t, dir)
			base = child.base
		}
		// Every table answers: its page for the host, its join page for anyone.
		for _, kt := range tables {
			status, _, body, err := kt.host.do(http.MethodGet, "/diamant/"+kt.id+"/table", nil)
			require.NoError(t, err)
			require.Equal(t, http.StatusOK, status, "round %d, table %s: %s", round, kt.id, body)
			status, _, body, err = newKillClient(&base).do(http.MethodGet, "/join/"+kt.code, nil)
			require.NoError(t, err)
			require.Equal(t, http.StatusOK, status, "round %d, join %s: %s", round, kt.code, body)
		}
		if round == killRounds {
			break
		}
		// Every table changes as fast as it can; the server dies in the middle.
		var wg sync.WaitGroup
		var done atomic.Int32
		for _, kt := range tables {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					err := kt.step(&base)
					if errors.As(err, new(errRefused)) {
						continue
					}
					if err != nil {
						return // its server is gone
					}
					done.Add(1)
				}
			}()
		}
		// Once the tables are well under way (the machine may be slow), at a random moment.
		for deadline := time.Now().Add(10 * time.Second); done.Load() < 2*killTables && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		child.kill()
		wg.Wait()
		changes += int(done.Load())

		// What the dead server left: every table agrees with itself.
		db, err := store.OpenSQLite(dir)
		require.NoError(t, err)
		for _, kt := range tables {
			rec, err := db.Load(context.Background(), kt.id)
			require.NoError(t, err)
			var opt diamanttable.Options
			require.NoError(t, json.Unmarshal(rec.Setup, &opt))
			require.True(t, table.SeatsAgree(rec.Devices, table.AllSeats(len(opt.Players))),
				"round %d: table %s left with players %q and devices %+v", round, kt.id, opt.Players, rec.Devices)
		}
		require.NoError(t, db.Close())
	}
	t.Logf("%d kills, %d tables checked after each, %d changes made", killRounds, killTables, changes)
	require.GreaterOrEqual(t, changes, 2*killRounds*killTables, "the tables changed between the kills")
}

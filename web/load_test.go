package web

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/internal/pgtest"
	"tavolo/web/kit"
	"tavolo/web/table"
)

// TestLoadPhoneTables is the live-update benchmark of issue #5 (make bench-load):
// TAVOLO_LOAD=1, with TAVOLO_LOAD_GAME (diamant or donuts, diamant), TAVOLO_LOAD_TABLES
// (500), TAVOLO_LOAD_RATE (actions a second per table, 1) and TAVOLO_LOAD_SECONDS (60).
// Every table has its game's phones (Diamant 6, Donuts 2: loadGames), each with its own
// SSE stream; each table acts RATE times a second (open loop, tables staggered over the
// period, but a table waits for its phones to show its last action: see below), the
// action its game's part chooses on what the phones show (load_diamant_test.go,
// load_donuts_test.go).
//
// The server runs as a process of its own (the real binary, on a data folder prepared
// here), so that its memory and CPU are read from /proc apart from the load generator's.
// TAVOLO_LOAD_INPROCESS=1 runs it inside the test instead (httptest), for -cpuprofile and
// TAVOLO_LOAD_HEAPPROFILE (without it, they see the load generator only); its memory and
// CPU then include the clients'.
// TAVOLO_LOAD_SERVER_ENV passes settings to the server's process ("GOMEMLIMIT=250MiB").
// TAVOLO_LOAD_PROFILE=DIR saves the server process's own profiles there (through its
// --debug-addr): server-cpu.prof over the middle of the run, server-heap.prof and
// server-goroutine.prof at its end, every stream still open (server-memstats.txt: the
// runtime's MemStats then).
//
// Measured: from an action's request start to its version arriving at the last of the
// table's phones; versions lost or duplicated on a stream; actions refused; the server's
// resident memory at the end and at its peak, and its CPU per action.
func TestLoadPhoneTables(t *testing.T) {
	if os.Getenv("TAVOLO_LOAD") == "" {
		t.Skip("set TAVOLO_LOAD=1 (make bench-load)")
	}
	gameName := cmp.Or(os.Getenv("TAVOLO_LOAD_GAME"), "diamant")
	game, ok := loadGames[gameName]
	if !ok {
		t.Fatalf("TAVOLO_LOAD_GAME=%s: no such game (diamant or donuts)", gameName)
	}
	tables := envInt("TAVOLO_LOAD_TABLES", 500)
	rate := envFloat("TAVOLO_LOAD_RATE", 1)
	seconds := envInt("TAVOLO_LOAD_SECONDS", 60)
	inProcess := os.Getenv("TAVOLO_LOAD_INPROCESS") == "1"
	// TAVOLO_LOAD_STORE=postgres: the tables in PostgreSQL (a server of the test's own, set
	// as one would run it: pgtest.Durable); TAVOLO_LOAD_SERVERS=2: two Tavolo processes on
	// it, each table's phones split over them (the even phones on the first, the host
	// among them).
	storeName := cmp.Or(os.Getenv("TAVOLO_LOAD_STORE"), "sqlite")
	servers := envInt("TAVOLO_LOAD_SERVERS", 1)
	if storeName != "sqlite" && storeName != "postgres" || servers < 1 || servers > 1 && (storeName != "postgres" || inProcess) {
		t.Fatalf("TAVOLO_LOAD_STORE=%s TAVOLO_LOAD_SERVERS=%d: sqlite or postgres; several servers on postgres, each in its process", storeName, servers)
	}
	var pg *pgtest.Server
	database := ""
	if storeName == "postgres" {
		var err error
		pg, err = pgtest.StartWith(pgtest.Durable...)
		require.NoError(t, err)
		t.Cleanup(pg.Stop)
		name, err := pg.NewDatabase()
		require.NoError(t, err)
		database = pg.URL(name)
	}
	profileDir, debugAddr := os.Getenv("TAVOLO_LOAD_PROFILE"), ""
	phones := game.phones()
	// 3,000 streams (500 Diamant tables) take a file each in both processes; the server
	// inherits the limit.
	lim := syscall.Rlimit{Cur: 20000, Max: 20000}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Logf("open files limit left as it was: %v", err)
	}

	// Tables made directly in the store; each phone's session cookie made by the server's
	// own session store, whose key (DATA/session.key) the server's process then reads.
	dir := t.TempDir()
	// Every phone's stream comes from 127.0.0.1: the cap per address is raised to let them
	// all in (as an operator would for a load test); the other caps stay as they are.
	// Every phone comes from 127.0.0.1, at a rate set to find the server's: no budgets.
	s, err := New(withoutBudgets(Config{DataDir: dir, Database: database, MaxStreamsPerAddress: loadStreamsPerAddress}), discardLog())
	require.NoError(t, err)
	ctx := context.Background()
	type tbl struct {
		id      string
		path    string // the table's URL path: its actions and its stream are under it
		cookies []string
		mu      sync.Mutex // guards what follows
		starts  map[int64]time.Time
		view    loadView // what the phones show, as their streams last said
		seen    []int64  // the version each phone's stream last said
		ver     int64    // the newest version known, from a stream or a reply
	}
	all := make([]*tbl, tables)
	const csrf = "loadtestcsrftoken0123456789abcdef"
	for i := range all {
		tb := &tbl{id: table.NewID(), starts: map[int64]time.Time{}, view: game.view(), cookies: make([]string, phones), seen: make([]int64, phones)}
		tb.path = game.path(tb.id)
		devices := make([]string, phones)
		for p := range phones {
			dev := table.NewID()
			devices[p] = dev
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			rec := httptest.NewRecorder()
			sess, _ := s.Sessions.New(req, "tavolo")
			sess.Values["device"] = dev
			require.NoError(t, sess.Save(req, rec))
			tb.cookies[p] = strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0] + "; tavolo_csrf=" + csrf
		}
		v, err := game.prepare(ctx, s, tb.id, i, devices)
		require.NoError(t, err)
		tb.ver = v
		for p := range phones {
			tb.seen[p] = -1
		}
		all[i] = tb
	}

	var base string
	pid := 0                              // the server's process; 0: this one
	bases, pids := []string{""}, []int{0} // every server's, when there are several
	if inProcess {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		ts := &httptest.Server{Listener: ln, Config: &http.Server{Handler: s.Handler()}}
		ts.Start()
		t.Cleanup(func() { ts.Close(); s.Close() })
		base = ts.URL
	} else {
		require.NoError(t, s.Close())
		if profileDir != "" {
			debugAddr = freeAddr(t)
		}
		var flags []string
		if database != "" {
			flags = []string{"--database", database}
		}
		base, pid = startServerProcess(t, dir, debugAddr, flags...)
		bases, pids = []string{base}, []int{pid}
		for range servers - 1 {
			// The same data folder: its session key, which every server must share.
			b, p := startServerProcess(t, dir, "", flags...)
			bases, pids = append(bases, b), append(pids, p)
		}
	}
	bases[0] = base
	// baseOf is the server phone p of a table talks to.
	baseOf := func(p int) string { return bases[p%len(bases)] }

	// Streams: one per phone.
	type arrival struct {
		table, phone int
		version      int64
		at           time.Time
		reply        bool // the action's reply to the phone that acted, not its stream
	}
	arrivals := make(chan arrival, 100000)
	streamClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	actClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200, MaxConnsPerHost: 200},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	var streams sync.WaitGroup
	var opened sync.WaitGroup
	var streamErrs sync.Map // status or error of a stream that did not open
	for ti, tb := range all {
		for p := range phones {
			streams.Add(1)
			opened.Add(1)
			go func() {
				defer streams.Done()
				req, _ := http.NewRequestWithContext(streamCtx, http.MethodGet, baseOf(p)+tb.path+"/events?page="+loadPage(p), nil)
				req.Header.Set("Cookie", tb.cookies[p])
				res, err := streamClient.Do(req)
				opened.Done()
				if err != nil {
					streamErrs.Store([2]int{ti, p}, err.Error())
					return
				}
				defer res.Body.Close()
				if res.StatusCode != http.StatusOK {
					streamErrs.Store([2]int{ti, p}, res.Status)
					return
				}
				sc := bufio.NewScanner(res.Body)
				sc.Buffer(make([]byte, 16<<10), 1<<20)
				var id int64
				named := false // an event of its own kind (who is away): no version, no arrival
				for sc.Scan() {
					line := sc.Bytes() // not Text: a copy of each event of several KB
					switch {
					case len(line) == 0:
						named = false
					case bytes.HasPrefix(line, []byte("event: ")):
						named = true
					case bytes.HasPrefix(line, []byte("id: ")):
						id, _ = strconv.ParseInt(string(line[4:]), 10, 64)
					case named:
					case bytes.HasPrefix(line, []byte("data: ")):
						now := time.Now()
						tb.mu.Lock()
						tb.view.event(p, line)
						tb.seen[p] = max(tb.seen[p], id)
						tb.ver = max(tb.ver, id)
						tb.mu.Unlock()
						arrivals <- arrival{ti, p, id, now, false}
					}
				}
			}()
		}
	}
	opened.Wait()
	time.Sleep(2 * time.Second) // the first (catch-up) events
	streamErrs.Range(func(k, v any) bool {
		t.Errorf("stream %v did not open: %v", k, v)
		return false
	})
	// Collect arrivals.
	got := map[[2]int][]arrival{}
	var collect sync.WaitGroup
	collect.Add(1)
	go func() {
		defer collect.Done()
		for a := range arrivals {
			k := [2]int{a.table, a.phone}
			got[k] = append(got[k], a)
		}
	}()

	// Open loop: each table acts every 1/rate s, staggered over the period. A table acts on
	// a view all its phones agree on (each has the newest version), as a player acts on
	// what the screen shows: acting on an older view would be refused (409 stale, or 422 an
	// action the game no longer takes, such as a second vote of a seat) for the generator's
	// fault, not the server's. Until they agree (the last action has not reached them all:
	// its latency says so) the table waits, up to its next tick; then that tick is skipped.
	period := time.Duration(float64(time.Second) / rate)
	genStart := cpuTime()
	srvStart := time.Duration(0)
	srvStarts := make([]time.Duration, len(pids))
	if pid != 0 {
		for i, p := range pids {
			srvStarts[i], err = procCPU(p)
			require.NoError(t, err)
		}
		srvStart = srvStarts[0]
	}
	var pgStart time.Duration
	if pg != nil {
		pgStart, err = treeCPU(pg.PID())
		require.NoError(t, err)
	}
	machineStart, err := machineCPU()
	require.NoError(t, err)
	began := time.Now()
	deadline := began.Add(time.Duration(seconds) * time.Second)
	var profiling sync.WaitGroup
	if debugAddr != "" && seconds > 10 {
		profiling.Add(1)
		go func() {
			defer profiling.Done()
			time.Sleep(5 * time.Second) // past the start
			q := fmt.Sprintf("?seconds=%d", seconds-10)
			saveProfile(t, debugAddr, "profile", q, profileDir, "server-cpu.prof")
		}()
	}
	var acts sync.WaitGroup
	var mu sync.Mutex // guards what follows
	// Refused actions by status: 409 the form's version (or Diamant's vote step) is no
	// longer the table's, or on Donuts the phone's colour does not place next; 422 the game
	// refuses the action (Diamant: a draw while a vote is due, a seat's second vote;
	// Donuts: a plate that is not playable); 0 a 200 whose JSON did not decode; -1 no
	// answer at all. Acting only on a view every phone agrees on, the generator should
	// cause none.
	refused := map[int]int{}
	var actions, skipped, waited int
	byPath := map[string]int{} // the actions done, by kind (loadAction.kind)
	var replyTimes []time.Duration
	for ti, tb := range all {
		acts.Add(1)
		go func() {
			defer acts.Done()
			next := began.Add(time.Duration(ti) * period / time.Duration(len(all)))
			time.Sleep(time.Until(next))
			for next.Before(deadline) {
				next = next.Add(period)
				var act loadAction
				var ver int64
				var agreed bool
				view := func() {
					tb.mu.Lock()
					defer tb.mu.Unlock()
					ver, agreed = tb.ver, true
					for p := range phones {
						agreed = agreed && tb.seen[p] == tb.ver
					}
					if agreed {
						act = tb.view.next(ti, ver)
					}
				}
				view()
				late := !agreed
				for !agreed && time.Now().Before(next) {
					time.Sleep(time.Millisecond)
					view()
				}
				mu.Lock()
				if !agreed {
					skipped++
				} else if late {
					waited++
				}
				mu.Unlock()
				if !agreed {
					continue
				}
				form := act.form
				if form == nil {
					form = url.Values{}
				}
				form.Set("version", strconv.FormatInt(ver, 10))
				form.Set("_csrf", csrf)
				kind := cmp.Or(act.kind, act.path)
				req, _ := http.NewRequest(http.MethodPost, baseOf(act.phone)+tb.path+act.path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Accept", "application/json")
				req.Header.Set("Cookie", tb.cookies[act.phone])
				// As the page's script does: its stream then need not send what the reply
				// carries, which the phone shows as it would the event.
				req.Header.Set(kit.PageHeader, loadPage(act.phone))
				start := time.Now()
				res, err := actClient.Do(req)
				status := -1
				if err == nil {
					status = res.StatusCode
					body, err := io.ReadAll(res.Body)
					var r struct{ Version int64 }
					if status == http.StatusOK && err == nil && json.Unmarshal(body, &r) == nil {
						now := time.Now()
						tb.mu.Lock()
						tb.starts[r.Version] = start
						tb.ver = max(tb.ver, r.Version)
						tb.view.event(act.phone, body)
						tb.seen[act.phone] = max(tb.seen[act.phone], r.Version)
						tb.mu.Unlock()
						arrivals <- arrival{ti, act.phone, r.Version, now, true}
					} else if status == http.StatusOK {
						status = 0 // an answer that did not decode
					}
					res.Body.Close()
				}
				mu.Lock()
				if status == http.StatusOK {
					replyTimes = append(replyTimes, time.Since(start))
					actions++
					byPath[kind]++
				} else {
					refused[status]++
				}
				mu.Unlock()
				time.Sleep(time.Until(next))
			}
		}()
	}
	acts.Wait()
	time.Sleep(2 * time.Second) // the last events
	genCPU := cpuTime() - genStart
	elapsed := time.Since(began)
	var srvCPU time.Duration
	each := "" // with several servers: each one's CPU and memory
	if pid != 0 {
		for i, p := range pids {
			end, err := procCPU(p)
			require.NoError(t, err)
			srvCPU += end - srvStarts[i]
			if len(pids) > 1 {
				rss, hwm := procMemory(p)
				each += fmt.Sprintf(" server%d_rss=%dMB server%d_hwm=%dMB server%d_cpu=%s", i+1, rss>>10, i+1, hwm>>10, i+1, (end - srvStarts[i]).Round(time.Millisecond))
			}
		}
	}
	var pgCPU time.Duration
	if pg != nil {
		end, err := treeCPU(pg.PID())
		require.NoError(t, err)
		pgCPU = end - pgStart
	}
	_ = srvStart
	machineEnd, err := machineCPU()
	require.NoError(t, err)
	// Cores the rest of the machine kept busy meanwhile (other people's tests), roughly (see
	// machineCPU): the times measured here depend on it.
	others := max(0, float64(machineEnd-machineStart-srvCPU-genCPU-pgCPU)/float64(elapsed))
	rss, hwm := procMemory(pid)
	for _, p := range pids[1:] {
		r, h := procMemory(p)
		rss, hwm = rss+r, hwm+h
	}
	genRSS, _ := procMemory(0)
	if debugAddr != "" {
		profiling.Wait()
		saveProfile(t, debugAddr, "heap", "?gc=1", profileDir, "server-heap.prof")
		saveProfile(t, debugAddr, "goroutine", "", profileDir, "server-goroutine.prof")
		saveProfile(t, debugAddr, "heap", "?debug=1", profileDir, "server-memstats.txt") // runtime.MemStats at its end
		t.Logf("server profiles in %s (go tool pprof -top %s/server-cpu.prof)", profileDir, profileDir)
	}
	var ms, after runtime.MemStats
	if inProcess {
		runtime.ReadMemStats(&ms)
		runtime.GC()
		runtime.ReadMemStats(&after)
		if path := os.Getenv("TAVOLO_LOAD_HEAPPROFILE"); path != "" {
			// What is live with every stream open: server's and clients' alike (go tool
			// pprof -sample_index=inuse_space).
			f, err := os.Create(path)
			require.NoError(t, err)
			require.NoError(t, pprof.WriteHeapProfile(f))
			f.Close()
		}
	}
	stopStreams()
	streams.Wait()
	close(arrivals)
	collect.Wait()

	// Latency: per action, the last of the table's phones to receive its version. A phone
	// may skip a version for a newer one (coalesced, allowed); lost if nothing newer came.
	var lat []time.Duration
	// The acting phone gets its version in the reply; its stream sends it too only when
	// woken before the action's handler noted the reply (ownSent), which is no duplicate.
	lost, dup, coalesced, replies, ownSent := 0, 0, 0, 0, 0
	for ti, tb := range all {
		first := make([]map[int64]time.Time, phones)
		newest := make([]int64, phones)
		for p := range phones {
			first[p] = map[int64]time.Time{}
			streamed, replied := map[int64]bool{}, map[int64]bool{}
			for _, a := range got[[2]int{ti, p}] {
				if a.reply {
					replies++
					replied[a.version] = true
				} else if streamed[a.version] {
					dup++
					continue
				} else {
					streamed[a.version] = true
				}
				if at, ok := first[p][a.version]; !ok || a.at.Before(at) {
					first[p][a.version] = a.at
				}
				newest[p] = max(newest[p], a.version)
			}
			for v := range replied {
				if streamed[v] {
					ownSent++
				}
			}
		}
		for v, start := range tb.starts {
			var last time.Time
			missed, gone := false, false
			for p := range phones {
				at, ok := first[p][v]
				switch {
				case ok:
					last = later(last, at)
				case newest[p] > v:
					missed = true
				default:
					gone = true
				}
			}
			switch {
			case gone:
				lost++
			case missed:
				coalesced++
			default:
				lat = append(lat, last.Sub(start))
			}
		}
	}
	slices.Sort(lat)
	pct := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(q*float64(len(lat)-1))]
	}
	refusedAll := 0
	for _, n := range refused {
		refusedAll += n
	}
	perSecond := float64(actions) / float64(seconds)
	offered := float64(tables) * rate
	t.Logf("tables %d × %d phones (%d streams), %.2f actions/s a table for %d s (%v with the drain): %d actions %v (%.0f/s of %.0f offered); refused %d %v (-1: no answer); skipped %d ticks, %d waited for the phones",
		tables, phones, tables*phones, rate, seconds, elapsed.Round(time.Second), actions, byPath, perSecond, offered, refusedAll, refused, skipped, waited)
	t.Logf("request → all %d phones: p50 %v, p90 %v, p99 %v, max %v (%d actions measured; %d coalesced; %d lost; %d duplicated events)",
		phones, pct(0.5), pct(0.9), pct(0.99), pct(1), len(lat), coalesced, lost, dup)
	t.Logf("the acting phone's version: in %d replies, sent again by its stream %d times", replies, ownSent)
	slices.Sort(replyTimes)
	if len(replyTimes) > 0 {
		t.Logf("action replies: p50 %v, p99 %v", replyTimes[len(replyTimes)/2], replyTimes[len(replyTimes)*99/100])
	}
	per := func(d time.Duration) string { return ms3(d / time.Duration(max(actions, 1))) }
	lat4 := fmt.Sprintf("p50=%s p90=%s p99=%s max=%s", ms3(pct(0.5)), ms3(pct(0.9)), ms3(pct(0.99)), ms3(pct(1)))
	counts := fmt.Sprintf("lost=%d dup=%d refused=%d skipped=%d", lost, dup, refusedAll, skipped)
	if inProcess {
		// One process: its memory and CPU are the server's and the clients' together.
		t.Logf("memory (server and clients): HeapInuse+StackInuse %d MB (stacks %d MB; heap live after GC %d MB), VmRSS %d MB, VmHWM %d MB",
			(ms.HeapInuse+ms.StackInuse)>>20, ms.StackInuse>>20, after.HeapAlloc>>20, rss>>10, hwm>>10)
		fmt.Printf("LOAD mode=inprocess game=%s tables=%d rate=%.2f offered/s=%.0f actions/s=%.0f %s %s process_rss=%dMB process_hwm=%dMB heap+stack=%dMB live=%dMB process_cpu/action=%s others_cores=%.2f load=%s\n",
			gameName, tables, rate, offered, perSecond, lat4, counts, rss>>10, hwm>>10, (ms.HeapInuse+ms.StackInuse)>>20, after.HeapAlloc>>20, per(genCPU), others, loadAverage())
		return
	}
	// CPU time hardly depends on what else the machine runs: 2 cores over the server's
	// alone bound the rate it could serve.
	t.Logf("server process: VmRSS %d MB at the end, VmHWM %d MB at the peak; CPU %v (%v an action: 2 idle cores would bound the rate near %.0f/s); load generator CPU %v, VmRSS %d MB; /proc times in ticks of %v",
		rss>>10, hwm>>10, srvCPU, srvCPU/time.Duration(max(actions, 1)), 2*float64(actions)*float64(time.Second)/float64(max(srvCPU, 1)), genCPU.Round(time.Millisecond), genRSS>>10, clockTick)
	stored := ""
	if pg != nil {
		stored = fmt.Sprintf(" postgres_cpu/action=%s", per(pgCPU))
	}
	// With several servers, server_rss and server_hwm are their sums, server_cpu their sum.
	fmt.Printf("LOAD mode=process store=%s servers=%d game=%s tables=%d rate=%.2f offered/s=%.0f actions/s=%.0f %s %s server_rss=%dMB server_hwm=%dMB server_cpu/action=%s%s%s gen_cpu/action=%s gen_rss=%dMB others_cores=%.2f env=%q load=%s\n",
		storeName, len(pids), gameName, tables, rate, offered, perSecond, lat4, counts, rss>>10, hwm>>10, per(srvCPU), stored, each, per(genCPU), genRSS>>10, others, os.Getenv("TAVOLO_LOAD_SERVER_ENV"), loadAverage())
}

// loadGame is one game's part of the load benchmark (TAVOLO_LOAD_GAME): how a table is set
// up with its phones, what a table does next, and what its streams' events say. The rest
// (streams, timing, counting, the server's process) is the same for every game.
type loadGame interface {
	phones() int
	// path is a table's URL path: its actions and its stream (path+"/events") are under it.
	path(id string) string
	// prepare stores table number i, with the id, directly in the store (as the phones
	// would have left it once seated), one device per phone in order, the host's first;
	// it returns the table's version.
	prepare(ctx context.Context, s *Server, id string, i int, devices []string) (int64, error)
	// view is a new table's view, before any event.
	view() loadView
}

// loadGames are the games TAVOLO_LOAD_GAME selects.
var loadGames = map[string]loadGame{"diamant": diamantLoad{}, "donuts": donutsLoad{}}

// loadView is what one table's phones show, as their streams last said. The harness holds
// the table's lock around each call.
type loadView interface {
	// event notes an event of phone p's stream: its data line ("data: {…}"), as it came.
	event(p int, line []byte)
	// next is the action table number ti takes now, on a view every phone agrees on, at
	// version ver (the harness adds the version and the CSRF token to its form).
	next(ti int, ver int64) loadAction
}

// loadAction is one request a table makes.
type loadAction struct {
	phone int        // the phone that sends it
	path  string     // after the table's path: "/draw"
	kind  string     // how it is counted; "" counts it by its path
	form  url.Values // its fields but the version and the CSRF token
}

// ms3 is a duration in milliseconds, to the microsecond: one unit in the LOAD line, so a
// script can compare it (make bench-load-sweep).
func ms3(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 3, 64) + "ms"
}

// loadPage is the name of phone p's page, on its stream and its actions (kit.PageHeader).
func loadPage(p int) string { return fmt.Sprintf("loadpage%d", p) }

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage is the machine's load average over 1, 5 and 15 minutes: others share it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], ",")
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if n, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && n > 0 {
		return n
	}
	return def
}

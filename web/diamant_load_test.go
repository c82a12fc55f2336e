package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
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

	"tavolo/companion/diamant"
	"tavolo/web/store"
)

// TestLoadPhoneTables is the live-update benchmark (make bench-load): TAVOLO_LOAD=1, with
// TAVOLO_LOAD_TABLES (500), TAVOLO_LOAD_RATE (actions a second per table, 1) and
// TAVOLO_LOAD_SECONDS (60). Every table has 6 phones, each with its own SSE stream; each
// table acts once a second (open loop, tables staggered over the second): a draw, or the
// vote of a phone whose seat is waiting. Measured: from an action's request to its event
// arriving at all 6 phones of the table; versions lost or duplicated on a stream; the
// process's memory (server and clients share the process: an upper bound).
func TestLoadPhoneTables(t *testing.T) {
	if os.Getenv("TAVOLO_LOAD") == "" {
		t.Skip("set TAVOLO_LOAD=1 (make bench-load)")
	}
	tables := envInt("TAVOLO_LOAD_TABLES", 500)
	rate := envFloat("TAVOLO_LOAD_RATE", 1)
	seconds := envInt("TAVOLO_LOAD_SECONDS", 60)
	const phones = 6
	lim := syscall.Rlimit{Cur: 20000, Max: 20000}
	_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)

	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ts := &httptest.Server{Listener: ln, Config: &http.Server{Handler: s.Handler()}}
	ts.Start()
	defer func() { ts.Close(); s.Close() }()

	// Tables made directly in the store; each phone's session cookie made by the server's
	// own session store.
	ctx := context.Background()
	type phone struct {
		cookie string
	}
	type tbl struct {
		id     string
		phones [phones]phone
		mu     sync.Mutex
		starts map[int64]time.Time
		screen [phones]string // each phone's screen, as its stream last said
		step   [phones]string
		ver    int64
	}
	all := make([]*tbl, tables)
	const csrf = "loadtestcsrftoken0123456789abcdef"
	for i := range all {
		tb := &tbl{id: newID(), starts: map[int64]time.Time{}}
		names := []string{"A", "B", "C", "D", "E", "F"}
		opt := diamantOptions{Setup: diamant.Setup{Players: names, Seed: uint64(i + 1)}, Draw: drawApp, Vote: votePhone, Phones: true, Hidden: true, Own: []int{0}}
		raw, _ := json.Marshal(opt)
		var devices []store.Device
		for p := range phones {
			dev := newID()
			devices = append(devices, store.Device{ID: dev, Seats: []int{p}, Host: p == 0})
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			rec := httptest.NewRecorder()
			sess, _ := s.sessions.New(req, sessionCookie)
			sess.Values["device"] = dev
			require.NoError(t, sess.Save(req, rec))
			tb.phones[p].cookie = strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0] + "; tavolo_csrf=" + csrf
		}
		require.NoError(t, s.store.Create(ctx, store.Table{ID: tb.id, Game: "diamant", Setup: raw}, devices[0]))
		v, err := s.store.SetDevices(ctx, tb.id, 0, devices)
		require.NoError(t, err)
		tb.ver = v
		all[i] = tb
	}

	// Streams: one per phone.
	type arrival struct {
		table, phone int
		version      int64
		at           time.Time
	}
	arrivals := make(chan arrival, 100000)
	streamClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	actClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200, MaxConnsPerHost: 200},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	streamCtx, stopStreams := context.WithCancel(ctx)
	var streams sync.WaitGroup
	var opened sync.WaitGroup
	for ti, tb := range all {
		for p := range phones {
			streams.Add(1)
			opened.Add(1)
			go func() {
				defer streams.Done()
				req, _ := http.NewRequestWithContext(streamCtx, http.MethodGet, ts.URL+"/diamant/"+tb.id+"/events", nil)
				req.Header.Set("Cookie", tb.phones[p].cookie)
				res, err := streamClient.Do(req)
				opened.Done()
				if err != nil {
					return
				}
				defer res.Body.Close()
				sc := bufio.NewScanner(res.Body)
				sc.Buffer(make([]byte, 16<<10), 1<<20)
				var id int64
				for sc.Scan() {
					line := sc.Text()
					switch {
					case strings.HasPrefix(line, "id: "):
						id, _ = strconv.ParseInt(line[4:], 10, 64)
					case strings.HasPrefix(line, "data: "):
						now := time.Now()
						screen, hasScreen := attrAfter(line, `data-screen=\"`)
						step, _ := attrAfter(line, `name=\"step\" value=\"`)
						tb.mu.Lock()
						if hasScreen {
							tb.screen[p] = screen
						}
						tb.step[p] = step
						if id > tb.ver {
							tb.ver = id
						}
						tb.mu.Unlock()
						arrivals <- arrival{ti, p, id, now}
					}
				}
			}()
		}
	}
	opened.Wait()
	time.Sleep(2 * time.Second) // the first (catch-up) events
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

	// Open loop: each table acts every 1/rate s, staggered over the period.
	period := time.Duration(float64(time.Second) / rate)
	cpuStart := cpuTime()
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)
	var acts sync.WaitGroup
	var failMu sync.Mutex
	failures := map[int]int{}
	var actions int
	var replyTimes []time.Duration
	var actionsMu sync.Mutex
	for ti, tb := range all {
		acts.Add(1)
		go func() {
			defer acts.Done()
			time.Sleep(time.Duration(ti) * period / time.Duration(len(all)))
			next := time.Now()
			for time.Now().Before(deadline) {
				tb.mu.Lock()
				voter, step, ver, final := -1, "", tb.ver, false
				for p := range phones {
					if tb.screen[p] == "vote" && voter < 0 {
						voter, step = p, tb.step[p]
					}
					final = final || tb.screen[p] == "final"
				}
				tb.mu.Unlock()
				path, form := "/draw", url.Values{"version": {strconv.FormatInt(ver, 10)}}
				who := 0
				switch {
				case voter >= 0:
					path, who = "/vote", voter
					choice := "continue"
					if (ti+int(ver))%4 == 0 {
						choice = "leave"
					}
					form = url.Values{"seat": {strconv.Itoa(voter)}, "choice": {choice}, "step": {step}, "version": {"0"}}
				case final:
					path = "/undo"
				}
				form.Set("_csrf", csrf)
				req, _ := http.NewRequest(http.MethodPost, ts.URL+"/diamant/"+tb.id+path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Accept", "application/json")
				req.Header.Set("Cookie", tb.phones[who].cookie)
				start := time.Now()
				res, err := actClient.Do(req)
				if err == nil {
					var r diamantReply
					if res.StatusCode == http.StatusOK && json.NewDecoder(res.Body).Decode(&r) == nil {
						tb.mu.Lock()
						tb.starts[r.Version] = start
						tb.mu.Unlock()
						actionsMu.Lock()
						replyTimes = append(replyTimes, time.Since(start))
						actions++
						actionsMu.Unlock()
					} else {
						failMu.Lock()
						failures[res.StatusCode]++
						failMu.Unlock()
					}
					res.Body.Close()
				} else {
					failMu.Lock()
					failures[-1]++
					failMu.Unlock()
				}
				next = next.Add(period)
				time.Sleep(time.Until(next))
			}
		}()
	}
	acts.Wait()
	time.Sleep(2 * time.Second) // the last events
	cpu := cpuTime() - cpuStart
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rss := vmRSS()
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	live := after.HeapAlloc
	if path := os.Getenv("TAVOLO_LOAD_HEAPPROFILE"); path != "" {
		// What is live with every stream open: server's and clients' alike (go tool pprof
		// -sample_index=inuse_space).
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, pprof.WriteHeapProfile(f))
		f.Close()
	}
	stopStreams()
	streams.Wait()
	close(arrivals)
	collect.Wait()

	// Latency: per action, the last of the table's 6 phones to receive its version.
	var lat []time.Duration
	lost, dup := 0, 0
	for ti, tb := range all {
		for v, start := range tb.starts {
			var last time.Time
			for p := range phones {
				seen := false
				for _, a := range got[[2]int{ti, p}] {
					if a.version == v {
						seen = true
						if a.at.After(last) {
							last = a.at
						}
					}
				}
				if !seen {
					// Coalesced into a newer version (allowed) or lost: lost if nothing newer came.
					newer := slices.ContainsFunc(got[[2]int{ti, p}], func(a arrival) bool { return a.version > v })
					if !newer {
						lost++
					}
					last = time.Time{}
					break
				}
			}
			if !last.IsZero() {
				lat = append(lat, last.Sub(start))
			}
		}
		for p := range phones {
			ids := map[int64]int{}
			for _, a := range got[[2]int{ti, p}] {
				ids[a.version]++
				if ids[a.version] == 2 {
					dup++
				}
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
	t.Logf("tables %d × %d phones (%d streams), %.2f actions/s a table for %d s: %d actions (%.0f/s), refused/failed %v",
		tables, phones, tables*phones, rate, seconds, actions, float64(actions)/float64(seconds), failures)
	t.Logf("request → all 6 phones: p50 %v, p90 %v, p99 %v, max %v (%d actions measured; %d coalesced)",
		pct(0.5), pct(0.9), pct(0.99), pct(1), len(lat), actions-len(lat)-lost)
	// CPU time does not depend on what else the machine runs: 2 cores over it bound the rate.
	perAction := cpu / time.Duration(max(actions, 1))
	t.Logf("CPU (server and clients) %v for the actions: %v an action, so 2 idle cores would bound the rate near %.0f/s",
		cpu.Round(time.Millisecond), perAction.Round(time.Microsecond), 2*float64(time.Second)/float64(perAction))
	slices.Sort(replyTimes)
	if len(replyTimes) > 0 {
		t.Logf("action replies: p50 %v, p99 %v", replyTimes[len(replyTimes)/2], replyTimes[len(replyTimes)*99/100])
	}
	t.Logf("lost %d, duplicated %d; memory (server and clients in one process): HeapInuse+StackInuse %d MB (stacks %d MB; heap live after GC %d MB), VmRSS %s",
		lost, dup, (ms.HeapInuse+ms.StackInuse)>>20, ms.StackInuse>>20, live>>20, rss)
	fmt.Printf("LOAD tables=%d rate=%.2f actions/s=%.0f p50=%v p99=%v lost=%d dup=%d heap+stack=%dMB live=%dMB rss=%s cpu/action=%v load=%s\n",
		tables, rate, float64(actions)/float64(seconds), pct(0.5), pct(0.99), lost, dup, (ms.HeapInuse+ms.StackInuse)>>20,
		live>>20, rss, perAction.Round(time.Microsecond), loadAverage())
}

// attrAfter is the text after prefix in line up to the next backslash (the JSON-escaped
// quote that closes an attribute), without a regexp: the client must cost little.
func attrAfter(line, prefix string) (string, bool) {
	i := strings.Index(line, prefix)
	if i < 0 {
		return "", false
	}
	rest := line[i+len(prefix):]
	if j := strings.IndexByte(rest, '\\'); j >= 0 {
		return rest[:j], true
	}
	return "", false
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

func vmRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			return strings.Join(strings.Fields(line[6:]), " ")
		}
	}
	return "?"
}

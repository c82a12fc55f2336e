package web

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	diamanttable "tavolo/web/table/diamant"
)

// TestMeasureSlowClients measures what slow clients hold on the server as built by `make
// build` (bin/tavolo, with the offline engine), started with --max-connections 1000, all
// from loopback addresses: TAVOLO_SLOW=1, with TAVOLO_SLOW_BIN (bin/tavolo),
// TAVOLO_SLOW_CONNS (1100 connections from 127.0.0.1) and TAVOLO_SLOW_MAX (1000).
//
//  1. Replies never read: each connection asks for the offline engine (26 MB, Accept-Encoding:
//     identity) through a small receive buffer and reads only its status line. Sampled every
//     5 s for at most 100 s: the server's open files, /healthz from 127.0.0.2 (status, time)
//     and from 127.0.0.1.
//  2. Bodies sent a byte a second (POST /settings, Content-Length: 60000) from 127.0.0.1, for
//     at most 30 s: how many are taken in, how long each is held, how fast the others are
//     refused; /healthz from 127.0.0.2 meanwhile.
//  3. Headers sent a byte a second, the same way, for at most 20 s.
//
// Throughout, one phone's live stream (from 127.0.0.3) stays open: at the end it must carry
// a change, so it lived past the server's read and write timeouts.
func TestMeasureSlowClients(t *testing.T) {
	if os.Getenv("TAVOLO_SLOW") == "" {
		t.Skip("set TAVOLO_SLOW=1 (after make build) to measure")
	}
	root, err := moduleRoot()
	require.NoError(t, err)
	bin := cmp.Or(os.Getenv("TAVOLO_SLOW_BIN"), filepath.Join(root, "bin", "tavolo"))
	n, maxConns := envInt("TAVOLO_SLOW_CONNS", 1100), envInt("TAVOLO_SLOW_MAX", 1000)
	sum, err := os.ReadFile(filepath.Join(root, "pwa", "engine", "tavolo.wasm.sha256"))
	require.NoError(t, err, "no offline engine: make build")
	engine := "/static/engine/tavolo." + string(sum[:10]) + ".wasm"

	base, pid := startBinary(t, bin, "--max-connections", strconv.Itoa(maxConns))
	addr := strings.TrimPrefix(base, "http://")
	req, err := http.NewRequest(http.MethodGet, base+engine, nil)
	require.NoError(t, err)
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, "the engine is not served at %s", engine)
	t.Logf("server pid %d, %s, open files limit %s, engine %s (%d bytes)", pid, base, openFilesLimit(pid), engine, res.ContentLength)

	// The phone's stream, from an address of its own.
	pt := newPhoneTable(t, &httptest.Server{URL: base}, "Anna", "Bruno", "Carla")
	for _, phone := range pt.phones {
		phone.http.Transport = transportFrom("127.0.0.3")
	}
	stream, stop := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
	defer stop()
	next(t, stream)
	streamOpened := time.Now()

	fds0 := countFiles(pid)
	t.Logf("server's open files before: %d", fds0)

	// 1. Replies never read.
	start := time.Now()
	var back time.Duration
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		high := false // until the connections are taken in, the files are few too
		back = sample(t, pid, base, start, 100*time.Second, func(files int) bool {
			high = high || files > fds0+100
			return high && files <= fds0+5
		})
	}()
	conns, _, dialFailed := dialMany(n, "127.0.0.1", addr, func(c net.Conn) {
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept-Encoding: identity\r\n\r\n", engine, addr)
	})
	lines := statusLines(conns)
	counts := map[string]int{}
	for _, l := range lines {
		counts[l]++
	}
	t.Logf("H1: %d connections asked for the engine, all answered or not within %v (%d dials failed): %v", len(conns), time.Since(start).Round(time.Millisecond), dialFailed, counts)
	<-sampled
	t.Logf("H1: the server's files back to %d at the sample of t=%v", countFiles(pid), back)
	for _, c := range conns {
		c.Close()
	}

	// 2. and 3. Bodies, then headers, a byte a second.
	for _, slow := range []struct {
		name, head, drip string
		bound            time.Duration
	}{
		{"M1 body", "POST /settings HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n",
			strings.Repeat("x", 60), 30 * time.Second},
		{"M1 headers", "GET / HTTP/1.1\r\n", "Host: " + addr + "\r\nAccept-Language: " + strings.Repeat("en,", 20), 20 * time.Second},
	} {
		measureDrip(t, pid, base, addr, n, slow.name, slow.head, slow.drip, slow.bound)
	}

	// The stream lived through it all.
	res2, body := pt.phones[0].post("/diamant/"+pt.id+"/drawmode", url.Values{"draw": {diamanttable.DrawBox},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res2.StatusCode, body)
	for e := next(t, stream); e.ID == ""; e = next(t, stream) {
		// Presence events (the other phones have no stream, so are away) carry no id.
	}
	t.Logf("the live stream carried a change after %v open", time.Since(streamOpened).Round(time.Second))
}

// measureDrip opens n connections from 127.0.0.1 that send head, then drip a byte a second,
// and reports how many were taken in and for how long, for at most bound.
func measureDrip(t *testing.T, pid int, base, addr string, n int, name, head, drip string, bound time.Duration) {
	t.Helper()
	start := time.Now()
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		sample(t, pid, base, start, bound, nil)
	}()
	conns, opened, dialFailed := dialMany(n, "127.0.0.1", addr, func(c net.Conn) { io.WriteString(c, head) })
	type outcome struct {
		line string
		held time.Duration
	}
	out := make([]outcome, len(conns))
	var wg sync.WaitGroup
	done := make(chan struct{})
	for i, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(start.Add(bound))
			b, _ := io.ReadAll(c) // until the server closes, or the bound
			line, _, _ := strings.Cut(string(b), "\r\n")
			out[i] = outcome{line, time.Since(opened[i])}
		})
	}
	go func() { // a byte a second on every connection
		for i := range len(drip) {
			select {
			case <-done:
				return
			case <-time.After(time.Second):
			}
			for _, c := range conns {
				c.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
				c.Write([]byte{drip[i]})
			}
		}
	}()
	<-sampled
	wg.Wait()
	close(done)
	for _, c := range conns {
		c.Close()
	}
	var refused, held []time.Duration
	cut := map[string]int{}
	for _, o := range out {
		if strings.HasPrefix(o.line, "HTTP/1.1 429") {
			refused = append(refused, o.held)
			continue
		}
		held = append(held, o.held)
		cut[o.line]++
	}
	t.Logf("%s: %d connections (%d dials failed): %d refused (answered in %s), %d taken in, held %s, ended with %v",
		name, len(conns), dialFailed, len(refused), spread(refused), len(held), spread(held), cut)
}

// sample logs, every 5 s from start until bound, the server's open files and /healthz
// from 127.0.0.2 and 127.0.0.1; with done, it stops at the first sample done says is the
// last, and returns when that was.
func sample(t *testing.T, pid int, base string, start time.Time, bound time.Duration, done func(files int) bool) time.Duration {
	t.Helper()
	for at := 5 * time.Second; at <= bound; at += 5 * time.Second {
		time.Sleep(time.Until(start.Add(at)))
		files := countFiles(pid)
		other, took := timedGet(base, "127.0.0.2", "/healthz")
		same, _ := timedGet(base, "127.0.0.1", "/healthz")
		t.Logf("  t=%3.0fs  server files %5d  /healthz from 127.0.0.2: %d in %v, from 127.0.0.1: %d",
			time.Since(start).Seconds(), files, other, took.Round(time.Millisecond), same)
		if done != nil && done(files) {
			return at
		}
	}
	return bound
}

// timedGet asks path from the loopback address from on a connection of its own: the
// status (0: none within 5 s) and how long it took.
func timedGet(base, from, path string) (int, time.Duration) {
	c := &http.Client{Transport: transportFrom(from), Timeout: 5 * time.Second}
	defer c.CloseIdleConnections()
	start := time.Now()
	res, err := c.Get(base + path)
	if err != nil {
		return 0, time.Since(start)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, time.Since(start)
}

// transportFrom dials from the loopback address from.
func transportFrom(from string) *http.Transport {
	d := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	return &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}
}

// dialMany opens n connections from the loopback address from with small receive buffers,
// sending each its request with send; it returns those that opened, when each did, and how
// many did not.
func dialMany(n int, from, addr string, send func(net.Conn)) ([]net.Conn, []time.Time, int) {
	var conns []net.Conn
	var opened []time.Time
	failed := 0
	d := smallReceiver(from)
	for range n {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := d.DialContext(ctx, "tcp", addr)
		cancel()
		if err != nil {
			failed++
			continue
		}
		opened = append(opened, time.Now())
		send(c)
		conns = append(conns, c)
	}
	return conns, opened, failed
}

// statusLines reads each connection's status line, all at once ("" if none within 30 s).
func statusLines(conns []net.Conn) []string {
	lines := make([]string, len(conns))
	deadline := time.Now().Add(30 * time.Second)
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(deadline)
			var b [15]byte // "HTTP/1.1 200 OK", "HTTP/1.1 429 To"
			k, _ := io.ReadFull(c, b[:])
			lines[i] = string(b[:k])
			if strings.HasPrefix(lines[i], "HTTP/1.1 429") {
				lines[i] = "HTTP/1.1 429"
			}
		})
	}
	wg.Wait()
	return lines
}

// spread is the least, the median and the most of ds.
func spread(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	slices.Sort(ds)
	r := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	return fmt.Sprintf("min %v, median %v, max %v", r(ds[0]), r(ds[len(ds)/2]), r(ds[len(ds)-1]))
}

// countFiles is how many files a process has open.
func countFiles(pid int) int {
	entries, err := os.ReadDir(procPath(pid, "fd"))
	if err != nil {
		return -1
	}
	return len(entries)
}

// startBinary starts the server bin on a data folder of its own, on a free loopback port,
// with args, and waits until it answers /healthz; the process is killed when the test ends.
func startBinary(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	logPath := filepath.Join(t.TempDir(), "server.log")
	logFile, err := os.Create(logPath)
	require.NoError(t, err)
	cmd := exec.Command(bin, append([]string{"--addr", addr, "--data", t.TempDir()}, args...)...)
	cmd.Env = serverEnv(os.Environ(), "")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
		if b, err := os.ReadFile(logPath); err == nil {
			t.Logf("server log:\n%s", tail(string(b), 2000))
		}
	})
	base := "http://" + addr
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if status, _ := timedGet(base, "127.0.0.1", "/healthz"); status == http.StatusOK {
			return base, cmd.Process.Pid
		}
		require.True(t, time.Now().Before(deadline), "the server did not answer /healthz")
	}
}

//go:build !js

package main

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/companion/scenario"
	"tavolo/internal/markup"
	"tavolo/web"
	"tavolo/web/store/memory"
)

// The offline build answers as the server does: the same scenarios replay to the same
// results, and the same requests on a one-phone table get the same replies.

// response is one answer, from either side.
type response struct {
	Status  int
	Headers [][2]string
	Body    string
	MS      float64 // the engine's time to answer, under Node
}

// engine is the offline build running under Node (testdata/drive.mjs).
type engine struct {
	in      io.WriteCloser
	out     *bufio.Scanner
	started time.Duration
}

func startEngine(t *testing.T, key string) *engine {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the offline build cannot be run")
	}
	dir := t.TempDir()
	module := filepath.Join(dir, "tavolo.wasm")
	build := exec.Command("go", "build", "-o", module, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building the offline engine: %s", out)
	root, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	cmd := exec.Command(node, "testdata/drive.mjs", module, filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"), key)
	cmd.Stderr = os.Stderr
	e := &engine{}
	e.in, err = cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { e.in.Close(); cmd.Wait() })
	e.out = bufio.NewScanner(stdout)
	e.out.Buffer(make([]byte, 0, 1<<20), 16<<20)
	var hello struct{ Started float64 }
	require.NoError(t, json.Unmarshal(e.next(t), &hello))
	e.started = time.Duration(hello.Started * float64(time.Millisecond))
	return e
}

// next is the engine's next answer, past the tables it reports kept.
func (e *engine) next(t *testing.T) []byte {
	t.Helper()
	for e.out.Scan() {
		line := e.out.Bytes()
		if !strings.HasPrefix(string(line), `{"kept"`) {
			return line
		}
	}
	t.Fatalf("the engine stopped: %v", e.out.Err())
	return nil
}

func (e *engine) send(t *testing.T, msg any) []byte {
	t.Helper()
	b, err := json.Marshal(msg)
	require.NoError(t, err)
	_, err = e.in.Write(append(b, '\n'))
	require.NoError(t, err)
	return e.next(t)
}

func (e *engine) serve(t *testing.T, req *http.Request) response {
	body := ""
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		body = string(b)
	}
	var headers [][2]string
	for k, vs := range req.Header {
		for _, v := range vs {
			headers = append(headers, [2]string{k, v})
		}
	}
	var r response
	require.NoError(t, json.Unmarshal(e.send(t, map[string]any{"serve": map[string]any{
		"method": req.Method, "url": req.URL.String(), "headers": headers, "body": body}}), &r))
	return r
}

func TestScenariosReplayAsOnTheServer(t *testing.T) {
	e := startEngine(t, newKey(t))
	t.Logf("the engine started in %v under Node", e.started)
	for _, file := range scenarioFiles(t) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		result, illegal, err := scenario.Replay(data)
		want := map[string]any{"result": result, "illegal": illegal}
		if err != nil {
			want["error"] = err.Error()
		}
		wantJSON, err := json.Marshal(want)
		require.NoError(t, err)
		var got struct{ Replay json.RawMessage }
		require.NoError(t, json.Unmarshal(e.send(t, map[string]any{"replay": string(data)}), &got))
		require.JSONEq(t, string(wantJSON), string(got.Replay), filepath.Base(file))
	}
}

// TestDiamantTablesPlayAsOnTheServer plays every Diamant scenario on a one-phone table
// (cards from the box, votes by cards), request by request, on the server and on the
// offline build, and compares every reply.
func TestDiamantTablesPlayAsOnTheServer(t *testing.T) {
	key := newKey(t)
	e := startEngine(t, key)
	// The server plays whole games at a machine's speed: no budget of actions (the engine,
	// a phone's own, has none).
	srv, err := web.New(web.Config{Store: memory.New(nil), SessionKey: key, ActionsPerMinutePerDevice: -1, ActionsPerMinutePerAddress: -1},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, err)
	server := srv.Handler()
	played := 0
	requests, draws = 0, nil
	for _, file := range scenarioFiles(t) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		var sc struct {
			Game    string
			Players []string
			Actions []struct {
				Draw  *string
				Exits []string
			}
		}
		require.NoError(t, json.Unmarshal(data, &sc))
		if sc.Game != "diamant" {
			continue
		}
		played++
		t.Run(filepath.Base(file), func(t *testing.T) {
			both := newPair(t, server, e)
			both.get(t, "/diamant")
			form := url.Values{"draw": {"box"}, "vote": {"cards"}, "seed": {"1"}, "name": sc.Players}
			res := both.post(t, "/diamant", form, false)
			if res.Status != http.StatusSeeOther {
				return // the setup is refused, alike on both sides
			}
			id := strings.TrimPrefix(header(res, "Location"), "/diamant/")
			both.ids = [2]string{id, strings.TrimPrefix(header(both.last[1], "Location"), "/diamant/")}
			version := versionIn(t, both.get(t, "/diamant/"+id).Body)
			for _, a := range sc.Actions {
				var res response
				if a.Draw != nil {
					res = both.post(t, "/diamant/"+id+"/draw", url.Values{"card": {*a.Draw}, "version": {strconv.FormatInt(version, 10)}}, true)
				} else {
					f := url.Values{"version": {strconv.FormatInt(version, 10)}}
					for _, name := range a.Exits {
						for i, p := range sc.Players {
							if p == name {
								f.Add("leave", strconv.Itoa(i))
							}
						}
					}
					res = both.post(t, "/diamant/"+id+"/exits", f, true)
				}
				if res.Status != http.StatusOK {
					return // an illegal action: refused alike on both sides, and the scenario ends there
				}
				var reply struct{ Version int64 }
				require.NoError(t, json.Unmarshal([]byte(res.Body), &reply))
				version = reply.Version
			}
			both.get(t, "/diamant/"+id)
		})
	}
	require.NotZero(t, played)
	t.Logf("%d Diamant scenarios played on both sides: %d requests, every reply the same", played, requests)
	slices.Sort(draws)
	if n := len(draws); n > 0 {
		t.Logf("the engine under Node answered %d draws: median %.1f ms, p90 %.1f ms, max %.1f ms", n, draws[n/2], draws[n*9/10], draws[n-1])
	}
}

// pair sends each request to the server and to the engine, each with its own cookies, and
// requires the same answer from both, the table's id and the form tokens aside.
type pair struct {
	server  http.Handler
	engine  *engine
	cookies [2]map[string]string
	ids     [2]string // the table's id on each side
	last    [2]response
}

func newPair(t *testing.T, server http.Handler, e *engine) *pair {
	// The same form token on both sides, so that their pages are the same bytes.
	token := strings.Repeat("t", 32)
	return &pair{server: server, engine: e, cookies: [2]map[string]string{{"tavolo_csrf": token}, {"tavolo_csrf": token}}}
}

func (p *pair) get(t *testing.T, path string) response {
	t.Helper()
	return p.do(t, func(side int) *http.Request { return httptest.NewRequest(http.MethodGet, p.onSide(path, side), nil) })
}

func (p *pair) post(t *testing.T, path string, form url.Values, script bool) response {
	t.Helper()
	return p.do(t, func(side int) *http.Request {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		f.Set("_csrf", p.cookies[side]["tavolo_csrf"])
		r := httptest.NewRequest(http.MethodPost, p.onSide(path, side), strings.NewReader(f.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if script {
			r.Header.Set("Accept", "application/json")
		}
		return r
	})
}

// onSide is a path with the table's id of that side.
func (p *pair) onSide(path string, side int) string {
	if p.ids[0] == "" {
		return path
	}
	return strings.ReplaceAll(path, p.ids[0], p.ids[side])
}

func (p *pair) do(t *testing.T, build func(side int) *http.Request) response {
	t.Helper()
	var got [2]response
	for side := range 2 {
		req := build(side)
		req.Header.Set("Accept-Language", "en")
		for name, value := range p.cookies[side] {
			req.AddCookie(&http.Cookie{Name: name, Value: value})
		}
		if side == 0 {
			w := httptest.NewRecorder()
			p.server.ServeHTTP(w, req)
			got[side] = response{Status: w.Code, Body: w.Body.String()}
			for k, vs := range w.Header() {
				for _, v := range vs {
					got[side].Headers = append(got[side].Headers, [2]string{k, v})
				}
			}
		} else {
			got[side] = p.engine.serve(t, req)
			if strings.HasSuffix(req.URL.Path, "/draw") {
				draws = append(draws, got[side].MS)
			}
		}
		for _, h := range got[side].Headers {
			if strings.EqualFold(h[0], "Set-Cookie") {
				if c, err := http.ParseSetCookie(h[1]); err == nil {
					p.cookies[side][c.Name] = c.Value
				}
			}
		}
	}
	p.last = got
	requests++
	html := strings.HasPrefix(header(got[1], "Content-Type"), "text/html")
	norm := func(side int) string {
		b := got[side].Body
		if html {
			// The engine's pages say the table is kept on the phone: without that, the same
			// page (both sides parsed and written again alike).
			doc := markup.Parse(b)
			doc.Remove(markup.Has("data-offline-table"))
			doc.RemoveAttr("data-offline")
			b = doc.String()
		}
		if p.ids[side] != "" {
			b = strings.ReplaceAll(b, p.ids[side], "ID")
		}
		return b
	}
	require.Equal(t, norm(0), norm(1))
	return got[0]
}

var (
	requests int       // requests compared by the pairs of a test
	draws    []float64 // the engine's time to answer each draw, in ms
)

func header(r response, name string) string {
	for _, h := range r.Headers {
		if strings.EqualFold(h[0], name) {
			return h[1]
		}
	}
	return ""
}

func versionIn(t *testing.T, page string) int64 {
	v, err := strconv.ParseInt(markup.Parse(page).Get(t, markup.Field("version")).Attr("value"), 10, 64)
	require.NoError(t, err)
	return v
}

func scenarioFiles(t *testing.T) []string {
	files, err := filepath.Glob("../../companion/*/testdata/scenarios/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

func newKey(t *testing.T) string {
	b := make([]byte, 32)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return hex.EncodeToString(b)
}

// TestSettingsHandedDirectly: the service worker hands the engine the device's settings
// (tavoloSettings), and the engine's pages are drawn in them, the request carrying no
// cookie and asking for English.
func TestSettingsHandedDirectly(t *testing.T) {
	e := startEngine(t, newKey(t))
	get := func(path string) response {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Language", "en")
		return e.serve(t, req)
	}
	require.Equal(t, "en", markup.Parse(get("/").Body).Get(t, markup.Tag("html")).Attr("lang"))

	var got struct{ Settings *string }
	require.NoError(t, json.Unmarshal(e.send(t, map[string]any{"settings": map[string]any{"lang": "sk", "text": "150",
		"contrast": "high", "motion": "system", "rate": 0.75, "speak": false, "sound": true, "vibrate": false, "verbosity": "brief"}}), &got))
	require.Nil(t, got.Settings)
	res := get("/rules/diamant")
	require.Equal(t, http.StatusOK, res.Status)
	for _, h := range res.Headers {
		if strings.EqualFold(h[0], "Set-Cookie") {
			require.False(t, strings.HasPrefix(h[1], "tavolo="), "no session cookie: %s", h[1])
		}
	}
	root := markup.Parse(res.Body).Get(t, markup.Tag("html"))
	require.Equal(t, "sk", root.Attr("lang"))
	require.Equal(t, "150", root.Attr("data-text"))
	require.Equal(t, "0.75", root.Attr("data-rate"))
	require.Equal(t, "brief", root.Attr("data-verbosity"))
	require.Equal(t, "false", root.Attr("data-vibrate"))

	require.NoError(t, json.Unmarshal(e.send(t, map[string]any{"settings": map[string]any{"lang": "sk", "text": "150",
		"contrast": "high", "motion": "system", "rate": 3}}), &got))
	require.NotNil(t, got.Settings)
	require.Contains(t, *got.Settings, "settings.rate")
	require.Equal(t, "sk", markup.Parse(get("/").Body).Get(t, markup.Tag("html")).Attr("lang"), "a refused value changes nothing")
}

//go:build linux

package main

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"strconv"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/require"

	dto "github.com/prometheus/client_model/go"

	"tavolo/internal/markup"
)

// /metrics, on the debug address only, parses as Prometheus's text format, has the Go
// runtime's figures, and its counters move with a game: the real command, a one-phone
// Diamant table and a few draws.
func TestMetricsMoveWithAGame(t *testing.T) {
	bin := tavoloBinary(t)
	port, debug := freePort(t, "127.0.0.2"), freePort(t, "127.0.0.2")
	base := "http://127.0.0.2:" + strconv.Itoa(port)
	debugURL := "http://127.0.0.2:" + strconv.Itoa(debug) + "/metrics"
	startBanner(t, exec.Command(bin, "--addr", "127.0.0.2:"+strconv.Itoa(port), "--data", t.TempDir(),
		"--debug-addr", "127.0.0.2:"+strconv.Itoa(debug)))

	before := scrape(t, debugURL)
	require.Contains(t, before, "go_goroutines")
	require.Contains(t, before, "process_resident_memory_bytes")
	require.Zero(t, counter(before, "tavolo_action_duration_seconds", ""))
	res, err := http.Get(base + "/metrics")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode, "not on the app's address")

	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Jar: jar}
	page := func(path string) string {
		res, err := c.Get(base + path)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		return string(b)
	}
	// A page's form token and the table's version, read as the page's script reads them.
	csrf := func(page string) string { return markup.Parse(page).Get(t, markup.Field("_csrf")).Attr("value") }
	version := func(page string) string {
		return markup.Parse(page).Get(t, markup.Has("data-version")).Attr("data-version")
	}
	setup := page("/diamant")
	res, err = c.PostForm(base+"/diamant", url.Values{"_csrf": {csrf(setup)},
		"name": {"Anna", "Bruno", "Carla"}, "draw": {"app"}, "vote": {"phone"}, "seed": {"7"}})
	require.NoError(t, err)
	res.Body.Close()
	table := res.Request.URL.Path // where the setup's answer led
	// A draw, then two more asked for: once the cave asks for votes the game refuses them
	// (422), and each is an action answered all the same.
	for i := range 3 {
		body := page(table)
		res, err = c.PostForm(base+table+"/draw", url.Values{"_csrf": {csrf(body)},
			"version": {version(body)}})
		require.NoError(t, err)
		res.Body.Close()
		if i == 0 {
			require.Equal(t, http.StatusOK, res.StatusCode)
		}
	}
	after := scrape(t, debugURL)
	require.EqualValues(t, 3, counter(after, "tavolo_action_duration_seconds", ""), "three draws asked for")
	require.Contains(t, after, "tavolo_live_streams")
	require.Contains(t, after, "tavolo_tables_followed")
	require.Zero(t, counter(after, "tavolo_refusals_total", "actions"))
}

// scrape parses /metrics, failing unless it is Prometheus's text format.
func scrape(t *testing.T, u string) map[string]*dto.MetricFamily {
	t.Helper()
	res, err := http.Get(u)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(res.Body)
	require.NoError(t, err)
	return fams
}

// counter is a family's count: a counter's value (of the label limit when given), a
// histogram's sample count.
func counter(fams map[string]*dto.MetricFamily, name, limit string) float64 {
	f, ok := fams[name]
	if !ok {
		return -1
	}
	for _, m := range f.GetMetric() {
		if h := m.GetHistogram(); h != nil {
			return float64(h.GetSampleCount())
		}
		for _, l := range m.GetLabel() {
			if l.GetName() == "limit" && l.GetValue() == limit {
				return m.GetCounter().GetValue()
			}
		}
	}
	return -1
}
